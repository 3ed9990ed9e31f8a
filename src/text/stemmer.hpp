#pragma once
// Word stems (Snowball's stemmers, libstemmer from Debian), so "running", "runs" and "run"
// are found by one another. One Stemmer per thread: libstemmer's state is not shared.
#include <string>
#include <string_view>

struct sb_stemmer;

namespace text {

class Stemmer {
public:
    // The stemmer of a site's language ("en", "en-US", "de", ...): Snowball's algorithm for it,
    // or none (stem() gives each word back) for a language Snowball has no stemmer of.
    explicit Stemmer(std::string_view language);
    ~Stemmer();
    Stemmer(const Stemmer&) = delete;
    Stemmer& operator=(const Stemmer&) = delete;

    // The stem of a lower-case word in UTF-8 (a word of the match form). Not remembered: the
    // search index's lexicon asks once a word (search/terms.hpp).
    std::string stem(std::string_view word);

    // Snowball's name of the algorithm ("english"), or "" without one.
    const std::string& algorithm() const { return m_algorithm; }

private:
    sb_stemmer* m_stemmer = nullptr;
    std::string m_algorithm;
};

}  // namespace text

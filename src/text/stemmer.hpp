#pragma once
// Word stems (Snowball's stemmers, libstemmer from Debian), so "running", "runs" and "run"
// are found by one another. One Stemmer per thread: libstemmer's state is not shared.
#include <string>
#include <string_view>

struct sb_stemmer;

namespace text {

// The algorithm's name for Hebrew (the search index's meta.json names it, and search/stem.js,
// written from search/hebrew_light.js, applies the same to a query word the index does not hold).
inline constexpr std::string_view k_hebrew_light = "hebrew-light";

// Hebrew, light: the final letter forms (ך ם ן ף ץ) written as the letters they end, then up to
// two of the prefix letters ו ה ב כ ל מ ש taken off the front where at least three letters stay.
// Words that are not Hebrew letters alone are given back as they are.
std::string hebrew_light_stem(std::string_view word);

class Stemmer {
public:
    // The stemmer of a site's language ("en", "en-US", "de", ...): Snowball's algorithm for it;
    // for Hebrew, which Snowball has none of, hebrew_light_stem(); else none (stem() gives each
    // word back).
    explicit Stemmer(std::string_view language);
    ~Stemmer();
    Stemmer(const Stemmer&) = delete;
    Stemmer& operator=(const Stemmer&) = delete;

    // The stem of a lower-case word in UTF-8 (a word of the match form). Not remembered: the
    // search index's lexicon asks once a word (search/terms.hpp).
    std::string stem(std::string_view word);

    // Snowball's name of the algorithm ("english"), k_hebrew_light, or "" without one.
    const std::string& algorithm() const { return m_algorithm; }

private:
    sb_stemmer* m_stemmer = nullptr;
    std::string m_algorithm;
};

}  // namespace text

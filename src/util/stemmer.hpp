#pragma once
// Word stems (Snowball's stemmers, libstemmer from Debian), so "running", "runs" and "run"
// are found by one another. One Stemmer per thread: libstemmer's state is not shared.
#include <memory>
#include <string>
#include <string_view>
#include <unordered_map>

struct sb_stemmer;

namespace util {

class Stemmer {
public:
    // The stemmer of a site's language ("en", "en-US", "de", ...): Snowball's algorithm for it,
    // or none (stem() gives each word back) for a language Snowball has no stemmer of.
    explicit Stemmer(std::string_view language);
    ~Stemmer();
    Stemmer(const Stemmer&) = delete;
    Stemmer& operator=(const Stemmer&) = delete;

    // The stem of a lower-case word in UTF-8 (a word of the match form). Remembered: a text
    // repeats its words, and stemming is most of what indexing a transcript costs.
    const std::string& stem(std::string_view word);

    // Calls fn(word, stem) for every word stem() was given.
    template <class Fn>
    void for_each(Fn&& fn) const {
        for (const auto& [word, stem] : m_cache) fn(word, stem);
    }

    // Snowball's name of the algorithm ("english"), or "" without one.
    const std::string& algorithm() const { return m_algorithm; }

private:
    sb_stemmer* m_stemmer = nullptr;
    std::string m_algorithm;
    // Looked up by the word's view (no string made for a word seen before).
    struct Hash {
        using is_transparent = void;
        std::size_t operator()(std::string_view s) const { return std::hash<std::string_view>{}(s); }
    };
    std::unordered_map<std::string, std::string, Hash, std::equal_to<>> m_cache;
};

}  // namespace util

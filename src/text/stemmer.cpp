#include "text/stemmer.hpp"

#include <libstemmer.h>

#include <algorithm>
#include <iterator>

#include "text/strings.hpp"

namespace text {

namespace {

// ISO 639-1 codes of the languages Snowball stems (libstemmer 2.2).
const char* algorithm_for(std::string_view language) {
    std::string code = ascii_lower(language.substr(0, language.find_first_of("-_")));
    static constexpr std::pair<std::string_view, const char*> k_algorithms[] = {
        {"en", "english"},    {"de", "german"},   {"fr", "french"},  {"es", "spanish"},    {"it", "italian"},
        {"pt", "portuguese"}, {"nl", "dutch"},    {"sv", "swedish"}, {"no", "norwegian"},  {"nb", "norwegian"},
        {"da", "danish"},     {"fi", "finnish"},  {"ru", "russian"}, {"hu", "hungarian"},  {"ro", "romanian"},
        {"tr", "turkish"},    {"ga", "irish"},    {"el", "greek"},   {"id", "indonesian"}, {"ar", "arabic"},
        {"lt", "lithuanian"}, {"ne", "nepali"},   {"sr", "serbian"}, {"ta", "tamil"},      {"ca", "catalan"},
        {"eu", "basque"},     {"hy", "armenian"}, {"yi", "yiddish"}, {"hi", "hindi"},
    };
    for (const auto& [iso, name] : k_algorithms)
        if (iso == code) return name;
    return nullptr;
}

bool is_hebrew(std::string_view language) {
    const std::string code = ascii_lower(language.substr(0, language.find_first_of("-_")));
    return code == "he" || code == "iw";  // (iw: Hebrew's code before 1989, which feeds still use)
}

// Hebrew's letters are two bytes each in UTF-8 (U+05D0-U+05EA: D7 90 to D7 AA).
constexpr std::string_view k_prefix_letters[] = {"\u05D5", "\u05D4", "\u05D1", "\u05DB",
                                                 "\u05DC", "\u05DE", "\u05E9"};  // ו ה ב כ ל מ ש
constexpr std::pair<std::string_view, std::string_view> k_final_forms[] = {
    {"\u05DA", "\u05DB"}, {"\u05DD", "\u05DE"}, {"\u05DF", "\u05E0"}, {"\u05E3", "\u05E4"}, {"\u05E5", "\u05E6"}};

bool hebrew_letters_only(std::string_view word) {
    if (word.size() % 2) return false;
    for (std::size_t i = 0; i < word.size(); i += 2)
        if (static_cast<unsigned char>(word[i]) != 0xD7 || static_cast<unsigned char>(word[i + 1]) < 0x90 ||
            static_cast<unsigned char>(word[i + 1]) > 0xAA)
            return false;
    return true;
}

}  // namespace

std::string hebrew_light_stem(std::string_view word) {
    if (!hebrew_letters_only(word)) return std::string(word);
    std::string out(word);
    // Final forms as the letters they end: a word cut or typed without them is the same word.
    for (std::size_t i = 0; i < out.size(); i += 2)
        for (const auto& [final_form, letter] : k_final_forms)
            if (std::string_view(out).substr(i, 2) == final_form) out.replace(i, 2, letter);
    // Up to two prefix letters ("and", "the", "in", "as", "to", "from", "that"), each only where
    // at least three letters stay: וגרפים, בגרפים and והגרפים are all found as גרפים.
    for (int taken = 0; taken < 2 && out.size() >= 8; ++taken) {
        const std::string_view first = std::string_view(out).substr(0, 2);
        if (std::find(std::begin(k_prefix_letters), std::end(k_prefix_letters), first) == std::end(k_prefix_letters))
            break;
        out.erase(0, 2);
    }
    return out;
}

Stemmer::Stemmer(std::string_view language) {
    if (is_hebrew(language)) {
        m_algorithm = k_hebrew_light;
    } else if (const char* name = algorithm_for(language)) {
        m_stemmer = sb_stemmer_new(name, "UTF_8");
        if (m_stemmer) m_algorithm = name;
    }
}

Stemmer::~Stemmer() {
    if (m_stemmer) sb_stemmer_delete(m_stemmer);
}

std::string Stemmer::stem(std::string_view word) {
    if (m_algorithm == k_hebrew_light) return hebrew_light_stem(word);
    if (!m_stemmer || word.size() > 64) return std::string(word);
    const sb_symbol* out =
        sb_stemmer_stem(m_stemmer, reinterpret_cast<const sb_symbol*>(word.data()), static_cast<int>(word.size()));
    return out ? std::string(reinterpret_cast<const char*>(out), static_cast<std::size_t>(sb_stemmer_length(m_stemmer)))
               : std::string(word);
}

}  // namespace text

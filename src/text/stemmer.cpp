#include "text/stemmer.hpp"

#include <libstemmer.h>

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
        {"eu", "basque"},     {"hy", "armenian"}, {"yi", "yiddish"},
    };
    for (const auto& [iso, name] : k_algorithms)
        if (iso == code) return name;
    return nullptr;
}

}  // namespace

Stemmer::Stemmer(std::string_view language) {
    if (const char* name = algorithm_for(language)) {
        m_stemmer = sb_stemmer_new(name, "UTF_8");
        if (m_stemmer) m_algorithm = name;
    }
}

Stemmer::~Stemmer() {
    if (m_stemmer) sb_stemmer_delete(m_stemmer);
}

std::string Stemmer::stem(std::string_view word) {
    if (!m_stemmer || word.size() > 64) return std::string(word);
    const sb_symbol* out =
        sb_stemmer_stem(m_stemmer, reinterpret_cast<const sb_symbol*>(word.data()), static_cast<int>(word.size()));
    return out ? std::string(reinterpret_cast<const char*>(out), static_cast<std::size_t>(sb_stemmer_length(m_stemmer)))
               : std::string(word);
}

}  // namespace text

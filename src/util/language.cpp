#include "util/language.hpp"

#include <array>
#include <string>

#include "util/strings.hpp"

namespace util {

bool is_language_code(std::string_view code) {
    auto parts = split(code, '-');
    auto alnum = [](char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9'); };
    if (parts[0].size() < 2 || parts[0].size() > 3) return false;
    for (std::size_t i = 0; i < parts.size(); ++i) {
        if (parts[i].empty() || parts[i].size() > 8) return false;
        for (char c : parts[i])
            if (!alnum(c) || (i == 0 && c >= '0' && c <= '9')) return false;
    }
    return true;
}

bool is_right_to_left(std::string_view language) {
    static constexpr std::array<std::string_view, 12> k_rtl = {"ar", "he", "iw", "fa", "ur", "yi", "ji", "ps", "dv", "sd", "ug", "ckb"};
    const std::string lower = ascii_lower(language);
    const auto parts = split(lower, '-');
    for (std::size_t i = 1; i < parts.size(); ++i)
        if (parts[i].size() == 4) return parts[i] == "arab" || parts[i] == "hebr" || parts[i] == "thaa" || parts[i] == "syrc" || parts[i] == "nkoo";
    for (std::string_view code : k_rtl)
        if (parts[0] == code) return true;
    return false;
}

}  // namespace util

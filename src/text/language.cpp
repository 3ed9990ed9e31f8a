#include "text/language.hpp"

#include <array>
#include <string>

#include "text/strings.hpp"

namespace text {

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
    static constexpr std::array<std::string_view, 12> k_rtl = {"ar", "he", "iw", "fa", "ur", "yi",
                                                               "ji", "ps", "dv", "sd", "ug", "ckb"};
    const std::string lower = ascii_lower(language);
    const auto parts = split(lower, '-');
    // The script subtag (BCP 47) comes right after the language and its extended-language
    // subtags, before the region and any extension: "ar-u-nu-latn" has none ("latn" belongs
    // to the extension), "az-Arab-IR" has one.
    for (std::size_t i = 1; i < parts.size(); ++i) {
        const std::string_view part = parts[i];
        const bool letters = part.find_first_not_of("abcdefghijklmnopqrstuvwxyz") == std::string_view::npos;
        if (part.size() == 3 && letters) continue;  // an extended language subtag
        if (part.size() == 4 && letters)
            return part == "arab" || part == "hebr" || part == "thaa" || part == "syrc" || part == "nkoo";
        break;
    }
    for (std::string_view code : k_rtl)
        if (parts[0] == code) return true;
    return false;
}

}  // namespace text

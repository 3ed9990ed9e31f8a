#pragma once
// A show's language as feeds and pages name it: BCP 47 tags as RSS's <language> and HTML's lang
// take them.
#include <string_view>

namespace text {

// "en", "de-DE", "zh-Hant-TW": two or three letters, then subtags of one to eight letters or digits.
bool is_language_code(std::string_view code);

// True for a language written right to left (Hebrew, Arabic, Persian, Urdu, Yiddish, Pashto,
// Dhivehi, Sindhi, Uyghur, Sorani Kurdish), by its primary subtag; a script subtag says
// otherwise ("az-Arab" is, "ku-Latn" is not).
bool is_right_to_left(std::string_view language);

}  // namespace text

#pragma once
// Comparison forms of the text sources disagree on. Never shown to people: only compared.
#include <string>
#include <string_view>
#include <vector>

#include "text/normalize.hpp"

namespace merge {

// A description's comparison form: its first 500 characters, truncation markers removed.
std::string description_form(std::string_view text, bool is_html);

// True when one description is a prefix of the other (both in description_form) over at least
// `min_chars` characters: how a truncated copy relates to the full one.
bool is_prefix_match(std::string_view a, std::string_view b, std::size_t min_chars = 60);

// True when two descriptions (description_form) share a long common prefix: at least 150
// characters, or 80% of the shorter one (and 60 at least). Copies damaged near their end
// (OCR moving words) still match; different episodes of one show do not start alike for long.
bool shares_long_prefix(std::string_view a, std::string_view b);

// True when two titles already in match form (text::match_form) are at least `threshold`
// similar: the same words in any order (OCR scrambles them), or a small spelling distance.
// `words_a` and `words_b` are their sorted_words. Cheap checks come first: this runs for every
// pair of records on neighbouring days.
bool similar_titles(std::string_view a, std::string_view words_a, std::string_view b, std::string_view words_b,
                    double threshold);

// How many words two sorted_words lists share.
std::size_t common_words(std::string_view words_a, std::string_view words_b);

// The sorted, de-duplicated words of a match form, one space apart: one string (a string for
// each word of every record's title was an eighth of a large merge's memory).
std::string sorted_words(std::string_view match_form);

}  // namespace merge

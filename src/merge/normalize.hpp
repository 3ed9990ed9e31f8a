#pragma once
// Comparison forms of the text sources disagree on. Never shown to people: only compared.
#include <string>
#include <string_view>
#include <vector>

#include "util/normalize.hpp"

namespace merge {

// A description's comparison form with truncation markers and a repeated tail sentence removed.
std::string description_form(std::string_view text, bool is_html);

// True when one description is a prefix of the other (both in description_form) over at least
// `min_chars` characters: how a truncated copy relates to the full one.
bool is_prefix_match(std::string_view a, std::string_view b, std::size_t min_chars = 60);

// True when two descriptions (description_form) share a long common prefix: at least 150
// characters, or 80% of the shorter one (and 60 at least). Copies damaged near their end
// (OCR moving words) still match; different episodes of one show do not start alike for long.
bool shares_long_prefix(std::string_view a, std::string_view b);

// Similarity of two titles in [0, 1]: 1 when their match forms are equal.
double title_similarity(std::string_view a, std::string_view b);

}  // namespace merge

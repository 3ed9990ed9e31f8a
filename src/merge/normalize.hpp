#pragma once
// Comparison forms of the text sources disagree on. Never shown to people: only compared.
#include <string>
#include <string_view>
#include <vector>

namespace merge {

// The cleaned display form of a title or description from a scraped page: markdown escapes
// ("TORCH\_TRACE") undone, mojibake repaired where it can be, white space collapsed.
std::string clean_text(std::string_view text);

// Comparison form: clean_text, homoglyphs mapped to Latin ("а" Cyrillic -> "a"), NFKC, case
// folded, punctuation dropped, one space between words.
std::string match_form(std::string_view text);

// The words of match_form.
std::vector<std::string> match_words(std::string_view text);

// A description's comparison form with truncation markers and a repeated tail sentence removed.
std::string description_form(std::string_view text, bool is_html);

// True when one description is a prefix of the other (both in description_form) over at least
// `min_chars` characters: how a truncated copy relates to the full one.
bool is_prefix_match(std::string_view a, std::string_view b, std::size_t min_chars = 60);

// Similarity of two titles in [0, 1]: 1 when their match forms are equal.
double title_similarity(std::string_view a, std::string_view b);

}  // namespace merge

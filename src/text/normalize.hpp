#pragma once
// Text as scraped pages damage it, cleaned for display and reduced for comparison.
#include <string>
#include <string_view>
#include <vector>

namespace text {

// The cleaned display form of scraped text: markdown escapes ("TORCH\\_TRACE") and bold markers
// undone, mojibake (UTF-8 read as Windows-1252) repaired where it can be, white space collapsed.
std::string clean_text(std::string_view text);

// Comparison form: clean_text, look-alike letters mapped to Latin (Cyrillic "а" -> "a"), NFKC,
// case folded, punctuation dropped, one space between words (a word: letters, digits and the
// marks of its script, "हिन्दी" whole; apostrophes joined, "don't" -> "dont").
std::string match_form(std::string_view text);

// The form the search index words: match_form without the look-alikes (a Russian word stays
// Cyrillic, as a reader types it).
std::string search_form(std::string_view text);

}  // namespace text

#pragma once
// Apple Podcasts show pages, captured as markdown-like text (with OCR damage). Each episode is a
// list item "N. [ MM/DD/YYYY <title> <description> 17 min ](https://podcasts.apple.com/...?i=ID)"
// that may span lines, with the link split across lines, words out of order near the length,
// markdown escapes (TORCH\_TRACE) and look-alike letters. The title has no delimiter: it is
// recovered from the episode URL's slug, else from the description repeating it. Ratings,
// reviews, country lists and footers are not episodes.
#include <string_view>

#include "sources/source_batch.hpp"

namespace sources {

// Returns a record per episode found (title, date, duration, description, Apple's episode URL
// and id), with its lines as provenance. What is not an episode is skipped without a
// diagnostic: a page with none gives no records (the build then has nothing from it).
SourceBatch read_apple_page(std::string_view text, const SourceInfo& info);

// True when the text looks like such a page (detect_kind asks).
bool looks_like_apple_page(std::string_view text);

}  // namespace sources

#pragma once
// Podbean's podcast-detail page, captured as text: "Episode List", then for each episode a
// title line, a date line ("Aug 4th, 2024 1:47 AM", local time, no zone) and a description
// paragraph cut at about 400 characters. App adverts after the list are not episodes.
#include <string_view>

#include "sources/source_batch.hpp"

namespace sources {

// Returns a record per episode of the list, with its lines as provenance. What is not an
// episode is skipped without a diagnostic: a page with none gives no records.
SourceBatch read_podbean_page(std::string_view text, const SourceInfo& info);

// True when the text looks like such a page.
bool looks_like_podbean_page(std::string_view text);

}  // namespace sources

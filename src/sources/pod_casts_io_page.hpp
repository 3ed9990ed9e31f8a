#pragma once
// pod.casts.io topic pages, captured as text: for each episode an "<show> artwork" line, the
// title, a meta line "<show> - August 18, 2021 13:00 - 13 minutes ★★★★★ - 35 ratings" and a
// description cut at about 300 characters. Ratings and topic links are not episodes.
#include <string_view>

#include "sources/source_batch.hpp"

namespace sources {

// Returns a record per episode found, with its lines as provenance. What is not an episode is
// skipped without a diagnostic: a page with none gives no records.
SourceBatch read_pod_casts_io_page(std::string_view text, const SourceInfo& info);

// True when the text looks like such a page (detect_kind asks).
bool looks_like_pod_casts_io_page(std::string_view text);

}  // namespace sources

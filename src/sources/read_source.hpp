#pragma once
// Picks the adapter for a source file (from site.yaml's `kind`, else from the content) and runs it.
#include <filesystem>
#include <string>
#include <string_view>

#include "config/site_config.hpp"
#include "sources/source_batch.hpp"

namespace sources {

// Returns the kind of source the text looks like (rss, records, ...), or unknown.
// `file_name` helps only where the content cannot tell (YAML lists).
core::SourceKind detect_kind(std::string_view text, std::string_view file_name);

// Parses text of a known kind; an unknown kind gives an error diagnostic.
SourceBatch parse_source(std::string_view text, const SourceInfo& info, core::SourceKind kind,
                         std::string_view file_name = {});

// Where `podarchive fetch` keeps the items a feed's host no longer lists (fetch/kept_items.hpp):
// "feed.kept.xml" beside "feed.xml".
std::filesystem::path kept_items_path(const std::filesystem::path& snapshot);

// Reads the file and parses it. Missing or unreadable files give an error diagnostic. A feed's
// kept items (kept_items_path), when there are any, are read with it: they follow the feed's own
// records, located in their own file.
SourceBatch read_source(const config::SourceConfig& source);

}  // namespace sources

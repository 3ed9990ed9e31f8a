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

// Where it keeps the episodes a directory's page (or a records file with a `url:`) no longer
// lists (fetch/kept_records.hpp): a records file, "apple.kept.json" beside "apple.html".
std::filesystem::path kept_records_path(const std::filesystem::path& snapshot);

// A kept item that came from elsewhere than the feed's own snapshot says where, as an attribute
// of its <item> (<entry>): podarchive:from="page https://host/feed?page=2" for another page of
// a paged feed, "wayback:20210304050607" for a capture of the Wayback Machine's. The build gives
// it as the record's provenance (core::Provenance::via) and never copies it into feed.xml.
inline constexpr std::string_view k_kept_ns = "urn:podarchive:kept";
inline constexpr std::string_view k_kept_prefix = "podarchive";

// Reads the file and parses it. Missing or unreadable files give an error diagnostic. A feed's
// kept items (kept_items_path), or a page's kept records (kept_records_path), when there are
// any, are read with it: they follow the source's own records, located in their own file.
SourceBatch read_source(const config::SourceConfig& source);

}  // namespace sources

#pragma once
// Plain lists of episode records in JSON or YAML (the format of public-listings.json).
// Keys: title, date (a day or a full timestamp), duration (seconds, "MM:SS", "H:MM:SS", "17min",
// "13 minutes"), description, description_truncated (true or false: else a description that stops
// mid-sentence is taken as cut), url, enclosure_url, enclosure_type, enclosure_length, guid,
// apple_id, apple_url, apple_episode_guid, seen_at (a list of URLs). All are optional;
// docs/sources.md documents them.
#include <string_view>
#include <vector>

#include "sources/source_batch.hpp"

namespace sources {

enum class RecordsSyntax { json, yaml };

// Parses the list. A syntax error is one located error and no records; a bad value in one entry
// is a located error naming the key; an unknown key is a warning naming the nearest valid key.
SourceBatch read_records(std::string_view text, const SourceInfo& info, RecordsSyntax syntax);

// The keys a records entry accepts.
const std::vector<std::string>& record_keys();

}  // namespace sources

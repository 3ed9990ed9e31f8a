#pragma once
// Episode records written as a records file (sources/records_reader.hpp reads them back): how
// `fetch` keeps the episodes a directory's page no longer lists (fetch/kept_records.hpp).
#include <span>
#include <string>
#include <tuple>

#include "core/record.hpp"

namespace sources {

// The records as a JSON list, an entry of a few lines each, in the order given: every field a
// records entry has a key for, each only when the record says it; read back, each gives the
// record again (but for its provenance, and the fields a feed item has beyond a listing's:
// HTML show notes, chapters, persons, the item's own XML, which no records entry holds).
std::string records_json(std::span<const core::Record> records);

// The fields records_json writes, to compare a record with the one read back.
inline auto written_fields(const core::Record& r) {
    return std::tie(r.title, r.date, r.duration, r.description, r.description_truncated, r.page_url, r.enclosure,
                    r.guid, r.apple_id, r.apple_url, r.apple_episode_guid, r.seen_at);
}

}  // namespace sources

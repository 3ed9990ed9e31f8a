#pragma once
// Finds the records that describe the same episode, by a cascade of rules that can be explained.
#include <span>
#include <string>
#include <vector>

#include "sources/source_batch.hpp"

namespace merge {

// A record, addressed by its batch and its index in that batch.
struct RecordId {
    std::size_t batch = 0;
    std::size_t index = 0;
    friend bool operator==(const RecordId&, const RecordId&) = default;
    friend auto operator<=>(const RecordId&, const RecordId&) = default;
};

// The records of one episode, each with the rule that attached it.
struct LinkedGroup {
    std::vector<RecordId> members;
    std::vector<std::string> matched_by;  // parallel to members; the first member is "first"
};

// Links records, in this order of rules:
//   guid, enclosure (normalized URL), apple_guid, apple_id, page_url: equal keys;
//   title+date: same title (match form) and dates within the time-zone window (or a date missing);
//   description+date: one description a prefix of the other and dates within the window;
//   similar-title+date: title similarity >= 0.8, dates within the window, durations agreeing.
// Two records of one source are never linked unless they are the same item repeated.
// Candidates come from hash blocks (by key, by title, by description prefix, by day), so the
// work grows with the number of records, not with its square.
std::vector<LinkedGroup> link_records(std::span<const sources::SourceBatch> batches);

}  // namespace merge

#pragma once
// Builds one Episode from the records of one linked group, field by field, with provenance.
#include <cstdint>
#include <span>
#include <vector>

#include "core/episode.hpp"
#include "merge/link.hpp"

namespace merge {

// Fusion rules (docs/sources.md, "How sources are merged"):
//  - guid, enclosure and date: the feed (kind rss) wins; otherwise the most precise date
//    (zone > time > day) from the most trusted source;
//  - title: the feed's; else the title most sources agree on (cleaned of markdown escapes);
//    else one derived from the description (title_derived = true);
//  - description: the longest that is not truncated; else the longest;
//  - duration: exact beats rounded; exact values more than 60 s apart are a Conflict;
//  - everything else: the first source, in trust order, that has it.
// With no guid anywhere, the enclosure URL becomes the guid (what podcast apps fall back to).
// The large texts the episode takes (its description or content:encoded, its feed items' XML)
// are moved out of the group's records, not copied: a record is in one group only.
// Every record's file as a number into `table` (what becomes core::Catalog::record_origins):
// `of[b][i]` is record i of batch b's. Numbered in the order the batches first name them.
struct OriginNumbers {
    std::vector<core::RecordOrigin> table;
    std::vector<std::vector<std::uint32_t>> of;
};
OriginNumbers number_origins(std::span<const sources::SourceBatch> batches);

// (`origins`: number_origins(batches), for the episode's records.)
core::Episode fuse(const LinkedGroup& group, std::span<sources::SourceBatch> batches, const OriginNumbers& origins,
                   std::vector<core::Conflict>& conflicts);

// How much a source kind is trusted for a field nobody else disagrees on (lower is better).
int trust_rank(core::SourceKind kind);

// A short title from the first words of a description (for episodes no source titles).
std::string derive_title(std::string_view description);

}  // namespace merge

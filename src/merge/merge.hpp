#pragma once
// The merge stage: SourceBatches in, one Catalog of episodes with provenance out.
#include <span>

#include "core/episode.hpp"
#include "merge/published.hpp"
#include "sources/source_batch.hpp"

namespace merge {

// Links, fuses, orders (newest first) and slugs the episodes of all batches. The channel comes
// from the first batch that has one. Never fails: problems become conflicts or dropped records.
// The records' large texts (descriptions, content:encoded, feed items' XML) are moved into the
// catalog: a large archive's sources held them twice at the stage's end, a tenth of a build's
// peak memory. Afterwards a record still has its identity (guid, enclosure, title, dates,
// provenance), which is what callers read of the batches (stages::input_feeds), and its warnings.
// An episode the site has published keeps the guid apps know it by and its page's slug
// (`published`: published.hpp, slugs.hpp).
core::Catalog merge(std::span<sources::SourceBatch> batches, const Published& published = {});

}  // namespace merge

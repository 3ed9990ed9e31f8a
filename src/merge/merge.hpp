#pragma once
// The merge stage: SourceBatches in, one Catalog of episodes with provenance out.
#include <span>

#include "core/episode.hpp"
#include "sources/source_batch.hpp"

namespace merge {

// Links, fuses, orders (newest first) and slugs the episodes of all batches. The channel comes
// from the first batch that has one. Never fails: problems become conflicts or dropped records.
core::Catalog merge(std::span<const sources::SourceBatch> batches);

}  // namespace merge

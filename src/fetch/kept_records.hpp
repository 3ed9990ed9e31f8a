#pragma once
// What an archive keeps of a directory's page: the episodes it no longer lists. Apple Podcasts,
// Player FM and the like list a show's newest episodes, and the rest leave the page as new ones
// come; an episode only such a page listed would leave the archive with it. `fetch` keeps each
// in a records file beside the snapshot (sources::kept_records_path), which the build reads with
// the page, as it keeps a feed's dropped items (kept_items.hpp). The snapshot stays the page.
#include <optional>
#include <string_view>

#include "fetch/kept_items.hpp"
#include "sources/source_batch.hpp"

namespace fetch {

// The kept records after the page went from `before` to `now` (each as its adapter read it):
// those of `kept_before` (the file's text, or empty) and of `before` that `now` does not list.
// Whether `now` lists an episode is the merge's own judgment (merge::link_records, each snapshot
// as a source of its own): a record it would join to one of `now`'s is listed, under whatever
// title the page gives it now; one it joins to none would have no copy in the next build. A
// record listed in `before` and kept before is kept once, as `before` gave it. The file holds
// them newest first (a record without a date last). Nothing when `kept_before` is not a list of
// records (the caller then leaves the file as it is); `kept_info` names the file in its problems.
//
// By the same judgment, how the page changed (`changes`, when given): the episodes it lists now
// and listed in no form before nor kept, and those it lists with another record now (a retitle
// is one changed episode, not one gone and one new).
struct PageChanges {
    int added = 0;
    int changed = 0;
};
std::optional<KeptItems> keep_dropped_records(const sources::SourceBatch& before, const sources::SourceBatch& now,
                                              std::string_view kept_before, const sources::SourceInfo& kept_info,
                                              PageChanges* changes = nullptr);

}  // namespace fetch

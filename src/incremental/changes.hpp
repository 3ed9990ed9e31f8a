#pragma once
// What changed between two builds' results, as the dependency keys pages record
// (render/page_sink.hpp): a page is rendered again when it read one of them.
#include <set>
#include <string>

#include "core/episode.hpp"
#include "notes/curation.hpp"
#include "render/page_data.hpp"
#include "render/page_sink.hpp"

namespace incremental {

// The results of the notes stage that pages are made from.
struct PageInputs {
    const core::Catalog& catalog;
    const notes::Curation& curation;
    const render::SiteInfo& site;
};

// Both sides must come from the same merged catalog (with other notes applied): an episode
// without a note on either side is then the same on both without comparing it.
// Keys whose inputs differ: "site" when something every page shows changed (then every page is
// rendered), "order" when episodes moved, "e:<slug>" for an episode whose own fields changed,
// "n:<slug>" for one whose note's contribution changed ("s:<slug>" too when what cards show of
// it changed: summary, topics), "t:<section>/<term>" for a topic or
// guest that gained or lost an episode, "T:<section>" for the list of them, "p:<slug>" for a
// page of content/pages.
render::ChangedKeys changed_keys(const PageInputs& before, const PageInputs& after);

}  // namespace incremental

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
// Keys (render::dep) whose inputs differ: dep::site when something every page shows changed
// (then every page is rendered), dep::order when episodes moved, dep::episode for an episode
// whose own fields changed (and dep::any_episode), dep::note for one whose note's contribution
// changed (dep::card_note too when what cards show of it changed: summary, topics), dep::term for
// a topic or guest that gained or lost an episode, dep::term_index for the list of them,
// dep::page for a page of content/pages.
render::ChangedKeys changed_keys(const PageInputs& before, const PageInputs& after);

}  // namespace incremental

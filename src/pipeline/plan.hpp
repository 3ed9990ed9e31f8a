#pragma once
// The one incremental planner: which pages a build renders, for `build` and `serve` alike.
//
// A build records every page's keys (render/page_sink.hpp: what its data read). The next build
// compares what the last build's pages were made from with what its own are made from
// (changed_keys) and renders only the pages that read a key that changed, and new pages; after
// an edit known to change some keys alone (plan_known), only the pages that read them. What the
// last build's pages were made from comes from the LastBuild value (last_build.hpp): held in
// memory by `serve`, made again by `build` from the notes it recorded.
#include <memory>

#include "output/output.hpp"
#include "pipeline/last_build.hpp"
#include "render/page_sink.hpp"
#include "site/site_content.hpp"

namespace pipeline {

// Which pages to render.
struct PagePlan {
    bool every_page = true;       // a whole build
    render::ChangedKeys changed;  // else: the pages that read one of these, and new pages
    bool same_pages = false;      // no page comes or goes (an edit known to change only `changed`)
};

// Both sides must come from the same merged catalog (with other notes applied): an episode
// without a note on either side is then the same on both without comparing it.
// Keys (render::dep) whose inputs differ: dep::site when something every page shows changed
// (then every page is rendered), dep::order when episodes moved, dep::episode for an episode
// whose own fields changed (and dep::any_episode), dep::note for one whose note's contribution
// changed (dep::card_note too when what cards show of it changed: summary, topics), dep::term for
// a topic or guest that gained or lost an episode, dep::term_index for the list of them,
// dep::page for a page of content/pages.
render::ChangedKeys changed_keys(const site::SiteContent& before, const site::SiteContent& after);

// The plan for a build whose pages are made from `now`, after a build whose pages were made
// from `before` (null: no such build to start from, or not of the same sources: every page).
PagePlan plan_pages(const site::SiteContent* before, const site::SiteContent& now);

// The plan for an edit already applied to the last build's content, known to have changed
// `changed` alone and no page's coming or going (an edit of a note's body: Change::Scope::note_body).
PagePlan plan_known(render::ChangedKeys changed);

// The plan after an edit of one note's body alone, applied with every other note again (build:
// Change::Scope::note_body without the last build's content): the pages that read the note in
// `file` (as notes name their file), whose episode `now` knows. Every page when none does.
PagePlan plan_note_body(const site::SiteContent& now, const std::string& file);

// The sink that renders what `plan` asks for into `out`: every page, recording each page's keys
// in `pages`; or the pages that read a changed key, bringing `pages` (the last build's record)
// up to date. After an edit known to change some keys alone, only the pages that read them are
// declared: those `readers` lists (an index made ahead), else those `pages` says read them.
render::PageSink plan_sink(const PagePlan& plan, output::Output& out, render::Dependencies& pages,
                           const PageReaders* readers);

}  // namespace pipeline

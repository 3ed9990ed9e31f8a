#pragma once
// build_site(): the whole pipeline, one line per stage.
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <vector>

#include "concurrency/stage_clock.hpp"
#include "config/site_config.hpp"
#include "core/diagnostic.hpp"
#include "core/episode.hpp"
#include "output/output.hpp"
#include "pipeline/change.hpp"
#include "pipeline/last_build.hpp"
#include "stages/notes.hpp"
#include "stages/sources.hpp"

namespace pipeline {

// What a build did, for the summary `build` prints.
struct BuildReport {
    std::size_t episodes = 0;
    std::size_t feed_items = 0;
    std::size_t feed_pages = 0, feed_archived = 0;  // RFC 5005 archive pages of feed.xml, and the items on them
    std::size_t left_out_without_audio = 0;
    std::size_t left_out_without_date = 0;
    std::size_t lint_warnings = 0;  // the feed linter's, first in `warnings`
    std::size_t files = 0;
    std::size_t bytes = 0;
    output::FileSize largest;                       // the largest file written
    std::optional<core::AnnouncedCount> announced;  // a directory page's count of the show's episodes
    std::size_t audio_copies = 0;     // episodes served with the archive's copy of their audio (audio.mirror_url)
    std::size_t audio_from_copy = 0;  // of which the host's file is gone: the copy alone
    std::vector<core::Diagnostic> warnings;
    concurrency::StageTimes stages;
    std::size_t pages = 0;           // every page of the site
    std::size_t pages_rendered = 0;  // of which rendered (fewer when incremental)
    bool incremental = false;        // only the pages that read a changed input
    bool body_edit = false;          // of which: one note's body alone changed, and the pages that read it
};

// What a build is asked for besides the site.
struct BuildOptions {
    // What the site has published (`build --published-feed`): its feed, whose items, like those
    // of the output folder's feed.xml, must all be in the new feed, and its list of episode pages,
    // which keep their places; may be null.
    const stages::PublishedSite* published = nullptr;
    // False: the pages alone (`serve` after a note edit); the search index and the feeds are
    // written by build_feeds() when the edits pause.
    bool feeds = true;
    // The caller holds what the build is made from in memory for the next one, and renders into
    // a copy of the last build's site (`serve`): the last build's sources, content and templates
    // are kept in the LastBuild left (not let go of), the output already holds the pages not
    // rendered again, and it is not the output folder (whose feed the next build must keep).
    bool hold = false;
    // Parsed and rendered notes kept between builds (`serve`'s; may be null).
    stages::NoteCaches* caches = nullptr;
    // Called, on a thread of its own, with the sources once loaded and merged (not when they are
    // the last build's), before anything changes them, and the warnings they and the merge gave:
    // `build` keeps them for its next build (on_disk/saved_sources.hpp). Returns what makes the
    // merge's largest texts views of what was kept, called once nothing else reads the merge
    // (on_disk::share_saved_sources), or nothing. May be empty.
    std::function<std::function<void(stages::MergeResult&)>(const stages::MergeResult&)> keep_merge{};
    // Called, on a thread of its own, with the notes as parsed and their bodies as rendered once
    // they are applied (by every build that reads its notes): `build` keeps them for its next
    // build (on_disk/saved_notes.hpp: a cache by each note's bytes and each body's text, right
    // whatever this build comes to). May be empty.
    std::function<void(const notes::NoteFileCache&, const notes::MarkdownCache&)> keep_notes{};
    // Called with the episodes' texts once they are made, when this build made any anew: `build`
    // keeps them for its next build (on_disk/saved_texts.hpp). When this build made most of them,
    // before its pages render, and what it returns, the texts as kept (views of the file), are
    // the texts the build reads from then on (null: its own); else on a thread of its own, and
    // what it returns is not read. May be empty.
    std::function<std::shared_ptr<const site::KeptTexts>(const site::TextCache&)> keep_texts{};
    // The build's clock (seconds since 1970, UTC), read only to warn of an episode dated after it
    // (core::date_warning): what a build writes does not depend on it.
    std::int64_t now = std::chrono::system_clock::to_time_t(std::chrono::system_clock::now());
};

// The one sequence of a build, for `build` and `serve` alike: loads and merges the sources
// (unless `change` says they are `last`'s and `last` holds them), applies the notes (or the
// body edit `change` carries), plans from `last` and `change`, renders the pages the plan asks
// for into `out` (the output keeping the others), writes the search index and the feeds, and
// leaves this build's LastBuild in `last`. When it throws, `last` is as it was if no page was
// rendered yet (bad notes), else holds only the last feed's items (the next build is whole, and
// keeps them as apps know them: the output's feed.xml is as it was).
// Throws core::InputError on bad input, with the warnings that came before (nothing usable is
// written then: DiskOutput is only committed by the caller after this returns), and stages::CannotCarryOver
// when the output cannot keep the last build's pages.
BuildReport build_site(const config::SiteConfig& config, output::Output& out, LastBuild& last, Change change,
                       const BuildOptions& options = {});

// The same with no last build to start from, and nothing kept for a next one.
BuildReport build_site(const config::SiteConfig& config, output::Output& out);

// The sequence's last stage alone, after builds of the pages alone (BuildOptions::feeds): the
// search index and the feeds of what `last` holds (BuildOptions::hold). Throws core::InputError
// as build_site does.
void build_feeds(const config::SiteConfig& config, const LastBuild& last, output::Output& out);

}  // namespace pipeline

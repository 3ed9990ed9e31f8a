#pragma once
// build_site(): the whole pipeline, one line per stage.
#include <cstddef>
#include <optional>
#include <vector>

#include "pipeline/last_build.hpp"
#include "pipeline/sources_stage.hpp"
#include "config/site_config.hpp"
#include "core/diagnostic.hpp"
#include "core/episode.hpp"
#include "output/output.hpp"
#include "util/stage_clock.hpp"

namespace pipeline {

// What a build did, for the summary `build` prints.
struct BuildReport {
    std::size_t episodes = 0;
    std::size_t feed_items = 0;
    std::size_t left_out_without_audio = 0;
    std::size_t left_out_without_date = 0;
    std::size_t lint_warnings = 0;
    std::size_t files = 0;
    std::size_t bytes = 0;
    output::FileSize largest;                       // the largest file written
    std::optional<core::AnnouncedCount> announced;  // a directory page's count of the show's episodes
    std::vector<core::Diagnostic> warnings;
    util::StageTimes stages;
    std::size_t pages = 0;           // every page of the site
    std::size_t pages_rendered = 0;  // of which rendered (fewer when incremental)
    bool incremental = false;        // only the pages that read a changed input
};

// Loads, merges, applies the notes, renders and writes the site into `out`.
// `last` (optional): the place that holds what the last build left (last_build.hpp); the build
// plans from it (rendering only the pages whose inputs changed, the output keeping the others)
// and leaves its own there. `published` (optional): the feed the site has published (`build
// --published-feed`), whose items, like those of the output folder's feed.xml, must all be in
// the new feed.
// Throws core::InputError on bad input, with the warnings that came before (nothing usable is
// written then: DiskOutput is only committed by the caller after this returns), and CannotKeep
// when the output cannot keep the last build's pages.
BuildReport build_site(const config::SiteConfig& config, output::Output& out, LastBuild* last = nullptr,
                       const InputFeed* published = nullptr);

}  // namespace pipeline

#pragma once
// The last stages of a build: the pages rendered into the output, then the search index and the
// feeds, checked against the feeds apps already know.
#include <cstddef>
#include <memory>
#include <stdexcept>
#include <vector>

#include "concurrency/stage_clock.hpp"
#include "config/site_config.hpp"
#include "core/diagnostic.hpp"
#include "feed/feed_writer.hpp"
#include "feed/identity.hpp"
#include "output/output.hpp"
#include "render/page_sink.hpp"
#include "render/render_inputs.hpp"
#include "render/template_set.hpp"
#include "search/index.hpp"
#include "site/artwork.hpp"
#include "site/site_content.hpp"
#include "stages/sources.hpp"

namespace stages {

// Thrown when a build planned to render only some pages cannot carry over the last build's others into
// its output (a published file is gone or was changed by hand): a whole build is needed.
struct CannotCarryOver : std::runtime_error {
    using std::runtime_error::runtime_error;
};

// What render_pages rendered.
struct PageCount {
    std::size_t pages = 0;                   // every page of the site
    std::size_t rendered = 0;                // of which rendered now
    std::vector<core::Diagnostic> warnings;  // the static files' (a link among them)
};

// The last build's pages, as render_pages brings them up to date.
struct PageRecord {
    render::Dependencies& pages;  // every page and the keys it read (empty: none); the sink's record
    bool every_page = true;       // the sink renders every page (a whole build)
    bool in_output = false;       // the output holds them already (a copy of the last build's site)
};

// Renders the pages `sink` wants (the plan's: pipeline/plan.hpp), made from `inputs`, the
// sitemap and the theme's static files into `out`, bringing `last`'s record of pages up to
// date. When only some are rendered, the output carries over the last build's others
// (Output::carry_over) unless it holds them, or this throws CannotCarryOver. `parts`
// (optional) receives the seconds of each part of rendering.
PageCount render_pages(const config::SiteConfig& config, const render::RenderInputs& inputs,
                       const site::LocalArtwork* artwork, const render::TemplateSet& templates, render::PageSink& sink,
                       PageRecord last, output::Output& out, concurrency::StageTimes* parts = nullptr);

// A file of the output (`file`, which must outlive it) as a feed's text read in parts: the last
// build's feed.xml to copy items from, or this one's, written in pieces, to check.
feed::FeedText text_of(const output::PublishedFile& file);

// The feed.xml the output folder holds, to write feed.xml from: what write_feed copies of it,
// and the file itself, which the output copies those items from.
struct PublishedFeed {
    const feed::FeedBefore& before;
    const output::PublishedFile& file;
};

// What write_index_and_feeds wrote of feed.xml, and its warnings.
struct FeedSummary {
    feed::WrittenFeed written;            // feed.xml's items, in feed order, and where each is in it
    std::size_t pages = 0, archived = 0;  // its archive pages, and the items on them
    std::size_t left_out_without_audio = 0;
    std::size_t left_out_without_date = 0;
    // The linter's (a large archive has hundreds, mostly a host's flaw repeated per item: the
    // CLI shows the first few and counts the rest by rule)...
    std::vector<core::Diagnostic> lint_warnings;
    // ...and the others, each shown: the feed writer's own, what the identity check says (a
    // host's move to new audio URLs), chapters past an episode's end.
    std::vector<core::Diagnostic> warnings;
};

// The search index, feed.json and feed.xml, which is checked against its inputs and the feeds
// apps already know (`output_feed`: the output folder's last one, and `published`; either may
// be null) before it is stored. Throws core::InputError listing every problem of the feed; returns its warnings
// with the counts. `content` is let go of once the writers are done with it, and the memory it
// held returned, before the feed's check parses the whole feed. Unless it is `held` (serve
// holds it for the next rebuild), its episodes' transcripts are let go of while the search
// index runs (each is freed once indexed): the content is not to be read after.
// `before` (optional): the feed.xml the output folder holds, whose items write_feed copies for
// the episodes it says are unchanged. `edited` (optional): the one note body that changed since
// the last build, whose search index the output holds (search::write_index).
FeedSummary write_index_and_feeds(const config::SiteConfig& config, const std::vector<InputFeed>& input_feeds,
                                  const InputFeed* output_feed, const InputFeed* published,
                                  std::shared_ptr<site::SiteContent> content, bool held, output::Output& out,
                                  const PublishedFeed* before = nullptr, const search::EditedNote* edited = nullptr);

}  // namespace stages

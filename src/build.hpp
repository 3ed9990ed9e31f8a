#pragma once
// build_site(): the whole pipeline, one line per stage.
#include <functional>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "config/site_config.hpp"
#include "core/diagnostic.hpp"
#include "core/episode.hpp"
#include "feed/feed_writer.hpp"
#include "feed/identity.hpp"
#include "notes/apply_notes.hpp"
#include "notes/curation.hpp"
#include "notes/load_notes.hpp"
#include "output/output.hpp"
#include "render/page_data.hpp"
#include "render/page_sink.hpp"
#include "render/site_paths.hpp"
#include "sources/source_batch.hpp"
#include "util/stage_clock.hpp"

namespace build {

struct BuildReport {
    std::size_t episodes = 0;
    std::size_t feed_items = 0;
    std::size_t left_out_without_audio = 0;
    std::size_t left_out_without_date = 0;
    std::size_t lint_warnings = 0;
    std::size_t files = 0;
    std::size_t bytes = 0;
    output::FileSize largest;                    // the largest file written
    std::optional<core::AnnouncedCount> announced;  // a directory page's count of the show's episodes
    std::vector<core::Diagnostic> warnings;
    util::StageTimes stages;
    std::size_t pages = 0;           // declared (when recorded)
    std::size_t pages_rendered = 0;  // of which rendered (fewer when incremental)
    bool incremental = false;        // only the pages that read a changed input (BuildOptions::notes_only)
};

// Reads every source of the config (several at once, one per core; the batches are in the
// config's order). Throws core::InputError with all the errors of all sources when any source
// has one; warnings are returned in the batches.
std::vector<sources::SourceBatch> load_sources(const config::SiteConfig& config);

// Parsed note files and rendered note bodies kept between builds by `serve` (see load_notes.hpp
// and apply_notes.hpp; the markdown is only valid for the merged catalog it was rendered with).
struct NoteCaches {
    notes::NoteFileCache files;
    notes::ApplyCache apply;
};

// Reads content/ and applies the notes to `catalog`. Throws core::InputError with every problem.
notes::Curation apply_notes(const config::SiteConfig& config, core::Catalog& catalog, const render::SitePaths& paths,
                            NoteCaches* caches = nullptr);
// The same in two steps: reading needs no catalog, so a build reads the notes while it merges.
// Reading uses only `caches->files`, applying only `caches->apply`.
// `texts` (optional, only without caches) receives the text of each note file read.
notes::NoteSet read_notes(const config::SiteConfig& config, NoteCaches* caches = nullptr, notes::NoteTexts* texts = nullptr);
notes::Curation apply_notes(const notes::NoteSet& notes, core::Catalog& catalog, const render::SitePaths& paths,
                            NoteCaches* caches = nullptr);

// Hashes of everything a build reads: site.yaml, every source, content/, templates/, static/,
// the theme, the program's version and the settings (base URL, output). Equal fingerprints
// give byte-identical builds, so an output built from the same fingerprint needs no rebuild.
struct Fingerprints {
    std::string all;
    std::string all_but_notes;  // all but the notes load_notes reads (content/{episodes,pages}/*.md)
};
// What the regenerated feed must keep of each input feed: its items' identities.
struct InputFeed {
    std::string file;  // (or the URL it was read from)
    std::vector<feed::ItemIdentity> items;
};

// `published`: the feed the site has published (`build --published-feed`), an input too.
Fingerprints input_fingerprints(const config::SiteConfig& config, const InputFeed* published = nullptr);

std::vector<InputFeed> input_feeds(const std::vector<sources::SourceBatch>& batches);
// The identities of the feed.xml in the output folder (the last build's), if there is one.
std::optional<InputFeed> previous_feed(const config::SiteConfig& config);

// What a build computed, kept by `serve` to redo only what a change needs (src/incremental/).
struct BuildState {
    std::vector<InputFeed> input_feeds;
    core::Catalog merged;   // before the notes
    core::Catalog catalog;  // after the notes
    notes::Curation curation;
    std::optional<render::SiteInfo> site;
    render::Dependencies dependencies;  // every page and the inputs it read
    NoteCaches note_caches;
};

// What `build` keeps of a build for the next one (src/incremental/saved_build.hpp): after an
// edit of notes alone, the next build renders only the pages whose recorded inputs changed.
struct BuildRecord {
    notes::NoteTexts notes;      // the note files the build read, as it read them
    render::Dependencies pages;  // every page and the inputs it read
    // feed.xml's items as podcast apps know them (as feed::read_identities reads them): the
    // next build's feed must keep them, and need not parse the published feed to learn them.
    std::vector<feed::ItemIdentity> feed;
};

// Thrown by an incremental build_site() when `out` cannot keep a page of the last build (its
// published file is gone or was changed by hand): a whole build is needed.
struct CannotKeep : std::runtime_error {
    using std::runtime_error::runtime_error;
};

// What a build may start from and what it keeps, besides its inputs (all optional).
struct BuildOptions {
    BuildState* keep = nullptr;     // receives what the build computed (`serve`)
    BuildRecord* record = nullptr;  // receives what `build` keeps for the next build
    // The record of the build `out` holds (emptied as it is used: a large archive's is
    // megabytes). Its feed's items are what the new feed must keep.
    BuildRecord* last = nullptr;
    // `last` was made from the same inputs but for the notes: the notes it read are applied too,
    // to learn which recorded inputs the edit changed (incremental/changes.hpp, as `serve`
    // does); only the pages that read one are rendered, and `out` keeps the others
    // (Output::keep). Needs `record`.
    bool notes_only = false;
    // The feed the site has published (read by `build --published-feed`): its items, like those
    // of the output folder's feed.xml, must all be in the new feed.
    const InputFeed* published = nullptr;
};

// Loads, merges, renders and writes the site into `out`. Throws core::InputError on bad input
// (nothing usable is written then: DiskOutput is only committed by the caller after this
// returns), and CannotKeep when an incremental build cannot keep a page.
BuildReport build_site(const config::SiteConfig& config, output::Output& out, const BuildOptions& options = {});

struct FeedSummary {
    std::vector<feed::ItemIdentity> items;  // feed.xml's, in feed order
    std::size_t left_out_without_audio = 0;
    std::size_t left_out_without_date = 0;
    std::vector<core::Diagnostic> lint_warnings;
};

// The last stages, after the pages: the search index, feed.json and feed.xml, which is checked
// against its inputs and the feeds apps already know (`known`: the previous build's,
// previous_feed(), and the published one) before it is stored. Throws core::InputError
// listing every problem of the feed; returns the lint warnings with the counts.
// `writers_done` (optional) is called once the catalog, curation and site are read no more
// (the feed's check may still be running): a build frees them there.
FeedSummary write_index_and_feeds(const config::SiteConfig& config, const std::vector<InputFeed>& input_feeds,
                                  const std::vector<const InputFeed*>& known, const core::Catalog& catalog, const notes::Curation& curation,
                                  const render::SiteInfo& site, output::Output& out,
                                  const std::function<void()>& writers_done = {});

}  // namespace build

#pragma once
// The first stages of a build: every source read, then merged into one catalog.
#include <filesystem>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "config/site_config.hpp"
#include "core/diagnostic.hpp"
#include "core/episode.hpp"
#include "feed/identity.hpp"
#include "merge/published.hpp"
#include "site/artwork.hpp"
#include "site/site_info.hpp"
#include "sources/source_batch.hpp"

namespace stages {

// What the regenerated feed must keep of a feed: its items' identities.
struct InputFeed {
    std::string file;  // (or the URL it was read from)
    std::vector<feed::ItemIdentity> items;
};

// What the published site says it has published (build --published-feed: a runner has no output
// folder): its feed's items, its archive pages' included, and the list of every episode page
// beside it (feed/episode_list.hpp; none when it has none).
struct PublishedSite {
    InputFeed feed;
    std::vector<core::PublishedPage> pages{};
};

// The sources merged, before the site is made from them (with_site): what `build` saves for the
// next build after an edit of notes alone (on_disk/saved_sources.hpp).
struct MergeResult {
    core::Catalog catalog;                   // before the listening stage reads its files, and the notes (the
                                             // chapters its sources give: the feed's, the show notes')
    std::vector<InputFeed> input_feeds;      // what the new feed must keep of each input feed
    std::vector<core::Diagnostic> warnings;  // the sources' and the merge's (not site_of's: made again)
};

// The sources merged: what the notes stage starts from.
struct MergedSources {
    core::Catalog catalog;                      // before the notes
    site::SiteInfo site;                        // from site.yaml and the feed's channel: no navigation yet
    std::optional<site::LocalArtwork> artwork;  // the show's artwork, when `fetch` saved a copy
    std::vector<InputFeed> input_feeds;         // what the new feed must keep of each input feed
};

// Reads every source of the config (several at once, one per core; the batches are in the
// config's order). Throws core::InputError with all the errors of all sources when any source
// has one; warnings are returned in the batches.
std::vector<sources::SourceBatch> load_sources(const config::SiteConfig& config);

// The items (with audio) of every feed among `batches`.
std::vector<InputFeed> input_feeds(const std::vector<sources::SourceBatch>& batches);

// The identities of the feed.xml in the output folder (the last build's), if there is one.
std::optional<InputFeed> previous_feed(const config::SiteConfig& config);

// What the site has published, for the merge to keep: the items of the published feed
// (`published`: what the world has, first) and of the output folder's last one (`output`), either
// may be null; the published list of episode pages, then the output folder's (its episodes.json,
// when it has one); and the guids site.yaml's identity_changes says are meant to change.
merge::Published published_items(const config::SiteConfig& config, const InputFeed* output,
                                 const PublishedSite* published);

// The sources merged as `build` merges them over the output folder's last build (for the
// commands that name episodes by slug: `merge`, `new note`, `fetch`, `audio`).
core::Catalog merge_for_commands(const config::SiteConfig& config, std::span<sources::SourceBatch> batches);

// Each episode's copy of its audio, from the audio manifest, when site.yaml names where the
// copies are served (audio.mirror_url). A manifest that cannot be read is a warning.
void attach_audio_copies(const config::SiteConfig& config, core::Catalog& catalog,
                         std::vector<core::Diagnostic>& warnings);

// Merges the loaded sources, with their warnings and the merge's; the episodes the site
// published keep their guids and slugs (`published`), and a re-issue kept is a warning. Each
// episode has the chapters its sources give (listening::set_source_chapters). The
// records' largest texts are moved into the catalog; the caller frees the rest of `batches`.
MergeResult merge_sources(const config::SiteConfig& config, std::vector<sources::SourceBatch>& batches,
                          const merge::Published& published);

// What the site is, made from site.yaml and a merged catalog (only read): the show's artwork
// (`fetch`'s copy) and site::make_site_info, adding their warnings to `warnings` (may be null).
struct SiteOf {
    site::SiteInfo site;
    std::optional<site::LocalArtwork> artwork;
};
SiteOf site_of(const config::SiteConfig& config, const core::Catalog& catalog, std::vector<core::Diagnostic>* warnings);

// Merged sources of `catalog` (a merged catalog, taken) and `input_feeds`, with site_of's.
MergedSources with_site(const config::SiteConfig& config, core::Catalog catalog, std::vector<InputFeed> input_feeds,
                        std::vector<core::Diagnostic>* warnings);

// Reads what the catalog's episodes link to for listeners (the copies `fetch` kept of their
// chapters and transcripts), on every core; adds the files' warnings to `warnings`, and one that
// names how many links have no copy. (The chapters their show notes write, merge_sources reads.)
void read_listening(const config::SiteConfig& config, core::Catalog& catalog, std::vector<core::Diagnostic>& warnings);

}  // namespace stages

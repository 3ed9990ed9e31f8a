#include "stages/sources.hpp"

#include <algorithm>

#include "audio/manifest.hpp"
#include "concurrency/parallel.hpp"
#include "core/diagnostic.hpp"
#include "feed/archive_pages.hpp"
#include "feed/episode_list.hpp"
#include "files/files.hpp"
#include "listening/attachments.hpp"
#include "merge/merge.hpp"
#include "net/url.hpp"
#include "sources/read_source.hpp"

namespace stages {

std::vector<sources::SourceBatch> load_sources(const config::SiteConfig& config) {
    const std::size_t n = config.sources.size();
    std::vector<sources::SourceBatch> batches(n);
    // Largest file first, each to the next free thread: a big feed and a few small listings
    // finish together. Sources share nothing; each batch is written by one thread.
    std::vector<std::pair<std::uintmax_t, std::size_t>> order;
    for (std::size_t i = 0; i < n; ++i) {
        std::error_code ec;
        auto size = std::filesystem::file_size(config.sources[i].path, ec);
        order.emplace_back(ec ? 0 : size, i);
    }
    std::sort(order.begin(), order.end(), [](const auto& a, const auto& b) {
        return a.first > b.first || (a.first == b.first && a.second < b.second);
    });
    concurrency::parallel_for(
        n, 1, [&](std::size_t k) { batches[order[k].second] = sources::read_source(config.sources[order[k].second]); });
    std::vector<core::Diagnostic> errors, warnings;
    for (const auto& b : batches)
        for (const auto& d : b.diagnostics) (d.severity == core::Severity::error ? errors : warnings).push_back(d);
    // A failed load says what else it saw: a warning is often why (an item it could not read).
    if (!errors.empty()) {
        warnings.insert(warnings.end(), errors.begin(), errors.end());
        throw core::InputError(std::move(warnings));
    }
    return batches;
}

std::vector<InputFeed> input_feeds(const std::vector<sources::SourceBatch>& batches) {
    std::vector<InputFeed> feeds;
    for (const auto& b : batches) {
        if (!core::is_feed(b.kind)) continue;
        InputFeed& f = feeds.emplace_back(InputFeed{b.info.file, {}});
        f.items.reserve(b.records.size());  // (kept until the feed stage: no room to spare)
        for (const auto& r : b.records)
            if (r.enclosure)
                f.items.push_back(
                    {r.guid.empty() ? r.enclosure->url : r.guid, r.enclosure->url, "", r.from.file, r.from.line});
    }
    return feeds;
}

namespace {

// The text of the file the last build wrote at `path` in the output folder, when one is there: a
// file, not a link (one planted there could lead anywhere).
std::optional<std::string> output_file(const config::SiteConfig& config, const std::string& path) {
    const std::filesystem::path file = config.output_dir() / path;
    std::error_code ec;
    if (!std::filesystem::is_regular_file(std::filesystem::symlink_status(file, ec))) return std::nullopt;
    return files::read_file(file, files::k_max_input_bytes, files::Links::refuse);
}

}  // namespace

std::optional<InputFeed> previous_feed(const config::SiteConfig& config) {
    std::optional<std::string> text = output_file(config, "feed.xml");
    if (!text) return std::nullopt;
    // (One that is not a feed was not written by a build: it tells apps nothing.)
    const site::SitePaths paths(config.base_url);
    InputFeed feed{(config.output_dir() / "feed.xml").string(),
                   feed::read_identities(std::move(*text), &paths).value_or(std::vector<feed::ItemIdentity>{})};
    // Then its archive pages (feed_limit), as the build wrote them: their items were published
    // as much as feed.xml's.
    for (std::size_t page = 1; (text = output_file(config, feed::page_path(page))); ++page) {
        auto items = feed::read_identities(std::move(*text), &paths);
        if (!items) break;
        feed.items.insert(feed.items.end(), std::make_move_iterator(items->begin()),
                          std::make_move_iterator(items->end()));
    }
    return feed;
}

void attach_audio_copies(const config::SiteConfig& config, core::Catalog& catalog,
                         std::vector<core::Diagnostic>& warnings) {
    if (config.audio.mirror_url.empty()) return;  // (copies nobody serves are no use to a page)
    audio::Manifest manifest;
    try {
        manifest = audio::read_manifest(config.audio_manifest());
    } catch (const core::InputError& e) {
        for (auto d : e.diagnostics()) {
            d.severity = core::Severity::warning;
            d.message += "; the site is built without the audio copies (`podarchive fetch` writes it anew)";
            warnings.push_back(std::move(d));
        }
        return;
    }
    for (auto& e : catalog.episodes) {
        if (!e.enclosure) continue;
        const audio::StoredCopy* kept = manifest.latest(e.guid.empty() ? e.enclosure->url : e.guid);
        if (!kept) continue;
        e.copy = core::AudioCopy{config.audio.mirror_url + net::encode_path_segment(kept->file),
                                 kept->content_type,
                                 kept->bytes,
                                 kept->sha256,
                                 audio::host_gone(*kept),
                                 kept->fetched,
                                 kept->duration};
    }
}

merge::Published published_items(const config::SiteConfig& config, const InputFeed* output,
                                 const PublishedSite* published) {
    merge::Published was;
    for (const InputFeed* feed : {published ? &published->feed : nullptr, output})
        if (feed)
            for (const auto& item : feed->items)
                was.items.push_back({item.guid, item.enclosure_url, item.slug, item.title, item.day});
    if (published) was.pages = published->pages;
    // The output folder's list (the last build's), when it has one.
    if (const auto text = output_file(config, feed::k_episode_list))
        if (auto pages = feed::read_episode_list(*text, site::SitePaths(config.base_url)))
            was.pages.insert(was.pages.end(), std::make_move_iterator(pages->begin()),
                             std::make_move_iterator(pages->end()));
    for (const auto& change : config.identity_changes) was.meant.insert(change.guid);
    return was;
}

core::Catalog merge_for_commands(const config::SiteConfig& config, std::span<sources::SourceBatch> batches) {
    const std::optional<InputFeed> output = previous_feed(config);
    return merge::merge(batches, published_items(config, output ? &*output : nullptr, nullptr));
}

MergeResult merge_sources(const config::SiteConfig& config, std::vector<sources::SourceBatch>& batches,
                          const merge::Published& published) {
    MergeResult merged;
    merged.catalog = merge::merge(batches, published);
    // The chapters the sources give, with the merge: it is kept (on disk), and a build after an
    // edit of notes alone then reads no show notes (ten thousand real ones took it 28 ms). The
    // listening stage reads the chapters files, which take their place.
    auto& episodes = merged.catalog.episodes;
    concurrency::parallel_for(episodes.size(), 16, [&](std::size_t i) { listening::set_source_chapters(episodes[i]); });
    if (auto w = merge::reissue_warning(merged.catalog)) merged.warnings.push_back(std::move(*w));
    attach_audio_copies(config, merged.catalog, merged.warnings);
    merged.input_feeds = input_feeds(batches);
    for (const auto& b : batches)
        merged.warnings.insert(merged.warnings.end(), b.diagnostics.begin(), b.diagnostics.end());
    return merged;
}

SiteOf site_of(const config::SiteConfig& config, const core::Catalog& catalog,
               std::vector<core::Diagnostic>* warnings) {
    std::optional<site::LocalArtwork> artwork = site::local_artwork(config, warnings);
    site::SiteInfo site =
        site::make_site_info(config, catalog, config.base_url, artwork ? &*artwork : nullptr, warnings);
    return {std::move(site), std::move(artwork)};
}

MergedSources with_site(const config::SiteConfig& config, core::Catalog catalog, std::vector<InputFeed> input_feeds,
                        std::vector<core::Diagnostic>* warnings) {
    SiteOf made = site_of(config, catalog, warnings);
    return {std::move(catalog), std::move(made.site), std::move(made.artwork), std::move(input_feeds)};
}

void read_listening(const config::SiteConfig& config, core::Catalog& catalog, std::vector<core::Diagnostic>& warnings) {
    const listening::AttachmentDir dir{config.attachments_dir(), "content/sources/attachments"};
    std::vector<listening::AttachmentsRead> read(catalog.episodes.size());
    concurrency::parallel_for(catalog.episodes.size(), 16,
                              [&](std::size_t i) { read[i] = listening::read_attachments(catalog.episodes[i], dir); });
    int missing = 0;  // episodes
    std::string first;
    for (auto& r : read) {
        warnings.insert(warnings.end(), std::make_move_iterator(r.warnings.begin()),
                        std::make_move_iterator(r.warnings.end()));
        if (r.missing.empty()) continue;
        if (missing++ == 0) first = r.missing;
    }
    if (missing > 0)
        warnings.push_back(core::warning_at(
            {config.sources.empty() ? std::string("site.yaml") : config.sources.front().display_path, 0, 0},
            std::to_string(missing) + (missing == 1 ? " episode links" : " episodes link") +
                " to chapters or a transcript that `podarchive fetch` has not downloaded yet (the first: " + first +
                "); run it to show them on the episode pages"));
}

}  // namespace stages

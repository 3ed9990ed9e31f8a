#include "build.hpp"

#include <algorithm>
#include <functional>
#include <future>
#include <optional>
#include <thread>

#include "feed/feed_writer.hpp"
#include "feed/identity.hpp"
#include "feed/json_feed.hpp"
#include "feed/lint.hpp"
#include "incremental/changes.hpp"
#include "merge/merge.hpp"
#include "notes/apply_notes.hpp"
#include "notes/load_notes.hpp"
#include "render/page_data.hpp"
#include "render/search_index.hpp"
#include "render/site_renderer.hpp"
#include "sources/read_source.hpp"
#include "theme/theme_files.hpp"
#include "util/files.hpp"
#include "util/hash.hpp"
#include "util/memory.hpp"
#include "util/parallel.hpp"
#include "util/stage_clock.hpp"

namespace build {

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
    std::sort(order.begin(), order.end(), [](const auto& a, const auto& b) { return a.first > b.first || (a.first == b.first && a.second < b.second); });
    util::parallel_for(n, 1, [&](std::size_t k) { batches[order[k].second] = sources::read_source(config.sources[order[k].second]); });
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

notes::NoteSet read_notes(const config::SiteConfig& config, NoteCaches* caches, notes::NoteTexts* texts) {
    return notes::load_notes(config.content_dir(), config.root, caches ? &caches->files : nullptr, texts);
}

notes::Curation apply_notes(const notes::NoteSet& notes, core::Catalog& catalog, const render::SitePaths& paths,
                            NoteCaches* caches) {
    return notes::apply_notes(catalog, notes, [&](const std::string& slug) { return paths.url(render::SitePaths::episode_dir(slug)); },
                              caches ? &caches->apply : nullptr);
}

notes::Curation apply_notes(const config::SiteConfig& config, core::Catalog& catalog, const render::SitePaths& paths,
                            NoteCaches* caches) {
    return apply_notes(read_notes(config, caches), catalog, paths, caches);
}

namespace {

// The regenerated feed must pass the linter and keep every identity of the input feeds and of
// the feeds apps already know. Throws core::InputError listing every problem; returns lint warnings.
// (The feed's text is parsed where it is, and unusable afterwards.)
std::vector<core::Diagnostic> check_feed(const config::SiteConfig& config, const std::vector<InputFeed>& input_feeds,
                                         const std::vector<const InputFeed*>& known, feed::FeedResult& feed) {
    std::vector<core::Diagnostic> errors, warnings = feed.warnings;
    // A finding about a value the input feed had is located where the input has it.
    for (const auto& f : feed::lint_feed_in_place(feed.xml)) {
        core::SourceLocation input = feed.channel_at;
        if (f.item > 0 && static_cast<std::size_t>(f.item) <= feed.items.size() && !feed.items[f.item - 1].file.empty())
            input = {feed.items[f.item - 1].file, feed.items[f.item - 1].line, 0};
        auto d = feed::to_build_diagnostic(f, input);
        (f.level == feed::LintLevel::error && d.severity == core::Severity::error ? errors : warnings).push_back(std::move(d));
    }
    std::vector<const InputFeed*> before;
    for (const auto& input : input_feeds) before.push_back(&input);
    before.insert(before.end(), known.begin(), known.end());
    for (const InputFeed* feed_before : before) {
        auto found = feed::compare_identities(feed.items, feed_before->items, feed_before->file, config.identity_changes);
        errors.insert(errors.end(), found.begin(), found.end());
    }
    if (!errors.empty()) throw core::InputError(errors);
    return warnings;
}

}  // namespace

std::optional<InputFeed> previous_feed(const config::SiteConfig& config) {
    std::filesystem::path previous = config.output_dir() / "feed.xml";
    std::error_code ec;
    if (!std::filesystem::is_regular_file(previous, ec)) return std::nullopt;
    // (One that is not a feed was not written by a build: it tells apps nothing.)
    return InputFeed{previous.string(), feed::read_identities(util::read_file(previous)).value_or(std::vector<feed::ItemIdentity>{})};
}

std::vector<InputFeed> input_feeds(const std::vector<sources::SourceBatch>& batches) {
    std::vector<InputFeed> feeds;
    for (const auto& b : batches) {
        if (!sources::is_feed_kind(b.kind)) continue;
        InputFeed& f = feeds.emplace_back(InputFeed{b.info.file, {}});
        for (const auto& r : b.records)
            if (r.enclosure) f.items.push_back({r.guid.empty() ? r.enclosure->url : r.guid, r.enclosure->url, "", r.from.file, r.from.line});
    }
    return feeds;
}

Fingerprints input_fingerprints(const config::SiteConfig& config, const InputFeed* published) {
    namespace fs = std::filesystem;
    std::vector<fs::path> files = {config.config_path};
    for (const auto& s : config.sources) files.push_back(s.path);
    for (const fs::path& root : {config.content_dir(), config.templates_dir(), config.static_dir(), config.themes_dir() / config.theme})
        for (auto& f : util::files_under(root)) files.push_back(std::move(f));  // the files the build reads: links are not followed
    // Each file is hashed alone, and told a note or not, on every core (a large archive has
    // thousands of notes, and a build waits for this); the hashes are combined in order.
    const notes::NoteFileTest is_note_file(config.content_dir());
    std::vector<std::optional<std::uint64_t>> hashes(files.size());
    std::vector<char> is_note(files.size());
    util::parallel_for(files.size(), 64, [&](std::size_t i) {
        util::Hasher file;
        if (file.add_file(files[i])) hashes[i] = file.digest();
        is_note[i] = is_note_file(files[i]);
    });
    util::Hasher all, others;  // (others: all but the notes)
    const std::string builtin_theme = theme::builtin_fingerprint();
    for (util::Hasher* h : {&all, &others}) {
        h->add(PODARCHIVE_VERSION);
        h->add(builtin_theme);
        h->add(config.base_url);
        h->add(config.output_dir().string());
        // A build that passed against one published feed may not pass against another.
        if (published)
            for (const auto& item : published->items) h->add(item.guid), h->add(item.enclosure_url);
    }
    for (std::size_t i = 0; i < files.size(); ++i) {
        const std::string name = files[i].generic_string();
        const std::string hash = hashes[i] ? util::hex_hash(*hashes[i]) : "<unreadable>";
        all.add(name), all.add(hash);
        if (!is_note[i]) others.add(name), others.add(hash);
    }
    return {util::hex_hash(all.digest()), util::hex_hash(others.digest())};
}

FeedSummary write_index_and_feeds(const config::SiteConfig& config, const std::vector<InputFeed>& inputs,
                                  const std::vector<const InputFeed*>& known, const core::Catalog& catalog, const notes::Curation& curation,
                                  const render::SiteInfo& site, output::Output& out,
                                  const std::function<void()>& writers_done) {
    // Three independent writers of the same read-only inputs: one each on a core. The feeds are
    // done first; feed.xml's check (a parse of the whole feed, in order) then runs beside the
    // search index's last steps, which are in order too. (Not sooner: a parse of feed.xml beside
    // the search index at its largest would be the build's peak.) The search index and feed.json
    // are written by their threads as they are made (Output::prepare), not held until feed.xml
    // is done: the largest texts of the stage are not in memory at once.
    output::Preparing index(out);
    auto search = std::async(std::launch::async, [&] { render::write_search_index(catalog, curation, site, index); });
    auto json_feed = std::async(std::launch::async, [&] { return out.prepare("feed.json", feed::write_json_feed(catalog, curation, site)); });
    feed::FeedResult feed = feed::write_feed(config, catalog, curation, site);
    out.add(json_feed.get());
    // Stored first (a failed check fails the build, and nothing stored is published then): the
    // check parses the text where it is, without a copy of a large feed beside the index.
    out.add_kept("feed.xml", feed.xml);
    auto check = std::async(std::launch::async, [&] { return check_feed(config, inputs, known, feed); });
    search.get();
    index.add_prepared();
    if (writers_done) writers_done();
    auto lint_warnings = check.get();  // (it reads the items, which are moved out below)
    return {std::move(feed.items), feed.left_out_without_audio, feed.left_out_without_date, std::move(lint_warnings)};
}

namespace {

// The notes of the last build (BuildRecord), applied to a copy of the merged catalog: what the
// pages of that build were made from.
struct LastBuild {
    core::Catalog catalog;
    render::SiteInfo site;
    notes::Curation curation;
    bool applied = false;  // false: the last build's notes do not apply to this catalog

    LastBuild(const core::Catalog& merged, const render::SiteInfo& site_before_notes) : catalog(merged), site(site_before_notes) {}
    void apply(const notes::NoteSet& notes) {
        try {
            curation = build::apply_notes(notes, catalog, site.paths);
        } catch (const core::InputError&) {
            return;  // (they did when they were built: the record is not of these inputs)
        }
        site.nav = render::navigation(site, curation);
        applied = true;
    }
};

// After an incremental render: the output keeps the last build's pages that were not rendered.
void keep_unrendered(render::PageSink& sink, render::Dependencies& pages, output::Output& out) {
    sink.vanished();  // (gone from the record: a topic no episode has any more)
    std::vector<std::string> kept;
    for (const auto& [path, keys] : pages)
        if (!sink.was_rendered(path)) kept.push_back(path);
    if (!out.keep(kept)) throw CannotKeep("the last build's pages cannot be kept");
}

// build_site's stages, reporting into `report` as they go (so that a failure can show the
// warnings that came before it).
void run_stages(const config::SiteConfig& config, output::Output& out, const BuildOptions& options, BuildReport& report) {
    BuildState* const keep = options.keep;
    BuildRecord* const record = options.record;
    BuildRecord* const last = options.notes_only ? options.last : nullptr;  // (incremental)
    if (last && !record) throw std::logic_error("build_site: an incremental build records what it does");
    if (record) *record = {};
    util::StageClock clock(&report.stages);
    auto stage = [&](const char* name) { clock.lap(name); };
    auto templates = render::load_templates(config);  // first: a broken template fails fast
    // The notes are read while the sources are read and merged (they need no catalog).
    auto notes = std::async(std::launch::async, [&] {
        return read_notes(config, keep ? &keep->note_caches : nullptr, record && !keep ? &record->notes : nullptr);
    });
    // The identities of the feed the output folder holds, which the new feed must keep: from the
    // last build's record, or else read now, while the build holds little (a large feed's parse
    // is tens of megabytes).
    std::optional<InputFeed> previous;
    std::future<std::optional<InputFeed>> reading_previous;
    if (options.last) previous = InputFeed{(config.output_dir() / "feed.xml").string(), std::move(options.last->feed)};
    else reading_previous = std::async(std::launch::async, [&] { return previous_feed(config); });
    // An incremental build's last notes, parsed meanwhile too.
    std::future<notes::NoteSet> last_notes;
    if (last) last_notes = std::async(std::launch::async, [&] {
        notes::NoteSet set = notes::load_notes(last->notes, config.root);
        notes::NoteTexts().swap(last->notes);
        return set;
    });
    auto batches = load_sources(config);
    stage("load");
    core::Catalog catalog = merge::merge(batches);
    // The records are in the catalog now: keep only what the feed check needs and the warnings
    // (a large archive's sources are the biggest thing in memory).
    std::vector<InputFeed> inputs = input_feeds(batches);
    for (const auto& b : batches) report.warnings.insert(report.warnings.end(), b.diagnostics.begin(), b.diagnostics.end());
    std::vector<sources::SourceBatch>().swap(batches);
    // Returned now, not over jemalloc's decay time (allocator.cpp): a fast notes stage had the
    // pages' texts and first pages allocated while these were still held, the build's peak.
    util::release_free_memory();
    if (keep) keep->merged = catalog, keep->note_caches.apply = {};  // made for another catalog
    stage("merge");
    std::optional<render::LocalArtwork> artwork = render::local_artwork(config, &report.warnings);
    render::SiteInfo site = render::make_site_info(config, catalog, config.base_url, artwork ? &*artwork : nullptr);
    // An incremental build applies the last build's notes too, beside this build's, to learn
    // what the edit changed.
    std::optional<LastBuild> before;
    std::future<void> before_applied, dropped;
    if (last) {
        before.emplace(catalog, site);  // (the sources' records were returned above)
        before_applied = std::async(std::launch::async, [&] { before->apply(last_notes.get()); });
    }
    notes::Curation curation = apply_notes(notes.get(), catalog, site.paths, keep ? &keep->note_caches : nullptr);
    site.nav = render::navigation(site, curation);
    render::ChangedKeys changed;
    if (last) {
        before_applied.get();
        if (!before->applied) throw CannotKeep("the last build's notes do not apply to the catalog");
        changed = incremental::changed_keys({before->catalog, before->curation, before->site}, {catalog, curation, site});
        dropped = std::async(std::launch::async, [gone = std::move(before)]() mutable { gone.reset(); });  // (not waited for here)
    }
    stage("notes");
    site.texts = std::make_shared<render::TextCache>(catalog, std::max(2u, std::thread::hardware_concurrency()));
    util::StageTimes parts;
    render::Dependencies* pages = keep ? &keep->dependencies : record ? &record->pages : nullptr;
    std::optional<render::PageSink> sink;
    if (last) {
        *pages = std::move(last->pages);
        sink.emplace(out, *pages, changed);
    } else {
        sink.emplace(out, pages);
    }
    render::render_site(config, catalog, curation, site, templates, *sink, &parts);
    render::copy_static_files(config, site, artwork ? &*artwork : nullptr, out);
    if (last) keep_unrendered(*sink, *pages, out);
    report.incremental = last != nullptr;
    report.pages_rendered = sink->rendered();
    report.pages = pages ? pages->size() : sink->rendered();
    if (dropped.valid()) dropped.get();  // (the last build's catalog: freed with the rest here)
    util::release_free_memory();  // the pages' cards and data, before the feeds' texts grow
    stage("render");
    report.stages.insert(report.stages.end(), parts.begin(), parts.end());
    report.episodes = catalog.episodes.size();
    if (reading_previous.valid()) previous = reading_previous.get();
    report.announced = catalog.announced;
    std::vector<const InputFeed*> known;
    if (previous) known.push_back(&*previous);
    if (options.published) known.push_back(options.published);
    FeedSummary feed = write_index_and_feeds(config, inputs, known, catalog, curation, site, out, [&] {
        if (keep) return;
        // Nothing needs the catalog and its texts any more: not beside the feed check's parse.
        catalog = core::Catalog();
        curation = notes::Curation();
        site.texts.reset();
        util::release_free_memory();
    });
    stage("feed");

    report.feed_items = feed.items.size();
    report.left_out_without_audio = feed.left_out_without_audio;
    report.left_out_without_date = feed.left_out_without_date;
    report.warnings.insert(report.warnings.begin(), feed.lint_warnings.begin(), feed.lint_warnings.end());
    report.lint_warnings = feed.lint_warnings.size();
    if (record) record->feed = feed::as_published(feed.items);
    report.files = out.file_count();
    report.bytes = out.byte_count();
    report.largest = out.largest_file();
    if (keep) {
        keep->input_feeds = std::move(inputs);
        keep->catalog = std::move(catalog);
        keep->curation = std::move(curation);
        keep->site = std::move(site);
    }
}

}  // namespace

BuildReport build_site(const config::SiteConfig& config, output::Output& out, const BuildOptions& options) {
    BuildReport report;
    report.warnings = config.warnings;
    try {
        run_stages(config, out, options, report);
    } catch (const core::InputError& e) {
        // The warnings of the stages that ran are printed with the errors: they often say why.
        std::vector<core::Diagnostic> all = report.warnings;
        all.insert(all.end(), e.diagnostics().begin(), e.diagnostics().end());
        throw core::InputError(std::move(all));
    }
    return report;
}

}  // namespace build

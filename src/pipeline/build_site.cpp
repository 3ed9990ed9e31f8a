#include "pipeline/build_site.hpp"

#include <future>

#include "pipeline/notes_stage.hpp"
#include "pipeline/plan.hpp"
#include "pipeline/publish.hpp"
#include "render/site_renderer.hpp"
#include "util/memory.hpp"
#include "util/parallel.hpp"

namespace pipeline {

namespace {

using Place = LastBuild::Place;

bool placed(const LastBuild* last, Place place) { return last && last->place == place; }

// What a build reads while the sources load and merge: none of it needs the catalog.
struct Reading {
    std::future<notes::NoteSet> notes;                      // content/'s notes
    std::future<notes::NoteSet> last_notes;                 // the notes the last build recorded on disk (to plan from)
    std::future<std::optional<InputFeed>> previous_feed;    // the output folder's feed.xml, unless the last build recorded it
};

Reading start_reading(const config::SiteConfig& config, LastBuild* last) {
    Reading r;
    if (placed(last, Place::disk) && !last->pages.empty())
        r.last_notes = util::in_background([recorded = std::move(last->notes), &config] { return notes::load_notes(recorded, config.root); });
    if (last) last->notes.clear();  // (on disk: this build's are recorded there as they are read)
    notes::NoteFileCache* files = placed(last, Place::memory) ? &last->note_caches.files : nullptr;
    notes::NoteTexts* texts = placed(last, Place::disk) ? &last->notes : nullptr;
    r.notes = util::in_background([&config, files, texts] { return read_notes(config, files, texts); });
    // Read now, while the build holds little (a large feed's parse is tens of megabytes).
    if (!last || !last->feed) r.previous_feed = util::in_background([&config] { return previous_feed(config); });
    return r;
}

// The content the last build's pages were made from, had again from the notes it recorded;
// null when they do not apply to this catalog (they did when they were built: the record is not
// of these inputs).
std::shared_ptr<const render::SiteContent> remade(const notes::NoteSet& notes, core::Catalog merged, render::SiteInfo site) {
    try {
        return std::make_shared<const render::SiteContent>(curate(notes, std::move(merged), std::move(site)));
    } catch (const core::InputError&) {
        return nullptr;
    }
}

// This build's notes applied to the merged sources, and which pages that changes since the
// last build (when it left its pages to start from).
struct Curated {
    std::shared_ptr<render::SiteContent> content;
    PagePlan plan;
    std::future<void> before_freed;  // the last build's content, re-made to plan from, freed beside the pages
};

Curated curate_and_plan(Reading& reading, MergedSources& merged, LastBuild* last, std::vector<core::Diagnostic>& warnings) {
    const bool from_last = last && !last->pages.empty();
    std::shared_ptr<const render::SiteContent> before = from_last ? last->content : nullptr;
    std::future<std::shared_ptr<const render::SiteContent>> remaking;  // (on disk: beside this build's notes)
    if (from_last && last->place == Place::disk)
        remaking = util::in_background([&reading, catalog = merged.catalog, site = merged.site]() mutable {
            return remade(reading.last_notes.get(), std::move(catalog), std::move(site));
        });
    // Kept in memory, the merged sources stay whole for the next rebuild (and the rendered note
    // bodies were made for another catalog).
    const bool holds_merged = placed(last, Place::memory);
    if (holds_merged) last->note_caches.apply = {};
    core::Catalog catalog = holds_merged ? merged.catalog : std::move(merged.catalog);
    Curated out;
    const notes::NoteSet notes = reading.notes.get();
    for (const auto& d : notes.diagnostics)  // (its errors are thrown by curate, with the rest)
        if (d.severity == core::Severity::warning) warnings.push_back(d);
    out.content = std::make_shared<render::SiteContent>(
        curate(notes, std::move(catalog), merged.site, holds_merged ? &last->note_caches.apply : nullptr));
    if (remaking.valid()) before = remaking.get();
    out.plan = plan_pages(before.get(), *out.content);
    if (before && placed(last, Place::disk))  // (re-made here: this is the only reference)
        out.before_freed = util::in_background([gone = std::move(before)]() mutable { gone.reset(); });
    return out;
}

// The feed the output folder holds, which the new feed must keep: as the last build recorded it,
// or as read.
std::optional<InputFeed> output_feed(const config::SiteConfig& config, Reading& reading, LastBuild* last) {
    if (reading.previous_feed.valid()) return reading.previous_feed.get();
    return InputFeed{(config.output_dir() / "feed.xml").string(), std::move(*last->feed)};
}

void count_pages(BuildReport& report, const PageCount& pages, const Curated& curated, util::StageTimes& parts) {
    report.stages.insert(report.stages.end(), parts.begin(), parts.end());
    report.incremental = !curated.plan.every_page;
    report.pages = pages.pages;
    report.pages_rendered = pages.rendered;
    report.episodes = curated.content->catalog.episodes.size();
    report.announced = curated.content->catalog.announced;
}

void count_feed(BuildReport& report, const FeedSummary& feed, const output::Output& out) {
    report.feed_items = feed.items.size();
    report.left_out_without_audio = feed.left_out_without_audio;
    report.left_out_without_date = feed.left_out_without_date;
    report.warnings.insert(report.warnings.begin(), feed.lint_warnings.begin(), feed.lint_warnings.end());
    report.lint_warnings = feed.lint_warnings.size();
    report.files = out.file_count();
    report.bytes = out.byte_count();
    report.largest = out.largest_file();
}

// What this build leaves in the place for the next, besides the pages' record (render_pages
// brings it up to date) and the notes read (start_reading records them on disk).
void leave_content(LastBuild* last, const std::shared_ptr<render::SiteContent>& content) {
    if (placed(last, Place::memory)) last->content = content;
}
void leave_rest(LastBuild* last, MergedSources merged, const FeedSummary& feed) {
    if (placed(last, Place::memory)) last->merged = std::move(merged);
    if (placed(last, Place::disk)) last->feed = feed::as_published(feed.items);
}

}  // namespace

BuildReport build_site(const config::SiteConfig& config, output::Output& out, LastBuild* last, const InputFeed* published) {
    BuildReport report;
    report.warnings = config.warnings;
    util::StageClock clock(&report.stages);
    try {
        const render::TemplateSet templates = render::load_templates(config);  // first: a broken template fails fast
        Reading reading = start_reading(config, last);
        std::vector<sources::SourceBatch> batches = load_sources(config);
        clock.lap("load");
        MergedSources merged = merge_sources(config, std::move(batches), report.warnings);
        util::release_free_memory();  // the sources' records: not held while the pages' texts grow
        clock.lap("merge");
        read_listening(config, merged.catalog, report.warnings);
        clock.lap("listen");
        Curated curated = curate_and_plan(reading, merged, last, report.warnings);
        clock.lap("notes");
        add_texts(*curated.content);
        util::StageTimes parts;
        const render::LocalArtwork* artwork = merged.artwork ? &*merged.artwork : nullptr;
        PageCount pages = render_pages(config, *curated.content, artwork, templates, curated.plan, last ? &last->pages : nullptr, out, &parts);
        if (curated.before_freed.valid()) curated.before_freed.get();
        util::release_free_memory();  // the pages' cards and data, before the feeds' texts grow
        clock.lap("render");
        count_pages(report, pages, curated, parts);
        leave_content(last, curated.content);
        const std::optional<InputFeed> output = output_feed(config, reading, last);
        FeedSummary feed = write_index_and_feeds(config, merged.input_feeds, output ? &*output : nullptr, published, std::move(curated.content), out);
        clock.lap("feed");
        count_feed(report, feed, out);
        leave_rest(last, std::move(merged), feed);
    } catch (const core::InputError& e) {
        // The warnings of the stages that ran are printed with the errors: they often say why.
        std::vector<core::Diagnostic> all = report.warnings;
        all.insert(all.end(), e.diagnostics().begin(), e.diagnostics().end());
        throw core::InputError(std::move(all));
    }
    return report;
}

}  // namespace pipeline

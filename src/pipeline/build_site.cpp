#include "pipeline/build_site.hpp"

#include <future>

#include "pipeline/disk_build.hpp"
#include "pipeline/notes_stage.hpp"
#include "pipeline/plan.hpp"
#include "pipeline/publish.hpp"
#include "render/site_renderer.hpp"
#include "util/memory.hpp"
#include "util/parallel.hpp"

namespace pipeline {

namespace {

// What a build reads while the sources load and merge: none of it needs the catalog.
struct Reading {
    std::optional<KnownEdit> known;                      // an edit the place already applied (then no notes are read)
    std::future<notes::NoteSet> notes;                   // content/'s notes
    std::future<std::optional<InputFeed>> output_feed;  // the feed the output folder holds (when the feeds are written)
};

Reading start_reading(const config::SiteConfig& config, LastBuild& last, const BuildOptions& options) {
    Reading r;
    r.known = last.known_edit();
    if (!r.known) r.notes = last.read_notes(config);
    // Read now, while the build holds little (a large feed's parse is tens of megabytes).
    if (options.feeds) r.output_feed = util::in_background([&config, &last] { return last.output_feed(config); });
    return r;
}

// The sources loaded, merged and their listening files read, adding their warnings.
MergedSources load_and_merge(const config::SiteConfig& config, std::vector<core::Diagnostic>& warnings, util::StageClock& clock) {
    std::vector<sources::SourceBatch> batches = load_sources(config);
    clock.lap("load");
    MergedSources merged = merge_sources(config, std::move(batches), warnings);
    util::release_free_memory();  // the sources' records: not held while the pages' texts grow
    clock.lap("merge");
    read_listening(config, merged.catalog, warnings);
    clock.lap("listen");
    return merged;
}

// What this build's pages are made from, and which of them the plan renders.
struct Curated {
    std::shared_ptr<render::SiteContent> content;
    std::shared_ptr<const render::RenderInputs> inputs;  // (refers to content)
    PagePlan plan;
};

// The notes applied to the merged sources, the episodes' texts made, what the pages are made
// from prepared, and the plan: from what changed since the last build's content, or from the
// keys a known edit changed.
Curated curate_and_plan(const config::SiteConfig& config, Reading& reading, MergedSources& merged, LastBuild& last,
                        std::vector<core::Diagnostic>& warnings) {
    Curated out;
    if (reading.known) {
        out.content = std::move(reading.known->content);
        out.inputs = last.render_inputs(config, *out.content);
        out.plan = plan_known(std::move(reading.known->changed));
        return out;
    }
    auto before = last.content_before(merged);  // (first: curate may take the merged catalog)
    const notes::NoteSet notes = reading.notes.get();
    for (const auto& d : notes.diagnostics)  // (its errors are thrown by curate, with the rest)
        if (d.severity == core::Severity::warning) warnings.push_back(d);
    out.content = std::make_shared<render::SiteContent>(last.curate(notes, merged));
    // The plan on a thread of its own while the texts are made and the inputs prepared (all only
    // read the content, but for the texts' own member). What the last build's pages were made
    // from is let go of there as soon as the plan is made (on disk it was made again to plan
    // from: it is freed before the pages' data grows).
    auto planning = util::in_background([&out, was = before.get()]() mutable {
        PagePlan plan = plan_pages(was.get(), *out.content);
        was.reset();
        return plan;
    });
    add_texts(*out.content, last.texts_before());
    out.inputs = last.render_inputs(config, *out.content);
    out.plan = planning.get();
    return out;
}

void count_pages(BuildReport& report, const PageCount& pages, const Curated& curated, util::StageTimes& parts) {
    report.stages.insert(report.stages.end(), parts.begin(), parts.end());
    report.incremental = !curated.plan.every_page;
    report.pages = pages.pages;
    report.pages_rendered = pages.rendered;
    report.episodes = curated.content->catalog.episodes.size();
    report.announced = curated.content->catalog.announced;
    for (const auto& e : curated.content->catalog.episodes)
        if (e.copy) ++report.audio_copies, report.audio_from_copy += e.copy->host_gone;
}

void count_feed(BuildReport& report, const FeedSummary& feed, const output::Output& out) {
    report.feed_items = feed.items.size();
    report.feed_pages = feed.pages, report.feed_archived = feed.archived;
    report.left_out_without_audio = feed.left_out_without_audio;
    report.left_out_without_date = feed.left_out_without_date;
    report.warnings.insert(report.warnings.begin(), feed.lint_warnings.begin(), feed.lint_warnings.end());
    report.lint_warnings = feed.lint_warnings.size();
    report.files = out.file_count();
    report.bytes = out.byte_count();
    report.largest = out.largest_file();
}

}  // namespace

BuildReport build_site(const config::SiteConfig& config, output::Output& out, LastBuild& last, const BuildOptions& options) {
    BuildReport report;
    report.warnings = config.warnings;
    util::StageClock clock(&report.stages);
    try {
        const render::TemplateSet& templates = last.templates(config);  // first: a broken template fails fast
        Reading reading = start_reading(config, last, options);
        std::optional<MergedSources> loaded;
        MergedSources* merged = last.kept_sources();
        if (!merged) merged = &loaded.emplace(load_and_merge(config, report.warnings, clock));
        Curated curated = curate_and_plan(config, reading, *merged, last, report.warnings);
        clock.lap("notes");
        util::StageTimes parts;
        const render::LocalArtwork* artwork = merged->artwork ? &*merged->artwork : nullptr;
        PageCount pages = render_pages(config, *curated.inputs, artwork, templates, curated.plan, last, out, &parts);
        curated.inputs.reset();
        const bool kept = last.keep_content(curated.content);
        // The pages' cards and data, and what the last build's pages were made from, returned
        // before the feeds' texts grow. (Not when a place that keeps its content rendered some
        // pages: serve after an edit, which freed little and has a page to serve.)
        if (curated.plan.every_page || !kept) util::release_free_memory();
        clock.lap("render");
        count_pages(report, pages, curated, parts);
        if (!options.feeds) {
            last.keep_rest(std::move(loaded), nullptr);
            return report;
        }
        const std::optional<InputFeed> output = reading.output_feed.get();
        FeedSummary feed = write_index_and_feeds(config, merged->input_feeds, output ? &*output : nullptr, options.published,
                                                 std::move(curated.content), kept, out);
        clock.lap("feed");
        count_feed(report, feed, out);
        last.keep_rest(std::move(loaded), &feed.items);
    } catch (const core::InputError& e) {
        // The warnings of the stages that ran are printed with the errors: they often say why.
        std::vector<core::Diagnostic> all = report.warnings;
        all.insert(all.end(), e.diagnostics().begin(), e.diagnostics().end());
        throw core::InputError(std::move(all));
    }
    return report;
}

BuildReport build_site(const config::SiteConfig& config, output::Output& out) {
    LastBuildOnDisk none;
    return build_site(config, out, none);
}

void build_feeds(const config::SiteConfig& config, const MergedSources& merged, std::shared_ptr<render::SiteContent> content,
                 LastBuild& last, output::Output& out) {
    const std::optional<InputFeed> output = last.output_feed(config);
    write_index_and_feeds(config, merged.input_feeds, output ? &*output : nullptr, nullptr, std::move(content), /*kept=*/true, out);
}

}  // namespace pipeline

#include "pipeline/build_site.hpp"

#include <algorithm>
#include <future>
#include <iterator>
#include <utility>

#include "concurrency/memory.hpp"
#include "concurrency/parallel.hpp"
#include "core/episode_dates.hpp"
#include "feed/identity.hpp"
#include "pipeline/plan.hpp"
#include "render/page_frame.hpp"
#include "render/site_renderer.hpp"
#include "site/site_paths.hpp"
#include "stages/notes.hpp"
#include "stages/publish.hpp"

namespace pipeline {

namespace {

using Scope = Change::Scope;

// What a build reads while the sources load and merge: none of it needs the catalog.
// The threads' results are declared after what the threads write into: a build that throws
// before taking them destroys the futures first, and so waits for the threads before the
// places they write are gone.
struct Reading {
    notes::NoteTexts texts;                 // content/'s note files as read (when read without serve's cache)
    notes::NoteFileCache parsed;            // and as parsed, for the last build's notes that are the same
    std::shared_future<void> parsed_ready;  // `parsed` is made (`notes` is the main thread's to take)
    std::future<notes::NoteSet> notes;      // content/'s notes (none after a body edit)
    std::future<notes::NoteSet> recorded;   // the last build's notes, parsed again from its record (to plan from)
    // The feed the output folder holds (when the feeds are written).
    std::future<std::optional<stages::InputFeed>> output_feed;
    std::optional<stages::InputFeed> output_feed_read;  // (once taken)

    // That feed, waited for when first asked (the merge asks for its slugs, the feed stage for
    // its items); none when the feeds are not written.
    const std::optional<stages::InputFeed>& output() {
        if (output_feed.valid()) output_feed_read = output_feed.get();
        return output_feed_read;
    }
};

void start_reading(Reading& r, const config::SiteConfig& config, const LastBuild& was, Change& change,
                   const BuildOptions& options) {
    if (!change.body) {
        notes::NoteFileCache* files = options.caches ? &options.caches->files : &r.parsed;
        notes::NoteTexts* texts = options.caches ? nullptr : &r.texts;
        // The notes as the classifier read them (build), else from their files.
        const bool read = change.note_texts.has_value();
        if (read) r.texts = std::move(*change.note_texts);
        std::promise<void> parsed;
        r.parsed_ready = parsed.get_future().share();
        // (A note the last build parsed, the same bytes now, is not parsed again.)
        r.notes = concurrency::in_background(
            [&config, &r, read, files, texts, kept = &was.note_caches.files, parsed = std::move(parsed)]() mutable {
                notes::NoteSet set = read ? notes::load_notes(r.texts, config.root, kept, files)
                                          : stages::read_notes(config, files, texts);
                // (A link where a note would be is not followed, and said so, however they were read.)
                for (auto& d : notes::note_link_warnings(config.content_dir(), config.root))
                    set.diagnostics.push_back(std::move(d));
                parsed.set_value();
                return set;
            });
    }
    // (After this build's notes: most of the last build's are the same files, parsed once. A
    // failed read leaves `parsed` empty, and its promise broken: ready all the same.)
    if (change.scope == Scope::notes && !was.content)
        r.recorded = concurrency::in_background([&r, &config, &was, ready = r.parsed_ready] {
            ready.wait();
            return notes::load_notes(was.notes, config.root, &r.parsed);
        });
    // Read now, while the build holds little (a large feed's parse is tens of megabytes). After
    // an edit of one note's body the feed stage is not likely to ask (identities_before): read
    // then, if it does.
    auto read = [&config, &was] { return output_feed(was, config); };
    if (options.feeds)
        r.output_feed =
            change.scope == Scope::note_body ? concurrency::when_asked(read) : concurrency::in_background(read);
}

// The sources merged: as the last build kept its merge (`saved`: build, after an edit of notes
// alone), else loaded and merged (and handed to `keep`); then their listening files read. Adds
// their warnings, the same either way (site_of's are not kept: they are made again with it).
stages::MergedSources load_and_merge(const config::SiteConfig& config, std::optional<stages::MergeResult> saved,
                                     const std::function<merge::Published()>& published, const BuildOptions& options,
                                     std::vector<core::Diagnostic>& warnings, concurrency::StageClock& clock) {
    auto merge = [&]() -> stages::MergedSources {
        if (saved) {
            warnings.insert(warnings.end(), std::make_move_iterator(saved->warnings.begin()),
                            std::make_move_iterator(saved->warnings.end()));
            return stages::with_site(config, std::move(saved->catalog), std::move(saved->input_feeds), &warnings);
        }
        std::vector<sources::SourceBatch> batches = stages::load_sources(config);
        clock.lap("load");
        stages::MergeResult merged = stages::merge_sources(config, batches, published());
        // Three steps that only read the merge, at once (one after the other they were a serial
        // fifth of a large archive's merge stage): the sources' records freed (the largest thing
        // in its memory, not held while the pages' texts grow) and that memory returned, the merge
        // kept for the next build, and the site made from it here.
        auto freed = concurrency::in_background([batches = std::move(batches)]() mutable {
            // (Emptied here: the task itself, and what it holds, is let go of with its result,
            // on the main thread.)
            std::vector<sources::SourceBatch>().swap(batches);
            concurrency::release_free_memory();
        });
        std::future<std::function<void(stages::MergeResult&)>> kept;
        if (options.keep_merge) kept = concurrency::in_background([&] { return options.keep_merge(merged); });
        std::vector<core::Diagnostic> site_warnings;
        stages::SiteOf site = stages::site_of(config, merged.catalog, &site_warnings);
        freed.get();
        if (kept.valid())
            if (auto share = kept.get()) share(merged);
        for (auto* said : {&merged.warnings, &site_warnings})
            warnings.insert(warnings.end(), std::make_move_iterator(said->begin()),
                            std::make_move_iterator(said->end()));
        return {std::move(merged.catalog), std::move(site.site), std::move(site.artwork),
                std::move(merged.input_feeds)};
    };
    stages::MergedSources merged = merge();
    clock.lap("merge");
    stages::read_listening(config, merged.catalog, warnings);
    clock.lap("listen");
    return merged;
}

// The content the last build's pages were made from, had again from the notes it recorded;
// null when they do not apply to this catalog (they did when they were built: the record is not
// of these inputs).
std::shared_ptr<const site::SiteContent> remade(const notes::NoteSet& notes, core::Catalog merged,
                                                site::SiteInfo site) {
    try {
        return std::make_shared<const site::SiteContent>(stages::curate(notes, std::move(merged), std::move(site)));
    } catch (const core::InputError&) {
        return nullptr;
    }
}

// What the last build's pages were made from, to plan from after a change to notes: held in
// memory, or made again from the notes it recorded, beside this build's notes stage on a copy
// of the catalog that stage takes. Null otherwise (every page is rendered).
std::future<std::shared_ptr<const site::SiteContent>> content_before(Reading& r, const LastBuild& was,
                                                                     const stages::MergedSources& merged) {
    if (was.content || !r.recorded.valid())
        return concurrency::ready<std::shared_ptr<const site::SiteContent>>(was.content);
    return concurrency::in_background([&r, catalog = merged.catalog, site = merged.site]() mutable {
        return remade(r.recorded.get(), std::move(catalog), std::move(site));
    });
}

// What this build's pages are made from, and which of them the plan renders.
struct Curated {
    std::shared_ptr<site::SiteContent> content;
    std::shared_ptr<const render::RenderInputs> inputs;  // (refers to content)
    PagePlan plan;
    // After an edit of one note's body alone, planned so (build): its episode, and that body as
    // the last build read it, for the search index to patch its own.
    std::optional<search::EditedNote> edited;
    std::future<void> keeping;        // the notes being kept (BuildOptions::keep_notes)
    std::future<void> keeping_texts;  // the episodes' texts being kept (BuildOptions::keep_texts)
};

// The body of the note whose body alone changed, as the last build rendered it (`merged`: the
// catalog before the notes, which its links are resolved in).
std::optional<std::string> body_before(const Change& change, const core::Catalog& merged, const site::SiteInfo& site) {
    if (change.scope != Scope::note_body || !change.note_before) return std::nullopt;
    return notes::body_html(merged, *change.note_before, stages::episode_url(site.paths));
}

// That note's episode and its body before, when the plan renders the pages that read it alone.
std::optional<search::EditedNote> edited_note(const site::SiteContent& content, const PagePlan& plan,
                                              const std::string& file, std::optional<std::string> body) {
    const std::string* slug = content.curation.slug_of_note(file);
    if (!body || !plan.same_pages || !slug) return std::nullopt;
    const auto& episodes = content.catalog.episodes;
    const auto at = std::find_if(episodes.begin(), episodes.end(), [&](const auto& e) { return e.slug == *slug; });
    if (at == episodes.end()) return std::nullopt;
    return search::EditedNote{static_cast<std::size_t>(at - episodes.begin()), std::move(*body)};
}

// A note's body written into the last build's content: the pages that read it are rendered.
Curated apply_body(const config::SiteConfig& config, LastBuild& was, notes::BodyEdit body,
                   const BuildOptions& options) {
    Curated out;
    out.content = was.content;
    const render::DepKey key = render::dep::note(body.slug);
    notes::apply_body_edit(std::move(body), options.caches->apply, out.content->curation);
    out.inputs = was.readers ? was.readers->inputs : std::make_shared<const render::RenderInputs>(config, *out.content);
    out.plan = plan_known({key});
    return out;
}

// The notes applied to the merged sources, the episodes' texts made, what the pages are made
// from prepared, and the plan: from what changed since the last build's content, or from the
// note whose body alone changed.
Curated curate_and_plan(const config::SiteConfig& config, Reading& r, LastBuild& was, stages::MergedSources& merged,
                        const Change& change, const BuildOptions& options, std::vector<core::Diagnostic>& warnings) {
    Curated out;
    auto before = content_before(r, was, merged);  // (first: curate may take the merged catalog)
    std::optional<std::string> body = body_before(change, merged.catalog, merged.site);
    const notes::NoteSet notes = r.notes.get();
    for (const auto& d : notes.diagnostics)  // (its errors are thrown by curate, with the rest)
        if (d.severity == core::Severity::warning) warnings.push_back(d);
    // Held sources stay whole for the next rebuild: the notes change a copy (made ahead).
    core::Catalog catalog = !options.hold ? std::move(merged.catalog)
                            : was.spare   ? std::move(*was.spare)
                                          : merged.catalog;
    was.spare.reset();
    // The bodies the last build rendered, of this merged catalog (`build`: as it kept them; serve
    // keeps its own), are not rendered again; what this build parsed and rendered is kept in turn
    // (`build`, a whole one too), and let go of once written (not held while the pages render).
    notes::ApplyCache* cache = options.caches       ? &options.caches->apply
                               : options.keep_notes ? &was.note_caches.apply
                                                    : nullptr;
    out.content = std::make_shared<site::SiteContent>(stages::curate(notes, std::move(catalog), merged.site, cache));
    if (options.keep_notes)
        out.keeping = concurrency::in_background(
            [&parsed = r.parsed, &keep = options.keep_notes, rendered = std::move(was.note_caches.apply.markdown)] {
                keep(parsed, rendered);
            });
    was.note_caches = {};  // (the notes are parsed and applied)
    // The plan on a thread of its own while the texts are made and the inputs prepared (all only
    // read the content, but for the texts' own member). What the last build's pages were made
    // from is let go of there as soon as the plan is made (on disk it was made again to plan
    // from: it is freed before the pages' data grows).
    auto planning = concurrency::in_background([&out, &change, before_content = before.get()]() mutable {
        PagePlan plan = change.scope == Scope::note_body ? plan_note_body(*out.content, change.note_file)
                                                         : plan_pages(before_content.get(), *out.content);
        before_content.reset();
        return plan;
    });
    stages::add_texts(*out.content, was.content ? was.content->texts.get() : was.texts.get());
    was.texts.reset();
    std::shared_ptr<const site::TextCache> made = out.content->texts;
    if (options.keep_texts && 2 * made->made() > made->size()) {
        // Most texts made here (a large archive's notes and their plain text: 35 MB): kept before
        // the pages render, then read from what was kept, not held beside it.
        if (auto kept = options.keep_texts(*made))
            out.content->texts = std::make_shared<const site::TextCache>(*made, std::move(kept));
    } else if (options.keep_texts && made->made() > 0) {
        out.keeping_texts = concurrency::in_background([made, &keep = options.keep_texts] { keep(*made); });
    }
    out.inputs = std::make_shared<const render::RenderInputs>(config, *out.content);
    out.plan = planning.get();
    out.edited = edited_note(*out.content, out.plan, change.note_file, std::move(body));
    // What the episodes' texts were made from is read again only to make texts anew (serve's
    // next build, which holds the content): a build that holds nothing lets go of it now, not
    // after its pages and feeds (a large archive's descriptions: 7 MB of each stage's peak).
    if (!options.hold)
        for (auto& e : out.content->catalog.episodes) std::string().swap(e.description);
    // What the texts were made from and the texts made, the largest things the notes stage
    // holds, are then returned: the pages' data grows from there. (On a thread of its own,
    // beside the render's start, it slowed the render as much.)
    const bool replaced = out.content->texts != made;
    made.reset();
    if (replaced) concurrency::release_free_memory();
    return out;
}

// The feed.xml the output folder holds (`file`), as the last build wrote it, for the feed
// writer to copy the items of the episodes the plan did not change: none when every page is
// rendered, or when what every item shows or their order changed.
std::optional<feed::FeedBefore> feed_before(const output::PublishedFile* file, const LastBuild& was,
                                            const PagePlan& plan) {
    namespace dep = render::dep;
    const render::ChangedKeys& changed = plan.changed;
    if (!file || !was.feed_items || plan.every_page || changed.contains(dep::site) || changed.contains(dep::order))
        return std::nullopt;
    return feed::FeedBefore{stages::text_of(*file), *was.feed_items, [&changed](const std::string& slug) {
                                return !changed.contains(dep::episode(slug)) && !changed.contains(dep::note(slug)) &&
                                       !changed.contains(dep::listening(slug));
                            }};
}

// The feed apps have from the output folder, for the identity guard to compare this build's
// items with: none when the plan changes one note's body alone and the feed writer copies the
// other items from the last feed.xml (`before`), which then holds the very identities this build
// writes (a note's body is no item's guid, audio, title, date or page), and so cannot differ.
const stages::InputFeed* identities_before(Reading& r, const Curated& curated, bool before) {
    if (before && curated.edited) return nullptr;
    const std::optional<stages::InputFeed>& output = r.output();
    return output ? &*output : nullptr;
}

void count_pages(BuildReport& report, const stages::PageCount& pages, const Curated& curated,
                 concurrency::StageTimes& parts) {
    report.stages.insert(report.stages.end(), parts.begin(), parts.end());
    report.warnings.insert(report.warnings.end(), pages.warnings.begin(), pages.warnings.end());
    report.incremental = !curated.plan.every_page;
    report.body_edit = curated.plan.same_pages;
    report.pages = pages.pages;
    report.pages_rendered = pages.rendered;
    report.episodes = curated.content->catalog.episodes.size();
    report.announced = curated.content->catalog.announced;
    for (const auto& e : curated.content->catalog.episodes)
        if (e.copy) ++report.audio_copies, report.audio_from_copy += e.copy->host_gone;
}

void count_feed(BuildReport& report, const stages::FeedSummary& feed, const output::Output& out) {
    report.feed_items = feed.written.items.size();
    report.feed_pages = feed.pages, report.feed_archived = feed.archived;
    report.left_out_without_audio = feed.left_out_without_audio;
    report.left_out_without_date = feed.left_out_without_date;
    // The linter's first (the CLI shows a few of them: BuildReport::lint_warnings), then the
    // feed's others.
    report.warnings.insert(report.warnings.begin(), feed.warnings.begin(), feed.warnings.end());
    report.warnings.insert(report.warnings.begin(), feed.lint_warnings.begin(), feed.lint_warnings.end());
    report.lint_warnings = feed.lint_warnings.size();
    report.files = out.file_count();
    report.bytes = out.byte_count();
    report.largest = out.largest_file();
}

}  // namespace

BuildReport build_site(const config::SiteConfig& config, output::Output& out, LastBuild& last, Change change,
                       const BuildOptions& options) {
    BuildReport report;
    report.warnings = config.warnings;
    concurrency::StageClock clock(&report.stages);
    // Taken: a build that throws leaves no last build (the next one is whole).
    LastBuild was = std::exchange(last, {});
    if (change.scope == Scope::everything)
        was = LastBuild{.feed_items = std::move(was.feed_items)};  // (nothing else is this build's)
    bool rendering = false;
    try {
        std::shared_ptr<const render::TemplateSet> templates = was.templates;  // first: a broken template fails fast
        if (!templates) templates = std::make_shared<const render::TemplateSet>(render::load_templates(config));
        Reading reading;
        start_reading(reading, config, was, change, options);
        std::shared_ptr<stages::MergedSources> merged = was.sources;
        // (What the site published, whose guids and slugs the episodes keep: asked for only when
        // the sources are merged, which a kept merge already did.)
        const auto published = [&] {
            const std::optional<stages::InputFeed>& output = reading.output();
            return stages::published_items(config, output ? &*output : nullptr, options.published);
        };
        if (!merged)
            merged = std::make_shared<stages::MergedSources>(
                load_and_merge(config, std::move(was.merge), published, options, report.warnings, clock));
        Curated curated = change.body
                              ? apply_body(config, was, std::move(*change.body), options)
                              : curate_and_plan(config, reading, was, *merged, change, options, report.warnings);
        for (const auto& e : curated.content->catalog.episodes)
            if (auto w = core::date_warning(e, options.now)) report.warnings.push_back(std::move(*w));
        // (A page goes only when the sources change: a build of everything.)
        if (change.scope == Scope::everything)
            if (auto w = feed::gone_pages(out.published_under(site::k_episodes_dir), curated.content->catalog,
                                          config.output_dir().string()))
                report.warnings.push_back(std::move(*w));
        clock.lap("notes");
        concurrency::StageTimes parts;
        const site::LocalArtwork* artwork = merged->artwork ? &*merged->artwork : nullptr;
        // The output folder's feed.xml, checked while the pages render, when the feed writer may
        // copy its items.
        std::future<std::unique_ptr<const output::PublishedFile>> feed_file;
        if (options.feeds && !options.hold && was.feed_items && !curated.plan.every_page)
            feed_file = concurrency::in_background([&out] { return out.published("feed.xml"); });
        render::PageSink sink = plan_sink(curated.plan, out, was.pages, was.readers.get());
        const stages::PageRecord record{was.pages, curated.plan.every_page, options.hold};
        // The interface's words and the site's texts written into the templates once: the
        // templates a build holds (serve) were, with the merge they are kept with.
        if (templates != was.templates)
            templates = std::make_shared<const render::TemplateSet>(
                templates->with_constants(render::page_constants(curated.content->site)));
        rendering = true;
        stages::PageCount pages =
            stages::render_pages(config, *curated.inputs, artwork, *templates, sink, record, out, &parts);
        curated.inputs.reset();
        LastBuild next{.pages = std::move(was.pages), .notes = std::move(reading.texts)};
        if (!options.hold) next.texts = curated.content->texts;
        if (options.hold) {
            next.sources = merged;
            next.content = curated.content;
            next.templates = templates;  // (with their constants written in)
            if (curated.content == was.content)
                next.readers = std::move(was.readers);  // (the same pages read the same keys)
        }
        // The pages' cards and data, and what the last build's pages were made from, returned
        // before the feeds' texts grow, after every page was rendered. Not after a few (an
        // edit, in build or serve): that frees little, which the feeds and the record take
        // again at once, and memory given back is zeroed by the system before it is used again
        // (a note edit took about 4% longer for it, with the feed stage's: bench/ab.py).
        if (curated.plan.every_page) concurrency::release_free_memory();
        clock.lap("render");
        count_pages(report, pages, curated, parts);
        if (options.feeds) {
            const auto published_feed = feed_file.valid() ? feed_file.get() : nullptr;
            const std::optional<feed::FeedBefore> before = feed_before(published_feed.get(), was, curated.plan);
            const std::optional<stages::PublishedFeed> from =
                before ? std::optional<stages::PublishedFeed>({*before, *published_feed}) : std::nullopt;
            stages::FeedSummary feed = stages::write_index_and_feeds(
                config, merged->input_feeds, identities_before(reading, curated, before.has_value()),
                options.published ? &options.published->feed : nullptr, std::move(curated.content), options.hold, out,
                from ? &*from : nullptr, curated.edited ? &*curated.edited : nullptr);
            clock.lap("feed");
            count_feed(report, feed, out);
            // What the output folder's feed.xml now holds (serve's, in memory, is not published).
            if (!options.hold) next.feed_items = std::move(feed.written);
        }
        // The files carried over were checked beside the pages and feeds (the output's
        // check_published_ahead): one edited by hand since the last build fails this one, which
        // is then made whole (as when the carry itself found it).
        if (!out.carried_unchanged())
            throw stages::CannotCarryOver("a file of the last build was changed since it was written");
        if (!curated.plan.every_page) clock.lap("check");
        last = std::move(next);
    } catch (const core::InputError& e) {
        // Bad notes, found before any page was rendered, leave the last build as it was: `serve`
        // goes on from its last good state.
        last = rendering ? LastBuild{.feed_items = std::move(was.feed_items)} : std::move(was);
        // The warnings of the stages that ran are printed with the errors: they often say why.
        std::vector<core::Diagnostic> all = report.warnings;
        all.insert(all.end(), e.diagnostics().begin(), e.diagnostics().end());
        throw core::InputError(std::move(all));
    } catch (...) {
        // The output's feed.xml is as it was (nothing of a build that throws is published): a
        // whole build tried next keeps its items as apps know them.
        last = LastBuild{.feed_items = std::move(was.feed_items)};
        throw;
    }
    return report;
}

BuildReport build_site(const config::SiteConfig& config, output::Output& out) {
    LastBuild none;
    return build_site(config, out, none, {});
}

void build_feeds(const config::SiteConfig& config, const LastBuild& last, output::Output& out) {
    const std::optional<stages::InputFeed> output = output_feed(last, config);
    stages::write_index_and_feeds(config, last.sources->input_feeds, output ? &*output : nullptr, nullptr, last.content,
                                  /*held=*/true, out);
}

}  // namespace pipeline

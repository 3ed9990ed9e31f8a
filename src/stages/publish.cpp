#include "stages/publish.hpp"

#include <future>

#include "concurrency/memory.hpp"
#include "concurrency/parallel.hpp"
#include "feed/episode_list.hpp"
#include "feed/feed_writer.hpp"
#include "feed/json_feed.hpp"
#include "feed/lint.hpp"
#include "listening/attachments.hpp"
#include "listening/chapters.hpp"
#include "render/render_inputs.hpp"
#include "render/site_renderer.hpp"
#include "search/index.hpp"

namespace stages {

feed::FeedText text_of(const output::PublishedFile& file) {
    return {file.size(), [&file](std::string& to, std::size_t offset, std::size_t count) {
                return file.append_to(to, offset, count);
            }};
}

namespace {

// Has `out` carry over the last build's pages `sink` did not render (and the files it kept), or
// throws CannotCarryOver.
void carry_over_unrendered(const render::Dependencies& pages, const render::PageSink& sink, output::Output& out) {
    std::vector<std::string_view> unrendered;  // (views: tens of thousands of paths, not copied)
    unrendered.reserve(pages.size() + sink.kept().size());
    for (const auto& [path, keys] : pages)
        if (!sink.was_rendered(path)) unrendered.push_back(path);
    unrendered.insert(unrendered.end(), sink.kept().begin(), sink.kept().end());
    if (!out.carry_over(unrendered)) throw CannotCarryOver("the last build's pages cannot be carried over");
}

}  // namespace

PageCount render_pages(const config::SiteConfig& config, const render::RenderInputs& inputs,
                       const site::LocalArtwork* artwork, const render::TemplateSet& templates, render::PageSink& sink,
                       PageRecord last, output::Output& out, concurrency::StageTimes* parts) {
    render::render_site(inputs, templates, sink, parts);
    concurrency::StageClock clock(parts);
    std::vector<core::Diagnostic> warnings;
    render::copy_static_files(config, inputs.site, artwork, out, warnings);
    clock.lap("render:static");
    if (!last.every_page) {
        // The last build's pages it no longer makes (a topic no episode has any more) are gone;
        // those not rendered again are carried over as they are.
        for (const auto& path : sink.vanished()) out.remove(path);
        if (!last.in_output) carry_over_unrendered(last.pages, sink, out);
        clock.lap("render:carry");
    }
    return {last.pages.size(), sink.rendered(), std::move(warnings)};
}

namespace {

// What a check of the regenerated feed found: errors fail the build, listed all at once.
struct Findings {
    std::vector<core::Diagnostic> errors, warnings;
};

// The regenerated feed must pass the linter: its text (`text`) is read, in parts. The items copied from
// the feed written before are taken as `checked` says; what the check keeps of the others is
// filled in.
Findings lint_findings(const feed::FeedResult& feed, const feed::FeedText& text, std::span<feed::CheckedItem> checked) {
    Findings found;
    // A finding about a value the input feed had is located where the input has it.
    for (const auto& f : feed::lint_feed_by_item(text, feed.item_offsets, checked)) {
        core::SourceLocation input = feed.channel_at;
        if (f.item > 0 && static_cast<std::size_t>(f.item) <= feed.items.size() && !feed.items[f.item - 1].file.empty())
            input = {feed.items[f.item - 1].file, feed.items[f.item - 1].line, 0};
        auto d = feed::to_build_diagnostic(f, input);
        (f.level == feed::LintLevel::error && d.severity == core::Severity::error ? found.errors : found.warnings)
            .push_back(std::move(d));
    }
    return found;
}

// ...and keep every identity of the input feeds and of the feeds apps already know: its items
// are read (`feed.items`, `feed.beyond_limit`), not its text.
Findings identity_findings(const config::SiteConfig& config, const std::vector<InputFeed>& input_feeds,
                           const InputFeed* output_feed, const InputFeed* published, const feed::FeedResult& feed) {
    Findings found;
    // Every item of the archive, those past the feed's limit too: they are kept, only not listed.
    // (A copy only then: tens of thousands of items, on the way to the build's end.)
    std::vector<feed::ItemIdentity> with_pages;
    if (!feed.beyond_limit.empty()) {
        with_pages = feed.items;
        with_pages.insert(with_pages.end(), feed.beyond_limit.begin(), feed.beyond_limit.end());
    }
    const std::vector<feed::ItemIdentity>& archive = feed.beyond_limit.empty() ? feed.items : with_pages;
    std::vector<std::pair<const InputFeed*, feed::Before>> before;
    for (const auto& input : input_feeds) before.emplace_back(&input, feed::Before::input);
    for (const InputFeed* known : {output_feed, published})
        if (known) before.emplace_back(known, feed::Before::published);
    bool said = false;  // (the last build's feed and the published one say the same)
    for (const auto& [feed_before, kind] : before) {
        auto compared =
            feed::compare_identities(archive, feed_before->items, feed_before->file, kind, config.identity_changes);
        found.errors.insert(found.errors.end(), compared.errors.begin(), compared.errors.end());
        if (!said) found.warnings.insert(found.warnings.end(), compared.warnings.begin(), compared.warnings.end());
        said |= !compared.warnings.empty();
    }
    return found;
}

// The linter's warnings, or core::InputError listing every error of both checks. (The
// identities' warnings are not the linter's: FeedSummary::warnings.)
std::vector<core::Diagnostic> passed(Findings lint, const Findings& identities) {
    lint.errors.insert(lint.errors.end(), identities.errors.begin(), identities.errors.end());
    if (!lint.errors.empty()) throw core::InputError(lint.errors);
    return std::move(lint.warnings);
}

// feed.xml as write_feed made it from `before` (or from nothing), stored: its items copied from
// the last one written from file to file when the output can, else in memory. Returns its text
// as written (mapped), or null when it is `feed.xml` (now whole), to be stored by the caller.
// Only the text's parts of `feed` change (the identities are being checked meanwhile): the
// same items written anew are the same items.
std::unique_ptr<const files::MappedFile> store_copied(const config::SiteConfig& config,
                                                      const site::SiteContent& content, feed::FeedResult& feed,
                                                      const PublishedFeed* before, output::Output& out) {
    if (feed.copied.empty()) return nullptr;
    std::vector<output::Splice> runs;
    for (const auto& run : feed.copied) runs.push_back({run.at, run.from, run.count});
    if (auto text = out.add_spliced("feed.xml", feed.xml, runs, before->file)) return text;
    try {
        feed.xml = feed::whole_text(feed, before->before);
        feed.copied.clear();
    } catch (const feed::FeedBeforeUnreadable&) {
        feed::FeedResult again = feed::write_feed(config, content);  // (every item made again)
        feed.xml = std::move(again.xml);
        feed.copied.clear();
        feed.item_offsets = std::move(again.item_offsets);
        feed.checked = std::move(again.checked);
    }
    return nullptr;
}

// The text of a file written in pieces, to check: read back where it was written (`stored`), or
// the output's own copy; when neither can be read, a text whose reading fails (the check says so).
feed::FeedText text_written(const output::Output::Prepared& file, const output::PublishedFile* stored) {
    if (stored) return text_of(*stored);
    if (file.content.size() == file.size) return feed::feed_text(file.content);
    return {file.size, [](std::string&, std::size_t, std::size_t) { return false; }};
}

}  // namespace

FeedSummary write_index_and_feeds(const config::SiteConfig& config, const std::vector<InputFeed>& inputs,
                                  const InputFeed* output_feed, const InputFeed* published,
                                  std::shared_ptr<site::SiteContent> content, bool held, output::Output& out,
                                  const PublishedFeed* before, const search::EditedNote* edited) {
    const core::Catalog& catalog = content->catalog;
    const bool frees = !held;
    // Three independent writers of the same read-only inputs: one each on a core. The feeds are
    // done first; feed.xml's check (its items parsed in pieces, on every core) then runs while
    // feed.xml is stored and beside the search index's last steps. The search index and feed.json
    // are written by their threads as they are made (Output::prepare; feed.json and feed.xml a
    // megabyte at a time, Output::prepare_in_pieces), not held until feed.xml is done: the
    // largest texts of the stage are not in memory at once.
    std::vector<core::Diagnostic> chapter_warnings;  // (the chapters.json files the feed points to)
    for (const auto& e : catalog.episodes)
        if (auto w = listening::past_end_warning(e.chapters, listening::duration_of(e)))
            chapter_warnings.push_back(std::move(*w));
    output::Preparing index(out);
    auto search = concurrency::in_background([&, transcripts = search::transcripts_of(catalog)]() mutable {
        return search::write_index(*content, std::move(transcripts), index, edited);
    });
    // feed.json and the list of episode pages read no note's body: after an edit of one alone,
    // the last build's stay.
    std::future<std::vector<output::Output::Prepared>> json_files;
    if (!edited || !out.carry_over({"feed.json", feed::k_episode_list}))
        json_files = concurrency::in_background([&] {
            return std::vector{
                out.prepare_in_pieces(
                    "feed.json", [&](const output::PieceWriter& write) { feed::write_json_feed(*content, write); }),
                out.prepare_in_pieces(feed::k_episode_list, [&](const output::PieceWriter& write) {
                    feed::write_episode_list(*content, write);
                })};
        });
    // Without a feed before to copy items from, feed.xml is written as it is made and checked
    // where it was written: a large archive's, tens of megabytes, is never whole in memory.
    feed::FeedResult feed;
    std::optional<output::Output::Prepared> in_pieces;
    if (before)
        feed = feed::write_feed(config, *content, &before->before);
    else
        in_pieces = out.prepare_in_pieces("feed.xml", [&](const output::PieceWriter& write) {
            feed = feed::write_feed_in_pieces(config, *content, write);
        });
    // Its items' identities checked at once, beside the rest. Its text, written in pieces or made
    // from the last one, is linted where it was written; else linted while it is stored and the
    // others end (a failed check fails the build, and nothing stored is published then): read
    // where it is, without a copy of a large feed.
    auto identities =
        concurrency::in_background([&] { return identity_findings(config, inputs, output_feed, published, feed); });
    const std::unique_ptr<const files::MappedFile> written = store_copied(config, *content, feed, before, out);
    const std::unique_ptr<const output::PublishedFile> stored = in_pieces ? out.prepared(*in_pieces) : nullptr;
    const feed::FeedText text = in_pieces ? text_written(*in_pieces, stored.get())
                                          : feed::feed_text(written ? written->text() : std::string_view(feed.xml));
    auto lint = concurrency::in_background([&] { return lint_findings(feed, text, feed.checked); });
    if (json_files.valid())
        for (auto& file : json_files.get()) out.add(std::move(file));
    // The search index is the transcripts' last reader, and holds them itself: once the feeds are
    // written, the episodes let go of theirs, so that each is freed as it is indexed (its memory
    // then holds the postings). The input feeds' items were feed.xml's alone, and go too (a large
    // archive's, 30-40 MB, were held while the index and the check grew). (The index reads no
    // episode's transcript or items meanwhile.)
    if (frees)
        for (auto& e : content->catalog.episodes) {
            e.transcript = {};
            e.feed_item_xml = {};
            for (auto& other : e.other_feed_items) other.raw_xml = {};
        }
    if (!written && !in_pieces) out.add_borrowed("feed.xml", feed.xml);
    const std::size_t pages = feed.pages.size();
    for (auto& page : feed.pages)                 // (the check reads none of them)
        out.add(page.path, std::move(page.xml));  // (RFC 5005 archive pages: feed/archive_pages.hpp)
    const std::vector<std::string> carried = search.get();
    index.add_prepared();
    if (!carried.empty() &&
        !out.carry_over({carried.begin(),
                         carried.end()}))  // (a file of the last build's index changed by hand: every page made again)
        throw CannotCarryOver("the last build's search index cannot be carried over");
    // Nothing here reads the content any more: let go of it and, when that frees it, return its
    // memory. (Not when the items of the last feed.xml are copied, after an edit: what the end
    // of a build takes again is the memory freed here; build_site says why.)
    content.reset();
    if (frees && !before) concurrency::release_free_memory();
    // (The checks read the items, which are moved out below.)
    Findings linted = lint.get();
    if (in_pieces) out.add(std::move(*in_pieces));  // (once read: an output in memory holds its text)
    const Findings identified = identities.get();
    auto lint_warnings = passed(std::move(linted), identified);
    std::vector<core::Diagnostic> warnings = std::move(feed.warnings);
    warnings.insert(warnings.end(), identified.warnings.begin(), identified.warnings.end());
    warnings.insert(warnings.end(), chapter_warnings.begin(), chapter_warnings.end());
    return {{std::move(feed.item_offsets), std::move(feed.items), std::move(feed.left_out_of_items),
             std::move(feed.checked)},
            pages,
            feed.beyond_limit.size(),
            feed.left_out_without_audio,
            feed.left_out_without_date,
            std::move(lint_warnings),
            std::move(warnings)};
}

}  // namespace stages

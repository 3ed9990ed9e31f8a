#include "on_disk/folder_build.hpp"

#include <filesystem>
#include <future>
#include <optional>

#include "concurrency/memory.hpp"
#include "concurrency/parallel.hpp"
#include "concurrency/stage_clock.hpp"
#include "core/diagnostic.hpp"
#include "files/files.hpp"
#include "on_disk/fingerprints.hpp"
#include "on_disk/saved_build.hpp"
#include "on_disk/saved_notes.hpp"
#include "on_disk/saved_sources.hpp"
#include "on_disk/saved_texts.hpp"
#include "output/output.hpp"
#include "pipeline/change.hpp"
#include "stages/publish.hpp"

namespace on_disk {

namespace {

// The last build as its record on disk describes it.
pipeline::LastBuild loaded(BuildRecord record) {
    return {.pages = std::move(record.pages), .notes = std::move(record.notes), .feed_items = std::move(record.feed)};
}

// Refuses, before anything is touched, an output folder whose replacement would destroy what
// podarchive did not make: each build swaps a new folder in for the old one whole. site.yaml
// arrives with a cloned archive, so the folder it names must lie inside the project (or be one
// podarchive built before); --output is the user's own word, and may name a new folder anywhere.
void check_output_folder(const config::SiteConfig& config) {
    namespace fs = std::filesystem;
    std::error_code ec;
    const fs::path dir = config.output_dir();
    const fs::path real = fs::weakly_canonical(fs::absolute(dir, ec), ec);
    const fs::path project = fs::weakly_canonical(fs::absolute(config.root, ec), ec);
    const bool from_site_yaml = config.output_at.line > 0;
    const core::SourceLocation at = from_site_yaml ? config.output_at : core::SourceLocation{"--output", 0, 0};
    const std::string shown = "output folder '" + config.output.string() + "'";
    const bool exists = fs::exists(real, ec);
    if (exists && !fs::is_directory(real, ec))
        throw core::InputError(
            core::error_at(at, shown + " is a file (" + real.string() + "); name a folder for the site"));
    const bool ours = exists && output::made_by_podarchive(dir);
    const bool inside = real != project && files::lexically_within(project, real);
    if (from_site_yaml && !inside && !ours)
        throw core::InputError(core::error_at(
            at,
            shown + " is outside the project (" + real.string() +
                "); site.yaml may name only a folder inside the project, since each build replaces the folder whole: "
                "to build elsewhere, say so on the command line (`podarchive build --output " +
                real.string() + "`)"));
    if (exists && !ours && !fs::is_empty(real, ec))
        throw core::InputError(core::error_at(at, shown + " holds files podarchive did not build (" + real.string() +
                                                      "); each build replaces the folder whole, so they would be lost: "
                                                      "move them away, or name a new or empty folder"));
}

// The lock file of the output folder (".<name>.lock" beside it), its folder made when missing.
// One build at a time writes a folder: an incremental build's commit, its manifest, its record
// and its kept merge assume nobody else writes them meanwhile.
std::filesystem::path output_lock_file(const config::SiteConfig& config) {
    const std::filesystem::path file = output::beside(config.output_dir(), ".lock");
    std::error_code ec;
    std::filesystem::create_directories(file.parent_path(), ec);
    return file;
}

// A second build of the folder is refused before it touches anything.
void refuse_unlocked(const config::SiteConfig& config, const files::FileLock& lock, const std::string& error) {
    const std::string why = !lock.busy()
                                ? error
                                : "another podarchive build is writing this folder now" +
                                      (lock.holder().empty() ? std::string() : " (process " + lock.holder() + ")") +
                                      "; run this one when it has finished";
    throw core::InputError(core::error_at({config.output_dir().string(), 0, 0}, why));
}

}  // namespace

FolderBuild build_folder(const config::SiteConfig& config, const stages::PublishedSite* published) {
    // What comes before the stages is timed too (`--verbose`: "inputs", "kept"): after an edit
    // of one note it is a sixth of the build.
    concurrency::StageTimes before_stages;
    concurrency::StageClock clock(&before_stages);
    check_output_folder(config);
    std::string lock_error;  // (held until the folder and its records are written)
    const files::FileLock lock(output_lock_file(config), lock_error, files::FileLock::Kind::own);
    if (!lock.held()) refuse_unlocked(config, lock, lock_error);
    FolderBuild result;
    std::optional<output::DiskOutput> out(std::in_place, config.output_dir());
    // The inputs' fingerprints tell whether a previous build is still current, and whether only
    // notes changed since. Without a previous build they are only recorded for the next one, so
    // they are computed beside this one (hashing every input file takes a large archive's build
    // a tenth of a second).
    // The files' hashes as the last build took them (an unchanged file is not read again), and
    // as this one does. (Before `later`, whose thread writes them: a build that throws waits for
    // it before they are gone.)
    const auto hashes_file = input_hashes_path(config.output_dir());
    const std::optional<InputHashes> known = read_input_hashes(hashes_file);
    InputHashes hashed;
    std::shared_future<Fingerprints> later;
    Fingerprints fingerprints;
    const auto record_file = saved_build_path(config.output_dir());
    const auto merge_file = saved_sources_path(config.output_dir());
    const auto texts_file = saved_texts_path(config.output_dir());
    const auto notes_file = saved_notes_path(config.output_dir());
    pipeline::LastBuild last;
    pipeline::Change change;
    if (out->has_previous_build()) {
        fingerprints = input_fingerprints(config, published, known ? &*known : nullptr, &hashed);
        out->set_fingerprint(fingerprints.all);
        if (out->up_to_date()) {  // the same inputs give the same bytes: nothing to do, nothing touched
            result.up_to_date = true;
            return result;
        }
        // The merge the last build kept, read on another core while its record is read and the
        // change classified (the largest of the kept files: after an edit of notes alone it is
        // needed; after any other edit its key is another, and it is none at once).
        auto merge =
            concurrency::in_background([&] { return read_saved_sources(merge_file, fingerprints.all_but_notes); });
        auto saved = record_of_output(record_file, out->previous_fingerprint());
        if (saved) {
            last = loaded(std::move(saved->record));
            const auto file_hash = [&hashed](const std::string& path) -> std::optional<std::uint64_t> {
                const auto it = hashed.files.find(path);
                return it == hashed.files.end() ? std::nullopt : std::optional(it->second.hash);
            };
            change = pipeline::classify_change(
                config, last,
                {.notes_alone = saved->all_but_notes == fingerprints.all_but_notes, .file_hash = file_hash}, nullptr);
        }
        clock.lap("inputs");
        if (saved && change.scope != pipeline::Change::Scope::everything) {
            out->check_published_ahead();  // (most of the pages will be carried over)
            auto texts =
                concurrency::in_background([&] { return read_saved_texts(texts_file, fingerprints.all_but_notes); });
            if (auto kept = read_saved_notes(notes_file, fingerprints.all_but_notes))
                last.note_caches = std::move(*kept);
            last.merge = merge.get();
            last.texts = texts.get();
            clock.lap("kept");
        }
    } else {
        later = concurrency::in_background([&config, published, &known, &hashed] {
                    return input_fingerprints(config, published, known ? &*known : nullptr, &hashed);
                }).share();
    }
    // The key what this build keeps is kept by (a first build's fingerprints are still being made
    // beside it).
    const auto all_but_notes = [&]() -> const std::string& {
        return later.valid() ? later.get().all_but_notes : fingerprints.all_but_notes;
    };
    // A new merge is kept for the next build at once (it describes the inputs but the notes,
    // whatever becomes of this build), written as it is made; a merge read back is still the
    // one on disk.
    pipeline::BuildOptions options{.published = published};
    options.keep_merge = [&](const stages::MergeResult& merge) -> std::function<void(stages::MergeResult&)> {
        // (one that cannot be written costs the next build the merge; its feed items then stay
        // this build's own)
        auto written = std::make_shared<files::binary::Written>();
        if (!write_saved_sources(merge_file, all_but_notes(), merge.catalog, merge.input_feeds, merge.warnings,
                                 written.get()))
            return {};
        return [written](stages::MergeResult& kept) { share_saved_sources(*written, kept); };
    };
    // (one that cannot be written costs the next build the notes' parse and render)
    options.keep_notes = [&](const notes::NoteFileCache& parsed, const notes::MarkdownCache& rendered) {
        write_saved_notes(notes_file, all_but_notes(), parsed, rendered);
    };
    // (one that cannot be written costs the next build the texts)
    options.keep_texts = [&](const site::TextCache& texts) {
        std::shared_ptr<const site::KeptTexts> kept;
        write_saved_texts(texts_file, all_but_notes(), texts, &kept);
        return kept;
    };
    // (A build of everything holds its memory in small pages: concurrency::use_small_pages.)
    auto build = [&](pipeline::Change what) {
        if (what.scope == pipeline::Change::Scope::everything) concurrency::use_small_pages();
        return pipeline::build_site(config, *out, last, std::move(what), options);
    };
    try {
        result.report = build(std::move(change));
    } catch (const stages::CannotCarryOver&) {
        // A page of the last build was changed by hand or removed: every page is made again
        // (from the last feed's items alone, which the build that threw left in `last`).
        out.reset();  // (its staging folder first: the next one has the same name)
        out.emplace(config.output_dir(), fingerprints.all);
        result.report = build({});
    }
    result.report.stages.insert(result.report.stages.begin(), before_stages.begin(), before_stages.end());
    if (later.valid()) fingerprints = later.get(), out->set_fingerprint(fingerprints.all);
    concurrency::StageClock write_clock(&result.report.stages);  // (from here: "write")
    // The record is written while the output is swapped in, and what the build leaves is let go
    // of there too (the episodes' texts, tens of thousands of strings), not after. A build stopped
    // in between leaves a record that names another build than the manifest does, which no build
    // uses.
    auto saved = concurrency::in_background([&] {
        pipeline::LastBuild done = std::move(last);
        write_saved_build(record_file, {fingerprints.all,
                                        fingerprints.all_but_notes,
                                        {std::move(done.notes), std::move(done.pages),
                                         done.feed_items ? std::move(*done.feed_items) : feed::WrittenFeed{}}});
        write_input_hashes(hashes_file, hashed);  // (one that cannot be costs reading every input)
    });
    out->commit();
    result.files_written = out->files_written();
    out.reset();  // (its tables of tens of thousands of files let go of while the record is written)
    saved.get();
    write_clock.lap("write");
    return result;
}

}  // namespace on_disk

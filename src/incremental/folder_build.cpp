#include "incremental/folder_build.hpp"

#include <chrono>
#include <future>
#include <optional>

#include "incremental/saved_build.hpp"
#include "output/output.hpp"

namespace incremental {

FolderBuild build_folder(const config::SiteConfig& config, const build::InputFeed* published) {
    FolderBuild result;
    std::optional<output::DiskOutput> out(std::in_place, config.output_dir());
    // The inputs' fingerprints tell whether a previous build is still current, and whether only
    // notes changed since. Without a previous build they are only recorded for the next one, so
    // they are computed beside this one (hashing every input file takes a large archive's build
    // a tenth of a second).
    std::future<build::Fingerprints> later;
    build::Fingerprints fingerprints;
    const auto record_file = saved_build_path(config.output_dir());
    std::optional<SavedBuild> last;
    if (out->has_previous_build()) {
        fingerprints = build::input_fingerprints(config, published);
        out->set_fingerprint(fingerprints.all);
        if (out->up_to_date()) {  // the same inputs give the same bytes: nothing to do, nothing touched
            result.up_to_date = true;
            return result;
        }
        last = record_of_output(record_file, out->previous_fingerprint());
    } else {
        later = std::async(std::launch::async, [&config, published] { return build::input_fingerprints(config, published); });
    }
    build::BuildRecord record;
    try {
        result.report = build::build_site(config, *out, {.record = &record, .last = last ? &last->record : nullptr,
                                                         .notes_only = last && last->all_but_notes == fingerprints.all_but_notes,
                                                         .published = published});
    } catch (const build::CannotKeep&) {
        // A page of the last build was changed by hand or removed: every page is made again.
        out.reset();  // (its staging folder first: the next one has the same name)
        out.emplace(config.output_dir(), fingerprints.all);
        result.report = build::build_site(config, *out, {.record = &record, .published = published});
    }
    if (later.valid()) fingerprints = later.get(), out->set_fingerprint(fingerprints.all);
    auto write_started = std::chrono::steady_clock::now();
    // The record is written while the output is swapped in. A build stopped in between leaves a
    // record that names another build than the manifest does, which no build uses.
    auto saved = std::async(std::launch::async, [&] {
        write_saved_build(record_file, {fingerprints.all, fingerprints.all_but_notes, std::move(record)});
    });
    out->commit();
    saved.get();
    result.report.stages.emplace_back("write", std::chrono::duration<double>(std::chrono::steady_clock::now() - write_started).count());
    result.files_written = out->files_written();
    return result;
}

}  // namespace incremental

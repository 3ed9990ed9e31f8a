#pragma once
// What `build` keeps between runs so that, after an edit of notes alone, it renders only the
// pages whose recorded inputs changed (build::build_site's `last`): the record of the build the
// output folder holds (the notes it read, every page and its inputs), in a file beside the
// output folder (".<name>.build-record", never published, like the manifest).
//
// A record is used only for the build it describes: it names that build's input fingerprint,
// which must be the output's (its manifest's), and the fingerprint of every input but the notes,
// which must be the current inputs'. Anything else gets a whole build, which writes a new record.
#include <filesystem>
#include <optional>
#include <string>

#include "build.hpp"

namespace incremental {

struct SavedBuild {
    std::string fingerprint;    // build::Fingerprints::all of the build recorded
    std::string all_but_notes;  // build::Fingerprints::all_but_notes of that build
    build::BuildRecord record;
};

// Where the record of the build in `output_dir` is kept.
std::filesystem::path saved_build_path(const std::filesystem::path& output_dir);

// Writes `saved` (atomically: a reader finds the old record or the new one). False when it
// cannot: the next build is then a whole one.
bool write_saved_build(const std::filesystem::path& file, const SavedBuild& saved);

// The record in `file`, or nothing when there is none or it is damaged (it ends with a hash of
// all it holds).
std::optional<SavedBuild> read_saved_build(const std::filesystem::path& file);

// The record a build of `fingerprints` into an output built from `output_fingerprint` can start
// from: the one in `file` when it describes that output and only the notes changed since.
std::optional<build::BuildRecord> usable_record(const std::filesystem::path& file, const std::string& output_fingerprint,
                                                const build::Fingerprints& fingerprints);

}  // namespace incremental

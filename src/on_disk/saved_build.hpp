#pragma once
// What `build` keeps of its LastBuild (pipeline/last_build.hpp) between runs: the record of the
// build the output folder holds (the notes it read, every page and its inputs, its feed's items
// and where each is in feed.xml), in a file beside the output folder (".<name>.build-record",
// never published, like the manifest). After an edit of notes alone the next build renders only
// the pages whose recorded inputs changed, and copies the feed items of the episodes it did not
// change; after any edit it checks its feed against the recorded items instead of parsing
// feed.xml.
//
// A record is used only for the build it describes: it names that build's input fingerprint,
// which must be the output's (its manifest's); and it is used for an incremental build only when
// the fingerprint of every input but the notes is the current inputs'. Without a usable record a
// build renders every page, and writes a new record.
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "feed/feed_writer.hpp"
#include "feed/identity.hpp"
#include "notes/load_notes.hpp"
#include "render/page_sink.hpp"

namespace on_disk {

// What the file holds of a build.
struct BuildRecord {
    notes::NoteTexts notes;      // the note files the build read, as it read them
    render::Dependencies pages;  // every page and the inputs it read
    // feed.xml's items as the build wrote them, and where each is in it: the next build's feed
    // must keep them (as feed::as_published has them: it need not parse the published feed to
    // learn them), and after an edit of notes copies those of unchanged episodes.
    feed::WrittenFeed feed;
};

// The file's whole content: the record and the fingerprints of the build it is of.
struct SavedBuild {
    std::string fingerprint;    // Fingerprints::all of the build recorded
    std::string all_but_notes;  // Fingerprints::all_but_notes of that build
    BuildRecord record;
};

// Where the record of the build in `output_dir` is kept.
std::filesystem::path saved_build_path(const std::filesystem::path& output_dir);

// Writes `saved` (atomically: a reader finds the old record or the new one). False when it
// cannot: the next build is then a whole one.
bool write_saved_build(const std::filesystem::path& file, const SavedBuild& saved);

// The record in `file`, or nothing when there is none or it is damaged (it ends with a hash of
// all it holds).
std::optional<SavedBuild> read_saved_build(const std::filesystem::path& file);

// The record in `file` when it is of the build whose fingerprint is `output_fingerprint` (the
// output's, from its manifest), else nothing.
std::optional<SavedBuild> record_of_output(const std::filesystem::path& file, const std::string& output_fingerprint);

}  // namespace on_disk

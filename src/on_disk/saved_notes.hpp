#pragma once
// What `build` keeps of its notes (what `serve` holds in memory: notes::NoteFileCache, and
// ApplyCache's bodies rendered), in a file beside the output folder (".<name>.notes", never
// published). The next build after an edit of notes parses only the note files whose bytes
// changed, and renders only the bodies it has not rendered: parsing every note's front matter
// and rendering every body were a quarter of the instructions of a build after one note's edit.
//
// Like the kept merge and texts, it is used only by a build whose inputs but the notes have the
// fingerprint it names: the same podarchive, the same merged catalog (which a body's episode
// links are resolved in) and the same files a note may read under the project's fingerprinted
// folders. A note that names a file of its own (a transcript, a chapters file) is not kept:
// that file may lie where no fingerprint looks, so such a note is parsed again. Every build
// writes it once its notes are applied, a whole build too (on a thread of its own, while the
// pages render): the first edit after a whole build is then as quick as the next.
#include <filesystem>
#include <memory>
#include <optional>
#include <string>

#include "notes/apply_notes.hpp"
#include "notes/load_notes.hpp"
#include "stages/notes.hpp"

namespace on_disk {

// Where the notes of the build in `output_dir` are kept.
std::filesystem::path saved_notes_path(const std::filesystem::path& output_dir);

// Writes `parsed` and `rendered` into `file` for inputs whose fingerprint but the notes is
// `all_but_notes` (atomically). False when it cannot (the next build parses and renders every
// note again).
bool write_saved_notes(const std::filesystem::path& file, const std::string& all_but_notes,
                       const notes::NoteFileCache& parsed, const notes::MarkdownCache& rendered);

// The notes kept in `file` (as the caches `serve` keeps: parsed files, rendered bodies) when
// they are of inputs whose fingerprint but the notes is `all_but_notes`; nothing when there are
// none, they are damaged, or of other inputs.
std::optional<stages::NoteCaches> read_saved_notes(const std::filesystem::path& file, const std::string& all_but_notes);

}  // namespace on_disk

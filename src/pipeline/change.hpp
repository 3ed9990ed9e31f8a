#pragma once
// The one classifier: what a change since the last build needs, for `build` and `serve` alike.
// `serve` knows which files changed (the watcher names them); `build` knows whether anything
// but the notes did (the inputs' fingerprints). Both ask here; the sequence (build_site.hpp)
// follows the answer, and the planner (plan.hpp) picks the pages from it.
#include <cstdint>
#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "config/site_config.hpp"
#include "notes/apply_notes.hpp"
#include "notes/load_notes.hpp"
#include "pipeline/last_build.hpp"
#include "stages/notes.hpp"

namespace pipeline {

// What changed since the last build, as the caller knows it.
struct ChangedInputs {
    // The files that changed (serve: the watcher names every one; their paths as it gives them).
    std::optional<std::vector<std::filesystem::path>> files{};
    // Without `files` (build: from the inputs' fingerprints): nothing but note files (the notes
    // load_notes reads) changed.
    bool notes_alone = false;
    // (build) A file's hash as the fingerprints took it (files::Hasher::add_file's), when they
    // did: a note whose recorded text has that hash is not read again to classify the change.
    std::function<std::optional<std::uint64_t>(const std::string& path)> file_hash{};
};

// What a build must do.
struct Change {
    enum class Scope {
        everything,  // load and merge the sources, apply every note, render every page
        notes,  // the sources are the last build's: every note applied again, the pages whose inputs changed rendered
        note_body,  // one note's body alone: the pages that read that note rendered
    };
    Scope scope = Scope::everything;
    // note_body, when the last build's content is held (serve): the new body, rendered, which is
    // written into that content. Without it (build), every note is applied again, as for `notes`.
    std::optional<notes::BodyEdit> body{};
    // note_body without `body`: the note file whose body changed, as notes name their file, and
    // the note as the last build read it (its body is what the last build's search index read).
    std::string note_file{};
    std::shared_ptr<const notes::EpisodeNote> note_before{};
    // build, after an edit of notes: every note file as read to classify the change, which the
    // notes stage parses rather than reading the files again (a save in between cannot make
    // the plan and the content disagree). Nothing: the notes stage reads the files.
    std::optional<notes::NoteTexts> note_texts{};
};

// Classifies what changed since `last`. Anything but notes, or no last build to start from:
// everything. With `files` and `caches` (serve's), the notes named are taken out of the
// cache (the others are not read again: NoteFileCache::verify); an edit of one note's body alone
// is then told apart when `last` holds its content, and the file is read back into the cache.
// Without `files` (build), every note file is read and compared with those `last` read: an edit
// of one episode note's body alone (notes::body_alone_changed) is told apart the same way.
Change classify_change(const config::SiteConfig& config, const LastBuild& last, const ChangedInputs& changed,
                       stages::NoteCaches* caches);

// True when `path` lies in a folder of notes (notes::note_folders).
bool in_note_folder(const config::SiteConfig& config, const std::filesystem::path& path);

}  // namespace pipeline

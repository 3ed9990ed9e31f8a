#include "pipeline/change.hpp"

#include <algorithm>
#include <string_view>
#include <unordered_map>

#include "files/files.hpp"
#include "files/hash.hpp"

namespace pipeline {

namespace fs = std::filesystem;

namespace {

// A note file changed since the last build, and the note it held then.
struct EditedNote {
    std::string path;                                  // its path in the note cache
    std::shared_ptr<const notes::EpisodeNote> before;  // nullptr: none, or one with problems
};

bool notes_only(const config::SiteConfig& config, const std::vector<fs::path>& changed) {
    return !changed.empty() && std::all_of(changed.begin(), changed.end(), [&](const fs::path& p) {
        return !p.filename().empty() && p.extension() == ".md" && in_note_folder(config, p);
    });
}

// The edited files, taken out of the note cache: the watcher named every file that changed, so
// the other notes are not read again.
std::vector<EditedNote> take_edited(const std::vector<fs::path>& changed, notes::NoteFileCache& files) {
    std::vector<EditedNote> edited;
    for (const auto& path : changed) {
        fs::path want = fs::absolute(path).lexically_normal();
        std::erase_if(files.files, [&](const auto& entry) {
            fs::path p(entry.first);
            if (p.filename() != want.filename() || fs::absolute(p).lexically_normal() != want) return false;
            const auto& e = entry.second;
            edited.push_back({entry.first, e.diagnostics.empty() ? e.episode : nullptr});
            return true;
        });
    }
    files.verify = false;
    return edited;
}

// The note files whose bytes are the ones the last build read, as `file_hash` tells: their texts
// as its record has them (reading two thousand small files is most of classifying an edit).
notes::KnownText recorded_texts(const LastBuild& last, const ChangedInputs& changed) {
    if (!changed.file_hash) return {};
    std::unordered_map<std::string_view, const std::string*> by_path;
    for (const auto& note : last.notes) by_path.emplace(note.path, &note.text);
    return
        [by_path = std::move(by_path), &file_hash = changed.file_hash](const std::string& path) -> const std::string* {
            const auto it = by_path.find(path);
            if (it == by_path.end()) return nullptr;
            const std::optional<std::uint64_t> now = file_hash(path);
            files::Hasher recorded;
            recorded.add(*it->second);  // (as the fingerprints' Hasher::add_file hashed the file)
            return now && *now == recorded.digest() ? it->second : nullptr;
        };
}

// build: the note files now, against those the last build read (its record). One episode note
// whose body alone changed is an edit of that body.
Change from_record(const config::SiteConfig& config, const LastBuild& last, const ChangedInputs& changed) {
    Change change{Change::Scope::notes};
    change.note_texts = notes::read_note_texts(config.content_dir(), recorded_texts(last, changed));
    if (!change.note_texts || change.note_texts->size() != last.notes.size()) return change;
    const notes::NoteText* edited = nullptr;
    const notes::NoteText* was = nullptr;
    for (std::size_t i = 0; i < last.notes.size(); ++i) {
        const notes::NoteText& now = (*change.note_texts)[i];
        if (now.path != last.notes[i].path || now.page != last.notes[i].page) return change;
        if (now.text == last.notes[i].text) continue;
        if (edited) return change;
        edited = &now, was = &last.notes[i];
    }
    if (!edited || edited->page) return change;
    // Each read as load_notes reads every note, and only a note without problems.
    const notes::NoteSet before = notes::load_notes(notes::NoteTexts{*was}, config.root);
    const notes::NoteSet after = notes::load_notes(notes::NoteTexts{*edited}, config.root);
    if (!before.diagnostics.empty() || !after.diagnostics.empty() || before.episodes.size() != 1 ||
        after.episodes.size() != 1 || !notes::body_alone_changed(*before.episodes[0], *after.episodes[0]))
        return change;
    change.scope = Change::Scope::note_body;
    change.note_file = after.episodes[0]->file;
    change.note_before = before.episodes[0];
    return change;
}

}  // namespace

bool in_note_folder(const config::SiteConfig& config, const fs::path& path) {
    const fs::path p = fs::weakly_canonical(path);
    const auto folders = notes::note_folders(config.content_dir());
    return std::any_of(folders.begin(), folders.end(), [&](const fs::path& folder) {
        return files::lexically_within(fs::weakly_canonical(folder), p);
    });
}

Change classify_change(const config::SiteConfig& config, const LastBuild& last, const ChangedInputs& changed,
                       stages::NoteCaches* caches) {
    const bool notes_alone = changed.files ? notes_only(config, *changed.files) : changed.notes_alone;
    if (last.pages.empty() || !notes_alone) return {};
    if (!changed.files) return from_record(config, last, changed);
    Change change{Change::Scope::notes};
    if (!caches) return change;
    const std::vector<EditedNote> edited = take_edited(*changed.files, caches->files);
    if (edited.size() != 1 || !edited[0].before || !last.content || !last.sources) return change;
    // Read alone; kept in the cache, where reading every note finds it if they are all needed.
    const auto& now = caches->files.files[edited[0].path] = notes::read_episode_note_file(edited[0].path, config.root);
    if (!now.episode || !now.diagnostics.empty()) return change;
    change.body =
        notes::body_edit(last.sources->catalog, *edited[0].before, *now.episode,
                         stages::episode_url(last.content->site.paths), caches->apply, last.content->curation);
    if (change.body) change.scope = Change::Scope::note_body;
    return change;
}

}  // namespace pipeline

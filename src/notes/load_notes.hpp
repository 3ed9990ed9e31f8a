#pragma once
// Reads content/episodes/*.md and content/pages/*.md (front matter + markdown).
#include <array>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "notes/note.hpp"

namespace notes {

// Parses one episode note. Problems (broken YAML, unknown keys, wrong types) are added to
// `diagnostics` as FILE:LINE:COL errors with the file's real line numbers.
EpisodeNote parse_episode_note(std::string_view text, const std::string& file,
                               std::vector<core::Diagnostic>& diagnostics);

// Parses one page of content/pages the same way (its slug `default_slug` unless it names one).
PageNote parse_page(std::string_view text, const std::string& file, const std::string& default_slug,
                    std::vector<core::Diagnostic>& diagnostics);

// Parsed note files kept between builds by `serve`: a file whose bytes are unchanged is not
// parsed again. (Bytes, not modification times: those are only as fine as the kernel's clock
// tick, and an editor can save twice within one.)
struct NoteFileCache {
    struct Entry {
        std::uint64_t hash = 0;
        std::shared_ptr<const EpisodeNote> episode;
        std::optional<PageNote> page;
        std::vector<core::Diagnostic> diagnostics;
    };
    std::unordered_map<std::string, Entry> files;  // by path
    // False when the caller knows which files changed and removed their entries (serve, told by
    // inotify): the others are used without reading them again.
    bool verify = true;
};

// The folders notes are read from: content/episodes (episode notes) and content/pages (pages).
std::array<std::filesystem::path, 2> note_folders(const std::filesystem::path& content_dir);
// Tells a file load_notes reads (a .md file under one of note_folders(), compared lexically)
// from any other. The folders are normalised once: a build asks of every input file.
class NoteFileTest {
public:
    explicit NoteFileTest(const std::filesystem::path& content_dir);
    bool operator()(const std::filesystem::path& file) const;

private:
    std::array<std::filesystem::path, 2> m_folders;
};

// The note files a build read, as it read them. `build` keeps them beside its output: the next
// build applies them again to learn what an edit of notes changed (src/on_disk/saved_build.hpp).
struct NoteText {
    bool page = false;  // under content/pages (else content/episodes)
    std::string path;   // as load_notes listed it
    std::string text;

    friend bool operator==(const NoteText&, const NoteText&) = default;
};
using NoteTexts = std::vector<NoteText>;

// Reads every .md file under content/episodes and content/pages (sorted by path; symbolic links
// are not followed). `root` is the project folder, for the paths shown in messages. With
// `cache`, unchanged files are taken from it and the cache is brought up to date. `texts`
// (optional, only without a cache) receives each file's text.
NoteSet load_notes(const std::filesystem::path& content_dir, const std::filesystem::path& root,
                   NoteFileCache* cache = nullptr, NoteTexts* texts = nullptr);

// The text a note file (by its path) is known to hold without reading it, or null: it is read.
// Called on several threads at once.
using KnownText = std::function<const std::string*(const std::string& path)>;

// Every note file load_notes reads, as it is now, unparsed; nothing when one cannot be read
// (load_notes then says why). What `build` compares with the notes its last build read. A file
// `known` has a text for is not read (build: its bytes are the same as the last build read).
std::optional<NoteTexts> read_note_texts(const std::filesystem::path& content_dir, const KnownText& known = {});

// The notes of texts load_notes gave (or read_note_texts), as load_notes makes them, without
// reading a note file. A text `parsed` holds (a cache load_notes filled) as it is now is not
// parsed again; `fill`, when given, receives every text's entry by path.
NoteSet load_notes(const NoteTexts& texts, const std::filesystem::path& root, const NoteFileCache* parsed = nullptr,
                   NoteFileCache* fill = nullptr);

// A warning for each symbolic link in content/episodes and content/pages, which no note is read
// from (load_notes and read_note_texts do not follow one: it could lead out of the project).
// `root` is the project folder, for the paths shown.
std::vector<core::Diagnostic> note_link_warnings(const std::filesystem::path& content_dir,
                                                 const std::filesystem::path& root);

// One episode note (a file under content/episodes), read and parsed as load_notes does: what
// `serve` reads after a save before it knows whether the other notes are needed too.
NoteFileCache::Entry read_episode_note_file(const std::filesystem::path& path, const std::filesystem::path& root);

}  // namespace notes

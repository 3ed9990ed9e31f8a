#pragma once
// What content/ holds: episode notes and pages, as read from their files (not yet applied).
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/diagnostic.hpp"
#include "core/listening.hpp"
#include "dates/dates.hpp"
#include "dates/durations.hpp"

namespace notes {

struct Located {
    std::string value;
    core::SourceLocation at;

    friend bool operator==(const Located&, const Located&) = default;
};

struct NoteLink {
    std::string title;
    std::string url;

    friend bool operator==(const NoteLink&, const NoteLink&) = default;
};

// content/episodes/<anything>.md
struct EpisodeNote {
    std::string file;  // as shown in messages and provenance ("content/episodes/x.md")
    Located episode;   // which episode: slug, guid or exact title
    std::optional<std::string> title;
    std::optional<std::string> summary;
    std::vector<std::string> topics;
    std::vector<std::string> guests;
    std::vector<Located> related;  // episode references
    std::vector<std::string> errata;
    std::vector<NoteLink> links;
    bool draft = false;
    // Fields of the episode the note overrides.
    std::optional<dates::Timestamp> date;
    std::optional<dates::Duration> duration;
    std::optional<std::string> description;
    std::optional<std::string> image;
    std::optional<std::string> url;
    std::optional<int> number;
    std::optional<int> season;
    std::optional<NoteLink> transcript;   // {url, type}: title holds the type
    std::optional<std::string> chapters;  // a URL the feed's podcast:chapters points to
    // Chapters the note lists ("- 12:34 Topic") or names a JSON file of, by start; `chapters_at`
    // is where (the list, or the file).
    std::optional<std::vector<core::Chapter>> chapter_list;
    core::SourceLocation chapters_at;
    bool chapters_from_show_notes = true;  // false: timestamps in the show notes are not chapters
    // A transcript file the note names (relative to the project), and what was read from it.
    std::optional<Located> transcript_file;
    std::string transcript_type;
    std::optional<Located> chapters_file;
    core::SharedTranscript transcript_read;
    std::string body;  // markdown
    int body_line = 1;

    friend bool operator==(const EpisodeNote&, const EpisodeNote&) = default;
};

// content/pages/<slug>.md
struct PageNote {
    std::string file;
    std::string slug;
    std::string title;
    std::string description;
    int order = 0;
    bool nav = true;
    bool draft = false;
    std::string body;
    int body_line = 1;
};

struct NoteSet {
    // Shared with serve's cache of parsed files: an edit does not copy every other note.
    std::vector<std::shared_ptr<const EpisodeNote>> episodes;
    std::vector<PageNote> pages;
    std::vector<core::Diagnostic> diagnostics;
};

}  // namespace notes

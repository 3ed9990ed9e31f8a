#pragma once
// Reads content/episodes/*.md and content/pages/*.md (front matter + markdown).
#include <filesystem>
#include <string_view>

#include "notes/note.hpp"

namespace notes {

// Front-matter keys (README.md, "Curated notes").
const std::vector<std::string>& episode_note_keys();
const std::vector<std::string>& page_keys();

// Parses one episode note. Problems (broken YAML, unknown keys, wrong types) are added to
// `diagnostics` as FILE:LINE:COL errors with the file's real line numbers.
EpisodeNote parse_episode_note(std::string_view text, const std::string& file, std::vector<core::Diagnostic>& diagnostics);

PageNote parse_page(std::string_view text, const std::string& file, const std::string& default_slug,
                    std::vector<core::Diagnostic>& diagnostics);

// Reads every .md file under content/episodes and content/pages (sorted by path; symbolic links
// are not followed). `root` is the project folder, for the paths shown in messages.
NoteSet load_notes(const std::filesystem::path& content_dir, const std::filesystem::path& root);

}  // namespace notes

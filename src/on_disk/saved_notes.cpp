#include "on_disk/saved_notes.hpp"

#include <algorithm>
#include <utility>
#include <vector>

#include "on_disk/saved_fields.hpp"
#include "output/output.hpp"

namespace on_disk {

namespace {

constexpr std::string_view k_magic = "podarchive notes 2\n";  // (2: RenderedMarkdown::wide_row_line)

using Parsed = std::vector<std::pair<std::string, notes::NoteFileCache::Entry>>;
using Rendered = std::vector<std::pair<std::string, notes::RenderedMarkdown>>;

// A note whose parse read no other file: all it says comes from its own bytes.
bool self_contained(const notes::NoteFileCache::Entry& e) {
    return !e.episode || (!e.episode->transcript_file && !e.episode->chapters_file && !e.episode->transcript_read);
}

// The entries of a hashed map, by key: the same notes give the same bytes.
template <class Map, class Keep>
std::vector<std::pair<std::string, typename Map::mapped_type>> by_key(const Map& map, Keep keep) {
    std::vector<std::pair<std::string, typename Map::mapped_type>> out;
    for (const auto& [key, value] : map)
        if (keep(value)) out.emplace_back(key, value);
    std::sort(out.begin(), out.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
    return out;
}

}  // namespace

std::filesystem::path saved_notes_path(const std::filesystem::path& output_dir) {
    return output::beside(output_dir, ".notes");
}

bool write_saved_notes(const std::filesystem::path& file, const std::string& all_but_notes,
                       const notes::NoteFileCache& parsed, const notes::MarkdownCache& rendered) {
    return write_keyed(file, k_magic, nullptr, all_but_notes, by_key(parsed.files, self_contained),
                       by_key(rendered, [](const auto&) { return true; }));
}

std::optional<stages::NoteCaches> read_saved_notes(const std::filesystem::path& file,
                                                   const std::string& all_but_notes) {
    auto kept = read_keyed<std::pair<Parsed, Rendered>>(file, k_magic, all_but_notes);
    if (!kept) return std::nullopt;
    stages::NoteCaches caches;
    caches.files.files.reserve(kept->first.size());
    for (auto& [path, entry] : kept->first) caches.files.files.emplace(std::move(path), std::move(entry));
    caches.apply.markdown.reserve(kept->second.size());
    for (auto& [key, body] : kept->second) caches.apply.markdown.emplace(std::move(key), std::move(body));
    return caches;
}

}  // namespace on_disk

#include "notes/load_notes.hpp"

#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <atomic>
#include <optional>

#include "concurrency/parallel.hpp"
#include "core/slug.hpp"
#include "dates/durations.hpp"
#include "files/files.hpp"
#include "files/hash.hpp"
#include "listening/chapters.hpp"
#include "listening/transcript.hpp"
#include "net/url.hpp"
#include "notes/front_matter.hpp"
#include "text/strings.hpp"
#include "text/text_position.hpp"
#include "text/unicode.hpp"
#include "text/yaml_message.hpp"

namespace notes {

namespace fs = std::filesystem;

namespace {

// Reads front-matter values, turning yaml-cpp's 0-based marks into the file's own lines.
struct Reader {
    std::string file;
    std::string_view text;  // the whole file, for the offending line in messages
    int yaml_line = 2;
    std::vector<core::Diagnostic>& out;
    std::optional<text::LineIndex> lines{};  // of `text`, made at the first message

    core::SourceLocation at(const YAML::Mark& mark) const {
        return {file, mark.line < 0 ? yaml_line : yaml_line + mark.line, mark.column < 0 ? 0 : mark.column + 1};
    }
    void error(const YAML::Mark& mark, std::string message) {
        auto where = at(mark);
        out.push_back(core::error_at(where, std::move(message), text::line_text(lines, text, where.line)));
    }
    bool string(const YAML::Node& v, const std::string& key, std::string& dest) {
        if (!v.IsScalar()) {
            error(v.Mark(), "'" + key + "' must be a string");
            return false;
        }
        dest = text::sanitize_utf8(v.Scalar());
        return true;
    }
    std::optional<std::string> optional_string(const YAML::Node& v, const std::string& key) {
        std::string s;
        if (!string(v, key, s)) return std::nullopt;
        return s;
    }
    std::vector<std::string> strings(const YAML::Node& v, const std::string& key) {
        std::vector<std::string> items;
        if (!v.IsSequence()) {
            error(v.Mark(), "'" + key + "' must be a list (for one item: " + key + ": [item])");
            return items;
        }
        for (const auto& item : v) {
            std::string s;
            if (string(item, key + " item", s) && !text::trim(s).empty()) items.emplace_back(text::trim(s));
        }
        return items;
    }
    bool boolean(const YAML::Node& v, const std::string& key) {
        std::string s = v.IsScalar() ? text::ascii_lower(v.Scalar()) : "";
        if (s == "true" || s == "yes") return true;
        if (s != "false" && s != "no") error(v.Mark(), "'" + key + "' must be true or false");
        return false;
    }
    std::optional<int> positive(const YAML::Node& v, const std::string& key) {
        long long n = 0;
        if (v.IsScalar() && text::parse_uint(v.Scalar(), n) && n > 0 && n < 1000000) return static_cast<int>(n);
        error(v.Mark(), "'" + key + "' must be a positive whole number");
        return std::nullopt;
    }
    std::optional<std::string> link(const YAML::Node& v, const std::string& key) {
        std::string s;
        if (!string(v, key, s)) return std::nullopt;
        if (net::is_http_url(s)) return s;
        error(v.Mark(), "'" + key + "' must be an absolute http(s) URL");
        return std::nullopt;
    }
    // A file of the project's, named relative to its folder: not absolute, not a URL, and not
    // leading out of it.
    bool relative_file(const YAML::Node& v, const std::string& value, const std::string& key) {
        std::filesystem::path p(value);
        bool escapes = p.is_absolute() || value.empty() || value.find(':') != std::string::npos;
        for (const auto& part : p.lexically_normal()) escapes = escapes || part == "..";
        if (escapes)
            error(v.Mark(), "'" + key +
                                "' must be an http(s) URL or a file inside the project, relative to its folder "
                                "(content/transcripts/episode-1.vtt)");
        return !escapes;
    }
    void unknown(const YAML::Node& key_node, const std::string& key, const std::vector<std::string>& valid) {
        std::string near = text::nearest_word(key, valid);
        error(key_node.Mark(),
              "unknown front-matter key '" + key + "'" +
                  (near.empty() ? "; valid keys are: " + text::join(valid, ", ") : "; did you mean '" + near + "'?"));
    }
};

// Parses the front matter into a YAML map, or reports why it cannot.
std::optional<YAML::Node> front_matter_map(std::string_view text, const std::string& file, FrontMatter& fm,
                                           std::vector<core::Diagnostic>& out, bool required) {
    bool unclosed = false;
    auto split = split_front_matter(text, unclosed);
    if (unclosed) {
        out.push_back(core::error_at({file, 1, 1}, "front matter opened with '---' is never closed with '---'"));
        return std::nullopt;
    }
    if (!split) {
        if (required)
            out.push_back(
                core::error_at({file, 1, 1}, "expected front matter: '---' on the first line, YAML keys, then '---'"));
        fm.body = std::string(text);
        fm.body_line = 1;
        return std::nullopt;
    }
    fm = *split;
    Reader r{file, text, fm.yaml_line, out};
    try {
        YAML::Node node = YAML::Load(fm.yaml);
        if (node.IsNull()) return YAML::Node(YAML::NodeType::Map);
        if (!node.IsMap()) {
            r.error(node.Mark(), "front matter must be YAML keys and values (key: value)");
            return std::nullopt;
        }
        return node;
    } catch (const YAML::Exception& e) {
        r.error(e.mark, text::yaml_message(e));
        return std::nullopt;
    }
}

// `chapters:` is a list of lines ("- 12:34 Topic"), a JSON chapters file of the project's, or a
// URL (where the regenerated feed's podcast:chapters points).
void read_chapters(Reader& r, const YAML::Node& v, EpisodeNote& n) {
    if (v.IsSequence()) {
        std::vector<core::Chapter> list;
        for (const auto& item : v) {
            std::string line;
            if (!r.string(item, "chapters item", line)) continue;
            if (auto chapter = listening::parse_chapter_line(line))
                list.push_back(std::move(*chapter));
            else
                r.error(item.Mark(),
                        "cannot read chapter '" + line + "'; expected a time and a title, such as \"12:34 Topic\"");
        }
        n.chapter_list = std::move(list);
        n.chapters_at = r.at(v.Mark());
        return;
    }
    std::string value;
    if (!r.string(v, "chapters", value)) return;
    value = std::string(text::trim(value));
    if (net::is_http_url(value))
        n.chapters = value;
    else if (r.relative_file(v, value, "chapters"))
        n.chapters_file = Located{value, r.at(v.Mark())};
}

void read_related(Reader& r, const std::string&, const YAML::Node& v, EpisodeNote& n) {
    if (!v.IsSequence()) return r.error(v.Mark(), "'related' must be a list of episode slugs, guids or titles");
    for (const auto& item : v) {
        std::string s;
        if (r.string(item, "related item", s)) n.related.push_back({std::string(text::trim(s)), r.at(item.Mark())});
    }
}

void read_links(Reader& r, const std::string&, const YAML::Node& v, EpisodeNote& n) {
    if (!v.IsSequence()) return r.error(v.Mark(), "'links' must be a list of {title, url}");
    for (const auto& item : v) {
        if (!item.IsMap() || !item["url"]) {
            r.error(item.Mark(), "each entry of 'links' needs 'url' (and 'title')");
            continue;
        }
        for (const auto& kv : item)
            if (kv.first.Scalar() != "title" && kv.first.Scalar() != "url")
                r.unknown(kv.first, kv.first.Scalar(), {"title", "url"});
        auto url = r.link(item["url"], "url");
        std::string title;
        if (item["title"]) r.string(item["title"], "title", title);
        if (url) n.links.push_back({title.empty() ? *url : title, *url});
    }
}

// A URL (the feed points there), or a file of the project's; either alone or with its type.
void read_transcript(Reader& r, const std::string& key, const YAML::Node& v, EpisodeNote& n) {
    const YAML::Node& where = v.IsMap() ? (v["url"] ? v["url"] : v["file"]) : v;
    if (!where || !where.IsScalar())
        return r.error(v.Mark(), "'transcript' must be a URL, a file, or {url, type} / {file, type}");
    std::string type;
    if (v.IsMap()) {
        for (const auto& kv : v)
            if (kv.first.Scalar() != "url" && kv.first.Scalar() != "file" && kv.first.Scalar() != "type")
                r.unknown(kv.first, kv.first.Scalar(), {"url", "file", "type"});
        if (v["type"]) r.string(v["type"], "transcript type", type);
    }
    std::string value;
    if (!r.string(where, key, value)) return;
    value = std::string(text::trim(value));
    if (net::is_http_url(value)) {
        n.transcript = NoteLink{type.empty() ? "text/vtt" : type, value};
    } else if (r.relative_file(where, value, key)) {
        n.transcript_file = Located{value, r.at(where.Mark())};
        n.transcript_type = type;
    }
}

// A key a note's front matter may have, and how its value is read into the note. Each kind of
// note has one table of them, in the order messages list them: a new key is one entry there
// (and its field in the note).
template <typename Note>
struct FrontMatterKey {
    const char* name;
    void (*read)(Reader& r, const std::string& key, const YAML::Node& value, Note& note);
};

template <typename Note, std::size_t N>
std::vector<std::string> key_names(const FrontMatterKey<Note> (&table)[N]) {
    std::vector<std::string> names;
    for (const auto& entry : table) names.emplace_back(entry.name);
    return names;
}

// Reads every key of `map` through `table`; a key not in it is an error naming the nearest.
template <typename Note, std::size_t N>
void read_keys(Reader& r, const YAML::Node& map, const FrontMatterKey<Note> (&table)[N], Note& note) {
    static const std::vector<std::string> names = key_names(table);
    for (const auto& kv : map) {
        const std::string key = kv.first.Scalar();
        const auto* entry =
            std::find_if(std::begin(table), std::end(table), [&](const auto& e) { return key == e.name; });
        if (entry != std::end(table))
            entry->read(r, key, kv.second, note);
        else
            r.unknown(kv.first, key, names);
    }
}

const FrontMatterKey<EpisodeNote> k_episode_keys[] = {
    {"episode",
     [](Reader& r, const std::string& key, const YAML::Node& v, EpisodeNote& n) {
         std::string s;
         if (r.string(v, key, s)) n.episode = {std::string(text::trim(s)), r.at(v.Mark())};
     }},
    {"title", [](Reader& r, const std::string& key, const YAML::Node& v,
                 EpisodeNote& n) { n.title = r.optional_string(v, key); }},
    {"summary", [](Reader& r, const std::string& key, const YAML::Node& v,
                   EpisodeNote& n) { n.summary = r.optional_string(v, key); }},
    {"topics",
     [](Reader& r, const std::string& key, const YAML::Node& v, EpisodeNote& n) { n.topics = r.strings(v, key); }},
    {"guests",
     [](Reader& r, const std::string& key, const YAML::Node& v, EpisodeNote& n) { n.guests = r.strings(v, key); }},
    {"related", read_related},
    {"errata",
     [](Reader& r, const std::string& key, const YAML::Node& v, EpisodeNote& n) { n.errata = r.strings(v, key); }},
    {"links", read_links},
    {"draft",
     [](Reader& r, const std::string& key, const YAML::Node& v, EpisodeNote& n) { n.draft = r.boolean(v, key); }},
    {"date",
     [](Reader& r, const std::string& key, const YAML::Node& v, EpisodeNote& n) {
         std::string s;
         if (r.string(v, key, s) && !(n.date = dates::parse_any_date(s)))
             r.error(v.Mark(), "cannot read date '" + s + "'; expected 2024-08-04 or 2024-08-04T01:47:46+00:00");
     }},
    {"duration",
     [](Reader& r, const std::string& key, const YAML::Node& v, EpisodeNote& n) {
         std::string s;
         if (r.string(v, key, s) && !(n.duration = dates::parse_duration(s)))
             r.error(v.Mark(), dates::unreadable_duration("duration", s, "seconds, MM:SS, H:MM:SS or '17 min'"));
     }},
    {"description", [](Reader& r, const std::string& key, const YAML::Node& v,
                       EpisodeNote& n) { n.description = r.optional_string(v, key); }},
    {"image", [](Reader& r, const std::string& key, const YAML::Node& v, EpisodeNote& n) { n.image = r.link(v, key); }},
    {"url", [](Reader& r, const std::string& key, const YAML::Node& v, EpisodeNote& n) { n.url = r.link(v, key); }},
    {"number",
     [](Reader& r, const std::string& key, const YAML::Node& v, EpisodeNote& n) { n.number = r.positive(v, key); }},
    {"season",
     [](Reader& r, const std::string& key, const YAML::Node& v, EpisodeNote& n) { n.season = r.positive(v, key); }},
    {"transcript", read_transcript},
    {"chapters", [](Reader& r, const std::string&, const YAML::Node& v, EpisodeNote& n) { read_chapters(r, v, n); }},
    {"chapters_from_show_notes", [](Reader& r, const std::string& key, const YAML::Node& v,
                                    EpisodeNote& n) { n.chapters_from_show_notes = r.boolean(v, key); }},
};

const FrontMatterKey<PageNote> k_page_keys[] = {
    {"title", [](Reader& r, const std::string& key, const YAML::Node& v, PageNote& p) { r.string(v, key, p.title); }},
    {"slug",
     [](Reader& r, const std::string& key, const YAML::Node& v, PageNote& p) {
         std::string s;
         if (!r.string(v, key, s)) return;
         p.slug = core::slugify(s);
         if (!core::is_safe_path_segment(p.slug)) r.error(v.Mark(), "'slug' must give a usable URL segment");
     }},
    {"description",
     [](Reader& r, const std::string& key, const YAML::Node& v, PageNote& p) { r.string(v, key, p.description); }},
    {"order",
     [](Reader& r, const std::string&, const YAML::Node& v, PageNote& p) {
         long long n = 0;
         bool negative = v.IsScalar() && v.Scalar().starts_with("-");
         if (v.IsScalar() && text::parse_uint(negative ? v.Scalar().substr(1) : v.Scalar(), n) && n < 100000)
             p.order = static_cast<int>(negative ? -n : n);
         else
             r.error(v.Mark(), "'order' must be a whole number");
     }},
    {"nav", [](Reader& r, const std::string& key, const YAML::Node& v, PageNote& p) { p.nav = r.boolean(v, key); }},
    {"draft", [](Reader& r, const std::string& key, const YAML::Node& v, PageNote& p) { p.draft = r.boolean(v, key); }},
};

}  // namespace

EpisodeNote parse_episode_note(std::string_view text, const std::string& file, std::vector<core::Diagnostic>& out) {
    EpisodeNote note;
    note.file = file;
    FrontMatter fm;
    auto map = front_matter_map(text, file, fm, out, true);
    note.body = fm.body;
    note.body_line = fm.body_line;
    if (!map) return note;
    Reader r{file, text, fm.yaml_line, out};
    read_keys(r, *map, k_episode_keys, note);
    if (note.episode.value.empty())
        out.push_back(core::error_at(
            {file, 1, 1}, "missing 'episode': say which episode this note is about (its slug, guid or exact title)"));
    return note;
}

PageNote parse_page(std::string_view text, const std::string& file, const std::string& default_slug,
                    std::vector<core::Diagnostic>& out) {
    PageNote page;
    page.file = file;
    page.slug = default_slug;
    FrontMatter fm;
    auto map = front_matter_map(text, file, fm, out, true);
    page.body = fm.body;
    page.body_line = fm.body_line;
    if (!map) return page;
    Reader r{file, text, fm.yaml_line, out};
    read_keys(r, *map, k_page_keys, page);
    if (page.title.empty()) out.push_back(core::error_at({file, fm.yaml_line, 1}, "missing 'title'"));
    return page;
}

namespace {

std::vector<fs::path> markdown_files(const fs::path& dir) {
    std::vector<fs::path> files = files::files_under(dir);
    std::erase_if(files, [](const fs::path& p) { return p.extension() != ".md"; });
    return files;
}

// A note's path as messages and provenance show it: relative to the project.
std::string shown(const fs::path& p, const fs::path& root) {
    // Notes are listed under the project's content/, so the relative path is almost always
    // lexical; fs::relative resolves every folder of both paths (a dozen system calls a note).
    auto lexical = p.lexically_normal().lexically_relative(root.lexically_normal());
    if (!lexical.empty() && *lexical.begin() != "..") return lexical.generic_string();
    std::error_code ec;
    auto rel = fs::relative(p, root, ec);
    return (ec || rel.empty() ? p : rel).generic_string();
}

// The file's text, or an error in `e` (empty then). Bytes that are not UTF-8 are read as
// Windows-1252, with a warning in `e`: every later reader (the parse, the record of the notes a
// build read, the body an edit compares) has the text so.
std::optional<std::string> read_note_text(const fs::path& p, const fs::path& root, NoteFileCache::Entry& e) {
    try {
        std::string text = files::read_file(p, 4u << 20, files::Links::refuse);
        text::StrayBytes stray;
        if (auto read = text::stray_bytes_as_1252(text, stray)) {
            e.diagnostics.push_back(core::warning_at({shown(p, root), stray.line, 0},
                                                     text::stray_bytes_message(stray, "save the note as UTF-8")));
            return read;
        }
        return text;
    } catch (const files::FileError& err) {
        e.diagnostics.push_back(core::error_at({shown(p, root), 0, 0}, err.what()));
        return std::nullopt;
    }
}

// The transcript and chapters files a note names, read: a file that cannot be read, or reads
// as nothing, is an error at the note's line (the maintainer named it); what a readable file
// has wrong is a warning in that file.
void read_note_files(EpisodeNote& note, const fs::path& root, std::vector<core::Diagnostic>& out) {
    auto read = [&](const Located& name) -> std::optional<std::string> {
        try {
            return files::read_file_within(root, root / name.value, 64u << 20);
        } catch (const files::FileError& err) {
            out.push_back(core::error_at(name.at, "cannot read '" + name.value + "': " + err.what()));
            return std::nullopt;
        }
    };
    if (note.transcript_file) {
        if (auto text = read(*note.transcript_file)) {
            auto format = listening::transcript_format(note.transcript_type, note.transcript_file->value);
            listening::TranscriptRead t = listening::read_transcript(*text, format, note.transcript_file->value);
            out.insert(out.end(), t.warnings.begin(), t.warnings.end());
            if (t.transcript.segments.empty()) {
                out.push_back(core::warning_at(
                    note.transcript_file->at,
                    "'" + note.transcript_file->value +
                        "' has no transcript text podarchive can read; the episode is shown without it"));
            } else {
                note.transcript_read = core::SharedTranscript(std::move(t.transcript));
            }
        }
    }
    if (note.chapters_file) {
        if (auto text = read(*note.chapters_file)) {
            listening::ChaptersRead c = listening::read_chapters_json(*text, note.chapters_file->value);
            out.insert(out.end(), c.warnings.begin(), c.warnings.end());
            note.chapter_list = std::move(c.chapters);
            note.chapters_at = {note.chapters_file->value, 1, 0};
        }
    }
}

void parse_episode_entry(const std::string& text, const std::string& file, const fs::path& root,
                         NoteFileCache::Entry& e) {
    EpisodeNote note = parse_episode_note(text, file, e.diagnostics);
    read_note_files(note, root, e.diagnostics);
    e.episode = std::make_shared<const EpisodeNote>(std::move(note));
}

// Parses a note file's text into its cache entry: a page (under content/pages) or an episode note.
void parse_entry(bool page, const fs::path& p, const fs::path& root, const std::string& text, NoteFileCache::Entry& e) {
    if (page)
        e.page = parse_page(text, shown(p, root), core::slugify(p.stem().string()), e.diagnostics);
    else
        parse_episode_entry(text, shown(p, root), root, e);
}

void add_to(NoteSet& set, const NoteFileCache::Entry& e) {
    if (e.episode) set.episodes.push_back(e.episode);
    if (e.page) set.pages.push_back(*e.page);
    set.diagnostics.insert(set.diagnostics.end(), e.diagnostics.begin(), e.diagnostics.end());
}

}  // namespace

std::array<fs::path, 2> note_folders(const fs::path& content_dir) {
    return {content_dir / "episodes", content_dir / "pages"};
}

NoteFileTest::NoteFileTest(const fs::path& content_dir) : m_folders(note_folders(content_dir)) {
    for (fs::path& folder : m_folders) folder = folder.lexically_normal();
}

bool NoteFileTest::operator()(const fs::path& file) const {
    if (file.extension() != ".md") return false;
    const fs::path f = file.lexically_normal();
    return std::any_of(m_folders.begin(), m_folders.end(),
                       [&](const fs::path& folder) { return files::lexically_within(folder, f); });
}

std::vector<core::Diagnostic> note_link_warnings(const fs::path& content_dir, const fs::path& root) {
    std::vector<core::Diagnostic> out;
    for (const fs::path& folder : note_folders(content_dir)) {
        for (const fs::path& link : files::links_under(folder))
            out.push_back(core::link_not_followed(shown(link, root),
                                                  "so no note is read from it: put the note's file itself here"));
    }
    return out;
}

NoteFileCache::Entry read_episode_note_file(const fs::path& path, const fs::path& root) {
    NoteFileCache::Entry e;
    if (auto text = read_note_text(path, root, e)) {
        e.hash = files::content_hash(*text);
        parse_episode_entry(*text, shown(path, root), root, e);
    }
    return e;
}

namespace {

// Every note file, in the order load_notes adds them, and whether it is a page.
std::vector<std::pair<fs::path, bool>> note_paths(const fs::path& content_dir) {
    const auto [episodes, pages] = note_folders(content_dir);
    std::vector<std::pair<fs::path, bool>> paths;
    for (auto& p : markdown_files(episodes)) paths.emplace_back(std::move(p), false);
    for (auto& p : markdown_files(pages)) paths.emplace_back(std::move(p), true);
    return paths;
}

}  // namespace

std::optional<NoteTexts> read_note_texts(const fs::path& content_dir, const KnownText& known) {
    const auto paths = note_paths(content_dir);
    std::vector<std::optional<std::string>> read(paths.size());
    std::atomic<bool> failed = false;
    concurrency::parallel_for(paths.size(), 16, [&](std::size_t i) {
        if (const std::string* text = known ? known(paths[i].first.string()) : nullptr) {
            read[i] = *text;
            return;
        }
        NoteFileCache::Entry unread;  // (what load_notes would say of a file it cannot read)
        read[i] = read_note_text(paths[i].first, content_dir, unread);
        if (!read[i]) failed = true;
    });
    if (failed) return std::nullopt;
    NoteTexts texts;
    texts.reserve(paths.size());
    for (std::size_t i = 0; i < paths.size(); ++i)
        texts.push_back({paths[i].second, paths[i].first.string(), std::move(*read[i])});
    return texts;
}

NoteSet load_notes(const fs::path& content_dir, const fs::path& root, NoteFileCache* cache, NoteTexts* texts) {
    if (cache && !cache->files.empty() && texts)
        throw std::logic_error("load_notes: texts are only given without a cache, or an empty one");
    // Every file's entry is made on its own (read and parsed on every core: a large archive has
    // thousands of notes), then they are added in path order.
    const auto paths = note_paths(content_dir);
    std::vector<NoteFileCache::Entry> entries(paths.size());
    std::vector<std::optional<std::string>> read(texts ? paths.size() : 0);
    // The cached entry of an unchanged file, or a new one, parsed. (Each piece moves only its
    // own file's entry out of the cache.)
    concurrency::parallel_for(paths.size(), 16, [&](std::size_t i) {
        const auto& [p, page] = paths[i];
        NoteFileCache::Entry& e = entries[i];
        NoteFileCache::Entry* cached = nullptr;
        if (cache)
            if (auto it = cache->files.find(p.string()); it != cache->files.end()) cached = &it->second;
        if (cached && !cache->verify) {
            e = std::move(*cached);
            return;
        }
        auto text = read_note_text(p, root, e);
        if (!text) return;
        const std::uint64_t hash = files::content_hash(*text);
        if (cached && cached->hash == hash) {
            e = std::move(*cached);
            return;
        }
        e.hash = hash;
        parse_entry(page, p, root, *text, e);
        if (texts) read[i] = std::move(*text);
    });
    NoteSet set;
    NoteFileCache fresh;
    fresh.files.reserve(paths.size());
    for (std::size_t i = 0; i < paths.size(); ++i) {
        if (texts && read[i]) texts->push_back({paths[i].second, paths[i].first.string(), std::move(*read[i])});
        add_to(set, fresh.files[paths[i].first.string()] = std::move(entries[i]));
    }
    if (cache) fresh.verify = cache->verify, *cache = std::move(fresh);
    return set;
}

NoteSet load_notes(const NoteTexts& texts, const fs::path& root, const NoteFileCache* parsed, NoteFileCache* fill) {
    std::vector<NoteFileCache::Entry> entries(texts.size());
    concurrency::parallel_for(texts.size(), 16, [&](std::size_t i) {
        const NoteText& t = texts[i];
        const std::uint64_t hash = files::content_hash(t.text);
        if (parsed)
            if (auto it = parsed->files.find(t.path); it != parsed->files.end() && it->second.hash == hash) {
                entries[i] = it->second;
                return;
            }
        entries[i].hash = hash;
        parse_entry(t.page, fs::path(t.path), root, t.text, entries[i]);
    });
    NoteSet set;
    for (std::size_t i = 0; i < texts.size(); ++i) {
        add_to(set, entries[i]);
        if (fill) fill->files[texts[i].path] = std::move(entries[i]);
    }
    return set;
}

}  // namespace notes

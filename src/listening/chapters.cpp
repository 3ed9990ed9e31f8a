#include "listening/chapters.hpp"

#include <algorithm>
#include <nlohmann/json.hpp>

#include "listening/timecode.hpp"
#include "net/url.hpp"
#include "text/strings.hpp"
#include "text/text_position.hpp"
#include "text/unicode.hpp"

namespace listening {

namespace {

constexpr std::size_t k_max_chapters = 2000;  // more is not a chapter list anyone reads
constexpr std::size_t k_max_title_chars = 300;

std::string clean_title(std::string_view title) {
    std::string t = text::collapse_whitespace(text::sanitize_utf8(title));
    return std::string(text::truncate_code_points(t, k_max_title_chars));
}

// The line of the `index`-th object of the "chapters" array: nlohmann gives no positions, so
// the file's text is scanned for the objects' opening braces at the array's depth.
std::vector<std::size_t> object_offsets(std::string_view text) {
    std::vector<std::size_t> offsets;
    std::size_t key = text.find("\"chapters\"");
    if (key == std::string_view::npos) return offsets;
    std::size_t at = text.find('[', key);
    if (at == std::string_view::npos) return offsets;
    int depth = 0;
    bool in_string = false;
    for (std::size_t i = at; i < text.size(); ++i) {
        char c = text[i];
        if (in_string) {
            if (c == '\\')
                ++i;
            else if (c == '"')
                in_string = false;
            continue;
        }
        if (c == '"')
            in_string = true;
        else if (c == '[' || c == '{') {
            if (depth == 1 && c == '{') offsets.push_back(i);
            ++depth;
        } else if (c == ']' || c == '}') {
            if (--depth == 0) break;
        }
    }
    return offsets;
}

bool is_separator(char c) {
    return c == '-' || c == ':' || c == '|' || c == '.' || c == ')' || c == ']';
}

}  // namespace

ChaptersRead read_chapters_json(std::string_view text, const std::string& file) {
    ChaptersRead read;
    text::StrayBytes stray;
    const std::optional<std::string> read_1252 = text::stray_bytes_as_1252(text, stray);
    if (read_1252) {
        read.warnings.push_back(core::warning_at({file, stray.line, 0},
                                                 text::stray_bytes_message(stray, "save the chapters file as UTF-8")));
        text = *read_1252;
    }
    nlohmann::json doc = nlohmann::json::parse(text, nullptr, false);
    if (doc.is_discarded() || !doc.is_object() || !doc.contains("chapters") || !doc["chapters"].is_array()) {
        read.warnings.push_back(core::warning_at(
            {file, 1, 0},
            "not a chapters file: expected the Podcasting 2.0 JSON chapters format, {\"version\": \"1.2.0\", "
            "\"chapters\": [{\"startTime\": 0, \"title\": \"Intro\"}, ...]}; the episode has no chapters from it"));
        return read;
    }
    const auto offsets = object_offsets(text);
    text::LineIndex lines(text);
    const auto& list = doc["chapters"];
    std::size_t i = 0;
    for (; i < list.size() && read.chapters.size() < k_max_chapters; ++i) {
        const auto& c = list[i];
        int line = i < offsets.size() ? lines.at(offsets[i]).line : 0;
        std::optional<double> start =
            c.is_object() && c.contains("startTime") ? json_time(c["startTime"]) : std::nullopt;
        if (!start) {
            read.warnings.push_back(core::warning_at(
                {file, line, 0},
                "chapter " + std::to_string(i + 1) +
                    " has no usable \"startTime\" (seconds from the start, such as 754.5); it is left out"));
            continue;
        }
        core::Chapter chapter;
        chapter.start = *start;
        if (c.contains("title") && c["title"].is_string()) chapter.title = clean_title(c["title"].get<std::string>());
        // A chapter's link and image are republished (chapters.json, the page): only http(s)
        // addresses, never javascript: or data:.
        for (auto [key, target] : {std::pair{"url", &chapter.url}, std::pair{"img", &chapter.image}}) {
            if (!c.contains(key) || !c[key].is_string()) continue;
            std::string value(text::trim(text::sanitize_utf8(c[key].get<std::string>())));
            if (net::is_http_url(value))
                *target = std::move(value);
            else if (!value.empty())
                read.warnings.push_back(
                    core::warning_at({file, line, 0}, "chapter " + std::to_string(i + 1) + "'s \"" + key + "\" (" +
                                                          std::string(text::truncate_code_points(value, 60)) +
                                                          ") is not an http(s) address; it is left out"));
        }
        if (c.contains("toc") && c["toc"].is_boolean()) chapter.listed = c["toc"].get<bool>();
        if (chapter.title.empty()) chapter.title = "Chapter " + std::to_string(read.chapters.size() + 1);
        read.chapters.push_back(std::move(chapter));
    }
    if (i < list.size())
        read.warnings.push_back(core::warning_at({file, 1, 0}, "the file has " + std::to_string(list.size()) +
                                                                   " chapters; the " + std::to_string(list.size() - i) +
                                                                   " after the " + std::to_string(k_max_chapters) +
                                                                   "th are left out (no listener pages through more)"));
    return read;
}

std::optional<core::Chapter> parse_chapter_line(std::string_view line) {
    line = text::trim(line);
    // Bullets and list markers before the time: "- 12:34 Topic", "* (12:34) Topic".
    while (!line.empty() && (line.front() == '-' || line.front() == '*' || line.front() == '+' || line.front() == ' '))
        line.remove_prefix(1);
    auto time_at_front = [&](std::string_view s, std::string_view& rest) -> std::optional<double> {
        bool bracket = !s.empty() && (s.front() == '(' || s.front() == '[');
        if (bracket) s.remove_prefix(1);
        std::size_t end = 0;
        while (end < s.size() && ((s[end] >= '0' && s[end] <= '9') || s[end] == ':' || s[end] == '.')) ++end;
        while (end > 0 && (s[end - 1] == ':' || s[end - 1] == '.')) --end;  // "12:34: Topic", "12:34. Topic"
        std::string_view stamp = s.substr(0, end);
        if (stamp.find(':') == std::string_view::npos) return std::nullopt;  // "2021 was..." is no time
        auto t = parse_timecode(stamp);
        if (!t) return std::nullopt;
        rest = s.substr(end);
        if (bracket) {
            if (rest.empty() || (rest.front() != ')' && rest.front() != ']')) return std::nullopt;
            rest.remove_prefix(1);
        }
        return t;
    };
    std::string_view rest;
    auto start = time_at_front(line, rest);
    std::string_view title;
    if (start) {
        rest = text::trim(rest);
        while (!rest.empty() && is_separator(rest.front())) rest = text::trim(rest.substr(1));
        title = rest;
    } else {
        // "Topic (12:34)" or "Topic - 12:34".
        std::size_t cut = line.find_last_of(" \t");
        if (cut == std::string_view::npos) return std::nullopt;
        std::string_view tail = line.substr(cut + 1), head;
        start = time_at_front(tail, head);  // (brackets too: "(12:34)")
        if (!start || !text::trim(head).empty()) return std::nullopt;
        title = text::trim(line.substr(0, cut));
        while (!title.empty() && is_separator(title.back())) title = text::trim(title.substr(0, title.size() - 1));
    }
    if (title.empty()) return std::nullopt;
    core::Chapter chapter;
    chapter.start = *start;
    chapter.title = clean_title(title);
    return chapter;
}

std::vector<core::Chapter> chapters_in_show_notes(std::string_view plain) {
    std::vector<core::Chapter> found;
    for (std::string_view line : text::split_lines(plain)) {
        if (line.size() > 400) continue;  // a paragraph, not a chapter line
        auto chapter = parse_chapter_line(line);
        if (!chapter) continue;
        // A chapter list runs forward in time; one that goes back starts a new list (two
        // episodes' timestamps in one text): keep the first.
        if (!found.empty() && chapter->start <= found.back().start) {
            if (found.size() >= 2) break;
            found.clear();
        }
        found.push_back(std::move(*chapter));
        if (found.size() >= k_max_chapters) break;
    }
    if (found.size() < 2) found.clear();
    return found;
}

void set_chapters(core::Episode& e, core::Chapters chapters) {
    settle(chapters.list);
    if (chapters.empty())
        e.sources.erase("chapters");
    else
        e.sources.set("chapters", {chapters.from.source, chapters.from.file, chapters.from.line});
    e.chapters = std::move(chapters);
}

void settle(std::vector<core::Chapter>& chapters) {
    std::stable_sort(chapters.begin(), chapters.end(), [](const auto& a, const auto& b) { return a.start < b.start; });
    chapters.erase(
        std::unique(chapters.begin(), chapters.end(), [](const auto& a, const auto& b) { return a.start == b.start; }),
        chapters.end());
}

std::optional<core::Diagnostic> past_end_warning(const core::Chapters& chapters, std::optional<double> duration) {
    if (!duration || *duration <= 0) return std::nullopt;
    auto first =
        std::find_if(chapters.list.begin(), chapters.list.end(), [&](const auto& c) { return c.start > *duration; });
    if (first == chapters.list.end()) return std::nullopt;
    const auto past = chapters.list.end() - first;
    return core::warning_at({chapters.from.file, chapters.from.line, 0},
                            std::to_string(past) + (past == 1 ? " chapter starts" : " chapters start") +
                                " past the episode's end (" + format_timecode(*duration) + "): \"" + first->title +
                                "\" at " + format_timecode(first->start) +
                                "; correct its time, or the episode's duration");
}

std::string chapters_json(const std::vector<core::Chapter>& chapters) {
    nlohmann::ordered_json list = nlohmann::ordered_json::array();
    for (const auto& c : chapters) {
        nlohmann::ordered_json item;
        item["startTime"] = c.start;
        item["title"] = c.title;
        // (only http(s) links are ever republished, whoever wrote the chapter: a note too)
        if (net::is_http_url(c.url)) item["url"] = c.url;
        if (net::is_http_url(c.image)) item["img"] = c.image;
        if (!c.listed) item["toc"] = false;
        list.push_back(std::move(item));
    }
    nlohmann::ordered_json doc;
    doc["version"] = "1.2.0";
    doc["chapters"] = std::move(list);
    return doc.dump(1, '\t', false, nlohmann::json::error_handler_t::replace) + "\n";
}

}  // namespace listening

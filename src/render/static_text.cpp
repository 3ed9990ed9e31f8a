#include "render/static_text.hpp"

namespace render {

namespace {

// Fewer components than this are left as they are: a run costs kainjow a lookup and a copy of
// its text (render_variable copies an unescaped value), about what two components cost.
constexpr std::size_t k_fewest_components = 3;

// kainjow blanks a line (drops it with its line break) only when nothing but spaces and tabs
// was rendered into it (line_buffer_state::is_empty_or_contains_only_whitespace).
bool blank(std::string_view line) {
    return line.find_first_not_of(" \t") == std::string_view::npos;
}

// The components kainjow makes of a line's static text: a space or a tab each, and each word.
std::size_t components(std::string_view line) {
    std::size_t n = 0;
    bool in_word = false;
    for (char c : line) {
        if (c == ' ' || c == '\t')
            ++n, in_word = false;
        else if (!in_word)
            ++n, in_word = true;
    }
    return n;
}

// Adds `text` as the next run: its text to the runs, its tag to the template.
void add_run(std::string text, StaticText& out) {
    out.text += "{{{";
    out.text += k_static_mark;
    out.text += std::to_string(out.runs.size());
    out.text += "}}}";
    out.runs.emplace_back(text);
}

// Static text between two tags, marked: `text` split at its line breaks into lines, and each
// stretch of lines a run, or left as it is when too short to gain. A line break stays a
// component of its own unless the lines on both sides of it hold more than blanks. kainjow
// drops a line only when it is blank where it ends: the line before such a break is written
// whatever else it holds, and the line after it ends holding text too, with or without the
// break, so joining the break into the run changes nothing kainjow decides about lines.
void mark_text(std::string_view text, StaticText& out) {
    std::string run;             // the lines of the current run, with the breaks between them
    std::size_t run_pieces = 0;  // the components kainjow would make of it
    auto end_run = [&] {
        if (run_pieces >= k_fewest_components)
            add_run(run, out);
        else
            out.text += run;
        run.clear();
        run_pieces = 0;
    };
    // The line from `start`, and where it ends (its break, or npos).
    auto line_from = [&](std::size_t start) {
        const std::size_t end = text.find_first_of("\r\n", start);
        return std::pair{text.substr(start, end == std::string_view::npos ? std::string_view::npos : end - start), end};
    };
    for (auto [line, end] = line_from(0);;) {
        run += line;
        run_pieces += components(line);
        if (end == std::string_view::npos) break;
        const std::size_t break_size = text.compare(end, 2, "\r\n") == 0 ? 2 : 1;
        const auto [next_line, next_end] = line_from(end + break_size);
        if (!blank(line) && !blank(next_line)) {
            run.append(text.substr(end, break_size));
            ++run_pieces;
        } else {
            end_run();
            out.text.append(text.substr(end, break_size));
        }
        line = next_line, end = next_end;
    }
    end_run();
}

// A part of the template (read_template): its static text in runs, its tags as they are. False
// when the part has a tag that changes the delimiters or is not closed.
bool mark_part(std::string_view tmpl, StaticText& out) {
    return read_template(
        tmpl, [&](std::size_t from, std::size_t to) { mark_text(tmpl.substr(from, to - from), out); },
        [&](const TemplateTag& tag) {
            out.text.append(tmpl.substr(tag.begin, tag.end - tag.begin));
            return true;
        });
}

}  // namespace

std::optional<StaticText> mark_static_text(const std::string& tmpl) {
    if (tmpl.find(k_static_mark) != std::string::npos) return std::nullopt;
    StaticText out;
    out.text.reserve(tmpl.size());
    if (!mark_part(tmpl, out)) return std::nullopt;
    if (out.runs.empty()) return std::nullopt;
    return out;
}

}  // namespace render

#include "sources/json_lines.hpp"

#include <algorithm>

#include "text/text_position.hpp"

namespace sources {

core::Diagnostic json_syntax_error(std::string_view text, const SourceInfo& info, const nlohmann::json::exception& e) {
    std::string what = e.what();
    if (auto pos = what.find("] "); pos != std::string::npos)
        what = what.substr(pos + 2);  // drop "[json.exception...]"
    const auto* syntax = dynamic_cast<const nlohmann::json::parse_error*>(&e);
    if (!syntax) return core::error_at({info.file, 0, 0}, "malformed JSON: " + what);
    auto at = text::line_column_at(text, syntax->byte > 0 ? syntax->byte - 1 : 0);
    return core::error_at({info.file, at.line, at.column}, "malformed JSON: " + what, text::line_text(text, at.line));
}

namespace {
std::size_t count_lines(std::string_view text) {
    return static_cast<std::size_t>(std::count(text.begin(), text.end(), '\n'));
}
}  // namespace

std::vector<JsonSpan> json_object_spans(std::string_view text, int depth) {
    std::vector<JsonSpan> spans;
    JsonSpan open;
    int level = 0, line = 1;
    for (std::size_t i = 0; i < text.size(); ++i) {
        char c = text[i];
        if (c == '\n') {
            ++line;
        } else if (c == '"') {
            // A string, skipped whole to its closing quote (one not escaped by an odd run of
            // backslashes): most of a listing is its descriptions.
            std::size_t from = i + 1;
            std::size_t quote = from;
            while ((quote = std::min(text.find('"', quote), text.size())) < text.size()) {
                std::size_t backslashes = 0;
                while (quote - backslashes > from && text[quote - backslashes - 1] == '\\') ++backslashes;
                if (backslashes % 2 == 0) break;
                ++quote;
            }
            line += static_cast<int>(count_lines(text.substr(from, quote - from)));  // (none in valid JSON)
            i = quote;
        } else if (c == '{' || c == '[') {
            if (level == depth && c == '{') open.begin = i, open.first_line = line;
            ++level;
        } else if (c == '}' || c == ']') {
            --level;
            if (level == depth && c == '}') {
                open.end = i + 1, open.last_line = line;
                spans.push_back(open);
            }
        }
    }
    return spans;
}

int json_key_line(std::string_view text, const JsonSpan& span, const std::string& key) {
    std::string_view object = text.substr(span.begin, span.end - span.begin);
    std::size_t at = object.find("\"" + key + "\"");
    if (at == std::string_view::npos) return span.first_line;
    return span.first_line + static_cast<int>(count_lines(object.substr(0, at)));
}

}  // namespace sources

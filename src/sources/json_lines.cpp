#include "sources/json_lines.hpp"

#include "util/text_position.hpp"

namespace sources {

core::Diagnostic json_syntax_error(std::string_view text, const SourceInfo& info, const nlohmann::json::exception& e) {
    std::string what = e.what();
    if (auto pos = what.find("] "); pos != std::string::npos) what = what.substr(pos + 2);  // drop "[json.exception...]"
    const auto* syntax = dynamic_cast<const nlohmann::json::parse_error*>(&e);
    if (!syntax) return core::error_at({info.file, 0, 0}, "malformed JSON: " + what);
    auto at = util::line_column_at(text, syntax->byte > 0 ? syntax->byte - 1 : 0);
    return core::error_at({info.file, at.line, at.column}, "malformed JSON: " + what, std::string(util::line_text(text, at.line)));
}

std::vector<std::pair<int, int>> json_object_lines(std::string_view text, int depth) {
    std::vector<std::pair<int, int>> spans;
    int level = 0, line = 1, start_line = 0;
    bool in_string = false, escaped = false;
    for (char c : text) {
        if (c == '\n') ++line;
        if (in_string) {
            if (escaped) escaped = false;
            else if (c == '\\') escaped = true;
            else if (c == '"') in_string = false;
            continue;
        }
        if (c == '"') in_string = true;
        else if (c == '{' || c == '[') {
            if (level == depth && c == '{') start_line = line;
            ++level;
        } else if (c == '}' || c == ']') {
            --level;
            if (level == depth && c == '}') spans.emplace_back(start_line, line);
        }
    }
    return spans;
}

}  // namespace sources

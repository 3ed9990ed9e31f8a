#include "text/text_position.hpp"

#include <algorithm>
#include <cstring>

namespace text {

LineColumn line_column_at(std::string_view text, std::size_t offset) {
    offset = std::min(offset, text.size());
    LineColumn at;
    std::size_t line_start = 0;
    for (std::size_t i = 0; i < offset; ++i) {
        if (text[i] == '\n') {
            ++at.line;
            line_start = i + 1;
        }
    }
    at.column = static_cast<int>(offset - line_start) + 1;
    return at;
}

void append_line_starts(std::string_view part, std::size_t offset, std::vector<std::size_t>& starts) {
    // memchr from newline to newline: the feed check indexes a whole large feed.
    const char* begin = part.data();
    const char* end = begin + part.size();
    for (const char* p = begin; p != end;) {
        const auto* newline = static_cast<const char*>(std::memchr(p, '\n', static_cast<std::size_t>(end - p)));
        if (!newline) break;
        starts.push_back(offset + static_cast<std::size_t>(newline - begin) + 1);
        p = newline + 1;
    }
}

LineIndex::LineIndex(std::string_view text) : m_text(text) {
    m_line_starts.push_back(0);
    append_line_starts(text, 0, m_line_starts);
}

LineColumn LineIndex::at(std::size_t offset) const {
    auto it = std::upper_bound(m_line_starts.begin(), m_line_starts.end(), offset);
    std::size_t line = static_cast<std::size_t>(it - m_line_starts.begin());
    return {static_cast<int>(line), static_cast<int>(offset - m_line_starts[line - 1]) + 1};
}

std::string_view LineIndex::line_text(int line) const {
    if (line < 1 || static_cast<std::size_t>(line) > m_line_starts.size()) return {};
    const std::size_t start = m_line_starts[static_cast<std::size_t>(line) - 1];
    const std::size_t end = static_cast<std::size_t>(line) < m_line_starts.size()
                                ? m_line_starts[static_cast<std::size_t>(line)] - 1
                                : m_text.size();
    std::string_view result = m_text.substr(start, end - start);
    if (!result.empty() && result.back() == '\r') result.remove_suffix(1);
    return result;
}

std::string_view line_text(std::optional<LineIndex>& lines, std::string_view text, int line) {
    if (!lines) lines.emplace(text);
    return lines->line_text(line);
}

std::string_view line_text(std::string_view text, int line) {
    if (line < 1) return {};
    std::size_t start = 0;
    for (int current = 1; current < line; ++current) {
        std::size_t next = text.find('\n', start);
        if (next == std::string_view::npos) return {};
        start = next + 1;
    }
    std::size_t end = text.find('\n', start);
    std::string_view result = text.substr(start, end == std::string_view::npos ? std::string_view::npos : end - start);
    if (!result.empty() && result.back() == '\r') result.remove_suffix(1);
    return result;
}

}  // namespace text

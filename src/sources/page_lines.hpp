#pragma once
// Scraped directory pages are read line by line; this keeps the 1-based line numbers that
// provenance needs next to each line's text.
#include <string>
#include <string_view>
#include <vector>

namespace sources {

class PageLines {
public:
    // The text's lines (a byte order mark dropped, invalid UTF-8 replaced), each trimmed.
    explicit PageLines(std::string_view text);

    // Number of lines; lines are numbered 1..size().
    int size() const { return static_cast<int>(m_lines.size()); }
    // The line's text, trimmed of surrounding white space ("" out of range).
    std::string_view at(int line) const;
    // True for a line of white space only (or out of range).
    bool blank(int line) const { return at(line).empty(); }
    // The next non-blank line after `line`, or size()+1.
    int next_nonblank(int line) const;
    // The previous non-blank line before `line`, or 0.
    int previous_nonblank(int line) const;

private:
    std::vector<std::string> m_lines;
};

}  // namespace sources

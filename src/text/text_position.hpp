#pragma once
// Converts byte offsets (what pugixml and our own scanners report) into 1-based lines and columns.
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace text {

struct LineColumn {
    int line = 1;
    int column = 1;
};

// Returns the 1-based line and column of `offset` in `text`; the column counts bytes.
LineColumn line_column_at(std::string_view text, std::size_t offset);

// Appends where each line of `part` after its first begins (just past each '\n'), as offsets in
// a text where `part` begins at `offset`: a text's line starts, indexed a part at a time.
void append_line_starts(std::string_view part, std::size_t offset, std::vector<std::size_t>& starts);

// Line numbers for many offsets in one text: the newlines are indexed once, each lookup is a
// binary search (calling line_column_at per record would be quadratic in a large feed). The
// text must outlive the index.
class LineIndex {
public:
    explicit LineIndex(std::string_view text);
    LineColumn at(std::size_t offset) const;
    // The text of 1-based line `line` without its ending (line_text's, found at once: a reader
    // with a warning for each of 20,000 items searched the feed from its start for each).
    std::string_view line_text(int line) const;

private:
    std::string_view m_text;
    std::vector<std::size_t> m_line_starts;
};

// Returns the text of 1-based line `line` without its ending, or "" when out of range.
std::string_view line_text(std::string_view text, int line);

// The same from `lines`, made of `text` at the first call: for a reader's messages, which most
// files have none of and some have thousands of (each searched from the file's start took the
// square of its length: 40,000 messages about one note, 8 s).
std::string_view line_text(std::optional<LineIndex>& lines, std::string_view text, int line);

}  // namespace text

#pragma once
// Converts byte offsets (what pugixml and our own scanners report) into 1-based lines and columns.
#include <cstddef>
#include <string>
#include <string_view>

namespace util {

struct LineColumn {
    int line = 1;
    int column = 1;
};

// Returns the 1-based line and column of `offset` in `text`; the column counts bytes.
LineColumn line_column_at(std::string_view text, std::size_t offset);

// Returns the text of 1-based line `line` without its ending, or "" when out of range.
std::string_view line_text(std::string_view text, int line);

}  // namespace util

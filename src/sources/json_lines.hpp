#pragma once
// nlohmann/json does not report positions; provenance needs the lines of each list entry.
#include <string_view>
#include <utility>
#include <vector>

namespace sources {

// The first and last line of every object that sits `depth` levels deep (1 = an element of the
// top-level array, 2 = an element of an array inside the top-level value), in document order.
std::vector<std::pair<int, int>> json_object_lines(std::string_view text, int depth);

}  // namespace sources

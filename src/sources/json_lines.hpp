#pragma once
// nlohmann/json does not report positions; provenance needs the lines of each list entry.
#include <string_view>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "sources/source_batch.hpp"

namespace sources {

// The located error for JSON that nlohmann refuses: a syntax error (with its 1-based byte
// position) or a value it cannot hold, such as a number too large for any type (no position).
core::Diagnostic json_syntax_error(std::string_view text, const SourceInfo& info, const nlohmann::json::exception& e);

// The first and last line of every object that sits `depth` levels deep (1 = an element of the
// top-level array, 2 = an element of an array inside the top-level value), in document order.
std::vector<std::pair<int, int>> json_object_lines(std::string_view text, int depth);

}  // namespace sources

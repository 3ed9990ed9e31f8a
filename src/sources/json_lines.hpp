#pragma once
// nlohmann/json does not report positions; provenance needs the lines of each list entry.
#include <nlohmann/json.hpp>
#include <string_view>
#include <utility>
#include <vector>

#include "sources/source_batch.hpp"

namespace sources {

// The located error for JSON that nlohmann refuses: a syntax error (with its 1-based byte
// position) or a value it cannot hold, such as a number too large for any type (no position).
core::Diagnostic json_syntax_error(std::string_view text, const SourceInfo& info, const nlohmann::json::exception& e);

// Where an object is in the text: its bytes from '{' to '}' and their first and last lines.
struct JsonSpan {
    std::size_t begin = 0, end = 0;  // [begin, end)
    int first_line = 0, last_line = 0;
};

// Every object that sits `depth` levels deep (1 = an element of the top-level array, 2 = an
// element of an array inside the top-level value), in document order. For text that parsed.
std::vector<JsonSpan> json_object_spans(std::string_view text, int depth);

// The line of the first `"key"` inside `span` (its first line when there is none).
int json_key_line(std::string_view text, const JsonSpan& span, const std::string& key);

}  // namespace sources

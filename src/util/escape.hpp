#pragma once
// Escaping for the two markup languages we write.
#include <string>
#include <string_view>

namespace util {

// Escapes & < > " ' for HTML text and attribute values.
std::string html_escape(std::string_view text);

// Appends the escaped text to `out` (no temporary string on hot paths).
void append_html_escaped(std::string& out, std::string_view text);

// Replaces the five predefined entities and numeric character references; other text unchanged.
std::string decode_entities(std::string_view text);

}  // namespace util

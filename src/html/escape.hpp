#pragma once
// Escaping for the markup languages and JSON we write.
#include <string>
#include <string_view>

namespace html {

// Escapes & < > " ' for HTML text and attribute values. Control characters other than tab,
// line feed, form feed and carriage return (a NUL from a transcript, an ESC) are left out: HTML
// forbids them, and no reader can see them.
std::string html_escape(std::string_view text);

// Appends the escaped text to `out` (no temporary string on hot paths).
void append_html_escaped(std::string& out, std::string_view text);

// Appends `text` as a JSON string literal, byte for byte as nlohmann::json's dump() writes it
// (UTF-8 kept as it is; quote, backslash and control characters escaped). Invalid UTF-8 throws
// nlohmann's type_error, as dump() does. Four times faster than dump(): feed.json, the search
// index and every page's JSON-LD write megabytes of text through it.
void append_json_string(std::string& out, std::string_view text);

// Where `xml` (as printed) holds a character XML 1.0 forbids: a control character other than
// tab, line feed and carriage return, raw or as a character reference ("&#27;", "&#x1b;").
// The byte offset of the first, or npos.
std::size_t find_xml_forbidden(std::string_view xml);

// True when `text` (a value, before it is printed as XML) holds a control character XML 1.0
// forbids (other than tab, line feed and carriage return). Sixteen bytes at a time.
bool has_xml_forbidden_byte(std::string_view text);

// `text` without those characters; `removed` counts them.
std::string without_xml_forbidden(std::string_view text, std::size_t& removed);

// Replaces character references: numeric ones and every name HTML has ("&amp;", "&ndash;",
// "&eacute;"); an unknown name, and other text, is left as it is.
std::string decode_entities(std::string_view text);

}  // namespace html

#pragma once
// A feed's bytes as UTF-8 for the XML parser, whatever its declaration names, and never read
// wrongly in silence: what cannot be read is said.
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace text {

// A warning about the document, at the line it concerns (for the caller to locate).
struct XmlWarning {
    int line = 1;
    std::string message;
};

struct XmlAsUtf8 {
    std::optional<std::string> text;  // the document converted (declaration saying UTF-8); none: read `raw` as it is
    std::vector<XmlWarning> warnings;
};

// Where the document's first element starts: past a byte-order mark, white space, the XML
// declaration, processing instructions, comments and a doctype (its internal subset too); npos
// when the text ends first or a comment is not closed.
std::size_t first_element(std::string_view text);

// Whether an element that names a feed's root (<rss>, <feed> or <rdf:RDF>) starts at `at`.
bool is_feed_root_at(std::string_view text, std::size_t at);

// Where the root element of a feed (<rss>, <feed> or <rdf:RDF>) starts in `text`, when text
// that is not markup comes before it within the first 64 KB (a feed saved from a browser, with
// its message above); npos otherwise.
std::size_t root_after_junk(std::string_view text);

// - Text before the XML declaration (a server's PHP warning printed first), or before the root
//   element of a feed without one, is dropped, its line breaks kept so lines stay where they
//   were, with a warning.
// - NUL bytes (which XML forbids, and which end the parser's text) are dropped, with a warning
//   at the line of the first.
// - A Western single-byte declaration is read as browsers read it (single_byte_xml_as_utf8).
// - Any other declared encoding (Shift_JIS, ISO-8859-15, Windows-1251, EUC-KR, GB18030, ...)
//   is converted by ICU's converters (every label of the WHATWG Encoding Standard); bytes that
//   are no character become U+FFFD, counted in a warning; a label ICU does not know is a
//   warning, and the bytes are read as UTF-8 (invalid ones as U+FFFD).
// - Bytes that are UTF-8 under another declaration are read as UTF-8, with a warning.
// - A document declared UTF-8, or naming no encoding, whose bytes are not all UTF-8 has each
//   byte that is no part of a UTF-8 character read as Windows-1252, with a warning at the line
//   of the first.
// UTF-16 and UTF-32 (a byte-order mark or a declaration saying so) are left to the parser.
XmlAsUtf8 xml_as_utf8(std::string_view raw);

// An XML document whose declaration names a Western single-byte encoding (ISO-8859-1, Latin-1,
// Windows-1252, US-ASCII) as UTF-8, its declaration saying so; nothing for any other document.
// Bytes are read as Windows-1252, as browsers read such feeds; a document whose bytes are
// valid UTF-8 all the same is taken as UTF-8 (its declaration is the mistake).
std::optional<std::string> single_byte_xml_as_utf8(std::string_view xml);

// `bytes` in the encoding `label` names (ICU's aliases and the WHATWG Encoding Standard's
// labels), as UTF-8; false for a label neither knows. Bytes that are no character in it become
// U+FFFD, counted in `invalid`.
bool convert_to_utf8(std::string_view bytes, const std::string& label, std::string& out, std::size_t& invalid);

// A text file with a UTF-16 or UTF-32 byte-order mark, as UTF-8; none for any other text.
std::optional<std::string> unicode_text_as_utf8(std::string_view bytes);

}  // namespace text

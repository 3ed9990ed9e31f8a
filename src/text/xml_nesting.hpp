#pragma once
// An XML text whose elements do not nest, read as lenient XML parsers read it (libxml2's
// recovery, feedparser's loose mode): an end tag closes the elements left open inside the one it
// names, and an end tag that closes nothing is left out. Feed readers read a feed with an
// unclosed <itunes:category> so; a build reads it too, and says where.
#include <cstddef>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "text/text_position.hpp"

namespace text {

// What the text had wrong, and how it was read, where the original text has it.
struct NestingRepair {
    LineColumn at;
    std::string message;
};

struct RepairedXml {
    std::string text;  // the original with end tags added or left out: line breaks stay where they were
    std::vector<NestingRepair> repairs;
    bool cut_short = false;  // the text ends inside markup, or inside an element
};

// An element that belongs directly in another (an RSS <item> in <channel>): its start tag closes
// what is still open inside that parent, instead of nesting the rest of the feed in it.
struct ChildOf {
    std::string_view child;
    std::string_view parent;
};

// `xml` with its elements nested, when what stopped a parser was their nesting: an end tag that
// is not the innermost open element's, a `children` element inside something else, elements
// still open at the end (a text cut short: an unfinished `children` element is left out), or a
// '<' that starts no markup (read as text). None when nothing needs repairing, when the text
// has a fault the scan does not read (a start tag without its '>'), or when it holds NUL bytes
// (UTF-16 or UTF-32, which only UTF-8 scanning would misread): the parser's own error then
// stands.
std::optional<RepairedXml> repair_nesting(std::string_view xml, std::span<const ChildOf> children = {});

}  // namespace text

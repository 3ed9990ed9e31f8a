#pragma once
// The text of a feed's elements as the feed readers (RSS and Atom) take it: valid UTF-8, trimmed.
#include <pugixml.hpp>
#include <string>

#include "util/strings.hpp"
#include "util/unicode.hpp"

namespace sources {

// An element's first text node (a value: a guid, a date, a URL).
inline std::string text_of(const pugi::xml_node& node) { return std::string(util::trim(util::sanitize_utf8(node.child_value()))); }

// All of an element's text: child_value() stops at the first text node, and CDATA sections and
// entities may split the text.
inline std::string full_text(const pugi::xml_node& node) {
    std::string out;
    for (auto child : node.children())
        if (child.type() == pugi::node_pcdata || child.type() == pugi::node_cdata) out += child.value();
    return std::string(util::trim(util::sanitize_utf8(out)));
}

}  // namespace sources

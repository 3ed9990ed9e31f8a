#pragma once
// pugixml's printing straight into a std::string. Printing to a std::ostringstream copies every
// byte once more when the text is taken out, and the stream must be cleared between uses: feeds
// print one item at a time, thousands of them.
#include <cstddef>
#include <pugixml.hpp>
#include <string>

namespace text {

// A pugixml writer appending to `out`.
class XmlAppender : public pugi::xml_writer {
public:
    explicit XmlAppender(std::string& out) : m_out(out) {}
    void write(const void* data, std::size_t size) override { m_out.append(static_cast<const char*>(data), size); }

private:
    std::string& m_out;
};

// The node as it is, in UTF-8, without added white space (pugi::format_raw). Fitted to its
// size: printing appends piece by piece, and a feed's items are kept for the whole build (a
// third of their room was the appends' spare capacity).
inline std::string raw_xml(const pugi::xml_node& node) {
    std::string text;
    XmlAppender out(text);
    node.print(out, "", pugi::format_raw, pugi::encoding_utf8);
    text.shrink_to_fit();
    return text;
}

// Removes `node` and everything in it, deepest first: pugixml frees a removed element's subtree
// by recursion, a stack frame a level, and an input's nesting is the input's (a description
// 200,000 elements deep overflowed the stack).
inline void remove_node(pugi::xml_node node) {
    for (pugi::xml_node n = node; n;) {
        if (pugi::xml_node child = n.first_child()) {
            n = child;
            continue;
        }
        const bool last = n == node;
        pugi::xml_node parent = n.parent();
        parent.remove_child(n);
        n = last ? pugi::xml_node() : parent;
    }
}

// Removes every child of `node`, as remove_node does.
inline void remove_children(pugi::xml_node node) {
    while (pugi::xml_node child = node.first_child()) remove_node(child);
}

}  // namespace text

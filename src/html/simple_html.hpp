#pragma once
// A fast parser for the plain HTML most feeds write (paragraphs, lists, links, images,
// emphasis, inline code, Latin-1's and typography's named references, a script or a style),
// giving exactly the tree gumbo gives for it, or nothing when the input needs any of HTML5's
// repair rules (implied end tags, misnested or unclosed-then-reopened elements, comments, a
// script's escaped text, tables, ambiguous character references...): only gumbo applies those.
// Gumbo reads about 40 MB/s; parsing feeds' HTML was an eighth of a 10,000-item build, and
// nearly every real item's HTML is this plain kind (of thirty real feeds' notes, 84% of the bytes).
//
// The tree is made of gumbo's own structs, so the sanitizer's writer walks it unchanged: the
// two parsers can only differ in the tree, and a test and a fuzz target compare the sanitized
// output of both on every input.
#include <gumbo.h>

#include <deque>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace html {

class SimpleHtmlTree {
public:
    SimpleHtmlTree();
    SimpleHtmlTree(const SimpleHtmlTree&) = delete;  // nodes point into each other
    SimpleHtmlTree& operator=(const SimpleHtmlTree&) = delete;

    // The fragment's nodes are the children of this element, as in gumbo's fragment output.
    const GumboNode* root() const { return m_elements.front().node; }

    // Building (parse_simple_html). Elements are numbered in order, the root 0.
    std::size_t add_element(std::size_t parent, GumboTag tag);
    void add_text(std::size_t parent, std::string text, bool blank);  // blank: only white space
    void add_attribute(std::size_t element, std::string name, std::string value);
    bool has_attribute(std::size_t element, std::string_view name) const;
    std::size_t attribute_count(std::size_t element) const;
    // Points every element at its children and attributes (their vectors move while they grow).
    void finish();

private:
    struct Element {
        GumboNode* node;
        std::vector<void*> children;
        std::vector<void*> attributes;
    };
    // Deques: adding never moves what is already there, so the pointers between nodes hold.
    std::deque<GumboNode> m_nodes;
    std::deque<Element> m_elements;
    std::deque<GumboAttribute> m_attributes;
    std::deque<std::string> m_strings;  // texts, attribute names and values (NUL-terminated)

    GumboNode& add_node(std::size_t parent, GumboNodeType type);
    // (The document owns every string its nodes point to.)
    const char* own(std::string text) { return m_strings.emplace_back(std::move(text)).c_str(); }
};

// The tree of `html` parsed as a fragment in a <div>, when it is plain HTML; else null.
std::unique_ptr<SimpleHtmlTree> parse_simple_html(std::string_view html);

// The named references parse_simple_html decodes (each with its ';'): its tests have gumbo read
// every one.
std::vector<std::string_view> fast_named_references();

}  // namespace html

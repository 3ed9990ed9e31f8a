#include "html/simple_html.hpp"

#include <algorithm>
#include <array>

#include "text/unicode.hpp"

namespace html {

namespace {

// How an element may nest. Under these rules HTML5's tree builder puts each element exactly
// where its tags are: no start tag closes an open element (a <p> or <ul> in a <p>, an <li> not
// directly in a list, a heading in a heading), no element is implied (a <tr> straight in a
// <table>), no text is moved out of a table, no formatting element is left open across a block
// (so none is ever reconstructed), and no <a> opens inside another (the adoption agency).
enum class Kind {
    phrasing,       // a, b, code, em...: text and other phrasing
    void_phrasing,  // br, img
    void_block,     // hr
    text_block,     // p, h1-h6: text and phrasing
    flow,           // div, blockquote, section (and the fragment's root): anything but list items
    list,           // ul, ol: li and white space
    list_item,      // li: like flow, only directly in a list
    terms,          // dl: dt, dd and white space
    term,           // dt, dd: like flow, only directly in a dl
    table,          // table: thead, tbody, tfoot and white space (a <tr> straight in it implies a <tbody>)
    table_section,  // thead, tbody, tfoot: tr and white space
    row,            // tr: td, th and white space
    cell,           // td, th: like flow, only directly in a tr
};

struct ElementInfo {
    std::string_view name;
    GumboTag tag;
    Kind kind;
};

constexpr std::array k_elements{
    ElementInfo{"a", GUMBO_TAG_A, Kind::phrasing},
    ElementInfo{"abbr", GUMBO_TAG_ABBR, Kind::phrasing},
    ElementInfo{"b", GUMBO_TAG_B, Kind::phrasing},
    ElementInfo{"cite", GUMBO_TAG_CITE, Kind::phrasing},
    ElementInfo{"code", GUMBO_TAG_CODE, Kind::phrasing},
    ElementInfo{"del", GUMBO_TAG_DEL, Kind::phrasing},
    ElementInfo{"em", GUMBO_TAG_EM, Kind::phrasing},
    ElementInfo{"i", GUMBO_TAG_I, Kind::phrasing},
    ElementInfo{"ins", GUMBO_TAG_INS, Kind::phrasing},
    ElementInfo{"kbd", GUMBO_TAG_KBD, Kind::phrasing},
    ElementInfo{"mark", GUMBO_TAG_MARK, Kind::phrasing},
    ElementInfo{"q", GUMBO_TAG_Q, Kind::phrasing},
    ElementInfo{"s", GUMBO_TAG_S, Kind::phrasing},
    ElementInfo{"small", GUMBO_TAG_SMALL, Kind::phrasing},
    ElementInfo{"span", GUMBO_TAG_SPAN, Kind::phrasing},
    ElementInfo{"strong", GUMBO_TAG_STRONG, Kind::phrasing},
    ElementInfo{"sub", GUMBO_TAG_SUB, Kind::phrasing},
    ElementInfo{"sup", GUMBO_TAG_SUP, Kind::phrasing},
    ElementInfo{"u", GUMBO_TAG_U, Kind::phrasing},
    ElementInfo{"br", GUMBO_TAG_BR, Kind::void_phrasing},
    ElementInfo{"img", GUMBO_TAG_IMG, Kind::void_phrasing},
    ElementInfo{"hr", GUMBO_TAG_HR, Kind::void_block},
    ElementInfo{"p", GUMBO_TAG_P, Kind::text_block},
    ElementInfo{"h1", GUMBO_TAG_H1, Kind::text_block},
    ElementInfo{"h2", GUMBO_TAG_H2, Kind::text_block},
    ElementInfo{"h3", GUMBO_TAG_H3, Kind::text_block},
    ElementInfo{"h4", GUMBO_TAG_H4, Kind::text_block},
    ElementInfo{"h5", GUMBO_TAG_H5, Kind::text_block},
    ElementInfo{"h6", GUMBO_TAG_H6, Kind::text_block},
    ElementInfo{"div", GUMBO_TAG_DIV, Kind::flow},
    ElementInfo{"blockquote", GUMBO_TAG_BLOCKQUOTE, Kind::flow},
    ElementInfo{"section", GUMBO_TAG_SECTION, Kind::flow},
    ElementInfo{"ul", GUMBO_TAG_UL, Kind::list},
    ElementInfo{"ol", GUMBO_TAG_OL, Kind::list},
    ElementInfo{"li", GUMBO_TAG_LI, Kind::list_item},
    ElementInfo{"dl", GUMBO_TAG_DL, Kind::terms},
    ElementInfo{"dt", GUMBO_TAG_DT, Kind::term},
    ElementInfo{"dd", GUMBO_TAG_DD, Kind::term},
    ElementInfo{"table", GUMBO_TAG_TABLE, Kind::table},
    ElementInfo{"thead", GUMBO_TAG_THEAD, Kind::table_section},
    ElementInfo{"tbody", GUMBO_TAG_TBODY, Kind::table_section},
    ElementInfo{"tfoot", GUMBO_TAG_TFOOT, Kind::table_section},
    ElementInfo{"tr", GUMBO_TAG_TR, Kind::row},
    ElementInfo{"td", GUMBO_TAG_TD, Kind::cell},
    ElementInfo{"th", GUMBO_TAG_TH, Kind::cell},
};

const ElementInfo* find_element(std::string_view lower_name) {
    for (const auto& e : k_elements)
        if (e.name == lower_name) return &e;
    return nullptr;
}

bool holds_flow(Kind k) {
    return k == Kind::flow || k == Kind::list_item || k == Kind::term || k == Kind::cell;
}

// Whether an element of kind `child` may open directly inside one of kind `parent`.
bool may_contain(Kind parent, Kind child) {
    switch (child) {
        case Kind::phrasing:
        case Kind::void_phrasing:
            return holds_flow(parent) || parent == Kind::text_block || parent == Kind::phrasing;
        case Kind::list_item:
            return parent == Kind::list;
        case Kind::term:
            return parent == Kind::terms;
        case Kind::table_section:
            return parent == Kind::table;
        case Kind::row:
            return parent == Kind::table_section;
        case Kind::cell:
            return parent == Kind::row;
        default:
            return holds_flow(parent);
    }
}

// Elsewhere text other than white space is moved (foster-parented out of a table) or ends up
// in an implied element.
bool holds_text(Kind k) {
    return k != Kind::list && k != Kind::terms && k != Kind::table && k != Kind::table_section && k != Kind::row;
}

// The character references that HTML decodes even without a ';' (and, inside attribute values,
// not before '=' or a letter): a '&' followed by any of these needs the full rules.
constexpr std::array<std::string_view, 106> k_legacy_references{
    "AElig",  "AMP",    "Aacute", "Acirc",  "Agrave", "Aring",  "Atilde", "Auml",   "COPY",   "Ccedil", "ETH",
    "Eacute", "Ecirc",  "Egrave", "Euml",   "GT",     "Iacute", "Icirc",  "Igrave", "Iuml",   "LT",     "Ntilde",
    "Oacute", "Ocirc",  "Ograve", "Oslash", "Otilde", "Ouml",   "QUOT",   "REG",    "THORN",  "Uacute", "Ucirc",
    "Ugrave", "Uuml",   "Yacute", "aacute", "acirc",  "acute",  "aelig",  "agrave", "amp",    "aring",  "atilde",
    "auml",   "brvbar", "ccedil", "cedil",  "cent",   "copy",   "curren", "deg",    "divide", "eacute", "ecirc",
    "egrave", "eth",    "euml",   "frac12", "frac14", "frac34", "gt",     "iacute", "icirc",  "iexcl",  "igrave",
    "iquest", "iuml",   "laquo",  "lt",     "macr",   "micro",  "middot", "nbsp",   "not",    "ntilde", "oacute",
    "ocirc",  "ograve", "ordf",   "ordm",   "oslash", "otilde", "ouml",   "para",   "plusmn", "pound",  "quot",
    "raquo",  "reg",    "sect",   "shy",    "sup1",   "sup2",   "sup3",   "szlig",  "thorn",  "times",  "uacute",
    "ucirc",  "ugrave", "uml",    "uuml",   "yacute", "yen",    "yuml"};

bool is_alpha(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}
bool is_digit(char c) {
    return c >= '0' && c <= '9';
}
bool is_alnum(char c) {
    return is_alpha(c) || is_digit(c);
}
bool is_html_space(char c) {
    return c == ' ' || c == '\t' || c == '\n';
}  // \r and \f are refused
char lower(char c) {
    return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c;
}

// A code point a character reference may name here: no control (HTML remaps 0x80-0x9F), no
// carriage return (newline rules), no surrogate, no noncharacter.
bool plain_code_point(char32_t cp) {
    if (cp == '\t' || cp == '\n') return true;
    if (cp < 0x20 || (cp >= 0x7F && cp < 0xA0) || cp > 0x10FFFF) return false;
    if ((cp >= 0xD800 && cp <= 0xDFFF) || (cp >= 0xFDD0 && cp <= 0xFDEF) || (cp & 0xFFFE) == 0xFFFE) return false;
    return cp != 0xFEFF;
}

class Parser {
public:
    Parser(std::string_view html, SimpleHtmlTree& tree) : m_html(html), m_tree(tree) {}

    bool run() {
        m_open.push_back({0, Kind::flow, "html"});
        while (m_pos < m_html.size()) {
            bool read = false;  // "<!" and "<?" (comments, doctypes, CDATA, processing instructions) are gumbo's
            if (!at_markup())
                read = text();
            else if (m_html[m_pos + 1] == '/')
                read = end_tag();
            else if (is_alpha(m_html[m_pos + 1]))
                read = start_tag();
            if (!read) return false;
        }
        return true;  // elements still open stay open, as at the end of any HTML
    }

private:
    struct Open {
        std::size_t element;
        Kind kind;
        std::string_view name;
    };
    static constexpr std::size_t k_max_depth = 256;
    static constexpr std::size_t k_max_attributes = 64;

    std::string_view m_html;
    SimpleHtmlTree& m_tree;
    std::size_t m_pos = 0;
    std::vector<Open> m_open;  // the root first

    // A '<' that starts a tag, a comment or the like (any other '<' is text).
    bool at_markup() const {
        if (m_html[m_pos] != '<' || m_pos + 1 >= m_html.size()) return false;
        char next = m_html[m_pos + 1];
        return is_alpha(next) || next == '/' || next == '!' || next == '?';
    }

    // Text up to the next tag, references decoded. False when it holds what only gumbo should read.
    bool text() {
        std::string out;
        while (m_pos < m_html.size() && !at_markup()) {
            // A run of the characters plain_character copies as they are (printable ASCII, tab,
            // newline; not '<' or '&') is appended whole: most of a feed's HTML is such runs.
            std::size_t run = m_pos;
            while (run < m_html.size() && copied_as_is(m_html[run])) ++run;
            if (run > m_pos) {
                out.append(m_html, m_pos, run - m_pos);
                m_pos = run;
                continue;
            }
            char c = m_html[m_pos];
            if (c == '<' && m_pos + 1 == m_html.size()) return false;  // a '<' at the very end
            if (c == '&') {
                if (!reference(out)) return false;
                continue;
            }
            if (!plain_character(out)) return false;
        }
        if (out.empty()) return true;
        bool blank = std::all_of(out.begin(), out.end(), is_html_space);
        if (!holds_text(m_open.back().kind) && !blank) return false;
        m_tree.add_text(m_open.back().element, std::move(out), blank);
        return true;
    }

    // An ASCII byte text may hold: printable, tab or newline (NUL, CR, FF and the other
    // controls are gumbo's to read).
    static bool plain_ascii(unsigned char b) { return (b >= 0x20 && b != 0x7F) || b == '\t' || b == '\n'; }

    // One that plain_character copies as it is, which no reference or tag starts.
    static bool copied_as_is(char c) {
        const auto b = static_cast<unsigned char>(c);
        return b < 0x80 && plain_ascii(b) && c != '<' && c != '&';
    }

    // Copies one character (a whole UTF-8 sequence) of text or of an attribute value.
    bool plain_character(std::string& out) {
        auto b = static_cast<unsigned char>(m_html[m_pos]);
        if (b < 0x80) {
            if (!plain_ascii(b)) return false;
            out.push_back(static_cast<char>(b));
            ++m_pos;
            return true;
        }
        char32_t cp = 0;
        std::size_t length = text::decode_utf8_at(m_html, m_pos, cp);
        if (!plain_code_point(cp)) return false;  // (the input is valid UTF-8: checked first)
        out.append(m_html, m_pos, length);
        m_pos += length;
        return true;
    }

    // A '&' in text or in an attribute value.
    bool reference(std::string& out) {
        std::size_t start = m_pos + 1;
        if (start >= m_html.size() || (!is_alnum(m_html[start]) && m_html[start] != '#')) {
            out.push_back('&');  // nothing a reference could start with: a plain '&'
            ++m_pos;
            return true;
        }
        if (m_html[start] == '#') return numeric_reference(out);
        std::size_t end = start;
        while (end < m_html.size() && is_alnum(m_html[end])) ++end;
        std::string_view name = m_html.substr(start, end - start);
        bool semicolon = end < m_html.size() && m_html[end] == ';';
        if (semicolon) {
            static constexpr std::array<std::pair<std::string_view, std::string_view>, 6> k_known{
                {{"amp", "&"}, {"lt", "<"}, {"gt", ">"}, {"quot", "\""}, {"apos", "'"}, {"nbsp", "\xC2\xA0"}}};
            for (const auto& [known, value] : k_known)
                if (name == known) {
                    out += value;
                    m_pos = end + 1;
                    return true;
                }
            return false;  // one of the other 2,000 named references, or none: gumbo knows
        }
        for (auto legacy : k_legacy_references)
            if (name.starts_with(legacy)) return false;
        out.push_back('&');  // "&b=2" in a URL: no reference matches
        ++m_pos;
        return true;
    }

    bool numeric_reference(std::string& out) {
        std::size_t i = m_pos + 2;
        bool hex = i < m_html.size() && (m_html[i] == 'x' || m_html[i] == 'X');
        if (hex) ++i;
        char32_t value = 0;
        std::size_t digits = 0;
        for (; i < m_html.size() && digits < 8; ++i, ++digits) {
            char c = m_html[i];
            int d = is_digit(c) ? c - '0' : hex && lower(c) >= 'a' && lower(c) <= 'f' ? lower(c) - 'a' + 10 : -1;
            if (d < 0) break;
            value = value * (hex ? 16 : 10) + static_cast<char32_t>(d);
        }
        if (digits == 0 || digits >= 8 || i >= m_html.size() || m_html[i] != ';' || !plain_code_point(value))
            return false;
        out += text::encode_utf8(value);
        m_pos = i + 1;
        return true;
    }

    // A tag or attribute name: letters, digits and a few marks, lower-cased.
    std::string name() {
        std::string out;
        while (m_pos < m_html.size() && (is_alnum(m_html[m_pos]) || m_html[m_pos] == '-' || m_html[m_pos] == '_' ||
                                         m_html[m_pos] == ':' || m_html[m_pos] == '.'))
            out.push_back(lower(m_html[m_pos++]));
        return out;
    }

    void skip_space() {
        while (m_pos < m_html.size() && is_html_space(m_html[m_pos])) ++m_pos;
    }

    bool start_tag() {
        ++m_pos;  // '<'
        const ElementInfo* info = find_element(name());
        if (!info || !may_contain(m_open.back().kind, info->kind) || m_open.size() > k_max_depth) return false;
        if (info->tag == GUMBO_TAG_A &&
            std::any_of(m_open.begin(), m_open.end(), [](const Open& o) { return o.name == "a"; }))
            return false;
        std::size_t element = m_tree.add_element(m_open.back().element, info->tag);
        bool is_void = info->kind == Kind::void_phrasing || info->kind == Kind::void_block;
        for (;;) {
            if (m_pos >= m_html.size()) return false;
            char c = m_html[m_pos];
            if (c == '>') {
                ++m_pos;
                break;
            }
            if (c == '/') {  // "<br/>": only a void element may end so (on others HTML ignores the '/')
                if (!is_void || m_pos + 1 >= m_html.size() || m_html[m_pos + 1] != '>') return false;
                m_pos += 2;
                break;
            }
            if (!is_html_space(c)) return false;
            skip_space();
            if (m_pos < m_html.size() && (m_html[m_pos] == '>' || m_html[m_pos] == '/')) continue;
            if (!attribute(element)) return false;
        }
        if (!is_void) m_open.push_back({element, info->kind, info->name});
        return true;
    }

    // name, name="value" or name='value'; a repeated name (gumbo keeps the first) is refused,
    // and so is an element of more attributes than anyone writes (each name is compared with
    // those before it: gumbo judges such a tag, parse_cost.hpp).
    bool attribute(std::size_t element) {
        if (m_pos >= m_html.size() || !is_alpha(m_html[m_pos])) return false;
        if (m_tree.attribute_count(element) >= k_max_attributes) return false;
        std::string attr_name = name();
        if (m_tree.has_attribute(element, attr_name)) return false;
        std::string value;
        if (m_pos < m_html.size() && m_html[m_pos] == '=') {
            ++m_pos;
            if (m_pos >= m_html.size() || (m_html[m_pos] != '"' && m_html[m_pos] != '\'')) return false;  // unquoted
            char quote = m_html[m_pos++];
            for (;;) {
                if (m_pos >= m_html.size()) return false;
                char c = m_html[m_pos];
                if (c == quote) break;
                if (c == '&' ? !reference(value) : !plain_character(value)) return false;
            }
            ++m_pos;
        }
        // White space, '>' or '/' after it ("a='x'b='y'" is a parse error HTML repairs).
        if (m_pos >= m_html.size() || (!is_html_space(m_html[m_pos]) && m_html[m_pos] != '>' && m_html[m_pos] != '/'))
            return false;
        m_tree.add_attribute(element, std::move(attr_name), std::move(value));
        return true;
    }

    // Only the innermost open element may close, by its own name.
    bool end_tag() {
        m_pos += 2;  // "</"
        std::string tag = name();
        skip_space();
        if (m_pos >= m_html.size() || m_html[m_pos] != '>') return false;
        ++m_pos;
        if (m_open.size() < 2 || tag != m_open.back().name) return false;
        m_open.pop_back();
        return true;
    }
};

}  // namespace

SimpleHtmlTree::SimpleHtmlTree() {
    GumboNode& root = m_nodes.emplace_back();
    root.type = GUMBO_NODE_ELEMENT;
    root.v.element.tag = GUMBO_TAG_HTML;
    root.v.element.tag_namespace = GUMBO_NAMESPACE_HTML;
    m_elements.push_back({&root, {}, {}});
}

GumboNode& SimpleHtmlTree::add_node(std::size_t parent, GumboNodeType type) {
    Element& p = m_elements[parent];
    GumboNode& node = m_nodes.emplace_back();
    node.type = type;
    node.parent = p.node;
    node.index_within_parent = p.children.size();
    p.children.push_back(&node);
    return node;
}

std::size_t SimpleHtmlTree::add_element(std::size_t parent, GumboTag tag) {
    GumboNode& node = add_node(parent, GUMBO_NODE_ELEMENT);
    node.v.element.tag = tag;
    node.v.element.tag_namespace = GUMBO_NAMESPACE_HTML;
    m_elements.push_back({&node, {}, {}});
    return m_elements.size() - 1;
}

void SimpleHtmlTree::add_text(std::size_t parent, std::string text, bool blank) {
    GumboNode& node = add_node(parent, blank ? GUMBO_NODE_WHITESPACE : GUMBO_NODE_TEXT);
    node.v.text.text = own(std::move(text));
}

void SimpleHtmlTree::add_attribute(std::size_t element, std::string name, std::string value) {
    GumboAttribute& a = m_attributes.emplace_back();
    a.attr_namespace = GUMBO_ATTR_NAMESPACE_NONE;
    a.name = own(std::move(name));
    a.value = own(std::move(value));
    m_elements[element].attributes.push_back(&a);
}

std::size_t SimpleHtmlTree::attribute_count(std::size_t element) const {
    return m_elements[element].attributes.size();
}

bool SimpleHtmlTree::has_attribute(std::size_t element, std::string_view name) const {
    const auto& attributes = m_elements[element].attributes;
    return std::any_of(attributes.begin(), attributes.end(),
                       [&](void* a) { return static_cast<const GumboAttribute*>(a)->name == name; });
}

void SimpleHtmlTree::finish() {
    auto view = [](std::vector<void*>& v) {
        return GumboVector{v.data(), static_cast<unsigned>(v.size()), static_cast<unsigned>(v.capacity())};
    };
    for (auto& e : m_elements) {
        e.node->v.element.children = view(e.children);
        e.node->v.element.attributes = view(e.attributes);
    }
}

std::unique_ptr<SimpleHtmlTree> parse_simple_html(std::string_view html) {
    if (!text::is_valid_utf8(html)) return nullptr;  // gumbo's replacement of bad bytes is its own
    auto tree = std::make_unique<SimpleHtmlTree>();
    if (!Parser(html, *tree).run()) return nullptr;
    tree->finish();
    return tree;
}

}  // namespace html

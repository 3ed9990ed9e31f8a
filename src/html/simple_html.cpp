#include "html/simple_html.hpp"

#include <algorithm>
#include <array>
#include <iterator>

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
    raw_text,       // script, style: where phrasing may be, their text read to their end tag as it is
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
    ElementInfo{"script", GUMBO_TAG_SCRIPT, Kind::raw_text},
    ElementInfo{"style", GUMBO_TAG_STYLE, Kind::raw_text},
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
        case Kind::raw_text:
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

// The named references the fast parser decodes when they end with ';' (as HTML5 defines them:
// tests/html/simple_html_test.cpp has gumbo decode each): Latin-1's (a German or Spanish host's
// "&auml;", "&aacute;") and the typography feeds write ("&rsquo;", "&hellip;", "&mdash;"),
// sorted by name. Any other is gumbo's to read. `bare`: one HTML decodes without its ';' too
// (Latin-1's, and inside attribute values not before '=' or a letter): a '&' followed by any
// of these names without a ';' needs the full rules.
struct NamedReference {
    std::string_view name;
    char32_t code_point;
    bool bare;
};
constexpr NamedReference k_named_references[] = {
    {"AElig", 0x00C6, true},   {"AMP", 0x0026, true},     {"Aacute", 0x00C1, true},  {"Acirc", 0x00C2, true},
    {"Agrave", 0x00C0, true},  {"Aring", 0x00C5, true},   {"Atilde", 0x00C3, true},  {"Auml", 0x00C4, true},
    {"COPY", 0x00A9, true},    {"Ccedil", 0x00C7, true},  {"Dagger", 0x2021, false}, {"ETH", 0x00D0, true},
    {"Eacute", 0x00C9, true},  {"Ecirc", 0x00CA, true},   {"Egrave", 0x00C8, true},  {"Euml", 0x00CB, true},
    {"GT", 0x003E, true},      {"Iacute", 0x00CD, true},  {"Icirc", 0x00CE, true},   {"Igrave", 0x00CC, true},
    {"Iuml", 0x00CF, true},    {"LT", 0x003C, true},      {"Ntilde", 0x00D1, true},  {"OElig", 0x0152, false},
    {"Oacute", 0x00D3, true},  {"Ocirc", 0x00D4, true},   {"Ograve", 0x00D2, true},  {"Oslash", 0x00D8, true},
    {"Otilde", 0x00D5, true},  {"Ouml", 0x00D6, true},    {"Prime", 0x2033, false},  {"QUOT", 0x0022, true},
    {"REG", 0x00AE, true},     {"Scaron", 0x0160, false}, {"THORN", 0x00DE, true},   {"Uacute", 0x00DA, true},
    {"Ucirc", 0x00DB, true},   {"Ugrave", 0x00D9, true},  {"Uuml", 0x00DC, true},    {"Yacute", 0x00DD, true},
    {"Yuml", 0x0178, false},   {"aacute", 0x00E1, true},  {"acirc", 0x00E2, true},   {"acute", 0x00B4, true},
    {"aelig", 0x00E6, true},   {"agrave", 0x00E0, true},  {"amp", 0x0026, true},     {"apos", 0x0027, false},
    {"aring", 0x00E5, true},   {"atilde", 0x00E3, true},  {"auml", 0x00E4, true},    {"bdquo", 0x201E, false},
    {"brvbar", 0x00A6, true},  {"bull", 0x2022, false},   {"ccedil", 0x00E7, true},  {"cedil", 0x00B8, true},
    {"cent", 0x00A2, true},    {"circ", 0x02C6, false},   {"copy", 0x00A9, true},    {"curren", 0x00A4, true},
    {"dagger", 0x2020, false}, {"darr", 0x2193, false},   {"deg", 0x00B0, true},     {"divide", 0x00F7, true},
    {"eacute", 0x00E9, true},  {"ecirc", 0x00EA, true},   {"egrave", 0x00E8, true},  {"emsp", 0x2003, false},
    {"ensp", 0x2002, false},   {"eth", 0x00F0, true},     {"euml", 0x00EB, true},    {"euro", 0x20AC, false},
    {"frac12", 0x00BD, true},  {"frac14", 0x00BC, true},  {"frac34", 0x00BE, true},  {"gt", 0x003E, true},
    {"harr", 0x2194, false},   {"hellip", 0x2026, false}, {"iacute", 0x00ED, true},  {"icirc", 0x00EE, true},
    {"iexcl", 0x00A1, true},   {"igrave", 0x00EC, true},  {"iquest", 0x00BF, true},  {"iuml", 0x00EF, true},
    {"laquo", 0x00AB, true},   {"larr", 0x2190, false},   {"ldquo", 0x201C, false},  {"lsaquo", 0x2039, false},
    {"lsquo", 0x2018, false},  {"lt", 0x003C, true},      {"macr", 0x00AF, true},    {"mdash", 0x2014, false},
    {"micro", 0x00B5, true},   {"middot", 0x00B7, true},  {"minus", 0x2212, false},  {"nbsp", 0x00A0, true},
    {"ndash", 0x2013, false},  {"not", 0x00AC, true},     {"ntilde", 0x00F1, true},  {"oacute", 0x00F3, true},
    {"ocirc", 0x00F4, true},   {"oelig", 0x0153, false},  {"ograve", 0x00F2, true},  {"ordf", 0x00AA, true},
    {"ordm", 0x00BA, true},    {"oslash", 0x00F8, true},  {"otilde", 0x00F5, true},  {"ouml", 0x00F6, true},
    {"para", 0x00B6, true},    {"permil", 0x2030, false}, {"plusmn", 0x00B1, true},  {"pound", 0x00A3, true},
    {"prime", 0x2032, false},  {"quot", 0x0022, true},    {"raquo", 0x00BB, true},   {"rarr", 0x2192, false},
    {"rdquo", 0x201D, false},  {"reg", 0x00AE, true},     {"rsaquo", 0x203A, false}, {"rsquo", 0x2019, false},
    {"sbquo", 0x201A, false},  {"scaron", 0x0161, false}, {"sect", 0x00A7, true},    {"shy", 0x00AD, true},
    {"sup1", 0x00B9, true},    {"sup2", 0x00B2, true},    {"sup3", 0x00B3, true},    {"szlig", 0x00DF, true},
    {"thinsp", 0x2009, false}, {"thorn", 0x00FE, true},   {"tilde", 0x02DC, false},  {"times", 0x00D7, true},
    {"trade", 0x2122, false},  {"uacute", 0x00FA, true},  {"uarr", 0x2191, false},   {"ucirc", 0x00FB, true},
    {"ugrave", 0x00F9, true},  {"uml", 0x00A8, true},     {"uuml", 0x00FC, true},    {"yacute", 0x00FD, true},
    {"yen", 0x00A5, true},     {"yuml", 0x00FF, true}};

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
            const auto* known = std::lower_bound(std::begin(k_named_references), std::end(k_named_references), name,
                                                 [](const auto& entry, std::string_view n) { return entry.name < n; });
            if (known == std::end(k_named_references) || known->name != name)
                return false;  // one of the other 2,000 named references, or none: gumbo knows
            out += text::encode_utf8(known->code_point);
            m_pos = end + 1;
            return true;
        }
        for (const auto& known : k_named_references)
            if (known.bare && name.starts_with(known.name)) return false;
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
        if (info->kind == Kind::raw_text) return raw_text(element, info->name);
        if (!is_void) m_open.push_back({element, info->kind, info->name});
        return true;
    }

    // A script's or style's text, up to its end tag, as it is (no reference decoded): a page
    // drops both with their content, but where they end decides what follows. Not when the
    // text holds "<!--" (a script's escaped states, which can hide its end tag), a character
    // text may not hold, or an end tag of its name with more than white space before its '>'.
    bool raw_text(std::size_t element, std::string_view tag) {
        const std::size_t start = m_pos;
        std::size_t end = start;  // (where its end tag begins)
        do {
            end = m_html.find("</", m_pos);
            if (end == std::string_view::npos) return false;  // (open to the end: gumbo's to say)
            m_pos = end + 2;
        } while (name() != tag);  // ("</scripts>" or "</b>" in a script: its text)
        const std::size_t after = m_pos;
        if (m_html.substr(start, end - start).find("<!--") != std::string_view::npos) return false;
        std::string out;
        for (m_pos = start; m_pos < end;)
            if (!plain_character(out)) return false;
        m_pos = after;
        skip_space();
        if (m_pos >= m_html.size() || m_html[m_pos] != '>') return false;
        ++m_pos;
        if (!out.empty()) m_tree.add_text(element, out, std::all_of(out.begin(), out.end(), is_html_space));
        return true;
    }

    // name, name="value" or name='value', with white space around the '=' or not (`href=
    // "..."`, as some hosts write it: HTML's tokenizer skips it); a repeated name (gumbo keeps
    // the first) is refused, and so is an element of more attributes than anyone writes (each
    // name is compared with those before it: gumbo judges such a tag, parse_cost.hpp).
    bool attribute(std::size_t element) {
        if (m_pos >= m_html.size() || !is_alpha(m_html[m_pos])) return false;
        if (m_tree.attribute_count(element) >= k_max_attributes) return false;
        std::string attr_name = name();
        if (m_tree.has_attribute(element, attr_name)) return false;
        std::string value;
        const std::size_t after_name = m_pos;
        skip_space();
        if (m_pos >= m_html.size() || m_html[m_pos] != '=') m_pos = after_name;  // (no value: the next name follows)
        if (m_pos < m_html.size() && m_html[m_pos] == '=') {
            ++m_pos;
            skip_space();
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

std::vector<std::string_view> fast_named_references() {
    std::vector<std::string_view> names;
    for (const auto& known : k_named_references) names.push_back(known.name);
    return names;
}

std::unique_ptr<SimpleHtmlTree> parse_simple_html(std::string_view html) {
    if (!text::is_valid_utf8(html)) return nullptr;  // gumbo's replacement of bad bytes is its own
    auto tree = std::make_unique<SimpleHtmlTree>();
    if (!Parser(html, *tree).run()) return nullptr;
    tree->finish();
    return tree;
}

}  // namespace html

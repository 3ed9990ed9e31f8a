#include "html/parse_cost.hpp"

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <unordered_map>

#include "html/escape.hpp"
#include "html/tags.hpp"

namespace html {

namespace {

// What tree building needs to know of an element's name (HTML5 §13.2.4, §13.2.6.4.7).
enum Flag : unsigned {
    k_special = 1u << 0,     // the "special" category: it bounds where an end tag looks for its element
    k_formatting = 1u << 1,  // reopened when closed by another's end tag
    k_closes_p = 1u << 2,    // its start tag closes an open <p>; it ends a paragraph of text
    k_void = 1u << 3,        // no content, no end tag
    k_scope = 1u << 4,       // a scope's boundary: what is open outside it is not "in scope"
    k_raw = 1u << 5,         // its content is text up to its end tag (script, style...)
    k_breaks = 1u << 6,      // ends a paragraph of text without closing a <p> (<br>, table cells)
    k_heading = 1u << 7,     // <h1> to <h6>
};

unsigned flags_of(std::string_view name) {
    static const std::unordered_map<std::string_view, unsigned> k_flags = [] {
        std::unordered_map<std::string_view, unsigned> flags;
        auto add = [&](unsigned flag, std::initializer_list<std::string_view> names) {
            for (std::string_view n : names) flags[n] |= flag;
        };
        add(k_special, {"address",    "applet",   "area",   "article", "aside",     "base",     "basefont", "bgsound",
                        "blockquote", "body",     "br",     "button",  "caption",   "center",   "col",      "colgroup",
                        "dd",         "details",  "dir",    "div",     "dl",        "dt",       "embed",    "fieldset",
                        "figcaption", "figure",   "footer", "form",    "frame",     "frameset", "h1",       "h2",
                        "h3",         "h4",       "h5",     "h6",      "head",      "header",   "hgroup",   "hr",
                        "html",       "iframe",   "img",    "input",   "keygen",    "li",       "link",     "listing",
                        "main",       "marquee",  "menu",   "meta",    "nav",       "noembed",  "noframes", "noscript",
                        "object",     "ol",       "p",      "param",   "plaintext", "pre",      "script",   "search",
                        "section",    "select",   "source", "style",   "summary",   "table",    "tbody",    "td",
                        "template",   "textarea", "tfoot",  "th",      "thead",     "title",    "tr",       "track",
                        "ul",         "wbr",      "xmp"});
        add(k_formatting,
            {"a", "b", "big", "code", "em", "font", "i", "nobr", "s", "small", "strike", "strong", "tt", "u"});
        add(k_closes_p,
            {"address", "article",  "aside",      "blockquote", "center",  "details", "dialog", "dir",       "div",
             "dl",      "fieldset", "figcaption", "figure",     "footer",  "header",  "hgroup", "main",      "menu",
             "nav",     "ol",       "p",          "search",     "section", "summary", "ul",     "h1",        "h2",
             "h3",      "h4",       "h5",         "h6",         "pre",     "listing", "form",   "plaintext", "table",
             "hr",      "xmp",      "dd",         "dt",         "li"});
        add(k_void, {"area", "base", "basefont", "bgsound", "br", "col", "embed", "frame", "hr", "img", "image",
                     "input", "keygen", "link", "meta", "param", "source", "track", "wbr"});
        add(k_scope, {"applet", "caption", "html", "table", "td", "th", "marquee", "object", "template"});
        add(k_raw,
            {"script", "style", "xmp", "iframe", "noembed", "noframes", "noscript", "textarea", "title", "plaintext"});
        add(k_breaks, {"br", "tr", "td", "th", "caption"});
        add(k_heading, {"h1", "h2", "h3", "h4", "h5", "h6"});
        return flags;
    }();
    auto found = k_flags.find(name);
    return found == k_flags.end() ? 0 : found->second;
}

bool is_space(char c) {
    return c == ' ' || c == '\t' || c == '\n' || c == '\f' || c == '\r';
}

bool is_letter(char c) {
    return (c | 0x20) >= 'a' && (c | 0x20) <= 'z';
}

struct Token {
    enum class Kind { text, start, end };
    Kind kind = Kind::text;
    std::string name;                 // a tag's, lower-cased
    std::string_view attributes;      // a start tag's, as written
    std::size_t attribute_count = 0;  // (names read in them, repeated ones too)
    std::string_view text;
};

// HTML's tokenizer as far as the tree's shape depends on it: text, start tags and end tags;
// comments, doctypes and the like skipped; the content of raw-text elements (script, style,
// title...) skipped to their end tag; a tag the input ends inside dropped, as HTML does.
class Tokenizer {
public:
    explicit Tokenizer(std::string_view html) : m_html(html) {}

    bool next(Token& token) {
        for (;;) {
            if (!m_raw.empty()) skip_raw_text();
            if (m_pos >= m_html.size()) return false;
            const std::size_t markup = next_markup(m_pos);
            if (markup > m_pos) {
                token.kind = Token::Kind::text;
                token.attributes = {}, token.attribute_count = 0;
                token.text = m_html.substr(m_pos, markup - m_pos);
                m_pos = markup;
                return true;
            }
            const char after = m_html[m_pos + 1];
            if (is_letter(after)) return tag(token, Token::Kind::start, m_pos + 1);
            if (after == '/' && m_pos + 2 < m_html.size() && is_letter(m_html[m_pos + 2]))
                return tag(token, Token::Kind::end, m_pos + 2);
            skip_comment();
        }
    }

private:
    std::string_view m_html;
    std::size_t m_pos = 0;
    std::string m_raw;  // the raw-text element just opened

    bool starts_markup(std::size_t at) const {
        if (at + 1 >= m_html.size()) return false;
        const char next = m_html[at + 1];
        return is_letter(next) || next == '/' || next == '!' || next == '?';
    }

    // Where the next tag, comment or the like starts (a '<' before anything else is text).
    std::size_t next_markup(std::size_t from) const {
        for (std::size_t at = m_html.find('<', from); at != std::string_view::npos; at = m_html.find('<', at + 1))
            if (starts_markup(at)) return at;
        return m_html.size();
    }

    // "<!-- ... -->", "<!...>", "<?...>", "</...>" not followed by a letter.
    void skip_comment() {
        const bool comment = m_html.substr(m_pos, 4) == "<!--";
        const std::size_t end = comment ? m_html.find("-->", m_pos + 4) : m_html.find('>', m_pos + 2);
        m_pos = end == std::string_view::npos ? m_html.size() : end + (comment ? 3 : 1);
    }

    bool tag(Token& token, Token::Kind kind, std::size_t name_at) {
        std::size_t at = name_at;
        token.name.clear();
        while (at < m_html.size() && !is_space(m_html[at]) && m_html[at] != '/' && m_html[at] != '>') {
            const char c = m_html[at++];
            token.name.push_back(is_letter(c) ? static_cast<char>(c | 0x20) : c);
        }
        const std::size_t attributes = at;
        const std::size_t end = tag_end(at, token.attribute_count);
        if (end == std::string_view::npos) {  // the input ends inside the tag: HTML drops it
            m_pos = m_html.size();
            return false;
        }
        token.kind = kind;
        token.attributes = m_html.substr(attributes, end - attributes);
        m_pos = end + 1;
        if (kind == Token::Kind::start && (flags_of(token.name) & k_raw)) m_raw = token.name;
        return true;
    }

    // The '>' that ends a tag whose attributes start at `at` (quoted values may hold '>');
    // `count`, the attributes' names read on the way.
    std::size_t tag_end(std::size_t at, std::size_t& count) const {
        count = 0;
        while (at < m_html.size()) {
            const char c = m_html[at];
            if (c == '>') return at;
            if (is_space(c) || c == '/') {
                ++at;
                continue;
            }
            ++at;  // an attribute's name (its first character may be anything, '=' too)
            ++count;
            while (at < m_html.size() && !is_space(m_html[at]) && m_html[at] != '/' && m_html[at] != '>' &&
                   m_html[at] != '=')
                ++at;
            while (at < m_html.size() && is_space(m_html[at])) ++at;
            if (at >= m_html.size() || m_html[at] != '=') continue;
            ++at;
            while (at < m_html.size() && is_space(m_html[at])) ++at;
            if (at < m_html.size() && (m_html[at] == '"' || m_html[at] == '\'')) {
                const std::size_t close = m_html.find(m_html[at], at + 1);
                if (close == std::string_view::npos) return std::string_view::npos;
                at = close + 1;
            } else {
                while (at < m_html.size() && !is_space(m_html[at]) && m_html[at] != '>') ++at;
            }
        }
        return std::string_view::npos;
    }

    // Past a raw-text element's content, to its end tag ("</script" and a space, '/' or '>').
    void skip_raw_text() {
        std::size_t at = m_pos;
        for (; (at = find_closing_tag(m_html, m_raw, at)) != std::string_view::npos; at += 2) {
            const std::size_t after = at + 2 + m_raw.size();
            if (after == m_html.size() || is_space(m_html[after]) || m_html[after] == '/' || m_html[after] == '>')
                break;
        }
        m_pos = std::min(at, m_html.size());
        m_raw.clear();
    }
};

// The names the tree-building rules ask about, interned first (TreeCost::intern) in this order.
// clang-format off
enum Known : std::uint32_t {
    n_html, n_body, n_head, n_frameset, n_p, n_li, n_dd, n_dt, n_td, n_th, n_tr, n_table, n_template,
    n_caption, n_button, n_address, n_div, n_option, n_a, n_nobr, n_br, k_known_names
};
// clang-format on
constexpr std::array<std::string_view, k_known_names> k_known{
    "html",  "body",     "head",    "frameset", "p",       "li",  "dd",     "dt", "td",   "th", "tr",
    "table", "template", "caption", "button",   "address", "div", "option", "a",  "nobr", "br"};

// The work of HTML5's tree building for the body of a fragment, counted as gumbo does it: a step
// for each open element a tag's scope checks may pass, and an element's worth for each element
// made. Where the estimate simplifies a rule it keeps more open (table modes, markers, the
// elements the adoption agency removes), so it errs towards more work.
class TreeCost {
public:
    explicit TreeCost(std::size_t budget) : m_budget(budget) {
        for (std::string_view name : k_known) intern(std::string(name));
        push(n_html, k_scope);
    }

    std::size_t work(std::string_view html) {
        Tokenizer tokens(html);
        Token token;
        while (!over() && tokens.next(token)) {
            // Gumbo's tokenizer compares each attribute's name with the tag's names before it
            // (a repeated one is dropped), an end tag's too.
            m_work += token.attribute_count * token.attribute_count;
            switch (token.kind) {
                case Token::Kind::text:
                    reconstruct();
                    ++m_work;
                    break;
                case Token::Kind::start:
                    start(intern(token.name), flags_of(token.name), token.attributes, token.attribute_count);
                    break;
                case Token::Kind::end:
                    end(intern(token.name), flags_of(token.name));
                    break;
            }
        }
        return m_work;
    }

private:
    // What gumbo spends on making an element (its node, its vectors of children and
    // attributes: about 400 bytes), in steps of a scope check. It bounds the memory too.
    static constexpr std::size_t k_element = 256;
    // ...and on copying an attribute into a formatting element it reopens (about 100 bytes).
    static constexpr std::size_t k_attribute = 64;

    using Name = std::uint32_t;  // a tag name, interned: the walks compare numbers
    struct Open {
        Name name;
        unsigned flags;
        std::size_t id;
        std::size_t attributes = 0;  // how many it has
    };
    struct Formatting {  // an entry in the list of active formatting elements
        Name name;
        std::string_view attributes;
        std::size_t id;     // the element it stands for
        std::size_t count;  // of its attributes
    };

    std::size_t m_budget;
    std::size_t m_work = 0;
    std::unordered_map<std::string, Name> m_names;
    std::vector<Open> m_open;  // the stack of open elements, the fragment's root first
    std::vector<Formatting> m_formatting;
    std::vector<bool> m_is_open;  // by element id

    bool over() const { return m_work > m_budget; }

    Name intern(const std::string& name) {
        return m_names.try_emplace(name, static_cast<Name>(m_names.size())).first->second;
    }

    // An element made (`attributes`: how many it has, each copied when it is reopened).
    void push(Name name, unsigned flags, std::size_t attributes = 0) {
        m_work += k_element;
        m_is_open.push_back(true);
        m_open.push_back({name, flags, m_is_open.size() - 1, attributes});
    }

    // Closes the open element at `index` and every element opened after it.
    void pop_to(std::size_t index) {
        index = std::max<std::size_t>(index, 1);  // (the root stays)
        for (std::size_t i = index; i < m_open.size(); ++i) m_is_open[m_open[i].id] = false;
        m_work += m_open.size() - std::min(index, m_open.size());
        if (index < m_open.size()) m_open.resize(index);
    }

    // The innermost open element whose name `is_target` accepts, looked for down to the first
    // that `stops` (exclusive); m_open.size() when none.
    template <typename Target, typename Stop>
    std::size_t find_open(Target is_target, Stop stops) {
        for (std::size_t i = m_open.size(); i-- > 1;) {
            ++m_work;
            if (is_target(m_open[i])) return i;
            if (stops(m_open[i])) break;
        }
        return m_open.size();
    }

    // Closes the innermost open element named `a` or `b`, if `stops` finds none first.
    template <typename Stop>
    void close(Name a, Name b, Stop stops) {
        const std::size_t at = find_open([&](const Open& o) { return o.name == a || o.name == b; }, stops);
        if (at < m_open.size()) pop_to(at);
    }

    static bool in_button_scope_stop(const Open& o) { return (o.flags & k_scope) || o.name == n_button; }
    static bool table_stop(const Open& o) { return o.name == n_table || o.name == n_template; }
    // Where an <li>, <dd> or <dt> stops looking for one to close (special, but not address, div or p).
    static bool list_item_stop(const Open& o) {
        return (o.flags & k_special) && o.name != n_address && o.name != n_div && o.name != n_p;
    }

    void start(Name name, unsigned flags, std::string_view attributes, std::size_t count) {
        m_work += m_open.size();  // the start tag's scope checks
        if (name == n_html || name == n_body || name == n_head || name == n_frameset) return;
        if (flags & k_closes_p) close(n_p, n_p, in_button_scope_stop);
        if (name == n_li)
            close(n_li, n_li, list_item_stop);
        else if (name == n_dd || name == n_dt)
            close(n_dd, n_dt, list_item_stop);
        else if (name == n_td || name == n_th || name == n_tr)
            close_cell_or_row(name);
        else if (name == n_option ? m_open.back().name == n_option
                                  : (flags & k_heading) && (m_open.back().flags & k_heading))
            pop_to(m_open.size() - 1);  // (an <option> or heading open just before it)
        else if (name == n_a || name == n_nobr)
            adopt_open(name);
        else if (name == n_table)
            close_table_in_table_mode();
        if (!(flags & k_closes_p)) reconstruct();
        if (flags & k_void) {
            m_work += k_element;
            return;
        }
        push(name, flags, count);
        if (flags & k_formatting) add_formatting(name, attributes, count);
    }

    void end(Name name, unsigned flags) {
        m_work += m_open.size();
        if (flags & k_formatting) return adoption_agency(name);
        if (name == n_html || name == n_body) return;
        if (name == n_br) {  // "</br>" is read as <br>
            reconstruct();
            m_work += k_element;
            return;
        }
        if (name == n_p) {
            const std::size_t at = find_open([](const Open& o) { return o.name == n_p; }, in_button_scope_stop);
            if (at < m_open.size())
                pop_to(at);
            else
                m_work += k_element;  // "</p>" with none open makes an empty <p>
            return;
        }
        const unsigned stop = (flags & k_special) ? k_scope : k_special;
        const std::size_t at = find_open([&](const Open& o) { return o.name == name; },
                                         [&](const Open& o) { return (o.flags & stop) != 0; });
        if (at < m_open.size()) pop_to(at);
    }

    // A cell closes the open cell, a row the open row, in their table; each may imply a <tbody>
    // or a <tr> (an element more).
    void close_cell_or_row(Name name) {
        if (name == n_tr)
            close(n_tr, n_tr, table_stop);
        else
            close(n_td, n_th, table_stop);
        m_work += k_element;
    }

    // A <table> opens inside a cell or a caption; anywhere else in a table (where what is not a
    // table's part is moved before the table and left open) it closes the table first. The
    // elements so closed are reopened by the next text: "<table><b id=N>x" repeated.
    void close_table_in_table_mode() {
        const std::size_t at =
            find_open([](const Open& o) { return o.name == n_table; },
                      [](const Open& o) {
                          return o.name == n_td || o.name == n_th || o.name == n_caption || o.name == n_template;
                      });
        if (at < m_open.size()) pop_to(at);
    }

    // An <a> (or <nobr>) while one is active: the old one is closed first, as by its end tag.
    void adopt_open(Name name) {
        for (std::size_t e = m_formatting.size(); e-- > 0;) {
            ++m_work;
            if (m_formatting[e].name != name) continue;
            const std::size_t id = m_formatting[e].id;
            adoption_agency(name);
            std::erase_if(m_formatting, [&](const Formatting& f) { return f.id == id; });
            m_work += m_formatting.size();
            return;
        }
    }

    // Noah's Ark: at most three identical active formatting elements; then the entry. (Gumbo
    // compares two of the same name attribute by attribute, looking each up in the other's.)
    void add_formatting(Name name, std::string_view attributes, std::size_t count) {
        std::size_t same = 0;
        for (std::size_t e = m_formatting.size(); e-- > 0;) {
            ++m_work;
            if (m_formatting[e].name != name) continue;
            m_work += m_formatting[e].count * count;
            if (m_formatting[e].attributes != attributes) continue;
            if (++same == 3) {
                m_formatting.erase(m_formatting.begin() + static_cast<std::ptrdiff_t>(e));
                m_work += m_formatting.size() - e;
                break;
            }
        }
        m_formatting.push_back({name, attributes, m_open.back().id, count});
    }

    // Reopens, innermost last, the active formatting elements closed since they were opened.
    void reconstruct() {
        if (m_formatting.empty() || m_is_open[m_formatting.back().id]) return;
        std::size_t first = m_formatting.size();
        while (first > 0 && !m_is_open[m_formatting[first - 1].id]) {
            --first;
            ++m_work;
        }
        for (std::size_t e = first; e < m_formatting.size() && !over(); ++e) {
            m_work += k_attribute * m_formatting[e].count;  // (a copy of the element: of its attributes too)
            push(m_formatting[e].name, k_formatting, m_formatting[e].count);
            m_formatting[e].id = m_open.back().id;
        }
    }

    // A formatting element's end tag. Its element, with no special element opened inside it, is
    // closed with what it holds; else (a <div> inside a <b>) the adoption agency moves a new copy
    // of it inside the innermost such element, as many as eight times over.
    void adoption_agency(Name name) {
        for (int round = 0; round < 8 && !over(); ++round) {
            std::size_t e = m_formatting.size();
            while (e > 0 && m_formatting[e - 1].name != name) {
                --e;
                ++m_work;
            }
            if (e == 0) {
                if (round == 0) any_other_end_tag(name);
                return;
            }
            const std::size_t id = m_formatting[--e].id;
            if (!m_is_open[id]) {
                m_formatting.erase(m_formatting.begin() + static_cast<std::ptrdiff_t>(e));
                m_work += m_formatting.size() - e;
                return;
            }
            const std::size_t at = find_open([&](const Open& o) { return o.id == id; },
                                             [](const Open& o) { return (o.flags & k_scope) != 0; });
            if (at == m_open.size()) return;  // not in scope: the end tag is ignored
            std::size_t block = at + 1;
            while (block < m_open.size() && !(m_open[block].flags & k_special)) {
                ++block;
                ++m_work;
            }
            if (block == m_open.size()) {
                pop_to(at);
                m_formatting.erase(m_formatting.begin() + static_cast<std::ptrdiff_t>(e));
                m_work += m_formatting.size() - e;
                return;
            }
            // The element leaves its place and a copy opens inside the furthest block.
            Open copy = m_open[at];
            m_is_open[copy.id] = false;
            m_open.erase(m_open.begin() + static_cast<std::ptrdiff_t>(at));
            m_work += m_open.size() - at;
            m_is_open.push_back(true);
            copy.id = m_is_open.size() - 1;
            m_formatting[e].id = copy.id;
            m_open.insert(m_open.begin() + static_cast<std::ptrdiff_t>(block), copy);
            m_work += k_element + k_attribute * copy.attributes + m_open.size() - block;
        }
    }

    void any_other_end_tag(Name name) {
        const std::size_t at = find_open([&](const Open& o) { return o.name == name; },
                                         [](const Open& o) { return (o.flags & k_special) != 0; });
        if (at < m_open.size()) pop_to(at);
    }
};

}  // namespace

std::size_t gumbo_work(std::string_view html, std::size_t limit) {
    return TreeCost(limit).work(html);
}

std::size_t gumbo_budget(std::size_t length) {
    return 4'000'000 + 256 * length;
}

bool gumbo_may_parse(std::string_view html) {
    // 32 tags cannot cost a million steps, whatever they are (at most 65 reopenings of 32
    // elements, on at most 2,100 open), nor can the attributes 4 KB hold (at most 2,048, each
    // compared with those before it): most fragments are smaller.
    if (html.size() <= 4096 && std::count(html.begin(), html.end(), '<') <= 32) return true;
    const std::size_t budget = gumbo_budget(html.size());
    return gumbo_work(html, budget) <= budget;
}

std::vector<std::string> text_paragraphs(std::string_view html) {
    std::vector<std::string> paragraphs;
    std::string paragraph;
    auto end_paragraph = [&] {
        if (!std::all_of(paragraph.begin(), paragraph.end(), is_space))
            paragraphs.push_back(decode_entities(paragraph));
        paragraph.clear();
    };
    std::vector<std::string> dropped;  // the elements open whose content the sanitizer drops
    Tokenizer tokens(html);
    Token token;
    while (tokens.next(token)) {
        const unsigned flags = token.kind == Token::Kind::text ? 0 : flags_of(token.name);
        if (token.kind == Token::Kind::text) {
            if (dropped.empty()) paragraph += token.text;
        } else if (token.kind == Token::Kind::start && !(flags & k_void) &&
                   dropped_with_content(gumbo_tag_enum(token.name.c_str()))) {
            dropped.push_back(token.name);
        } else if (token.kind == Token::Kind::end && !dropped.empty() && dropped.back() == token.name) {
            dropped.pop_back();
        } else if (flags & (k_closes_p | k_breaks)) {
            end_paragraph();
        }
    }
    end_paragraph();
    return paragraphs;
}

}  // namespace html

#include "html/html_sanitizer.hpp"

#include <gumbo.h>

#include <algorithm>
#include <array>
#include <charconv>
#include <cstdlib>
#include <memory>
#include <optional>
#include <vector>

#include "html/escape.hpp"
#include "html/parse_cost.hpp"
#include "html/simple_html.hpp"
#include "html/tags.hpp"
#include "net/url.hpp"
#include "text/strings.hpp"
#include "text/unicode.hpp"

namespace html {

namespace {

constexpr int k_max_depth = 64;  // deeper nesting is flattened to text; nothing legitimate nests so deep

// Gumbo's memory, all freed at once when the tree is no longer read. Gumbo frees a tree by
// recursion, a call per level, and a hostile document nests past any stack (two million <b>
// crashed the tool with an 8 MB stack): its allocations come from blocks kept here, and its own
// frees do nothing.
//
// The blocks are zeroed: gumbo 0.10.1 reads its fragment document's quirks mode without ever
// setting it (valgrind: "conditional jump depends on uninitialised value"), so "<p>x<table>"
// sometimes closed the paragraph and sometimes not, from one call to the next. Zeroed memory
// means no quirks, as for our pages' <!DOCTYPE html>, every time.
class GumboArena {
public:
    GumboArena() = default;
    GumboArena(const GumboArena&) = delete;
    GumboArena& operator=(const GumboArena&) = delete;
    ~GumboArena() {
        for (void* block : m_blocks) std::free(block);
    }
    static void* allocate(void* arena, std::size_t size) { return static_cast<GumboArena*>(arena)->take(size); }
    static void release(void*, void*) {}

private:
    static constexpr std::size_t k_block = 16 * 1024;
    std::vector<void*> m_blocks;
    char* m_free = nullptr;  // the rest of the newest block
    std::size_t m_left = 0;

    void* take(std::size_t size) {
        size = (size + 15) & ~std::size_t{15};
        if (size > k_block / 4) return m_blocks.emplace_back(std::calloc(1, size));  // (large: a block of its own)
        if (size > m_left) {
            m_free = static_cast<char*>(m_blocks.emplace_back(std::calloc(1, k_block)));
            m_left = k_block;
        }
        void* p = m_free;
        m_free += size;
        m_left -= size;
        return p;
    }
};

// A parsed fragment: gumbo's output and the memory it lives in.
struct GumboTree {
    std::unique_ptr<GumboArena> arena = std::make_unique<GumboArena>();
    GumboOutput* output = nullptr;
    const GumboNode* root() const { return output->root; }
};

GumboTree parse_fragment(std::string_view html) {
    GumboTree tree;
    GumboOptions options = kGumboDefaultOptions;
    options.allocator = GumboArena::allocate;
    options.deallocator = GumboArena::release;
    options.userdata = tree.arena.get();
    options.fragment_context = GUMBO_TAG_DIV;
    options.max_errors = 0;
    tree.output = gumbo_parse_with_options(&options, html.data(), html.size());
    return tree;
}

// Paragraphs of text alone, for HTML gumbo may not parse (parse_cost.hpp).
std::unique_ptr<SimpleHtmlTree> text_tree(std::string_view html) {
    auto tree = std::make_unique<SimpleHtmlTree>();
    for (std::string& paragraph : text_paragraphs(html))
        tree->add_text(tree->add_element(0, GUMBO_TAG_P), std::move(paragraph), false);
    tree->finish();
    return tree;
}

// A fragment's tree: from the fast parser when the HTML is plain (simple_html.hpp), else gumbo's,
// or its text alone when gumbo would take too long over it.
class Fragment {
public:
    explicit Fragment(std::string_view html) : m_simple(parse_simple_html(html)) {
        if (m_simple) return;
        if (gumbo_may_parse(html))
            m_gumbo = parse_fragment(html);
        else
            m_simple = text_tree(html);
    }
    const GumboNode* root() const { return m_simple ? m_simple->root() : m_gumbo.root(); }

private:
    std::unique_ptr<SimpleHtmlTree> m_simple;
    GumboTree m_gumbo;
};

bool is_one_of(GumboTag tag, std::initializer_list<GumboTag> tags) {
    return std::find(tags.begin(), tags.end(), tag) != tags.end();
}

bool is_allowed(GumboTag tag) {
    return is_one_of(tag,
                     {GUMBO_TAG_P,       GUMBO_TAG_BR,      GUMBO_TAG_A,       GUMBO_TAG_STRONG,     GUMBO_TAG_B,
                      GUMBO_TAG_EM,      GUMBO_TAG_I,       GUMBO_TAG_U,       GUMBO_TAG_S,          GUMBO_TAG_DEL,
                      GUMBO_TAG_INS,     GUMBO_TAG_CODE,    GUMBO_TAG_PRE,     GUMBO_TAG_BLOCKQUOTE, GUMBO_TAG_UL,
                      GUMBO_TAG_OL,      GUMBO_TAG_LI,      GUMBO_TAG_H2,      GUMBO_TAG_H3,         GUMBO_TAG_H4,
                      GUMBO_TAG_H5,      GUMBO_TAG_H6,      GUMBO_TAG_TABLE,   GUMBO_TAG_CAPTION,    GUMBO_TAG_THEAD,
                      GUMBO_TAG_TBODY,   GUMBO_TAG_TFOOT,   GUMBO_TAG_TR,      GUMBO_TAG_TH,         GUMBO_TAG_TD,
                      GUMBO_TAG_HR,      GUMBO_TAG_SUP,     GUMBO_TAG_SUB,     GUMBO_TAG_DL,         GUMBO_TAG_DT,
                      GUMBO_TAG_DD,      GUMBO_TAG_ABBR,    GUMBO_TAG_KBD,     GUMBO_TAG_Q,          GUMBO_TAG_CITE,
                      GUMBO_TAG_SECTION, GUMBO_TAG_DETAILS, GUMBO_TAG_SUMMARY, GUMBO_TAG_MARK});
}

bool is_void(GumboTag tag) {
    return tag == GUMBO_TAG_BR || tag == GUMBO_TAG_HR;
}

bool is_plain_token(std::string_view value) {
    return !value.empty() && value.size() < 100 && std::all_of(value.begin(), value.end(), [](char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' || c == '_' ||
               c == ' ';
    });
}

// Returns true when attribute `name` with `value` may stay on element `tag`.
bool attribute_allowed(GumboTag tag, std::string_view name, std::string_view value) {
    if (name == "href") return tag == GUMBO_TAG_A && net::is_safe_link(value);
    if (name == "title") return tag == GUMBO_TAG_A || tag == GUMBO_TAG_ABBR;
    // Footnotes link by id ("fn-1", "fnref-1") and task lists have classes; any other id could be
    // one the page's theme already has ("notes-heading"), which HTML allows once.
    if (name == "id") return is_plain_token(value) && (value.starts_with("fn-") || value.starts_with("fnref-"));
    if (name == "class") return is_plain_token(value);
    if (name == "colspan" || name == "rowspan") return tag == GUMBO_TAG_TD || tag == GUMBO_TAG_TH;
    if (name == "start") return tag == GUMBO_TAG_OL;
    if (name == "open") return tag == GUMBO_TAG_DETAILS;
    return false;
}

// "https://github.com/pytorch/pytorch/pull/130935" -> "pytorch/pytorch#130935", else "".
std::string github_label(std::string_view url) {
    constexpr std::string_view k_prefix = "https://github.com/";
    if (!url.starts_with(k_prefix)) return {};
    auto parts = text::split(url.substr(k_prefix.size()), '/');
    if (parts.size() != 4 || (parts[2] != "pull" && parts[2] != "issues")) return {};
    long long number = 0;
    if (!text::parse_uint(parts[3], number)) return {};
    return std::string(parts[0]) + "/" + std::string(parts[1]) + "#" + std::string(parts[3]);
}

// Valid UTF-8 with the code points HTML forbids in text (controls other than white space,
// noncharacters) replaced by U+FFFD, as a parser does with them: a character reference such
// as "&#5;" in a feed's HTML would otherwise come out as a raw control character.
std::string html_text(std::string_view t) {
    std::string valid = text::sanitize_utf8(t);
    bool clean = std::all_of(valid.begin(), valid.end(), [](char c) {
        auto b = static_cast<unsigned char>(c);
        return b >= 0x20 ? b != 0x7F && b != 0xC2 && b != 0xEF : b == '\t' || b == '\n' || b == '\f' || b == '\r';
    });
    if (clean) return valid;  // the common case: no control, no C1 lead byte, nothing near U+FDD0/U+FFFE
    std::string out;
    out.reserve(valid.size());
    text::for_each_code_point(valid, [&](char32_t cp, std::size_t offset, std::size_t length) {
        bool control =
            (cp < 0x20 && cp != '\t' && cp != '\n' && cp != '\f' && cp != '\r') || (cp >= 0x7F && cp <= 0x9F);
        bool nonchar = (cp >= 0xFDD0 && cp <= 0xFDEF) || (cp & 0xFFFE) == 0xFFFE;
        if (control || nonchar)
            out += "\xEF\xBF\xBD";
        else
            out.append(valid, offset, length);
    });
    return out;
}

// Elements whose text html_to_text sets apart with spaces (of those the writer emits).
bool is_text_block(GumboTag tag) {
    return is_one_of(tag, {GUMBO_TAG_P, GUMBO_TAG_BR, GUMBO_TAG_LI, GUMBO_TAG_H1, GUMBO_TAG_H2, GUMBO_TAG_H3,
                           GUMBO_TAG_TR, GUMBO_TAG_PRE, GUMBO_TAG_BLOCKQUOTE});
}

bool is_heading(GumboTag tag) {
    return is_one_of(tag, {GUMBO_TAG_H1, GUMBO_TAG_H2, GUMBO_TAG_H3, GUMBO_TAG_H4, GUMBO_TAG_H5, GUMBO_TAG_H6});
}

// Start tags that close an open <p> (HTML5 "close a p element"), of those the writer emits.
bool closes_paragraph(GumboTag tag) {
    return is_heading(tag) ||
           is_one_of(tag, {GUMBO_TAG_P, GUMBO_TAG_BLOCKQUOTE, GUMBO_TAG_UL, GUMBO_TAG_OL, GUMBO_TAG_DL, GUMBO_TAG_DD,
                           GUMBO_TAG_DT, GUMBO_TAG_LI, GUMBO_TAG_PRE, GUMBO_TAG_HR, GUMBO_TAG_TABLE, GUMBO_TAG_SECTION,
                           GUMBO_TAG_DETAILS, GUMBO_TAG_SUMMARY});
}

// Where HTML5's scopes end, of the elements the writer emits.
bool is_scope_boundary(GumboTag tag) {
    return is_one_of(tag, {GUMBO_TAG_TABLE, GUMBO_TAG_TD, GUMBO_TAG_TH, GUMBO_TAG_CAPTION});
}

// The writer's elements in HTML5's "special" category, but for <div> and <p> (which an <li>,
// <dd> or <dt> start tag looks through for an open one to close).
bool stops_list_item_search(GumboTag tag) {
    return closes_paragraph(tag) ||  // (headings among them)
           is_one_of(tag, {GUMBO_TAG_TBODY, GUMBO_TAG_THEAD, GUMBO_TAG_TFOOT, GUMBO_TAG_TR, GUMBO_TAG_TD, GUMBO_TAG_TH,
                           GUMBO_TAG_CAPTION});
}

// An image a pixel or two wide or tall (width="1" height="1"): a counter of the host's readers
// (FeedBurner's and the like put one in every item), nothing to show, nor to link as an image.
bool is_tracking_pixel(const GumboNode* image) {
    for (const char* side : {"width", "height"}) {
        const GumboAttribute* a = gumbo_get_attribute(&image->v.element.attributes, side);
        long long pixels = 0;
        if (a && text::parse_uint(text::trim(a->value), pixels) && pixels <= 2) return true;
    }
    return false;
}

// The elements written and still open, innermost last. Gumbo builds trees that no HTML text
// gives back: elements it nested inside an element the sanitizer unwraps (an unknown one, or
// one past the depth limit) would land where a browser's parser closes the open element first
// (a heading in a heading, a paragraph in a paragraph, a list item in a list item, a link in a
// link). Such an element is unwrapped too, so that the page shows what was written and the
// text given with the HTML is that HTML's text.
class OpenElements {
public:
    void push(GumboTag tag) { m_tags.push_back(tag); }
    void pop() { m_tags.pop_back(); }

    bool start_would_close_one(GumboTag tag) const {
        if (is_heading(tag) && !m_tags.empty() && is_heading(m_tags.back())) return true;
        if (tag == GUMBO_TAG_LI || tag == GUMBO_TAG_DD || tag == GUMBO_TAG_DT) {
            for (auto it = m_tags.rbegin(); it != m_tags.rend(); ++it) {
                bool same = tag == GUMBO_TAG_LI ? *it == GUMBO_TAG_LI : (*it == GUMBO_TAG_DD || *it == GUMBO_TAG_DT);
                if (same) return true;
                if (stops_list_item_search(*it) && *it != GUMBO_TAG_P) break;
            }
        }
        if (tag == GUMBO_TAG_A && open_in_scope(GUMBO_TAG_A)) return true;
        return closes_paragraph(tag) && open_in_scope(GUMBO_TAG_P);
    }
    bool open_in_scope(GumboTag tag) const {
        for (auto it = m_tags.rbegin(); it != m_tags.rend(); ++it) {
            if (*it == tag) return true;
            if (is_scope_boundary(*it)) return false;
        }
        return false;
    }
    // The element the next one is written in (the fragment's root when none is open).
    GumboTag innermost() const { return m_tags.empty() ? GUMBO_TAG_UNKNOWN : m_tags.back(); }

private:
    std::vector<GumboTag> m_tags;
};

struct Writer {
    std::string out;
    std::string* plain = nullptr;              // the visible text, when asked for
    const ForeignFragment* foreign = nullptr;  // HTML written for another page: links resolved (sanitize_html)
    OpenElements open;
    // The level each heading is written at (h1 is the page's own: h2). A fragment written for
    // another page gets its headings beneath the page's own heading, without skipping a level.
    std::array<GumboTag, 6> heading_level = {GUMBO_TAG_H2, GUMBO_TAG_H2, GUMBO_TAG_H3,
                                             GUMBO_TAG_H4, GUMBO_TAG_H5, GUMBO_TAG_H6};

    void level_headings_under(GumboTag parent, const GumboNode* root) {
        std::array<bool, 6> used{};
        mark_headings(root, used, 0);
        int next = parent - GUMBO_TAG_H1 + 1;  // the level below the parent's
        for (std::size_t i = 0; i < used.size(); ++i)
            if (used[i]) heading_level[i] = static_cast<GumboTag>(GUMBO_TAG_H1 + std::min(next++, 5));
    }
    static void mark_headings(const GumboNode* node, std::array<bool, 6>& used, int depth) {
        if (node->type != GUMBO_NODE_ELEMENT && node->type != GUMBO_NODE_DOCUMENT) return;
        if (depth > k_max_depth) return;
        if (node->type == GUMBO_NODE_ELEMENT && is_heading(node->v.element.tag))
            used[node->v.element.tag - GUMBO_TAG_H1] = true;
        const GumboVector& kids =
            node->type == GUMBO_NODE_DOCUMENT ? node->v.document.children : node->v.element.children;
        for (unsigned i = 0; i < kids.length; ++i)
            mark_headings(static_cast<const GumboNode*>(kids.data[i]), used, depth + 1);
    }

    // A link target as the page will have it: resolved against foreign->base when reading HTML
    // written for another page, "" when it then leads nowhere a visitor can go.
    std::string target(std::string_view value) const {
        if (!foreign) return std::string(value);
        std::string url = net::resolve_url(foreign->base, net::encode_url_spaces(value));
        if (net::is_http_url(url) || text::starts_with_icase(text::trim(url), "mailto:")) return url;
        return {};
    }

    void text(std::string_view t) { append_html_escaped(out, html_text(t)); }
    void visible(std::string_view t) {
        std::string clean = html_text(t);
        append_html_escaped(out, clean);
        if (plain) *plain += clean;
    }
    void block_edge(GumboTag tag) {
        if (plain && is_text_block(tag)) *plain += ' ';
    }

    void children(const GumboNode* node, int depth) {
        const GumboVector& kids = node->v.element.children;
        for (unsigned i = 0; i < kids.length; ++i) write(static_cast<const GumboNode*>(kids.data[i]), depth + 1);
    }

    void element(const GumboNode* node, int depth) {
        GumboTag tag = node->v.element.tag;
        if (tag == GUMBO_TAG_INPUT) return task_checkbox(node);
        if (dropped_with_content(tag)) return;
        if (tag == GUMBO_TAG_IMG) return image_as_link(node);
        if (depth > k_max_depth) return flat(node);
        if (!is_allowed(tag) && tag != GUMBO_TAG_H1) return children(node, depth);
        if (is_heading(tag)) tag = heading_level[tag - GUMBO_TAG_H1];
        if (open.start_would_close_one(tag)) return children(node, depth);
        // A list item outside a list (HTML cut from a longer page) gets a list of its
        // own: HTML allows an <li> only in one, a <dt> or <dd> only in a <dl>.
        const GumboTag list = tag == GUMBO_TAG_LI                          ? GUMBO_TAG_UL
                              : tag == GUMBO_TAG_DT || tag == GUMBO_TAG_DD ? GUMBO_TAG_DL
                                                                           : GUMBO_TAG_UNKNOWN;
        if (list != GUMBO_TAG_UNKNOWN && open.innermost() != list &&
            !(list == GUMBO_TAG_UL && open.innermost() == GUMBO_TAG_OL))
            return in_element(list, [&] { element(node, depth); });
        const GumboVector& attrs = node->v.element.attributes;
        std::string resolved;  // the href, when resolving changed it
        std::string_view href;
        bool has_href = false;
        if (tag == GUMBO_TAG_A)
            if (const GumboAttribute* a = gumbo_get_attribute(&attrs, "href")) {
                // (nearly every link is absolute already: nothing to resolve)
                href = !foreign || net::is_http_url(a->value) ? std::string_view(a->value)
                                                              : std::string_view(resolved = target(a->value));
                if (href.empty() || !net::is_safe_link(href))
                    return children(node, depth);  // a link that leads nowhere: its text alone
                has_href = true;
            }
        const char* name = gumbo_normalized_tagname(tag);
        out += '<';
        out += name;
        bool wrote_href = false;
        for (unsigned i = 0; i < attrs.length; ++i) {
            auto* attr = static_cast<const GumboAttribute*>(attrs.data[i]);
            std::string attr_name = text::ascii_lower(attr->name);
            std::string_view value = attr->value;
            if (attr_name == "href") {
                // The one target written is the one judged above, once: never an attribute's own
                // value, whatever other attribute the parser named href.
                if (!has_href || wrote_href) continue;
                value = href;
                wrote_href = true;
            }
            if (!attribute_allowed(tag, attr_name, value)) continue;
            out += ' ';
            out += attr_name;
            out += "=\"";
            text(value);
            out += '"';
        }
        if (has_href) out += " rel=\"nofollow noopener\"";  // (an <a> without href may have no rel)
        out += '>';
        block_edge(tag);
        if (is_void(tag)) return block_edge(tag);
        open.push(tag);
        if (tag == GUMBO_TAG_A && link_shown_as_url(node)) {
            // A bare GitHub issue or PR URL reads better as "pytorch/pytorch#13246".
            visible(github_label(gumbo_get_attribute(&node->v.element.attributes, "href")->value));
        } else if (tag == GUMBO_TAG_UL || tag == GUMBO_TAG_OL) {
            list_children(node, depth);
        } else {
            children(node, depth);
        }
        open.pop();
        out += "</";
        out += name;
        out += '>';
        block_edge(tag);
    }

    // Writes <tag>, what `inside` writes, and </tag>, as element() writes an element.
    template <class Fn>
    void in_element(GumboTag tag, const Fn& inside) {
        const char* name = gumbo_normalized_tagname(tag);
        out.append("<").append(name).append(">");
        block_edge(tag);
        open.push(tag);
        inside();
        open.pop();
        out.append("</").append(name).append(">");
        block_edge(tag);
    }

    // A list holds list items. What a feed put directly in one (markup a browser's parser
    // leaves there: <ul><strong>...) goes into an item of its own, or is left out when it shows
    // nothing: the page stays valid HTML and shows every word.
    void list_children(const GumboNode* node, int depth) {
        const GumboVector& kids = node->v.element.children;
        bool in_item = false;
        auto close_item = [&] {
            if (!in_item) return;
            open.pop();
            out += "</li>";
            block_edge(GUMBO_TAG_LI);
            in_item = false;
        };
        for (unsigned i = 0; i < kids.length; ++i) {
            auto* kid = static_cast<const GumboNode*>(kids.data[i]);
            const bool item = kid->type == GUMBO_NODE_ELEMENT && kid->v.element.tag == GUMBO_TAG_LI;
            if (item || !shows_something(kid, depth)) {
                close_item();
                if (item || kid->type == GUMBO_NODE_WHITESPACE) write(kid, depth + 1);
                continue;
            }
            if (!in_item) {
                out += "<li>";
                block_edge(GUMBO_TAG_LI);
                open.push(GUMBO_TAG_LI);
                in_item = true;
            }
            write(kid, depth + 1);
        }
        close_item();
    }

    // True when `node` writes any text or link (bounded: deep nesting counts as something).
    static bool shows_something(const GumboNode* node, int depth) {
        if (depth > k_max_depth) return true;
        if (node->type == GUMBO_NODE_TEXT || node->type == GUMBO_NODE_CDATA)
            return !text::trim(node->v.text.text).empty();
        if (node->type != GUMBO_NODE_ELEMENT) return false;
        GumboTag tag = node->v.element.tag;
        if (tag == GUMBO_TAG_IMG || tag == GUMBO_TAG_INPUT || tag == GUMBO_TAG_HR) return true;
        if (dropped_with_content(tag)) return false;
        const GumboVector& kids = node->v.element.children;
        for (unsigned i = 0; i < kids.length; ++i)
            if (shows_something(static_cast<const GumboNode*>(kids.data[i]), depth + 1)) return true;
        return false;
    }

    // GFM task lists render checkboxes; nothing else may bring form controls in.
    void task_checkbox(const GumboNode* node) {
        const GumboAttribute* type = gumbo_get_attribute(&node->v.element.attributes, "type");
        if (!type || text::ascii_lower(type->value) != "checkbox") return;
        out += "<input type=\"checkbox\" disabled";
        if (gumbo_get_attribute(&node->v.element.attributes, "checked")) out += " checked";
        out += ">";
    }

    static bool link_shown_as_url(const GumboNode* node) {
        const GumboAttribute* href = gumbo_get_attribute(&node->v.element.attributes, "href");
        const GumboVector& kids = node->v.element.children;
        if (!href || kids.length != 1 || github_label(href->value).empty()) return false;
        auto* child = static_cast<const GumboNode*>(kids.data[0]);
        return child->type == GUMBO_NODE_TEXT && text::trim(child->v.text.text) == text::trim(href->value);
    }

    // Past the depth limit, an element's content is written as its text (its images as links,
    // as at any depth), walked with a stack of its own: no nesting, however deep (20,000 <b>),
    // makes the writer recurse further.
    void flat(const GumboNode* node) {
        std::vector<const GumboNode*> stack;
        auto push_children = [&](const GumboNode* n) {
            const GumboVector& kids = n->v.element.children;
            for (unsigned i = kids.length; i-- > 0;) stack.push_back(static_cast<const GumboNode*>(kids.data[i]));
        };
        push_children(node);
        while (!stack.empty()) {
            const GumboNode* n = stack.back();
            stack.pop_back();
            if (n->type != GUMBO_NODE_ELEMENT && n->type != GUMBO_NODE_TEMPLATE) {
                write(n, 0);  // text (comments write nothing)
                continue;
            }
            const GumboTag tag = n->v.element.tag;
            if (tag == GUMBO_TAG_INPUT)
                task_checkbox(n);
            else if (tag == GUMBO_TAG_IMG)
                image_as_link(n);
            else if (!dropped_with_content(tag))
                push_children(n);
        }
    }

    void image_as_link(const GumboNode* node) {
        if (is_tracking_pixel(node)) return;
        const GumboAttribute* src = gumbo_get_attribute(&node->v.element.attributes, "src");
        const GumboAttribute* alt = gumbo_get_attribute(&node->v.element.attributes, "alt");
        std::string label = alt && *alt->value                        ? std::string(alt->value)
                            : foreign && !foreign->image_word.empty() ? std::string(foreign->image_word)
                                                                      : "image";
        std::string url = src ? target(src->value) : "";
        if (net::is_http_url(url) && !open.open_in_scope(GUMBO_TAG_A)) {
            out += "<a href=\"";
            text(url);
            out += "\" rel=\"nofollow noopener\">";
            visible(label);
            out += "</a>";
        } else if ((alt && *alt->value) || net::is_http_url(url)) {
            visible(label);  // (in a link, an image's link would be a link in a link)
        }
    }

    void write(const GumboNode* node, int depth) {
        switch (node->type) {
            case GUMBO_NODE_ELEMENT:
            case GUMBO_NODE_TEMPLATE:
                element(node, depth);
                break;
            case GUMBO_NODE_TEXT:
            case GUMBO_NODE_WHITESPACE:
            case GUMBO_NODE_CDATA:
                visible(node->v.text.text);
                break;
            default:
                break;  // comments and documents carry nothing to show
        }
    }
};

void collect_text(const GumboNode* node, std::string& out, int depth) {
    if (node->type == GUMBO_NODE_TEXT || node->type == GUMBO_NODE_WHITESPACE || node->type == GUMBO_NODE_CDATA) {
        out += node->v.text.text;
        return;
    }
    if (node->type != GUMBO_NODE_ELEMENT || depth > 256 || dropped_with_content(node->v.element.tag)) return;
    GumboTag tag = node->v.element.tag;
    bool block = is_one_of(tag, {GUMBO_TAG_P, GUMBO_TAG_BR, GUMBO_TAG_LI, GUMBO_TAG_DIV, GUMBO_TAG_H1, GUMBO_TAG_H2,
                                 GUMBO_TAG_H3, GUMBO_TAG_TR, GUMBO_TAG_PRE, GUMBO_TAG_BLOCKQUOTE});
    if (block) out += ' ';
    const GumboVector& kids = node->v.element.children;
    for (unsigned i = 0; i < kids.length; ++i)
        collect_text(static_cast<const GumboNode*>(kids.data[i]), out, depth + 1);
    if (block) out += ' ';
}

}  // namespace

namespace {
std::string write_sanitized(const GumboNode* root, std::string* plain, const ForeignFragment* foreign = nullptr) {
    Writer writer;
    writer.plain = plain;
    writer.foreign = foreign;
    if (foreign) writer.level_headings_under(GUMBO_TAG_H2, root);
    writer.children(root, 0);
    return writer.out;
}
}  // namespace

std::string sanitize_html(std::string_view html, std::string* plain) {
    return write_sanitized(Fragment(html).root(), plain);
}

std::string sanitize_html(std::string_view html, std::string* plain, const ForeignFragment& notes) {
    return write_sanitized(Fragment(html).root(), plain, &notes);
}

std::string sanitize_html_with_gumbo(std::string_view html, std::string* plain) {
    return write_sanitized(parse_fragment(html).root(), plain);
}

std::string strip_tags(std::string_view html) {
    // Each '<' becomes a space and starts a tag that the next '>' ends; the text between tags
    // is copied a run at a time.
    std::string out;
    out.reserve(html.size());
    std::size_t i = 0;
    while (i < html.size()) {
        std::size_t open = html.find('<', i);
        if (open == std::string_view::npos) {
            out.append(html, i);
            break;
        }
        out.append(html, i, open - i);
        std::size_t close = html.find('>', open + 1);
        std::string_view tag =
            html.substr(open, close == std::string_view::npos ? std::string_view::npos : close - open);
        out.append(static_cast<std::size_t>(std::count(tag.begin(), tag.end(), '<')), ' ');
        if (close == std::string_view::npos) break;
        i = close + 1;
    }
    return text::collapse_whitespace(decode_entities(out));
}

namespace {

// What sets `html` out: a block element (start or end tag) of the layout, else a <br> alone,
// else nothing.
enum class Layout { none, line_breaks, blocks };

Layout layout_of(std::string_view html) {
    Layout found = Layout::none;
    for (std::size_t at = html.find('<'); at != std::string_view::npos; at = html.find('<', at + 1)) {
        std::size_t name = at + 1 + (at + 1 < html.size() && html[at + 1] == '/');
        std::size_t end = name;
        while (end < html.size() && std::isalnum(static_cast<unsigned char>(html[end]))) ++end;
        if (end == name) continue;
        // (gumbo's own lookup of a tag's name, in any case, without a copy of it)
        const GumboTag tag = gumbo_tagn_enum(html.data() + name, static_cast<unsigned>(end - name));
        if (closes_paragraph(tag) ||
            is_one_of(tag, {GUMBO_TAG_DIV, GUMBO_TAG_TR, GUMBO_TAG_TD, GUMBO_TAG_TH, GUMBO_TAG_ARTICLE,
                            GUMBO_TAG_HEADER, GUMBO_TAG_FOOTER, GUMBO_TAG_FIGURE, GUMBO_TAG_ADDRESS, GUMBO_TAG_CENTER}))
            return Layout::blocks;
        if (tag == GUMBO_TAG_BR) found = Layout::line_breaks;
    }
    return found;
}

}  // namespace

std::optional<std::string> lines_set_out(std::string_view html) {
    const std::string_view body = text::trim(html);
    const Layout layout = layout_of(body);
    if (layout == Layout::blocks || body.empty()) return std::nullopt;
    // Inline elements and text in one line, or set out with <br>s: one paragraph.
    if (layout == Layout::line_breaks || body.find('\n') == std::string_view::npos)
        return "<p>" + std::string(body) + "</p>";
    std::string out = "<p>";
    bool in_tag = false;  // (a line break inside a tag, between its attributes, is white space)
    for (std::size_t i = 0; i < body.size(); ++i) {
        const char c = body[i];
        if (c == '<' && i + 1 < body.size() &&
            (std::isalpha(static_cast<unsigned char>(body[i + 1])) || body[i + 1] == '/' || body[i + 1] == '!'))
            in_tag = true;
        else if (c == '>')
            in_tag = false;
        if (c != '\n' || in_tag) {
            if (c != '\r' || in_tag) out += c;
            continue;
        }
        // A run of line breaks with only white space between: two or more end a paragraph.
        int breaks = 1;
        std::size_t next = i + 1;
        for (std::size_t j = i + 1;
             j < body.size() && (body[j] == ' ' || body[j] == '\t' || body[j] == '\r' || body[j] == '\n'); ++j)
            if (body[j] == '\n') ++breaks, next = j + 1;
        out += breaks > 1 ? "</p>\n<p>" : "<br>\n";
        i = next - 1;
    }
    return out + "</p>";
}

std::string html_to_text(std::string_view html) {
    if (html.find('<') == std::string_view::npos && html.find('&') == std::string_view::npos)
        return text::collapse_whitespace(html);
    std::string out;
    collect_text(Fragment(html).root(), out, 0);
    return text::collapse_whitespace(text::sanitize_utf8(out));
}

namespace {

bool url_char(char c) {
    return static_cast<unsigned char>(c) > 0x20 && c != '<' && c != '>' && c != '"' && c != '\'' && c != '`';
}

// Whether the character at `at` ends a URL written in running text though a URL may hold it:
// CJK punctuation and the ideographic space (U+3000-U+303F: "https://example.com/x。次回"),
// full-width punctuation ("（https://example.com/y）"), curly quotes, dashes and a no-break space.
// (Other letters stay: "https://ja.wikipedia.org/wiki/東京" is one link.)
bool ends_url(std::string_view text, std::size_t at) {
    const auto byte = [&](std::size_t i) { return i < text.size() ? static_cast<unsigned char>(text[i]) : 0u; };
    const unsigned b0 = byte(at), b1 = byte(at + 1), b2 = byte(at + 2);
    if (b0 == 0xC2) return b1 == 0xA0;                              // U+00A0
    if (b0 == 0xE2) return b1 == 0x80 && b2 >= 0x93 && b2 <= 0x9F;  // U+2013-U+201F
    if (b0 == 0xE3) return b1 == 0x80;                              // U+3000-U+303F
    if (b0 != 0xEF) return false;
    const unsigned cp = 0xF000 | ((b1 & 0x3F) << 6) | (b2 & 0x3F);  // (U+F000-U+FFFF)
    return (cp >= 0xFF01 && cp <= 0xFF0F) || (cp >= 0xFF1A && cp <= 0xFF20) || (cp >= 0xFF3B && cp <= 0xFF40) ||
           (cp >= 0xFF5B && cp <= 0xFF65);
}

void append_linked(std::string& out, std::string_view text) {
    std::size_t i = 0;
    while (i < text.size()) {
        std::size_t hit = std::min(text.find("https://", i), text.find("http://", i));
        if (hit == std::string_view::npos) break;
        std::size_t end = hit;
        while (end < text.size() && url_char(text[end]) && !ends_url(text, end)) ++end;
        // Trailing punctuation belongs to the sentence, not the URL; so does an unmatched ')'.
        while (end > hit) {
            if (text.substr(hit, end - hit).ends_with("\xE2\x80\xA6")) {  // a truncation ellipsis
                end -= 3;
                continue;
            }
            if (std::string_view(".,;:!?)]").find(text[end - 1]) == std::string_view::npos) break;
            if (text[end - 1] == ')' && text.substr(hit, end - hit).find('(') != std::string_view::npos) break;
            --end;
        }
        std::string_view url = text.substr(hit, end - hit);
        append_html_escaped(out, text.substr(i, hit - i));
        if (net::is_http_url(url) && url.size() > 10) {
            std::string label = github_label(url);
            out += "<a href=\"";
            append_html_escaped(out, url);
            out += "\" rel=\"nofollow noopener\">";
            append_html_escaped(out, label.empty() ? url : std::string_view(label));
            out += "</a>";
        } else {
            append_html_escaped(out, url);
        }
        i = end;
    }
    append_html_escaped(out, text.substr(i));
}

}  // namespace

namespace {

// A plain-text list line: "- x", "* x", "• x" (bullets) or "1. x", "1) x" (numbered). Returns
// the item's text, and in `number` the item's number (0 for a bullet).
std::optional<std::string_view> list_item(std::string_view line, int& number) {
    line = text::trim(line);
    number = 0;
    for (std::string_view bullet : {"- ", "* ", "\xE2\x80\xA2 "})  // (U+2022)
        if (line.starts_with(bullet)) return text::trim(line.substr(bullet.size()));
    std::size_t digits = 0;
    while (digits < line.size() && digits < 4 && line[digits] >= '0' && line[digits] <= '9') ++digits;
    if (digits == 0 || digits == 4 || digits + 1 >= line.size() || (line[digits] != '.' && line[digits] != ')') ||
        line[digits + 1] != ' ')
        return std::nullopt;
    std::from_chars(line.data(), line.data() + digits, number);
    return text::trim(line.substr(digits + 2));
}

// A list some directory flattened into one line ("Questions: - Are ...? - Why ...?"): after the
// first ": - ", each " - " before a capital, a digit or a quote starts an item again. The items,
// or nothing when there are fewer than two; `colon` is where the introduction ends.
std::vector<std::string_view> flattened_list(std::string_view paragraph, std::size_t& colon) {
    std::vector<std::string_view> items;
    colon = paragraph.find(": - ");
    if (colon == std::string_view::npos) return items;
    std::size_t start = colon + 4;
    for (std::size_t at = paragraph.find(" - ", start); at != std::string_view::npos;
         at = paragraph.find(" - ", at + 3)) {
        const char next = at + 3 < paragraph.size() ? paragraph[at + 3] : ' ';
        if ((next >= 'A' && next <= 'Z') || (next >= '0' && next <= '9') || next == '"') {
            items.push_back(text::trim(paragraph.substr(start, at - start)));
            start = at + 3;
        }
    }
    items.push_back(text::trim(paragraph.substr(start)));
    if (items.size() < 2) items.clear();
    return items;
}

// "<tag>text</tag>", the text escaped and its URLs linked.
void append_linked_in(std::string& out, std::string_view tag, std::string_view text) {
    out.append("<").append(tag).append(">");
    append_linked(out, text);
    out.append("</").append(tag).append(">");
}

}  // namespace

std::string linkify_text(std::string_view raw) {
    std::string text = text::sanitize_utf8(raw);
    std::string out;
    std::vector<std::string_view> lines = text::split_lines(text);
    std::string paragraph;
    auto flush = [&] {
        std::string_view p = text::trim(paragraph);
        std::size_t colon = 0;
        if (std::vector<std::string_view> items = flattened_list(p, colon); !items.empty()) {
            append_linked_in(out, "p", p.substr(0, colon + 1));
            out += "<ul>";
            for (auto item : items) append_linked_in(out, "li", item);
            out += "</ul>";
        } else if (!p.empty()) {
            append_linked_in(out, "p", p);
        }
        paragraph.clear();
    };
    // Lines that start as list items, two or more in a row of one kind, are a list (one such
    // line in prose is prose: "2. " can begin a sentence's second half); an indented line after
    // an item continues it.
    for (std::size_t i = 0; i < lines.size();) {
        int number = 0, next_number = 0;
        std::optional<std::string_view> item = list_item(lines[i], number);
        bool list =
            item && i + 1 < lines.size() && list_item(lines[i + 1], next_number) && (number == 0) == (next_number == 0);
        if (!list) {
            if (text::trim(lines[i]).empty())
                flush();
            else
                paragraph.append(paragraph.empty() ? "" : " ").append(lines[i]);
            ++i;
            continue;
        }
        flush();
        const bool numbered = number != 0;
        out += numbered ? (number == 1 ? std::string("<ol>") : "<ol start=\"" + std::to_string(number) + "\">")
                        : std::string("<ul>");
        while (i < lines.size()) {
            std::optional<std::string_view> at = list_item(lines[i], number);
            if (!at || (number != 0) != numbered) break;
            std::string entry(*at);
            for (++i; i < lines.size() && !text::trim(lines[i]).empty() && !list_item(lines[i], next_number) &&
                      (lines[i].starts_with(' ') || lines[i].starts_with('\t'));
                 ++i)
                entry.append(" ").append(text::trim(lines[i]));
            append_linked_in(out, "li", text::trim(entry));
        }
        out += numbered ? "</ol>" : "</ul>";
    }
    flush();
    return out;
}

}  // namespace html

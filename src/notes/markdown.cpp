#include "notes/markdown.hpp"

#include <cmark-gfm-core-extensions.h>
#include <cmark-gfm-extension_api.h>
#include <cmark-gfm.h>

#include <cstdlib>
#include <memory>

#include "html/html_sanitizer.hpp"
#include "html/parse_cost.hpp"
#include "text/unicode.hpp"

namespace notes {

namespace {

constexpr int k_options = CMARK_OPT_UNSAFE | CMARK_OPT_FOOTNOTES | CMARK_OPT_VALIDATE_UTF8;

void ensure_extensions() {
    static const bool registered = [] {
        cmark_gfm_core_extensions_ensure_registered();
        return true;
    }();
    (void)registered;
}

struct ParserDeleter {
    void operator()(cmark_parser* p) const { cmark_parser_free(p); }
};
struct NodeDeleter {
    void operator()(cmark_node* n) const { cmark_node_free(n); }
};

constexpr std::string_view k_scheme = "episode:";

// The first line of `markdown` (1-based) with more '|' than a row may have cells, or 0. (Every
// '|' counts, escaped or in code: a line of hundreds is no prose.)
int wide_row(std::string_view markdown) {
    int line = 1;
    std::size_t pipes = 0;
    for (const char c : markdown) {
        if (c == '\n') {
            ++line, pipes = 0;
        } else if (c == '|' && ++pipes > k_max_row_cells) {
            return line;
        }
    }
    return 0;
}

}  // namespace

RenderedMarkdown render_markdown(std::string_view markdown, int first_line, const EpisodeResolver& resolve) {
    ensure_extensions();
    std::string text = text::sanitize_utf8(markdown);
    RenderedMarkdown out;
    const int wide = wide_row(text);
    if (wide > 0) out.wide_row_line = first_line + wide - 1;
    std::unique_ptr<cmark_parser, ParserDeleter> parser(cmark_parser_new(k_options));
    for (const char* name : {"table", "autolink", "strikethrough", "tasklist", "tagfilter"})
        if (cmark_syntax_extension* ext = cmark_find_syntax_extension(name);
            ext && (wide == 0 || std::string_view(name) != "table"))
            cmark_parser_attach_syntax_extension(parser.get(), ext);
    cmark_parser_feed(parser.get(), text.data(), text.size());
    std::unique_ptr<cmark_node, NodeDeleter> doc(cmark_parser_finish(parser.get()));

    cmark_iter* iter = cmark_iter_new(doc.get());
    for (cmark_event_type ev; (ev = cmark_iter_next(iter)) != CMARK_EVENT_DONE;) {
        cmark_node* node = cmark_iter_get_node(iter);
        if (ev != CMARK_EVENT_ENTER || cmark_node_get_type(node) != CMARK_NODE_LINK) continue;
        std::string_view url = cmark_node_get_url(node) ? cmark_node_get_url(node) : "";
        if (!url.starts_with(k_scheme)) continue;
        EpisodeLink link{std::string(url.substr(k_scheme.size())), first_line + cmark_node_get_start_line(node) - 1,
                         cmark_node_get_start_column(node)};
        if (auto target = resolve(link.slug)) {
            cmark_node_set_url(node, target->c_str());
            out.resolved.push_back(link);
        } else {
            cmark_node_set_url(node, "");
            out.unresolved.push_back(link);
        }
    }
    cmark_iter_free(iter);
    char* html = cmark_render_html(doc.get(), k_options, cmark_parser_get_syntax_extensions(parser.get()));
    out.html = html::sanitize_html(html ? html : "");
    out.tangled = html && !html::gumbo_may_parse(html);
    std::free(html);
    return out;
}

}  // namespace notes

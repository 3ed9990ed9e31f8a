#include <doctest/doctest.h>

#include "render/context.hpp"
#include "render/draw_template.hpp"
#include "render/site_lines.hpp"
#include "render/static_text.hpp"
#include "render/template_set.hpp"
#include "support.hpp"

using render::Data;
using render::put;

namespace {

Data site_data() {
    Data nav_item;
    put(nav_item, "url", "/a/");
    put(nav_item, "label", "A & B");
    render::List nav;
    nav.push_back(std::move(nav_item));
    Data site;
    put(site, "title", "Show");
    put(site, "flag", true);
    put(site, "nav", std::move(nav));
    Data root;
    put(root, "site", std::move(site));
    return root;
}

// The stretches' lines, as written, and what they render to.
std::vector<std::pair<std::string, std::string>> stretches(const std::string& tmpl, const Data& site) {
    std::vector<std::pair<std::string, std::string>> out;
    for (const auto& lines : render::render_site_lines(tmpl, site)) out.emplace_back(tmpl.substr(lines.begin, lines.end - lines.begin), lines.output);
    return out;
}

using Stretches = std::vector<std::pair<std::string, std::string>>;

// Renders as TemplateSet does: `tmpl` with `page` on top of `site`, its static text in runs
// and, when `site_lines`, its site's lines rendered once.
std::string render_with(const std::string& tmpl, const Data& site, const Data& page, bool site_lines) {
    std::vector<render::RenderedLines> rendered;
    if (site_lines) rendered = render::render_site_lines(tmpl, site);
    auto marked = render::mark_static_text(tmpl, rendered);
    const std::vector<Data> no_runs;
    auto compiled = render::compile_template(marked ? marked->text : tmpl);
    REQUIRE(compiled->is_valid());
    render::Context context(marked ? marked->runs : no_runs);
    context.push(&site);
    context.push(&page);
    return compiled->render(context);
}

}  // namespace

TEST_CASE("lines that show only the site's data are rendered once, with their standalone lines dropped") {
    const Data site = site_data();
    const std::string tmpl =
        "<html>\n"
        "<title>{{page.title}}</title>\n"              // the page's
        "<a href=\"/\">{{site.title}}</a>\n"           // the site's
        "<ul>\n"                                       // plain, beside the site's
        "  {{#site.nav}}\n"
        "  <li><a href=\"{{url}}\">{{label}}</a></li>\n"
        "  {{/site.nav}}\n"
        "</ul>\n"
        "{{#site.flag}}\r\n"
        "<p>{{site.title}} {{title}}</p>\r\n"           // "title": the page's might be found first
        "{{/site.flag}}\r\n"
        "{{#episode}}\n"
        "{{site.title}}\n"                             // inside the page's section
        "{{/episode}}\n"
        "{{site.title}} {{x}}\n"                       // the page's name beside the site's
        "{{#site.nav}}{{missing}}{{/site.nav}}\n"      // not in the site's data: maybe the page's
        "{{site.title}}";                              // the last line, without a line break
    CHECK(stretches(tmpl, site) == Stretches{
                                       {"<a href=\"/\">{{site.title}}</a>\n<ul>\n  {{#site.nav}}\n  <li><a href=\"{{url}}\">{{label}}</a></li>\n"
                                        "  {{/site.nav}}\n</ul>\n",
                                        "<a href=\"/\">Show</a>\n<ul>\n  <li><a href=\"/a/\">A &amp; B</a></li>\n</ul>\n"},
                                       {"{{site.title}}", "Show"},
                                   });
    // "<html>" alone is plain text: left to the static text's runs.

    // Under a page, the template renders as it does with nothing rendered beforehand.
    Data page;
    Data page_page;
    put(page_page, "title", "Ep <1>");
    put(page, "page", std::move(page_page));
    put(page, "title", "T");
    put(page, "x", "X");
    put(page, "missing", "M");
    Data episode;
    put(episode, "n", "1");
    put(page, "episode", std::move(episode));
    CHECK(render_with(tmpl, site, page, true) == render_with(tmpl, site, page, false));
    CHECK(render_with(tmpl, site, page, true).find("<p>Show T</p>\r\n") != std::string::npos);
}

TEST_CASE("templates whose lines cannot be told apart are rendered whole") {
    const Data site = site_data();
    CHECK(render::render_site_lines("{{=<% %>=}}\n<%site.title%>\n", site).empty());  // other delimiters
    CHECK(render::render_site_lines("{{site.title\n}}\n", site).empty());              // a tag across lines
    CHECK(render::render_site_lines("{{site.title}}\n{{/site.nav}}\n", site).empty()); // a section never opened
    CHECK(render::render_site_lines("<p>\n</p>\n", site).empty());                      // nothing of the site's
    // A site's list whose items refer to data pages share: the page's shared data might differ.
    Data item = render::shared_reference("0");
    render::List items;
    items.push_back(std::move(item));
    Data shared_site = site_data();
    Data list_site;
    put(list_site, "cards", std::move(items));
    Data root;
    put(root, "site", std::move(list_site));
    CHECK(render::render_site_lines("{{#site.cards}}x{{/site.cards}}\n", root).empty());
}

// The claim that makes the site's lines safe: under any page without the site's members, any
// template renders to the same bytes with its site's lines rendered once or not.
TEST_CASE("drawn templates render the same with their site's lines rendered once") {
    test::DrawTemplate draw{{20261126}};
    draw.names = {"site.a", "site.b", "site.l", "site.o.a", "site", "a", "b", "l", "x"};
    int compared = 0, with_lines = 0;
    for (int i = 0; i < 20000; ++i) {
        const std::string tmpl = draw.text(3);
        if (!render::compile_template(tmpl)->is_valid()) continue;  // (drawn sections can cross a "{{{")
        draw.keys = {"a", "b", "l", "o"};
        Data site;
        put(site, "site", draw.object(2));
        draw.keys = {"a", "b", "l", "x"};  // never "site": TemplateSet renders pages that have it whole
        const Data page = draw.object(2);
        CAPTURE(tmpl);
        CHECK(render_with(tmpl, site, page, true) == render_with(tmpl, site, page, false));
        ++compared;
        with_lines += !render::render_site_lines(tmpl, site).empty();
    }
    CHECK(compared > 13000);
    CHECK(with_lines > 2500);
}

TEST_CASE("a page that has the site's members, or another site, is rendered with the template whole") {
    test::TempDir dir;
    test::write(dir.path() / "t.mustache", "{{site.title}}\n{{#site.nav}}{{url}}\n{{/site.nav}}");
    const render::TemplateSet loaded({}, dir.path(), {"t"});
    const Data site = site_data();
    const render::TemplateSet set = loaded.for_site(site);

    CHECK(set.render("t", site, Data()) == "Show\n/a/\n");

    Data page;  // its own "site" comes first
    Data own;
    put(own, "title", "Page");
    put(page, "site", std::move(own));
    CHECK(set.render("t", site, page) == "Page\n/a/\n");
    CHECK(set.render("t", site, page) == loaded.render("t", site, page));

    // The same through what the page refers to.
    struct Shared final : render::SharedData {
        Data card;
        const Data* find(const std::string& name) const override { return name == "0" ? &card : nullptr; }
    } shared;
    Data shared_site;
    put(shared_site, "title", "Card");
    put(shared.card, "site", std::move(shared_site));
    CHECK(set.render("t", site, render::shared_reference("0"), &shared) == "Card\n/a/\n");

    // Another site's data is looked up, not the one rendered beforehand.
    Data other = site_data();
    put(other, "site", Data());
    CHECK(set.render("t", other, Data()) == "\n");
    // A copy for another site renders that site's lines (not those its original had made).
    Data renamed = site_data();
    Data renamed_site;
    put(renamed_site, "title", "Renamed");
    put(renamed, "site", std::move(renamed_site));
    CHECK(set.for_site(renamed).render("t", renamed, Data()) == "Renamed\n");
}

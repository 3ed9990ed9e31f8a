#include "render/static_text.hpp"

#include <doctest/doctest.h>

#include <array>
#include <cstdint>

#include "engine_reference.hpp"
#include "html/escape.hpp"
#include "render/draw_template.hpp"
#include "render/template_set.hpp"
#include "support.hpp"

using render::mark_static_text;

namespace {

std::string mark(std::size_t n) {
    return std::string("{{{") + render::k_static_mark + std::to_string(n) + "}}}";
}

std::vector<std::string> run_texts(const render::StaticText& marked) {
    std::vector<std::string> out;
    for (const auto& run : marked.runs) out.push_back(run.string_value());
    return out;
}

}  // namespace

TEST_CASE("static text is handed to kainjow in runs; a line break joins a run only between two lines with text") {
    const std::string tmpl =
        "<p class=\"a\">{{x}} and more</p>\n"
        "  {{#items}}\n"
        "  <li>one two</li>\n"
        "  <li>three</li>\n"
        "  {{/items}}\n"
        "\tx\r\ny z\r{{y}}";
    auto marked = mark_static_text(tmpl);
    REQUIRE(marked);
    // (Two spaces are two components: left as they are.)
    CHECK(marked->text ==
          mark(0) + "{{x}}" + mark(1) + "\n  {{#items}}\n" + mark(2) + "\n  {{/items}}\n" + mark(3) + "\r{{y}}");
    CHECK(run_texts(*marked) == std::vector<std::string>{"<p class=\"a\">", " and more</p>",
                                                         "  <li>one two</li>\n  <li>three</li>", "\tx\r\ny z"});

    // A word or a lone space is one component already: left as it is.
    CHECK_FALSE(mark_static_text("{{a}}word{{b}} {{c}}\n\n"));
}

TEST_CASE("templates marking could change are left as they are") {
    CHECK_FALSE(mark_static_text("a b c {{=<% %>=}} d e f <%x%>"));                // other delimiters
    CHECK_FALSE(mark_static_text("a b c {{{ =x= }}} d e f"));                      // (kainjow reads any tag so)
    CHECK_FALSE(mark_static_text("a b c {{x"));                                    // unclosed: kainjow says so
    CHECK_FALSE(mark_static_text(std::string("a b c ") + render::k_static_mark));  // the mark itself
    CHECK(mark_static_text("a b c {{!= not a delimiter}} d e f"));                 // a comment
}

TEST_CASE("a run's name finds its run, and nothing else does") {
    std::vector<kainjow::mustache::data> runs(12, kainjow::mustache::data("r"));
    CHECK(render::static_run(runs, std::string(1, render::k_static_mark) + "0") == &runs[0]);
    CHECK(render::static_run(runs, std::string(1, render::k_static_mark) + "11") == &runs[11]);
    for (std::string name : {"12", "1a", "", "99999999999999999999999", "-1"})
        CHECK(render::static_run(runs, std::string(1, render::k_static_mark) + name) == nullptr);
    CHECK(render::static_run(runs, "0") == nullptr);
    CHECK(render::static_run(runs, "title") == nullptr);
}

// The claims that make the door safe: any template renders to the same bytes, marked or not, and
// our data through our context renders as kainjow renders the same data as its own.
TEST_CASE("drawn templates and data render byte for byte as kainjow renders them unmarked, with its own data") {
    test::TempDir dir;
    test::DrawTemplate draw{{20261125}};
    int compared = 0, marked = 0;
    for (int i = 0; i < 6000; ++i) {
        const std::string tmpl = draw.text(3);
        kainjow::mustache::mustache plain(tmpl);
        if (!plain.is_valid()) continue;  // (drawn sections can cross a "{{{")
        plain.set_custom_escape([](const std::string& s) { return html::html_escape(s); });
        const render::Data data = draw.object(3);
        test::write(dir.path() / "t.mustache", tmpl);
        render::TemplateSet set({}, dir.path(), {"t"});
        CAPTURE(tmpl);
        CHECK(set.render("t", data) == plain.render(test::as_kainjow(data)));
        ++compared;
        marked += mark_static_text(tmpl).has_value();
    }
    CHECK(compared > 4000);
    CHECK(marked > 1500);
}

#include <doctest/doctest.h>

#include <array>
#include <cstdint>

#include "render/static_text.hpp"
#include "render/template_set.hpp"
#include "support.hpp"
#include "util/escape.hpp"

using render::mark_static_text;

namespace {

std::string mark(std::size_t n) { return std::string("{{{") + render::k_static_mark + std::to_string(n) + "}}}"; }

std::vector<std::string> run_texts(const render::StaticText& marked) {
    std::vector<std::string> out;
    for (const auto& run : marked.runs) out.push_back(run.string_value());
    return out;
}

// Drawn templates: words, spaces, tabs, the three line breaks, every kind of tag, and sections
// of every kind nested, often alone on their lines (kainjow's standalone lines); values that are
// blank, empty or hold text, lists, objects and booleans.
struct Draw : test::Lcg {
    const char* name() { return std::array{"a", "b", "s", "t"}[below(4)]; }

    std::string text(int depth) {
        std::string out;
        for (std::size_t i = 0, n = below(12); i < n; ++i) {
            switch (below(depth > 0 ? 16 : 13)) {
                case 0: case 1: out += std::array{"<p>", "word", "x=\"1\"", "&amp;", "}}", "{", "}", "é"}[below(8)]; break;
                case 2: case 3: out += ' '; break;
                case 4: out += '\t'; break;
                case 5: case 6: out += '\n'; break;
                case 7: out += "\r\n"; break;
                case 8: out += '\r'; break;
                case 9: out += std::string("{{") + name() + "}}"; break;
                case 10: out += std::string(std::array{"{{{", "{{& "}[below(2)]) + name() + std::array{"}}}", "}}"}[below(2)]; break;
                case 11: out += "{{! a comment }}"; break;
                case 12: out += "{{.}}"; break;
                default: {
                    const std::string section = name();
                    const char* open = below(3) == 0 ? "{{^" : "{{#";
                    const char* around[] = {"", "\n", "  ", "\n  "};
                    out += around[below(4)] + (open + section + "}}") + around[below(4)] + text(depth - 1) + around[below(4)] +
                           "{{/" + section + "}}" + around[below(4)];
                }
            }
        }
        return out;
    }

    render::Data value(int depth) {
        switch (below(depth > 0 ? 8 : 5)) {
            case 0: return render::text(std::array{"", " ", "\t ", "v a l", "<b>&"}[below(5)]);
            case 1: return render::Data(true);
            case 2: return render::Data(false);
            case 3: return render::Data(render::List{});
            case 4: return render::text("x");
            default: {
                if (below(2) == 0) return object(depth - 1);
                render::List items;
                for (std::size_t i = 0, n = 1 + below(3); i < n; ++i) items.push_back(below(3) == 0 ? value(0) : object(depth - 1));
                return render::list(std::move(items));
            }
        }
    }

    render::Data object(int depth) {
        render::Data out;
        for (const char* key : {"a", "b", "s", "t"})
            if (below(4) != 0) render::put(out, key, value(depth));
        return out;
    }
};

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
    CHECK(marked->text == mark(0) + "{{x}}" + mark(1) + "\n  {{#items}}\n" + mark(2) + "\n  {{/items}}\n" + mark(3) + "\r{{y}}");
    CHECK(run_texts(*marked) ==
          std::vector<std::string>{"<p class=\"a\">", " and more</p>", "  <li>one two</li>\n  <li>three</li>", "\tx\r\ny z"});

    // A word or a lone space is one component already: left as it is.
    CHECK_FALSE(mark_static_text("{{a}}word{{b}} {{c}}\n\n"));
}

TEST_CASE("templates marking could change are left as they are") {
    CHECK_FALSE(mark_static_text("a b c {{=<% %>=}} d e f <%x%>"));         // other delimiters
    CHECK_FALSE(mark_static_text("a b c {{{ =x= }}} d e f"));               // (kainjow reads any tag so)
    CHECK_FALSE(mark_static_text("a b c {{x"));                             // unclosed: kainjow says so
    CHECK_FALSE(mark_static_text(std::string("a b c ") + render::k_static_mark));  // the mark itself
    CHECK(mark_static_text("a b c {{!= not a delimiter}} d e f"));        // a comment
}

TEST_CASE("a run's name finds its run, and nothing else does") {
    std::vector<render::Data> runs(12, render::text("r"));
    CHECK(render::static_run(runs, std::string(1, render::k_static_mark) + "0") == &runs[0]);
    CHECK(render::static_run(runs, std::string(1, render::k_static_mark) + "11") == &runs[11]);
    for (std::string name : {"12", "1a", "", "99999999999999999999999", "-1"})
        CHECK(render::static_run(runs, std::string(1, render::k_static_mark) + name) == nullptr);
    CHECK(render::static_run(runs, "0") == nullptr);
    CHECK(render::static_run(runs, "title") == nullptr);
}

// The claim that makes marking safe: any template renders to the same bytes, marked or not.
TEST_CASE("drawn templates render byte for byte as kainjow renders them unmarked") {
    test::TempDir dir;
    Draw draw{20261125};
    int compared = 0, marked = 0;
    for (int i = 0; i < 6000; ++i) {
        const std::string tmpl = draw.text(3);
        kainjow::mustache::mustache plain(tmpl);
        if (!plain.is_valid()) continue;  // (drawn sections can cross a "{{{")
        plain.set_custom_escape([](const std::string& s) { return util::html_escape(s); });
        const render::Data data = draw.object(3);
        test::write(dir.path() / "t.mustache", tmpl);
        render::TemplateSet set({}, dir.path(), {"t"});
        CAPTURE(tmpl);
        CHECK(set.render("t", data) == plain.render(data));
        ++compared;
        marked += mark_static_text(tmpl).has_value();
    }
    CHECK(compared > 4000);
    CHECK(marked > 1500);
}

#include "render/template_set.hpp"

#include <doctest/doctest.h>

#include <map>
#include <set>
#include <string>

#include "core/diagnostic.hpp"
#include "support.hpp"

using render::TemplateSet;

namespace {
std::string first_error(const std::filesystem::path& project, const std::filesystem::path& theme,
                        const std::string& name) {
    try {
        TemplateSet set(project, theme, {name});
    } catch (const core::InputError& e) {
        return core::format(e.diagnostics().front());
    }
    return "";
}
}  // namespace

TEST_CASE("a project's template overrides the theme's, partials too") {
    test::TempDir dir;
    auto theme = dir.path() / "theme", project = dir.path() / "project";
    test::write(theme / "page.mustache", "theme page {{> bit}}");
    test::write(theme / "partials/bit.mustache", "theme bit {{x}}");
    test::write(theme / "other.mustache", "theme other");
    TemplateSet plain(project, theme, {"page", "other"});
    render::Data d;
    render::put(d, "x", "<&>");
    CHECK(plain.render("page", d) == "theme page theme bit &lt;&amp;&gt;");

    test::write(project / "partials/bit.mustache", "project bit");
    TemplateSet partial_only(project, theme, {"page"});
    CHECK(partial_only.render("page", d) == "theme page project bit");

    test::write(project / "page.mustache", "project page");
    TemplateSet overridden(project, theme, {"page", "other"});
    CHECK(overridden.render("page", d) == "project page");
    CHECK(overridden.render("other", d) == "theme other");
    CHECK(overridden.origin("page") == project / "page.mustache");
}

TEST_CASE("an invalid template is an error at its line and column, never an empty page") {
    test::TempDir dir;
    test::write(dir.path() / "t/bad.mustache", "<p>\n  {{#items}}\n  <li>{{name}}</li>\n</p>\n");
    std::string error = first_error(dir.path() / "p", dir.path() / "t", "bad");
    CHECK(error.starts_with((dir.path() / "t/bad.mustache").string() +
                            ":2:3: error: invalid template: Unclosed section \"items\""));
}

TEST_CASE("an error inside a partial points into the partial") {
    test::TempDir dir;
    test::write(dir.path() / "t/page.mustache", "a\n{{> broken}}\n");
    test::write(dir.path() / "t/partials/broken.mustache", "x {{/nothing}}");
    CHECK(first_error(dir.path() / "p", dir.path() / "t", "page")
              .starts_with((dir.path() / "t/partials/broken.mustache").string() + ":1:3: error"));
}

TEST_CASE("a broken partial that every template includes is one error, and a section across files names no offset") {
    test::TempDir dir;
    const auto theme = dir.path() / "t";
    test::write(theme / "partials/footer.mustache", "x {{/nothing}}");
    std::vector<std::string> names;
    for (const char* name : {"a", "b", "c"}) {
        test::write(theme / (std::string(name) + ".mustache"), std::string(name) + " {{> footer}}");
        names.push_back(name);
    }
    std::vector<core::Diagnostic> errors;
    try {
        TemplateSet set(dir.path() / "p", theme, names);
    } catch (const core::InputError& e) {
        errors = e.diagnostics();
    }
    REQUIRE(errors.size() == 1);
    CHECK(core::format(errors[0]).starts_with((theme / "partials/footer.mustache").string() + ":1:3: error"));
    CHECK(core::format(errors[0]).find(" at ") ==
          std::string::npos);  // (kainjow's byte offset: the line and column say it)
    // A partial that changes the delimiters hides its template's closing tag: each file is valid
    // alone, the two together are not.
    test::write(theme / "partials/footer.mustache", "{{=<% %>=}}");
    test::write(theme / "a.mustache", "{{#items}}{{> footer}}{{/items}}");
    const std::string error = first_error(dir.path() / "p", theme, "a");
    CHECK(error.find("(a section must open and close in the same file)") != std::string::npos);
    CHECK(error.find(" at ") == std::string::npos);
}

TEST_CASE("a partial that includes itself is refused") {
    test::TempDir dir;
    test::write(dir.path() / "t/page.mustache", "{{> a}}");
    test::write(dir.path() / "t/partials/a.mustache", "A {{> b}}");
    test::write(dir.path() / "t/partials/b.mustache", "B {{> a}}");
    CHECK(first_error(dir.path() / "p", dir.path() / "t", "page").find("partial 'a' includes itself") !=
          std::string::npos);
}

TEST_CASE("missing templates and partials, and partial names that climb out") {
    test::TempDir dir;
    CHECK(first_error(dir.path() / "p", dir.path() / "t", "nothing").find("template 'nothing' not found") !=
          std::string::npos);
    test::write(dir.path() / "t/page.mustache", "{{> ../../etc/passwd}}");
    CHECK(first_error(dir.path() / "p", dir.path() / "t", "page").find("invalid partial name") != std::string::npos);
}

TEST_CASE("a reference shows what it refers to, under what it has itself") {
    // Cards are shared between pages by reference (render/data.hpp): sections, dotted names and
    // lists see the shared object's values, the reference's own keys first, outer data last.
    struct Cards final : render::SharedData {
        render::Data card;
        const render::Data* find(const std::string& name) const override { return name == "7" ? &card : nullptr; }
    } cards;
    render::put(cards.card, "title", "Shared <title>");
    render::put(cards.card, "summary", "theirs");
    test::TempDir dir;
    test::write(dir.path() / "t.mustache",
                "{{#episode}}{{title}}|{{summary}}|{{site_name}}{{/episode}}|{{episode.title}}|"
                "{{#list}}[{{title}}{{^title}}none{{/title}}]{{/list}}");
    TemplateSet set({}, dir.path(), {"t"});
    render::Data site, page, episode = render::shared_reference("7");
    render::put(site, "site_name", "Site");
    render::put(episode, "summary", "its own");
    render::put(page, "episode", std::move(episode));
    render::put(page, "list", render::List{render::shared_reference("7"), render::shared_reference("8")});
    CHECK(set.render("t", site, page, &cards) ==
          "Shared &lt;title&gt;|its own|Site|Shared &lt;title&gt;|[Shared &lt;title&gt;][none]");
    // Without the shared data a reference has only its own keys.
    CHECK(set.render("t", site, page) == "|its own|Site||[none][none]");
}

TEST_CASE("a text entered as a section stays itself while the names inside are looked up") {
    // The engine is handed each text in one reused place (render/context.hpp): {{.}} inside a
    // text's section, or inside a list of texts, must still be that text after other texts were
    // looked up, at every depth.
    test::TempDir dir;
    test::write(dir.path() / "t.mustache",
                "{{#title}}[{{.}}|{{summary}}|{{.}}|{{#summary}}({{.}}:{{title}}:{{.}}){{/summary}}|{{.}}]{{/title}}"
                "{{#tags}}<{{.}}={{title}}={{.}}>{{/tags}}{{^missing}}{{summary}}{{/missing}}");
    TemplateSet set({}, dir.path(), {"t"});
    render::Data page;
    render::put(page, "title", "T & t");
    render::put(page, "summary", "s");
    render::put(page, "tags", render::List{render::text("a"), render::text("bb")});
    CHECK(set.render("t", page) ==
          "[T &amp; t|s|T &amp; t|(s:T &amp; t:s)|T &amp; t]<a=T &amp; t=a><bb=T &amp; t=bb>s");
}

// Each rendering thread takes a copy: it must render as the original does (sections, partials,
// escaping, origins) without the files, which may have changed since they were loaded.
TEST_CASE("a copy of the templates renders as the original, without reading the files again") {
    test::TempDir dir;
    auto theme = dir.path() / "theme";
    test::write(theme / "page.mustache", "<h1>{{title}}</h1>{{#items}}{{> item}}{{/items}}{{^items}}none{{/items}}\n");
    test::write(theme / "partials/item.mustache", "<li>{{name}}</li>");
    TemplateSet original({}, theme, {"page"});
    test::write(theme / "page.mustache", "changed on disk");
    TemplateSet copy = original;
    render::Data d;
    render::put(d, "title", "A & B");
    render::List items;
    for (const char* name : {"<x>", "y"}) {
        render::Data item;
        render::put(item, "name", name);
        items.push_back(std::move(item));
    }
    render::put(d, "items", std::move(items));
    CHECK(copy.render("page", d) == "<h1>A &amp; B</h1><li>&lt;x&gt;</li><li>y</li>\n");
    CHECK(copy.render("page", d) == original.render("page", d));
    CHECK(copy.origin("page") == theme / "page.mustache");
}

// The scripts' words are JSON ({"back":"-15 s",...}) in every page's data-words attributes:
// written in once per build like the other words, unless a brace beside one of the template's
// would open a tag.
TEST_CASE("constants are written into the templates, braces too, and the pages come out the same") {
    test::TempDir dir;
    auto theme = dir.path() / "theme";
    test::write(theme / "page.mustache",
                "<div data-words=\"{{site.words}}\">{{t.open}}{x}}{{{t.raw}}} {{t.plain}} {{t.tag}}</div>");
    const std::map<std::string, std::string, std::less<>> constants = {
        {"site.words", R"({"back":"<15 s","n":{"one":"{count}"}})"},
        {"t.open", "{"},  // (beside "{x}}": would open a tag there)
        {"t.raw", "{<b>}"},
        {"t.plain", "A & B"},
        {"t.tag", "{{x}}"}};
    render::Data data, site, t;
    render::put(site, "words", constants.at("site.words"));
    for (const char* name : {"open", "raw", "plain", "tag"})
        render::put(t, name, constants.at(std::string("t.") + name));
    render::put(data, "site", std::move(site));
    render::put(data, "t", std::move(t));
    render::put(data, "x", "X");
    const TemplateSet plain({}, theme, {"page"});
    const TemplateSet baked = plain.with_constants(constants);
    std::set<std::string> plain_names, baked_names;
    const std::string page = plain.render("page", data, &plain_names);
    CHECK(page ==
          "<div data-words=\"{&quot;back&quot;:&quot;&lt;15 "
          "s&quot;,&quot;n&quot;:{&quot;one&quot;:&quot;{count}&quot;}}\">"
          "{{x}}{<b>} A &amp; B {{x}}</div>");
    CHECK(baked.render("page", data, &baked_names) == page);
    CHECK(plain_names == std::set<std::string>{"site.words", "t.open", "t.raw", "t.plain", "t.tag"});
    // With "{" written in, "{x}}" would have become a tag: no value with a brace is, then.
    CHECK(baked_names == std::set<std::string>{"site.words", "t.open", "t.raw", "t.tag"});
    test::write(theme / "page.mustache", "<div data-words=\"{{site.words}}\">{{{t.raw}}} {{t.tag}}</div>");
    const TemplateSet json_only({}, theme, {"page"});
    std::set<std::string> names;
    CHECK(json_only.with_constants(constants).render("page", data, &names) == json_only.render("page", data));
    CHECK(names == std::set<std::string>{"t.tag"});  // (a value holding "{{" never is)
}

TEST_CASE("sections nested past the limit are a located error, read before kainjow parses them") {
    test::TempDir dir;
    auto theme = dir.path() / "theme";
    std::string deep;
    for (int i = 0; i < 20000; ++i) deep += "{{#a}}";  // 7.8 GB in kainjow's parser
    deep += "x";
    for (int i = 0; i < 20000; ++i) deep += "{{/a}}";
    test::write(theme / "page.mustache", "line one\n" + deep);
    CHECK(first_error(dir.path() / "project", theme, "page")
              .starts_with((theme / "page.mustache").string() +
                           ":2:385: error: the template nests sections deeper than 64 levels"));
    // 64 levels are fine; so is a template that sets other delimiters and stays shallow.
    std::string ok;
    for (int i = 0; i < 64; ++i) ok += "{{#a}}";
    for (int i = 0; i < 64; ++i) ok += "{{/a}}";
    test::write(theme / "page.mustache", ok + "{{=<% %>=}}<%#a%>x<%/a%>");
    CHECK(first_error(dir.path() / "project", theme, "page") == "");
    // Sections nested in other delimiters count too.
    std::string other = "{{=<% %>=}}";
    for (int i = 0; i < 65; ++i) other += "<%#a%>";
    test::write(theme / "page.mustache", other);
    CHECK(first_error(dir.path() / "project", theme, "page").find("nests sections deeper than 64 levels") !=
          std::string::npos);
    // Partials inlined: each file alone is shallow, together they are not.
    std::string open, close;
    for (int i = 0; i < 40; ++i) open += "{{#a}}", close += "{{/a}}";
    test::write(theme / "page.mustache", open + "{{> more}}" + close);
    test::write(theme / "partials/more.mustache", open + close);
    CHECK(first_error(dir.path() / "project", theme, "page")
              .find("with its partials inlined nests sections deeper than 64") != std::string::npos);
}

// A theme's folder is anyone's: a partial that includes another ten times, nine deep, would
// inline a billion of them (the build hung, then ran out of memory).
TEST_CASE("partials that inline each other again and again are refused where the growth starts") {
    test::TempDir dir;
    auto theme = dir.path() / "theme";
    for (int i = 0; i < 9; ++i) {
        std::string ten;
        for (int k = 0; k < 10; ++k) ten += "{{> p" + std::to_string(i + 1) + "}}";
        test::write(theme / ("partials/p" + std::to_string(i) + ".mustache"), ten);
    }
    test::write(theme / "partials/p9.mustache", "");  // (nothing: the count of partials stops it)
    test::write(theme / "page.mustache", "<p>{{> p0}}</p>");
    std::string error = first_error(dir.path() / "project", theme, "page");
    CHECK(error.find("with its partials inlined, the template comes to more than 4 MB or 10000 partials") !=
          std::string::npos);
    CHECK(error.find("partials/p") != std::string::npos);
    // Four deep, 10,000 bytes a partial: past 4 MB before the count.
    test::write(theme / "partials/p9.mustache", std::string(1000, 'x'));
    test::write(theme / "partials/p5.mustache",
                "{{> p9}}{{> p9}}{{> p9}}{{> p9}}{{> p9}}{{> p9}}{{> p9}}{{> p9}}{{> p9}}{{> p9}}");
    test::write(theme / "page.mustache", "{{> p2}}");
    CHECK(first_error(dir.path() / "project", theme, "page").find("more than 4 MB") != std::string::npos);
    // A partial in every item of a list, hundreds of times over, is fine.
    std::string many;
    for (int k = 0; k < 500; ++k) many += "{{> p9}}";
    test::write(theme / "page.mustache", many);
    CHECK_NOTHROW(render::TemplateSet(dir.path() / "project", theme, {"page"}));
}

TEST_CASE("a chain of partials past the limit says so, not that one includes itself") {
    test::TempDir dir;
    auto theme = dir.path() / "theme";
    for (int i = 1; i <= 21; ++i)
        test::write(theme / ("partials/p" + std::to_string(i) + ".mustache"), "{{> p" + std::to_string(i + 1) + "}}");
    test::write(theme / "partials/p22.mustache", "end");
    test::write(theme / "page.mustache", "{{> p1}}");
    std::string error = first_error(dir.path() / "project", theme, "page");
    CHECK(error.find("partials nest deeper than 16 levels") != std::string::npos);
    CHECK(error.find("includes itself") == std::string::npos);
}

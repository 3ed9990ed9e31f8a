#include "render/data.hpp"

#include <doctest/doctest.h>

#include <stdexcept>
#include <string>

#include "engine_reference.hpp"

using render::Data;
using render::List;
using render::put;

namespace {

// What TemplateSet makes of the data (our context, behind the engine's door).
std::string render_with(const std::string& tmpl, const Data& data) {
    return test::render_as_ours(tmpl, data);
}

}  // namespace

TEST_CASE("put adds members of every kind, rendered as kainjow renders the same data of its own") {
    Data page;
    put(page, "title", std::string("Tensors & <views>"));
    put(page, "kind", "episode");
    put(page, "shown", true);
    put(page, "hidden", false);
    Data topic;
    put(topic, "name", "CUDA");
    List topics;
    topics.push_back(std::move(topic));
    put(page, "topics", std::move(topics));
    Data audio;
    put(audio, "url", "https://cdn.example.com/1.mp3");
    put(page, "audio", std::move(audio));

    CHECK(render_with("{{title}}|{{{title}}}|{{kind}}|{{#shown}}yes{{/shown}}{{#hidden}}no{{/hidden}}|"
                      "{{#topics}}[{{name}}]{{/topics}}|{{audio.url}}",
                      page) ==
          "Tensors &amp; &lt;views&gt;|Tensors & <views>|episode|yes|[CUDA]|https://cdn.example.com/1.mp3");

    // The same page built with kainjow's own setters, rendered by kainjow alone, is the same.
    using K = kainjow::mustache::data;
    K theirs;
    theirs.set("title", K(std::string("Tensors & <views>")));
    theirs.set("kind", K("episode"));
    theirs.set("shown", K(true));
    theirs.set("hidden", K(false));
    K their_topic;
    their_topic.set("name", K("CUDA"));
    K their_topics(K::type::list);
    their_topics.push_back(their_topic);
    theirs.set("topics", their_topics);
    K their_audio;
    their_audio.set("url", K("https://cdn.example.com/1.mp3"));
    theirs.set("audio", their_audio);
    const std::string tmpl =
        "{{title}}{{kind}}{{#shown}}1{{/shown}}{{^hidden}}0{{/hidden}}{{#topics}}{{name}}{{/topics}}{{audio.url}}";
    kainjow::mustache::mustache compiled(tmpl);
    CHECK(render_with(tmpl, page) == compiled.render(theirs));
}

TEST_CASE("sections over lists, objects and texts find the right data, however deep") {
    auto item = [](const char* name, List tags) {
        Data d;
        put(d, "name", name);
        put(d, "tags", std::move(tags));
        return d;
    };
    Data page;
    put(page, "show", "Show");
    put(page, "note", "a note");
    put(page, "items",
        List{item("one", {render::text("a"), render::text("b")}), item("two", {}), item("three", {render::text("c")})});
    // Outer names inside items, items' own names, a text's section ({{.}} is the text), lists
    // inside list items, an empty list's inverted section, and an object's section inside each.
    const std::string tmpl =
        "{{#items}}<{{name}}@{{show}}:{{#tags}}[{{.}}/{{name}}]{{/tags}}{{^tags}}none{{/tags}}>{{/items}}"
        "{{#note}}({{.}}){{/note}}{{#items}}{{#tags}}{{#note}}{{.}}{{/note}}{{/tags}}{{/items}}";
    CHECK(render_with(tmpl, page) == test::render_as_kainjow(tmpl, page));
    CHECK(render_with(tmpl, page) ==
          "<one@Show:[a/one][b/one]><two@Show:none><three@Show:[c/three]>(a note)a notea notea note");
}

// A theme writes `{{#site.author}} · {{site.author}}{{/site.author}}`: with no author, no
// separator. kainjow alone renders an empty text's section; mustache.js, Hugo's and Zola's
// templates do not, and neither do ours.
TEST_CASE("an empty text is false in a section, and writes nothing as a variable") {
    Data site;
    put(site, "title", "Show");
    put(site, "author", "");
    put(site, "blank", " ");
    Data page;
    put(page, "site", std::move(site));
    CHECK(
        render_with("{{site.title}}{{#site.author}} · {{site.author}}{{/site.author}}|"
                    "{{^site.author}}no author{{/site.author}}|[{{site.author}}]{{#site.blank}}[{{.}}]{{/site.blank}}",
                    page) == "Show|no author|[][ ]");
}

TEST_CASE("dotted names with empty parts are split as kainjow splits them") {
    // (Found by the template fuzz target: "{{a.}}" rendered nothing, kainjow renders a.)
    Data audio;
    put(audio, "url", "u");
    put(audio, "", "empty-named");
    Data page;
    put(page, "a", "x <y>");
    put(page, "audio", std::move(audio));
    for (const std::string tmpl :
         {"{{a.}}", "{{audio.url.}}", "{{audio..}}", "{{audio...}}", "{{audio..url}}", "{{.a}}", "{{..}}"})
        CHECK_MESSAGE(render_with(tmpl, page) == test::render_as_kainjow(tmpl, page), tmpl);
    CHECK(render_with("{{a.}}|{{audio.url.}}|{{audio..}}", page) == "x &lt;y&gt;|u|empty-named");
}

TEST_CASE("a copy is whole and apart; take moves a member out") {
    Data page;
    put(page, "title", "T");
    put(page, "list", List{render::text("x")});
    Data copy = page;
    put(copy, "title", "changed");
    CHECK(page.get("title")->string_value() == "T");
    CHECK(copy.get("list")->list_value().at(0).string_value() == "x");
    Data title = render::take(page, "title");
    CHECK(title.string_value() == "T");
    CHECK(render::take(page, "absent").is_object());
}

TEST_CASE("put replaces a member it already has, whatever the kinds") {
    Data page;
    put(page, "x", "first");
    put(page, "x", "second");
    CHECK(render_with("{{x}}", page) == "second");

    put(page, "x", true);  // a string becomes a boolean
    CHECK(render_with("{{#x}}on{{/x}}", page) == "on");

    List items;
    items.push_back(render::text("a"));
    items.push_back(render::text("b"));
    put(page, "x", std::move(items));  // then a list
    CHECK(render_with("{{#x}}{{.}}{{/x}}", page) == "ab");

    Data inner;
    put(inner, "y", "deep");
    put(page, "x", std::move(inner));  // then an object
    CHECK(render_with("{{x.y}}", page) == "deep");

    // Other members are untouched, and replacing one leaves a single member under its name.
    put(page, "other", "kept");
    put(page, "x", "last");
    CHECK(render_with("{{x}} {{other}}", page) == "last kept");
    CHECK(page.get("x")->string_value() == "last");
}

TEST_CASE("put_new adds a member without looking for one, thousands too; put still replaces") {
    Data words;
    for (int i = 0; i < 50000; ++i)
        render::put_new(words, "k" + std::to_string(i), render::text("v" + std::to_string(i)));
    CHECK(words.members().size() == 50000);
    CHECK(words.get("k0")->string_value() == "v0");
    CHECK(words.get("k49999")->string_value() == "v49999");
    put(words, "k7", "replaced");
    CHECK(words.members().size() == 50000);
    CHECK(render_with("{{k7}} {{k8}}", words) == "replaced v8");
    Data title = render::text("x");
    CHECK_THROWS_AS(render::put_new(title, "k", render::text("v")), std::logic_error);
}

TEST_CASE("put on an object that holds a shared reference adds beside it") {
    Data card = render::shared_reference("7");
    put(card, "title_derived", false);
    REQUIRE(render::referred_name(card) != nullptr);
    CHECK(*render::referred_name(card) == "7");
    CHECK(card.get("title_derived")->is_false());
}

TEST_CASE("put refuses data that is not an object") {
    Data title = render::text("x");
    CHECK_THROWS_AS(put(title, "k", "v"), std::logic_error);
    CHECK(title.string_value() == "x");
}

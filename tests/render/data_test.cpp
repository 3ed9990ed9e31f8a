#include <doctest/doctest.h>

#include <stdexcept>
#include <string>

#include "render/data.hpp"

using render::Data;
using render::List;
using render::put;

namespace {

// What kainjow makes of the data: the check that put() builds objects it can read.
std::string render_with(const std::string& tmpl, const Data& data) {
    kainjow::mustache::mustache compiled(tmpl);
    REQUIRE(compiled.is_valid());
    return compiled.render(data);
}

}  // namespace

TEST_CASE("put adds members of every kind that kainjow renders as it renders its own") {
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
                      page) == "Tensors &amp; &lt;views&gt;|Tensors & <views>|episode|yes|[CUDA]|https://cdn.example.com/1.mp3");

    // The same page built with kainjow's own setters renders the same.
    Data theirs;
    theirs.set("title", Data(std::string("Tensors & <views>")));
    theirs.set("kind", Data("episode"));
    theirs.set("shown", Data(true));
    theirs.set("hidden", Data(false));
    Data their_topic;
    their_topic.set("name", Data("CUDA"));
    Data their_topics(Data::type::list);
    their_topics.push_back(their_topic);
    theirs.set("topics", their_topics);
    Data their_audio;
    their_audio.set("url", Data("https://cdn.example.com/1.mp3"));
    theirs.set("audio", their_audio);
    const std::string tmpl = "{{title}}{{kind}}{{#shown}}1{{/shown}}{{^hidden}}0{{/hidden}}{{#topics}}{{name}}{{/topics}}{{audio.url}}";
    CHECK(render_with(tmpl, page) == render_with(tmpl, theirs));
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

#include "html/parse_cost.hpp"

#include <doctest/doctest.h>
#include <gumbo.h>

#include <filesystem>
#include <pugixml.hpp>
#include <string>
#include <vector>

#include "html/html_sanitizer.hpp"
#include "support.hpp"

using html::gumbo_budget;
using html::gumbo_may_parse;
using html::gumbo_work;

namespace {

// `unit` written `n` times ("{i}" numbered), then "deep".
std::string repeated(const std::string& unit, int n) {
    std::string out;
    for (int i = 0; i < n; ++i) {
        std::string u = unit;
        if (auto at = u.find("{i}"); at != std::string::npos) u.replace(at, 3, std::to_string(i));
        out += u;
    }
    return out + "deep";
}

// What gumbo made of `html` as the sanitizer asks it: its elements and how deep they nest.
struct GumboTree {
    std::size_t elements = 0;
    std::size_t depth = 0;
};
GumboTree gumbo_tree(const std::string& html) {
    GumboOptions options = kGumboDefaultOptions;
    options.fragment_context = GUMBO_TAG_DIV;
    options.max_errors = 0;
    GumboOutput* output = gumbo_parse_with_options(&options, html.data(), html.size());
    GumboTree tree;
    std::vector<std::pair<const GumboNode*, std::size_t>> stack{{output->root, 0}};
    while (!stack.empty()) {
        auto [node, depth] = stack.back();
        stack.pop_back();
        if (node->type != GUMBO_NODE_ELEMENT) continue;
        ++tree.elements;
        tree.depth = std::max(tree.depth, depth);
        const GumboVector& kids = node->v.element.children;
        for (unsigned i = 0; i < kids.length; ++i)
            stack.emplace_back(static_cast<const GumboNode*>(kids.data[i]), depth + 1);
    }
    // (Freed by recursion: these trees are a few thousand deep at most.)
    gumbo_destroy_output(&options, output);
    return tree;
}

// HTML that costs gumbo far more than its length, each here past the budget several times over.
// At 200,000 nested <div> gumbo took 30 s, at 20,000 "<p><b id=N>x" more than 15 GB.
struct Tangle {
    const char* unit;
    int n;
};
const std::vector<Tangle> k_tangles{
    {"<div>", 10000},                 // every start tag walks every open element
    {"<p><b id={i}>x", 2000},         // each paragraph reopens every <b> before it
    {"<div><b id={i}></div>", 1000},  // ... as does each <div>
    {"<b>", 10000},                   //
    {"<div></span>", 10000},          // an end tag that closes nothing closes nothing
    {"<b><div></b>", 10000},          // the adoption agency keeps the depth
    {"<a href=x{i}><div>", 10000},    // a new <a> closes the old one around the <div>s
    {"<ul><li>", 10000},              // nested lists: an <li> closes none outside its list
    {"<i><b id={i}></i>x", 5000},     //
    {"<table><tr><td>", 10000},       //
    {"<table><b id={i}>x", 2000},     // a <table> in a table closes it, and the <b> moved before it
    {"<li><b id={i}>x", 2000},        //
};

std::vector<std::string> show_notes_of(const std::filesystem::path& feed) {
    pugi::xml_document doc;
    std::vector<std::string> notes;
    if (!doc.load_file(feed.c_str())) return notes;
    for (const auto& x : doc.select_nodes("//*[local-name()='description' or local-name()='encoded' or "
                                          "local-name()='summary' or local-name()='content']"))
        if (std::string html = x.node().text().get(); !html.empty()) notes.push_back(html);
    return notes;
}

}  // namespace

TEST_CASE("the show notes of real hosts' feeds cost gumbo a small part of the budget") {
    std::vector<std::filesystem::path> feeds{test::source_dir() / "content/sources/feed.xml"};
    for (const char* folder : {"feeds", "hosts"})
        for (const auto& entry : std::filesystem::directory_iterator(test::fixture(folder)))
            if (entry.path().extension() == ".xml") feeds.push_back(entry.path());
    std::size_t notes = 0;
    for (const auto& feed : feeds)
        for (const std::string& html : show_notes_of(feed)) {
            CAPTURE(feed);
            CAPTURE(html.substr(0, 200));
            CHECK(gumbo_work(html, SIZE_MAX) * 20 < gumbo_budget(html.size()));
            ++notes;
        }
    CHECK(notes > 20);
}

TEST_CASE("long but orderly HTML is gumbo's, with or without its optional end tags") {
    const std::vector<std::string> orderly{
        repeated("<p><b>Speaker {i}:</b> words of a transcript, <a href=\"https://x.example/{i}\">a link</a>.</p>\n",
                 5000),
        repeated("<p>a paragraph whose end tag is left out\n", 5000),           // <p> closes the <p> before it
        "<table>" + repeated("<tr><td>cell<td>{i}", 3000) + "</table>",         // as <tr> and <td> close theirs
        repeated("<ul><li>one<li>two", 40) + "</ul>",                           // nested 40 deep
        repeated("<dl><dt>term<dd>{i}</dl>", 3000),                             //
        repeated("<p><a href=\"https://x.example/{i}\">never closed\n", 2000),  // a new <a> closes the last
        repeated("<b>bold, never closed<p>", 2000),                             // identical: at most three reopened
        repeated("<h2>{i}<h3>sub</h3>", 2000),                                  //
        repeated("<script>if (a < b) { x = '<div><div><div>'; }</script><p>{i}</p>", 2000),
        repeated("<!-- <div><div> --><p>{i}</p>", 2000),
    };
    for (const std::string& html : orderly) {
        CAPTURE(html.substr(0, 80));
        CHECK(gumbo_work(html, SIZE_MAX) * 4 < gumbo_budget(html.size()));
    }
}

TEST_CASE("HTML whose cost grows with the square of its length is past the budget, and read as text") {
    for (const auto& tangle : k_tangles) {
        const std::string html = repeated(tangle.unit, tangle.n);
        CAPTURE(tangle.unit);
        CHECK_FALSE(gumbo_may_parse(html));
        std::string plain;
        const std::string shown = html::sanitize_html(html, &plain);
        CHECK(shown.find("<b") == std::string::npos);
        CHECK(shown.find("<div") == std::string::npos);
        CHECK(shown.ends_with("deep</p>"));
        CHECK(html::html_to_text(html).ends_with("deep"));
    }
    // Paragraph by paragraph: 2,000 paragraphs of "x", the last "xdeep".
    const std::string paragraphs = html::sanitize_html(repeated("<p><b id={i}>x", 2000));
    CHECK(test::count_of(paragraphs, "<p>x</p>") == 1999);
}

// ` a0="v" a1="v" ...`, `n` of them.
std::string attributes(int n) {
    std::string out;
    for (int i = 0; i < n; ++i) out += " a" + std::to_string(i) + "=\"v\"";
    return out;
}

// Gumbo compares each attribute's name with the tag's names before it, compares two formatting
// elements of the same name attribute by attribute, and copies every attribute of each one it
// reopens: measured, one tag of 20,000 attributes (200 KB) took it 0.6 s, "<b" with 200
// attributes "k={i}>x" 400 times (680 KB) 4 s, and "<p>" before each 17 s.
TEST_CASE("attributes by the thousand, on one tag or on formatting elements reopened, are past the budget") {
    const std::vector<std::string> hostile{
        "<p" + attributes(20000) + ">deep</p>",
        repeated("<b" + attributes(200) + " k={i}>x", 400),
        repeated("<p><b" + attributes(200) + " k={i}>x", 400),
        repeated("<p><b" + attributes(50) + " k={i}>x", 100),
    };
    for (const std::string& html : hostile) {
        CAPTURE(html.substr(0, 80));
        CHECK_FALSE(gumbo_may_parse(html));
        const std::string shown = html::sanitize_html(html);
        CHECK(shown.find("<b") == std::string::npos);
        CHECK(shown.ends_with("deep</p>"));
    }
    // A few attributes on every tag, as hosts write links and images, stay gumbo's.
    const std::string links = repeated(
        "<p><a href=\"https://x.example/{i}\" title=\"t\" rel=\"noopener\" target=\"_blank\" class=\"c\">link</a> "
        "<b class=\"s\" id=\"b{i}\">bold</b> <img src=\"https://x.example/i.png\" alt=\"\" width=\"1\" "
        "height=\"1\"></p>\n",
        3000);
    CHECK(gumbo_work(links, SIZE_MAX) * 4 < gumbo_budget(links.size()));
    // More than the fast parser takes (64), fewer than gumbo minds: gumbo's, the same page.
    const std::string many = "<p" + attributes(100) + ">text</p><p><b" + attributes(70) + ">bold</b></p>";
    CHECK(gumbo_may_parse(many));
    CHECK(html::sanitize_html(many) == "<p>text</p><p><b>bold</b></p>");
}

// The estimate follows gumbo's rules closely enough to count, for each hostile shape at a size
// gumbo reads at once, at least the elements gumbo makes (the budget bounds memory so) and a
// scope check's step for each tag on each level it nests (the budget bounds time so).
TEST_CASE("the estimate counts at least the elements gumbo makes and the depth it walks") {
    for (const auto& tangle : k_tangles)
        for (int n : {10, 100, 300}) {
            const std::string html = repeated(tangle.unit, n);
            const GumboTree made = gumbo_tree(html);
            CAPTURE(tangle.unit);
            CAPTURE(n);
            const std::size_t work = gumbo_work(html, SIZE_MAX);
            CHECK(work >= 256 * (made.elements - 1));  // (less the fragment's root)
            CHECK(work >= static_cast<std::size_t>(n) * made.depth / 2);
        }
}

// In tag soup (tables' modes, foreign content, markers) it simplifies, within a factor of two.
TEST_CASE("tag soup: the estimate is within a factor of two of what gumbo makes") {
    const std::vector<std::string> tags{"<b>",
                                        "</b>",
                                        "<i id=1>",
                                        "</i>",
                                        "<div>",
                                        "</div>",
                                        "<p>",
                                        "</p>",
                                        "<a href=x>",
                                        "</a>",
                                        "<li>",
                                        "<ul>",
                                        "</ul>",
                                        "<table>",
                                        "<td>",
                                        "</td>",
                                        "<tr>",
                                        "</table>",
                                        "<span>",
                                        "</span>",
                                        "<h2>",
                                        "</h2>",
                                        "<font color=red>",
                                        "</font>",
                                        "<br>",
                                        "</br>",
                                        "<nobr>",
                                        "x"};
    test::Lcg random{7};
    for (int round = 0; round < 400; ++round) {
        std::string html;
        const int length = 20 + static_cast<int>(random.below(200));
        for (int i = 0; i < length; ++i) html += tags[random.below(tags.size())];
        CAPTURE(html);
        CHECK(gumbo_work(html, SIZE_MAX) >= 128 * (gumbo_tree(html).elements - 1));
    }
}

TEST_CASE("text read tag by tag: paragraphs at block tags, dropped elements left out") {
    using Paragraphs = std::vector<std::string>;
    CHECK(html::text_paragraphs("<p>One &amp; <b>two</b></p><p>three<br>four</p>") ==
          Paragraphs{"One & two", "three", "four"});
    CHECK(html::text_paragraphs("a<script>var x = '<p>no</p>';</script>b<style>p{}</style>c") == Paragraphs{"abc"});
    CHECK(html::text_paragraphs("<div>kept<form><label>dropped<div>too</div></label></form>kept</div>") ==
          Paragraphs{"kept", "kept"});
    CHECK(html::text_paragraphs("x <!-- <p>comment</p> --> y <a title=\"a > b\">z</a>") == Paragraphs{"x  y z"});
    CHECK(html::text_paragraphs("1 < 2 and 3 > 2") == Paragraphs{"1 < 2 and 3 > 2"});
    CHECK(html::text_paragraphs("<ul><li>one</li>\n<li>two</li></ul>") == Paragraphs{"one", "two"});
    CHECK(html::text_paragraphs("before<svg><text>drawn</text>") == Paragraphs{"before"});  // never closed
    CHECK(html::text_paragraphs("cut <a href=\"x") == Paragraphs{"cut "});                  // a tag the input ends in
    CHECK(html::text_paragraphs("") == Paragraphs{});
}

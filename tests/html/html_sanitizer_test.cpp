#include "html/html_sanitizer.hpp"

#include <doctest/doctest.h>

#include "text/strings.hpp"

using html::sanitize_html;

TEST_CASE("scripts, handlers and dangerous URLs never survive") {
    struct Row {
        const char* in;
        const char* out;
    };
    const Row rows[] = {
        {"<p>Hi</p><script>alert(1)</script>", "<p>Hi</p>"},
        {"<p onclick=\"x()\">Hi</p>", "<p>Hi</p>"},
        {"<a href=\"javascript:alert(1)\">x</a>", "x"},  // a link that leads nowhere is its text
        {"<a href=\"JaVa\nScRiPt:alert(1)\">x</a>", "x"},
        {"<a href=\"data:text/html;base64,PHNjcmlwdD4=\">x</a>", "x"},
        {"<a id=\"fn-1\">x</a>", "<a id=\"fn-1\">x</a>"},   // an anchor without href takes no rel (HTML forbids it)
        {"<h2 id=\"notes-heading\">x</h2>", "<h2>x</h2>"},  // an id the page's theme may use: only footnotes' stay
        {"<a href=\"https://example.com/?a=1&b=2\">x</a>",
         "<a href=\"https://example.com/?a=1&amp;b=2\" rel=\"nofollow noopener\">x</a>"},
        {"<img src=x onerror=alert(1)>", ""},
        {"<img src=\"https://example.com/a.png\" alt=\"diagram\">",
         "<a href=\"https://example.com/a.png\" rel=\"nofollow noopener\">diagram</a>"},
        {"<style>body{}</style><iframe src=\"https://evil\"></iframe>ok", "ok"},
        {"<h1>Title</h1>", "<h2>Title</h2>"},
        {"<font color=red>kept text</font>", "kept text"},
        {"a < b & c", "a &lt; b &amp; c"},
        {"<p>unclosed <b>bold", "<p>unclosed <b>bold</b></p>"},
        {"<svg><script>alert(1)</script></svg>", ""},
        {"<math><mtext><script>x</script></mtext></math>", ""},
        // Controls and noncharacters HTML forbids, even when written as references.
        {"a&#5;b&#x9D;c&#xFDD0;d\x01"
         "e",
         "a\xEF\xBF\xBD"
         "b\xEF\xBF\xBD"
         "c\xEF\xBF\xBD"
         "d\xEF\xBF\xBD"
         "e"},
    };
    for (const auto& row : rows) {
        CAPTURE(row.in);
        CHECK(sanitize_html(row.in) == row.out);
    }
}

TEST_CASE("deep nesting does not overflow") {
    std::string deep;
    for (int i = 0; i < 5000; ++i) deep += "<div><b>";
    deep += "x";
    std::string out = sanitize_html(deep);
    CHECK(out.find('x') != std::string::npos);
}

TEST_CASE("plain text becomes escaped paragraphs with clickable links") {
    std::string html = html::linkify_text(
        "See https://github.com/pytorch/pytorch/issues/13246. <b>not bold</b>\n\nSecond https://example.com/a_(b) "
        "para");
    CHECK(html ==
          "<p>See <a href=\"https://github.com/pytorch/pytorch/issues/13246\" rel=\"nofollow noopener\">"
          "pytorch/pytorch#13246</a>. &lt;b&gt;not bold&lt;/b&gt;</p>"
          "<p>Second <a href=\"https://example.com/a_(b)\" rel=\"nofollow noopener\">https://example.com/a_(b)</a> "
          "para</p>");
    CHECK(html::linkify_text("javascript:alert(1)") == "<p>javascript:alert(1)</p>");
}

TEST_CASE("text of HTML") {
    CHECK(html::html_to_text("<p>One</p><p>Two &amp; <b>three</b></p><script>x</script>") == "One Two & three");
}

TEST_CASE("the text given with sanitized HTML is the text of that HTML") {
    const char* inputs[] = {
        "<p>One</p><p>Two &amp; <b>three</b></p><script>x</script>",
        "<h1>Title</h1>text<br>after<hr>rule",
        "<ul><li>a</li><li>b<ul><li>c</li></ul></li></ul><blockquote>q</blockquote><pre>\ncode</pre>",
        "<a href=\"https://github.com/pytorch/pytorch/pull/1\">https://github.com/pytorch/pytorch/pull/1</a>",
        "<img src=\"https://example.com/a.png\" alt=\"diagram\"><img alt=\"local\">",
        "<table><tr><td>x</td><td>y</td></tr></table><div>unwrapped<span>span</span></div>",
        "a&#5;b&#x85;c&#13;d<p title=\"&#1;\">e</p>",
        "<input type=checkbox checked> done <font>kept</font> caf\xC3\xA9 \xFF bad byte",
    };
    for (const char* in : inputs) {
        CAPTURE(in);
        std::string plain;
        std::string html = sanitize_html(in, &plain);
        CHECK(html == sanitize_html(in));
        CHECK(text::collapse_whitespace(plain) == html::html_to_text(html));
    }
    std::string plain;
    sanitize_html("<p>One</p><p>Two</p>", &plain);
    CHECK(text::collapse_whitespace(plain) == "One Two");  // blocks are set apart
}

TEST_CASE("show notes from a feed: links resolved against the episode's page, headings beneath the page's") {
    const html::ForeignFragment page{"https://host.example/show/episodes/10/"};
    struct Row {
        const char* in;
        const char* out;
    };
    const Row rows[] = {
        {"<a href=\"/episodes/9/\">last week</a>",
         "<a href=\"https://host.example/episodes/9/\" rel=\"nofollow noopener\">last week</a>"},
        {"<a href=\"../about\">about</a>",
         "<a href=\"https://host.example/show/episodes/about\" rel=\"nofollow noopener\">about</a>"},
        {"<a href=\"gyrosco.pe\">Gyroscope</a>",
         "<a href=\"https://host.example/show/episodes/10/gyrosco.pe\" rel=\"nofollow noopener\">Gyroscope</a>"},
        {"<a href=\"//cdn.example/x\">x</a>", "<a href=\"https://cdn.example/x\" rel=\"nofollow noopener\">x</a>"},
        {"<a href=\"notes 2.html\">x</a>",
         "<a href=\"https://host.example/show/episodes/10/notes%202.html\" rel=\"nofollow noopener\">x</a>"},
        {"<a href=\"mailto:host@example.com\">mail</a>",
         "<a href=\"mailto:host@example.com\" rel=\"nofollow noopener\">mail</a>"},
        {"<a href=\"javascript:alert(1)\">bad</a>", "bad"},  // leads nowhere: its text alone
        {"<a href=\"ftp://files.example/x\">ftp</a>", "ftp"},
        {"<img src=\"/art.png\" alt=\"cover\">",
         "<a href=\"https://host.example/art.png\" rel=\"nofollow noopener\">cover</a>"},
        {"<h5>Links</h5><p>x</p><h6>More</h6>", "<h3>Links</h3><p>x</p><h4>More</h4>"},  // no level skipped
        {"<h1>A</h1><h3>B</h3>", "<h3>A</h3><h4>B</h4>"},
        {"<ul><li>a</li><strong>b</strong> c<li>d</li></ul>",
         "<ul><li>a</li><li><strong>b</strong> c</li><li>d</li></ul>"},
        {"<ol><li>a</li><strong>\n</strong></ol>", "<ol><li>a</li></ol>"},    // nothing to show: left out
        {"<p>Links:</p><li>one</li>", "<p>Links:</p><ul><li>one</li></ul>"},  // an item outside a list gets one
        {"<dd>term</dd>", "<dl><dd>term</dd></dl>"},
        {"<ol><li>a<li>b</ol>", "<ol><li>a</li><li>b</li></ol>"},
    };
    for (const auto& row : rows) {
        CAPTURE(row.in);
        std::string plain;
        std::string html = sanitize_html(row.in, &plain, page);
        CHECK(html == row.out);
        CHECK(text::collapse_whitespace(plain) == html::html_to_text(html));
    }
    // Without a page to resolve against, a relative link is text; notes (not show notes) keep theirs.
    CHECK(sanitize_html("<a href=\"/x\">x</a>", nullptr, html::ForeignFragment{""}) == "x");
    CHECK(sanitize_html("<a href=\"/x\">x</a><h5>y</h5>") ==
          "<a href=\"/x\" rel=\"nofollow noopener\">x</a><h5>y</h5>");
}

TEST_CASE("plain text: lines that start as list items are lists; one such line in prose is prose") {
    CHECK(html::linkify_text("Topics:\n- Strides\n- Views, see https://pytorch.org/docs\n\nThe end.") ==
          "<p>Topics:</p><ul><li>Strides</li><li>Views, see <a href=\"https://pytorch.org/docs\" rel=\"nofollow "
          "noopener\">https://pytorch.org/docs</a></li></ul><p>The end.</p>");
    CHECK(html::linkify_text("* one\n* two\n  continued") == "<ul><li>one</li><li>two continued</li></ul>");
    CHECK(html::linkify_text("Steps\n3. first\n4. second") ==
          "<p>Steps</p><ol start=\"3\"><li>first</li><li>second</li></ol>");
    CHECK(html::linkify_text("1. a\n2. b\n- c\n- d") == "<ol><li>a</li><li>b</li></ol><ul><li>c</li><li>d</li></ul>");
    CHECK(html::linkify_text("- only one item\nthen prose") == "<p>- only one item then prose</p>");
    CHECK(html::linkify_text("In 2021. We shipped it.") == "<p>In 2021. We shipped it.</p>");
    // A list a directory flattened into one line, after a colon.
    CHECK(html::linkify_text(
              "Some questions we answer: - Are they only for export? - Why is it slow? - 0/1 specialization?") ==
          "<p>Some questions we answer:</p><ul><li>Are they only for export?</li><li>Why is it slow?</li><li>0/1 "
          "specialization?</li></ul>");
    CHECK(html::linkify_text("Note: - this is a dash - not a list") == "<p>Note: - this is a dash - not a list</p>");
}

TEST_CASE("a tracking pixel is dropped; an image of any other size is a link to it") {
    // FeedBurner put one in every item of SE Radio's feed: each page showed a link named "image".
    std::string plain;
    CHECK(sanitize_html("<p>Recorded live.<img src=\"http://feeds.feedburner.com/~r/se-radio/~4/Kq\" height=\"1\" "
                        "width=\"1\" alt=\"\"/></p>",
                        &plain) == "<p>Recorded live.</p>");
    CHECK(text::trim(plain) == "Recorded live.");  // (no "image" for search to index)
    CHECK(sanitize_html("<img src=\"https://e.com/p.gif\" width=\"100%\" height=\" 0 \">") == "");
    CHECK(sanitize_html("<img src=\"https://e.com/a.png\" width=\"600\" height=\"2x\">") ==
          "<a href=\"https://e.com/a.png\" rel=\"nofollow noopener\">image</a>");
}

TEST_CASE("HTML whose lines are its layout gets paragraphs and line breaks; HTML with elements for it does not") {
    // SE Radio's notes: links in text, a line break, a blank line.
    CHECK(html::lines_set_out(
              "An interview with <a\nhref=\"https://e.com/\">Tom</a>:\r\n<i>the book</i>.\n \n\nLive at OOP.\n") ==
          "<p>An interview with <a\nhref=\"https://e.com/\">Tom</a>:<br>\n<i>the book</i>.</p>\n<p>Live at OOP.</p>");
    // Blocks, in any case, start or end tag: as it is.
    for (const char* as_it_is :
         {"<p>One\n\nTwo</p>", "One\n\n<UL><li>x</UL>", "a\n</div>b", "<b>One</b>\n<h3>Two</h3>", " \n "}) {
        CAPTURE(as_it_is);
        CHECK_FALSE(html::lines_set_out(as_it_is));
    }
    // Inline HTML in one line, or set out with <br>s: one paragraph (whose text then sets its
    // direction), its line breaks as they are.
    CHECK(html::lines_set_out("One line <b>only</b>") == "<p>One line <b>only</b></p>");
    CHECK(html::lines_set_out("  <i>x</i>\n  ") == "<p><i>x</i></p>");
    CHECK(html::lines_set_out("One<BR>\nTwo<br/><br/>\n\nThree") == "<p>One<BR>\nTwo<br/><br/>\n\nThree</p>");
    // "a < b" is no tag.
    CHECK(html::lines_set_out("<i>a</i> < b\nc") == "<p><i>a</i> < b<br>\nc</p>");
}

TEST_CASE("a URL in running text ends at CJK and full-width punctuation, curly quotes and dashes") {
    // (Japanese and Chinese notes put no space between an address and the sentence's next word.)
    CHECK(html::linkify_text("詳しくはhttps://example.com/x。次回は（https://example.com/y）で。") ==
          "<p>詳しくは<a href=\"https://example.com/x\" rel=\"nofollow noopener\">https://example.com/x</a>。次回は（"
          "<a href=\"https://example.com/y\" rel=\"nofollow noopener\">https://example.com/y</a>）で。</p>");
    CHECK(html::linkify_text("“https://e.com/q” and https://e.com/z—great, see\xC2\xA0https://e.com/n\xC2\xA0now") ==
          "<p>“<a href=\"https://e.com/q\" rel=\"nofollow noopener\">https://e.com/q</a>” and "
          "<a href=\"https://e.com/z\" rel=\"nofollow noopener\">https://e.com/z</a>—great, see\xC2\xA0"
          "<a href=\"https://e.com/n\" rel=\"nofollow noopener\">https://e.com/n</a>\xC2\xA0now</p>");
    // Letters of any script stay in the address.
    CHECK(html::linkify_text("https://ja.wikipedia.org/wiki/東京") ==
          "<p><a href=\"https://ja.wikipedia.org/wiki/東京\" rel=\"nofollow noopener\">https://ja.wikipedia.org/wiki/"
          "東京</a></p>");
}

#include "sources/rss_reader.hpp"

#include <doctest/doctest.h>

#include <algorithm>

#include "sources/read_source.hpp"
#include "support.hpp"
#include "text/strings.hpp"

using sources::read_rss;

TEST_CASE("a Simplecast-style feed: channel and items") {
    std::string text = test::read(test::fixture("feeds/simplecast_style.xml"));
    auto batch = read_rss(text, {"feed", "feed.xml", ""});
    CHECK(batch.diagnostics.empty());
    REQUIRE(batch.channel);
    CHECK(batch.channel->title == "Fixture & Friends Podcast");
    CHECK(batch.channel->description == "A <b>fixture</b> show for tests.");
    CHECK(batch.channel->author == "Jane Host");
    CHECK(batch.channel->image_url == "https://img.example.com/fixture/3000x3000/art.jpg?aid=rss_feed");
    CHECK(batch.channel->explicit_flag == "false");
    CHECK(batch.channel->owner_email == "jane@example.com");
    CHECK(batch.channel->podcast_guid == "917393e3-1b1e-5cef-ace4-edaa54e1f810");
    CHECK(batch.channel->self_url == "https://feeds.example.com/fixture");
    REQUIRE(batch.channel->categories.size() == 1);
    CHECK(batch.channel->categories[0].subcategory == "How To");

    REQUIRE(batch.records.size() == 3);
    const auto& first = batch.records[0];
    CHECK(first.guid == "8f2a1c8e-0001-4b7e-9d3a-000000000003");
    CHECK_FALSE(first.guid_is_permalink);
    CHECK(first.title == "TORCH_TRACE and tlparse");
    REQUIRE(first.date);
    CHECK(dates::format_iso8601(*first.date) == "2024-04-29T00:01:00-07:00");
    REQUIRE(first.duration);
    CHECK(first.duration->seconds == 928);
    REQUIRE(first.enclosure);
    CHECK(first.enclosure->url ==
          "https://cdn.simplecast.com/audio/aaa/episodes/003/audio/default_tc.mp3?aid=rss_feed&feed=fixture");
    CHECK(first.enclosure->length == 14851200);
    CHECK(first.episode_number == 3);
    CHECK(first.season == 1);
    CHECK(first.episode_type == "full");
    CHECK(first.keywords == "pytorch, logging");
    CHECK(first.content_html.starts_with("<p>TORCH_TRACE and tlparse are a structured log"));
    CHECK(first.from.source == "feed");
    CHECK(first.from.file == "feed.xml");
    CHECK(first.from.line == 23);
    CHECK(first.from.end_line == 38);

    CHECK(batch.records[1].date->offset_minutes == -420);  // PDT
    CHECK(batch.records[1].duration->seconds == 1030);
    CHECK(batch.records[1].description_truncated);
    CHECK(batch.records[2].duration->seconds == 1447);  // MM:SS
}

TEST_CASE("a malformed feed is one located error") {
    std::string text = test::read(test::fixture("feeds/malformed.xml"));  // (an attribute value without quotes)
    auto batch = read_rss(text, {"feed", "malformed.xml", ""});
    REQUIRE(batch.diagnostics.size() == 1);
    CHECK(core::format(batch.diagnostics[0]).starts_with("malformed.xml:7:"));
    CHECK(batch.diagnostics[0].message.find("malformed XML") == 0);
    CHECK(batch.records.empty());
}

TEST_CASE("elements that do not nest are read as podcast apps read them, each a located warning") {
    // feedjira's ITunesWithSingleQuotedAttributes.xml: a category never closed, whose items
    // feedparser and libxml2's recovery read all the same.
    const std::string head =
        "<?xml version='1.0' encoding='UTF-8'?>\n"
        "<rss xmlns:itunes='http://www.itunes.com/dtds/podcast-1.0.dtd' version='2.0'>\n<channel>\n"
        "<title>All About Everything</title>\n<itunes:category text='Technology'>\n"
        "<itunes:category text='Gadgets'/>\n";
    const std::string item =
        "<item>\n<title>Episode {n}</title>\n<guid>https://example.com/{n}.mp3</guid>\n"
        "<enclosure url='https://example.com/{n}.mp3' length='1' type='audio/mpeg'/>\n</item>\n";
    auto numbered = [&](const char* n) { return text::replace_all(item, "{n}", n); };
    auto batch = read_rss(head + numbered("1") + numbered("2") + "</channel>\n</rss>\n", {"feed", "feed.xml", ""});
    REQUIRE(batch.records.size() == 2);
    CHECK(batch.records[1].title == "Episode 2");
    CHECK(batch.records[1].from.line == 12);  // (lines stay where they were)
    REQUIRE(batch.channel);
    REQUIRE(batch.channel->categories.size() == 1);
    CHECK(batch.channel->categories[0].subcategory == "Gadgets");
    REQUIRE(batch.diagnostics.size() == 1);
    CHECK(core::format(batch.diagnostics[0]) ==
          "feed.xml:5:1: warning: malformed XML: <itunes:category> is not closed: read as closed before the <item> "
          "at line 7, as podcast apps read it (Apple's and other strict parsers reject the feed: fix it at the host)");

    // Cut short inside its third item: the two whole ones are read, the third is left out.
    auto cut =
        read_rss(head + numbered("1") + numbered("2") + "<item>\n<title>Episode 3</ti", {"feed", "feed.xml", ""});
    CHECK(cut.records.size() == 2);
    CHECK(std::any_of(cut.diagnostics.begin(), cut.diagnostics.end(), [](const core::Diagnostic& d) {
        return core::format(d).starts_with(
            "feed.xml:17:1: warning: malformed XML: <item> is not finished when the text ends (it looks cut short)");
    }));

    // An Atom feed the same way; what reading its text found is said as a feed's is (a NUL byte).
    const std::string atom =
        "<?xml version=\"1.0\"?>\n<feed xmlns=\"http://www.w3.org/2005/Atom\">\n<title>Shed <b>talk</title>\n"
        "<entry><title>One</title><id>urn:1</id>\n"
        "<entry><title>Two</title><id>urn:2</id></entry>\n</feed>\n";
    auto atom_batch = read_rss(atom + std::string(1, '\0'), {"feed", "feed.atom", ""});
    CHECK(atom_batch.kind == core::SourceKind::atom);
    CHECK(atom_batch.records.size() == 2);
    REQUIRE(atom_batch.diagnostics.size() == 3);
    CHECK(atom_batch.diagnostics[0].message.find("NUL") != std::string::npos);
    CHECK(
        core::format(atom_batch.diagnostics[1])
            .starts_with(
                "feed.atom:3:13: warning: malformed XML: <b> is not closed: read as closed by the </title> at line 3"));
    CHECK(core::format(atom_batch.diagnostics[2])
              .starts_with("feed.atom:4:1: warning: malformed XML: <entry> is not closed: read as closed before the "
                           "<entry> at line 5"));

    // Many faults of one kind: the first five said, the rest counted.
    std::string many = head + "</itunes:category>\n";
    for (int i = 0; i < 8; ++i) many += "<item><title>T</title><description>a<br>b</description></item>\n";
    auto counted = read_rss(many + "</channel></rss>", {"feed", "feed.xml", ""});
    CHECK(counted.records.size() == 8);
    REQUIRE(counted.diagnostics.size() == 6);
    CHECK(counted.diagnostics[5].message ==
          "malformed XML: 3 more elements that do not nest, read the same way (from this line on)");
    CHECK(counted.diagnostics[5].where.line == 13);
}

// A host that writes its show notes' markup unescaped: the elements are the notes' HTML, as
// feedparser reads them, not text run together ("First linesecond line").
TEST_CASE("markup written unescaped in a description is read as its HTML") {
    const std::string feed =
        "<?xml version=\"1.0\"?>\n<rss version=\"2.0\" xmlns:content=\"http://purl.org/rss/1.0/modules/content/\">\n"
        "<channel><title>Show</title><description>About <i>this</i> show</description>\n"
        "<item><title>One</title><guid>1</guid>\n"
        "<description>First line<br/>second &amp; <a href=\"https://x.example/?a=1&amp;b=&quot;2&quot;\">link</a>"
        "<p/></description>\n"
        "<content:encoded><p>Para <b>bold</b></p><![CDATA[<p>and CDATA</p>]]></content:encoded></item>\n"
        "<item><title>Two</title><guid>2</guid>\n"
        "<description>Unclosed<br>breaks<BR>kept <img src=\"i.png\">apart</description></item>\n"
        "</channel></rss>\n";
    auto batch = read_rss(feed, {"feed", "feed.xml", ""});
    REQUIRE(batch.channel);
    CHECK(batch.channel->description == "About <i>this</i> show");
    REQUIRE(batch.records.size() == 2);
    CHECK(batch.records[0].description ==
          "First line<br>second & <a href=\"https://x.example/?a=1&amp;b=&quot;2&quot;\">link</a><p></p>");
    CHECK(batch.records[0].content_html == "<p>Para <b>bold</b></p><p>and CDATA</p>");
    // (<br> left open is closed by </description> in the lenient reading: a void element has no
    // end tag, so the text after it stays after it.)
    CHECK(batch.records[1].description == "Unclosed<br>breaks<BR>kept <img src=\"i.png\">apart");
    CHECK(batch.diagnostics.size() == 3);  // (the three unclosed elements, each a warning)
}

// Atom's three kinds of text (RFC 4287 3.1): text, escaped html, and xhtml inside one <div>,
// whose contents are the markup.
TEST_CASE("an Atom entry's content is read in each of its three types") {
    auto entry = [](const std::string& id, const std::string& content) {
        return "<entry><title>T" + id + "</title><id>urn:" + id + "</id><updated>2024-01-02T00:00:00Z</updated>" +
               content + "</entry>\n";
    };
    const std::string feed =
        "<?xml version=\"1.0\"?>\n<feed xmlns=\"http://www.w3.org/2005/Atom\"><title>A</title><id>urn:a</id>\n" +
        entry("1",
              "<content type=\"xhtml\"><div xmlns=\"http://www.w3.org/1999/xhtml\">One <b>bold</b><br/>"
              "two &amp; <a href=\"https://x.example/\">link</a></div></content>") +
        entry("2", "<content type=\"html\">&lt;p&gt;Escaped &amp;amp; &lt;i&gt;html&lt;/i&gt;&lt;/p&gt;</content>") +
        entry("3", "<content>Plain &lt;text&gt;</content>") + "</feed>\n";
    auto batch = read_rss(feed, {"feed", "feed.atom", ""});
    REQUIRE(batch.records.size() == 3);
    CHECK(batch.records[0].description_is_html);
    CHECK(batch.records[0].description == "One <b>bold</b><br/>two &amp; <a href=\"https://x.example/\">link</a>");
    CHECK(batch.records[1].description_is_html);
    CHECK(batch.records[1].description == "<p>Escaped &amp; <i>html</i></p>");
    CHECK_FALSE(batch.records[2].description_is_html);
    CHECK(batch.records[2].description == "Plain <text>");
}

// pugixml frees a removed element's subtree by recursion: emptying a description 200,000
// elements deep (to keep the item's place, rss_reader.cpp) overflowed the stack.
TEST_CASE("a description nested 200,000 deep is read and emptied without recursion") {
    const std::size_t depth = 200000;
    std::string deep;
    for (std::size_t i = 0; i < depth; ++i) deep += "<b>";
    deep += "x";
    for (std::size_t i = 0; i < depth; ++i) deep += "</b>";
    auto batch = read_rss(
        "<rss version=\"2.0\"><channel><title>S</title><item><title>Deep</title><guid>1</guid>"
        "<description>" +
            deep + "</description></item></channel></rss>",
        {"feed", "feed.xml", ""});
    REQUIRE(batch.records.size() == 1);
    CHECK(batch.records[0].description == deep);
    CHECK(batch.records[0].raw_xml.find("<b>") == std::string::npos);  // (emptied: the feed writes its own)
}

// Gumbo's work on such HTML grows with the square of its length (html/parse_cost.hpp): the
// pages show its text, and the warning says so where the feed has it.
TEST_CASE("show notes that open and reopen elements past the budget are a located warning") {
    std::string tangled;
    for (int i = 0; i < 5000; ++i) tangled += "&lt;p&gt;&lt;b id=" + std::to_string(i) + "&gt;x";
    auto batch = read_rss(
        "<rss version=\"2.0\" xmlns:content=\"http://purl.org/rss/1.0/modules/content/\"><channel><title>S</title>\n"
        "<item><title>Tangled</title><guid>1</guid>\n<description>" +
            tangled +
            "</description>\n<content:encoded><![CDATA[<p>Orderly <b>notes</b></p>]]></content:encoded>"
            "</item>\n<item><title>Orderly</title><guid>2</guid><description>" +
            std::string(3000, 'x') + "</description></item></channel></rss>",
        {"feed", "feed.xml", ""});
    REQUIRE(batch.records.size() == 2);
    REQUIRE(batch.diagnostics.size() == 1);
    CHECK(
        core::format(batch.diagnostics[0])
            .starts_with("feed.xml:3: warning: <description> (" + std::to_string(batch.records[0].description.size()) +
                         " bytes) nests or reopens its HTML elements past what an HTML parser reads in bounded time"));
    CHECK(batch.diagnostics[0].message.find("the pages show its text alone") != std::string::npos);
    CHECK(core::format(batch.diagnostics[0]).size() < 1000);  // (the line it quotes is cut)
}

TEST_CASE("XML that is neither RSS nor Atom says what it found") {
    auto batch = read_rss("<?xml version=\"1.0\"?>\n<opml version=\"2.0\"><body/></opml>", {"feed", "list.opml", ""});
    REQUIRE(batch.diagnostics.size() == 1);
    CHECK(core::format(batch.diagnostics[0]) ==
          "list.opml:2:1: error: expected an RSS 2.0 feed (<rss><channel>...) or an Atom feed (<feed "
          "xmlns=\"http://www.w3.org/2005/Atom\">), found <opml>");
    // A <feed> in no namespace, or another one, is not Atom either.
    auto other = read_rss("<feed xmlns=\"http://example.com/not-atom\"><title>x</title></feed>", {"feed", "f.xml", ""});
    REQUIRE(other.diagnostics.size() == 1);
    CHECK(other.diagnostics[0].message.ends_with("found <feed> in the namespace \"http://example.com/not-atom\""));
    // An RDF root in no namespace is not RSS 1.0 either.
    auto rdf = read_rss("<?xml version=\"1.0\"?>\n<rdf:RDF><channel/></rdf:RDF>", {"feed", "rdf.xml", ""});
    REQUIRE(rdf.diagnostics.size() == 1);
    CHECK(core::format(rdf.diagnostics[0]).starts_with("rdf.xml:2:1: error: expected an RSS 2.0 feed"));
    CHECK(rdf.diagnostics[0].message.ends_with("found <rdf:RDF> in no namespace"));
}

TEST_CASE("unreadable values are warnings naming the line") {
    std::string text =
        "<rss version=\"2.0\" xmlns:itunes=\"http://www.itunes.com/dtds/podcast-1.0.dtd\"><channel><title>x</title>\n"
        "<item><title>A</title>\n<pubDate>not a date</pubDate>\n<itunes:duration>forever</itunes:duration></item>\n"
        "</channel></rss>";
    auto batch = read_rss(text, {"feed", "f.xml", ""});
    REQUIRE(batch.records.size() == 1);
    CHECK_FALSE(batch.records[0].date);
    REQUIRE(batch.diagnostics.size() == 2);
    CHECK(core::format(batch.diagnostics[0]).starts_with("f.xml:3: warning: cannot read pubDate 'not a date'"));
    CHECK(batch.diagnostics[0].severity == core::Severity::warning);
}

// A feed of many items is read on several threads: records and warnings must still come in the
// feed's order, and each kept item must have its own texts emptied.
TEST_CASE("a large feed reads the same as items in order, warnings in order") {
    const int n = 1000;
    std::string text =
        "<rss version=\"2.0\" xmlns:content=\"http://purl.org/rss/1.0/modules/content/\"><channel><title>x</title>\n";
    for (int i = 0; i < n; ++i) {
        std::string k = std::to_string(i);
        text += "<item><guid>g" + k + "</guid><title>Episode " + k + "</title>\n";
        // Every 97th item has a date nobody can read: warnings land all through the feed.
        text +=
            i % 97 == 0 ? "<pubDate>day " + k + "</pubDate>\n" : "<pubDate>Mon, 01 Jan 2024 10:00:00 +0000</pubDate>\n";
        text += "<description><![CDATA[<p>Notes " + k + "</p>]]></description><content:encoded>&lt;p&gt;More " + k +
                "&lt;/p&gt;</content:encoded></item>\n";
    }
    text += "</channel></rss>";
    auto batch = read_rss(text, {"feed", "big.xml", ""});
    REQUIRE(batch.records.size() == n);
    for (int i = 0; i < n; ++i) {
        const auto& r = batch.records[static_cast<std::size_t>(i)];
        std::string k = std::to_string(i);
        INFO("item " << i);
        CHECK(r.guid == "g" + k);
        CHECK(r.description == "<p>Notes " + k + "</p>");
        CHECK(r.content_html == "<p>More " + k + "</p>");
        CHECK(r.from.line == 2 + 3 * i);
        CHECK(r.from.end_line == 4 + 3 * i);
        CHECK(r.date.has_value() == (i % 97 != 0));
        CHECK(r.raw_xml == "<item><guid>g" + k + "</guid><title>Episode " + k + "</title><pubDate>" +
                               (i % 97 == 0 ? "day " + k : std::string("Mon, 01 Jan 2024 10:00:00 +0000")) +
                               "</pubDate><description/><content:encoded/></item>");
    }
    std::vector<std::string> expected;
    for (int i = 0; i < n; i += 97)
        expected.push_back("big.xml:" + std::to_string(3 + 3 * i) + ": warning: cannot read pubDate 'day " +
                           std::to_string(i) + "'");
    REQUIRE(batch.diagnostics.size() == expected.size());
    for (std::size_t w = 0; w < expected.size(); ++w) {
        CHECK(core::format(batch.diagnostics[w]).starts_with(expected[w]));
        CHECK(batch.diagnostics[w].source_line == "<pubDate>day " + std::to_string(w * 97) + "</pubDate>");
    }
}
TEST_CASE("entity expansion cannot blow up") {
    std::string text =
        "<?xml version=\"1.0\"?><!DOCTYPE lolz [<!ENTITY lol \"lol\"><!ENTITY lol2 \"&lol;&lol;&lol;&lol;\">]>"
        "<rss version=\"2.0\"><channel><title>&lol2;</title></channel></rss>";
    auto batch = read_rss(text, {"feed", "f.xml", ""});
    REQUIRE(batch.channel);
    CHECK(batch.channel->title.size() < 100);
}

TEST_CASE("the kind of a source is recognised from its content") {
    CHECK(sources::detect_kind("<?xml version=\"1.0\"?><rss>", "x.txt") == core::SourceKind::rss);
    CHECK(sources::detect_kind("\xEF\xBB\xBF<rss>", "x") == core::SourceKind::rss);
    CHECK(sources::detect_kind("[ {\"title\": 1} ]", "x") == core::SourceKind::records);
    CHECK(sources::detect_kind("- title: a\n", "list.yaml") == core::SourceKind::records);
    CHECK(sources::detect_kind("just some text", "x.txt") == core::SourceKind::unknown);
    // A feed's root first, past what may come before it, with or without a declaration.
    CHECK(sources::detect_kind("\n<feed xmlns='http://www.w3.org/2005/Atom'>", "x") == core::SourceKind::rss);
    CHECK(sources::detect_kind("<!DOCTYPE rss PUBLIC \"-//Netscape Communications//DTD RSS 0.91//EN\"\n"
                               "  \"http://my.netscape.com/publish/formats/rss-0.91.dtd\">\n<rss version=\"0.91\">",
                               "x") == core::SourceKind::rss);
    CHECK(sources::detect_kind("<!DOCTYPE rss [<!ENTITY copy \"&#169;\"> <!ENTITY nbsp \"&#160;\">]>\n<rss>", "x") ==
          core::SourceKind::rss);
    CHECK(sources::detect_kind("<?xml-stylesheet href=\"s.xsl\"?><rdf:RDF xmlns:rdf=\"r\">", "x") ==
          core::SourceKind::rss);
    CHECK(sources::detect_kind("<feedback>no</feedback>", "x") == core::SourceKind::unknown);
    CHECK(sources::detect_kind("<!DOCTYPE html><html><body>Player FM</body></html>", "x") ==
          core::SourceKind::player_fm);
    CHECK(sources::detect_kind("<!-- never closed <rss>", "x") == core::SourceKind::rss);  // (a comment first)
}

TEST_CASE("a feed in UTF-16 without a byte-order mark is known as a feed and read") {
    const std::string utf8 =
        "<?xml version=\"1.0\" encoding=\"UTF-16\"?><rss version=\"2.0\"><channel><title>Grüße</title>"
        "<item><title>Straße \xE2\x80\x93 \xE6\x97\xA5</title><guid>g</guid></item></channel></rss>";
    // (UTF-16 by hand: every character of the text above is in the Basic Multilingual Plane)
    std::u16string wide;
    for (std::size_t i = 0; i < utf8.size();) {
        const auto c = static_cast<unsigned char>(utf8[i]);
        const int n = c < 0x80 ? 1 : c < 0xE0 ? 2 : 3;
        char16_t cp = n == 1 ? c : n == 2 ? (c & 0x1F) : (c & 0x0F);
        for (int k = 1; k < n; ++k)
            cp = static_cast<char16_t>(cp << 6 | (static_cast<unsigned char>(utf8[i + k]) & 0x3F));
        wide.push_back(cp);
        i += n;
    }
    for (const bool big_endian : {false, true}) {
        CAPTURE(big_endian);
        std::string bytes;
        for (char16_t u : wide) {
            const char hi = static_cast<char>(u >> 8), lo = static_cast<char>(u & 0xFF);
            bytes += big_endian ? std::string{hi, lo} : std::string{lo, hi};
        }
        CHECK(sources::detect_kind(bytes, "show.xml") == core::SourceKind::rss);
        auto batch = read_rss(bytes, {"feed", "show.xml", ""});
        REQUIRE(batch.channel);
        CHECK(batch.channel->title == "Grüße");
        REQUIRE(batch.records.size() == 1);
        CHECK(batch.records[0].title == "Straße \xE2\x80\x93 \xE6\x97\xA5");
    }
}

TEST_CASE("an audio URL that is no web address is no audio, in every feed format, and says so") {
    const std::string rss =
        "<rss version=\"2.0\"><channel><title>x</title>\n"
        "<item><guid>a</guid><enclosure url=\" JavaScript:alert(1)\" type=\"audio/mpeg\"/></item>\n"
        "<item><guid>b</guid><enclosure url=\"data:audio/mpeg;base64," +
        std::string(200, 'A') +
        "\" type=\"audio/mpeg\"/></item>\n"
        "<item><guid>c</guid><enclosure url=\"ftp://files.example/c.mp3\" type=\"audio/mpeg\"/></item>\n"
        "<item><guid>d</guid><enclosure url=\"d.mp3\" type=\"audio/mpeg\"/></item>\n"
        "<item><guid>e</guid><enclosure url=\"HTTPS://cdn.example/e.mp3\" type=\"audio/mpeg\"/></item>\n"
        "</channel></rss>";
    auto batch = read_rss(rss, {"feed", "f.xml", "https://show.example/feed.xml"});
    REQUIRE(batch.records.size() == 5);
    CHECK_FALSE(batch.records[0].enclosure);
    CHECK_FALSE(batch.records[1].enclosure);
    CHECK_FALSE(batch.records[2].enclosure);
    REQUIRE(batch.records[3].enclosure);
    CHECK(batch.records[3].enclosure->url == "https://show.example/d.mp3");  // (relative: resolved)
    REQUIRE(batch.records[4].enclosure);
    REQUIRE(batch.diagnostics.size() == 3);
    CHECK(core::format(batch.diagnostics[0])
              .starts_with("f.xml:2: warning: the audio URL 'JavaScript:alert(1)' is not a web address (http or "
                           "https): podcast apps "
                           "cannot play it, so the episode has a page but no item in feed.xml"));
    CHECK(batch.diagnostics[1].message.find("'data:audio/mpeg;base64,AAAA") != std::string::npos);
    CHECK(batch.diagnostics[1].message.find("AAA...' is not a web address") != std::string::npos);
    CHECK(batch.diagnostics[1].message.size() < 300);  // (a data: URL is not repeated whole)
    CHECK(core::format(batch.diagnostics[2]).starts_with("f.xml:4: warning: the audio URL 'ftp://"));

    auto atom = read_rss(
        "<feed xmlns=\"http://www.w3.org/2005/Atom\"><title>x</title>\n<entry><id>a</id>"
        "<link rel=\"enclosure\" href=\"javascript:alert(1)\"/></entry></feed>",
        {"feed", "a.xml", ""});
    REQUIRE(atom.records.size() == 1);
    CHECK_FALSE(atom.records[0].enclosure);
    REQUIRE(atom.diagnostics.size() == 1);
    CHECK(core::format(atom.diagnostics[0]).starts_with("a.xml:2: warning: the audio URL 'javascript:alert(1)'"));

    auto rdf = read_rss(
        "<rdf:RDF xmlns:rdf=\"http://www.w3.org/1999/02/22-rdf-syntax-ns#\" xmlns=\"http://purl.org/rss/1.0/\" "
        "xmlns:enc=\"http://purl.oclc.org/net/rss_2.0/enc#\"><channel><title>x</title></channel>\n"
        "<item rdf:about=\"urn:a\">\n<enc:enclosure rdf:resource=\"vbscript:msgbox(1)\"/></item></rdf:RDF>",
        {"feed", "r.xml", ""});
    REQUIRE(rdf.records.size() == 1);
    CHECK_FALSE(rdf.records[0].enclosure);
    REQUIRE(rdf.diagnostics.size() == 1);
    CHECK(core::format(rdf.diagnostics[0]).starts_with("r.xml:3: warning: the audio URL 'vbscript:msgbox(1)'"));
}

TEST_CASE("a file that is surely not audio or video is no episode's audio, in all three formats") {
    // (WordPress and Blogger feeds attach a post's picture or slides; hosts type MP3s loosely.)
    const std::string rss =
        "<rss version=\"2.0\" xmlns:media=\"http://search.yahoo.com/mrss/\"><channel><title>x</title>\n"
        "<item><guid>photo</guid><enclosure url=\"https://x.example/photo.jpg\" type=\"image/jpeg\"/></item>\n"
        "<item><guid>slides</guid><enclosure url=\"https://x.example/slides\" type=\"application/pdf\"/></item>\n"
        "<item><guid>cover-first</guid><enclosure url=\"https://x.example/c.png\"/>"
        "<enclosure url=\"https://x.example/c.mp3\" type=\"audio/mpeg\"/></item>\n"
        "<item><guid>typed-text</guid><enclosure url=\"https://x.example/t.mp3?x=1\" type=\"text/plain\"/></item>\n"
        "<item><guid>untyped</guid><enclosure url=\"https://x.example/u/stream\"/></item>\n"
        "<item><guid>media</guid><enclosure url=\"https://x.example/m.gif\" type=\"image/gif\"/>"
        "<media:content url=\"https://x.example/m.ogg\" type=\"audio/ogg\"/></item>\n"
        "</channel></rss>";
    auto batch = read_rss(rss, {"feed", "f.xml", ""});
    REQUIRE(batch.records.size() == 6);
    CHECK_FALSE(batch.records[0].enclosure);
    CHECK_FALSE(batch.records[1].enclosure);
    REQUIRE(batch.records[2].enclosure);
    CHECK(batch.records[2].enclosure->url == "https://x.example/c.mp3");
    REQUIRE(batch.records[3].enclosure);  // (its extension says audio, whatever its type)
    CHECK(batch.records[3].enclosure->url == "https://x.example/t.mp3?x=1");
    REQUIRE(batch.records[4].enclosure);  // (nothing says it is not audio)
    REQUIRE(batch.records[5].enclosure);
    CHECK(batch.records[5].enclosure->url == "https://x.example/m.ogg");
    REQUIRE(batch.diagnostics.size() == 3);
    CHECK(core::format(batch.diagnostics[0])
              .starts_with("f.xml:2: warning: the enclosure 'https://x.example/photo.jpg' (image/jpeg) is not audio "
                           "or video: podcast apps do not play it, so the episode has a page without a player and "
                           "no item in feed.xml"));
    CHECK(core::format(batch.diagnostics[1])
              .starts_with("f.xml:3: warning: the enclosure 'https://x.example/slides' "
                           "(application/pdf) is not audio or video"));
    CHECK(core::format(batch.diagnostics[2])
              .starts_with("f.xml:7: warning: the enclosure is not audio or video; the item's <media:content> is "
                           "read as its audio"));

    auto atom = read_rss(
        "<feed xmlns=\"http://www.w3.org/2005/Atom\"><title>x</title>\n"
        "<entry><id>a</id><link rel=\"enclosure\" type=\"image/png\" href=\"https://x.example/a.png\"/>"
        "<link rel=\"enclosure\" href=\"https://x.example/a.m4a\"/></entry>\n"
        "<entry><id>b</id><link rel=\"enclosure\" href=\"https://x.example/b.jpeg\"/></entry></feed>",
        {"feed", "a.xml", ""});
    REQUIRE(atom.records.size() == 2);
    REQUIRE(atom.records[0].enclosure);
    CHECK(atom.records[0].enclosure->url == "https://x.example/a.m4a");
    CHECK_FALSE(atom.records[1].enclosure);
    REQUIRE(atom.diagnostics.size() == 1);
    CHECK(core::format(atom.diagnostics[0])
              .starts_with("a.xml:3: warning: the enclosure 'https://x.example/b.jpeg' is "
                           "not audio or video"));

    auto rdf = read_rss(
        "<rdf:RDF xmlns:rdf=\"http://www.w3.org/1999/02/22-rdf-syntax-ns#\" xmlns=\"http://purl.org/rss/1.0/\" "
        "xmlns:enc=\"http://purl.oclc.org/net/rss_2.0/enc#\"><channel><title>x</title></channel>\n"
        "<item rdf:about=\"urn:a\">\n<enc:enclosure rdf:resource=\"https://x.example/a.png\" enc:type=\"image/png\"/>"
        "</item>\n<item rdf:about=\"urn:b\"><enclosure url=\"https://x.example/b.pdf\"/></item></rdf:RDF>",
        {"feed", "r.xml", ""});
    REQUIRE(rdf.records.size() == 2);
    CHECK_FALSE(rdf.records[0].enclosure);
    CHECK_FALSE(rdf.records[1].enclosure);
    REQUIRE(rdf.diagnostics.size() == 2);
    CHECK(core::format(rdf.diagnostics[0])
              .starts_with("r.xml:3: warning: the enclosure 'https://x.example/a.png' "
                           "(image/png) is not audio or video"));
    CHECK(core::format(rdf.diagnostics[1]).starts_with("r.xml:4: warning: the enclosure 'https://x.example/b.pdf'"));
}

TEST_CASE("an Atom entry or RSS 1.0 item without an id keeps its link, which apps know it by") {
    auto atom = read_rss(
        "<feed xmlns=\"http://www.w3.org/2005/Atom\"><title>x</title>"
        "<entry><title>A &amp; B</title><link href=\"https://x.example/a?b=1&amp;c=2\"/>"
        "<link rel=\"enclosure\" href=\"https://x.example/a.m4a\"/></entry>"
        "<entry><id>urn:b</id><link href=\"https://x.example/b\"/></entry></feed>",
        {"feed", "a.xml", ""});
    REQUIRE(atom.records.size() == 2);
    CHECK(atom.records[0].guid.empty());
    CHECK(atom.records[0].raw_xml == "<item><link>https://x.example/a?b=1&amp;c=2</link></item>");
    CHECK(atom.records[1].raw_xml == "<item/>");  // (known by its id: every field written anew)
    auto rdf = read_rss(
        "<rdf:RDF xmlns:rdf=\"http://www.w3.org/1999/02/22-rdf-syntax-ns#\" "
        "xmlns=\"http://purl.org/rss/1.0/\"><channel><title>x</title></channel>"
        "<item><title>A</title><link>https://x.example/a</link></item></rdf:RDF>",
        {"feed", "r.xml", ""});
    REQUIRE(rdf.records.size() == 1);
    CHECK(rdf.records[0].raw_xml == "<item><link>https://x.example/a</link></item>");
}

TEST_CASE("a minified feed's warnings are located on its one line without a copy of it each") {
    // (A feed written on one line, as some hosts serve it: 20,000 items with a date apps cannot
    // read held 12 GB of copies of the line, each warning its own.)
    std::string rss = "<rss version=\"2.0\"><channel><title>x</title>";
    for (int i = 0; i < 50; ++i)
        rss += "<item><guid>g" + std::to_string(i) +
               "</guid><pubDate>someday</pubDate><enclosure url=\"https://x.example/a.mp3\"/></item>";
    rss += "</channel></rss>";
    auto batch = read_rss(rss, {"feed", "f.xml", ""});
    REQUIRE(batch.records.size() == 50);
    REQUIRE(batch.diagnostics.size() == 50);
    for (const auto& d : batch.diagnostics) {
        CHECK(d.where.line == 1);
        CHECK(d.source_line.empty());
    }
    CHECK(core::format(batch.diagnostics[0]).starts_with("f.xml:1: warning: cannot read pubDate 'someday'"));
    CHECK(core::format(batch.diagnostics[0]).find('\n') == std::string::npos);  // (no line under it)
    // A short line is shown under its warning, as before.
    auto lines = read_rss(
        "<rss version=\"2.0\"><channel><title>x</title>\n<item><guid>g</guid><pubDate>someday"
        "</pubDate></item>\n</channel></rss>",
        {"feed", "f.xml", ""});
    REQUIRE(lines.diagnostics.size() == 1);
    CHECK(lines.diagnostics[0].source_line == "<item><guid>g</guid><pubDate>someday</pubDate></item>");
}

namespace {
// What a batch read: its records' fields, its channel's and its diagnostics, one line each.
std::vector<std::string> batch_lines(const sources::SourceBatch& b) {
    std::vector<std::string> out;
    if (b.channel) out.push_back("channel " + b.channel->title + " " + b.channel->raw_xml);
    for (const auto& r : b.records)
        out.push_back(r.guid + "|" + r.title + "|" + r.description + "|" + r.content_html + "|" + r.raw_xml + "|" +
                      r.from.file + ":" + std::to_string(r.from.line) + "-" + std::to_string(r.from.end_line) + "|" +
                      (r.enclosure ? r.enclosure->url : "-") + "|" + (r.date ? "dated" : "undated"));
    for (const auto& d : b.diagnostics) out.push_back(core::format(d) + " [" + d.source_line + "]");
    return out;
}
}  // namespace

TEST_CASE("a feed read from a text it may let go of reads as one read from a view") {
    // (Parsed where it is: references and line ends are read into their places, an item's
    // notes may hold an escaped "</item>", a CR LF is one line end. Its items are read a window
    // at a time, the text and nodes of each let go of after: more than two windows, and a
    // channel's element among the items, which the channel keeps.)
    std::string big = "<rss version=\"2.0\"><channel><title>x</title>\r\n";
    for (int i = 0; i < 2600; ++i) {
        big += "<item><guid>g" + std::to_string(i) + "</guid>\n<pubDate>" +
               (i % 50 == 0 ? "day " + std::to_string(i) : std::string("Mon, 01 Jan 2024 10:00:00 +0000")) +
               "</pubDate>\r\n<description>&lt;p&gt;Notes &amp;lt;/item&amp;gt; &lt;/p&gt;\r\n&lt;/item&gt;"
               "</description>\n<title a=\"1&#10;2\">T</title></item>\n";
        if (i == 1500) big += "<copyright>Between &amp; among the items</copyright>\n";
    }
    big += "</channel></rss>";
    const std::string unnested =
        "<rss xmlns:itunes='http://www.itunes.com/dtds/podcast-1.0.dtd' version='2.0'>\n<channel>\n<title>T</title>\n"
        "<itunes:category text='Technology'>\n<item>\n<title>One</title>\n<guid>g1</guid>\n</item>\n</channel>\n"
        "</rss>\n";
    const std::string latin1 =
        "<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?>\n<rss version=\"2.0\"><channel>"
        "<title>Caf\xE9</title>\n<item><title>\xC0 la carte</title><guid>g</guid>\n"
        "<pubDate>never</pubDate></item></channel></rss>";
    const std::string atom =
        "<feed xmlns=\"http://www.w3.org/2005/Atom\"><title>A</title>\n<entry><id>e1</id>"
        "<title>Entry</title><link rel=\"enclosure\" href=\"https://x.example/a.mp3\"/></entry>"
        "</feed>";
    // (Each with whether it is parsed where it is, and whether it is well-formed.)
    const std::vector<std::tuple<std::string, bool, bool>> feeds = {
        {test::read(test::fixture("feeds/simplecast_style.xml")), true, true},
        {test::read(test::fixture("feeds/extensions.xml")), true, true},
        {big, true, true},
        {unnested, true, false},
        {latin1, false, true},  // (read as UTF-8 first: a copy)
        {atom, false, true}};
    for (const auto& [text, in_place, well_formed] : feeds) {
        CAPTURE(text.substr(0, 80));
        const sources::SourceInfo info{"feed", "feed.xml", ""};
        const sources::SourceBatch view = read_rss(text, info);
        const std::vector<std::string> from_view = batch_lines(view);
        CHECK(from_view.size() > 1);
        if (text == big) CHECK(view.channel->raw_xml.find("Between &amp; among") != std::string::npos);
        int read_again = 0;
        CHECK(batch_lines(sources::read_rss_text(text, info, [&] {
                  ++read_again;
                  return std::optional(text);
              })) == from_view);
        // Read again only for the lines its warnings quote, or to repair it.
        const bool quoted = std::any_of(view.diagnostics.begin(), view.diagnostics.end(),
                                        [](const core::Diagnostic& d) { return !d.source_line.empty(); });
        CHECK(read_again == (in_place && (quoted || !well_formed) ? 1 : 0));
        // A file that cannot be read again: the same records, the warnings without their lines.
        if (!in_place || !quoted) continue;
        sources::SourceBatch unread = read_rss(text, info);
        for (auto& d : unread.diagnostics) d.source_line.clear();
        CHECK(batch_lines(sources::read_rss_text(text, info, [] { return std::optional<std::string>(); })) ==
              batch_lines(unread));
    }
}

// What fetch keeps of the items a host drops from its feed (fetch/kept_items.hpp).
#include "fetch/kept_items.hpp"

#include <doctest/doctest.h>

#include "sources/read_source.hpp"
#include "support.hpp"

namespace {

// A feed in a host's style with items (guid, title, day of January 2024, audio file).
struct Item {
    std::string guid, title;
    int day;
    std::string audio;
};

std::string rss(const std::vector<Item>& items, const std::string& extra_root = "") {
    std::string out =
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<rss version=\"2.0\" "
        "xmlns:itunes=\"http://www.itunes.com/dtds/podcast-1.0.dtd\"" +
        extra_root + "><channel><title>Show</title><link>https://show.example/</link><description>d</description>\n";
    for (const auto& i : items)
        out += "<item><title>" + i.title + "</title><guid isPermaLink=\"false\">" + i.guid + "</guid><pubDate>Mon, " +
               std::to_string(i.day) + " Jan 2024 10:00:00 +0000</pubDate><enclosure url=\"https://cdn.example/" +
               i.audio +
               "\" length=\"1\" "
               "type=\"audio/mpeg\"/><itunes:duration>61</itunes:duration><description><![CDATA[<p>Notes of " +
               i.title + "</p>]]></description></item>\n";
    return out + "</channel></rss>\n";
}

const std::vector<Item> k_five = {{"g5", "Five", 5, "5.mp3"},
                                  {"g4", "Four", 4, "4.mp3"},
                                  {"g3", "Three", 3, "3.mp3"},
                                  {"g2", "Two", 2, "2.mp3"},
                                  {"g1", "One", 1, "1.mp3"}};

}  // namespace

TEST_CASE("kept items: a feed cut to its newest keeps the rest, newest first, as the host wrote them") {
    const std::string full = rss(k_five), cut = rss({k_five.begin(), k_five.begin() + 2});
    auto kept = fetch::keep_dropped_items(full, cut, "");
    REQUIRE(kept);
    CHECK(kept->kept == 3);
    CHECK(kept->newly_kept == 3);
    CHECK(test::guids_in(kept->text) == std::vector<std::string>{"g3", "g2", "g1"});
    CHECK(kept->text.find("<![CDATA[<p>Notes of Three</p>]]>") != std::string::npos);  // the item as it was
    CHECK(kept->text.find("xmlns:itunes=\"http://www.itunes.com/dtds/podcast-1.0.dtd\"") != std::string::npos);
    // The next day the host cuts again: the kept items stay, the newly dropped join them in order.
    const std::string cut_more = rss({k_five.begin(), k_five.begin() + 1});
    auto later = fetch::keep_dropped_items(cut, cut_more, kept->text);
    REQUIRE(later);
    CHECK(test::guids_in(later->text) == std::vector<std::string>{"g4", "g3", "g2", "g1"});
    CHECK(later->newly_kept == 1);
    // Nothing changed: the same bytes (a daily run commits nothing).
    auto same = fetch::keep_dropped_items(cut_more, cut_more, later->text);
    REQUIRE(same);
    CHECK(same->text == later->text);
    // The build reads the kept file as a feed of the same kind.
    auto batch = sources::parse_source(later->text, {"feed", "feed.kept.text"}, core::SourceKind::rss);
    CHECK(batch.records.size() == 4);
    for (const auto& d : batch.diagnostics) CHECK(d.severity != core::Severity::error);
}

TEST_CASE("kept items: an item listed again leaves the file; an episode still listed under another guid is not kept") {
    const std::string full = rss(k_five);
    auto kept = fetch::keep_dropped_items(full, rss({k_five[0], k_five[1]}), "");
    REQUIRE(kept);
    // The host lists "Two" again: its copy wins.
    auto relisted =
        fetch::keep_dropped_items(rss({k_five[0], k_five[1]}), rss({k_five[0], k_five[1], k_five[3]}), kept->text);
    REQUIRE(relisted);
    CHECK(relisted->listed_again == 1);
    CHECK(test::guids_in(relisted->text) == std::vector<std::string>{"g3", "g1"});
    // A re-issue: "Four" under a new guid (same audio), and "Five" under a new guid and audio
    // file on the same day: neither old item is kept, the build's guard judges them.
    auto reissued = fetch::keep_dropped_items(full,
                                              rss({{"g5-new", "Five", 5, "5b.mp3"},
                                                   {"g4-new", "Four (remastered)", 4, "4.mp3"},
                                                   k_five[2],
                                                   k_five[3],
                                                   k_five[4]}),
                                              "");
    REQUIRE(reissued);
    CHECK(reissued->kept == 0);
    CHECK(reissued->text.empty());  // (no file)
    // A rerun the host listed beside the original (the same audio, a guid of its own), then
    // dropped, is kept: subscribers have both. (Before, it went: the original shares its audio,
    // and the build then refused the feed for an episode "come back under a new guid".)
    const std::vector<Item> with_rerun = {
        {"g6", "Rerun: Two", 6, "2.mp3"}, k_five[0], k_five[1], k_five[2], k_five[3], k_five[4]};
    auto rerun = fetch::keep_dropped_items(rss(with_rerun), full, "");
    REQUIRE(rerun);
    CHECK(test::guids_in(rerun->text) == std::vector<std::string>{"g6"});
    // And kept it stays, the next day too.
    auto next_day = fetch::keep_dropped_items(full, full, rerun->text);
    REQUIRE(next_day);
    CHECK(test::guids_in(next_day->text) == std::vector<std::string>{"g6"});
    // Everything dropped at once (a host's broken feed that still parses) is kept all the same.
    auto emptied = fetch::keep_dropped_items(full, rss({}), "");
    REQUIRE(emptied);
    CHECK(emptied->kept == 5);
}

TEST_CASE("kept items: Atom entries, other namespaces, and texts that are not feeds") {
    const std::string atom_full =
        R"(<?xml version="1.0"?><feed xmlns="http://www.w3.org/2005/Atom"><title>A</title><id>urn:a</id>
<entry><id>urn:e2</id><title>Two</title><published>2024-01-02T00:00:00Z</published><link rel="enclosure" href="https://a.example/2.mp3"/></entry>
<entry><id>urn:e1</id><title>One</title><published>2024-01-01T00:00:00Z</published><link rel="enclosure" href="https://a.example/1.mp3"/></entry></feed>)";
    const std::string atom_cut =
        R"(<?xml version="1.0"?><feed xmlns="http://www.w3.org/2005/Atom"><title>A</title><id>urn:a</id>
<entry><id>urn:e2</id><title>Two</title><published>2024-01-02T00:00:00Z</published><link rel="enclosure" href="https://a.example/2.mp3"/></entry></feed>)";
    auto kept = fetch::keep_dropped_items(atom_full, atom_cut, "");
    REQUIRE(kept);
    CHECK(kept->kept == 1);
    CHECK(kept->text.find("<feed xmlns=\"http://www.w3.org/2005/Atom\">") != std::string::npos);
    CHECK(kept->text.find("urn:e1") != std::string::npos);
    auto batch = sources::parse_source(kept->text, {"feed", "feed.kept.text"}, core::SourceKind::atom);
    CHECK(batch.records.size() == 1);
    // An item of a namespace the host no longer declares keeps its declaration.
    const std::string media = " xmlns:media=\"http://search.yahoo.com/mrss/\"";
    std::string with_media = rss({k_five[0], k_five[1]}, media);
    with_media = test::replace_first(with_media, "</item>\n</channel>",
                                     "<media:rating>nonadult</media:rating></item>\n</channel>");
    auto declared = fetch::keep_dropped_items(with_media, rss({k_five[0]}), "");
    REQUIRE(declared);
    CHECK(declared->text.find(media) != std::string::npos);
    // Not feeds: nothing to say, and the caller leaves the kept file alone.
    CHECK_FALSE(fetch::keep_dropped_items(rss(k_five), "<html><body>Moved</body></html>", ""));
    CHECK_FALSE(fetch::keep_dropped_items(rss(k_five), rss(k_five), "not xml"));
}

TEST_CASE("kept items: an RSS 1.0 feed's and an Atom 0.3 feed's dropped items are kept, read back by the build") {
    auto rdf = [](const std::string& items) {
        return R"(<?xml version="1.0" encoding="utf-8"?>
<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:enc="http://purl.oclc.org/net/rss_2.0/enc#" xmlns="http://purl.org/rss/1.0/">
<channel rdf:about="https://r.example/"><title>R</title><link>https://r.example/</link><description>d</description></channel>
)" + items + "</rdf:RDF>\n";
    };
    auto item = [](int n) {
        const std::string k = std::to_string(n);
        return "<item rdf:about=\"https://r.example/" + k + ".html\"><title>Part " + k +
               "</title><link>https://r.example/" + k + ".html</link><dc:date>2006-11-0" + k +
               "T21:00:00+09:00</dc:date><enc:enclosure rdf:resource=\"https://r.example/" + k +
               ".mp3\" enc:type=\"audio/mpeg\" enc:length=\"100\"/></item>\n";
    };
    auto kept = fetch::keep_dropped_items(rdf(item(3) + item(2) + item(1)), rdf(item(3)), "");
    REQUIRE(kept);
    CHECK(kept->kept == 2);
    CHECK(kept->newly_kept == 2);
    auto batch = sources::parse_source(kept->text, {"feed", "feed.kept.text"}, core::SourceKind::rss);
    CHECK(batch.diagnostics.empty());
    REQUIRE(batch.records.size() == 2);
    CHECK(batch.records[0].guid == "https://r.example/2.html");  // newest first
    CHECK(batch.records[1].enclosure->url == "https://r.example/1.mp3");
    REQUIRE(batch.channel);
    CHECK(batch.channel->title == "R");
    // The same episode under a new rdf:about (its audio unchanged) is not lost: nothing is kept.
    auto moved =
        fetch::keep_dropped_items(rdf(item(1)), rdf(test::replace_first(item(1), "1.html\"", "one.html\"")), "");
    REQUIRE(moved);
    CHECK(moved->kept == 0);

    const std::string atom03 =
        R"(<?xml version="1.0"?><feed version="0.3" xmlns="http://purl.org/atom/ns#"><title>A</title>
<entry><id>urn:e2</id><title>Two</title><issued>2005-01-02T00:00:00Z</issued><link rel="enclosure" href="https://a.example/2.mp3"/></entry>
<entry><id>urn:e1</id><title>One</title><issued>2005-01-01T00:00:00Z</issued><link rel="enclosure" href="https://a.example/1.mp3"/></entry></feed>)";
    const std::string atom03_cut = test::replace_first(
        atom03,
        R"(<entry><id>urn:e1</id><title>One</title><issued>2005-01-01T00:00:00Z</issued><link rel="enclosure" href="https://a.example/1.mp3"/></entry>)",
        "");
    auto kept03 = fetch::keep_dropped_items(atom03, atom03_cut, "");
    REQUIRE(kept03);
    CHECK(kept03->kept == 1);
    auto entries = sources::parse_source(kept03->text, {"feed", "feed.kept.text"}, core::SourceKind::atom);
    REQUIRE(entries.records.size() == 1);
    CHECK(entries.records[0].guid == "urn:e1");
    CHECK(entries.records[0].date);
}

TEST_CASE("kept items: an item nested 100,000 deep is kept whole, in a file that grows with it, not its square") {
    // (Indented, each level's lines are indented once more: the file was 10 GB.)
    std::string deep;
    for (int i = 0; i < 100000; ++i) deep += "<media:group>";
    for (int i = 0; i < 100000; ++i) deep += "</media:group>";
    std::string full = rss(k_five, " xmlns:media=\"http://search.yahoo.com/mrss/\"");
    full = test::replace_first(full, "<itunes:duration>61</itunes:duration>", deep);  // (in Five's item)
    const std::string cut = rss({k_five.begin() + 1, k_five.end()}, " xmlns:media=\"http://search.yahoo.com/mrss/\"");
    auto kept = fetch::keep_dropped_items(full, cut, "");
    REQUIRE(kept);
    CHECK(kept->kept == 1);
    CHECK(kept->text.size() < 3 * deep.size());
    CHECK(test::count_of(kept->text, "<media:group") == 100000);  // (the innermost one empty)
    auto batch = sources::parse_source(kept->text, {"feed", "feed.kept.text"}, core::SourceKind::rss);
    CHECK(batch.records.size() == 1);
    // A shallow file stays indented, an element a line.
    auto shallow = fetch::keep_dropped_items(rss(k_five), rss({k_five.begin() + 1, k_five.end()}), "");
    REQUIRE(shallow);
    CHECK(shallow->text.find("\n    <item>\n      <title>Five</title>") != std::string::npos);
}

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
    CHECK(test::guids_in(kept->xml) == std::vector<std::string>{"g3", "g2", "g1"});
    CHECK(kept->xml.find("<![CDATA[<p>Notes of Three</p>]]>") != std::string::npos);  // the item as it was
    CHECK(kept->xml.find("xmlns:itunes=\"http://www.itunes.com/dtds/podcast-1.0.dtd\"") != std::string::npos);
    // The next day the host cuts again: the kept items stay, the newly dropped join them in order.
    const std::string cut_more = rss({k_five.begin(), k_five.begin() + 1});
    auto later = fetch::keep_dropped_items(cut, cut_more, kept->xml);
    REQUIRE(later);
    CHECK(test::guids_in(later->xml) == std::vector<std::string>{"g4", "g3", "g2", "g1"});
    CHECK(later->newly_kept == 1);
    // Nothing changed: the same bytes (a daily run commits nothing).
    auto same = fetch::keep_dropped_items(cut_more, cut_more, later->xml);
    REQUIRE(same);
    CHECK(same->xml == later->xml);
    // The build reads the kept file as a feed of the same kind.
    auto batch = sources::parse_source(later->xml, {"feed", "feed.kept.xml"}, core::SourceKind::rss);
    CHECK(batch.records.size() == 4);
    for (const auto& d : batch.diagnostics) CHECK(d.severity != core::Severity::error);
}

TEST_CASE("kept items: an item listed again leaves the file; an episode still listed under another guid is not kept") {
    const std::string full = rss(k_five);
    auto kept = fetch::keep_dropped_items(full, rss({k_five[0], k_five[1]}), "");
    REQUIRE(kept);
    // The host lists "Two" again: its copy wins.
    auto relisted =
        fetch::keep_dropped_items(rss({k_five[0], k_five[1]}), rss({k_five[0], k_five[1], k_five[3]}), kept->xml);
    REQUIRE(relisted);
    CHECK(relisted->listed_again == 1);
    CHECK(test::guids_in(relisted->xml) == std::vector<std::string>{"g3", "g1"});
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
    CHECK(reissued->xml.empty());  // (no file)
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
    CHECK(kept->xml.find("<feed xmlns=\"http://www.w3.org/2005/Atom\">") != std::string::npos);
    CHECK(kept->xml.find("urn:e1") != std::string::npos);
    auto batch = sources::parse_source(kept->xml, {"feed", "feed.kept.xml"}, core::SourceKind::atom);
    CHECK(batch.records.size() == 1);
    // An item of a namespace the host no longer declares keeps its declaration.
    const std::string media = " xmlns:media=\"http://search.yahoo.com/mrss/\"";
    std::string with_media = rss({k_five[0], k_five[1]}, media);
    with_media = test::replace_first(with_media, "</item>\n</channel>",
                                     "<media:rating>nonadult</media:rating></item>\n</channel>");
    auto declared = fetch::keep_dropped_items(with_media, rss({k_five[0]}), "");
    REQUIRE(declared);
    CHECK(declared->xml.find(media) != std::string::npos);
    // Not feeds: nothing to say, and the caller leaves the kept file alone.
    CHECK_FALSE(fetch::keep_dropped_items(rss(k_five), "<html><body>Moved</body></html>", ""));
    CHECK_FALSE(fetch::keep_dropped_items(rss(k_five), rss(k_five), "not xml"));
}

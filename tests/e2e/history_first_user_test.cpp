// The first user's case: a Simplecast-style feed cut to its newest 20 of 83 episodes, the rest
// recoverable only from a web archive's captures. `podarchive fetch --history` then `build`:
// all 83 episodes on the site and in the paged feed, each once.
#include <doctest/doctest.h>

#include <set>

#include "loopback_server.hpp"
#include "support.hpp"

namespace {

// Episodes [from, to] of an 83-episode show, newest first, in Simplecast's item style.
std::string simplecast_feed(int from, int to) {
    std::string out =
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<rss version=\"2.0\" "
        "xmlns:itunes=\"http://www.itunes.com/dtds/podcast-1.0.dtd\" "
        "xmlns:atom=\"http://www.w3.org/2005/Atom\" "
        "xmlns:content=\"http://purl.org/rss/1.0/modules/content/\"><channel>"
        "<atom:link href=\"https://feeds.simplecast.com/OB5FkIl8\" rel=\"self\" title=\"MP3 Audio\" "
        "type=\"application/atom+xml\"/>"
        "<generator>https://simplecast.com</generator><title>PyTorch Developer Podcast</title><language>en</language>"
        "<description>Bite sized topics about PyTorch's "
        "internals.</description><link>https://pytorch-dev-podcast.simplecast.com</link>";
    for (int n = to; n >= from; --n) {
        const std::string date = test::rfc822_date(1620000000 + static_cast<std::time_t>(n) * 10 * 86400);
        const std::string id = std::to_string(n);
        out +=
            "<item><guid isPermaLink=\"false\">8f2a1c8e-0000-4b7e-9d3a-" + std::string(12 - id.size(), '0') + id +
            "</guid><title>Topic number " + id + "</title><description>An episode about topic " + id +
            ".</description><pubDate>" + date +
            "</pubDate><enclosure length=\"12345678\" type=\"audio/mpeg\" url=\"https://cdn.simplecast.com/audio/pt/" +
            id + "/default_tc.mp3?aid=rss_feed&amp;feed=OB5FkIl8\"/><itunes:duration>00:15:00</itunes:duration></item>";
    }
    return out + "</channel></rss>\n";
}

}  // namespace

TEST_CASE(
    "the first user's show: a feed cut to 20 items and four years of captures give all 83 episodes, on the site and in "
    "the paged feed") {
    test::LoopbackServer http;
    struct Held {
        std::string timestamp;
        int from, to;
    };
    const std::vector<Held> captures = {
        {"20211101000000", 1, 20}, {"20220801000000", 10, 40}, {"20230601000000", 30, 60}, {"20240301000000", 50, 75}};
    http.server.Get("/OB5FkIl8", [](const httplib::Request&, httplib::Response& res) {
        res.set_content(simplecast_feed(64, 83), "application/rss+xml");
    });
    http.server.Get("/cdx/search/cdx", [&](const httplib::Request& req, httplib::Response& res) {
        std::string out = "[[\"timestamp\",\"original\",\"statuscode\",\"digest\"]";
        for (const auto& c : captures)
            out += ",[\"" + c.timestamp + "\",\"" + req.get_param_value("url") + "\",\"200\",\"" + c.timestamp + "\"]";
        res.set_content(out + "]", "application/json");
    });
    http.server.Get(R"(/web/(\d+)id_/.*)", [&](const httplib::Request& req, httplib::Response& res) {
        for (const auto& c : captures)
            if (c.timestamp == req.matches[1].str())
                return res.set_content(simplecast_feed(c.from, c.to), "application/rss+xml");
        res.status = 404;
    });
    http.start();
    test::TempDir dir;
    test::write(dir.path() / "site.yaml",
                "title: PyTorch Developer Podcast\nbase_url: "
                "https://example.github.io/pytorch-podcast-archive/\nfeed_limit: 30\n"
                "history_url: " +
                    http.url("") +
                    "\nsources:\n  - name: Simplecast feed\n    path: content/sources/feed.xml\n    url: " +
                    http.url("/OB5FkIl8") + "\n");
    test::write(dir.path() / "content/sources/feed.xml", simplecast_feed(64, 83));  // (as init left it)
    std::string out;
    const int fetched = test::run_podarchive("fetch --history --history-delay-ms 0", dir.path(), out);
    INFO(out);
    REQUIRE(fetched == 0);
    CHECK(test::contains(out, "Simplecast feed: history: 4 captures of 2 addresses at " + http.url("") +
                                  ", 4 read now: 63 items recovered into feed.kept.xml"));
    REQUIRE(test::run_podarchive("build", dir.path(), out) == 0);
    CHECK(test::contains(out, "built 83 episodes"));
    CHECK(test::contains(out, "feed.xml: 30 items (and 53 older on 2 archive pages it links to, feed/page-N.xml)"));
    std::multiset<std::string> guids;
    for (const std::string path : {"feed.xml", "feed/page-1.xml", "feed/page-2.xml"})
        for (const auto& g : test::guids_in(test::read(dir.path() / "public" / path))) guids.insert(g);
    CHECK(guids.size() == 83);
    CHECK(std::set<std::string>(guids.begin(), guids.end()).size() == 83);
    REQUIRE(test::run_podarchive("merge", dir.path(), out) == 0);
    CHECK(test::contains(out, "(Simplecast feed, from wayback:20211101000000"));
    // A second run downloads no capture again and changes nothing.
    const std::string kept = test::read(dir.path() / "content/sources/feed.kept.xml");
    REQUIRE(test::run_podarchive("fetch --history --history-delay-ms 0", dir.path(), out) == 0);
    CHECK(test::contains(out, "0 read now: 0 items recovered"));
    CHECK(test::read(dir.path() / "content/sources/feed.kept.xml") == kept);
}

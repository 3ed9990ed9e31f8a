// `fetch --history`: a feed's past from a web archive speaking the Wayback Machine's CDX API, on
// loopback. Four years of captures in which items came and went, a guid was re-issued, the
// feed moved once and the host's error page was captured once.
#include "fetch/history.hpp"

#include <doctest/doctest.h>

#include <atomic>
#include <map>
#include <mutex>
#include <set>

#include "config/site_config.hpp"
#include "fetch/conditional_get.hpp"
#include "fetch/fetch_sources.hpp"
#include "loopback_server.hpp"
#include "output/output.hpp"
#include "pipeline/build_site.hpp"
#include "support.hpp"

namespace {

// A Simplecast-style feed of `episodes` (newest first), a week apart from 2021-01-08; `guids`
// overrides an episode's guid (a host that re-issued it).
std::string feed_of(const std::vector<int>& episodes, const std::map<int, std::string>& guids = {},
                    const std::string& channel_extra = "") {
    std::string out =
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<rss version=\"2.0\" "
        "xmlns:itunes=\"http://www.itunes.com/dtds/podcast-1.0.dtd\" "
        "xmlns:atom=\"http://www.w3.org/2005/Atom\"><channel><title>Compiler "
        "Weekly</title><link>https://compiler.example.org/</link>"
        "<description>A show about compilers.</description><language>en</language>" +
        channel_extra;
    for (int n : episodes) {
        const std::string date = test::rfc822_date(1610064000 + static_cast<std::time_t>(n) * 7 * 86400);
        const std::string id = std::to_string(n);
        const auto guid = guids.find(n);
        out += "<item><guid isPermaLink=\"false\">" + (guid != guids.end() ? guid->second : "cw-" + id) +
               "</guid><title>Compilers, part " + id + "</title><pubDate>" + date +
               "</pubDate><enclosure url=\"https://cdn.simplecast.com/audio/cw/" + id +
               ".mp3\" length=\"1000\" type=\"audio/mpeg\"/><itunes:duration>900</itunes:duration><description>Part " +
               id + " of the series.</description></item>";
    }
    return out + "</channel></rss>\n";
}

std::vector<int> newest_first(int from, int to) {
    std::vector<int> out;
    for (int n = to; n >= from; --n) out.push_back(n);
    return out;
}

// The host (its feed moved from /old-feed to /feed with a permanent redirect) and a web
// archive with its captures, on one loopback server.
struct ShowAndArchive {
    struct Held {
        std::string timestamp, original, digest, mimetype, body;
    };
    std::vector<Held> captures;
    std::atomic<int> capture_requests{0}, list_requests{0};
    test::LoopbackServer http;

    ShowAndArchive() {
        http.server.Get("/old-feed",
                        [](const httplib::Request&, httplib::Response& res) { res.set_redirect("/feed", 301); });
        http.server.Get("/feed", [](const httplib::Request&, httplib::Response& res) {
            res.set_content(feed_of(newest_first(31, 40)), "application/rss+xml");
        });
        http.server.Get("/cdx/search/cdx", [this](const httplib::Request& req, httplib::Response& res) {
            ++list_requests;
            CHECK(req.get_param_value("output") == "json");
            std::string out = "[[\"timestamp\",\"original\",\"mimetype\",\"statuscode\",\"digest\"]";
            for (const auto& c : captures)
                if (c.original == req.get_param_value("url"))
                    out += ",[\"" + c.timestamp + "\",\"" + c.original + "\",\"" + c.mimetype + "\",\"200\",\"" +
                           c.digest + "\"]";
            res.set_content(out + "]", "application/json");
        });
        http.server.Get(R"(/web/(\d+)id_/(.*))", [this](const httplib::Request& req, httplib::Response& res) {
            ++capture_requests;
            for (const auto& c : captures)
                if (c.timestamp == req.matches[1].str() &&
                    req.target.ends_with(c.original.substr(c.original.find("://")))) {
                    res.set_content(c.body, c.mimetype);
                    return;
                }
            res.status = 404;
        });
        http.start();
        const std::string old_feed = http.url("/old-feed"), feed = http.url("/feed");
        // 2021: episodes 1-10, then 11-20 (the host keeps ten); 2022: the host's error page, then
        // 21-30 with episode 22 under its first guid, announcing the move; 2023, at the new address: 22-31 with 22
        // re-issued under a new guid; 2024: the same bytes again (one digest: read once).
        captures = {{"20210315000000", old_feed, "D1", "application/rss+xml", feed_of(newest_first(1, 10))},
                    {"20210920000000", old_feed, "D2", "application/rss+xml", feed_of(newest_first(11, 20))},
                    {"20220210000000", old_feed, "D3", "text/html",
                     "<!DOCTYPE html><html><body><h1>502 Bad Gateway</h1></body></html>"},
                    {"20220701000000", old_feed, "D4", "application/rss+xml",
                     feed_of(newest_first(21, 30), {{22, "cw-22-first"}},
                             "<itunes:new-feed-url>" + feed + "</itunes:new-feed-url>")},
                    {"20230501000000", feed, "D5", "application/rss+xml",
                     feed_of(newest_first(22, 31), {{22, "cw-22-reissued"}})},
                    {"20240101000000", feed, "D5", "application/rss+xml",
                     feed_of(newest_first(22, 31), {{22, "cw-22-reissued"}})}};
    }
};

}  // namespace

TEST_CASE(
    "fetch --history recovers every item ever captured, once, with its capture as provenance; a second run downloads "
    "nothing") {
    ShowAndArchive net;
    test::TempDir dir;
    test::write(dir.path() / "site.yaml",
                "title: Compiler Weekly\nbase_url: https://example.github.io/cw/\nfeed_limit: 15\nhistory_url: " +
                    net.http.url("") + "\nsources:\n  - name: feed\n    path: content/sources/feed.xml\n    url: " +
                    net.http.url("/old-feed") + "\n");
    test::write(dir.path() / "content/sources/feed.xml", feed_of(newest_first(31, 40)));
    const config::SiteConfig config = config::load_config(dir.path() / "site.yaml");
    const config::SourceConfig& source = config.sources.at(0);
    fetch::FetchOptions options{5, 1 << 20};
    // The feed moved (301): fetch reads it at /feed, and remembers where it lived.
    fetch::fetch_source(source, options);
    CHECK(fetch::read_state(fetch::state_path(source.path), source.url).location == net.http.url("/feed"));

    const fetch::HistoryOptions polite{100, 0};
    const auto first = fetch::recover_history(source, config.history_url, options, polite);
    CHECK_FALSE(first.failed);
    CHECK(first.problems.empty());
    CHECK(first.addresses.size() == 2);  // site.yaml's and where the feed moved
    CHECK(first.listed == 5);            // (the 2024 capture has the 2023 one's digest)
    CHECK(first.read == 5);
    CHECK(first.not_feed == 1);
    CHECK(first.added == 30);  // episodes 1-30; 31 is in the snapshot
    const std::string kept = test::read(dir.path() / "content/sources/feed.kept.xml");
    for (int n = 1; n <= 30; ++n) {
        CAPTURE(n);
        CHECK(test::count_of(kept, "<title>Compilers, part " + std::to_string(n) + "</title>") == 1);
    }
    CHECK(test::count_of(kept, "cw-22-first") == 1);
    CHECK(test::count_of(kept, "cw-22-reissued") == 0);  // (the same episode, re-issued: one, not two)
    CHECK(test::count_of(kept, "podarchive:from=\"wayback:20210315000000\"") == 10);
    CHECK(test::count_of(kept, "podarchive:from=\"wayback:20220701000000\"") == 10);
    CHECK(first.message.find("30 items recovered into feed.kept.xml") != std::string::npos);

    // Again: the captures are listed, none is downloaded, nothing changes.
    const int downloads = net.capture_requests;
    const auto second = fetch::recover_history(source, config.history_url, options, polite);
    CHECK(net.capture_requests == downloads);
    CHECK(second.read == 0);
    CHECK(second.added == 0);
    CHECK(test::read(dir.path() / "content/sources/feed.kept.xml") == kept);

    // The site has every episode once, and so have feed.xml and its archive pages together.
    output::MemoryOutput out;
    const auto report = pipeline::build_site(config::load_config(dir.path() / "site.yaml"), out);
    CHECK(report.episodes == 40);
    std::multiset<std::string> guids;
    for (const std::string path : {"feed.xml", "feed/page-1.xml", "feed/page-2.xml"})
        for (const auto& g : test::guids_in(test::file_in(out, path))) guids.insert(g);
    CHECK(guids.size() == 40);
    CHECK(std::set<std::string>(guids.begin(), guids.end()).size() == 40);
    CHECK(test::file_in(out, "feed.xml").find("podarchive:from") == std::string::npos);
}

TEST_CASE(
    "fetch --history: the limit per run is kept and the next run goes on, to an address a capture announced; a service "
    "that is no web archive is said") {
    ShowAndArchive net;
    test::TempDir dir;
    const auto file = dir.path() / "feed.xml";
    test::write(file, feed_of(newest_first(31, 40)));
    const config::SourceConfig source{"feed", file, "feed.xml", core::SourceKind::unknown, net.http.url("/old-feed"),
                                      1};
    fetch::FetchOptions options{5, 1 << 20};
    const auto first = fetch::recover_history(source, net.http.url(""), options, {2, 0});
    CHECK(first.read == 2);
    CHECK(first.left == 2);  // (of the four captures of /old-feed: /feed is not known here)
    CHECK(first.message.find("2 captures left for the next run") != std::string::npos);
    // The second run reads the 2022 captures; the second of them announces the move to /feed,
    // whose captures are asked for then: one (its 2023 and 2024 captures share a digest) is left.
    const auto second = fetch::recover_history(source, net.http.url(""), options, {2, 0});
    CHECK(second.read == 2);
    CHECK(second.left == 1);
    CHECK(second.addresses.size() == 2);
    const auto third = fetch::recover_history(source, net.http.url(""), options, {2, 0});
    CHECK(third.read == 1);
    CHECK(third.left == 0);
    CHECK(first.added + second.added + third.added == 30);  // episodes 1-30 (31 is in the snapshot)
    // A history_url that is no web archive: said, and nothing is recovered or remembered.
    const auto none = fetch::recover_history(source, net.http.url("/feed"), options, {2, 0});
    REQUIRE_FALSE(none.problems.empty());
    CHECK(none.problems[0].find("could not list the captures of " + net.http.url("/old-feed") + ": HTTP 404") !=
          std::string::npos);
    CHECK(none.read == 0);
}

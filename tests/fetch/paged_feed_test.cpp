// Paged feeds in (RFC 5005): fetch reads every page a feed names, and the items of the other
// pages join the kept items, each with its page as provenance.
#include <doctest/doctest.h>

#include <atomic>
#include <map>

#include "fetch/feed_pages.hpp"
#include "fetch/fetch_sources.hpp"
#include "fetch/kept_items.hpp"
#include "loopback_server.hpp"
#include "support.hpp"

namespace {

// Episode n, a week before episode n + 1, in a Podlove-style RSS item.
std::string rss_item(int n) {
    const std::string date = test::rfc822_date(1577836800 + static_cast<std::time_t>(n) * 7 * 86400);
    return "<item><title>Episode " + std::to_string(n) + "</title><guid isPermaLink=\"false\">podlove-" +
           std::to_string(n) + "</guid><pubDate>" + date + "</pubDate><enclosure url=\"https://media.example.org/e" +
           std::to_string(n) + ".mp3\" length=\"1000\" type=\"audio/mpeg\"/><description>Episode number " +
           std::to_string(n) + ".</description></item>";
}

// An RSS page with episodes [from, to], newest first, and atom:links `links` ("rel href" pairs).
std::string rss_page(int from, int to, const std::vector<std::pair<std::string, std::string>>& links) {
    std::string out =
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<rss version=\"2.0\" xmlns:atom=\"http://www.w3.org/2005/Atom\" "
        "xmlns:itunes=\"http://www.itunes.com/dtds/podcast-1.0.dtd\"><channel><title>Paged Show</title>"
        "<link>https://paged.example.org/</link><description>A show whose feed is paged.</description>";
    for (const auto& [rel, href] : links) out += "<atom:link rel=\"" + rel + "\" href=\"" + href + "\"/>";
    for (int n = to; n >= from; --n) out += rss_item(n);
    return out + "</channel></rss>\n";
}

// An Atom archived feed (RFC 5005 section 4): the current document names prev-archive pages.
std::string atom_page(int from, int to, const std::string& prev_archive) {
    std::string out =
        "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<a:feed xmlns:a=\"http://www.w3.org/2005/Atom\"><a:title>Atom "
        "Show</a:title>"
        "<a:id>urn:atom-show</a:id><a:updated>2024-01-01T00:00:00Z</a:updated>";
    if (!prev_archive.empty()) out += "<a:link rel=\"prev-archive\" href=\"" + prev_archive + "\"/>";
    for (int n = to; n >= from; --n)
        out += "<a:entry><a:title>Entry " + std::to_string(n) + "</a:title><a:id>urn:entry-" + std::to_string(n) +
               "</a:id><a:updated>2021-01-" + (n < 10 ? "0" : "") + std::to_string(n) +
               "T00:00:00Z</a:updated><a:link rel=\"enclosure\" href=\"https://media.example.org/a" +
               std::to_string(n) + ".mp3\" type=\"audio/mpeg\" length=\"10\"/></a:entry>";
    return out + "</a:feed>\n";
}

struct PagedHost {
    std::map<std::string, std::string> pages;
    std::atomic<int> requests{0};
    test::LoopbackServer http;
    PagedHost() {
        http.server.Get(R"(/.*)", [this](const httplib::Request& req, httplib::Response& res) {
            ++requests;
            const auto it = pages.find(req.path + (req.params.empty() ? "" : "?page=" + req.get_param_value("page")));
            if (it == pages.end()) {
                res.status = 404;
                return;
            }
            res.set_content(it->second, "application/rss+xml");
        });
        http.start();
    }
};

config::SourceConfig source(const std::filesystem::path& file, const std::string& url) {
    return {"Feed", file, "content/sources/feed.xml", core::SourceKind::unknown, url, 1};
}

int items_in(const std::string& xml, const std::string& tag = "</item>") {
    return test::count_of(xml, tag);
}

}  // namespace

TEST_CASE(
    "fetch reads every page of a paged RSS feed: next links, relative and absolute, each item once with its page") {
    PagedHost host;
    // 150 episodes on three pages of 50; page 2 names page 3 by a relative reference.
    host.pages["/feed"] =
        rss_page(101, 150, {{"self", host.http.url("/feed")}, {"next", host.http.url("/feed?page=2")}});
    host.pages["/feed?page=2"] = rss_page(51, 100, {{"next", "feed?page=3"}, {"first", "/feed"}});
    host.pages["/feed?page=3"] = rss_page(1, 50, {{"prev", "/feed?page=2"}});
    test::TempDir dir;
    const auto file = dir.path() / "feed.xml";
    fetch::FetchOptions options{5, 1 << 20};
    const auto first = fetch::fetch_source(source(file, host.http.url("/feed")), options);
    REQUIRE(first.kind == fetch::FetchOutcome::Kind::updated);
    CHECK(first.pages == 3);
    CHECK(first.page_items == 100);
    CHECK(first.page_problems.empty());
    CHECK(first.message.find("3 pages of a paged feed read, 100 items of the other pages added now") !=
          std::string::npos);
    CHECK(items_in(test::read(file)) == 50);  // (the snapshot stays the host's first page, byte for byte)
    const std::string kept = test::read(dir.path() / "feed.kept.xml");
    CHECK(items_in(kept) == 100);
    CHECK(kept.find("xmlns:podarchive=\"urn:podarchive:kept\"") != std::string::npos);
    CHECK(kept.find("podarchive:from=\"page " + host.http.url("/feed?page=3") + "\"") != std::string::npos);
    CHECK(kept.find("<guid isPermaLink=\"false\">podlove-1</guid>") != std::string::npos);
    CHECK(kept.find("<guid isPermaLink=\"false\">podlove-101</guid>") == std::string::npos);

    // The host publishes episode 151: it pushes 101 to page 2, 51 to page 3, and 1 off the end.
    host.pages["/feed"] = rss_page(102, 151, {{"next", host.http.url("/feed?page=2")}});
    host.pages["/feed?page=2"] = rss_page(52, 101, {{"next", "feed?page=3"}});
    host.pages["/feed?page=3"] = rss_page(2, 51, {});
    const auto second = fetch::fetch_source(source(file, host.http.url("/feed")), options);
    REQUIRE(second.kind == fetch::FetchOutcome::Kind::updated);
    CHECK(second.page_items == 0);  // (101 is known: it was the first page's, and is kept)
    const std::string kept2 = test::read(dir.path() / "feed.kept.xml");
    CHECK(items_in(kept2) == 101);  // episodes 1-101, each once: nothing the host ever listed is lost
    CHECK(kept2.find("podlove-1<") != std::string::npos);
    CHECK(kept2.find("podlove-101<") != std::string::npos);
    CHECK(kept2.find("podlove-151<") == std::string::npos);
}

TEST_CASE(
    "fetch reads the other pages when the first page is the snapshot already (an archive begun before paging was "
    "read)") {
    PagedHost host;
    host.pages["/feed"] = rss_page(21, 30, {{"next", "/p2"}});
    host.pages["/p2"] = rss_page(11, 20, {{"next", "/p3"}});
    host.pages["/p3"] = rss_page(1, 10, {});
    test::TempDir dir;
    const auto file = dir.path() / "feed.xml";
    test::write(file, host.pages["/feed"]);
    const auto outcome = fetch::fetch_source(source(file, host.http.url("/feed")), {5, 1 << 20});
    CHECK(outcome.kind == fetch::FetchOutcome::Kind::not_modified);
    CHECK(outcome.page_items == 20);
    CHECK(outcome.message.find("unchanged (the same") != std::string::npos);
    CHECK(outcome.message.find("3 pages of a paged feed read, 20 items of the other pages added now") !=
          std::string::npos);
    CHECK(items_in(test::read(dir.path() / "feed.kept.xml")) == 20);
    CHECK(test::read(file) == host.pages["/feed"]);
}

TEST_CASE("fetch reads a page that a feed names both as its next page and its archive once, and sees no loop") {
    // A feed both paged and archived (podarchive's own with feed_limit) names its older page by
    // rel="next" and rel="prev-archive" alike.
    PagedHost host;
    host.pages["/feed"] = rss_page(21, 30, {{"next", "/p2"}, {"prev-archive", host.http.url("/p2")}});
    host.pages["/p2"] = rss_page(11, 20, {{"next", "/p1"}, {"prev-archive", "/p1"}, {"next-archive", "/feed"}});
    host.pages["/p1"] = rss_page(1, 10, {{"next-archive", "/p2"}});
    const fetch::PagesRead read =
        fetch::read_pages(host.pages["/feed"], host.http.url("/feed"), {5, 1 << 20}, fetch::AddressPolicy{});
    CHECK(read.problems.empty());
    REQUIRE(read.pages.size() == 2);
    CHECK(read.pages[0].url == host.http.url("/p2"));
    CHECK(read.pages[1].url == host.http.url("/p1"));
}

TEST_CASE("fetch reads an Atom archived feed's prev-archive pages, under any prefix") {
    PagedHost host;
    host.pages["/atom"] = atom_page(21, 30, host.http.url("/archive/2"));
    host.pages["/archive/2"] = atom_page(11, 20, "1");  // (relative: /archive/1)
    host.pages["/archive/1"] = atom_page(1, 10, "");
    test::TempDir dir;
    const auto file = dir.path() / "feed.xml";
    const auto outcome = fetch::fetch_source(source(file, host.http.url("/atom")), {5, 1 << 20});
    REQUIRE(outcome.kind == fetch::FetchOutcome::Kind::updated);
    CHECK(outcome.pages == 3);
    CHECK(outcome.page_items == 20);
    const std::string kept = test::read(dir.path() / "feed.kept.xml");
    CHECK(items_in(kept, "</a:entry>") == 20);
    CHECK(kept.find("podarchive:from=\"page " + host.http.url("/archive/1") + "\"") != std::string::npos);
}

TEST_CASE(
    "paged feeds: a loop, a repeated page, a page on the local network and the page limit are said, the rest read") {
    PagedHost host;
    fetch::FetchOptions options{5, 1 << 20};
    fetch::AddressPolicy guarded{true, {"127.0.0.1"}};
    SUBCASE("a loop: the last page names the first") {
        host.pages["/feed"] = rss_page(21, 30, {{"next", "/p2"}});
        host.pages["/p2"] = rss_page(11, 20, {{"next", "/p3"}});
        host.pages["/p3"] = rss_page(1, 10, {{"next", "/feed"}});
        const auto read = fetch::read_pages(host.pages["/feed"], host.http.url("/feed"), options, guarded);
        CHECK(read.pages.size() == 2);
        REQUIRE(read.problems.size() == 1);
        CHECK(read.problems[0].find("a loop") != std::string::npos);
        CHECK(host.requests == 2);
    }
    SUBCASE("a page that repeats another's items under another address") {
        host.pages["/feed"] = rss_page(21, 30, {{"next", "/p2"}});
        host.pages["/p2"] = rss_page(21, 30, {{"next", "/p3"}});
        const auto read = fetch::read_pages(host.pages["/feed"], host.http.url("/feed"), options, guarded);
        CHECK(read.pages.empty());
        REQUIRE(read.problems.size() == 1);
        CHECK(read.problems[0].find("repeats the items of") != std::string::npos);
    }
    SUBCASE("a page on the local network") {
        host.pages["/feed"] = rss_page(21, 30, {{"next", "http://10.0.0.7/feed?page=2"}, {"prev-archive", "/p2"}});
        host.pages["/p2"] = rss_page(11, 20, {});
        const auto read = fetch::read_pages(host.pages["/feed"], host.http.url("/feed"), options, guarded);
        CHECK(read.pages.size() == 1);
        REQUIRE(read.problems.size() == 1);
        CHECK(read.problems[0].find("10.0.0.7") != std::string::npos);
        CHECK(read.problems[0].find("local network") != std::string::npos);
    }
    SUBCASE("the page limit") {
        for (int p = 1; p <= 6; ++p)
            host.pages["/p" + std::to_string(p)] =
                rss_page(p * 10, p * 10 + 9, {{"next", "/p" + std::to_string(p + 1)}});
        options.max_pages = 4;
        const auto read = fetch::read_pages(host.pages["/p1"], host.http.url("/p1"), options, guarded);
        CHECK(read.pages.size() == 3);
        REQUIRE(read.problems.size() == 1);
        CHECK(read.problems[0].find("more than 4 pages") != std::string::npos);
    }
    SUBCASE("a page that is not a feed, and one that is gone") {
        host.pages["/feed"] = rss_page(21, 30, {{"next", "/html"}, {"next", "/gone"}});
        host.pages["/html"] = "<!DOCTYPE html><html><body>Not found</body></html>";
        const auto read = fetch::read_pages(host.pages["/feed"], host.http.url("/feed"), options, guarded);
        CHECK(read.pages.empty());
        REQUIRE(read.problems.size() == 2);
        CHECK(read.problems[0].find("is not an RSS or Atom feed") != std::string::npos);
        CHECK(read.problems[1].find("HTTP 404") != std::string::npos);
    }
}

TEST_CASE("add_items: an item re-issued under a new guid, or known by its audio, is one episode; the first text wins") {
    const std::string now = rss_page(3, 4, {});
    std::string reissued = rss_page(1, 3, {});
    reissued = test::replace_first(reissued, "podlove-3<", "new-guid-3<");  // episode 3 again, a new guid
    reissued = test::replace_first(reissued, "<title>Episode 2</title><guid isPermaLink=\"false\">podlove-2",
                                   "<title>Episode 2</title><guid isPermaLink=\"false\">other-2");
    const std::string older = rss_page(1, 2, {});
    const auto added =
        fetch::add_items(now, "", {{reissued, "wayback:20220101000000"}, {older, "wayback:20210101000000"}}, false);
    REQUIRE(added);
    CHECK(added->added == 2);  // episodes 1 and 2 (as "other-2"); 3 is in the snapshot
    CHECK(added->known == 3);
    CHECK(items_in(added->xml) == 2);
    CHECK(added->xml.find("podarchive:from=\"wayback:20220101000000\"") != std::string::npos);
    CHECK(added->xml.find("wayback:20210101000000") == std::string::npos);
    CHECK(added->xml.find("new-guid-3") == std::string::npos);
    // Nothing new: the kept text is what it was.
    const auto again = fetch::add_items(now, added->xml, {{older, "wayback:20210101000000"}}, false);
    REQUIRE(again);
    CHECK(again->added == 0);
    CHECK(again->xml == added->xml);
}

TEST_CASE("add_items: a rerun a capture lists beside the original is an item of its own; kept, it stays") {
    // The past's capture lists episode 3 and its rerun (the same audio under a guid of its own):
    // two items, as the host's subscribers had them. (Before, the rerun was taken for episode 3
    // re-issued, and not recovered.)
    const std::string now = rss_page(3, 4, {});
    std::string rerun = test::replace_first(rss_item(3), "podlove-3", "rerun-3");
    rerun = test::replace_first(rerun, "<title>Episode 3</title>", "<title>Rerun: Episode 3</title>");
    const std::string capture = test::replace_first(rss_page(3, 3, {}), "<item>", rerun + "<item>");
    const auto added = fetch::add_items(now, "", {{capture, "wayback:20230101000000"}}, false);
    REQUIRE(added);
    CHECK(added->added == 1);
    CHECK(test::guids_in(added->xml) == std::vector<std::string>{"rerun-3"});
    // Read again with another page of the feed: the kept rerun stays (the snapshot has its audio
    // under the original's guid, which keep_dropped_items judged already).
    const auto again = fetch::add_items(now, added->xml, {{rss_page(1, 1, {}), "page 2"}}, true);
    REQUIRE(again);
    CHECK(test::guids_in(again->xml) == std::vector<std::string>{"rerun-3", "podlove-1"});
}

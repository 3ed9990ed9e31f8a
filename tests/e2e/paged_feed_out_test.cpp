// feed.xml as a paged and archived feed (RFC 5005) once the archive holds more items than
// feed_limit: the newest in feed.xml, the rest on pages it links to, each item exactly once, and
// a new episode changes only feed.xml and the newest page.
#include <doctest/doctest.h>

#include <map>
#include <pugixml.hpp>
#include <set>

#include "config/site_config.hpp"
#include "output/output.hpp"
#include "pipeline/build_site.hpp"
#include "support.hpp"

namespace {

// A Simplecast-style feed of episodes 1..count, newest first, a week apart.
std::string feed_of(int count) {
    std::string out =
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<rss version=\"2.0\" "
        "xmlns:itunes=\"http://www.itunes.com/dtds/podcast-1.0.dtd\" "
        "xmlns:atom=\"http://www.w3.org/2005/Atom\"><channel><title>Weekly "
        "Show</title><link>https://weekly.example.org/</link>"
        "<description>One episode a week.</description><language>en</language>"
        "<atom:link href=\"https://feeds.simplecast.com/weekly\" rel=\"self\" type=\"application/rss+xml\"/>";
    for (int n = count; n >= 1; --n) {
        const std::string date = test::rfc822_date(1609459200 + static_cast<std::time_t>(n) * 7 * 86400);
        const std::string id = std::to_string(n);
        out += "<item><guid isPermaLink=\"false\">weekly-" + id + "</guid><title>Week " + id + "</title><pubDate>" +
               date + "</pubDate><enclosure url=\"https://cdn.simplecast.com/audio/weekly/" + id +
               ".mp3\" length=\"1000\" type=\"audio/mpeg\"/><itunes:duration>600</itunes:duration><description>Week " +
               id + " of the show.</description></item>";
    }
    return out + "</channel></rss>\n";
}

struct PagedSite {
    test::TempDir dir;
    explicit PagedSite(int limit) {
        test::write(dir.path() / "site.yaml",
                    "title: Weekly Show\nbase_url: https://example.github.io/weekly/\nfeed_limit: " +
                        std::to_string(limit) + "\nsources:\n  - name: feed\n    path: content/sources/feed.xml\n");
    }
    void build(int episodes, output::MemoryOutput& out) const {
        test::write(dir.path() / "content/sources/feed.xml", feed_of(episodes));
        pipeline::build_site(config::load_config(dir.path() / "site.yaml"), out);
    }
};

// The atom:links of a feed's channel: rel -> href.
std::map<std::string, std::string> links_of(const std::string& xml) {
    pugi::xml_document doc;
    REQUIRE(doc.load_string(xml.c_str()));
    std::map<std::string, std::string> out;
    for (auto link : doc.child("rss").child("channel").children("atom:link"))
        out[link.attribute("rel").value()] = link.attribute("href").value();
    return out;
}

const std::string k_base = "https://example.github.io/weekly/";

}  // namespace

TEST_CASE("paged feed out: feed.xml carries the newest, archive pages the rest, every item exactly once") {
    PagedSite site(5);
    output::MemoryOutput out;
    site.build(23, out);
    const std::string& feed = test::file_in(out, "feed.xml");
    CHECK(test::guids_in(feed).size() == 5);
    CHECK(test::guids_in(feed).front() == "weekly-23");
    // 18 older items on 4 pages cut from the oldest: 5, 5, 5 and the newest page's 3.
    const auto newest = test::guids_in(feed);
    std::multiset<std::string> all(newest.begin(), newest.end());
    const std::vector<std::size_t> sizes = {5, 5, 5, 3};
    for (std::size_t page = 1; page <= 4; ++page) {
        CAPTURE(page);
        const std::string& xml = test::file_in(out, "feed/page-" + std::to_string(page) + ".xml");
        const auto guids = test::guids_in(xml);
        CHECK(guids.size() == sizes[page - 1]);
        all.insert(guids.begin(), guids.end());
        const auto links = links_of(xml);
        CHECK(links.at("self") == k_base + "feed/page-" + std::to_string(page) + ".xml");
        CHECK(links.at("current") == k_base + "feed.xml");
        CHECK(links.count("prev-archive") == (page > 1));
        if (page > 1) CHECK(links.at("prev-archive") == k_base + "feed/page-" + std::to_string(page - 1) + ".xml");
        if (page < 4) CHECK(links.at("next-archive") == k_base + "feed/page-" + std::to_string(page + 1) + ".xml");
        CHECK(xml.find("<fh:archive xmlns:fh=\"http://purl.org/syndication/history/1.0\" />") != std::string::npos);
        CHECK(xml.find("<title>Weekly Show</title>") !=
              std::string::npos);  // (a whole feed: the channel, as feed.xml has it)
    }
    CHECK(test::guids_in(test::file_in(out, "feed/page-1.xml")).back() == "weekly-1");
    CHECK(all.size() == 23);
    CHECK(std::set<std::string>(all.begin(), all.end()).size() == 23);
    const auto feed_links = links_of(feed);
    CHECK(feed_links.at("self") == k_base + "feed.xml");
    CHECK(feed_links.at("next") == k_base + "feed/page-4.xml");
    CHECK(feed_links.at("prev-archive") == k_base + "feed/page-4.xml");
    CHECK(feed_links.at("last") == k_base + "feed/page-1.xml");
    CHECK(out.files().count("feed/page-5.xml") == 0);
}

TEST_CASE("paged feed out: a new episode changes feed.xml and the newest page; the older pages keep their bytes") {
    PagedSite site(5);
    output::MemoryOutput before, after;
    site.build(23, before);
    site.build(24, after);
    for (int page = 1; page <= 3; ++page) {
        CAPTURE(page);
        const std::string path = "feed/page-" + std::to_string(page) + ".xml";
        CHECK(test::file_in(before, path) == test::file_in(after, path));
    }
    CHECK(test::guids_in(test::file_in(after, "feed/page-4.xml")).size() == 4);  // (week 19 moved there from feed.xml)
    CHECK(test::file_in(before, "feed/page-4.xml") != test::file_in(after, "feed/page-4.xml"));
    // Within the limit, no pages and no paging links.
    PagedSite small(50);
    output::MemoryOutput whole;
    small.build(23, whole);
    CHECK(test::guids_in(test::file_in(whole, "feed.xml")).size() == 23);
    CHECK(whole.files().count("feed/page-1.xml") == 0);
    CHECK(links_of(test::file_in(whole, "feed.xml")).count("next") == 0);
}

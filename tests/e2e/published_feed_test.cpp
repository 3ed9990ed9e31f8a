// `build --published-feed`: the feed the site has published is what podcast apps know, and the
// new feed must keep its items, read over HTTP from a loopback server standing in for the site.
#include <doctest/doctest.h>

#include <atomic>
#include <map>
#include <mutex>

#include "loopback_server.hpp"
#include "support.hpp"

namespace fs = std::filesystem;

namespace {

struct PublishedSite {
    std::atomic<int> requests{0};

    PublishedSite() {
        http.server.Get("/site/(.+)", [this](const httplib::Request& req, httplib::Response& res) {
            ++requests;
            std::lock_guard lock(m_lock);
            if (auto it = m_files.find(req.matches[1]); it != m_files.end())
                res.set_content(it->second, "application/rss+xml");
            else
                res.status = 404;
        });
        http.server.Get("/parked/feed.xml", [](const httplib::Request&, httplib::Response& res) {
            res.set_content("<!DOCTYPE html><html><body>This domain is parked</body></html>", "text/html");
        });
        http.server.Get("/broken/feed.xml", [](const httplib::Request&, httplib::Response& res) { res.status = 503; });
        http.start();
    }
    std::string url(const std::string& path) const { return http.url(path); }
    // What /site/feed.xml serves from now on (nothing: 404). (The server answers on its own thread.)
    void publish(std::string feed) { publish_file("feed.xml", std::move(feed)); }
    // What /site/<path> serves from now on.
    void publish_file(const std::string& path, std::string text) {
        std::lock_guard lock(m_lock);
        m_files[path] = std::move(text);
    }
    void unpublish(const std::string& path) {
        std::lock_guard lock(m_lock);
        m_files.erase(path);
    }

private:
    std::mutex m_lock;
    std::map<std::string, std::string> m_files;  // guarded by m_lock

public:
    test::LoopbackServer http;  // last: stopped first, before what it serves is gone
};

// Removes the output folder and what the build keeps beside it: a runner starts with neither.
void as_on_a_runner(const fs::path& dir) {
    fs::remove_all(dir / "public");
    for (const auto& f : fs::directory_iterator(dir))
        if (f.path().filename().string().starts_with(".public")) fs::remove_all(f.path());
}

// The fixture site, and the loopback server standing in for the site published: its published
// feed's URL as `flag` gives it to a build.
struct PublishedFixture {
    PublishedSite site;
    test::TempDir dir;
    std::string out;
    const std::string flag = " --published-feed " + site.url("/site/feed.xml");
    PublishedFixture() { test::copy_site("site", dir.path()); }
};

}  // namespace

TEST_CASE_FIXTURE(PublishedFixture, "build --published-feed: a first publish, then the published items are kept") {
    // Nothing published yet (GitHub Pages answers 404): the build goes on and says so.
    REQUIRE(test::run_podarchive("build" + flag, dir.path(), out) == 0);
    CHECK(out.find("published feed: " + site.url("/site/feed.xml") +
                   ": not published yet (HTTP 404): the first publish, no items to keep yet") != std::string::npos);
    const std::string first_feed = test::read(dir.path() / "public/feed.xml");
    site.publish(first_feed);

    // Published now. The next build runs somewhere without the output folder (a CI runner):
    // the published feed is the only record of what subscribers have.
    as_on_a_runner(dir.path());
    const std::string feed = test::read(dir.path() / "content/sources/feed.xml");
    test::write(dir.path() / "content/sources/feed.xml",
                test::replace_first(feed, "8f2a1c8e-0001-4b7e-9d3a-000000000002", "reissued-002"));
    // The host re-issued an episode: the runner's build publishes it under the guid subscribers
    // have, as the published feed tells, and says so.
    CHECK(test::run_podarchive("build" + flag, dir.path(), out) == 0);
    CHECK(out.find("items the new feed must keep") != std::string::npos);
    CHECK(out.find("content/sources/feed.xml:39: warning: 1 episode its host re-issued under a new guid keeps the "
                   "guid the archive published (the first: 'Higher order operators', now 'reissued-002', published as "
                   "'8f2a1c8e-0001-4b7e-9d3a-000000000002')") != std::string::npos);
    CHECK(test::guids_in(test::read(dir.path() / "public/feed.xml")) == test::guids_in(first_feed));
    // Without the published feed, that runner would have published the change.
    CHECK(test::run_podarchive("build --output " + (dir.path() / "elsewhere").string(), dir.path(), out) == 0);
    CHECK(test::contains(test::read(dir.path() / "elsewhere/feed.xml"), ">reissued-002</guid>"));
    fs::remove_all(dir.path() / "elsewhere");

    // site.yaml may name the published feed instead of the flag; the change is published once
    // listed as meant.
    fs::remove_all(dir.path() / "public");
    test::write(dir.path() / "site.yaml",
                test::read(dir.path() / "site.yaml") + "published_feed: " + site.url("/site/feed.xml") + "\n");
    CHECK(test::run_podarchive("build", dir.path(), out) == 0);
    CHECK_FALSE(test::contains(test::read(dir.path() / "public/feed.xml"), "reissued-002"));
    test::write(
        dir.path() / "site.yaml",
        test::read(dir.path() / "site.yaml") +
            "identity_changes:\n  - guid: 8f2a1c8e-0001-4b7e-9d3a-000000000002\n    reason: re-issued by the host\n");
    const int before = site.requests;
    CHECK(test::run_podarchive("build", dir.path(), out) == 0);
    CHECK(site.requests == before + 2);  // the feed and the list of episode pages beside it
    CHECK(test::contains(test::read(dir.path() / "public/feed.xml"), ">reissued-002</guid>"));
}

TEST_CASE("build --published-feed: a feed that cannot be read stops the build, unless told to skip the check") {
    PublishedSite site;
    test::TempDir dir;
    test::copy_site("site", dir.path());
    std::string out;
    // Nothing listens on the port any more.
    int closed_port = 0;
    {
        PublishedSite gone;
        closed_port = gone.http.port;
    }
    const std::string unreachable = "http://127.0.0.1:" + std::to_string(closed_port) + "/feed.xml";
    CHECK(test::run_podarchive("build --published-feed " + unreachable, dir.path(), out) == 1);
    CHECK(out.find("podarchive: error: the published feed could not be read: " + unreachable) != std::string::npos);
    CHECK(out.find("--no-published-check") != std::string::npos);
    CHECK_FALSE(fs::exists(dir.path() / "public"));

    CHECK(test::run_podarchive("build --published-feed " + site.url("/broken/feed.xml"), dir.path(), out) == 1);
    CHECK(out.find("the server answered HTTP 503") != std::string::npos);
    CHECK(test::run_podarchive("build --published-feed " + site.url("/parked/feed.xml"), dir.path(), out) == 1);
    CHECK(out.find("/parked/feed.xml: error: the published feed is not an RSS feed (expected <rss><channel>)") !=
          std::string::npos);
    CHECK(test::run_podarchive("build --published-feed ftp://example.com/feed.xml", dir.path(), out) == 2);
    CHECK_FALSE(fs::exists(dir.path() / "public"));

    // Skipped on purpose: built, with a warning that cannot be missed, even with --quiet.
    CHECK(test::run_podarchive("build --quiet --no-published-check --published-feed " + unreachable, dir.path(), out) ==
          0);
    CHECK(out.find("podarchive: WARNING: --no-published-check: feed.xml is not compared with the published feed") !=
          std::string::npos);
    CHECK(fs::is_regular_file(dir.path() / "public/feed.xml"));

    // site.yaml's key is checked like any URL.
    test::write(dir.path() / "site.yaml", test::read(dir.path() / "site.yaml") + "published_feed: public/feed.xml\n");
    CHECK(test::run_podarchive("build", dir.path(), out) == 1);
    CHECK(out.find("site.yaml:13:17: error: 'published_feed' must be the absolute http(s) URL") != std::string::npos);
}

TEST_CASE_FIXTURE(PublishedFixture,
                  "build --published-feed: an episode on an archive page keeps its page when its host retitles it") {
    // With feed_limit, feed.xml carries the newest items and archive pages the rest (RFC 5005):
    // a runner learns where each of those was published from the pages the published feed
    // links to, as it does for feed.xml's own.
    test::write(dir.path() / "site.yaml", test::read(dir.path() / "site.yaml") + "feed_limit: 1\n");
    REQUIRE(test::run_podarchive("build" + flag, dir.path(), out) == 0);
    // Published as GitHub Pages would serve it (the site's own address here: the loopback server).
    const std::string site_url = "https://example.github.io/fixture-archive/";
    for (const std::string path : {"feed.xml", "feed/page-1.xml", "feed/page-2.xml"}) {
        std::string text = test::read(dir.path() / "public" / path);
        for (const std::string page : {"feed/page-1.xml", "feed/page-2.xml", "feed.xml\""})
            while (test::contains(text, site_url + page))
                text = test::replace_first(text, site_url + page, site.url("/site/" + page));
        site.publish_file(path, text);
    }
    REQUIRE(test::contains(test::read(dir.path() / "public/feed/page-1.xml"), "<title>Inductor - Post-grad FX passes"));

    // The host corrects the title of the oldest episode, which only page 1 carries; a runner
    // builds the site anew.
    as_on_a_runner(dir.path());
    const fs::path feed = dir.path() / "content/sources/feed.xml";
    test::write(feed, test::replace_first(test::read(feed), "<title>Inductor - Post-grad FX passes</title>",
                                          "<title>Inductor: the post-grad FX passes</title>"));
    const int before = site.requests;
    CHECK(test::run_podarchive("build" + flag, dir.path(), out) == 0);
    CHECK(site.requests == before + 4);  // the feed, the two pages it links to and the list of pages
    CHECK(test::contains(
        out, "published feed: " + site.url("/site/feed.xml") + " and 2 archive pages: 3 items the new feed must keep"));
    const fs::path page = dir.path() / "public/episodes/inductor-post-grad-fx-passes/index.html";
    REQUIRE(fs::is_regular_file(page));
    CHECK(test::contains(test::read(page), "Inductor: the post-grad FX passes"));
    CHECK_FALSE(fs::exists(dir.path() / "public/episodes/inductor-the-post-grad-fx-passes"));

    // A page the published feed links to that cannot be read stops the build, as the feed does:
    // what it holds is as much what subscribers have.
    as_on_a_runner(dir.path());
    site.publish_file("feed/page-1.xml", "<!DOCTYPE html><html><body>Not here</body></html>");
    CHECK(test::run_podarchive("build" + flag, dir.path(), out) == 1);
    CHECK(test::contains(out,
                         "podarchive: error: the published feed could not be read: " + site.url("/site/feed.xml") +
                             ": an archive page it links to could not be read: " + site.url("/site/feed/page-1.xml") +
                             " (named by " + site.url("/site/feed/page-2.xml") + ") is not an RSS or Atom feed"));
    CHECK_FALSE(fs::exists(dir.path() / "public"));
}

TEST_CASE("build: over an output folder without its record, an archive page's episode keeps its page") {
    // The build's record holds every item it wrote; without it (removed, or written by another
    // version) the output folder's feed.xml and its archive pages tell the same.
    test::TempDir dir;
    test::copy_site("site", dir.path());
    test::write(dir.path() / "site.yaml", test::read(dir.path() / "site.yaml") + "feed_limit: 1\n");
    std::string out;
    REQUIRE(test::run_podarchive("build", dir.path(), out) == 0);
    REQUIRE(fs::exists(dir.path() / ".public.build-record"));
    fs::remove(dir.path() / ".public.build-record");
    const fs::path feed = dir.path() / "content/sources/feed.xml";
    test::write(feed, test::replace_first(test::read(feed), "<title>Inductor - Post-grad FX passes</title>",
                                          "<title>Inductor: the post-grad FX passes</title>"));
    CHECK(test::run_podarchive("build", dir.path(), out) == 0);
    const fs::path page = dir.path() / "public/episodes/inductor-post-grad-fx-passes/index.html";
    REQUIRE(fs::is_regular_file(page));
    CHECK(test::contains(test::read(page), "Inductor: the post-grad FX passes"));
    CHECK_FALSE(fs::exists(dir.path() / "public/episodes/inductor-the-post-grad-fx-passes"));
}

TEST_CASE_FIXTURE(PublishedFixture,
                  "build: an episode no source gives audio for keeps its page when a directory retitles it") {
    // "Strides" is only in a listing, without audio: no feed has an item for it. The site's list
    // of its episode pages (episodes.json) is what says where it was published: over the output
    // folder, and on a runner from the published site.
    REQUIRE(test::run_podarchive("build" + flag, dir.path(), out) == 0);
    REQUIRE(fs::is_regular_file(dir.path() / "public/episodes/strides/index.html"));
    site.publish(test::read(dir.path() / "public/feed.xml"));
    site.publish_file("episodes.json", test::read(dir.path() / "public/episodes.json"));
    const fs::path listing = dir.path() / "content/sources/listings.json";
    const std::string was = test::read(listing);
    auto retitle = [&](const std::string& title) {
        test::write(listing, test::replace_first(was, "\"title\": \"Strides\"", "\"title\": \"" + title + "\""));
    };
    auto page_of = [&](const std::string& slug) { return dir.path() / "public/episodes" / slug / "index.html"; };

    // Over the output folder.
    retitle("Strides, explained");
    CHECK(test::run_podarchive("build", dir.path(), out) == 0);
    REQUIRE(fs::is_regular_file(page_of("strides")));
    CHECK(test::contains(test::read(page_of("strides")), "Strides, explained"));
    CHECK_FALSE(fs::exists(page_of("strides-explained")));
    CHECK_FALSE(test::contains(out, "is gone"));

    // On a runner: nothing but the published site.
    as_on_a_runner(dir.path());
    retitle("Strides, once more");
    CHECK(test::run_podarchive("build" + flag, dir.path(), out) == 0);
    CHECK(test::contains(out, "published feed: " + site.url("/site/feed.xml") +
                                  ": 3 items the new feed must keep; episodes.json: 6 episode pages"));
    REQUIRE(fs::is_regular_file(page_of("strides")));
    CHECK(test::contains(test::read(page_of("strides")), "Strides, once more"));
    CHECK_FALSE(fs::exists(page_of("strides-once-more")));

    // A site published before it had the list (404): the build goes on; the page follows its title.
    as_on_a_runner(dir.path());
    site.unpublish("episodes.json");
    CHECK(test::run_podarchive("build" + flag, dir.path(), out) == 0);
    CHECK(test::contains(out, ": 3 items the new feed must keep\n"));
    CHECK(fs::is_regular_file(page_of("strides-once-more")));
    // A file there that is no such list is said so, and not read.
    as_on_a_runner(dir.path());
    site.publish_file("episodes.json", "<!DOCTYPE html><html><body>Not a list</body></html>");
    CHECK(test::run_podarchive("build" + flag, dir.path(), out) == 0);
    CHECK(test::contains(out, "published feed: " + site.url("/site/episodes.json") +
                                  " is not the site's list of episode pages: not read"));
}

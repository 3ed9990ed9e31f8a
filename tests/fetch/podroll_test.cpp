// The shows a feed recommends (podcast:podroll): fetch reads their feeds for titles and websites,
// the build names them with those, and nothing a podroll names reaches the local network.
#include "listening/podroll.hpp"

#include <doctest/doctest.h>

#include <atomic>

#include "fetch/fetch_podroll.hpp"
#include "loopback_server.hpp"
#include "output/output.hpp"
#include "pipeline/build_site.hpp"
#include "support.hpp"

namespace {

// A show's feed as hosts write it: RSS from one, Atom in ISO-8859-1 from another.
const std::string k_rss =
    "<?xml version=\"1.0\"?><rss version=\"2.0\"><channel><title>Lex &amp; &lt;Friends&gt;</title>"
    "<link>https://lex.example/</link><item><title>One</title></item></channel></rss>";
const std::string k_atom_latin1 =
    "<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?><feed xmlns=\"http://www.w3.org/2005/Atom\"><title>Caf\xE9 "
    "Ol\xE9</title><link rel=\"alternate\" href=\"https://cafe.example/\"/><id>urn:x</id></feed>";

std::string site_feed(const std::vector<std::string>& recommended) {
    std::string roll;
    for (const auto& url : recommended) roll += "<podcast:remoteItem feedGuid=\"x\" feedUrl=\"" + url + "\"/>";
    return "<rss version=\"2.0\" xmlns:podcast=\"https://podcastindex.org/namespace/1.0\"><channel><title>T</title>"
           "<podcast:podroll>" +
           roll +
           "</podcast:podroll><item><title>a</title><guid>a</guid><pubDate>Mon, 04 Mar 2024 10:00:00 GMT</pubDate>"
           "<enclosure url=\"https://x.example/a.mp3\" length=\"1\" type=\"audio/mpeg\"/></item></channel></rss>";
}

struct Site {
    test::TempDir dir;
    config::SiteConfig config;

    explicit Site(const std::string& own_feed_url) {
        recommend({});
        test::write(dir.path() / "site.yaml",
                    "title: T\nbase_url: https://x.example/s/\nsources:\n  - path: "
                    "content/sources/feed.xml\n    url: " +
                        own_feed_url + "\n");
        config = config::load_config(dir.path() / "site.yaml");
    }
    void recommend(const std::vector<std::string>& urls) const {
        test::write(dir.path() / "content/sources/feed.xml", site_feed(urls));
    }
    std::string home(std::string* warnings = nullptr) const {
        output::MemoryOutput out;
        const auto report = pipeline::build_site(config::load_config(dir.path() / "site.yaml"), out);
        if (warnings)
            for (const auto& w : report.warnings) *warnings += core::format(w) + "\n";
        return test::file_in(out, "index.html");
    }
};

}  // namespace

TEST_CASE("podroll: fetch reads each recommended show's feed once; the home page names the show and links its site") {
    test::LoopbackServer http;
    std::atomic<int> served{0};
    http.server.set_pre_routing_handler([&](const httplib::Request&, httplib::Response&) {
        ++served;
        return httplib::Server::HandlerResponse::Unhandled;
    });
    http.server.Get("/lex.xml", [](const httplib::Request&, httplib::Response& res) {
        res.set_content(k_rss, "application/rss+xml");
    });
    http.server.Get("/cafe.atom", [](const httplib::Request&, httplib::Response& res) {
        res.set_content(k_atom_latin1, "application/atom+xml");
    });
    http.server.Get("/gone.xml", [](const httplib::Request&, httplib::Response& res) { res.status = 404; });
    http.server.Get("/page.html", [](const httplib::Request&, httplib::Response& res) {
        res.set_content("<html><body>Sign in</body></html>", "text/html");
    });
    http.start();
    Site site(http.url("/own.xml"));  // (the feed's own host is trusted: the shows are on 127.0.0.1 too)
    site.recommend({http.url("/lex.xml"), http.url("/cafe.atom"), http.url("/gone.xml"), http.url("/page.html")});
    const fetch::FetchOptions options{2, 200000};

    // Before fetch: each recommendation shows its feed's host.
    const std::string host = "127.0.0.1:" + std::to_string(http.port);
    CHECK(site.home().find("<a href=\"" + http.url("/lex.xml") + "\"><bdi>" + host + "</bdi></a></li>") !=
          std::string::npos);

    const auto first = fetch::fetch_podroll(site.config, options);
    CHECK(first.kind == fetch::FetchOutcome::Kind::failed);  // (said as a warning: `fetch` does not fail for it)
    CHECK(first.message.find(
              "read 2 of 4 feeds the podroll names (2 of 4 shows known) into content/sources/podroll.json; "
              "2 could not be read") != std::string::npos);
    CHECK(first.message.find(http.url("/gone.xml") + ": HTTP 404") != std::string::npos);
    const std::string home = site.home();
    CHECK(home.find("<a href=\"https://lex.example/\"><bdi>Lex &amp; &lt;Friends&gt;</bdi></a> <span "
                    "class=\"meta\">(<a href=\"" +
                    http.url("/lex.xml") + "\">feed</a>)</span>") != std::string::npos);
    CHECK(home.find("<a href=\"https://cafe.example/\"><bdi>Caf\xC3\xA9 Ol\xC3\xA9</bdi></a>") != std::string::npos);
    CHECK(home.find("<a href=\"" + http.url("/gone.xml") + "\"><bdi>" + host + "</bdi></a></li>") != std::string::npos);

    // A second run asks only for what it does not know; a show no longer recommended is forgotten.
    served = 0;
    site.recommend({http.url("/lex.xml"), http.url("/gone.xml")});
    const auto second = fetch::fetch_podroll(site.config, options);
    CHECK(served == 1);
    CHECK(second.message.find("read 0 of 1 feeds") != std::string::npos);
    const std::string kept = test::read(site.config.podroll_file());
    CHECK(kept.find("lex.xml") != std::string::npos);
    CHECK(kept.find("cafe.atom") == std::string::npos);
}

TEST_CASE("podroll: a recommended feed on the local network is never asked; a planted or broken file is a warning") {
    test::LoopbackServer http;
    std::atomic<int> served{0};
    http.server.Get("/admin.xml", [&](const httplib::Request&, httplib::Response& res) {
        ++served;
        res.set_content(k_rss, "application/rss+xml");
    });
    http.start();
    Site site("https://feeds.example.com/show.xml");
    const std::string local = "http://localhost:" + std::to_string(http.port) + "/admin.xml";
    site.recommend({local, "http://169.254.169.254/latest/meta-data/"});
    const auto outcome = fetch::fetch_podroll(site.config, {2, 200000});
    CHECK(served == 0);
    CHECK(outcome.message.find("read 0 of 2 feeds") != std::string::npos);
    CHECK(outcome.message.find("local network") != std::string::npos);
    CHECK_FALSE(std::filesystem::exists(site.config.podroll_file()));

    // A podroll.json linked from outside the project is not read.
    test::TempDir outside;
    test::write(outside.path() / "podroll.json",
                "{\"" + local + "\": {\"title\": \"Planted\", \"website\": \"https://evil.example/\"}}");
    std::filesystem::create_symlink(outside.path() / "podroll.json", site.config.podroll_file());
    std::string warnings;
    std::string home = site.home(&warnings);
    CHECK(home.find("Planted") == std::string::npos);
    CHECK(warnings.find("content/sources/podroll.json") != std::string::npos);
    // One that is not JSON says how to mend it, and the build goes on.
    std::filesystem::remove(site.config.podroll_file());
    test::write(site.config.podroll_file(), "{ not json");
    warnings.clear();
    home = site.home(&warnings);
    CHECK(home.find("<bdi>localhost:" + std::to_string(http.port) + "</bdi></a>") != std::string::npos);
    CHECK(warnings.find("content/sources/podroll.json:1: warning: expected a JSON object of feeds (as `podarchive "
                        "fetch` writes it); delete the file and run fetch again") != std::string::npos);
}

TEST_CASE("podroll: the file's entries are read back as written, and what is not a show is left out") {
    std::vector<core::Diagnostic> warnings;
    test::TempDir dir;
    const auto file = dir.path() / "podroll.json";
    const listening::Podroll shows{{"https://a.example/feed", {"A show", "https://a.example/", "2026-12-01"}},
                                   {"https://b.example/feed", {"B", "", "2026-11-01"}}};
    test::write(file, listening::podroll_json(shows));
    CHECK(listening::read_podroll(dir.path(), file, "podroll.json", warnings) == shows);
    test::write(file,
                "{\"javascript:alert(1)\": {\"title\": \"x\"}, \"https://c.example/\": {\"title\": \"  C\\n "
                "show \", \"website\": \"javascript:alert(1)\"}, \"https://d.example/\": {\"title\": \"\"}}");
    const auto read = listening::read_podroll(dir.path(), file, "podroll.json", warnings);
    REQUIRE(read.size() == 1);
    CHECK(read.at("https://c.example/") == listening::RecommendedShow{"C show", "", ""});
    CHECK(warnings.empty());
}

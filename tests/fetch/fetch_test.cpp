// podarchive fetch against a local HTTP server: every failure keeps the previous snapshot.
#include <arpa/inet.h>
#include <doctest/doctest.h>
#include <unistd.h>

#include <atomic>
#include <set>
#include <thread>

#include "config/site_config.hpp"
#include "fetch/address_guard.hpp"
#include "fetch/conditional_get.hpp"
#include "fetch/fetch_artwork.hpp"
#include "fetch/fetch_attachments.hpp"
#include "fetch/fetch_sources.hpp"
#include "files/files.hpp"
#include "listening/attachments.hpp"
#include "loopback_server.hpp"
#include "on_disk/folder_build.hpp"
#include "output/output.hpp"
#include "pipeline/build_site.hpp"
#include "sources/read_source.hpp"
#include "support.hpp"

namespace {

// A directory's listing as a records file (docs/sources.md): a record a title, a month apart.
std::string listing(const std::vector<std::string>& titles) {
    std::string json = "[";
    for (std::size_t i = 0; i < titles.size(); ++i)
        json += std::string(i ? "," : "") + "\n {\"title\": \"" + titles[i] + "\", \"date\": \"2024-0" +
                std::to_string(i + 1) + "-01\"}";
    return json + "\n]\n";
}

struct LocalServer {
    std::string feed = test::read(test::fixture("feeds/simplecast_style.xml"));

    LocalServer() {
        http.server.Get("/feed", [this](const httplib::Request& req, httplib::Response& res) {
            if (req.get_header_value("If-None-Match") == "\"v1\"") {
                res.status = 304;
                return;
            }
            res.set_header("ETag", "\"v1\"");
            res.set_content(feed, "application/rss+xml");
        });
        http.server.Get("/feed-v2", [this](const httplib::Request&, httplib::Response& res) {
            std::string v2 = test::replace_first(feed, "<title>Higher order operators</title>",
                                                 "<title>Higher-order operators</title>");
            auto cut = v2.find("<item>");  // the newest item disappears
            v2.erase(cut, v2.find("</item>", cut) + 7 - cut);
            res.set_content(v2, "application/rss+xml");
        });
        http.server.Get("/listing-v2", [](const httplib::Request&, httplib::Response& res) {
            res.set_content(listing({"Compiler collectives", "Higher order operators"}), "application/json");
        });
        http.server.Get("/listing-v3", [](const httplib::Request&, httplib::Response& res) {
            res.set_content(listing({"Compiler collectives", "Higher order operators", "Tensor subclasses"}),
                            "application/json");
        });
        http.server.Get("/error", [](const httplib::Request&, httplib::Response& res) { res.status = 500; });
        http.server.Get("/slow", [this](const httplib::Request&, httplib::Response& res) {
            std::this_thread::sleep_for(std::chrono::milliseconds(2500));
            res.set_content(feed, "application/rss+xml");
        });
        http.server.Get("/truncated", [this](const httplib::Request&, httplib::Response& res) {
            res.set_content_provider(feed.size() + 5000, "application/rss+xml",
                                     [this](size_t offset, size_t, httplib::DataSink& sink) {
                                         if (offset > 0) return false;  // hang up after the first part
                                         sink.write(feed.data(), 100);
                                         return true;
                                     });
        });
        http.server.Get("/cut-feed", [this](const httplib::Request&, httplib::Response& res) {
            // Sent whole (its length as announced), but the file stops inside an item.
            res.set_content(feed.substr(0, feed.find("</item>") - 20), "application/rss+xml");
        });
        http.server.Get("/html", [](const httplib::Request&, httplib::Response& res) {
            res.set_content("<!DOCTYPE html><html><body>Moved!</body></html>", "text/html");
        });
        http.server.Get("/loop", [](const httplib::Request&, httplib::Response& res) { res.set_redirect("/loop"); });
        http.server.Get("/art.png", [](const httplib::Request&, httplib::Response& res) {
            res.set_content(test::png_image(64, 64), "image/png");
        });
        http.server.Get("/fake.png", [](const httplib::Request&, httplib::Response& res) {
            res.set_content(std::string("\x89PNG\r\n\x1A\n", 8) + "<html><body>Sign in</body></html>", "image/png");
        });
        http.server.Get("/art.jpg", [](const httplib::Request&, httplib::Response& res) {
            res.set_content(test::jpeg_image(64, 64), "image/jpeg");
        });
        http.server.Get("/big", [](const httplib::Request&, httplib::Response& res) {
            res.set_content(std::string(300000, 'x'), "text/plain");
        });
        http.start();
    }
    std::string url(const std::string& path) const { return http.url(path); }
    test::LoopbackServer http;  // last: stopped first, before what it serves is gone
};

config::SourceConfig source(const std::filesystem::path& file, const std::string& url) {
    return {"feed", file, "content/sources/feed.xml", core::SourceKind::unknown, url, 1};
}

}  // namespace

TEST_CASE("fetch: 200 replaces the snapshot, 304 keeps it, changes are counted") {
    LocalServer http;
    test::TempDir dir;
    auto file = dir.path() / "feed.xml";
    test::write(file, test::read(test::fixture("feeds/simplecast_style.xml")));
    fetch::FetchOptions options{5, 1 << 20};

    // The same bytes as the snapshot: no file changes but the validators, remembered once.
    auto first = fetch::fetch_source(source(file, http.url("/feed")), options);
    CHECK(first.kind == fetch::FetchOutcome::Kind::not_modified);
    CHECK(first.message.find("unchanged") != std::string::npos);
    CHECK(std::filesystem::exists(dir.path() / ".feed.xml.fetch.json"));
    auto second = fetch::fetch_source(source(file, http.url("/feed")), options);  // sends If-None-Match
    CHECK(second.kind == fetch::FetchOutcome::Kind::not_modified);

    auto third = fetch::fetch_source(source(file, http.url("/feed-v2")), options);
    CHECK(third.kind == fetch::FetchOutcome::Kind::updated);
    CHECK(third.removed == 1);
    CHECK(third.changed == 1);
    CHECK(test::read(file).find("Higher-order operators") != std::string::npos);
    // No temporary file is left beside the snapshot.
    for (const auto& entry : std::filesystem::directory_iterator(dir.path())) CHECK(entry.path().extension() != ".tmp");
    // The item the host dropped is kept beside the snapshot, as the host last wrote it.
    CHECK(third.kept == 1);
    CHECK(third.notice.empty());  // (kept: nothing lost)
    CHECK(third.message.find("feed.kept.xml keeps 1 item the host no longer lists (1 added now)") != std::string::npos);
    const std::string kept = test::read(dir.path() / "feed.kept.xml");
    CHECK(kept.find("8f2a1c8e-0001-4b7e-9d3a-000000000003") != std::string::npos);
    CHECK(kept.find("8f2a1c8e-0001-4b7e-9d3a-000000000002") == std::string::npos);
}

TEST_CASE("fetch: a link planted beside the snapshot is never written through, and two runs never share a file") {
    LocalServer http;
    test::TempDir dir, elsewhere;
    const auto file = dir.path() / "feed.xml";
    test::write(file, test::read(test::fixture("feeds/simplecast_style.xml")));
    const auto victim = elsewhere.path() / "profile";
    test::write(victim, "export PATH=/usr/bin\n");
    // The names earlier versions wrote through, and a guess at this process's first temporary name.
    for (const std::string& name :
         std::vector<std::string>{"feed.xml.new", ".feed.xml.fetch.json.new", "feed.kept.xml.new",
                                  ".feed.xml." + std::to_string(::getpid()) + "-0.tmp"})
        std::filesystem::create_symlink(victim, dir.path() / name);
    const fetch::FetchOptions options{2, 200000};
    auto outcome = fetch::fetch_source(source(file, http.url("/feed-v2")), options);
    CHECK(outcome.kind == fetch::FetchOutcome::Kind::updated);
    CHECK(test::read(victim) == "export PATH=/usr/bin\n");
    CHECK(test::read(file).find("Higher-order operators") != std::string::npos);
    CHECK(std::filesystem::is_symlink(dir.path() / "feed.xml.new"));  // left as it was: not ours

    // Runs at once: each writes files of its own name, and each succeeds.
    std::vector<std::thread> runs;
    std::atomic<int> updated{0};
    for (int i = 0; i < 4; ++i)
        runs.emplace_back([&, i] {
            if (fetch::fetch_source(source(file, http.url(i % 2 ? "/feed" : "/feed-v2")), options).kind !=
                fetch::FetchOutcome::Kind::failed)
                ++updated;
        });
    for (auto& run : runs) run.join();
    CHECK(updated == 4);
    CHECK(test::read(victim) == "export PATH=/usr/bin\n");
}

TEST_CASE("fetch: a directory page's dropped episodes are kept beside it, and leave when it lists them again") {
    // A page lists a show's newest episodes; one only it listed would leave the archive with it.
    LocalServer http;
    test::TempDir dir;
    const auto file = dir.path() / "listing.json";
    const auto kept_file = dir.path() / "listing.kept.json";
    test::write(file, listing({"Compiler collectives", "Higher order operators", "Tensor subclasses"}));
    config::SourceConfig page{
        "Directory", file, "content/sources/listing.json", core::SourceKind::unknown, http.url("/listing-v2"), 1};
    const auto outcome = fetch::fetch_source(page, {5, 1 << 20});
    CHECK(outcome.kind == fetch::FetchOutcome::Kind::updated);
    CHECK(outcome.removed == 1);
    CHECK(outcome.kept == 1);
    CHECK(outcome.notice.empty());
    CHECK(outcome.message.find("1 no longer listed by the page; listing.kept.json keeps 1 episode the page no longer "
                               "lists (1 added now)") != std::string::npos);
    // The build reads it with the page, located in its own file.
    const sources::SourceBatch read = sources::read_source(page);
    CHECK(read.diagnostics.empty());
    REQUIRE(read.records.size() == 3);
    CHECK(read.records[2].title == "Tensor subclasses");
    CHECK(read.records[2].date == dates::parse_iso8601("2024-03-01"));
    CHECK(read.records[2].from.file == "content/sources/listing.kept.json");
    // Fetched again, the page the same: nothing changes.
    const std::string kept = test::read(kept_file);
    CHECK(fetch::fetch_source(page, {5, 1 << 20}).kind == fetch::FetchOutcome::Kind::not_modified);
    CHECK(test::read(kept_file) == kept);
    // The page lists it again: its copy stands, and nothing is left to keep.
    page.url = http.url("/listing-v3");
    const auto back = fetch::fetch_source(page, {5, 1 << 20});
    CHECK(back.message.find("listing.kept.json keeps 0 episodes the page no longer lists (0 added now, 1 listed again "
                            "by the page)") != std::string::npos);
    CHECK_FALSE(std::filesystem::exists(kept_file));
    // A kept file that is not a list of records is left as it is, and what it cannot keep said.
    test::write(kept_file, "edited by hand, not JSON");
    page.url = http.url("/listing-v2");
    const auto unkept = fetch::fetch_source(page, {5, 1 << 20});
    CHECK(unkept.kind == fetch::FetchOutcome::Kind::updated);
    CHECK(unkept.notice.find("1 episode the page no longer lists could not be kept in listing.kept.json (it is not a "
                             "JSON list of episode records; it is left as it is)") != std::string::npos);
    CHECK(test::read(kept_file) == "edited by hand, not JSON");
}

TEST_CASE("fetch then build, day by day: a page that drops, retitles and lists again loses no episode, repeats none") {
    // A directory's page of the newest episodes, the site's only source, refreshed each day as
    // the publish workflow does, and built into the same folder. A retitled episode's page stays
    // where it was published: with audio by its item in feed.xml, without by the site's list of
    // its pages (episodes.json).
    bool with_audio = true;
    SUBCASE("with their audio") {
        with_audio = true;
    }
    SUBCASE("without audio") {
        with_audio = false;
    }
    struct Entry {
        std::string title, date, description;
    };
    std::vector<Entry> show;
    for (int n = 1; n <= 8; ++n)
        show.push_back({"Episode " + std::to_string(n) + ": compilers, part " + std::to_string(n),
                        "2024-0" + std::to_string(n) + "-01",
                        "Part " + std::to_string(n) +
                            " of a series on how the compiler traces, lowers and "
                            "schedules a program."});
    std::string served;
    test::LoopbackServer http;
    http.server.Get(
        "/page", [&](const httplib::Request&, httplib::Response& res) { res.set_content(served, "application/json"); });
    http.start();
    auto page = [&](const std::vector<int>& listed, const std::string& retitled = "") {
        std::string json = "[";
        for (int n : listed) {
            const Entry& e = show[static_cast<std::size_t>(n - 1)];
            json +=
                std::string(json.size() > 1 ? ",\n" : "\n") + "{\"title\": \"" +
                (n == 2 && !retitled.empty() ? retitled : e.title) + "\", \"date\": \"" + e.date +
                "\", \"description\": \"" + e.description + "\"" +
                (with_audio ? ", \"enclosure_url\": \"https://cdn.example/cw/" + std::to_string(n) + ".mp3\"" : "") +
                "}";
        }
        return json + "\n]\n";
    };
    test::TempDir dir;
    test::write(dir.path() / "site.yaml",
                "title: Compiler Weekly\nbase_url: https://example.org/cw/\nsources:\n"
                "  - name: Directory\n    path: page.json\n    url: " +
                    http.url("/page") + "\n");
    test::write(dir.path() / "page.json", page({8, 7, 6, 5, 4, 3, 2, 1}));
    test::build_into(dir.path(), dir.path() / "public");
    const auto pages_of = [&] {
        std::set<std::string> slugs;
        for (const auto& entry : std::filesystem::directory_iterator(dir.path() / "public/episodes"))
            slugs.insert(entry.path().filename().string());
        return slugs;
    };
    const std::set<std::string> all = pages_of();
    REQUIRE(all.size() == 8);
    struct Day {
        std::string served, counted, said;
        std::size_t kept;
    };
    // (fetch counts episodes as the merge tells them: an episode retitled is one changed, and one
    // the page lists again no new one.)
    const std::vector<Day> days = {
        {page({8, 7, 6, 5, 4}), "0 new, 0 changed episodes, 3 no longer listed by the page",
         "keeps 3 episodes the page no longer lists (3 added now)", 3},
        {page({8, 7, 6, 5, 4, 2}, "Episode 2: compilers, part two"), "0 new, 0 changed episodes;",
         "keeps 2 episodes the page no longer lists (0 added now, 1 listed again by the page)", 2},
        {page({8, 7}), "0 new, 0 changed episodes, 4 no longer listed by the page",
         "keeps 6 episodes the page no longer lists (4 added now)", 6},
        {page({8, 7, 6, 5, 4, 3, 2, 1}), "0 new, 0 changed episodes;",
         "keeps 0 episodes the page no longer lists (0 added now, 6 listed again", 0},
        {page({8, 7, 6, 5, 4, 3, 2, 1}, "Episode 2: compilers, part two"), "0 new, 1 changed episodes", "", 0},
    };
    const config::SiteConfig config = config::load_config(dir.path() / "site.yaml");
    for (std::size_t d = 0; d < days.size(); ++d) {
        CAPTURE(d);
        served = days[d].served;
        const auto fetched = fetch::fetch_source(config.sources.at(0), {5, 1 << 20});
        CHECK(fetched.message.find("): " + days[d].counted) != std::string::npos);
        CHECK(fetched.message.find(days[d].said) != std::string::npos);
        CHECK(fetched.kept == static_cast<int>(days[d].kept));
        const auto built = test::build_into(dir.path(), dir.path() / "public");
        CHECK(pages_of() == all);  // (not one gone, not one twice)
        CHECK_FALSE(test::contains(test::warnings_of(built.report), "gone"));
    }
    CHECK_FALSE(std::filesystem::exists(dir.path() / "page.kept.json"));
}

TEST_CASE("fetch: a link planted where the kept items or records go is not read through, nor written through") {
    LocalServer http;
    test::TempDir dir, elsewhere;
    const auto secret = elsewhere.path() / "secret.json";
    test::write(secret, R"([{"title": "A secret outside the project"}])");
    const auto feed = dir.path() / "feed.xml", page = dir.path() / "listing.json";
    test::write(feed, test::read(test::fixture("feeds/simplecast_style.xml")));
    test::write(page, listing({"Compiler collectives", "Higher order operators", "Tensor subclasses"}));
    std::filesystem::create_symlink(secret, dir.path() / "feed.kept.xml");
    std::filesystem::create_symlink(secret, dir.path() / "listing.kept.json");
    const std::string page_before = test::read(page);
    const auto from_feed = fetch::fetch_source(source(feed, http.url("/feed-v2")), {5, 1 << 20});
    const auto from_page = fetch::fetch_source(
        {"Directory", page, "content/sources/listing.json", core::SourceKind::unknown, http.url("/listing-v2"), 1},
        {5, 1 << 20});
    for (const auto* outcome : {&from_feed, &from_page}) {
        CHECK(outcome->kind == fetch::FetchOutcome::Kind::failed);
        CHECK(outcome->message.find("symbolic link") != std::string::npos);
    }
    CHECK(test::read(page) == page_before);  // (the snapshot stays: nothing it dropped is lost)
    CHECK(test::read(secret) == R"([{"title": "A secret outside the project"}])");
    CHECK(std::filesystem::is_symlink(dir.path() / "listing.kept.json"));
}

TEST_CASE("fetch: a kept file that is not a feed is left alone, and the items it cannot keep are said") {
    LocalServer http;
    test::TempDir dir;
    auto file = dir.path() / "feed.xml";
    test::write(file, test::read(test::fixture("feeds/simplecast_style.xml")));
    test::write(dir.path() / "feed.kept.xml", "edited by hand, not XML");
    auto outcome = fetch::fetch_source(source(file, http.url("/feed-v2")), {5, 1 << 20});
    CHECK(outcome.kind == fetch::FetchOutcome::Kind::updated);
    CHECK(outcome.notice.find("1 item the host no longer lists could not be kept in feed.kept.xml (it is not a feed of "
                              "the same kind; it is left as it is)") != std::string::npos);
    CHECK(test::read(dir.path() / "feed.kept.xml") == "edited by hand, not XML");
}

TEST_CASE("fetch: a feed that moves is read where it went, with a notice, until site.yaml says so") {
    test::LoopbackServer http;
    const std::string feed = test::read(test::fixture("feeds/simplecast_style.xml"));
    std::atomic<int> old_requests{0}, new_requests{0};
    http.server.Get("/old", [&](const httplib::Request&, httplib::Response& res) {
        ++old_requests;
        res.status = 301;
        res.set_header("Location", "/new");
    });
    http.server.Get("/temporary",
                    [](const httplib::Request&, httplib::Response& res) { res.set_redirect("/new", 302); });
    http.server.Get("/new", [&](const httplib::Request&, httplib::Response& res) {
        ++new_requests;
        res.set_content(feed, "application/rss+xml");
    });
    http.server.Get("/announcing", [&](const httplib::Request&, httplib::Response& res) {
        res.set_content(
            test::replace_first(feed, "<language>",
                                "<itunes:new-feed-url>" + http.url("/new") + "</itunes:new-feed-url><language>"),
            "application/rss+xml");
    });
    http.start();
    test::TempDir dir;
    auto file = dir.path() / "feed.xml";
    fetch::FetchOptions options{5, 1 << 20};

    // A permanent redirect: read at its end, and from there from now on.
    auto moved = fetch::fetch_source(source(file, http.url("/old")), options);
    CHECK(moved.kind == fetch::FetchOutcome::Kind::updated);
    CHECK(moved.notice.find("the feed moved to " + http.url("/new") + " (a permanent redirect (HTTP 301/308))") !=
          std::string::npos);
    CHECK(moved.notice.find("set `url: " + http.url("/new") + "`") != std::string::npos);
    CHECK(moved.message.find("nothing was saved") == std::string::npos);
    const int before = old_requests;
    auto again = fetch::fetch_source(source(file, http.url("/old")), options);
    CHECK(again.kind == fetch::FetchOutcome::Kind::not_modified);
    CHECK(old_requests == before);      // the old address is not asked again
    CHECK_FALSE(again.notice.empty());  // and the notice stands until site.yaml follows
    // site.yaml names another address: what was remembered of the old one is forgotten.
    std::filesystem::remove(file);
    auto temporary = fetch::fetch_source(source(file, http.url("/temporary")), options);
    CHECK(temporary.kind == fetch::FetchOutcome::Kind::updated);
    CHECK(temporary.notice.empty());  // a 302 is no move
    CHECK(temporary.added == 3);      // (no snapshot before: every episode is new)

    // itunes:new-feed-url: the next fetch reads the new address.
    test::TempDir other;
    auto announced_file = other.path() / "feed.xml";
    auto announced = fetch::fetch_source(source(announced_file, http.url("/announcing")), options);
    CHECK(announced.kind == fetch::FetchOutcome::Kind::updated);
    CHECK(announced.notice.find("the feed moved to " + http.url("/new") + " (its itunes:new-feed-url)") !=
          std::string::npos);
    const int asked = new_requests;
    fetch::fetch_source(source(announced_file, http.url("/announcing")), options);
    CHECK(new_requests == asked + 1);
}

TEST_CASE("fetch: a failed first download says nothing was saved") {
    LocalServer http;
    test::TempDir dir;
    auto outcome = fetch::fetch_source(source(dir.path() / "feed.xml", http.url("/error")), {2, 1 << 20});
    CHECK(outcome.kind == fetch::FetchOutcome::Kind::failed);
    CHECK(outcome.message == "the server answered HTTP 500; nothing was saved (there is no previous snapshot)");
    CHECK_FALSE(std::filesystem::exists(dir.path() / "feed.xml"));
}

TEST_CASE("fetch: every failure keeps the previous snapshot and says why") {
    LocalServer http;
    test::TempDir dir;
    auto file = dir.path() / "feed.xml";
    const std::string before = test::read(test::fixture("feeds/simplecast_style.xml"));
    test::write(file, before);
    fetch::FetchOptions options{1, 200000};
    struct Row {
        const char* path;
        const char* why;
    };
    const Row rows[] = {
        {"/error", "the server answered HTTP 500"},
        {"/slow", "no complete answer within 1 s"},
        {"/truncated", "cut short"},
        {"/cut-feed", "the answer is cut short: it ends inside an element"},
        {"/html", "not a rss source"},
        {"/loop", "more than 5 redirects"},
        {"/big", "larger than the limit of 200000 bytes"},
        {"/missing", "HTTP 404"},
    };
    for (const auto& row : rows) {
        CAPTURE(std::string(row.path));
        auto outcome = fetch::fetch_source(source(file, http.url(row.path)), options);
        CHECK(outcome.kind == fetch::FetchOutcome::Kind::failed);
        CHECK(outcome.message.find(row.why) != std::string::npos);
        CHECK(outcome.message.find("previous snapshot is kept") != std::string::npos);
        CHECK(test::read(file) == before);
    }
    auto refused = fetch::fetch_source(source(file, "file:///etc/passwd"), options);  // only http(s)
    CHECK(refused.kind == fetch::FetchOutcome::Kind::failed);
    CHECK(test::read(file) == before);
}

TEST_CASE("fetch: the show's artwork is kept beside the sources; a failed or wrong download keeps the copy") {
    LocalServer http;
    test::TempDir dir;
    config::SiteConfig config;
    config.root = dir.path();
    fetch::FetchOptions options{2, 200000};
    // No image in site.yaml and no feed: nothing to fetch, and that is no failure.
    CHECK(fetch::fetch_artwork(config, options).kind == fetch::FetchOutcome::Kind::not_modified);
    // The feed's <itunes:image> when site.yaml names none.
    auto feed = dir.path() / "content/sources/feed.xml";
    test::write(feed, test::read(test::fixture("feeds/simplecast_style.xml")));
    config.sources.push_back(source(feed, ""));
    CHECK(fetch::artwork_url(config).starts_with("https://"));
    config.image = http.url("/art.png");
    auto png = fetch::fetch_artwork(config, options);
    CHECK(png.kind == fetch::FetchOutcome::Kind::updated);
    CHECK(test::read(config.artwork_path("png")).starts_with("\x89PNG"));
    const std::string before = test::read(config.artwork_path("png"));
    for (const char* path : {"/html", "/error", "/big", "/missing"}) {
        CAPTURE(std::string(path));
        config.image = http.url(path);
        auto outcome = fetch::fetch_artwork(config, options);
        CHECK(outcome.kind == fetch::FetchOutcome::Kind::failed);
        CHECK(outcome.message.find("the previous copy is kept") != std::string::npos);
        CHECK(test::read(config.artwork_path("png")) == before);
    }
    config.image = http.url("/html");
    CHECK(fetch::fetch_artwork(config, options).message.find("not a JPEG, PNG or WebP image") != std::string::npos);
    // A PNG's signature is not a PNG: the image is decoded.
    config.image = http.url("/fake.png");
    CHECK(fetch::fetch_artwork(config, options).message.find("the answer is refused: it is not a whole PNG image") !=
          std::string::npos);
    CHECK(test::read(config.artwork_path("png")) == before);
    // A new image of another type replaces the old one: one copy, whatever its type.
    config.image = http.url("/art.jpg");
    CHECK(fetch::fetch_artwork(config, options).kind == fetch::FetchOutcome::Kind::updated);
    CHECK(std::filesystem::exists(config.artwork_path("jpg")));
    CHECK_FALSE(std::filesystem::exists(config.artwork_path("png")));
}

TEST_CASE(
    "fetch: the chapters and transcripts a feed links to are downloaded once, each checked; a failure keeps what was "
    "there") {
    test::LoopbackServer http;
    const std::string vtt = "WEBVTT\n\n00:00.000 --> 00:04.000\n<v Ann>Hello from a transcript.\n";
    http.server.Get("/t.vtt",
                    [&](const httplib::Request&, httplib::Response& res) { res.set_content(vtt, "text/vtt"); });
    http.server.Get("/c.json", [](const httplib::Request&, httplib::Response& res) {
        res.set_content(R"({"version":"1.2.0","chapters":[{"startTime":0,"title":"Intro"}]})", "application/json");
    });
    http.server.Get("/not-chapters.json", [](const httplib::Request&, httplib::Response& res) {
        res.set_content("<html>login</html>", "text/html");
    });
    http.server.Get("/gone.srt", [](const httplib::Request&, httplib::Response& res) { res.status = 404; });
    std::atomic<int> served{0};  // requests answered (counted before the answer: the client has it after)
    http.server.set_pre_routing_handler([&](const httplib::Request&, httplib::Response&) {
        ++served;
        return httplib::Server::HandlerResponse::Unhandled;
    });
    http.start();

    test::TempDir dir;
    config::SiteConfig config;
    config.root = dir.path();
    const auto feed = dir.path() / "content/sources/feed.xml";
    auto item = [&](const std::string& guid, const std::string& links) {
        return "<item><title>" + guid + "</title><guid>" + guid + "</guid><enclosure url=\"https://x.example/" + guid +
               ".mp3\" length=\"1\" type=\"audio/mpeg\"/>" + links + "</item>";
    };
    test::write(
        feed,
        "<rss version=\"2.0\" xmlns:podcast=\"https://podcastindex.org/namespace/1.0\"><channel><title>T</title>" +
            item("a", "<podcast:transcript url=\"" + http.url("/t.vtt") +
                          "\" type=\"text/vtt\"/><podcast:chapters url=\"" + http.url("/c.json") +
                          "\" type=\"application/json+chapters\"/>") +
            item("b", "<podcast:transcript url=\"" + http.url("/gone.srt") +
                          "\" type=\"application/x-subrip\"/><podcast:chapters url=\"" +
                          http.url("/not-chapters.json") + "\" type=\"application/json+chapters\"/>") +
            "</channel></rss>");
    // (The feed's own host is trusted: these links lead back to it, on 127.0.0.1.)
    config.sources.push_back(source(feed, http.url("/feed.xml")));
    const fetch::FetchOptions options{2, 200000};

    auto first = fetch::fetch_attachments(config, options);
    CHECK(first.kind == fetch::FetchOutcome::Kind::failed);  // two of four failed
    CHECK(first.message.find("downloaded 2 of 4 files") != std::string::npos);
    const auto copy = [&](const std::string& path, const char* type) {
        return config.attachments_dir() / listening::attachment_name({http.url(path), type});
    };
    CHECK(test::read(copy("/t.vtt", "text/vtt")) == vtt);
    CHECK(std::filesystem::exists(copy("/c.json", "application/json+chapters")));
    CHECK_FALSE(
        std::filesystem::exists(copy("/not-chapters.json", "application/json+chapters")));  // not written: not chapters
    CHECK_FALSE(std::filesystem::exists(copy("/gone.srt", "application/x-subrip")));

    // What is there is not downloaded again; what failed is tried again, and fails again.
    served = 0;
    auto second = fetch::fetch_attachments(config, options);
    CHECK(served == 2);
    CHECK(second.message.find("downloaded 0 of 2 files") != std::string::npos);
    CHECK(test::read(copy("/t.vtt", "text/vtt")) == vtt);

    // A build reads the copies: the episode has its transcript and chapters.
    output::MemoryOutput out;
    test::write(dir.path() / "site.yaml",
                "title: T\nbase_url: https://x.example/s/\nsources:\n  - path: content/sources/feed.xml\n");
    pipeline::build_site(config::load_config(dir.path() / "site.yaml"), out);
    const std::string& page = test::file_in(out, "episodes/a/index.html");
    CHECK(page.find("Hello from a transcript.") != std::string::npos);
    CHECK(test::file_in(out, "episodes/a/chapters.json").find("Intro") != std::string::npos);
}

TEST_CASE("fetch: what a feed links to never reaches the local network, unless the site names the host") {
    test::LoopbackServer http;
    const std::string vtt = "WEBVTT\n\n00:00.000 --> 00:04.000\nThe admin password is hunter2.\n";
    std::atomic<int> served{0};
    http.server.Get("/secret.vtt", [&](const httplib::Request&, httplib::Response& res) {
        ++served;
        res.set_content(vtt, "text/vtt");
    });
    http.start();
    // "localhost" is 127.0.0.1 too, but not a host the site fetches its feed from.
    const std::string local = "http://localhost:" + std::to_string(http.port);
    test::TempDir dir;
    config::SiteConfig config;
    config.root = dir.path();
    const auto feed = dir.path() / "content/sources/feed.xml";
    auto with_links = [&](const std::vector<std::string>& urls) {
        std::string items;
        for (std::size_t i = 0; i < urls.size(); ++i)
            items += "<item><title>e" + std::to_string(i) + "</title><guid>e" + std::to_string(i) +
                     "</guid><podcast:transcript url=\"" + urls[i] + "\" type=\"text/vtt\"/></item>";
        test::write(
            feed,
            "<rss version=\"2.0\" xmlns:podcast=\"https://podcastindex.org/namespace/1.0\"><channel><title>T</title>" +
                items + "</channel></rss>");
    };
    config.sources.push_back(source(feed, "https://feeds.example.com/show.xml"));
    const fetch::FetchOptions options{2, 200000};
    // Loopback by name and by address, IPv6 loopback, a cloud's metadata endpoint, a private
    // address: each refused before a byte is sent, the URL and the feed named.
    for (const std::string& url :
         {local + "/secret.vtt", "http://127.0.0.1:" + std::to_string(http.port) + "/secret.vtt",
          "http://[::1]:" + std::to_string(http.port) + "/secret.vtt",
          std::string("http://169.254.169.254/latest/meta-data.vtt"), std::string("http://10.1.2.3/t.vtt"),
          std::string("http://[::ffff:127.0.0.1]:1/t.vtt")}) {
        CAPTURE(url);
        with_links({url});
        auto outcome = fetch::fetch_attachments(config, options);
        CHECK(outcome.kind == fetch::FetchOutcome::Kind::failed);
        CHECK(outcome.message.find("content/sources/feed.xml: " + url + ": ") != std::string::npos);
        CHECK(outcome.message.find(
                  "an address of the local network that a feed or a server's redirect named: not fetched") !=
              std::string::npos);
        CHECK(outcome.notice ==
              "not fetched, an address of the local network (list the host under site.yaml's `allowed_hosts` if it is "
              "yours): "
              "content/sources/feed.xml links to " +
                  url);
        CHECK(served == 0);
        CHECK(files::files_under(config.attachments_dir()).empty());
    }
    // A redirect from a trusted host to the local network is judged where it leads.
    http.server.Get("/hop",
                    [&](const httplib::Request&, httplib::Response& res) { res.set_redirect(local + "/secret.vtt"); });
    config.sources[0].url = http.url("/feed.xml");  // 127.0.0.1 is now the site's own host
    with_links({http.url("/hop")});
    auto redirected = fetch::fetch_attachments(config, options);
    CHECK(redirected.message.find("localhost is 127.0.0.1 (loopback)") != std::string::npos);
    CHECK(served == 0);
    // A host site.yaml allows is fetched.
    config.allowed_hosts = {"localhost"};
    auto allowed = fetch::fetch_attachments(config, options);
    CHECK(allowed.kind == fetch::FetchOutcome::Kind::updated);
    CHECK(served == 1);
}

TEST_CASE("fetch: addresses are judged by their range, IPv4 and IPv6") {
    auto kind4 = [](const char* text) {
        sockaddr_in a{};
        a.sin_family = AF_INET;
        REQUIRE(inet_pton(AF_INET, text, &a.sin_addr) == 1);
        return fetch::local_network_kind(reinterpret_cast<const sockaddr*>(&a));
    };
    auto kind6 = [](const char* text) {
        sockaddr_in6 a{};
        a.sin6_family = AF_INET6;
        REQUIRE(inet_pton(AF_INET6, text, &a.sin6_addr) == 1);
        return fetch::local_network_kind(reinterpret_cast<const sockaddr*>(&a));
    };
    CHECK(kind4("127.0.0.1") == "loopback");
    CHECK(kind4("127.255.0.9") == "loopback");
    CHECK(kind4("10.0.0.1") == "private");
    CHECK(kind4("172.16.0.1") == "private");
    CHECK(kind4("172.31.255.255") == "private");
    CHECK(kind4("172.32.0.1") == "");
    CHECK(kind4("192.168.1.1") == "private");
    CHECK(kind4("169.254.169.254") == "link-local");
    CHECK(kind4("100.64.0.1") == "shared (carrier-grade NAT)");
    CHECK(kind4("0.0.0.0") == "\"this network\"");
    CHECK(kind4("224.0.0.1") == "multicast");
    CHECK(kind4("255.255.255.255") == "reserved");
    CHECK(kind4("198.18.0.1") == "reserved");
    CHECK(kind4("8.8.8.8") == "");
    CHECK(kind4("151.101.1.1") == "");
    CHECK(kind6("::1") == "loopback");
    CHECK(kind6("::") == "unspecified");
    CHECK(kind6("::ffff:127.0.0.1") == "loopback");
    CHECK(kind6("::ffff:8.8.8.8") == "");
    CHECK(kind6("64:ff9b::a9fe:a9fe") == "link-local");
    CHECK(kind6("2002:c0a8:0101::1") == "private");
    CHECK(kind6("fe80::1") == "link-local");
    CHECK(kind6("fd00::1") == "private (unique local)");
    CHECK(kind6("ff02::1") == "multicast");
    CHECK(kind6("2001:db8::1") == "reserved (documentation)");
    CHECK(kind6("2606:4700::1111") == "");
}

TEST_CASE("fetch: a source's redirect, a remembered location and an announced move never reach the local network") {
    test::LoopbackServer http;
    const std::string feed = test::read(test::fixture("feeds/simplecast_style.xml"));
    std::atomic<int> secrets{0};
    // The service on this machine the redirects lead to ("localhost" is 127.0.0.1, but not the
    // host site.yaml names).
    http.server.Get("/secret", [&](const httplib::Request&, httplib::Response& res) {
        ++secrets;
        res.set_content(
            test::replace_first(feed, "<title>Higher order operators</title>", "<title>SECRET SERVICE</title>"),
            "application/rss+xml");
    });
    http.server.Get("/moved", [&](const httplib::Request&, httplib::Response& res) {
        res.status = 301;
        res.set_header("Location", "http://localhost:" + std::to_string(http.port) + "/secret");
    });
    http.server.Get("/feed", [&](const httplib::Request&, httplib::Response& res) {
        res.set_content(feed, "application/rss+xml");
    });
    http.server.Get("/announcing", [&](const httplib::Request&, httplib::Response& res) {
        res.set_content(test::replace_first(feed, "<language>",
                                            "<itunes:new-feed-url>http://localhost:" + std::to_string(http.port) +
                                                "/secret</itunes:new-feed-url><language>"),
                        "application/rss+xml");
    });
    // Two feeds that name each other as their new address.
    http.server.Get("/a", [&](const httplib::Request&, httplib::Response& res) {
        res.set_content(
            test::replace_first(feed, "<language>",
                                "<itunes:new-feed-url>" + http.url("/b") + "</itunes:new-feed-url><language>"),
            "application/rss+xml");
    });
    http.server.Get("/b", [&](const httplib::Request&, httplib::Response& res) {
        res.set_content(
            test::replace_first(feed, "<language>",
                                "<itunes:new-feed-url>" + http.url("/a") + "</itunes:new-feed-url><language>"),
            "application/rss+xml");
    });
    http.start();
    fetch::FetchOptions options{5, 1 << 20};
    const std::string secret = "http://localhost:" + std::to_string(http.port) + "/secret";

    // site.yaml's host answers 301 to a service on this machine: refused, nothing saved or remembered.
    test::TempDir dir;
    const auto file = dir.path() / "feed.xml";
    auto redirected = fetch::fetch_source(source(file, http.url("/moved")), options);
    CHECK(redirected.kind == fetch::FetchOutcome::Kind::failed);
    CHECK(redirected.message.find("localhost is 127.0.0.1 (loopback)") != std::string::npos);
    CHECK(secrets == 0);
    CHECK_FALSE(std::filesystem::exists(file));
    CHECK_FALSE(std::filesystem::exists(fetch::state_path(file)));

    // A state file that came with a clone names a location on this machine: forgotten, and the
    // feed read at site.yaml's address.
    test::write(fetch::state_path(file), "{\"url\": \"" + http.url("/feed") + "\", \"location\": \"" + secret +
                                             "\", \"moved_by\": \"a permanent redirect (HTTP 301/308)\"}");
    auto planted = fetch::fetch_source(source(file, http.url("/feed")), options);
    CHECK(planted.kind == fetch::FetchOutcome::Kind::updated);
    CHECK(secrets == 0);
    CHECK(
        planted.notice.find(
            "is an address of the local network: it is forgotten, and the feed is read at site.yaml's address again") !=
        std::string::npos);
    CHECK(test::read(file).find("SECRET") == std::string::npos);
    CHECK(test::read(fetch::state_path(file)).find("location") == std::string::npos);

    // An itunes:new-feed-url to this machine is not followed, not remembered, and never advised.
    test::TempDir other;
    const auto announced_file = other.path() / "feed.xml";
    for (int run = 0; run < 2; ++run) {
        auto announced = fetch::fetch_source(source(announced_file, http.url("/announcing")), options);
        CHECK(announced.kind != fetch::FetchOutcome::Kind::failed);
        CHECK(announced.notice.find("(loopback), an address of the local network: not followed") != std::string::npos);
        CHECK(announced.notice.find("set `url:") == std::string::npos);
        CHECK(test::read(fetch::state_path(announced_file)).find("location") == std::string::npos);
    }
    CHECK(secrets == 0);

    // Two feeds naming each other: the address settles instead of alternating run by run.
    test::TempDir pair;
    const auto pair_file = pair.path() / "feed.xml";
    std::vector<std::string> read_at;
    for (int run = 0; run < 4; ++run) {
        fetch::fetch_source(source(pair_file, http.url("/a")), options);
        read_at.push_back(fetch::read_state(fetch::state_path(pair_file), http.url("/a")).address());
    }
    CHECK(read_at == std::vector<std::string>(4, http.url("/b")));
}

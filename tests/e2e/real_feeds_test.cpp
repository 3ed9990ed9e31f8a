// A new user's first build: a bare site.yaml (title, base_url, the feed) and no theme folder,
// on feeds written in the style of real hosts (tests/fixtures/hosts/). Every input item with
// audio reaches feed.xml with the guid, audio URL, title and date the input gave it; the flaws
// the host's feed already had are located warnings that name the fix, not a failed build.
#include <doctest/doctest.h>

#include <nlohmann/json.hpp>
#include <pugixml.hpp>

#include "config/site_config.hpp"
#include "core/diagnostic.hpp"
#include "output/output.hpp"
#include "pipeline/build_site.hpp"
#include "render/site_check.hpp"
#include "support.hpp"

namespace fs = std::filesystem;

namespace {

// A folder holding only site.yaml, naming the fixture feed `name` (and its address, if given).
struct BareSite {
    test::TempDir dir;
    BareSite(const std::string& name, const std::string& url = "") {
        std::string yaml = "title: Bare\nbase_url: https://example.org/show/\nsources:\n  - name: feed\n    path: " +
                           test::fixture("hosts/" + name).string() + "\n";
        if (!url.empty()) yaml += "    url: " + url + "\n";
        test::write(dir.path() / "site.yaml", yaml);
    }
    config::SiteConfig config() const { return config::load_config(dir.path() / "site.yaml"); }
};

struct Item {
    std::string guid, audio, title, date;
    bool has_guid = false, has_link = false;
};

std::vector<Item> items_of(const std::string& feed_xml) {
    pugi::xml_document doc;
    REQUIRE(doc.load_buffer(feed_xml.data(), feed_xml.size()));
    std::vector<Item> out;
    for (auto item : doc.child("rss").child("channel").children("item"))
        out.push_back({item.child_value("guid"), item.child("enclosure").attribute("url").value(),
                       item.child_value("title"), item.child_value("pubDate"), bool(item.child("guid")),
                       bool(item.child("link"))});
    return out;
}

std::string warnings_text(const pipeline::BuildReport& report) {
    std::string all;
    for (const auto& w : report.warnings) all += core::format(w) + "\n";
    return all;
}

}  // namespace

TEST_CASE("real feeds: a Libsyn-era feed builds from a bare site.yaml and keeps all four items") {
    BareSite site("libsyn_2011.xml");
    output::MemoryOutput out;
    pipeline::BuildReport report;
    CHECK(test::input_errors([&] { report = pipeline::build_site(site.config(), out); }) == "");
    const std::string feed = test::fixture("hosts/libsyn_2011.xml").string();
    auto items = items_of(*out.find("feed.xml"));
    REQUIRE(items.size() == 4);
    // The re-post (same audio, new guid) keeps its own item beside the episode it repeats.
    CHECK(items[0].guid == "garage-radio-4-repost");
    CHECK(items[1].guid == "garage-radio-3");
    CHECK(items[0].audio == items[1].audio);
    CHECK(items[1].audio ==
          "https://www.podtrac.com/pts/redirect.mp3?http://traffic.libsyn.example.com/garage/ep3.mp3");
    CHECK(items[1].title ==
          "Episode 3: Carburetors \xE2\x80\x9C"
          "done right\xE2\x80\x9D");                            // Latin-1 declared, read as Windows-1252
    CHECK(items[1].date == "Tue, 15 Feb 2011 01:30:00 +0000");  // "Tue 15 Feb 2011 01:30:00 GMT": no comma
    // Undated (its date unreadable): after every dated item, as on the site's pages.
    CHECK(items[3].guid == "garage-radio-2");
    CHECK(items[3].date == "sometime in February");  // unreadable: kept as the input wrote it
    CHECK(items[2].audio == "http://traffic.libsyn.example.com/garage/episode%201.mp3");
    // The feed's flaws are warnings located in it, each naming what fixes it.
    std::string warnings = warnings_text(report);
    CHECK(warnings.find(feed + ":14: warning: the feed's category 'Technology > Podcasting' was retired by Apple in "
                               "2019; written as 'Technology'") != std::string::npos);
    CHECK(warnings.find(feed + ":7: warning: [apple-artwork] channel:") != std::string::npos);
    CHECK(warnings.find("set `image:` in site.yaml") != std::string::npos);
    CHECK(warnings.find(feed + ":34: warning: cannot read pubDate 'sometime in February'") != std::string::npos);
    CHECK(out.find("feed.xml")->find("<itunes:category text=\"Technology\" />") != std::string::npos);
    // Relative links in the show notes lead to the host's pages, resolved against the item's link.
    const std::string page = *out.find("episodes/episode-3-carburetors-done-right/index.html");
    CHECK(page.find("<a href=\"http://garageradio.example.com/episodes/2/\" rel=\"nofollow noopener\">last week</a>") !=
          std::string::npos);
    CHECK(page.find("<a href=\"http://garageradio.example.com/episodes/about\"") != std::string::npos);
    CHECK(page.find("<a href=\"http://garageradio.example.com/episodes/3/parts.html\"") != std::string::npos);
    // And the site passes the checks `podarchive check` runs before a deploy.
    CHECK(render::check_site(out, "https://example.org/show/").empty());
}

TEST_CASE("real feeds: relative, protocol-relative and duplicate identities of a WordPress feed") {
    for (const std::string url : {"https://kitchen.example.org/feed/mp3/", ""}) {  // without `url:`, its self link
        CAPTURE(url);
        BareSite site("wordpress_podlove.xml", url);
        output::MemoryOutput out;
        pipeline::BuildReport report;
        CHECK(test::input_errors([&] { report = pipeline::build_site(site.config(), out); }) == "");
        const std::string xml = *out.find("feed.xml");
        auto items = items_of(xml);
        REQUIRE(items.size() == 4);
        CHECK(items[0].audio == "https://kitchen.example.org/podlove/file/4/s/feed/c/mp3/kts004.mp3");
        CHECK(items[1].audio == "https://media.kitchen.example.org/kts003.mp3");  // protocol-relative: https
        CHECK(items[2].audio == "https://kitchen.example.org/feed/mp3/kts002.mp3");
        // The host gave two items one guid: both are published, as subscribers have them.
        CHECK(items[0].guid == "kitchen-shared-guid");
        CHECK(items[1].guid == "kitchen-shared-guid");
        // An empty guid stays empty, a missing one missing, with its link: apps know them as before.
        CHECK((items[2].has_guid && items[2].guid.empty()));
        CHECK_FALSE(items[3].has_guid);
        CHECK_FALSE(items[3].has_link);
        // A zone no place has: the date is unreadable and kept as written, never put on a page.
        CHECK(items[3].date == "Sat, 13 Apr 2024 10:00:00 -3000");
        for (const auto& [path, content] : out.files()) CHECK(content->find("-40:00") == std::string::npos);
        // A modeled element no note replaces is kept as the input had it.
        CHECK(xml.find("<podcast:transcript url=\"https://kitchen.example.org/kts004/transcript.vtt\" "
                       "type=\"text/vtt\" language=\"de\" />") != std::string::npos);
        CHECK(xml.find("<podcast:guid>y0ur-gu1d-g035-h3r3</podcast:guid>") != std::string::npos);
        std::string warnings = warnings_text(report);
        CHECK(warnings.find(
                  "[p20-guid] channel: <podcast:guid> must be a lowercase UUID; set `podcast_guid:` in site.yaml") !=
              std::string::npos);
        CHECK(warnings.find("[apple-category] channel: <itunes:category> is missing; set `category:` in site.yaml") !=
              std::string::npos);
        CHECK(warnings.find(test::fixture("hosts/wordpress_podlove.xml").string() +
                            ":25: warning: [rss-guid-unique] item 2 'KTS003 Vinegar'") != std::string::npos);
        const std::string page = *out.find("episodes/kts004-yeast/index.html");
        CHECK(page.find(
                  "<a href=\"https://kitchen.example.org/kts003/\" rel=\"nofollow noopener\">the last episode</a>") !=
              std::string::npos);
        CHECK(page.find("<a href=\"https://kitchen.example.org/kts004/glossary/\"") != std::string::npos);
        CHECK(render::check_site(out, "https://example.org/show/").empty());
    }
}

TEST_CASE("real feeds: site.yaml's values replace the feed's, and a bad one is an error in site.yaml") {
    BareSite site("wordpress_podlove.xml");
    std::string yaml = test::read(site.dir.path() / "site.yaml");
    test::write(
        site.dir.path() / "site.yaml",
        yaml +
            "category: Science\nemail: lab@kitchen.example.org\npodcast_guid: 5d3c3f4e-4a2b-5c1d-9e8f-0a1b2c3d4e5f\n");
    output::MemoryOutput out;
    pipeline::BuildReport report;
    REQUIRE(test::input_errors([&] { report = pipeline::build_site(site.config(), out); }) == "");
    const std::string xml = *out.find("feed.xml");
    CHECK(xml.find("<podcast:guid>5d3c3f4e-4a2b-5c1d-9e8f-0a1b2c3d4e5f</podcast:guid>") != std::string::npos);
    CHECK(xml.find("<itunes:category text=\"Science\" />") != std::string::npos);
    std::string warnings = warnings_text(report);
    CHECK(warnings.find("p20-guid") == std::string::npos);
    CHECK(warnings.find("apple-category") == std::string::npos);
    CHECK(warnings.find("apple-owner-email") == std::string::npos);
    test::write(site.dir.path() / "site.yaml", yaml + "category: Sciense > Physics\n");
    CHECK(test::input_errors([&] {
              site.config();
          }).find("site.yaml:6:11: error: 'Sciense > Physics' is not an Apple Podcasts category") != std::string::npos);
}

TEST_CASE("real feeds: the identity guard compares every input item, and a second build keeps them") {
    test::TempDir dir;
    fs::copy_file(test::fixture("hosts/libsyn_2011.xml"), dir.path() / "feed.xml");
    test::write(dir.path() / "site.yaml",
                "title: Bare\nbase_url: https://example.org/show/\nsources:\n  - path: feed.xml\n");
    REQUIRE(test::input_errors([&] { test::build_on_disk(dir.path()); }) == "");
    REQUIRE(test::input_errors([&] { test::build_on_disk(dir.path()); }) == "");  // against its own published feed
    // The host changes the audio of the item whose date it cannot read: apps follow the guid,
    // and the build says so in one line, located.
    std::string feed = test::read(dir.path() / "feed.xml");
    test::write(dir.path() / "feed.xml", test::replace_first(feed, "garage/ep2.mp3", "garage/ep2-fixed.mp3"));
    // Built and published over the last build; its warnings, one per line.
    auto publish = [&] {
        std::string warnings;
        REQUIRE(test::input_errors([&] {
                    auto config = config::load_config(dir.path() / "site.yaml");
                    output::DiskOutput out(config.output_dir());
                    warnings = warnings_text(pipeline::build_site(config, out));
                    out.commit();
                }) == "");
        return warnings;
    };
    std::string warnings = publish();
    CHECK(warnings.find("feed.xml:31: warning: 1 item keeps its guid with a new audio URL since") != std::string::npos);
    CHECK(warnings.find(
              "https://www.podtrac.com/pts/redirect.mp3?http://traffic.libsyn.example.com/garage/ep2.mp3 -> "
              "https://www.podtrac.com/pts/redirect.mp3?http://traffic.libsyn.example.com/garage/ep2-fixed.mp3") !=
          std::string::npos);
    // The host gives it a new guid (its date unreadable: known by its audio URL): published under
    // the guid subscribers have, and said, located.
    test::write(dir.path() / "feed.xml", test::replace_first(test::read(dir.path() / "feed.xml"),
                                                             ">garage-radio-2</guid>", ">garage-radio-2b</guid>"));
    warnings = publish();
    CHECK(warnings.find("feed.xml:31: warning: 1 episode its host re-issued under a new guid keeps the guid the "
                        "archive published (the first: 'Episode 2: Brakes', now 'garage-radio-2b', published as "
                        "'garage-radio-2')") != std::string::npos);
    CHECK(warnings.find("warning: cannot read pubDate 'sometime in February'") != std::string::npos);
    const std::string written = test::read(dir.path() / "public/feed.xml");
    CHECK(test::contains(written, ">garage-radio-2</guid>"));
    CHECK_FALSE(test::contains(written, "garage-radio-2b"));
}

TEST_CASE("real feeds: an Atom podcast feed is a source like RSS, and the regenerated feed is RSS") {
    BareSite site("atom_blog.xml");
    output::MemoryOutput out;
    pipeline::BuildReport report;
    REQUIRE(test::input_errors([&] { report = pipeline::build_site(site.config(), out); }) == "");
    CHECK(report.episodes == 3);
    CHECK(report.left_out_without_audio == 1);  // the written post has a page, not an item
    auto items = items_of(*out.find("feed.xml"));
    REQUIRE(items.size() == 2);
    CHECK(items[0].guid == "tag:shed.example.net,2023:ep2");
    CHECK(items[0].audio == "https://shed.example.net/audio/chisels.m4a");
    CHECK(items[0].title == "Chisels");
    CHECK(items[0].date == "Sat, 10 Jun 2023 08:00:00 +0000");  // published, not updated
    CHECK(items[1].title == "Planes & saws");                   // an HTML title, as text
    CHECK(items[1].date == "Sat, 03 Jun 2023 08:00:00 +0200");  // updated, when nothing is published
    const std::string xml = *out.find("feed.xml");
    CHECK(xml.find("type=\"audio/x-m4a\"") != std::string::npos);
    CHECK(xml.find("<itunes:category text=\"Leisure\">") != std::string::npos);
    CHECK(xml.find("<itunes:duration>1880</itunes:duration>") != std::string::npos);
    CHECK(xml.find("xmlns=\"http://www.w3.org/2005/Atom\"") == std::string::npos);  // Atom's namespace is not RSS's
    CHECK(out.find("episodes/chisels/index.html")->find("<a href=\"https://shed.example.net/2023/06/planes/\"") !=
          std::string::npos);
    CHECK(render::check_site(out, "https://example.org/show/").empty());
}

TEST_CASE("real feeds: a failed build prints the warnings it saw with its errors") {
    test::TempDir dir;
    fs::copy_file(test::fixture("hosts/libsyn_2011.xml"), dir.path() / "feed.xml");
    test::write(dir.path() / "site.yaml",
                "title: Bare\nbase_url: https://example.org/show/\nsources:\n  - path: feed.xml\n");
    test::write(dir.path() / "content/episodes/x.md", "---\nepisode: no-such-episode\n---\nText.\n");
    std::string out;
    CHECK(test::run_podarchive("build", dir.path(), out) == 1);
    CHECK(out.find("feed.xml:34: warning: cannot read pubDate 'sometime in February'") != std::string::npos);
    CHECK(out.find("x.md:2:10: error:") != std::string::npos);
    CHECK(out.find("podarchive: 1 error; nothing was written") != std::string::npos);
}

TEST_CASE("real feeds: an Atom feed with no XML declaration, and RSS 0.92 under a doctype, are feeds") {
    // (Both were "cannot tell what kind of source this is": only a declaration or <rss> first
    // told a feed.)
    for (const char* name : {"atom_no_declaration.xml", "rss092_doctype.xml"}) {
        CAPTURE(name);
        BareSite site(name);
        output::MemoryOutput out;
        pipeline::BuildReport report;
        REQUIRE(test::input_errors([&] { report = pipeline::build_site(site.config(), out); }) == "");
        auto items = items_of(*out.find("feed.xml"));
        REQUIRE(items.size() == 2);
        CHECK(render::check_site(out, "https://example.org/show/").empty());
    }
    BareSite atom("atom_no_declaration.xml");
    output::MemoryOutput out;
    pipeline::build_site(atom.config(), out);
    auto items = items_of(*out.find("feed.xml"));
    CHECK(items[0].guid == "http://kilntalk.example.org/blog/glazes-that-crawl");
    CHECK(items[0].audio == "http://media.kilntalk.example.org/kt-002.mp3");
    CHECK(items[1].date == "Mon, 16 Feb 2009 18:00:00 +0000");
    BareSite rss("rss092_doctype.xml");
    output::MemoryOutput old;
    pipeline::build_site(rss.config(), old);
    items = items_of(*old.find("feed.xml"));
    CHECK(items[0].title == "Leeks in November");
    CHECK(items[1].audio == "http://allotment.example.com/audio/garlic.mp3");
    CHECK_FALSE(items[1].has_guid);  // (known to apps by its audio URL, as before)
}

TEST_CASE("real feeds: an enclosure without a URL does not hide the item's Media RSS audio") {
    BareSite site("feedburner_media_2011.xml");
    output::MemoryOutput out;
    pipeline::BuildReport report;
    REQUIRE(test::input_errors([&] { report = pipeline::build_site(site.config(), out); }) == "");
    CHECK(report.left_out_without_audio == 0);
    auto items = items_of(*out.find("feed.xml"));
    REQUIRE(items.size() == 2);
    CHECK(items[0].guid == "tag:compilers.example.com,2011-01-28:/post/1-0-2-registers");
    CHECK(items[0].audio == "http://feedproxy.example.com/~r/LateNightCompilers/~5/bb/02-Registers.mp3");
    CHECK(items[1].audio == "http://feedproxy.example.com/~r/LateNightCompilers/~5/dd/01-Parsing.mp3");
    const std::string xml = *out.find("feed.xml");
    CHECK(test::count_of(xml, "<enclosure ") == 2);
    CHECK(xml.find("<enclosure url=\"\"") == std::string::npos);
    CHECK(warnings_text(report).find("feedburner_media_2011.xml:20: warning: enclosure has no url; the item's "
                                     "<media:content> is read as its audio") != std::string::npos);
    const std::string* page = out.find("episodes/102-registers/index.html");
    REQUIRE(page);
    CHECK(page->find("02-Registers.mp3") != std::string::npos);
    CHECK(render::check_site(out, "https://example.org/show/").empty());
}

TEST_CASE("real feeds: an RSS 1.0 podcast (Movable Type's index.rdf, in Japanese) builds") {
    BareSite site("movabletype_rss10_ja.xml");
    output::MemoryOutput out;
    pipeline::BuildReport report;
    REQUIRE(test::input_errors([&] { report = pipeline::build_site(site.config(), out); }) == "");
    CHECK(report.episodes == 2);
    auto items = items_of(*out.find("feed.xml"));
    REQUIRE(items.size() == 2);
    // Each item named by its rdf:about, its audio from mod_enclosure or from RSS 2.0's
    // <enclosure> (relative: resolved against the channel's link).
    CHECK(items[0].guid == "http://yasai.example.jp/podcast/2006/11/daikon.html");
    CHECK(items[0].title == "第12回 大根の収穫");
    CHECK(items[0].audio == "http://yasai.example.jp/podcast/audio/yasai-012.mp3");
    CHECK(items[0].date == "Mon, 20 Nov 2006 21:00:00 +0900");
    CHECK(items[1].audio == "http://yasai.example.jp/podcast/audio/yasai-011.mp3");
    CHECK(items[1].date == "Mon, 13 Nov 2006 21:00:00 +0000");
    const std::string xml = *out.find("feed.xml");
    CHECK(xml.find("<language>ja</language>") != std::string::npos);
    CHECK(xml.find("<itunes:image href=\"http://yasai.example.jp/podcast/logo.jpg\"") != std::string::npos);
    CHECK(xml.find("<itunes:duration>1492</itunes:duration>") != std::string::npos);
    CHECK(xml.find("purl.org/rss/1.0/\"") == std::string::npos);  // (RSS 1.0's namespace is not RSS 2.0's)
    const std::string* page = out.find("episodes/第12回-大根の収穫/index.html");
    REQUIRE(page);
    CHECK(page->find("<html lang=\"ja\"") != std::string::npos);
    CHECK(page->find("<strong>干し大根</strong>") != std::string::npos);  // content:encoded
    CHECK(render::check_site(out, "https://example.org/show/").empty());
}

TEST_CASE("real feeds: an Atom 0.3 podcast of 2005 builds, its text constructs read by mode") {
    BareSite site("atom03_2005.xml");
    output::MemoryOutput out;
    pipeline::BuildReport report;
    REQUIRE(test::input_errors([&] { report = pipeline::build_site(site.config(), out); }) == "");
    auto items = items_of(*out.find("feed.xml"));
    REQUIRE(items.size() == 3);
    CHECK(items[0].guid == "tag:typepad.example.org,2005:6a00d8341c");
    CHECK(items[0].audio == "http://bikes.example.org/audio/truing.mp3");
    CHECK(items[0].date == "Mon, 09 May 2005 10:00:00 -0700");  // issued, not modified
    CHECK(items[2].title == "Chains");
    const std::string xml = *out.find("feed.xml");
    CHECK(xml.find("<description>Fixing bikes on the radio.</description>") != std::string::npos);  // tagline
    CHECK(xml.find("<copyright>Copyright 2005 Pat Spoke</copyright>") != std::string::npos);
    CHECK(out.find("episodes/truing-a-wheel/index.html")->find("<em>dish</em>") != std::string::npos);  // escaped
    CHECK(out.find("episodes/brakes-that-squeal/index.html")->find("<strong>clean rims</strong>") !=
          std::string::npos);  // inline XHTML
    CHECK(out.find("episodes/chains/index.html")->find("When to replace a chain.") != std::string::npos);
    CHECK(warnings_text(report).find("atom03_2005.xml:38: warning: <content mode=\"base64\"> is not read; the "
                                     "entry's <summary> is its show notes") != std::string::npos);
    CHECK(render::check_site(out, "https://example.org/show/").empty());
}

TEST_CASE("real feeds: an Atom entry without an id is an item known by its link, as apps knew it") {
    test::TempDir dir;
    test::write(dir.path() / "feed.xml",
                "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<feed xmlns=\"http://www.w3.org/2005/Atom\">"
                "<title>Lorem</title><link href=\"http://example.org\"/>\n<entry><title>One</title>"
                "<link href=\"http://example.org/episode1\"/><link rel=\"enclosure\" "
                "href=\"http://example.org/episode1.m4a\"/><updated>2024-01-01T00:00:00Z</updated></entry></feed>\n");
    test::write(dir.path() / "site.yaml",
                "title: Bare\nbase_url: https://example.org/show/\nsources:\n  - path: feed.xml\n");
    output::MemoryOutput out;
    REQUIRE(test::input_errors([&] { pipeline::build_site(config::load_config(dir.path() / "site.yaml"), out); }) ==
            "");
    auto items = items_of(*out.find("feed.xml"));
    REQUIRE(items.size() == 1);
    CHECK_FALSE(items[0].has_guid);
    CHECK(items[0].has_link);
    CHECK(out.find("feed.xml")->find("<link>http://example.org/episode1</link>") != std::string::npos);
    CHECK(items[0].audio == "http://example.org/episode1.m4a");
}

TEST_CASE("real feeds: an unmarked guid that is no URL is no permalink; one the host marks stays one") {
    // GNOME Podcasts' de-grote feed leaves its guids ("broadcast-...") unmarked, so RSS takes them
    // for permalinks and gPodder resolves them against the feed's address; gPodder's own
    // permalink fixture marks a relative guid under xml:base.
    test::TempDir dir;
    test::write(dir.path() / "feed.xml",
                "<rss version=\"2.0\" xml:base=\"http://example.com/podcast/\"><channel><title>T</title>\n"
                "<item><title>A</title><guid>broadcast-76026e9e</guid><pubDate>Mon, 01 Jan 2024 00:00:00 "
                "+0000</pubDate><enclosure url=\"http://example.org/a.mp3\" length=\"1\" type=\"audio/mpeg\"/></item>\n"
                "<item><title>B</title><guid isPermaLink=\"true\">episode/1/</guid><pubDate>Sun, 31 Dec 2023 "
                "00:00:00 +0000</pubDate><enclosure url=\"http://example.org/b.mp3\" length=\"1\" type=\"audio/mpeg\"/>"
                "</item>\n"
                "<item><title>C</title><guid>https://example.com/c</guid><pubDate>Sat, 30 Dec 2023 00:00:00 "
                "+0000</pubDate><enclosure url=\"http://example.org/c.mp3\" length=\"1\" type=\"audio/mpeg\"/></item>\n"
                "</channel></rss>\n");
    test::write(dir.path() / "site.yaml",
                "title: Bare\nbase_url: https://example.org/show/\nsources:\n  - path: feed.xml\n");
    output::MemoryOutput out;
    pipeline::BuildReport report;
    REQUIRE(test::input_errors(
                [&] { report = pipeline::build_site(config::load_config(dir.path() / "site.yaml"), out); }) == "");
    const std::string& xml = *out.find("feed.xml");
    CHECK(xml.find("<guid isPermaLink=\"false\">broadcast-76026e9e</guid>") != std::string::npos);
    CHECK(xml.find("<guid isPermaLink=\"true\">episode/1/</guid>") != std::string::npos);
    CHECK(xml.find("<guid isPermaLink=\"true\">https://example.com/c</guid>") != std::string::npos);
    CHECK(xml.find("xml:base=\"http://example.com/podcast/\"") != std::string::npos);
    // The marked one is the host's to fix: a warning at its item, not a failed build.
    CHECK(warnings_text(report).find("feed.xml:3: warning: [rss-guid-permalink] item 2 'B'") != std::string::npos);
    CHECK(warnings_text(report).find("[rss-guid-permalink] item 1") == std::string::npos);
}

TEST_CASE("real feeds: a WordPress post's photo or slides are no audio; its featured image before the audio is not") {
    BareSite site("wordpress_attachments_de.xml");
    output::MemoryOutput out;
    pipeline::BuildReport report;
    REQUIRE(test::input_errors([&] { report = pipeline::build_site(site.config(), out); }) == "");
    CHECK(report.episodes == 4);
    CHECK(report.left_out_without_audio == 2);
    auto items = items_of(*out.find("feed.xml"));
    REQUIRE(items.size() == 2);
    CHECK(items[0].guid == "https://werkstattfunk.example.de/?p=412");
    CHECK(items[0].audio == "https://werkstattfunk.example.de/wp-content/uploads/2024/01/werkstattfunk-012.mp3");
    CHECK(items[1].audio == "https://werkstattfunk.example.de/wp-content/uploads/2023/12/werkstattfunk-011.mp3");
    const std::string xml = *out.find("feed.xml");
    // One enclosure an item, the audio (apps play the first; gPodder takes two for none), typed
    // as audio where the host typed it text/plain.
    CHECK(test::count_of(xml, "<enclosure ") == 2);
    CHECK(xml.find(".jpg\"") == std::string::npos);
    CHECK(xml.find("holzarten-folien") == std::string::npos);
    CHECK(xml.find("werkstattfunk-011.mp3\" length=\"28311552\" type=\"audio/mpeg\"") != std::string::npos);
    // So are feed.json and the episode's page (its player and its link preview).
    const auto json = nlohmann::json::parse(*out.find("feed.json"));
    REQUIRE(json["items"].size() == 2);
    CHECK(json["items"][1]["attachments"][0]["mime_type"] == "audio/mpeg");
    const std::string* typed_text = out.find("episodes/folge-11-hobel-scharfen/index.html");
    REQUIRE(typed_text);
    CHECK(typed_text->find("<meta property=\"og:audio:type\" content=\"audio/mpeg\">") != std::string::npos);
    CHECK(typed_text->find("text/plain") == std::string::npos);
    // The posts without audio keep their pages, without a player or an embeddable one.
    const std::string* photos = out.find("episodes/fotos-vom-werkstatttag/index.html");
    REQUIRE(photos);
    CHECK(photos->find("<audio") == std::string::npos);
    CHECK(photos->find("werkstatttag.jpg") == std::string::npos);
    CHECK_FALSE(out.find("episodes/fotos-vom-werkstatttag/embed/index.html"));
    const std::string* slides = out.find("episodes/vortrag-holzarten-erkennen-folien/index.html");
    REQUIRE(slides);
    CHECK(slides->find("<audio") == std::string::npos);
    const std::string* audio = out.find("episodes/folge-12-schwalbenschwanz-von-hand/index.html");
    REQUIRE(audio);
    CHECK(audio->find("<audio controls preload=\"none\" src=\"https://werkstattfunk.example.de/wp-content/uploads/"
                      "2024/01/werkstattfunk-012.mp3\"") != std::string::npos);
    const std::string warnings = warnings_text(report);
    CHECK(
        warnings.find("wordpress_attachments_de.xml:52: warning: the enclosure "
                      "'https://werkstattfunk.example.de/wp-content/uploads/2024/01/werkstatttag.jpg' (image/jpeg) is "
                      "not audio or video") != std::string::npos);
    CHECK(warnings.find("wordpress_attachments_de.xml:62: warning: the enclosure "
                        "'https://werkstattfunk.example.de/?download=holzarten-folien' (application/pdf)") !=
          std::string::npos);
    CHECK(render::check_site(out, "https://example.org/show/").empty());
}

// Hostile input, round four: the archive's own feed is the archive's (no host's claims, nothing
// a browser runs), nothing outside the project is removed or published, and what a feed, a
// theme or site.yaml holds never reaches the terminal raw.
#include <doctest/doctest.h>

#include <pugixml.hpp>
#include <set>

#include "config/site_config.hpp"
#include "core/diagnostic.hpp"
#include "image/image_check.hpp"
#include "on_disk/folder_build.hpp"
#include "output/output.hpp"
#include "render/site_check.hpp"
#include "support.hpp"
#include "text/language.hpp"
#include "text/unicode.hpp"

namespace fs = std::filesystem;

namespace {
const std::string k_page = "episodes/higher-order-operators/index.html";

void append_to_site_yaml(const test::FixtureSite& site, const std::string& lines) {
    test::write(site.dir.path() / "site.yaml", test::read(site.dir.path() / "site.yaml") + lines);
}

// The prefixes `xml` uses on an element or attribute where no declaration binds them (a reader
// that knows namespaces refuses such a document: AntennaPod's does).
std::set<std::string> unbound_prefixes(const std::string& xml) {
    pugi::xml_document doc;
    REQUIRE(doc.load_buffer(xml.data(), xml.size()));
    std::set<std::string> unbound;
    auto bound = [](pugi::xml_node n, const std::string& prefix) {
        for (; n; n = n.parent())
            if (n.attribute(("xmlns:" + prefix).c_str())) return true;
        return prefix == "xml" || prefix == "xmlns";
    };
    auto check = [&](pugi::xml_node n, std::string_view name) {
        if (const auto colon = name.find(':'); colon != std::string_view::npos) {
            const std::string prefix(name.substr(0, colon));
            if (!bound(n, prefix)) unbound.insert(prefix);
        }
    };
    for (pugi::xpath_node x : doc.select_nodes("//*")) {
        check(x.node(), x.node().name());
        for (auto a : x.node().attributes()) check(x.node(), a.name());
    }
    return unbound;
}
}  // namespace

TEST_CASE("hostile 4: the host's claims about its own feed never reach the archive's feed.xml") {
    test::FixtureSite site;
    site.edit_feed(
        "<podcast:guid>",
        "<itunes:new-feed-url>https://attacker.example/feed.xml</itunes:new-feed-url>\n"
        "    <atom:link rel=\"hub\" href=\"https://hub.attacker.example/\"/>\n"
        "    <atom:link rel=\"next\" href=\"https://feeds.example.com/fixture?page=2\"/>\n"
        "    <podcast:txt purpose=\"applepodcastsverify\">token-of-the-host</podcast:txt>\n"
        "    <podcast:txt>a note to keep</podcast:txt>\n"
        "    <podcast:liveItem status=\"live\" start=\"2024-01-01T00:00:00Z\"><title>Live</title></podcast:liveItem>\n"
        "    <podcast:podping usesPodping=\"true\"/>\n"
        "    <podcast:updateFrequency rrule=\"FREQ=DAILY\">Daily</podcast:updateFrequency>\n"
        "    <a:link xmlns:a=\"http://www.w3.org/2005/Atom\" rel=\"self\" "
        "href=\"https://attacker.example/self.xml\"/>\n"
        "    <podcast:guid>");
    output::MemoryOutput out;
    std::string warnings;
    REQUIRE(site.build(out, &warnings) == "");
    const std::string& feed = test::file_in(out, "feed.xml");
    for (const char* gone : {"new-feed-url", "attacker.example", "rel=\"hub\"", "page=2", "token-of-the-host",
                             "liveItem", "podping", "updateFrequency"}) {
        CAPTURE(gone);
        CHECK(feed.find(gone) == std::string::npos);
    }
    CHECK(feed.find("<podcast:txt>a note to keep</podcast:txt>") != std::string::npos);
    CHECK(feed.find("<atom:link href=\"https://example.github.io/fixture-archive/feed.xml\" rel=\"self\"") !=
          std::string::npos);
    // (Its paging links are left out unsaid: fetch reads those pages, and feed.xml links to its own.)
    CHECK(warnings.find("the host's claims about its own feed are left out of feed.xml, which is the archive's: "
                        "atom:link rel=\"hub\", "
                        "itunes:new-feed-url, podcast:liveItem, podcast:podping, "
                        "podcast:txt purpose=\"applepodcastsverify\", podcast:updateFrequency (to move the archive's "
                        "own feed, set `new_feed_url:` in site.yaml)") != std::string::npos);

    // The archive's owner moves the archive's feed: written, and only as https.
    append_to_site_yaml(site, "new_feed_url: https://podcast.example.org/feed.xml\n");
    output::MemoryOutput moved;
    REQUIRE(site.build(moved) == "");
    CHECK(test::file_in(moved, "feed.xml")
              .find("<itunes:new-feed-url>https://podcast.example.org/feed.xml</itunes:new-feed-url>") !=
          std::string::npos);
    append_to_site_yaml(site, "");
    test::write(site.dir.path() / "site.yaml",
                test::replace_first(test::read(site.dir.path() / "site.yaml"), "https://podcast.example.org/feed.xml",
                                    "http://podcast.example.org/feed.xml"));
    output::MemoryOutput refused;
    CHECK(site.build(refused).find("error: 'new_feed_url' must be the absolute https URL") != std::string::npos);
}

TEST_CASE("hostile 4: a host that leaves its namespaces undeclared claims nothing, and feed.xml stays readable") {
    // This host's feed uses podcast:, atom: and media: without declaring them: read as the namespaces
    // those prefixes name (its claims among them), never copied into the archive's feed, which
    // declares both; an unknown prefix, on an element or an attribute, is left out.
    test::FixtureSite site;
    site.edit_feed(" xmlns:atom=\"http://www.w3.org/2005/Atom\"", "");
    site.edit_feed(" xmlns:podcast=\"https://podcastindex.org/namespace/1.0\"", "");
    site.edit_feed(" xmlns:media=\"http://search.yahoo.com/mrss/\"", "");
    site.edit_feed("<title>Higher order operators</title>",
                   "<title>Higher order operators</title><atom:link rel=\"self\" href=\"https://attacker.example/i\"/>"
                   "<media:keywords>kept</media:keywords><custom:note>x</custom:note>"
                   "<enclosure url=\"https://cdn.example.com/extra.pdf\" type=\"application/pdf\" custom:id=\"1\"/>");
    site.edit_feed("<channel>",
                   "<channel>\n    <atom:link rel=\"hub\" href=\"https://hub.attacker.example/\"/>"
                   "\n    <podcast:txt purpose=\"applepodcastsverify\">token-of-the-host</podcast:txt>"
                   "\n    <podcast:podping usesPodping=\"true\"/>");
    output::MemoryOutput out;
    std::string warnings;
    REQUIRE(site.build(out, &warnings) == "");
    const std::string& feed = test::file_in(out, "feed.xml");
    for (const char* gone : {"attacker.example", "token-of-the-host", "podping", "custom:"}) {
        CAPTURE(gone);
        CHECK(feed.find(gone) == std::string::npos);
    }
    CHECK(unbound_prefixes(feed).empty());
    CHECK(feed.find("<media:keywords xmlns:media=\"http://search.yahoo.com/mrss/\">kept</media:keywords>") !=
          std::string::npos);
    CHECK(warnings.find("the host's claims about its own feed are left out of feed.xml, which is the archive's: "
                        "atom:link rel=\"hub\", atom:link rel=\"self\", podcast:podping, "
                        "podcast:txt purpose=\"applepodcastsverify\"") != std::string::npos);
    CHECK(warnings.find("2 elements or attributes under a prefix the input never declares (custom:) are left out of "
                        "feed.xml") != std::string::npos);
}

TEST_CASE("hostile 4: no element a browser runs reaches feed.xml, from the channel, an item or a kept item") {
    test::FixtureSite site;
    site.edit_feed(
        "<podcast:guid>",
        "<h:script xmlns:h=\"http://www.w3.org/1999/xhtml\">alert('channel')</h:script>\n"
        "    <svg:svg xmlns:svg=\"http://www.w3.org/2000/svg\"><svg:script>alert('svg')</svg:script></svg:svg>\n"
        "    <itunes:summary xmlns:itunes=\"http://www.w3.org/1999/xhtml\">rebound</itunes:summary>\n"
        "    <podcast:guid>");
    site.edit_feed("<title>Higher order operators</title>",
                   "<title>Higher order operators</title><h:img xmlns:h=\"http://www.w3.org/1999/xhtml\" src=\"x\" "
                   "onerror=\"alert(1)\"/>"
                   "<script xmlns=\"http://www.w3.org/1999/xhtml\">alert('default')</script>"
                   "<m:math xmlns:m=\"http://www.w3.org/1998/Math/MathML\"><m:mtext>x</m:mtext></m:math>");
    // A kept item (what the host dropped, kept by fetch) is written back too.
    test::write(
        site.dir.path() / "content/sources/feed.kept.xml",
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<rss version=\"2.0\"><channel><item><title>Dropped episode</title>"
        "<guid>dropped-1</guid><pubDate>Mon, 01 Jan 2024 00:00:00 GMT</pubDate>"
        "<enclosure url=\"https://cdn.example.com/dropped.mp3\" length=\"1\" type=\"audio/mpeg\"/>"
        "<x:script xmlns:x=\"http://www.w3.org/1999/xhtml\">alert('kept')</x:script></item></channel></rss>\n");
    output::MemoryOutput out;
    std::string warnings;
    REQUIRE(site.build(out, &warnings) == "");
    const std::string& feed = test::file_in(out, "feed.xml");
    CHECK(feed.find("Dropped episode") != std::string::npos);  // (the kept item is there, without its script)
    for (const char* gone :
         {"<script", ":script", "onerror", ">alert", "1999/xhtml", "2000/svg", "MathML", "rebound"}) {
        CAPTURE(gone);
        CHECK(feed.find(gone) == std::string::npos);
    }
    CHECK(warnings.find(
              "elements of namespaces podcast apps do not read (XHTML, SVG or another) are left out of feed.xml") !=
          std::string::npos);
    // What podcast apps read stays, under any prefix the input declares.
    CHECK(feed.find("<media:") == std::string::npos);  // (the fixture has none: nothing is added)
    CHECK(feed.find("<podcast:guid>917393e3-1b1e-5cef-ace4-edaa54e1f810</podcast:guid>") != std::string::npos);
}

TEST_CASE(
    "hostile 4: an output folder outside the project, or one podarchive did not build, is refused before anything is "
    "touched") {
    test::TempDir outside;
    test::FixtureSite site;
    const fs::path victim = site.dir.path() / "../" / (site.dir.path().filename().string() + "-victim");
    test::write(victim / ".ssh/id_rsa", "PRIVATE KEY");
    std::string out;
    for (const std::string& written :
         {"../" + victim.filename().string(), victim.string(), (outside.path() / "new-site").string()}) {
        CAPTURE(written);
        test::write(site.dir.path() / "site.yaml",
                    test::read(test::fixture("site/site.yaml")) + "output: " + written + "\n");
        CHECK(test::run_podarchive("build", site.dir.path(), out) == 1);
        CHECK(out.find("site.yaml:13:9: error: output folder '" + written + "' is outside the project") !=
              std::string::npos);
        CHECK(test::read(victim / ".ssh/id_rsa") == "PRIVATE KEY");
        CHECK_FALSE(fs::exists(outside.path() / "new-site"));
    }
    // Inside the project, a folder with files podarchive did not write is refused too.
    test::write(site.dir.path() / "site.yaml", test::read(test::fixture("site/site.yaml")) + "output: docs\n");
    test::write(site.dir.path() / "docs/handbook.md", "mine");
    CHECK(test::run_podarchive("build", site.dir.path(), out) == 1);
    CHECK(out.find("output folder 'docs' holds files podarchive did not build") != std::string::npos);
    CHECK(test::read(site.dir.path() / "docs/handbook.md") == "mine");
    // An empty one, and then the folder it built, are fine; --output may name a new folder anywhere.
    fs::remove(site.dir.path() / "docs/handbook.md");
    CHECK(test::run_podarchive("build --quiet", site.dir.path(), out) == 0);
    test::write(site.dir.path() / "docs/added-by-hand.txt", "x");
    CHECK(test::run_podarchive("build --quiet", site.dir.path(), out) == 0);
    CHECK(test::run_podarchive("build --quiet --output " + (outside.path() / "elsewhere").string(), site.dir.path(),
                               out) == 0);
    CHECK(fs::exists(outside.path() / "elsewhere/index.html"));
    CHECK(test::run_podarchive("build --quiet --output " + victim.string(), site.dir.path(), out) == 1);
    CHECK(test::read(victim / ".ssh/id_rsa") == "PRIVATE KEY");
    fs::remove_all(victim);
}

TEST_CASE("hostile 4: a theme's folder that a link takes out of the project is refused at any depth") {
    test::TempDir outside;
    test::write(outside.path() / "static/id_rsa", "PRIVATE KEY");
    test::write(outside.path() / "static/.env", "TOKEN=secret");
    test::write(outside.path() / "partials/head.mustache", "STOLEN-TEMPLATE");
    test::write(outside.path() / "i18n/en.yaml", "search: STOLEN-WORD\n");
    struct Case {
        std::string folder, target;
    };
    for (const Case& c : std::vector<Case>{{"themes/mine/static", "static"},
                                           {"themes/mine/templates", "partials"},
                                           {"themes/mine/i18n", "i18n"},
                                           {"templates/partials", "partials"},
                                           {"themes/mine/templates/partials", "partials"}}) {
        CAPTURE(c.folder);
        test::FixtureSite site;
        fs::create_directories(site.dir.path() / "themes/mine/templates");
        const fs::path link = site.dir.path() / c.folder;
        fs::create_directories(link.parent_path());
        fs::remove_all(link);
        fs::create_directory_symlink(outside.path() / c.target, link);
        append_to_site_yaml(site, "theme: mine\n");
        test::write(site.dir.path() / "site.yaml",
                    test::replace_first(test::read(site.dir.path() / "site.yaml"), "theme: default\n", ""));
        output::MemoryOutput out;
        const std::string errors = site.build(out);
        CHECK(errors.find(c.folder) != std::string::npos);
        CHECK(errors.find("symbolic link out of the project") != std::string::npos);
        for (const auto& [path, content] : out.files()) {
            CAPTURE(path);
            CHECK(content->find("PRIVATE KEY") == std::string::npos);
            CHECK(content->find("STOLEN") == std::string::npos);
        }
    }
    // theme export and init write nothing through a linked folder.
    test::TempDir project;
    fs::create_directory_symlink(outside.path(), project.path() / "themes");
    std::string out;
    CHECK(test::run_podarchive("theme export", project.path(), out) == 1);
    CHECK(out.find("is reached through a symbolic link out of this folder") != std::string::npos);
    CHECK_FALSE(fs::exists(outside.path() / "default"));
    test::TempDir new_site;
    fs::create_directory_symlink(outside.path(), new_site.path() / "content");
    CHECK(test::run_podarchive("init .", new_site.path(), out) != 0);
    CHECK(out.find("symbolic link out of the site's folder") != std::string::npos);
    CHECK_FALSE(fs::exists(outside.path() / "episodes"));
    CHECK_FALSE(fs::exists(new_site.path() / "site.yaml"));
}

TEST_CASE("hostile 4: site.yaml's cname is a host name, base_url a plain path, and dir comes from the script subtag") {
    for (const std::string& cname :
         {std::string("evil.example\r\nX: y"), std::string("a\x1b]0;title\x07.example"),
          std::string("podcast.example.com\xE2\x80\xA8"), std::string("-bad.example"), std::string("nodot")}) {
        CAPTURE(cname);
        CHECK(test::input_errors([&] {
                  config::parse_config("title: T\nbase_url: https://x.example/\ncname: \"" + cname + "\"\n",
                                       "site.yaml");
              }).find("'cname' must be a domain name") != std::string::npos);
    }
    CHECK(config::parse_config("title: T\nbase_url: https://x.example/\ncname: podcast.example.com\n", "site.yaml")
              .cname == "podcast.example.com");
    for (const std::string base : {"https://ex.example//evil.example/", "https://user@ex.example/",
                                   "https://ex.example/a/../b/", "https://ex.example/a\\b/", "https://ex ample/"}) {
        CAPTURE(base);
        CHECK_FALSE(test::input_errors([&] {
                        config::parse_config("title: T\nbase_url: \"" + base + "\"\n", "site.yaml");
                    }).empty());
    }
    for (const std::string base : {"https://user.github.io/repo/", "http://localhost:1313/", "https://[::1]:8080/a/",
                                   "https://x.example/a%20b/~c/"}) {
        CAPTURE(base);
        CHECK(test::input_errors(
                  [&] { config::parse_config("title: T\nbase_url: \"" + base + "\"\n", "site.yaml"); }) == "");
    }
    CHECK_FALSE(text::is_right_to_left("en-u-ca-hebr"));
    CHECK(text::is_right_to_left("ar-u-nu-latn"));
    CHECK(text::is_right_to_left("az-Arab-IR"));
    CHECK_FALSE(text::is_right_to_left("az-Latn"));
    CHECK_FALSE(text::is_right_to_left("ar-Latn"));
    CHECK(text::is_right_to_left("zh-yue-Hebr"));  // (an extended language subtag before the script)
}

TEST_CASE("hostile 4: what an input says reaches the terminal with its control characters escaped") {
    CHECK(text::terminal_safe("a\x1b]52;c;ZXZpbA==\x07z") == "a\\x1b]52;c;ZXZpbA==\\x07z");
    CHECK(text::terminal_safe("line\nnext\rback", false) == "line\\x0anext\\x0dback");
    CHECK(text::terminal_safe("line\nnext", true) == "line\nnext");
    CHECK(text::terminal_safe("\xC2\x9B"
                              "2J \xE2\x80\xAE"
                              "evil \xE2\x80\xA8 \xFF ok \xD7\xA9\xD7\x9C\xD7\x95\xD7\x9D") ==
          "\\u009b2J \\u202eevil \\u2028 \\xff ok \xD7\xA9\xD7\x9C\xD7\x95\xD7\x9D");
    const std::string shown =
        core::format(core::warning_at({"feed\x1b[2J.xml", 3, 1}, "title \x1b]0;pwned\x07", "<title>\x1b[31m</title>"));
    CHECK(shown.find('\x1b') == std::string::npos);
    CHECK(shown.find('\x07') == std::string::npos);
    CHECK(shown.find("title \\x1b]0;pwned\\x07") != std::string::npos);
    // `merge` prints the feed's titles.
    test::FixtureSite site;
    site.edit_feed("<title>Higher order operators</title>", "<title>Higher order &#x9b;operators\xE2\x80\xAE</title>");
    std::string out;
    REQUIRE(test::run_podarchive("merge", site.dir.path(), out) == 0);
    CHECK(out.find("\xE2\x80\xAE") == std::string::npos);
    CHECK(out.find("\xC2\x9B") == std::string::npos);
    CHECK(out.find("Higher order \\u009boperators\\u202e") != std::string::npos);
}

TEST_CASE(
    "hostile 4: real feeds' shapes: a title's inline element, an image enclosure first, Mailto:, NUL bytes, text "
    "before <rss>") {
    test::FixtureSite site;
    site.edit_feed("<title>Higher order operators</title>", "<title>Higher order <em>operators</em> explained</title>");
    // An item whose first enclosure is its artwork: the audio is the episode, and the item's only
    // enclosure in feed.xml (apps play the first; gPodder takes an item with two for none).
    site.edit_feed("<enclosure length=\"14851200\"",
                   "<enclosure url=\"https://img.example.com/cover.jpg\" type=\"image/jpeg\" length=\"5\"/><enclosure "
                   "length=\"14851200\"");
    output::MemoryOutput out;
    std::string warnings;
    REQUIRE(site.build(out, &warnings) == "");
    CHECK(test::file_in(out, "episodes/higher-order-operators-explained/index.html")
              .find("Higher order operators explained") != std::string::npos);
    const std::string& feed = test::file_in(out, "feed.xml");
    CHECK(feed.find("<title>Higher order operators explained</title>") != std::string::npos);
    CHECK(feed.find("cover.jpg") == std::string::npos);
    CHECK(test::count_of(feed, "<enclosure ") == test::count_of(feed, "<item>"));
    CHECK(feed.find("default_tc.mp3?aid=rss_feed&amp;feed=fixture\" length=\"14851200\" type=\"audio/mpeg\"") !=
          std::string::npos);
    // A mail link written with a capital (as some hosts' editors write it) passes the site check,
    // and so does a link to another site whose scheme is in capitals.
    output::MemoryOutput checked;
    checked.add("index.html",
                "<!DOCTYPE html><html><head><title>T</title></head><body><a href=\"Mailto:host@example.com\">mail</a>"
                "<a href=\" HTTPS://other.example/page\">other</a></body></html>");
    CHECK(render::check_site(checked, "https://example.github.io/fixture-archive/").empty());

    // NUL bytes are dropped, located; text above the root element is skipped, said.
    test::FixtureSite damaged;
    std::string text = test::read(damaged.feed());
    text = test::replace_first(text, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n",
                               "This XML file does not appear to have any style information associated with it.\n");
    text = test::replace_first(text, "<title>Higher order operators</title>",
                               std::string("<title>Higher order\0 operators</title>", 38));
    test::write(damaged.feed(), text);
    output::MemoryOutput read;
    warnings.clear();
    REQUIRE(damaged.build(read, &warnings) == "");
    CHECK(read.find(k_page));
    CHECK(warnings.find("1 NUL byte (which XML forbids) is dropped, the first on this line") != std::string::npos);
    CHECK(warnings.find("content/sources/feed.xml:1:1: warning: 80 bytes come before the root element (\"This XML file "
                        "does not appear") != std::string::npos);
}

TEST_CASE("hostile 4: artwork that asks for endless decoding is refused or skipped, not decoded for seconds") {
    CHECK(image::check_image(test::jpeg_image(64, 64, 1)).error == "");  // (an ordinary progressive JPEG)
    const image::ImageCheck scans = image::check_image(test::jpeg_image(64, 64, 2));
    CHECK(scans.error == "it is not a whole JPEG image (it has more than 100 progressive scans)");
    // Compressed text chunks are skipped unread: 200 of 1 MB each would be 200 MB to inflate.
    const std::string png = test::png_with_text_chunks(test::png_image(64, 64), 200, 1u << 20);
    CHECK(png.size() < 400000);
    const image::ImageCheck text = image::check_image(png);
    CHECK(text.error == "");
    CHECK(text.width == 64);
}

#include <doctest/doctest.h>

#include <algorithm>
#include <functional>
#include <nlohmann/json.hpp>

#include "config/site_config.hpp"
#include "dates/dates.hpp"
#include "feed/episode_list.hpp"
#include "files/hash.hpp"
#include "html/escape.hpp"
#include "image/image_check.hpp"
#include "on_disk/fingerprints.hpp"
#include "output/output.hpp"
#include "pipeline/build_site.hpp"
#include "render/site_check.hpp"
#include "support.hpp"

namespace fs = std::filesystem;

namespace {
struct BuiltSite {
    test::TempDir dir;
    output::MemoryOutput out;
    pipeline::BuildReport report;

    // `prepare` (optional) adds to the fixture site's folder before the build.
    explicit BuiltSite(const std::string& base_url = "", const std::function<void(const fs::path&)>& prepare = {}) {
        test::copy_site("site", dir.path());
        if (prepare) prepare(dir.path());
        auto config = config::load_config(dir.path() / "site.yaml");
        if (!base_url.empty()) config.base_url = base_url;
        report = pipeline::build_site(config, out);
    }
    const std::string& file(const std::string& path) const { return test::file_in(out, path); }
};

using test::contains;
}  // namespace

TEST_CASE("episodes.json lists every episode page, those without audio too, and reads back") {
    BuiltSite site;
    const std::string& list = site.file("episodes.json");
    CHECK(contains(list,
                   "{\"version\": 1, \"home_page_url\": \"https://example.github.io/fixture-archive/\", "
                   "\"episodes\": [\n{\"url\": "
                   "\"https://example.github.io/fixture-archive/episodes/compiler-collectives/\", \"title\": "
                   "\"Compiler collectives\", \"date\": \"2024-08-04T01:47:46+00:00\"},\n"));
    const site::SitePaths paths("https://example.github.io/fixture-archive/");
    const auto pages = feed::read_episode_list(list, paths);
    REQUIRE(pages);
    std::vector<std::string> slugs;
    for (const auto& page : *pages) slugs.push_back(page.slug);
    CHECK(slugs == std::vector<std::string>{"compiler-collectives", "torch-trace-and-tlparse", "higher-order-operators",
                                            "inductor-post-grad-fx-passes", "strides", "torch-vs-aten-apis"});
    const core::PublishedPage& strides = (*pages)[4];  // (from a listing: no audio, no guid, a day)
    CHECK(strides == core::PublishedPage{"strides", "", "", "", "Strides", "2022-05-30"});
    // (The URL-only listing: known by its page at its host.)
    CHECK((*pages)[5].host_url == "https://fixture.simplecast.com/episodes/torch-vs-aten-apis");
    CHECK((*pages)[3].guid == "8f2a1c8e-0001-4b7e-9d3a-000000000001");
    CHECK((*pages)[3].time == dates::parse_iso8601("2024-04-12T07:00:00Z")->utc_seconds);
    CHECK((*pages)[5].day.empty());
    // Another site's list names none of this site's pages; a text that is no such list is none.
    CHECK(feed::read_episode_list(list, site::SitePaths("https://other.example/archive/"))->empty());
    for (const char* other : {"", "[]", "{\"version\": 2, \"episodes\": []}", "{\"episodes\": []}", "<rss/>"})
        CHECK_FALSE(feed::read_episode_list(other, paths));
}

TEST_CASE("end to end: the fixture site, file by file") {
    BuiltSite site;
    // 3 feed items + "Compiler collectives" (same title as nothing in the feed), "Strides", and
    // the URL-only listing: 6 episodes; the feed's 3 have audio.
    CHECK(site.report.episodes == 6);
    CHECK(site.report.feed_items == 3);
    CHECK(site.report.left_out_without_audio == 3);
    std::vector<std::string> expected = {
        "index.html", "page/2/index.html", "page/3/index.html", "404.html", "sitemap.xml", "robots.txt", ".nojekyll",
        "feed.xml", "css/style.css", "episodes/torch-trace-and-tlparse/index.html",
        "episodes/higher-order-operators/index.html", "episodes/inductor-post-grad-fx-passes/index.html",
        "episodes/compiler-collectives/index.html", "episodes/strides/index.html",
        "episodes/torch-vs-aten-apis/index.html", "archive/index.html", "seasons/index.html",
        // the feed's 3, with audio: a player to embed, and its oEmbed answer
        "episodes/torch-trace-and-tlparse/embed/index.html", "episodes/torch-trace-and-tlparse/oembed.json",
        "episodes/higher-order-operators/embed/index.html", "episodes/higher-order-operators/oembed.json",
        "episodes/inductor-post-grad-fx-passes/embed/index.html", "episodes/inductor-post-grad-fx-passes/oembed.json",
        "search/index.html", "js/search.js", "js/site.js", "search/meta.json", "search/stem.js", "search/d/0.json",
        "search/d/1.json", "feed.json", "episodes.json", "subscribe/index.html", "js/copy.js", "js/player.js",
        "js/transcript.js", "favicon.svg", "card.png"};
    for (const auto& path : expected) CHECK_MESSAGE(site.out.find(path), path);
    std::size_t shards = 0, filters = 0;
    for (const auto& [path, content] : site.out.files())
        shards += path.starts_with("search/t/"), filters += path.starts_with("search/f/");
    CHECK(shards > 10);
    CHECK(filters == 2);  // the years 2021 and 2024 (this site has no note: no topic, no guest)
    CHECK(site.out.files().size() == expected.size() + shards + filters);

    const std::string& home = site.file("index.html");
    CHECK(contains(home, "<title>Fixture Archive</title>"));
    // Newest first: Compiler collectives (2024-08) before TORCH_TRACE (2024-04-29).
    CHECK(home.find("Compiler collectives") < home.find("TORCH_TRACE and tlparse"));
    CHECK(contains(home, "href=\"/fixture-archive/page/2/\""));

    const std::string& episode = site.file("episodes/torch-trace-and-tlparse/index.html");
    CHECK(contains(episode, "<h1><bdi>TORCH_TRACE and tlparse</bdi></h1>"));
    CHECK(contains(episode, "<time datetime=\"2024-04-29T00:01:00-07:00\">April 29, 2024</time>"));
    CHECK(contains(episode,
                   "<audio controls preload=\"none\" "
                   "src=\"https://cdn.simplecast.com/audio/aaa/episodes/003/audio/"
                   "default_tc.mp3?aid=rss_feed&amp;feed=fixture\">"));
    CHECK_FALSE(contains(episode, "alert(1)"));  // the feed's script is gone; the page's own remain
    CHECK_FALSE(contains(episode, "onerror"));
    CHECK_FALSE(contains(episode, "javascript:"));
    CHECK(contains(episode, "href=\"/fixture-archive/episodes/higher-order-operators/\""));  // previous (older)
    CHECK(contains(episode, "href=\"/fixture-archive/episodes/compiler-collectives/\""));    // next (newer)
    CHECK(contains(episode,
                   "<link rel=\"canonical\" "
                   "href=\"https://example.github.io/fixture-archive/episodes/torch-trace-and-tlparse/\">"));

    const std::string& no_audio = site.file("episodes/torch-vs-aten-apis/index.html");
    CHECK_FALSE(contains(no_audio, "<audio"));
    CHECK(contains(no_audio, "href=\"https://fixture.simplecast.com/episodes/torch-vs-aten-apis\""));

    const std::string& strides = site.file("episodes/strides/index.html");
    CHECK(contains(strides, ">pytorch/pytorch#13246</a>"));

    CHECK(contains(site.file("sitemap.xml"), "<loc>https://example.github.io/fixture-archive/episodes/strides/</loc>"));
    CHECK(contains(site.file("robots.txt"), "Sitemap: https://example.github.io/fixture-archive/sitemap.xml"));
}

TEST_CASE("end to end: the regenerated feed keeps every guid and points at itself") {
    BuiltSite site;
    const std::string& feed = site.file("feed.xml");
    CHECK(contains(feed,
                   "<atom:link href=\"https://example.github.io/fixture-archive/feed.xml\" rel=\"self\" "
                   "type=\"application/rss+xml\" />"));
    CHECK(contains(feed, "<guid isPermaLink=\"false\">8f2a1c8e-0001-4b7e-9d3a-000000000003</guid>"));
    CHECK(contains(feed, "<guid isPermaLink=\"false\">8f2a1c8e-0001-4b7e-9d3a-000000000002</guid>"));
    CHECK(contains(feed, "<guid isPermaLink=\"false\">8f2a1c8e-0001-4b7e-9d3a-000000000001</guid>"));
    CHECK(contains(feed, "<pubDate>Mon, 29 Apr 2024 00:01:00 -0700</pubDate>"));
    CHECK(contains(feed, "<itunes:duration>928</itunes:duration>"));
    CHECK(contains(feed, "length=\"14851200\""));
    CHECK(contains(feed, "<podcast:guid>917393e3-1b1e-5cef-ace4-edaa54e1f810</podcast:guid>"));
    CHECK_FALSE(contains(feed, "&lt;script"));
    // Newest first.
    CHECK(feed.find("000000000003") < feed.find("000000000002"));
    CHECK(feed.find("000000000002") < feed.find("000000000001"));
}

TEST_CASE("end to end: every internal link carries the base path") {
    BuiltSite site("https://user.github.io/deep/sub/path/");
    for (const auto& [path, shared] : site.out.files()) {
        if (!path.ends_with(".html")) continue;
        CAPTURE(path);
        const std::string& content = *shared;
        for (std::string attr : {"href=\"/", "src=\"/"}) {
            std::string expected = attr + "deep/sub/path/";
            for (std::size_t pos = content.find(attr); pos != std::string::npos; pos = content.find(attr, pos + 1))
                CHECK(content.compare(pos, expected.size(), expected) == 0);
        }
    }
    CHECK(contains(site.file("feed.xml"), "https://user.github.io/deep/sub/path/feed.xml"));
}

TEST_CASE("end to end: the same inputs give byte-identical output") {
    BuiltSite first, second;
    CHECK(output::same_files(first.out, second.out));
}

TEST_CASE("a failed build leaves the previous output untouched") {
    test::TempDir dir;
    test::copy_site("site", dir.path());
    test::build_on_disk(dir.path());
    auto config = config::load_config(dir.path() / "site.yaml");
    std::string before = test::read(dir.path() / "public/index.html");
    REQUIRE(before.size() > 100);
    fs::copy_file(test::fixture("feeds/malformed.xml"), dir.path() / "content/sources/feed.xml",
                  fs::copy_options::overwrite_existing);
    {
        output::DiskOutput out(config.output_dir());
        CHECK_THROWS_AS(pipeline::build_site(config, out), core::InputError);
    }
    CHECK(test::read(dir.path() / "public/index.html") == before);
    std::size_t entries = 0;
    for (const auto& entry : fs::directory_iterator(dir.path()))
        entries += entry.path().filename().string().find("staging") != std::string::npos;
    CHECK(entries == 0);  // no staging folder left behind
}

TEST_CASE("writes outside the output folder are refused") {
    output::MemoryOutput out;
    CHECK_THROWS_AS(out.add("../escape.html", "x"), std::invalid_argument);
    CHECK_THROWS_AS(out.add("/etc/passwd", "x"), std::invalid_argument);
    CHECK(out.files().empty());
}

TEST_CASE("end to end: notes reach the feed as podcast:person, transcript, chapters and content") {
    test::TempDir dir;
    test::copy_site("site", dir.path());
    test::write(dir.path() / "content/episodes/t.md",
                "---\nepisode: torch-trace-and-tlparse\nguests: [Jane Guest]\ntranscript: https://x.example/t.vtt\n"
                "chapters: https://x.example/c.json\n---\nCurated *words*.\n");
    auto config = config::load_config(dir.path() / "site.yaml");
    output::MemoryOutput out;
    pipeline::build_site(config, out);
    const std::string& feed = *out.find("feed.xml");
    CHECK(contains(feed, "<podcast:person role=\"guest\">Jane Guest</podcast:person>"));
    CHECK(contains(feed, "<podcast:transcript url=\"https://x.example/t.vtt\" type=\"text/vtt\" />"));
    CHECK(contains(feed, "<podcast:chapters url=\"https://x.example/c.json\" type=\"application/json+chapters\" />"));
    CHECK(contains(feed, "Curated &lt;em&gt;words&lt;/em&gt;"));
    CHECK(out.find("guests/jane-guest/index.html"));
}

TEST_CASE("a guest the feed and a note both name, in any case, is one guest, on the page and in the feed") {
    test::TempDir dir;
    test::copy_site("site", dir.path());
    const fs::path feed = dir.path() / "content/sources/feed.xml";
    test::write(feed, test::replace_first(test::read(feed), "<itunes:episode>3</itunes:episode>",
                                          "<itunes:episode>3</itunes:episode><podcast:person role=\"guest\">Jane "
                                          "Guest</podcast:person><podcast:person role=\"guest\">Ann "
                                          "Other</podcast:person>"));
    test::write(dir.path() / "content/episodes/t.md",
                "---\nepisode: torch-trace-and-tlparse\nguests: [JANE GUEST, Bob Guest, bob guest]\n---\nText.\n");
    auto config = config::load_config(dir.path() / "site.yaml");
    output::MemoryOutput out;
    pipeline::build_site(config, out);
    const std::string& xml = *out.find("feed.xml");
    CHECK(test::count_of(xml, "<podcast:person role=\"guest\">") == 3);  // Jane, Ann (the feed's), Bob
    CHECK(contains(xml, "<podcast:person role=\"guest\">Bob Guest</podcast:person>"));
    CHECK_FALSE(contains(xml, "JANE GUEST</podcast:person>"));
    // The guests' pages: the note's spelling, then the feed's guests it does not name.
    CHECK(out.find("guests/jane-guest/index.html"));
    CHECK(out.find("guests/bob-guest/index.html"));
    CHECK(out.find("guests/ann-other/index.html"));
    const std::string& page = *out.find("episodes/torch-trace-and-tlparse/index.html");
    CHECK(test::count_of(page, "/guests/bob-guest/") == 1);
}

TEST_CASE("a build warns of episodes dated after its clock, and writes the same files whenever it runs") {
    test::TempDir dir;
    test::copy_site("site", dir.path());
    auto config = config::load_config(dir.path() / "site.yaml");
    auto built_at = [&](const char* day, std::string& warnings) {
        output::MemoryOutput out;
        pipeline::LastBuild none;
        pipeline::BuildOptions options;
        options.now = dates::parse_iso8601(day)->utc_seconds;
        warnings = test::warnings_of(pipeline::build_site(config, out, none, {}, options));
        return test::tree(out);
    };
    std::string before, after;
    const test::Tree early = built_at("2024-04-20", before);
    const test::Tree late = built_at("2030-01-01", after);
    // Built on 2024-04-20, the episodes of 2024-04-21, 2024-04-29 (the feed's) and 2024-08-04
    // (a listing's) are still to come (the 21st at 19:28 PDT is more than a day ahead); that of
    // the 12th is not.
    CHECK(contains(before,
                   "'TORCH_TRACE and tlparse' is dated 2024-04-29, after this build (2024-04-20): feed.xml lists it "
                   "above every newer episode until then"));
    CHECK(contains(before, "'Higher order operators' is dated 2024-04-21"));
    CHECK(contains(before, "listings.json:"));
    CHECK(contains(before, "'Compiler collectives' is dated 2024-08-04"));
    CHECK(test::count_of(before, "after this build") == 3);
    CHECK_FALSE(contains(after, "after this build"));
    CHECK(test::differences(early, late) == "");
}

TEST_CASE("the input fingerprint changes with any byte the build reads, and only then") {
    test::TempDir dir;
    test::copy_site("site", dir.path());
    auto fingerprint = [&] { return on_disk::input_fingerprints(config::load_config(dir.path() / "site.yaml")).all; };
    const std::string first = fingerprint();
    CHECK(first == fingerprint());
    auto changes_it = [&](const fs::path& file, const std::string& text) {
        std::string before = fingerprint();
        test::write(file, text);
        CHECK_MESSAGE(fingerprint() != before, file.string());
    };
    const fs::path feed = config::load_config(dir.path() / "site.yaml").sources.at(0).path;
    std::string feed_text = test::read(feed);
    changes_it(feed, feed_text + " ");                                             // a source, one byte longer
    changes_it(feed, feed_text.substr(0, feed_text.size() - 1) + "x");             // the same length, the last byte
    changes_it(dir.path() / "content/episodes/new.md", "---\nepisode: x\n---\n");  // a new note
    changes_it(dir.path() / "content/episodes/new.md", "---\nepisode: y\n---\n");
    changes_it(dir.path() / "templates/extra.mustache", "{{title}}");
    // Reading in blocks (several here) hashes what one piece of the whole text would.
    std::string big;
    for (int i = 0; big.size() < 700000; ++i) big += std::to_string(i) + ",";
    test::write(dir.path() / "big.bin", big);
    files::Hasher whole, blocks;
    whole.add(big);
    REQUIRE(blocks.add_file(dir.path() / "big.bin"));
    CHECK(whole.digest() == blocks.digest());
    CHECK_FALSE(blocks.add_file(dir.path() / "missing.xml"));
    CHECK_FALSE(blocks.add_file(dir.path() / "content"));  // a folder
}

TEST_CASE("end to end: a topic with more episodes than a page holds is paginated as the home page is") {
    const std::vector<std::string> slugs = {"torch-trace-and-tlparse", "higher-order-operators", "compiler-collectives",
                                            "strides", "torch-vs-aten-apis"};
    BuiltSite site("", [&](const fs::path& dir) {  // (the fixture has episodes_per_page: 2)
        for (const auto& slug : slugs)
            test::write(dir / "content/episodes" / (slug + ".md"),
                        "---\nepisode: " + slug + "\ntopics: [Compilers]\n---\n");
    });
    auto file = [&](const std::string& path) -> const std::string& { return site.file(path); };
    // The episodes' links in a page, in order.
    auto cards = [](const std::string& html) {
        std::vector<std::string> found;
        const std::string mark = "<h2 class=\"card-title\"><a href=\"/fixture-archive/episodes/";
        for (auto pos = html.find(mark); pos != std::string::npos; pos = html.find(mark, pos + 1))
            found.push_back(html.substr(pos + mark.size(), html.find('/', pos + mark.size()) - pos - mark.size()));
        return found;
    };
    std::vector<std::string> home_order;  // every episode, newest first
    for (const char* page : {"index.html", "page/2/index.html", "page/3/index.html"})
        for (const auto& slug : cards(file(page))) home_order.push_back(slug);
    std::vector<std::string> expected;
    for (const auto& slug : home_order)
        if (std::find(slugs.begin(), slugs.end(), slug) != slugs.end()) expected.push_back(slug);
    REQUIRE(expected.size() == 5);

    const std::string& first = file("topics/compilers/index.html");
    const std::string& second = file("topics/compilers/page/2/index.html");
    const std::string& third = file("topics/compilers/page/3/index.html");
    CHECK_FALSE(site.out.find("topics/compilers/page/4/index.html"));
    CHECK(cards(first) == std::vector<std::string>(expected.begin(), expected.begin() + 2));
    CHECK(cards(second) == std::vector<std::string>(expected.begin() + 2, expected.begin() + 4));
    CHECK(cards(third) == std::vector<std::string>(expected.begin() + 4, expected.end()));
    for (const std::string* page : {&first, &second, &third}) CHECK(contains(*page, "5 episodes"));
    CHECK(contains(first, "Page 1 of 3"));
    CHECK(contains(first, "<a rel=\"next\" href=\"/fixture-archive/topics/compilers/page/2/\">Older</a>"));
    CHECK_FALSE(contains(first, "rel=\"prev\""));
    CHECK(contains(second, "<a rel=\"prev\" href=\"/fixture-archive/topics/compilers/\">Newer</a>"));
    CHECK(contains(second, "<a rel=\"next\" href=\"/fixture-archive/topics/compilers/page/3/\">Older</a>"));
    CHECK(contains(second, "<title>Compilers, page 2 · Fixture Archive</title>"));
    CHECK(contains(
        second,
        "<link rel=\"canonical\" href=\"https://example.github.io/fixture-archive/topics/compilers/page/2/\">"));
    CHECK_FALSE(contains(third, "rel=\"next\""));
    CHECK(
        contains(file("sitemap.xml"), "<loc>https://example.github.io/fixture-archive/topics/compilers/page/3/</loc>"));
    CHECK(contains(file("topics/index.html"), "href=\"/fixture-archive/topics/compilers/\""));
}

TEST_CASE("end to end: the show's artwork from its local copy; a favicon and a card without one") {
    BuiltSite plain;
    CHECK(contains(plain.file("index.html"),
                   "<link rel=\"icon\" href=\"/fixture-archive/favicon.svg\" type=\"image/svg+xml\">"));
    CHECK(contains(plain.file("favicon.svg"), "<svg"));
    // Link previews show a card the build draws (never another host's image): a whole PNG of
    // 1200 x 630 pixels, named by what it shows.
    const std::string& card = plain.file("card.png");
    const image::ImageCheck checked = image::check_image(card);
    CHECK(checked.error == "");
    CHECK(checked.width == 1200);
    CHECK(checked.height == 630);
    CHECK(contains(plain.file("index.html"),
                   "<meta property=\"og:image\" content=\"https://example.github.io/fixture-archive/card.png?v="));
    CHECK(contains(plain.file("index.html"), "<meta property=\"og:image:width\" content=\"1200\">"));
    CHECK_FALSE(contains(plain.file("index.html"), "simplecastcdn"));

    const std::string png = test::png_image(48, 48);
    BuiltSite with_art("", [&](const fs::path& dir) { test::write(dir / "content/sources/artwork.png", png); });
    CHECK(with_art.file("artwork.png") == png);
    CHECK(with_art.out.find("card.png") == nullptr);  // (the artwork is what previews show)
    const std::string& home = with_art.file("index.html");
    CHECK(contains(home, "<img class=\"artwork\" src=\"/fixture-archive/artwork.png?v="));
    CHECK(contains(home,
                   "<meta property=\"og:image\" content=\"https://example.github.io/fixture-archive/artwork.png?v="));
    CHECK(contains(home, "<link rel=\"icon\" href=\"/fixture-archive/artwork.png?v="));
    // Its size for the cards other sites make of a link, and in every episode's oEmbed answer
    // (oEmbed 1.0 requires thumbnail_width and thumbnail_height beside thumbnail_url).
    CHECK(contains(
        home, "<meta property=\"og:image:width\" content=\"48\">\n<meta property=\"og:image:height\" content=\"48\">"));
    CHECK(contains(home,
                   "<meta name=\"twitter:image\" content=\"https://example.github.io/fixture-archive/artwork.png?v="));
    CHECK(contains(home, "<meta name=\"twitter:card\" content=\"summary\">"));
    const std::string& episode = with_art.file("episodes/torch-trace-and-tlparse/index.html");
    CHECK(contains(episode, "<meta name=\"twitter:card\" content=\"player\">"));
    CHECK_FALSE(contains(episode, "content=\"summary\""));
    const auto oembed = nlohmann::json::parse(with_art.file("episodes/torch-trace-and-tlparse/oembed.json"));
    CHECK(oembed.value("thumbnail_width", 0) == 48);
    CHECK(oembed.value("thumbnail_height", 0) == 48);
    CHECK(oembed.value("thumbnail_url", "").starts_with("https://example.github.io/fixture-archive/artwork.png?v="));
    // Without artwork, the card is the thumbnail.
    const auto plain_oembed = nlohmann::json::parse(plain.file("episodes/torch-trace-and-tlparse/oembed.json"));
    CHECK(plain_oembed.value("thumbnail_url", "").starts_with("https://example.github.io/fixture-archive/card.png?v="));
    CHECK(plain_oembed.value("thumbnail_width", 0) == 1200);
    CHECK(plain_oembed.value("thumbnail_height", 0) == 630);
    // The iframe another site pastes lets the player's "Copy link" write to the clipboard; the
    // embed's download opens a tab (a cross-origin frame ignores `download` and would navigate
    // itself to the bare audio file), the page's own downloads.
    CHECK(contains(oembed.value("html", ""), " allow=\"clipboard-write\"></iframe>"));
    CHECK(contains(with_art.file("episodes/torch-trace-and-tlparse/embed/index.html"),
                   " download target=\"_blank\" rel=\"noopener\">"));
    CHECK(contains(episode, "\" download>"));
    // Every link to it leads to it, as a visitor's browser follows them.
    auto problems = render::check_site(with_art.out, "https://example.github.io/fixture-archive/");
    for (const auto& p : problems) CHECK_MESSAGE(false, core::format(p));

    // A large artwork: pages show its smaller copies (WebP, JPEG for the rest), never the
    // whole image for a 64 px thumbnail; link previews get its 1400 px copy.
    const std::string jpeg = test::jpeg_image(2000, 2000);
    BuiltSite large("", [&](const fs::path& dir) { test::write(dir / "content/sources/artwork.jpg", jpeg); });
    CHECK(large.file("artwork.jpg") == jpeg);  // (the archive keeps the image itself)
    for (int width : {64, 160, 400}) {
        CAPTURE(width);
        const std::string name = "artwork-" + std::to_string(width);
        CHECK(image::check_image(large.file(name + ".jpg")).width == width);
        CHECK(image::check_image(large.file(name + ".webp")).width == width);
    }
    CHECK(image::check_image(large.file("artwork-1400.jpg")).width == 1400);
    CHECK(large.out.find("artwork-1400.webp") == nullptr);
    for (const std::string page : {"index.html", "episodes/torch-trace-and-tlparse/index.html",
                                   "episodes/torch-trace-and-tlparse/embed/index.html"}) {
        CAPTURE(page);
        const std::string& html = large.file(page);
        CHECK_FALSE(contains(html, "/fixture-archive/artwork.jpg"));
        CHECK(contains(html, "<link rel=\"icon\" href=\"/fixture-archive/artwork-64.jpg?v="));
        if (page.ends_with("embed/index.html")) continue;  // (a player alone: no icons, no previews)
        CHECK(contains(html, "<link rel=\"apple-touch-icon\" href=\"/fixture-archive/artwork-400.jpg?v="));
        CHECK(contains(html,
                       "<meta property=\"og:image\" content=\"https://example.github.io/fixture-archive/"
                       "artwork-1400.jpg?v="));
        CHECK(contains(html, "<meta property=\"og:image:width\" content=\"1400\">"));
    }
    const std::string& big_home = large.file("index.html");
    CHECK(contains(big_home, "<source type=\"image/webp\" srcset=\"/fixture-archive/artwork-64.webp?v="));
    CHECK(contains(big_home, " 160w, /fixture-archive/artwork-400.webp?v="));
    CHECK(contains(big_home, "<img class=\"artwork\" src=\"/fixture-archive/artwork-160.jpg?v="));
    const std::string& big_episode = large.file("episodes/torch-trace-and-tlparse/index.html");
    CHECK(contains(big_episode, "sizes=\"64px\"><img class=\"player-art\" src=\"/fixture-archive/artwork-160.jpg?v="));
    CHECK(contains(big_episode, "data-art=\"/fixture-archive/artwork-400.jpg?v="));
    CHECK(
        nlohmann::json::parse(large.file("episodes/torch-trace-and-tlparse/oembed.json")).value("thumbnail_width", 0) ==
        1400);
    for (const auto& p : render::check_site(large.out, "https://example.github.io/fixture-archive/"))
        CHECK_MESSAGE(false, core::format(p));

    // What is not a whole image of a sane size is not the site's icon, whatever its first bytes say.
    const std::vector<std::pair<std::string, std::string>> refused = {
        {"<html>not an image</html>", "it is not a JPEG, PNG or WebP image"},
        {png.substr(0, 33) + "<html><body>Not found</body></html>", "it is not a whole PNG image"},
        {png.substr(0, png.size() - 30), "it is not a whole PNG image"},
        {test::png_header(10000, 10000), "it is 10000 x 10000 pixels; the limit is 8192 on a side"},
        {test::jpeg_image(40, 40).substr(0, 300), "it is not a whole JPEG image"}};
    for (const auto& [bytes, why] : refused) {
        CAPTURE(why);
        const std::string name = bytes.starts_with("\xFF\xD8") ? "artwork.jpg" : "artwork.png";
        BuiltSite broken("", [&](const fs::path& dir) { test::write(dir / "content/sources" / name, bytes); });
        CHECK(broken.out.find(name) == nullptr);
        CHECK(contains(broken.file("index.html"), "/fixture-archive/card.png?v="));  // (the card instead)
        bool warned = false;
        for (const auto& w : broken.report.warnings)
            warned |=
                core::format(w).find("content/sources/" + name + ": warning: is not used: " + why) != std::string::npos;
        CHECK(warned);
    }
}

TEST_CASE("end to end: an episode with audio offers its link and embed code to copy; one without, none") {
    BuiltSite site;
    const std::string& page = site.file("episodes/torch-trace-and-tlparse/index.html");
    CHECK(contains(page, "<details class=\"share\" data-script=\"copy.js\">"));
    CHECK(contains(page,
                   "<input id=\"share-link\" type=\"text\" readonly "
                   "value=\"https://example.github.io/fixture-archive/episodes/torch-trace-and-tlparse/\">"));
    // The code another site pastes is oEmbed's, as text in the textarea (escaped: never markup here).
    const auto oembed = nlohmann::json::parse(site.file("episodes/torch-trace-and-tlparse/oembed.json"));
    const std::string code = oembed.value("html", "");
    REQUIRE(code.starts_with("<iframe "));
    CHECK(
        contains(page, "<textarea id=\"share-embed\" readonly rows=\"4\">" + html::html_escape(code) + "</textarea>"));
    // Its script comes when the panel is first opened (site.js); the subscribe page loads it at once.
    CHECK_FALSE(contains(page, "js/copy.js"));
    CHECK(contains(site.file("subscribe/index.html"), "<script src=\"/fixture-archive/js/copy.js\" defer>"));
    std::size_t without_audio = 0;
    for (const auto& [path, content] : site.out.files())
        if (path.starts_with("episodes/") && path.ends_with("/index.html") &&
            !contains(*content, "data-listen=\"player\"")) {
            ++without_audio;
            CHECK_MESSAGE(!contains(*content, "class=\"share\""), path);
        }
    CHECK(without_audio > 0);
}

TEST_CASE("end to end: an audio file's size is shown beside its download link only when it can be one") {
    auto download_line = [](const std::string& page) {
        const auto at = page.find("<p class=\"download small\">");
        REQUIRE(at != std::string::npos);
        return page.substr(at, page.find("</p>", at) - at);
    };
    test::FixtureSite site;
    // A host's placeholder and, for a 17-minute episode, kilobytes written as bytes.
    site.edit_feed("length=\"14851200\"", "length=\"1\"");
    site.edit_feed("length=\"16480000\"", "length=\"16480\"");
    output::MemoryOutput out;
    REQUIRE(site.build(out) == "");
    for (const char* slug : {"torch-trace-and-tlparse", "higher-order-operators"}) {
        const std::string line = download_line(test::file_in(out, std::string("episodes/") + slug + "/index.html"));
        CHECK_MESSAGE(contains(line, "Download the episode</a>"), slug);
        CHECK_MESSAGE(!contains(line, "MB"), line);
        CHECK_MESSAGE(!contains(line, "<bdi>"), line);
    }
    // A size the feed gives as a file's (23,150,000 bytes for 24 minutes), rounded to megabytes.
    CHECK(download_line(test::file_in(out, "episodes/inductor-post-grad-fx-passes/index.html"))
              .ends_with("Download the episode</a> (<bdi>23\u00A0MB</bdi>)"));
}

TEST_CASE("end to end: a video episode plays as a video on its page, as sound in its embeddable player") {
    test::FixtureSite site;
    site.edit_feed(
        "length=\"23150000\" type=\"audio/mpeg\" "
        "url=\"https://cdn.simplecast.com/audio/aaa/episodes/001/audio/default_tc.mp3\"",
        "length=\"23150000\" type=\"video/mp4\" url=\"https://cdn.example.com/episodes/001.mp4\"");
    output::MemoryOutput out;
    REQUIRE(site.build(out) == "");
    const std::string& page = test::file_in(out, "episodes/inductor-post-grad-fx-passes/index.html");
    CHECK(contains(page,
                   "<video controls preload=\"none\" playsinline src=\"https://cdn.example.com/episodes/001.mp4\">"
                   "<a href=\"https://cdn.example.com/episodes/001.mp4\">Download the episode</a></video>"));
    CHECK_FALSE(contains(page, "<audio"));
    CHECK(contains(page, "<meta property=\"og:video\" content=\"https://cdn.example.com/episodes/001.mp4\">"));
    CHECK(contains(page, "<meta property=\"og:video:type\" content=\"video/mp4\">"));
    // The embed's frame has room for the controls alone.
    CHECK(contains(test::file_in(out, "episodes/inductor-post-grad-fx-passes/embed/index.html"),
                   "<audio controls preload=\"none\" src=\"https://cdn.example.com/episodes/001.mp4\">"));
    // An audio episode is as it was.
    const std::string& audio = test::file_in(out, "episodes/higher-order-operators/index.html");
    CHECK(contains(audio, "<audio controls preload=\"none\" src=\""));
    CHECK(contains(audio, "<meta property=\"og:audio\" content=\""));
    CHECK(render::check_site(out, "https://example.github.io/fixture-archive/").empty());
}

// The regenerated feed: nothing lost, a byte-exact round trip, guarded identities, JSON Feed.
#include <doctest/doctest.h>

#include <nlohmann/json.hpp>
#include <pugixml.hpp>
#include <set>

#include "config/site_config.hpp"
#include "feed/feed_writer.hpp"
#include "feed/foreign_elements.hpp"
#include "feed/identity.hpp"
#include "feed/lint.hpp"
#include "feed/podcast_guid.hpp"
#include "feed/xml_merge.hpp"
#include "merge/merge.hpp"
#include "pipeline/build_site.hpp"
#include "sources/rss_reader.hpp"
#include "stages/notes.hpp"
#include "stages/sources.hpp"
#include "support.hpp"

namespace fs = std::filesystem;

namespace {
// The content of a site whose one source is the feed `input` (where the fixture site has it), with
// every episode's text made.
site::SiteContent content_of(const config::SiteConfig& config, const std::string& input) {
    std::vector<sources::SourceBatch> batches;
    batches.push_back(sources::read_rss(input, {"feed", "content/sources/feed.xml", ""}));
    stages::MergedSources merged = stages::with_site(config, merge::merge(batches), {}, nullptr);
    site::SiteContent content{std::move(merged.catalog), {}, std::move(merged.site)};
    stages::add_texts(content);
    return content;
}

std::string build_feed(const fs::path& dir, const char* file = "feed.xml") {
    auto config = config::load_config(dir / "site.yaml");
    output::MemoryOutput out;
    pipeline::build_site(config, out);
    return *out.find(file);
}

// The project in `dir` built into `out` in memory, over its output folder on disk (whose feed.xml
// apps already have); its warnings, one per line. An input error fails the test.
std::string warnings_building(const fs::path& dir, output::MemoryOutput& out) {
    pipeline::BuildReport report;
    REQUIRE(test::input_errors([&] { report = pipeline::build_site(config::load_config(dir / "site.yaml"), out); }) ==
            "");
    return test::warnings_of(report);
}

// "name attr=value ... | text" for each element child, in order.
std::vector<std::string> describe_children(const pugi::xml_node& node) {
    std::vector<std::string> out;
    for (auto child : node.children()) {
        if (child.type() != pugi::node_element) continue;
        std::string d = child.name();
        for (auto a : child.attributes()) d += std::string(" ") + a.name() + "=" + a.value();
        out.push_back(d + " | " + child.child_value());
    }
    return out;
}

bool appears_in_order(const std::vector<std::string>& wanted, const std::vector<std::string>& in) {
    std::size_t at = 0;
    for (const auto& w : wanted) {
        while (at < in.size() && in[at] != w) ++at;
        if (at == in.size()) return false;
        ++at;
    }
    return true;
}
}  // namespace

TEST_CASE("nothing lost: every element podarchive does not model is kept, in order") {
    test::TempDir dir;
    test::copy_site("feed_site", dir.path());
    std::string out = build_feed(dir.path());
    pugi::xml_document in_doc, out_doc;
    REQUIRE(in_doc.load_file(test::fixture("feeds/extensions.xml").c_str()));
    REQUIRE(out_doc.load_string(out.c_str()));
    auto in_ch = in_doc.child("rss").child("channel"), out_ch = out_doc.child("rss").child("channel");
    // Unmodeled channel elements, attributes and namespace declarations. (Not the host's hub,
    // nor elements of a namespace podcast apps do not read: feed/foreign_elements.hpp.)
    std::vector<std::string> unmodeled = {"copyright | 2021 - Extensions", "pubDate | Sun, 4 Aug 2024 01:47:46 +0000",
                                          "googleplay:author | Jane Host",
                                          "podcast:funding url=https://example.com/donate | Support the show"};
    CHECK(appears_in_order(
        {"atom:link href=https://hub.example.com rel=hub | ", "custom:thing flavor=vanilla n=3 | kept verbatim"},
        describe_children(in_ch)));
    CHECK(out.find("hub.example.com") == std::string::npos);
    CHECK(out.find("<custom:") == std::string::npos);
    CHECK(appears_in_order(unmodeled, describe_children(in_ch)));   // the input's order...
    CHECK(appears_in_order(unmodeled, describe_children(out_ch)));  // ...is the output's
    CHECK(std::string(out_doc.child("rss").attribute("xmlns:custom").value()) == "https://example.com/ns/custom");
    CHECK(std::string(out_doc.child("rss").attribute("xmlns:googleplay").value()) ==
          "http://www.google.com/schemas/play-podcasts/1.0");
    // Each item keeps its own extension elements in their order; guids are unchanged. (Not a
    // media:content of its audio, which the enclosure says: feed/foreign_elements.hpp.)
    std::vector<std::vector<std::string>> item_unmodeled = {
        {"itunes:summary | Second summary.", "googleplay:description | Second, for Google.",
         "podcast:soundbite startTime=10 duration=30 | A bit"},
        {}};
    CHECK(out.find("<media:content url=\"https://cdn.example.com/2.mp3\"") == std::string::npos);
    std::size_t i = 0;
    for (auto item : out_ch.children("item")) {
        REQUIRE(i < 2);
        CHECK(appears_in_order(item_unmodeled[i], describe_children(item)));
        ++i;
    }
    CHECK(i == 2);
    CHECK(std::string(out_ch.child("item").child_value("guid")) == "ext-2");
    // What is modeled is replaced where it stood: the self link stays first.
    CHECK(std::string(out_ch.first_child().name()) == "atom:link");
    CHECK(std::string(out_ch.first_child().attribute("href").value()) == "https://example.github.io/ext/feed.xml");
}

TEST_CASE("round trip: our own feed.xml as the only source gives the same bytes") {
    test::TempDir first;
    test::copy_site("site", first.path());  // feed + listings + a note, to exercise everything
    test::write(first.path() / "content/episodes/t.md",
                "---\nepisode: torch-trace-and-tlparse\nguests: [Jane Guest]\ntopics: [Logs]\n---\nSee "
                "[ops](episode:higher-order-operators).\n");
    std::string feed1 = build_feed(first.path());

    test::TempDir second;
    test::copy_site("site", second.path());
    fs::remove_all(second.path() / "content/sources");
    test::write(second.path() / "content/sources/feed.xml", feed1);
    test::write(second.path() / "content/episodes/t.md", test::read(first.path() / "content/episodes/t.md"));
    std::string yaml = test::read(second.path() / "site.yaml");
    yaml = yaml.substr(0, yaml.find("  - name: listings"));
    test::write(second.path() / "site.yaml", yaml);
    std::string feed2 = build_feed(second.path());
    CHECK(feed2 == feed1);
}

TEST_CASE("identity guard: a guid the host re-issues is published as before, and said; declared, the new one") {
    test::TempDir dir;
    test::copy_site("site", dir.path());
    test::build_on_disk(dir.path());
    const std::string published = test::read(dir.path() / "public/feed.xml");
    std::string feed = test::read(dir.path() / "content/sources/feed.xml");
    std::string edited = test::replace_first(feed, "8f2a1c8e-0001-4b7e-9d3a-000000000002", "edited-guid");
    test::write(dir.path() / "content/sources/feed.xml", edited);
    // A note names it by the guid it was published under.
    test::write(
        dir.path() / "content/episodes/hop.md",
        "---\nepisode: 8f2a1c8e-0001-4b7e-9d3a-000000000002\nsummary: Named by its published guid.\n---\nA note.\n");
    // (Before, the build failed, and every build after it until the host or the maintainer acted.)
    output::MemoryOutput noted;
    std::string warnings = warnings_building(dir.path(), noted);
    CHECK(test::contains(warnings,
                         "content/sources/feed.xml:39: warning: 1 episode its host re-issued under a new guid keeps "
                         "the guid the archive published (the first: 'Higher order operators', now 'edited-guid', "
                         "published as '8f2a1c8e-0001-4b7e-9d3a-000000000002')"));
    CHECK(test::contains(warnings, "list it under identity_changes in site.yaml"));
    CHECK(test::contains(test::tree(noted).at("episodes/higher-order-operators/index.html"),
                         "Named by its published guid."));
    fs::remove(dir.path() / "content/episodes/hop.md");
    output::MemoryOutput kept;
    warnings_building(dir.path(), kept);
    CHECK(test::tree(kept).at("feed.xml") == published);
    CHECK(test::contains(test::tree(kept).at("feed.json"), "\"id\": \"8f2a1c8e-0001-4b7e-9d3a-000000000002\""));
    // Declared as intended, the new guid is published.
    std::string yaml = test::read(dir.path() / "site.yaml");
    test::write(
        dir.path() / "site.yaml",
        yaml + "identity_changes:\n  - guid: 8f2a1c8e-0001-4b7e-9d3a-000000000002\n    reason: host migration\n");
    output::MemoryOutput meant;
    CHECK_FALSE(test::contains(warnings_building(dir.path(), meant), "re-issued"));
    CHECK(test::contains(test::tree(meant).at("feed.xml"), "<guid isPermaLink=\"false\">edited-guid</guid>"));
    CHECK(test::tree(meant).at("episodes/higher-order-operators/index.html") ==
          test::tree(kept).at("episodes/higher-order-operators/index.html"));
}

TEST_CASE("identity guard: items without a guid whose audio gets a tracking prefix keep the URL apps know them by") {
    // Apps know an item without a guid by its audio URL. Before, a host that put its audio behind
    // a tracking prefix failed the build for every such item ("came back under a new guid"),
    // every day, until someone acted.
    test::TempDir dir;
    auto item = [](const std::string& title, int day, const std::string& prefix) {
        return "<item><title>" + title + "</title><link>https://ng.example/" + title + "</link><pubDate>Mon, 0" +
               std::to_string(day) + " Jan 2024 10:00:00 +0000</pubDate><enclosure url=\"" + prefix +
               "cdn.ng.example/" + title + ".mp3\" length=\"12345678\" type=\"audio/mpeg\"/></item>\n";
    };
    auto feed = [&](const std::string& prefix) {
        return "<rss version=\"2.0\"><channel><title>No guids</title><link>https://ng.example/</link>"
               "<description>d</description>\n" +
               item("two", 2, prefix) + item("one", 1, prefix) + "</channel></rss>\n";
    };
    test::write(dir.path() / "site.yaml",
                "title: No guids\nbase_url: https://example.org/ng/\nsources:\n  - path: feed.xml\n");
    test::write(dir.path() / "feed.xml", feed("https://"));
    test::build_on_disk(dir.path());
    const std::string before = test::read(dir.path() / "public/feed.xml");
    CHECK(test::guids_in(before).empty());
    test::write(dir.path() / "feed.xml", feed("https://dts.podtrac.com/redirect.mp3/"));
    output::MemoryOutput out;
    const std::string warnings = warnings_building(dir.path(), out);
    const std::string after = test::tree(out).at("feed.xml");
    CHECK(test::guids_in(after) ==
          std::vector<std::string>{"https://cdn.ng.example/two.mp3", "https://cdn.ng.example/one.mp3"});
    CHECK(test::contains(after, "url=\"https://dts.podtrac.com/redirect.mp3/cdn.ng.example/two.mp3\""));
    CHECK(test::contains(after, "<link>https://ng.example/two</link>"));  // (its own link, as before)
    CHECK(test::contains(warnings, "2 items keep their guids with new audio URLs"));
    CHECK_FALSE(test::contains(warnings, "re-issued"));
}

TEST_CASE("identity guard: a rerun the host posts under a new guid is published beside the original, and said") {
    // Before, the build failed ("have the host remove the copy"), though a first build from the
    // same feed publishes both items, and the host's own subscribers had the rerun.
    test::TempDir dir;
    test::copy_site("site", dir.path());
    test::build_on_disk(dir.path());
    const fs::path source = dir.path() / "content/sources/feed.xml";
    const std::string feed = test::read(source);
    const std::string rerun =
        "<item>\n      <guid isPermaLink=\"false\">rerun-003</guid>\n      <title>Rerun: TORCH_TRACE</title>\n"
        "      <enclosure length=\"14851200\" type=\"audio/mpeg\" url=\"https://cdn.simplecast.com/audio/aaa/"
        "episodes/003/audio/default_tc.mp3?aid=rss_feed&amp;feed=fixture\"/>\n"
        "      <pubDate>Mon, 06 May 2024 00:01:00 -0700</pubDate>\n    </item>\n    <item>";
    test::write(source, test::replace_first(feed, "<item>", rerun));
    output::MemoryOutput out;
    CHECK(test::contains(warnings_building(dir.path(), out),
                         "content/sources/feed.xml:23: warning: 1 published episode is in the feed again under a new "
                         "guid, beside the item apps have (the first: 'TORCH_TRACE and tlparse' (guid "
                         "'8f2a1c8e-0001-4b7e-9d3a-000000000003'), again as 'rerun-003')"));
    const auto guids = test::guids_in(test::tree(out).at("feed.xml"));
    CHECK(std::count(guids.begin(), guids.end(), "rerun-003") == 1);
    CHECK(std::count(guids.begin(), guids.end(), "8f2a1c8e-0001-4b7e-9d3a-000000000003") == 1);
}

TEST_CASE(
    "identity guard: against a published feed, a vanished or re-issued episode fails; a moved audio file and a "
    "repost are one line each") {
    using feed::Before;
    auto item = [](std::string guid, std::string url, std::string title, std::string day) {
        return feed::ItemIdentity{std::move(guid), std::move(url), "", "", 0, std::move(title), std::move(day)};
    };
    const std::vector<feed::ItemIdentity> before = {
        item("a", "https://x/a.mp3", "A", "2024-01-01"), item("b", "https://x/b.mp3", "B", "2024-01-02"),
        item("c", "https://x/c.mp3", "C", "2024-01-03"), item("d", "https://x/d.mp3", "D", "2024-01-04"),
        item("e", "https://x/e.mp3", "E", "2024-01-05")};
    const std::vector<feed::ItemIdentity> now = {
        item("a", "https://x/a.mp3", "A", "2024-01-01"),
        item("b", "https://cdn.y/b.mp3", "B", "2024-01-02"),    // moved to another host: routine
        item("c", "https://trk.z/x/c.mp3", "C", "2024-01-03"),  // a tracking prefix: routine
        item("d2", "https://x/d-v2.mp3", "D", "2024-01-04"),    // re-issued: the same title on the same day, a new guid
        item("e", "https://x/e.mp3", "E", "2024-01-05"),
        item("e2", "https://x/e.mp3", "E (again)", "2024-02-05"),  // the same audio under a new guid, beside the old
    };
    auto check = feed::compare_identities(now, before, "old.xml", Before::published, {});
    // (Given these items, the guard refuses a re-issue; the merge keeps the published guid first:
    // merge/published.hpp.)
    REQUIRE(check.errors.size() == 1);
    CHECK(check.errors[0].message.starts_with("'D' (guid 'd') came back under a new guid 'd2' (it was 'd')"));
    REQUIRE(check.warnings.size() == 2);
    CHECK(check.warnings[0].message.starts_with("2 items keep their guids with new audio URLs since old.xml"));
    CHECK(check.warnings[0].message.find("https://x/b.mp3 -> https://cdn.y/b.mp3") != std::string::npos);
    CHECK(
        check.warnings[1].message.starts_with("1 published episode is in the feed again under a new guid, beside "
                                              "the item apps have (the first: 'E' (guid 'e'), again as 'e2')"));
    // Gone without a trace: the episode is lost, and says how it is brought back.
    auto lost = feed::compare_identities({now[0]}, {before[0], before[1]}, "old.xml", Before::published, {});
    REQUIRE(lost.errors.size() == 1);
    CHECK(lost.errors[0].message.find("'B' (guid 'b') (https://x/b.mp3) is no longer in the archive") !=
          std::string::npos);
    CHECK(lost.errors[0].message.find("podarchive fetch") != std::string::npos);
    // A rerun gone, its original still there: lost, not "come back under a new guid" (they were
    // two items of the same audio).
    auto rerun_lost = feed::compare_identities({now[4]}, {before[4], now[5]}, "old.xml", Before::published, {});
    REQUIRE(rerun_lost.errors.size() == 1);
    CHECK(
        rerun_lost.errors[0].message.starts_with("'E (again)' (guid 'e2') (https://x/e.mp3) is no longer in the "
                                                 "archive"));
    // A host that emptied its feed: the first 20 are listed, the rest counted in one line.
    std::vector<feed::ItemIdentity> many;
    for (int i = 0; i < 100000; ++i)
        many.push_back(item("g" + std::to_string(i), "https://x/" + std::to_string(i) + ".mp3", "T", "2024-01-01"));
    auto emptied = feed::compare_identities({}, many, "old.xml", Before::published, {});
    REQUIRE(emptied.errors.size() == 21);
    CHECK(emptied.errors[20].message == "and 99980 more items the same way (100000 in all; the first 20 are above)");
    // identity_changes lists the exceptions, by the old guid or the new one.
    CHECK(
        feed::compare_identities(now, before, "old.xml", Before::published, {{"d", "re-mastered"}, {"e2", "a re-post"}})
            .errors.empty());
    // Against an input feed, the writer may change no audio URL.
    auto input = feed::compare_identities(now, {before[1]}, "feed.xml", Before::input, {});
    REQUIRE(input.errors.size() == 1);
    CHECK(input.errors[0].message.starts_with(
        "'B' (guid 'b') changed its audio URL from https://x/b.mp3 to https://cdn.y/b.mp3"));
}

TEST_CASE("identity guard: an item whose only file is an image or a PDF is no episode apps had") {
    // A feed an earlier podarchive wrote carried such items as episodes; read back, by its text
    // (the types) or from the build record (the URLs' extensions), they are not, so the first
    // build that leaves them out of feed.xml passes.
    const std::string feed =
        "<rss version=\"2.0\"><channel><title>x</title>\n"
        "<item><guid>photo</guid><enclosure url=\"https://x.example/p\" type=\"image/jpeg\"/></item>\n"
        "<item><guid>both</guid><enclosure url=\"https://x.example/b.png\"/>"
        "<enclosure url=\"https://x.example/b.mp3\" type=\"audio/mpeg\"/></item>\n"
        "<item><guid>slides</guid><enclosure url=\"https://x.example/s.pdf\"/></item>\n"
        "</channel></rss>";
    auto read = feed::read_identities(feed).value();
    REQUIRE(read.size() == 1);
    CHECK(read[0].guid == "both");
    CHECK(read[0].enclosure_url == "https://x.example/b.mp3");
    auto item = [](std::string guid, std::string url) { return feed::ItemIdentity{guid, url, ""}; };
    auto recorded =
        feed::as_published({item("photo", "https://x.example/p.JPG?w=300"), item("slides", "https://x.example/s.pdf"),
                            item("audio", "https://x.example/a.mp3"), item("stream", "https://x.example/live")});
    REQUIRE(recorded.size() == 2);
    CHECK(recorded[0].guid == "audio");
    CHECK(recorded[1].guid == "stream");
    CHECK(feed::compare_identities({item("audio", "https://x.example/a.mp3"), item("stream", "https://x.example/live")},
                                   recorded, "feed.xml", feed::Before::published, {})
              .errors.empty());
}

TEST_CASE("identity guard: a feed the site wrote tells each item's page, where its <link> is one") {
    // What build reads back of the output folder's feed and of the published one: each episode
    // keeps the slug its page was published at (merge/slugs.hpp).
    const site::SitePaths site("https://u.github.io/tr");
    const std::string feed =
        "<rss version=\"2.0\"><channel><title>x</title><link>https://u.github.io/tr/subscribe/</link>\n"
        "<item><guid>a</guid><link> https://u.github.io/tr/episodes/kitapl%C4%B1klar/ </link>"
        "<enclosure url=\"https://x.example/a.mp3\" type=\"audio/mpeg\"/></item>\n"
        // another site's page, the host's page of an item without guid, not one segment, written
        // otherwise than this site writes it: no slug
        "<item><guid>b</guid><link>https://other.example/tr/episodes/b/</link>"
        "<enclosure url=\"https://x.example/b.mp3\" type=\"audio/mpeg\"/></item>\n"
        "<item><link>https://host.example/episodes/c/</link>"
        "<enclosure url=\"https://x.example/c.mp3\" type=\"audio/mpeg\"/></item>\n"
        "<item><guid>d</guid><link>https://u.github.io/tr/episodes/d/e/</link>"
        "<enclosure url=\"https://x.example/d.mp3\" type=\"audio/mpeg\"/></item>\n"
        "<item><guid>e</guid><link>https://u.github.io/tr/episodes/a%2Fb/</link>"
        "<enclosure url=\"https://x.example/e.mp3\" type=\"audio/mpeg\"/></item>\n"
        "<item><guid>f</guid><link>https://u.github.io/tr/episodes//</link>"
        "<enclosure url=\"https://x.example/f.mp3\" type=\"audio/mpeg\"/></item>\n"
        "</channel></rss>";
    auto read = feed::read_identities(feed, &site).value();
    REQUIRE(read.size() == 6);
    CHECK(read[0].slug == "kitapl\xC4\xB1klar");
    for (std::size_t i = 1; i < read.size(); ++i) CHECK(read[i].slug == "");
    CHECK(feed::read_identities(feed).value()[0].slug == "");  // (no site: no pages to know)
    CHECK(site.episode_slug_at(site.absolute(site::SitePaths::episode_dir("caf\xC3\xA9-2"))) == "caf\xC3\xA9-2");
    // The record's items keep theirs.
    CHECK(feed::as_published({{"a", "https://x.example/a.mp3", "a-slug"}})[0].slug == "a-slug");
}

TEST_CASE("podcast:guid is derived as the Podcasting 2.0 namespace says") {
    // The namespace's own example.
    CHECK(feed::podcast_guid_for("https://mp3s.nashownotes.com/pc20rss.xml") == "917393e3-1b1e-5cef-ace4-edaa54e1f810");
    CHECK(feed::podcast_guid_for("mp3s.nashownotes.com/pc20rss.xml/") == "917393e3-1b1e-5cef-ace4-edaa54e1f810");
}

TEST_CASE("JSON Feed 1.1 has the same items as feed.xml") {
    test::TempDir dir;
    test::copy_site("site", dir.path());
    auto json = nlohmann::json::parse(build_feed(dir.path(), "feed.json"));
    CHECK(json["version"] == "https://jsonfeed.org/version/1.1");
    CHECK(json["feed_url"] == "https://example.github.io/fixture-archive/feed.json");
    REQUIRE(json["items"].size() == 3);
    CHECK(json["items"][0]["id"] == "8f2a1c8e-0001-4b7e-9d3a-000000000003");
    CHECK(json["items"][0]["date_published"] == "2024-04-29T00:01:00-07:00");
    CHECK(json["items"][0]["attachments"][0]["size_in_bytes"] == 14851200);
    CHECK(json["items"][0]["attachments"][0]["duration_in_seconds"] == 928);
    CHECK(json["items"][0]["content_html"].get<std::string>().find("<script") == std::string::npos);
}

TEST_CASE("a host's enclosure length no audio file has is written as unknown, in feed.xml and feed.json") {
    test::TempDir dir;
    test::copy_site("site", dir.path());
    // A placeholder for 17 minutes, and kilobytes for bytes (16,095 for 24 minutes: 89 bits a
    // second); the first item's 14,851,200 bytes for 15 minutes are a size.
    const fs::path input = dir.path() / "content/sources/feed.xml";
    test::write(input,
                test::replace_first(test::replace_first(test::read(input), "length=\"16480000\"", "length=\"1\""),
                                    "length=\"23150000\"", "length=\"16095\""));
    const std::string xml = build_feed(dir.path());
    CHECK(test::contains(xml,
                         "<enclosure url=\"https://dts.podtrac.com/redirect.mp3/cdn.simplecast.com/audio/aaa/"
                         "episodes/002/audio/default_tc.mp3\" length=\"0\""));
    CHECK(test::contains(xml, "episodes/001/audio/default_tc.mp3\" length=\"0\""));
    CHECK(test::contains(xml, "length=\"14851200\""));
    const auto json = nlohmann::json::parse(build_feed(dir.path(), "feed.json"));
    REQUIRE(json["items"].size() == 3);
    CHECK(json["items"][0]["attachments"][0]["size_in_bytes"] == 14851200);
    CHECK_FALSE(json["items"][1]["attachments"][0].contains("size_in_bytes"));
    CHECK_FALSE(json["items"][2]["attachments"][0].contains("size_in_bytes"));
}

TEST_CASE("feed.xml is checked item by item, where write_feed says its items are") {
    test::TempDir dir;
    test::copy_site("site", dir.path());
    const auto config = config::load_config(dir.path() / "site.yaml");
    // Two flaws of the host's, in the second item: no duration, an audio type Apple does not list.
    std::string input = test::read(dir.path() / "content/sources/feed.xml");
    input = test::replace_first(input, "<itunes:duration>1030</itunes:duration>", "");
    input = test::replace_first(input, "type=\"audio/mpeg\"", "type=\"audio/ogg\"");
    const site::SiteContent content = content_of(config, input);

    const feed::FeedResult feed = feed::write_feed(config, content);
    REQUIRE(feed.items.size() == 3);
    REQUIRE(feed.item_offsets.size() == feed.items.size() + 1);
    for (std::size_t i = 0; i < feed.items.size(); ++i) {
        CAPTURE(i);
        CHECK(feed.xml.compare(feed.item_offsets[i], 10, "    <item>") == 0);
        CHECK(feed.xml.compare(feed.item_offsets[i + 1] - 12, 12, "    </item>\n") == 0);
    }
    CHECK(feed.xml.substr(feed.item_offsets.back()) == "  </channel>\n</rss>\n");

    const auto by_item = feed::lint_feed_by_item(feed.xml, feed.item_offsets);
    const auto whole = feed::lint_feed(feed.xml);
    std::set<std::string> rules;
    for (const auto& f : by_item) rules.insert(f.rule);
    CHECK(rules.count("apple-duration"));
    CHECK(rules.count("apple-media-type"));
    REQUIRE(by_item.size() == whole.size());
    for (std::size_t i = 0; i < whole.size(); ++i) {
        CAPTURE(whole[i].message);
        CHECK(by_item[i].rule == whole[i].rule);
        CHECK(by_item[i].line == (feed::about_input(whole[i]) ? 0 : whole[i].line));
        CHECK(by_item[i].item == whole[i].item);
        CHECK(by_item[i].where == whole[i].where);
    }
}

TEST_CASE("feed.xml written in pieces: whole items a megabyte at a time, the text write_feed makes, checked in parts") {
    test::TempDir dir;
    test::copy_site("site", dir.path());
    const auto config = config::load_config(dir.path() / "site.yaml");
    // 1,500 items of about 2 KB each (3 MB): three pieces and more. One has a flaw of its own.
    std::string input = test::read(dir.path() / "content/sources/feed.xml");
    const auto first = input.find("    <item>"), end = input.rfind("</item>") + 8;
    std::string items;
    const std::string words(1800, 'w');
    for (int i = 0; i < 1500; ++i)
        items += "    <item>\n      <guid isPermaLink=\"false\">g-" + std::to_string(i) +
                 "</guid>\n      <title>Item " + std::to_string(i) +
                 "</title>\n      <enclosure length=\"12000000\" type=\"audio/mpeg\" url=\"https://cdn.example.com/" +
                 std::to_string(i) + ".mp3\"/>\n      <pubDate>" +
                 dates::format_rfc822(dates::Timestamp{1700000000 - i * 86400LL, 0, true}) + "</pubDate>\n" +
                 (i == 700 ? "" : "      <itunes:duration>600</itunes:duration>\n") + "      <description>" + words +
                 "</description>\n    </item>\n";
    input.replace(first, end - first, items);
    const site::SiteContent content = content_of(config, input);

    const feed::FeedResult whole = feed::write_feed(config, content);
    std::vector<std::string> pieces;
    const feed::FeedResult in_pieces =
        feed::write_feed_in_pieces(config, content, [&](std::string_view piece) { pieces.emplace_back(piece); });
    CHECK(in_pieces.xml.empty());
    REQUIRE(pieces.size() >= 3);
    std::string text;
    for (const auto& piece : pieces) {
        CHECK(piece.size() < (std::size_t{1} << 20) + 8192);  // (a megabyte and the item that passed it)
        text += piece;
        // Each piece but the last ends where an item ends.
        if (&piece != &pieces.back())
            CHECK(std::binary_search(whole.item_offsets.begin(), whole.item_offsets.end(), text.size()));
    }
    CHECK(text == whole.xml);
    CHECK(in_pieces.item_offsets == whole.item_offsets);
    REQUIRE(in_pieces.items.size() == 1500);
    CHECK(in_pieces.items[700].guid == whole.items[700].guid);

    // Checked in parts of about a megabyte, each item read once: the findings of the whole text.
    // One about a value the input had is located in the input by a build, and its line in
    // feed.xml is not looked for (the whole text read again for it).
    std::size_t largest = 0, read = 0;
    const feed::FeedText parts{text.size(), [&](std::string& to, std::size_t offset, std::size_t count) {
                                   largest = std::max(largest, count);
                                   read += count;
                                   to.append(text, offset, count);
                                   return true;
                               }};
    std::vector<feed::CheckedItem> checked(1500);
    auto found = feed::lint_feed_by_item(parts, in_pieces.item_offsets, checked);
    auto expected = feed::lint_feed(text);
    REQUIRE(found.size() == expected.size());
    REQUIRE(found.size() == 1);
    CHECK(found[0].rule == "apple-duration");
    CHECK(found[0].line == 0);
    CHECK(expected[0].line > 5000);  // (in the second piece)
    CHECK(read == text.size());
    CHECK(largest < (std::size_t{1} << 20) + 8192);
    CHECK(std::count_if(checked.begin(), checked.end(), [](const auto& c) { return c.clean; }) == 1499);
    // One in feed.xml's own text (a duration of the same length, in the item after it) is on
    // its line.
    const std::size_t flawed = text.find("<itunes:duration>600<", whole.item_offsets[701]);
    REQUIRE(flawed < whole.item_offsets[702]);
    text.replace(flawed, 21, "<itunes:duration>6 0<");
    checked.assign(1500, {});  // (the item's text is another now)
    found = feed::lint_feed_by_item(parts, in_pieces.item_offsets, checked);
    expected = feed::lint_feed(text);
    REQUIRE(found.size() == 2);
    CHECK(found[1].rule == "apple-duration-format");
    CHECK(found[1].line == expected[1].line);
    CHECK(found[1].line > expected[0].line);
    // A text that cannot be read back is an error, not a feed passed unread.
    const feed::FeedText unreadable{text.size(), [](std::string&, std::size_t, std::size_t) { return false; }};
    const auto unread = feed::lint_feed_by_item(unreadable, in_pieces.item_offsets, checked);
    REQUIRE(unread.size() == 1);
    CHECK(unread[0].level == feed::LintLevel::error);
    CHECK(unread[0].message == "the feed's text cannot be read back");
}

TEST_CASE("feed.xml copied from the one written before, for any episodes, is the feed written whole") {
    test::TempDir dir;
    test::copy_site("site", dir.path());
    auto config = config::load_config(dir.path() / "site.yaml");
    // A re-post (a second item with the first one's audio, under another guid: one episode,
    // two items), between two plain episodes.
    std::string input = test::read(dir.path() / "content/sources/feed.xml");
    const auto first = input.find("<item>"), end = input.find("</item>", first) + 7;
    std::string repost = input.substr(first, end - first);
    repost = test::replace_first(repost, "8f2a1c8e-0001-4b7e-9d3a-000000000003", "reposted-guid");
    input.insert(end, "\n    " + repost);
    const site::SiteContent content = content_of(config, input);
    REQUIRE(content.catalog.episodes.size() == 3);
    REQUIRE(content.catalog.episodes[0].other_feed_items.size() == 1);

    auto write = [&](const std::set<std::string>& unchanged, std::size_t* copies) {
        const feed::FeedResult whole = feed::write_feed(config, content);
        const feed::WrittenFeed written{whole.item_offsets, whole.items, whole.left_out_of_items};
        const feed::FeedBefore before{feed::feed_text(whole.xml), written,
                                      [&](const std::string& slug) { return unchanged.contains(slug); }};
        const feed::FeedResult again = feed::write_feed(config, content, &before);
        *copies = again.copied.size();
        // (The copied runs are named, not read: the text written now is all but them.)
        std::size_t copied_bytes = 0;
        for (const auto& run : again.copied) copied_bytes += run.count;
        CHECK(again.xml.size() + copied_bytes == whole.xml.size());
        CHECK(feed::whole_text(again, before) == whole.xml);
        CHECK(again.item_offsets == whole.item_offsets);
        REQUIRE(again.items.size() == whole.items.size());
        for (std::size_t i = 0; i < whole.items.size(); ++i) {
            CHECK(again.items[i].guid == whole.items[i].guid);
            CHECK(again.items[i].slug == whole.items[i].slug);
            CHECK(again.items[i].line == whole.items[i].line);
        }
        CHECK(again.warnings.size() == whole.warnings.size());
        return whole.items.size();
    };
    const std::string reposted = content.catalog.episodes[0].slug, middle = content.catalog.episodes[1].slug,
                      last = content.catalog.episodes[2].slug;
    for (const std::set<std::string>& unchanged :
         std::vector<std::set<std::string>>{{reposted, middle, last}, {reposted}, {middle}, {reposted, last}, {}}) {
        CAPTURE(unchanged.size());
        std::size_t copies = 0;
        CHECK(write(unchanged, &copies) == 4);
        // Runs of unchanged episodes are copied in one piece each.
        const std::size_t runs = unchanged.size() == 3 ? 1 : unchanged.size() == 2 ? 2 : unchanged.size();
        CHECK(copies == runs);
    }
    // With archive pages nothing is copied, and the feed is the same.
    config.feed_limit = 2;
    std::size_t copies = 0;
    write({reposted, middle, last}, &copies);
    CHECK(copies == 0);
}

// An input item's attributes stay, each name once (the first; pugixml lets a repeated one
// through), without its default namespace; an item of 100,000 of them took 15 s when each was
// looked up among those copied before.
TEST_CASE("an item's attributes are copied once each, the first of a repeated name, thousands too") {
    std::string item = "<item xmlns=\"urn:default\" xmlns:z=\"urn:z\" a=\"1\" b=\"2\" a=\"3\"";
    for (int i = 0; i < 100000; ++i) item += " n" + std::to_string(i) + "=\"v\"";
    item += "><title>T</title></item>";
    pugi::xml_document input, out;
    REQUIRE(input.load_string(item.c_str()));
    pugi::xml_node copy = out.append_child("item");
    copy.append_attribute("b") = "ours";
    feed::write_merged(copy, input.child("item"), feed::PrefixMap(), {});
    CHECK_FALSE(copy.attribute("xmlns"));
    CHECK(std::string(copy.attribute("xmlns:z").value()) == "urn:z");
    CHECK(std::string(copy.attribute("a").value()) == "1");
    CHECK(std::string(copy.attribute("b").value()) == "ours");
    std::size_t count = 0, named_a = 0;
    for (auto a : copy.attributes()) ++count, named_a += std::string_view(a.name()) == "a";
    CHECK(count == 3 + 100000);  // b, xmlns:z, a and the n's
    CHECK(named_a == 1);
    CHECK(std::string(copy.child("title").text().get()) == "T");
}

// A prefix bound on an element is bound inside it and no further; an inner binding hides an
// outer one (looked up by prefix: an element of 50,000 declarations took 2 s when each name
// was looked up through all of them).
TEST_CASE("namespace prefixes bound on elements hold inside them only, the innermost first") {
    std::string many;
    for (int i = 0; i < 50000; ++i) many += " xmlns:q" + std::to_string(i) + "=\"urn:q" + std::to_string(i) + "\"";
    const std::string item =
        "<item><title>T</title>"
        "<p:a xmlns:p=\"https://podcastindex.org/namespace/1.0\"" +
        many +
        ">"
        "<p:b xmlns:p=\"urn:other\"/><p:c/></p:a>"
        "<p:d/>"   // (bound by the root)
        "<q7:e/>"  // (bound only on p:a: left out)
        "</item>";
    pugi::xml_document doc;
    REQUIRE(doc.load_string(item.c_str()));
    const std::vector<std::pair<std::string, std::string>> declared = {
        {"xmlns:p", "https://podcastindex.org/namespace/1.0"}};
    feed::LeftOut left_out;
    feed::drop_foreign(doc.child("item"), feed::RootNamespaces(declared), left_out);
    const pugi::xml_node a = doc.child("item").child("p:a");
    REQUIRE(a);
    CHECK_FALSE(a.child("p:b"));  // (its p is another namespace: foreign)
    CHECK(a.child("p:c"));        // (p:a's p again)
    CHECK(doc.child("item").child("p:d"));
    CHECK_FALSE(doc.child("item").child("q7:e"));
    CHECK(left_out.foreign_elements == 1);
    CHECK(left_out.undeclared.at("q7") == 1);
}

// SE Radio's items name their MP3 twice, as <media:content> and as the <enclosure>: gPodder's
// parser took the first, the host's file, where feed.xml's enclosure may be the archive's copy.
TEST_CASE("an item's media:content of its audio or video is left to the enclosure; its images stay") {
    const std::string item =
        "<item><title>T</title>"
        "<media:content fileSize=\"65935863\" type=\"audio/mpeg\" url=\"http://feedproxy.example/e240.mp3\"/>"
        "<media:content medium=\"video\" url=\"https://cdn.example/e240\"/>"
        "<media:content type=\"image/jpeg\" url=\"https://cdn.example/e240.jpg\"/>"
        "<mrss:group><mrss:content url=\"https://cdn.example/e240.m4a\"/><mrss:thumbnail "
        "url=\"https://cdn.example/t.jpg\"/>"
        "</mrss:group>"
        "<enclosure length=\"65935863\" type=\"audio/mpeg\" url=\"http://feedproxy.example/e240.mp3\"/></item>";
    pugi::xml_document doc;
    REQUIRE(doc.load_string(item.c_str()));
    const std::vector<std::pair<std::string, std::string>> declared = {
        {"xmlns:media", "http://search.yahoo.com/mrss/"}, {"xmlns:mrss", "https://www.rssboard.org/media-rss"}};
    feed::LeftOut left_out;
    feed::drop_foreign(doc.child("item"), feed::RootNamespaces(declared), left_out);
    const pugi::xml_node copied = doc.child("item");
    std::vector<std::string> contents;
    for (const pugi::xpath_node& x : copied.select_nodes(".//*[local-name()='content']"))
        contents.push_back(x.node().attribute("url").value());
    CHECK(contents == std::vector<std::string>{"https://cdn.example/e240.jpg"});
    CHECK(copied.child("mrss:group").child("mrss:thumbnail"));
    CHECK(copied.child("enclosure"));
    CHECK(left_out.foreign_elements == 0);  // (replaced, as the enclosure: nothing to warn of)
    // The channel's own media:content (its trailer, say) is the channel's.
    pugi::xml_document channel;
    REQUIRE(channel.load_string("<channel><media:content url=\"https://cdn.example/trailer.mp3\"/></channel>"));
    feed::drop_foreign(channel.child("channel"), feed::RootNamespaces(declared), left_out);
    CHECK(channel.child("channel").child("media:content"));
}

// pugixml frees a removed element's subtree by recursion: a host's element of a namespace apps
// do not read, 200,000 levels deep, overflowed the stack when feed.xml left it out.
TEST_CASE("a foreign element nested 200,000 deep is left out without recursion") {
    const std::size_t depth = 200000;
    std::string item = "<item><title>T</title>";
    for (std::size_t i = 0; i < depth; ++i) item += "<x:b>";
    for (std::size_t i = 0; i < depth; ++i) item += "</x:b>";
    item += "</item>";
    pugi::xml_document doc;
    REQUIRE(doc.load_string(item.c_str()));
    feed::LeftOut left_out;
    const std::vector<std::pair<std::string, std::string>> declared = {{"xmlns:x", "urn:x"}};
    feed::drop_foreign(doc.child("item"), feed::RootNamespaces(declared), left_out);
    CHECK(left_out.foreign_elements == 1);
    CHECK_FALSE(doc.child("item").child("x:b"));
    CHECK(doc.child("item").child("title"));
}

TEST_CASE("elements of a namespace feed.xml copies are copied 16 deep, under any number of declarations") {
    // (feed.xml indents each level: 200,000 levels made a copy of 40 GB. And each item's
    // elements were looked up among all the root's declarations, copied for every item.)
    std::string item = "<item><title>T</title><media:group><media:content url=\"https://x/a.jpg\"/></media:group>";
    for (int i = 0; i < 200000; ++i) item += "<media:group>";
    for (int i = 0; i < 200000; ++i) item += "</media:group>";
    item += "</item>";
    pugi::xml_document doc;
    REQUIRE(doc.load_string(item.c_str()));
    std::vector<std::pair<std::string, std::string>> declared;
    for (int i = 0; i < 100000; ++i) declared.emplace_back("xmlns:p" + std::to_string(i), "urn:p" + std::to_string(i));
    declared.emplace_back("xmlns:media", "http://search.yahoo.com/mrss/");
    const feed::RootNamespaces root(declared);
    feed::LeftOut left_out;
    feed::drop_foreign(doc.child("item"), root, left_out);
    CHECK(left_out.too_deep == 1);
    CHECK(left_out.foreign_elements == 0);
    CHECK(doc.child("item").first_element_by_path("media:group/media:content").attribute("url").value() ==
          std::string("https://x/a.jpg"));
    pugi::xml_node n = doc.child("item").child("media:group").next_sibling("media:group");
    int depth = 0;
    for (; n; n = n.child("media:group")) ++depth;
    CHECK(depth == static_cast<int>(feed::k_max_copied_depth));
    CHECK(feed::left_out_messages(left_out).front() ==
          "1 element nested more than 16 deep under an item or the channel is left out of feed.xml, with what it "
          "holds: no podcast app reads elements nested so deep; remove them at the host to silence this");
}

#include <doctest/doctest.h>

#include "sources/read_source.hpp"
#include "sources/rss_reader.hpp"
#include "support.hpp"

using sources::read_rss;

TEST_CASE("a Simplecast-style feed: channel and items") {
    std::string text = test::read(test::fixture("feeds/simplecast_style.xml"));
    auto batch = read_rss(text, {"feed", "feed.xml"});
    CHECK(batch.diagnostics.empty());
    REQUIRE(batch.channel);
    CHECK(batch.channel->title == "Fixture & Friends Podcast");
    CHECK(batch.channel->description == "A <b>fixture</b> show for tests.");
    CHECK(batch.channel->author == "Jane Host");
    CHECK(batch.channel->image_url == "https://img.example.com/fixture/3000x3000/art.jpg?aid=rss_feed");
    CHECK(batch.channel->explicit_flag == "false");
    CHECK(batch.channel->owner_email == "jane@example.com");
    CHECK(batch.channel->podcast_guid == "917393e3-1b1e-5cef-ace4-edaa54e1f810");
    CHECK(batch.channel->self_url == "https://feeds.example.com/fixture");
    REQUIRE(batch.channel->categories.size() == 1);
    CHECK(batch.channel->categories[0].subcategory == "How To");

    REQUIRE(batch.records.size() == 3);
    const auto& first = batch.records[0];
    CHECK(first.guid == "8f2a1c8e-0001-4b7e-9d3a-000000000003");
    CHECK_FALSE(first.guid_is_permalink);
    CHECK(first.title == "TORCH_TRACE and tlparse");
    REQUIRE(first.date);
    CHECK(util::format_iso8601(*first.date) == "2024-04-29T00:01:00-07:00");
    REQUIRE(first.duration);
    CHECK(first.duration->seconds == 928);
    REQUIRE(first.enclosure);
    CHECK(first.enclosure->url == "https://cdn.simplecast.com/audio/aaa/episodes/003/audio/default_tc.mp3?aid=rss_feed&feed=fixture");
    CHECK(first.enclosure->length == 14851200);
    CHECK(first.episode_number == 3);
    CHECK(first.season == 1);
    CHECK(first.episode_type == "full");
    CHECK(first.keywords == "pytorch, logging");
    CHECK(first.content_html.starts_with("<p>TORCH_TRACE and tlparse are a structured log"));
    CHECK(first.from.source == "feed");
    CHECK(first.from.file == "feed.xml");
    CHECK(first.from.line == 23);
    CHECK(first.from.end_line == 38);

    CHECK(batch.records[1].date->offset_minutes == -420);  // PDT
    CHECK(batch.records[1].duration->seconds == 1030);
    CHECK(batch.records[1].description_truncated);
    CHECK(batch.records[2].duration->seconds == 1447);     // MM:SS
}

TEST_CASE("a malformed feed is one located error") {
    std::string text = test::read(test::fixture("feeds/malformed.xml"));
    auto batch = read_rss(text, {"feed", "malformed.xml"});
    REQUIRE(batch.diagnostics.size() == 1);
    CHECK(core::format(batch.diagnostics[0]).starts_with("malformed.xml:7:"));
    CHECK(batch.diagnostics[0].message.find("malformed XML") == 0);
    CHECK(batch.records.empty());
}

TEST_CASE("XML that is not RSS says what it found") {
    auto batch = read_rss(test::read(test::fixture("feeds/not_rss.xml")), {"feed", "atom.xml"});
    REQUIRE(batch.diagnostics.size() == 1);
    CHECK(core::format(batch.diagnostics[0]) == "atom.xml:2:1: error: expected an RSS 2.0 feed (<rss><channel>...), found <feed>");
}

TEST_CASE("unreadable values are warnings naming the line") {
    std::string text =
        "<rss version=\"2.0\" xmlns:itunes=\"http://www.itunes.com/dtds/podcast-1.0.dtd\"><channel><title>x</title>\n"
        "<item><title>A</title>\n<pubDate>not a date</pubDate>\n<itunes:duration>forever</itunes:duration></item>\n"
        "</channel></rss>";
    auto batch = read_rss(text, {"feed", "f.xml"});
    REQUIRE(batch.records.size() == 1);
    CHECK_FALSE(batch.records[0].date);
    REQUIRE(batch.diagnostics.size() == 2);
    CHECK(core::format(batch.diagnostics[0]).starts_with("f.xml:3: warning: cannot read pubDate 'not a date'"));
    CHECK(batch.diagnostics[0].severity == core::Severity::warning);
}

TEST_CASE("entity expansion cannot blow up") {
    std::string text = "<?xml version=\"1.0\"?><!DOCTYPE lolz [<!ENTITY lol \"lol\"><!ENTITY lol2 \"&lol;&lol;&lol;&lol;\">]>"
                       "<rss version=\"2.0\"><channel><title>&lol2;</title></channel></rss>";
    auto batch = read_rss(text, {"feed", "f.xml"});
    REQUIRE(batch.channel);
    CHECK(batch.channel->title.size() < 100);
}

TEST_CASE("the kind of a source is recognised from its content") {
    CHECK(sources::detect_kind("<?xml version=\"1.0\"?><rss>", "x.txt") == "rss");
    CHECK(sources::detect_kind("\xEF\xBB\xBF<rss>", "x") == "rss");
    CHECK(sources::detect_kind("[ {\"title\": 1} ]", "x") == "records");
    CHECK(sources::detect_kind("- title: a\n", "list.yaml") == "records");
    CHECK(sources::detect_kind("just some text", "x.txt").empty());
}

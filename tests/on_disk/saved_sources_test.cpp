#include "on_disk/saved_sources.hpp"

#include <doctest/doctest.h>

#include "config/site_config.hpp"
#include "merge/merge.hpp"
#include "support.hpp"

namespace fs = std::filesystem;

namespace {

core::Provenance at(const std::string& what) {
    return {"src-" + what, what + ".xml", 3, 9, "page https://example.com/" + what};
}

dates::Timestamp moment(std::int64_t seconds) {
    return {seconds, 120, true, true};
}

// An episode with every field set to something no other field has: a field the file leaves out
// comes back as its default, and the episodes differ.
core::Episode every_field() {
    core::Episode e;
    e.slug = "slug";
    e.guid = "guid";
    e.guid_is_permalink = e.guid_derived = e.title_derived = true;
    e.title = "title";
    e.description = "<p>description</p>";
    e.description_is_html = e.description_truncated = true;
    e.date = moment(1700000000);
    e.duration = dates::Duration{3723, false};
    e.enclosure = core::Enclosure{"https://example.com/a.mp3", "audio/mpeg", 12345};
    e.copy = core::AudioCopy{"https://mirror.example/a.mp3", "audio/mpeg", 999, "ab12", true, "2026-01-02", 61.5};
    e.page_url = "https://host.example/e";
    e.apple_url = "https://podcasts.apple.com/x?i=1";
    e.image = "https://example.com/e.jpg";
    e.episode_type = "bonus";
    e.explicit_flag = "true";
    e.keywords = "k1, k2";
    e.categories = {"Tech", "Science"};
    e.episode_number = 12;
    e.season = -3;
    e.listen_on = {{"Apple Podcasts", "https://podcasts.apple.com/e"}};
    e.seen_in = {"feed", "apple"};
    e.seen_at = {"https://a.example/", "https://b.example/"};
    e.sources = {{"title", {"feed", "feed.xml", 7}}, {"date", {"note:x.md", "content/x.md", 2}}};
    e.records = {{{0, 3, 9}, "guid"}, {{1, 20, 31}, "title+date"}};
    e.feed_item_xml = text::SharedText("<item><title>title</title></item>");
    e.feed_item_from = {0, 5, 8};
    e.other_feed_items = {{"g2",
                           true,
                           "repost",
                           moment(1700000100),
                           {"https://example.com/b.mp3", "audio/mpeg", {}},
                           text::SharedText("<item/>"),
                           at("other")}};
    e.transcript_links = {{"https://example.com/t.vtt", "text/vtt"}};
    e.chapters_link = core::MediaLink{"https://example.com/c.json", "application/json+chapters"};
    e.chapters.list = {{1.5, "Opening", "https://example.com/o", "https://example.com/o.jpg", false}};
    e.chapters.origin = core::ChapterOrigin::feed_inline;
    e.chapters.from = at("chapters");
    e.persons = {{"Ada", "guest", "cast", "https://ada.example", "https://ada.example/a.jpg"}};
    e.soundbites = {{12.5, 30.25, "The moment"}};
    e.funding = {{"https://fund.example", "Support"}};
    e.value.type = "lightning";
    e.value.recipients = {{"Host", 90, false}, {"App", 10, true}};
    e.links = {
        {core::FeedLink::Kind::podroll, "Other show", "https://other.example", "rss", "https://other.example/f"}};
    return e;
}

core::Catalog catalog_with_every_field() {
    core::Catalog c;
    core::Channel& ch = c.channel;
    ch.title = "t", ch.description = "d", ch.link = "https://show.example", ch.language = "de", ch.author = "a";
    ch.copyright = "c", ch.image_url = "https://show.example/i.jpg", ch.explicit_flag = "false", ch.type = "serial";
    ch.owner_name = "o", ch.owner_email = "o@example.com", ch.podcast_guid = "pg", ch.locked = "yes";
    ch.locked_owner = "lo@example.com", ch.self_url = "https://show.example/feed",
    ch.new_feed_url = "https://new.example";
    ch.generator = "gen";
    ch.categories = {{"Technology", "Software How-To", 14}};
    ch.funding = {{"https://fund.example", "Fund"}};
    ch.value.type = "hive";
    ch.value.recipients = {{"Show", 1, false}};
    ch.persons = {{"Host", "host", "cast", "", ""}};
    ch.links = {{core::FeedLink::Kind::license, "CC BY", "", "", ""}};
    ch.file = "content/sources/feed.xml", ch.line = 4;
    ch.root_attributes = {{"xmlns:itunes", "http://www.itunes.com/dtds/podcast-1.0.dtd"}};
    ch.raw_xml = "<channel/>";
    c.announced = core::AnnouncedCount{83, at("apple")};
    c.episodes = {every_field(), core::Episode{}};
    c.conflicts = {{"slug", "date", "kept", "feed", "other", "apple"}};
    c.dropped = {{at("dropped"), "no title"}};
    c.record_origins = {{"feed", "content/sources/feed.xml", ""}, {"apple", "apple.html", "wayback:20210304050607"}};
    return c;
}

}  // namespace

TEST_CASE("the kept merge reads back as written, every field, and only for the inputs it names") {
    test::TempDir dir;
    const fs::path file = dir.path() / ".public.merged";
    const core::Catalog catalog = catalog_with_every_field();
    std::vector<stages::InputFeed> feeds = {
        {"content/sources/feed.xml",
         {{"g", "https://example.com/a.mp3", "slug", "feed.xml", 12, "title", "2023-11-14", "https://host/a.mp3"}}}};
    std::vector<core::Diagnostic> warnings = {core::warning_at({"feed.xml", 3, 5}, "a warning", "<line>")};
    REQUIRE(on_disk::write_saved_sources(file, "fp1", catalog, feeds, warnings));

    auto back = on_disk::read_saved_sources(file, "fp1");
    REQUIRE(back);
    CHECK(back->catalog.episodes == catalog.episodes);
    const core::Channel& a = back->catalog.channel;
    const core::Channel& b = catalog.channel;
    CHECK(std::tie(a.title, a.description, a.link, a.language, a.author, a.copyright, a.image_url, a.explicit_flag,
                   a.type, a.owner_name, a.owner_email, a.podcast_guid, a.locked, a.locked_owner, a.self_url,
                   a.new_feed_url, a.generator, a.funding, a.value, a.persons, a.links, a.file, a.line,
                   a.root_attributes, a.raw_xml) ==
          std::tie(b.title, b.description, b.link, b.language, b.author, b.copyright, b.image_url, b.explicit_flag,
                   b.type, b.owner_name, b.owner_email, b.podcast_guid, b.locked, b.locked_owner, b.self_url,
                   b.new_feed_url, b.generator, b.funding, b.value, b.persons, b.links, b.file, b.line,
                   b.root_attributes, b.raw_xml));
    REQUIRE(a.categories.size() == 1);
    CHECK(a.categories[0].subcategory == "Software How-To");
    CHECK(a.categories[0].line == 14);
    CHECK(back->catalog.announced == catalog.announced);
    REQUIRE(back->catalog.conflicts.size() == 1);
    CHECK(back->catalog.conflicts[0].other_source == "apple");
    REQUIRE(back->catalog.dropped.size() == 1);
    CHECK(back->catalog.dropped[0].from == at("dropped"));
    CHECK(back->catalog.record_origins == catalog.record_origins);
    REQUIRE(back->input_feeds.size() == 1);
    CHECK(back->input_feeds[0].items[0].host_enclosure_url == "https://host/a.mp3");
    CHECK(back->input_feeds[0].items[0].line == 12);
    REQUIRE(back->warnings.size() == 1);
    CHECK(core::format(back->warnings[0]) == core::format(warnings[0]));

    // Of other inputs, damaged or cut: none.
    CHECK_FALSE(on_disk::read_saved_sources(file, "fp2"));
    CHECK_FALSE(on_disk::read_saved_sources(file, ""));
    std::string bytes = test::read(file);
    std::string damaged = bytes;
    damaged[damaged.size() / 2] ^= 1;
    test::write(file, damaged);
    CHECK_FALSE(on_disk::read_saved_sources(file, "fp1"));
    test::write(file, bytes.substr(0, bytes.size() - 9));
    CHECK_FALSE(on_disk::read_saved_sources(file, "fp1"));
    CHECK_FALSE(on_disk::read_saved_sources(dir.path() / "none", "fp1"));
}

TEST_CASE("a real merge reads back the same, but for the transcripts the listening stage reads") {
    test::TempDir dir;
    test::copy_site("site", dir.path());
    const auto config = config::load_config(dir.path() / "site.yaml");
    auto batches = stages::load_sources(config);
    const core::Catalog catalog = merge::merge(batches);
    REQUIRE(catalog.episodes.size() > 5);
    const fs::path file = dir.path() / ".public.merged";
    REQUIRE(on_disk::write_saved_sources(file, "f", catalog, stages::input_feeds(batches), {}));
    auto back = on_disk::read_saved_sources(file, "f");
    REQUIRE(back);
    CHECK(back->catalog.episodes == catalog.episodes);
    CHECK(back->catalog.channel.raw_xml == catalog.channel.raw_xml);
    CHECK(back->input_feeds.size() == stages::input_feeds(batches).size());

    core::Catalog heard = catalog;
    heard.episodes[0].transcript = core::SharedTranscript(core::Transcript{{{0, 1, "A", "words"}}, true, ""});
    REQUIRE(on_disk::write_saved_sources(file, "f", heard, {}, {}));
    back = on_disk::read_saved_sources(file, "f");
    REQUIRE(back);
    CHECK_FALSE(back->catalog.episodes[0].transcript);
}

TEST_CASE("a merge just kept shares its feed items with the file written, which the feed stage then reads") {
    test::TempDir dir;
    const fs::path file = dir.path() / ".public.merged";
    stages::MergeResult merge{catalog_with_every_field(), {}, {}};
    const core::Catalog before = merge.catalog;
    files::binary::Written written;
    REQUIRE(on_disk::write_saved_sources(file, "fp1", merge.catalog, merge.input_feeds, merge.warnings, &written));
    on_disk::share_saved_sources(written, merge);
    REQUIRE(written.bytes);
    const std::string_view bytes = written.bytes->view();  // (the file written, mapped)
    auto inside = [&](const text::SharedText& t) {
        return !t.empty() && t.view().data() >= bytes.data() &&
               t.view().data() + t.size() <= bytes.data() + bytes.size();
    };
    CHECK(merge.catalog.episodes == before.episodes);
    int shared = 0;
    for (const auto& e : merge.catalog.episodes) {
        CHECK((e.feed_item_xml.empty() || inside(e.feed_item_xml)));
        for (const auto& other : e.other_feed_items) CHECK(inside(other.raw_xml));
        shared += inside(e.feed_item_xml) + static_cast<int>(e.other_feed_items.size());
    }
    CHECK(shared >= 2);
    // Read back after an edit, the same file shares them too.
    auto back = on_disk::read_saved_sources(file, "fp1");
    REQUIRE(back);
    CHECK(back->catalog.episodes == before.episodes);
    // Both hold the file they view: the next build's merge written over it changes neither.
    REQUIRE(on_disk::write_saved_sources(file, "fp2", core::Catalog(), {}, {}));
    CHECK(back->catalog.episodes == before.episodes);
    CHECK(merge.catalog.episodes == before.episodes);
    // Not written (no folder to write into): the items stay their own.
    stages::MergeResult unkept{catalog_with_every_field(), {}, {}};
    auto items_at = [](const core::Catalog& c) {
        std::vector<const char*> at;
        for (const auto& e : c.episodes) at.push_back(e.feed_item_xml.view().data());
        return at;
    };
    const std::vector<const char*> own = items_at(unkept.catalog);
    files::binary::Written none;
    CHECK_FALSE(on_disk::write_saved_sources(dir.path() / "no" / "such", "fp1", unkept.catalog, {}, {}, &none));
    on_disk::share_saved_sources(none, unkept);
    CHECK_FALSE(none.bytes);
    CHECK(items_at(unkept.catalog) == own);
    CHECK(unkept.catalog.episodes == before.episodes);
}

// The four directory pages we were given, read by their adapters, checked against the text.
#include <doctest/doctest.h>

#include "sources/apple_page.hpp"
#include "sources/itunes_lookup.hpp"
#include "sources/player_fm_page.hpp"
#include "sources/pod_casts_io_page.hpp"
#include "sources/podbean_page.hpp"
#include "sources/read_source.hpp"
#include "support.hpp"

namespace {
std::string seed(const char* prefix) {
    for (const auto& entry : std::filesystem::directory_iterator(test::fixture("seeds")))
        if (entry.path().filename().string().starts_with(prefix)) return test::read(entry.path());
    FAIL("no seed " << prefix);
    return {};
}
const core::Record* titled(const sources::SourceBatch& b, const std::string& title) {
    for (const auto& r : b.records)
        if (r.title == title) return &r;
    return nullptr;
}
}  // namespace

TEST_CASE("each seed page is recognised from its content") {
    CHECK(sources::detect_kind(seed("000"), "a.txt") == core::SourceKind::podbean);
    CHECK(sources::detect_kind(seed("001"), "a.txt") == core::SourceKind::pod_casts_io);
    CHECK(sources::detect_kind(seed("002"), "a.txt") == core::SourceKind::player_fm);
    CHECK(sources::detect_kind(seed("003"), "a.txt") == core::SourceKind::apple_page);
    CHECK(sources::detect_kind(test::read(test::fixture("itunes/lookup.json")), "x.json") ==
          core::SourceKind::itunes_lookup);
}

TEST_CASE("Podbean page: five episodes, app adverts rejected") {
    auto b = sources::read_podbean_page(seed("000"), {"podbean", "000.txt", ""});
    REQUIRE(b.records.size() == 5);
    const char* titles[] = {"Compiler collectives", "TORCH_TRACE and tlparse", "Higher order operators",
                            "Inductor - Post-grad FX passes", "CUDA graph trees"};
    for (std::size_t i = 0; i < 5; ++i) CHECK(b.records[i].title == titles[i]);
    const auto& first = b.records[0];
    CHECK(dates::format_iso8601(*first.date) == "2024-08-04T01:47:00+00:00");
    CHECK_FALSE(first.date->has_zone);
    CHECK(first.description.ends_with("See also PR at https://github.com/pytorch/pytorch/pull/130935"));
    CHECK_FALSE(first.description_truncated);
    for (const auto& r : b.records) CHECK_FALSE(r.description_truncated);  // Podbean shows them whole
    CHECK(b.records[2].description.ends_with("They are implemented using a Python dispatcher."));
    CHECK(first.from.line == 11);
    CHECK(first.from.end_line == 15);
    for (const auto& r : b.records) CHECK(r.title.find("Podcast") == std::string::npos);
}

TEST_CASE("pod.casts.io page: thirty episodes with dates, lengths and descriptions") {
    auto b = sources::read_pod_casts_io_page(seed("001"), {"pci", "001.txt", ""});
    REQUIRE(b.records.size() == 30);
    CHECK(b.records.front().title == "Batching");
    CHECK(b.records.back().title == "Code generation");
    const auto* det = titled(b, "torch.use_deterministic_algorithms");
    REQUIRE(det);
    CHECK(dates::format_iso8601(*det->date) == "2021-07-21T13:00:00+00:00");
    CHECK(det->duration->seconds == 600);
    CHECK_FALSE(det->duration->exact);
    CHECK(det->description.find("There are some errors in the recording") != std::string::npos);
    const auto* probot = titled(b, "pytorch-probot");
    REQUIRE(probot);
    CHECK(dates::format_iso8601(*probot->date) == "2021-07-12T14:28:00+00:00");
    CHECK_FALSE(probot->description_truncated);  // ends with a URL: complete
    CHECK(b.records.front().from.line == 3);
    CHECK(b.records.front().from.end_line == 8);
    CHECK_FALSE(titled(b, "Related Pytorch Topics"));
}

TEST_CASE("pod.casts.io page without blank lines: each entry's description ends at the next entry") {
    // The seed page's entries without the blank lines between them (as a capture may give
    // them): each description once stopped only at a blank line, so every entry took the rest
    // of the page, and a page of 20,000 entries took all of memory.
    std::string page = "Latest Episodes\n\n";
    for (int i = 0; i < 2000; ++i)
        page += "Title " + std::to_string(i) + "\nShow - August 18, 2021 13:00 - 13 minutes\nWhat episode " +
                std::to_string(i) + " is about.\nAnd a second line.\n";
    auto b = sources::read_pod_casts_io_page(page, {"pci", "p.txt", ""});
    REQUIRE(b.records.size() == 2000);
    for (std::size_t i = 0; i < b.records.size(); ++i) {
        CAPTURE(i);
        CHECK(b.records[i].title == "Title " + std::to_string(i));
        CHECK(b.records[i].description == "What episode " + std::to_string(i) + " is about. And a second line.");
        CHECK(b.records[i].from.line == static_cast<int>(3 + 4 * i));
        CHECK(b.records[i].from.end_line == static_cast<int>(6 + 4 * i));
    }
}

TEST_CASE("Player FM page: the featured episode once, thirty list entries, no sponsor") {
    auto b = sources::read_player_fm_page(seed("002"), {"pfm", "002.txt", ""});
    REQUIRE(b.records.size() == 31);
    const auto& featured = b.records[0];
    CHECK(featured.title == "Learning rate schedulers");
    CHECK(featured.description.starts_with("What\xE2\x80\x99s a learning rate?"));
    CHECK(featured.from.line == 16);
    CHECK(featured.from.end_line == 23);  // the block repeated twice is one record
    std::size_t titled_entries = 0;
    for (const auto& r : b.records) {
        CHECK(r.description.find("woman") == std::string::npos);      // the sponsored show
        CHECK(r.description.find("Player FM") == std::string::npos);  // the app's own text
        titled_entries += !r.title.empty();
    }
    CHECK(titled_entries == 6);  // the featured one and five list entries with "1 <title> MM:SS"
    const auto* loader = titled(b, "DataLoader with multiple workers leaks memory");
    REQUIRE(loader);
    CHECK(loader->duration->seconds == 998);
    CHECK(loader->duration->exact);
    CHECK(loader->description.starts_with("Today I'm going to talk about a famous issue"));
    CHECK(b.records[1].description.starts_with("Compiler collectives are a PT2 feature"));
    CHECK(b.records[1].title.empty());
    CHECK(b.records.back().description.starts_with("What are CUDA graphs?"));
    CHECK(b.records.back().description_truncated);  // ends with "…"
}

TEST_CASE("Apple page: eight episodes, titles split off, OCR damage undone, reviews rejected") {
    auto b = sources::read_apple_page(seed("003"), {"apple", "003.txt", ""});
    REQUIRE(b.records.size() == 8);
    struct Row {
        const char* title;
        const char* day;
        int minutes;
        const char* apple_id;
    };
    const Row rows[] = {
        {"Compiler collectives", "2024-08-04", 17, "1000664250427"},
        {"TORCH_TRACE and tlparse", "2024-04-29", 15, "1000653855355"},
        {"Higher order operators", "2024-04-21", 17, "1000653132140"},
        {"Inductor Post-grad FX passes", "2024-04-12", 24, "1000652368503"},  // id split across lines
        {"CUDA graph trees", "2024-03-24", 21, "1000650290952"},
        {"Min-cut partitioner", "2024-03-17", 16, "1000649524531"},
        {"AOTInductor", "2024-03-02", 18, "1000647852991"},
        {"Tensor subclasses and PT2", "2024-02-24", 13, ""},  // link cut off by the capture
    };
    for (std::size_t i = 0; i < 8; ++i) {
        CAPTURE(i);
        CHECK(b.records[i].title == rows[i].title);
        CHECK(dates::format_day(*b.records[i].date) == rows[i].day);
        CHECK(b.records[i].duration->seconds == rows[i].minutes * 60);
        CHECK(b.records[i].apple_id == rows[i].apple_id);
    }
    CHECK(b.records[0].description.starts_with("Compiler collectives are a PT2 feature"));
    CHECK(b.records[1].description.starts_with("TORCH_TRACE and tlparse are"));  // markdown escape undone
    CHECK(b.records[2].description.find("**") == std::string::npos);
    CHECK(b.records[2].description.find(" 17 ") == std::string::npos);  // the length is not text
    CHECK(b.records[3].from.line == 23);
    CHECK(b.records[3].from.end_line == 25);
}

TEST_CASE("iTunes lookup API: episodes only, with Apple's guid and the audio URL") {
    auto b =
        sources::read_itunes_lookup(test::read(test::fixture("itunes/lookup.json")), {"itunes", "lookup.json", ""});
    CHECK(b.diagnostics.empty());
    REQUIRE(b.records.size() == 2);
    const auto& r = b.records[0];
    CHECK(r.title == "TORCH_TRACE and tlparse");
    CHECK(dates::format_iso8601(*r.date) == "2024-04-29T07:01:00+00:00");
    CHECK(r.duration->seconds == 928);
    CHECK(r.apple_episode_guid == "8f2a1c8e-0001-4b7e-9d3a-000000000003");
    CHECK(r.enclosure->url == "https://cdn.simplecast.com/audio/aaa/episodes/003/audio/default_tc.mp3?aid=rss_feed");
    CHECK(r.apple_id == "1000653855355");
    CHECK(r.from.line == 15);
    CHECK(r.from.end_line == 31);
    CHECK(b.records[1].duration->seconds == 1030);
    auto bad = sources::read_itunes_lookup("{\"results\": 3}", {"itunes", "bad.json", ""});
    REQUIRE(bad.diagnostics.size() == 1);
    CHECK(bad.records.empty());
}

TEST_CASE("iTunes lookup API: a length beyond any real episode is no length, not a conversion (UB)") {
    auto b = sources::read_itunes_lookup(
        R"({"results": [{"wrapperType": "podcastEpisode", "trackName": "Long", "trackTimeMillis": 1e30},
                        {"wrapperType": "podcastEpisode", "trackName": "Real", "trackTimeMillis": 928000}]})",
        {"itunes", "big.json"});
    REQUIRE(b.records.size() == 2);
    CHECK_FALSE(b.records[0].duration);
    REQUIRE(b.records[1].duration);
    CHECK(b.records[1].duration->seconds == 928);
}

TEST_CASE("iTunes lookup API: an episode with nothing to know it by is skipped, with a warning") {
    auto b = sources::read_itunes_lookup(
        "{\"results\": [\n {\"wrapperType\": \"podcastEpisode\", \"trackName\": \"Named\"},\n"
        " {\"wrapperType\": \"podcastEpisode\", \"releaseDate\": \"2024-04-29T07:01:00Z\", \"episodeUrl\": \"a "
        "b\"}\n]}",
        {"itunes", "thin.json"});
    REQUIRE(b.records.size() == 1);
    CHECK(b.records[0].title == "Named");
    REQUIRE(b.diagnostics.size() == 1);
    CHECK(core::format(b.diagnostics[0]) ==
          "thin.json:3: warning: episode has no trackName, description, episodeUrl, trackViewUrl, trackId or "
          "episodeGuid; skipped");
}

TEST_CASE("directory pages: the count of episodes a page announces, and where") {
    auto podbean = sources::parse_source(seed("000"), {"podbean", "000.txt", ""}, core::SourceKind::podbean);
    REQUIRE(podbean.announced);
    CHECK(podbean.announced->episodes == 83);  // "20 Followers 83 Episodes Claim Ownership"
    CHECK(podbean.announced->line == 6);
    auto player_fm = sources::parse_source(seed("002"), {"pfm", "002.txt", ""}, core::SourceKind::player_fm);
    REQUIRE(player_fm.announced);
    CHECK(player_fm.announced->episodes == 83);  // "83 פרקים", Player FM's Hebrew edition
    CHECK(sources::announced_count("Episode List\n\nWe recorded 12 episodes in a row.\n") == std::nullopt);
    CHECK(sources::announced_count("1,234 Episodes\n") == std::nullopt);  // (not a count this reads)
    CHECK(sources::announced_count("Followers: 3\n12 episodes\n")->episodes == 12);
}

TEST_CASE("every kind site.yaml can name has an adapter that reads it") {
    for (const std::string& name : core::kind_names()) {
        CAPTURE(name);
        const core::SourceKind kind = *core::kind_named(name);
        const sources::SourceBatch batch = sources::parse_source("", {"s", "s.txt", ""}, kind);
        for (const auto& d : batch.diagnostics) CHECK(d.message.find("cannot tell what kind") == std::string::npos);
    }
    // A kind no adapter reads is named as such.
    const sources::SourceBatch none = sources::parse_source("", {"s", "s.txt", ""}, core::SourceKind::unknown);
    REQUIRE(none.diagnostics.size() == 1);
    CHECK(none.diagnostics[0].message.find("cannot tell what kind") != std::string::npos);
}

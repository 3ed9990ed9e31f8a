#include "merge/merge.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <set>

#include "core/slug.hpp"
#include "html/html_sanitizer.hpp"
#include "merge/normalize.hpp"
#include "merge/report.hpp"
#include "text/normalize.hpp"
#include "text/strings.hpp"
#include "text/unicode.hpp"

namespace {
core::Record rec(const std::string& title, const char* date = nullptr) {
    core::Record r;
    r.title = title;
    if (date) r.date = dates::parse_any_date(date);
    return r;
}
sources::SourceBatch batch(const std::string& name, core::SourceKind kind, std::vector<core::Record> records) {
    for (std::size_t i = 0; i < records.size(); ++i)
        records[i].from = {name, name + ".txt", static_cast<int>(i + 1), static_cast<int>(i + 1)};
    return {{name, name + ".txt"}, kind, std::move(records), {}, {}};
}
}  // namespace

TEST_CASE("normalization for matching") {
    CHECK(text::match_form("TORCH\\_TRACE and tlparse") == text::match_form("TORCH_TRACE and tlparse"));
    CHECK(text::match_form("Inductor - Post-grad FX passes") == text::match_form("Inductor Post-grad FX passes"));
    CHECK(text::match_form("17 is \xD0\xB0 min") == "17 is a min");             // Cyrillic a
    CHECK(text::clean_text("Portugu\xC3\x83\xC2\xAAs") == "Portugu\xC3\xAAs");  // mojibake undone
    CHECK(merge::is_prefix_match(
        merge::description_form(
            "Higher order operators are a special form of operators in torch.ops which have relaxed ...", false),
        merge::description_form("Higher order operators are a special form of operators in torch.ops which have "
                                "relaxed input argument requirements.",
                                false)));
}

TEST_CASE("similar titles: the same words in another order, or a small spelling distance") {
    auto similar = [](std::string_view a, std::string_view b) {
        const std::string fa = text::match_form(a), fb = text::match_form(b);
        return merge::similar_titles(fa, merge::sorted_words(fa), fb, merge::sorted_words(fb), 0.8);
    };
    CHECK(merge::sorted_words("the to the a zeta a") == "a the to zeta");
    CHECK(merge::sorted_words("").empty());
    // OCR moves words: every word shared, far apart as spelled.
    CHECK(similar("Inductor post grad FX passes and the pattern matcher",
                  "the pattern matcher and Inductor post grad FX passes"));
    // Eight of nine words shared (8/10): similar by words, not by spelling.
    CHECK(similar("one two three four five six seven eight nine", "nine eight seven six five four three two ten one"));
    CHECK_FALSE(
        similar("one two three four five six seven eight nine", "nine eight seven six five four three ten eleven"));
    CHECK(similar("Tensor subclasses and PT2", "Tensor subclases and PT2"));  // a letter dropped
    CHECK_FALSE(similar("Tensor subclasses and PT2", "Dynamic shapes and PT2"));
    CHECK_FALSE(similar("", "Tensor subclasses"));
}

TEST_CASE("a long description's form is read from its start alone, and is the form of the whole text") {
    // What the form was before it read only a prefix: the whole text stripped, then cut.
    auto whole_form = [](std::string_view text, bool is_html) {
        std::string plain = is_html ? html::strip_tags(text) : std::string(text);
        std::string_view body = text::trim(plain);
        if (body.size() > 500) body = text::truncate_code_points(body, 500);
        for (std::string_view marker : {"...", "\xE2\x80\xA6"})
            if (body.ends_with(marker)) body.remove_suffix(marker.size());
        return text::match_form(body);
    };
    // Tags, entities, multi-byte letters and runs of white space fall across every cut point.
    std::string html, text;
    for (int i = 0; i < 400; ++i) {
        html += "<p class=\"x\">Caf\xC3\xA9 &amp; <a href=\"https://example.com/" + std::to_string(i) +
                "\">link</a> &#233;t\xC3\xA9   </p>\n";
        text += "Word" + std::to_string(i) + " caf\xC3\xA9 \xE2\x80\x94   ";
    }
    for (std::size_t len : {100u, 499u, 2047u, 2048u, 2049u, 2100u, 5000u, 8191u, 8192u, 8200u, 20000u}) {
        CAPTURE(len);
        for (std::size_t shift = 0; shift < 40; ++shift) {
            std::string_view h = std::string_view(html).substr(shift, len);
            std::string_view t = std::string_view(text).substr(shift, len);
            CHECK(merge::description_form(h, true) == whole_form(h, true));
            CHECK(merge::description_form(t, false) == whole_form(t, false));
        }
    }
    // Markup heavy enough that 2,048 bytes hold fewer than 500 characters of text.
    std::string heavy;
    for (int i = 0; i < 300; ++i)
        heavy += "<span class=\"a-very-long-class-name-for-markup\">w" + std::to_string(i) + "</span> ";
    CHECK(merge::description_form(heavy, true) == whole_form(heavy, true));
    CHECK(merge::description_form(heavy, true).size() > 400);
}

TEST_CASE("linking: guid, enclosure, title and date; never two records of one source") {
    auto feed_a = rec("Compiler collectives", "2024-08-04T01:47:46+00:00");
    feed_a.guid = "g1";
    feed_a.enclosure = core::Enclosure{"https://dts.podtrac.com/redirect.mp3/cdn.x/a.mp3", "audio/mpeg", 10};
    auto feed_b = rec("Strides", "2022-05-30T10:00:00+00:00");
    feed_b.guid = "g2";
    auto listing_a = rec("Compiler collectives");
    listing_a.enclosure = core::Enclosure{"https://cdn.x/a.mp3?aid=rss", "", std::nullopt};
    auto listing_b = rec("strides", "2022-05-31");  // a day later: time zones
    auto listing_c = rec("Strides", "2022-05-30");  // same source as listing_b: never merged with it
    std::vector<sources::SourceBatch> batches = {
        batch("feed", core::SourceKind::rss, {feed_a, feed_b}),
        batch("list", core::SourceKind::records, {listing_a, listing_b, listing_c})};
    auto catalog = merge::merge(batches);
    REQUIRE(catalog.episodes.size() == 3);
    const auto& cc = catalog.episodes[0];
    CHECK(cc.slug == "compiler-collectives");
    REQUIRE(cc.records.size() == 2);
    CHECK(cc.records[1].matched_by == "enclosure");
    CHECK(cc.sources.at("enclosure").source == "feed");
    CHECK(cc.sources.at("guid").source == "feed");
    // The two Strides listings stay apart; the feed's joins one of them.
    CHECK(catalog.episodes[1].title == "Strides");
    CHECK(catalog.episodes[2].title == "Strides");
    CHECK(catalog.episodes[1].records.size() + catalog.episodes[2].records.size() == 3);
    CHECK(catalog.episodes[1].slug != catalog.episodes[2].slug);
}

TEST_CASE("each record names its file once in the catalog, with its own lines") {
    auto kept = rec("Strides", "2022-05-30");
    auto kept_again = rec("Autograd", "2022-05-20");
    auto listed = rec("Strides", "2022-05-30");
    std::vector<sources::SourceBatch> batches = {
        batch("feed", core::SourceKind::rss, {rec("Autograd", "2022-05-20"), kept, kept_again}),
        batch("list", core::SourceKind::records, {listed, rec("Autograd", "2022-05-20")})};
    // Two of the feed's items are kept ones, each from its own capture of the feed.
    batches[0].records[1].from.via = "wayback:20220601000000";
    batches[0].records[2].from.via = "wayback:20220601000000";
    batches[1].records[1].from.line = 40, batches[1].records[1].from.end_line = 47;
    auto catalog = merge::merge(batches);
    const std::vector<core::RecordOrigin> origins = {
        {"feed", "feed.txt", ""}, {"feed", "feed.txt", "wayback:20220601000000"}, {"list", "list.txt", ""}};
    CHECK(catalog.record_origins == origins);
    std::multiset<std::string> places;
    for (const auto& e : catalog.episodes)
        for (const auto& r : e.records) {
            const core::RecordOrigin& from = catalog.origin_of(r.place);
            places.insert(from.file + ":" + std::to_string(r.place.line) + "-" + std::to_string(r.place.end_line) +
                          " " + from.via);
        }
    CHECK(places == std::multiset<std::string>{"feed.txt:1-1 ", "feed.txt:2-2 wayback:20220601000000",
                                               "feed.txt:3-3 wayback:20220601000000", "list.txt:1-1 ",
                                               "list.txt:40-47 "});
    // A number no origin has (a damaged kept merge) names no file.
    CHECK(catalog.origin_of(core::RecordPlace{7, 1, 1}) == core::RecordOrigin{});
}

TEST_CASE("fusion: feed wins identity, longest full description wins, durations conflict") {
    auto feed = rec("Batching", "2021-08-18T13:00:00+00:00");
    feed.guid = "g";
    feed.description = "PyTorch operates on its input data in a batched manner ...";
    feed.description_truncated = true;
    feed.duration = dates::Duration{780, true};
    auto listing = rec("Batching", "2021-08-18");
    listing.description =
        "PyTorch operates on its input data in a batched manner, typically processing multiple batches.";
    listing.duration = dates::Duration{900, true};
    std::vector<sources::SourceBatch> batches = {batch("feed", core::SourceKind::rss, {feed}),
                                                 batch("list", core::SourceKind::records, {listing})};
    auto catalog = merge::merge(batches);
    REQUIRE(catalog.episodes.size() == 1);
    const auto& e = catalog.episodes[0];
    CHECK(e.description == listing.description);
    CHECK(e.sources.at("description").source == "list");
    CHECK(e.sources.at("date").source == "feed");
    CHECK(e.duration->seconds == 780);
    REQUIRE(catalog.conflicts.size() == 1);
    CHECK(catalog.conflicts[0].field == "duration");
    CHECK(catalog.conflicts[0].slug == "batching");
}

TEST_CASE("the records' large texts move into the catalog; each record keeps its identity") {
    auto feed = rec("Batching", "2021-08-18T13:00:00+00:00");
    feed.guid = "g";
    feed.enclosure = core::Enclosure{"https://cdn.example.com/batching.mp3", "audio/mpeg", 10};
    feed.description = "<p>Batching, in short.</p>";
    feed.description_is_html = true;
    feed.content_html = "<p>PyTorch operates on its input data in a batched manner, the whole story.</p>";
    feed.raw_xml = "<item><guid>g</guid><description/></item>";
    auto listing = rec("Batching", "2021-08-18");
    listing.description = "PyTorch operates on its input data in a batched manner.";
    const core::Record feed_before = feed, listing_before = listing;
    std::vector<sources::SourceBatch> batches = {batch("feed", core::SourceKind::rss, {feed}),
                                                 batch("list", core::SourceKind::records, {listing})};
    auto catalog = merge::merge(batches);
    REQUIRE(catalog.episodes.size() == 1);
    const auto& e = catalog.episodes[0];
    CHECK(e.description == feed_before.content_html);
    CHECK(e.feed_item_xml.view() == feed_before.raw_xml);
    // Taken, not copied: what the episode holds is no longer in the record it came from.
    const core::Record& read = batches[0].records[0];
    CHECK(read.content_html.empty());
    CHECK(read.raw_xml.empty());
    // What callers read of the batches afterwards (the feed check's identities) is all there,
    // and a text the episode did not take stays where it was.
    CHECK(read.guid == "g");
    CHECK(read.enclosure == feed_before.enclosure);
    CHECK(read.title == "Batching");
    CHECK(read.date == feed_before.date);
    CHECK(read.from.line == 1);
    CHECK(read.from.file == "feed.txt");
    CHECK(batches[1].records[0].description == listing_before.description);
}

TEST_CASE("the catalog: newest first, then undated episodes in their source's order; each episode moves whole") {
    // Dates in a scrambled order, so that putting the episodes in order moves them in cycles.
    const std::vector<std::pair<std::string, const char*>> dated = {
        {"Ep C", "2021-03-01"}, {"Ep A", "2021-01-01"}, {"Ep F", "2021-06-01"}, {"Ep B", "2021-02-01"},
        {"Ep E", "2021-05-01"}, {"Ep D", "2021-04-01"}, {"Ep H", "2021-08-01"}, {"Ep G", "2021-07-01"}};
    // First in their source, nothing before them dates them: they go last, in the source's order.
    std::vector<core::Record> feed = {rec("Zeta undated"), rec("Alpha undated")};
    for (const auto& [title, date] : dated) {
        auto r = rec(title, date);
        r.guid = "guid-" + title;
        r.duration = dates::Duration{600, true};
        feed.push_back(r);
    }
    auto listing = rec("Ep E", "2021-05-01");
    listing.duration = dates::Duration{900, true};  // disagrees: a conflict, which must name Ep E's slug
    std::vector<sources::SourceBatch> batches = {batch("feed", core::SourceKind::rss, feed),
                                                 batch("list", core::SourceKind::records, {listing})};
    auto catalog = merge::merge(batches);
    std::vector<std::string> titles;
    for (const auto& e : catalog.episodes) titles.push_back(e.title);
    CHECK(titles == std::vector<std::string>{"Ep H", "Ep G", "Ep F", "Ep E", "Ep D", "Ep C", "Ep B", "Ep A",
                                             "Zeta undated", "Alpha undated"});
    for (const auto& [title, date] : dated) {
        auto it = std::find_if(catalog.episodes.begin(), catalog.episodes.end(),
                               [&](const auto& e) { return e.title == title; });
        REQUIRE(it != catalog.episodes.end());
        CHECK(it->guid == "guid-" + title);
        CHECK(it->date->utc_seconds == dates::parse_any_date(date)->utc_seconds);
    }
    REQUIRE(catalog.conflicts.size() == 1);
    CHECK(catalog.conflicts[0].field == "duration");
    CHECK(catalog.conflicts[0].slug == "ep-e");
    CHECK(catalog.episodes[3].slug == "ep-e");
}

TEST_CASE("no guid: the enclosure URL becomes the guid; no title: derived and flagged") {
    core::Record r;
    r.description = "Today I'm going to talk about a famous issue in PyTorch, DataLoader leaks.";
    r.enclosure = core::Enclosure{"https://cdn.x/e.mp3", "audio/mpeg", 5};
    std::vector<sources::SourceBatch> batches = {batch("list", core::SourceKind::records, {r})};
    auto catalog = merge::merge(batches);
    REQUIRE(catalog.episodes.size() == 1);
    CHECK(catalog.episodes[0].guid == "https://cdn.x/e.mp3");
    CHECK_FALSE(catalog.episodes[0].guid_is_permalink);
    CHECK(catalog.episodes[0].title_derived);
    CHECK(catalog.episodes[0].title == "Today I'm going to talk about a famous\xE2\x80\xA6");
    // Each derived field is traced to the field it came from, whatever else was added meanwhile.
    const auto& sources = catalog.episodes[0].sources;
    CHECK(sources.at("guid") == sources.at("enclosure"));
    CHECK(sources.at("title") == sources.at("description"));
    CHECK(sources.at("title").source == "list");
    std::vector<std::string> names;
    for (const auto& [field, from] : sources) names.emplace_back(field);
    CHECK(std::is_sorted(names.begin(), names.end()));
}

TEST_CASE("slugs: another title's slug takes a number in the middle of a run of equal titles") {
    // Oldest first: Same (same), Same 3 (same-3), Same (same-2), Same, Same (same-4, same-5: 3 is
    // taken). (Each used to try every number below its own: 20,000 equal titles took 8 s.)
    std::vector<sources::SourceBatch> batches = {
        batch("list", core::SourceKind::records,
              {rec("Same", "2024-01-05"), rec("Same", "2024-01-04"), rec("Same", "2024-01-03"),
               rec("Same 3", "2024-01-02"), rec("Same", "2024-01-01")})};
    for (std::size_t i = 0; i < batches[0].records.size(); ++i) batches[0].records[i].guid = "g" + std::to_string(i);
    auto catalog = merge::merge(batches);
    REQUIRE(catalog.episodes.size() == 5);
    CHECK(catalog.episodes[0].slug == "same-5");
    CHECK(catalog.episodes[1].slug == "same-4");
    CHECK(catalog.episodes[2].slug == "same-2");
    CHECK(catalog.episodes[3].slug == "same-3");
    CHECK(catalog.episodes[4].slug == "same");
}

TEST_CASE("slugs: collisions get deterministic suffixes, oldest keeps the plain one; unsafe slugs fixed") {
    std::vector<sources::SourceBatch> batches = {batch(
        "list", core::SourceKind::records,
        {rec("Same", "2022-01-01"), rec("Same", "2021-01-01"), rec("!!!", "2020-01-01"), rec("CON", "2019-01-01")})};
    auto catalog = merge::merge(batches);
    REQUIRE(catalog.episodes.size() == 4);
    CHECK(catalog.episodes[0].slug == "same-2");
    CHECK(catalog.episodes[1].slug == "same");
    CHECK(catalog.episodes[2].slug == "episode");
    CHECK(catalog.episodes[3].slug == "con-episode");
}

TEST_CASE("slugs: an episode the site published keeps its page, whatever its title becomes") {
    // Newest first: a title its host corrected (g1, published at its old title's slug), a
    // "Trailer" published at "trailer" (g0), an older "Trailer" recovered from the feed's past
    // (g2: by date alone it would take "trailer" and move g0's page to "trailer-2"), and one whose
    // published slug is none the site could have made (a feed edited by hand: not kept).
    auto slugs = [](const std::vector<std::pair<std::string, std::string>>& published) {
        std::vector<core::Record> records = {rec("Kitapl\xC4\xB1klar (Yeniden)", "2024-03-01"),
                                             rec("Trailer", "2024-02-01"), rec("Trailer", "2023-01-01"),
                                             rec("Hand edited", "2022-05-01")};
        const char* guids[] = {"g1", "g0", "g2", "g4"};
        for (std::size_t i = 0; i < records.size(); ++i) records[i].guid = guids[i];
        std::vector<sources::SourceBatch> batches{batch("feed", core::SourceKind::rss, std::move(records))};
        merge::Published was;
        for (const auto& [guid, slug] : published)
            was.items.push_back({guid, "https://x/" + guid + ".mp3", slug, "", ""});
        std::vector<std::string> out;
        for (const auto& e : merge::merge(batches, was).episodes) out.push_back(e.slug);
        return out;
    };
    CHECK(slugs({}) == std::vector<std::string>{"kitapl\xC4\xB1klar-yeniden", "trailer-2", "trailer", "hand-edited"});
    CHECK(slugs({{"g0", "trailer"}, {"g1", "kitapl\xC4\xB1klar"}, {"g4", "../etc"}, {"gone", "hand-edited"}}) ==
          std::vector<std::string>{"kitapl\xC4\xB1klar", "trailer", "trailer-2", "hand-edited"});
    // Two episodes published at one slug (only a feed edited by hand says so): the older keeps it.
    CHECK(slugs({{"g0", "same"}, {"g2", "same"}}) ==
          std::vector<std::string>{"kitapl\xC4\xB1klar-yeniden", "trailer", "same", "hand-edited"});
    // A published slug that is not how the site writes slugs ("Trailer", a space) is not kept.
    CHECK(slugs({{"g0", "Trailer"}, {"g4", "hand edited"}})[1] == "trailer-2");
}

TEST_CASE("slugs: an episode without audio keeps the page the site's list of pages gives it") {
    // Directory listings without audio, newest first, as a later fetch has them: Apple retitled
    // two (one known by Apple's episode id, one by its guid), another wholly (known by its time
    // of day), one is as it was (published at a numbered slug), one is new, and one without a
    // date retitled is known by its page at its host. The site's episodes.json lists where each
    // was published.
    auto slugs = [](const merge::Published& was) {
        std::vector<core::Record> records = {rec("Higher-order operators, revisited", "2024-04-21"),
                                             rec("Strides, explained", "2024-04-18"),
                                             rec("Passes after the graph is lowered", "2024-04-12T07:00:00Z"),
                                             rec("CUDA graph trees", "2024-03-24"),
                                             rec("A new one", "2024-01-15"),
                                             rec("Reference counting, explained")};
        records[0].apple_url = "https://podcasts.apple.com/us/podcast/higher-order/id1566080008?i=1000653000001";
        records[1].guid = "g-strides";
        records[4].guid = "g-new";
        records[5].page_url = "https://host.example/episodes/reference-counting";
        std::vector<sources::SourceBatch> batches{batch("listing", core::SourceKind::records, std::move(records))};
        std::vector<std::string> out;
        for (const auto& e : merge::merge(batches, was).episodes) out.push_back(e.slug);
        return out;
    };
    const std::int64_t seven_am = dates::parse_iso8601("2024-04-12T07:00:00Z")->utc_seconds;
    merge::Published was;
    was.pages = {
        {"higher-order-operators", "", "1000653000001", "", "Higher order operators", "2024-04-21"},
        {"strides", "g-strides", "", "", "Strides", "2024-04-18"},
        {"inductor-post-grad-fx-passes", "", "", "", "Inductor - Post-grad FX passes", "2024-04-12", seven_am},
        {"cuda-graph-trees-2", "", "", "", "CUDA graph trees", "2024-03-24"},
        {"gone", "", "", "", "An episode no source has now", "2023-01-01"},
        {"reference-counting", "", "", "https://host.example/episodes/reference-counting", "Reference counting", ""}};
    CHECK(slugs({}) == std::vector<std::string>{"higher-order-operators-revisited", "strides-explained",
                                                "passes-after-the-graph-is-lowered", "cuda-graph-trees", "a-new-one",
                                                "reference-counting-explained"});
    CHECK(slugs(was) == std::vector<std::string>{"higher-order-operators", "strides", "inductor-post-grad-fx-passes",
                                                 "cuda-graph-trees-2", "a-new-one", "reference-counting"});
    // A second two pages were published at tells nothing: that episode's page follows its title.
    merge::Published twice = was;
    twice.pages.push_back({"other", "", "", "", "Another at seven", "2024-04-12", seven_am});
    CHECK(slugs(twice)[2] == "passes-after-the-graph-is-lowered");
    // Retitled with nothing else to know it by but its day: the one page of that day left is its.
    merge::Published by_day = was;
    by_day.pages.push_back({"old-name", "", "", "", "Old name", "2024-01-15"});
    CHECK(slugs(by_day)[4] == "old-name");
    // Not when another page of that day is left too; but a title edited (words added, dropped
    // or respelled) is the page of that day with the title it was edited from.
    by_day.pages.push_back({"older-name", "", "", "", "Older name", "2024-01-15"});
    CHECK(slugs(by_day)[4] == "a-new-one");
    by_day.pages.push_back({"first-cut", "", "", "", "A new one, first cut", "2024-01-15"});
    CHECK(slugs(by_day)[4] == "first-cut");
    // Not when two pages of that day have it edited from theirs.
    by_day.pages.push_back({"second-cut", "", "", "", "A new one, second cut", "2024-01-15"});
    CHECK(slugs(by_day)[4] == "a-new-one");
    // A page a feed's item keeps for an episode is that one's: the list's entry gives it no other.
    merge::Published item_first = was;
    item_first.items.push_back({"g-new", "", "strides", "Strides", "2024-01-15"});
    CHECK(slugs(item_first) == std::vector<std::string>{"higher-order-operators", "strides-explained",
                                                        "inductor-post-grad-fx-passes", "cuda-graph-trees-2", "strides",
                                                        "reference-counting"});
}

TEST_CASE("slugs: a long title's second episode keeps its numbered page when retitled") {
    // Two episodes of one title longer than a slug's 80 bytes: the newer is "<80 bytes>-2", which
    // slugify (that cuts at 80) would not write. Published so, it is the site's page all the same.
    const std::string title =
        "Compilers, Profilers, Operators, Schedules, Inductors, Backwards, Functions, "
        "Partition and more";  // (its slug cut at 79 bytes, before "-and")
    auto merged = [&](const std::string& newer_title, const merge::Published& was) {
        std::vector<core::Record> records = {rec(newer_title, "2024-02-01"), rec(title, "2024-01-01")};
        records[0].guid = "new", records[1].guid = "old";
        std::vector<sources::SourceBatch> batches{batch("feed", core::SourceKind::rss, std::move(records))};
        return merge::merge(batches, was);
    };
    const core::Catalog first = merged(title, {});
    const std::string plain = first.episodes[1].slug, numbered = first.episodes[0].slug;
    REQUIRE(plain.size() <= 80);
    REQUIRE(numbered == plain + "-2");
    REQUIRE(core::slugify(numbered) != numbered);
    const merge::Published was{{{"new", "", numbered, title, ""}, {"old", "", plain, title, ""}}, {}};
    const core::Catalog retitled = merged("Corrected", was);
    CHECK(retitled.episodes[0].slug == numbered);
    CHECK(retitled.episodes[1].slug == plain);
    // Not any slug with a number after it: its stem must be one slugify writes.
    for (const char* odd : {"Odd-2", "odd-", "-2"}) {
        CAPTURE(odd);
        const merge::Published was_odd{{{"new", "", odd, title, ""}}, {}};
        CHECK(merged("Corrected", was_odd).episodes[0].slug == "corrected");
    }
}

TEST_CASE("an episode its host re-issued under a new guid keeps the guid and the page it was published at") {
    // Newest first: A re-issued with its audio (a -> a2), B re-issued on the same day under the
    // same title with new audio (b -> b2), C with the audio a published item had whose guid is
    // still another episode's (no re-issue: D has it, its audio moved), D itself, E re-issued.
    auto merged = [](const std::unordered_set<std::string>& meant) {
        std::vector<core::Record> records = {rec("A", "2024-05-01"), rec("B", "2024-04-01"), rec("C", "2024-03-01"),
                                             rec("D", "2024-02-01"), rec("E", "2024-01-01")};
        const char* guids[] = {"a2", "b2", "c", "d", "e2"};
        const char* audio[] = {"a.mp3", "b-v2.mp3", "c.mp3", "d.mp3", "e.mp3"};
        for (std::size_t i = 0; i < records.size(); ++i) {
            records[i].guid = guids[i];
            records[i].enclosure = core::Enclosure{std::string("https://x/") + audio[i], "audio/mpeg", 9};
        }
        std::vector<sources::SourceBatch> batches{batch("feed", core::SourceKind::rss, std::move(records))};
        merge::Published was{{{"a", "https://x/a.mp3", "a-page", "A (old title)", "2020-01-01"},
                              {"b", "https://x/b.mp3", "b-page", "B", "2024-04-01"},
                              {"d", "https://x/c.mp3", "d", "D", "2024-02-01"},
                              {"e", "https://x/e.mp3", "e-page", "E", "2024-01-01"}},
                             meant};
        return merge::merge(batches, was);
    };
    core::Catalog catalog = merged({});
    REQUIRE(catalog.episodes.size() == 5);
    std::vector<std::string> published, feed, slugs;
    for (const auto& e : catalog.episodes)
        published.push_back(e.published_guid), feed.push_back(core::feed_guid(e)), slugs.push_back(e.slug);
    CHECK(published == std::vector<std::string>{"a", "b", "", "", "e"});
    CHECK(feed == std::vector<std::string>{"a", "b", "c", "d", "e"});
    CHECK(catalog.episodes[0].guid == "a2");  // (the host's, for notes, the audio copies and the identity guard)
    CHECK(slugs == std::vector<std::string>{"a-page", "b-page", "c", "d", "e-page"});
    // `podarchive merge` shows both guids of a re-issued episode, the host's among its fields.
    const nlohmann::json report = merge::report_json(catalog);
    CHECK(report["episodes"][0]["published_guid"] == "a");
    CHECK_FALSE(report["episodes"][2].contains("published_guid"));
    CHECK(merge::report_text(catalog).find("a-page  \"A\"  2024-05-01  [published as guid 'a'; its host's is now "
                                           "'a2']\n") != std::string::npos);
    // Listed under identity_changes (by either guid): the new guid is meant, and published; the
    // page stays.
    catalog = merged({"e2", "a"});
    CHECK(core::feed_guid(catalog.episodes[0]) == "a2");
    CHECK(core::feed_guid(catalog.episodes[4]) == "e2");
    CHECK(catalog.episodes[0].slug == "a-page");
    CHECK(catalog.episodes[4].slug == "e-page");
}

TEST_CASE("an item without a guid or date whose audio gets a tracking prefix is the item published with it") {
    // Known by its audio file (net::normalize_media_url), when no other published item or episode
    // has that file: "play.php?ep=3" is "play.php" with the query cut, and is no one's.
    auto merged = [](std::vector<std::string> urls, std::vector<std::string> published_urls) {
        std::vector<core::Record> records;
        for (const auto& url : urls) {
            core::Record r;
            r.title = "T " + url;
            r.enclosure = core::Enclosure{url, "audio/mpeg", 9};
            records.push_back(std::move(r));
        }
        std::vector<sources::SourceBatch> batches{batch("feed", core::SourceKind::rss, std::move(records))};
        merge::Published was;
        for (const auto& url : published_urls) was.items.push_back({url, url, "", "", ""});
        std::vector<std::string> guids;
        for (const auto& e : merge::merge(batches, was).episodes) guids.push_back(core::feed_guid(e));
        return guids;
    };
    CHECK(merged({"https://dts.podtrac.com/redirect.mp3/x.example/f.mp3"}, {"https://x.example/f.mp3"}) ==
          std::vector<std::string>{"https://x.example/f.mp3"});
    CHECK(merged({"https://x.example/play.php?ep=3"},
                 {"https://x.example/play.php?ep=1", "https://x.example/play.php?ep=2"}) ==
          std::vector<std::string>{"https://x.example/play.php?ep=3"});
    CHECK(merged({"https://x.example/play.php?ep=3", "https://x.example/play.php?ep=4"},
                 {"https://x.example/play.php?ep=1"}) ==
          std::vector<std::string>{"https://x.example/play.php?ep=3", "https://x.example/play.php?ep=4"});
}

TEST_CASE("linking rules, one by one") {
    struct Case {
        const char* name;
        core::Record a;
        core::Record b;
        bool linked;
        const char* rule;
    };
    auto with = [](core::Record r, auto fn) {
        fn(r);
        return r;
    };
    std::vector<Case> cases = {
        {"same guid", with(rec("A"), [](auto& r) { r.guid = "g"; }), with(rec("Z"), [](auto& r) { r.guid = "g"; }),
         true, "guid"},
        {"apple guid = feed guid", with(rec("A"), [](auto& r) { r.guid = "g"; }),
         with(rec("Q"), [](auto& r) { r.apple_episode_guid = "g"; }), true, "apple_guid"},
        {"same apple id", with(rec("A"), [](auto& r) { r.apple_id = "1"; }),
         with(rec("B"), [](auto& r) { r.apple_id = "1"; }), true, "apple_id"},
        {"url slug", with(rec("Torch vs ATen APIs"), [](auto&) {}),
         with(core::Record{}, [](auto& r) { r.page_url = "https://x.simplecast.com/episodes/torch-vs-aten-apis"; }),
         true, "url_slug+date"},
        {"url slug with suffix", with(rec("Min-cut partitioner!"), [](auto&) {}),
         with(core::Record{},
              [](auto& r) { r.page_url = "https://x.simplecast.com/episodes/min-cut-partitioner-MvcSsUpR"; }),
         true, "url_slug+date"},
        {"same title, 3 days apart", rec("Strides", "2022-05-30"), rec("Strides", "2022-06-02"), false, ""},
        {"same title, a day apart", rec("Strides", "2022-05-30"), rec("Strides", "2022-05-31"), true, "title+date"},
        {"similar titles", rec("Inductor - Define-by-run IR", "2024-01-24"),
         rec("Inductor Define by run IR.", "2024-01-24"), true, "title+date"},
        {"different titles, same day", rec("CUDA graphs", "2021-06-28"), rec("CUDA graph trees", "2021-06-28"), false,
         ""},
        {"prefix description",
         with(core::Record{},
              [](auto& r) {
                  r.description =
                      "Compiler collectives are a PT2 feature where by compiler instances across multiple ranks use "
                      "NCCL collectives to communicate ...";
              }),
         with(core::Record{},
              [](auto& r) {
                  r.description =
                      "Compiler collectives are a PT2 feature where by compiler instances across multiple ranks use "
                      "NCCL collectives to communicate information.";
              }),
         true, "description+date"},
        {"title in description", rec("PT2 extension points", "2024-02-05"),
         with(core::Record{},
              [](auto& r) {
                  r.description =
                      "We discuss some extension points for customizing PT2 behavior across Dynamo, AOTAutograd and "
                      "Inductor.";
              }),
         true, "title-in-description"},
        {"title in description, same day", rec("PT2 extension points", "2024-02-05"),
         with(core::Record{},
              [](auto& r) {
                  r.description = "We discuss some extension points for customizing PT2 behavior.";
                  r.date = dates::parse_any_date("2024-02-05");
              }),
         true, "title-in-description"},
        {"title in description, a year apart", rec("PT2 extension points", "2024-02-05"),
         with(core::Record{},
              [](auto& r) {
                  r.description = "We discuss some extension points for customizing PT2 behavior.";
                  r.date = dates::parse_any_date("2023-02-05");
              }),
         false, ""},
    };
    for (const auto& c : cases) {
        std::string name = c.name;
        CAPTURE(name);
        std::vector<sources::SourceBatch> batches = {batch("one", core::SourceKind::rss, {c.a}),
                                                     batch("two", core::SourceKind::records, {c.b})};
        auto catalog = merge::merge(batches);
        CHECK(catalog.episodes.size() == (c.linked ? 1u : 2u));
        if (c.linked && catalog.episodes.size() == 1) CHECK(catalog.episodes[0].records[1].matched_by == c.rule);
    }
}

TEST_CASE("fusion: a copy cut short never wins over a longer copy that starts the same way") {
    // The listing's copy stops after a clause with no "…"; Player FM has the paragraph (and
    // its "…"): the longer copy wins, and the page says the notes are cut.
    auto listing = rec("Multiple dispatch in __torch_function__", "2021-08-10");
    listing.description =
        "Python is a single dispatch OO language, but there are some operations such as binary magic methods "
        "which implement a simple form of multiple dispatch. torch_function__ (through its Numpy predecessor "
        "__array_function)";
    auto page = rec("Multiple dispatch in __torch_function__", "2021-08-10");
    page.description =
        "Python is a single dispatch OO language, but there are some operations such as binary magic methods which "
        "implement a simple form of multiple dispatch. torch_function__ (through its Numpy predecessor "
        "__array_function ) "
        "generalizes this mechanism so that invocations of torch.add with different subclasses work properly. Further "
        "reading…";
    page.description_truncated = true;
    std::vector<sources::SourceBatch> batches = {batch("list", core::SourceKind::records, {listing}),
                                                 batch("pfm", core::SourceKind::player_fm, {page})};
    auto catalog = merge::merge(batches);
    REQUIRE(catalog.episodes.size() == 1);
    CHECK(catalog.episodes[0].sources.at("description").source == "pfm");
    CHECK(catalog.episodes[0].description_truncated);
}

TEST_CASE("the catalog: undated episodes form their own group after every dated one") {
    // A listing places an undated entry between dated ones; the catalog does not: a guessed
    // place would put it in the newest-first order and the previous/next chain as if dated.
    std::vector<core::Record> list = {rec("Newest", "2024-01-01"), rec("Undated middle"), rec("Oldest", "2020-01-01")};
    std::vector<sources::SourceBatch> batches = {batch("list", core::SourceKind::records, list)};
    auto catalog = merge::merge(batches);
    std::vector<std::string> titles;
    for (const auto& e : catalog.episodes) titles.push_back(e.title);
    CHECK(titles == std::vector<std::string>{"Newest", "Oldest", "Undated middle"});
}

// The merge on the real seed pages, checked against a hand-made answer.
#include <doctest/doctest.h>

#include <map>
#include <set>

#include "config/site_config.hpp"
#include "merge/merge.hpp"
#include "merge/report.hpp"
#include "stages/notes.hpp"
#include "stages/sources.hpp"
#include "support.hpp"

namespace {
core::Catalog merged_seeds() {
    auto config = config::load_config(test::fixture("seeds_site/site.yaml"));
    auto batches = stages::load_sources(config);
    return merge::merge(batches);
}
const core::Episode* by_slug(const core::Catalog& c, const std::string& slug) {
    for (const auto& e : c.episodes)
        if (e.slug == slug) return &e;
    return nullptr;
}
std::multiset<std::string> sources_of(const core::Catalog& c, const core::Episode& e) {
    std::multiset<std::string> out;
    for (const auto& r : e.records) out.insert(c.origin_of(r.place).source);
    return out;
}
}  // namespace

TEST_CASE("seeds only: every real episode once, none fused, none split") {
    auto catalog = merged_seeds();
    CHECK(catalog.episodes.size() == 47);
    std::size_t records = 0;
    for (const auto& e : catalog.episodes) {
        records += e.records.size();
        // No episode holds two records of one source.
        auto s = sources_of(catalog, e);
        CHECK_MESSAGE(std::set<std::string>(s.begin(), s.end()).size() == s.size(), e.slug);
    }
    CHECK(records == 74);  // 5 + 30 + 31 + 8: every record placed, none dropped

    // The answer for the episodes several pages share.
    const std::map<std::string, std::multiset<std::string>> expected = {
        {"compiler-collectives", {"podbean", "player.fm", "apple"}},
        {"torch-trace-and-tlparse", {"podbean", "player.fm", "apple"}},
        {"higher-order-operators", {"podbean", "player.fm", "apple"}},
        {"inductor-post-grad-fx-passes", {"podbean", "player.fm", "apple"}},
        {"cuda-graph-trees", {"podbean", "player.fm", "apple"}},
        {"min-cut-partitioner", {"player.fm", "apple"}},
        {"aotinductor", {"player.fm", "apple"}},
        {"tensor-subclasses-and-pt2", {"player.fm", "apple"}},
        {"batching", {"pod.casts.io", "player.fm"}},
        {"multiple-dispatch-in-torch-function", {"pod.casts.io", "player.fm"}},
        {"torchuse-deterministic-algorithms", {"pod.casts.io", "player.fm"}},
        {"api-design-via-lexical-and-dynamic-scoping", {"pod.casts.io", "player.fm"}},
        {"cuda-graphs", {"pod.casts.io", "player.fm"}},
        {"code-generation", {"pod.casts.io"}},
        {"learning-rate-schedulers", {"player.fm"}},
        {"dataloader-with-multiple-workers-leaks-memory", {"player.fm"}},
    };
    for (const auto& [slug, sources] : expected) {
        CAPTURE(slug);
        const core::Episode* e = by_slug(catalog, slug);
        REQUIRE(e);
        CHECK(sources_of(catalog, *e) == sources);
    }
    // "CUDA graphs" (2021) and "CUDA graph trees" (2024) are different episodes.
    CHECK(by_slug(catalog, "cuda-graphs") != by_slug(catalog, "cuda-graph-trees"));
}

TEST_CASE("seeds only: fused fields and their sources") {
    auto catalog = merged_seeds();
    const core::Episode* ipg = by_slug(catalog, "inductor-post-grad-fx-passes");
    REQUIRE(ipg);
    CHECK(ipg->title == "Inductor - Post-grad FX passes");  // two pages agree against Apple's
    CHECK(ipg->apple_url.ends_with("?i=1000652368503"));
    CHECK(ipg->sources.at("apple_url").source == "apple");
    CHECK(ipg->duration->seconds == 1440);
    CHECK(ipg->sources.at("date").source == "podbean");  // a time beats a bare day
    const core::Episode* loader = by_slug(catalog, "dataloader-with-multiple-workers-leaks-memory");
    REQUIRE(loader);
    CHECK(loader->duration->seconds == 998);
    CHECK(loader->description.find("github.com/pytorch/pytorch/issues/13246") != std::string::npos);
    // The untitled Player FM entries that no other page has get derived, flagged titles.
    std::size_t derived = 0;
    for (const auto& e : catalog.episodes) derived += e.title_derived;
    CHECK(derived == 7);
}

TEST_CASE("merge --json has the documented shape") {
    auto json = merge::report_json(merged_seeds());
    REQUIRE(json["episodes"].size() == 47);
    const auto& first = json["episodes"][0];
    CHECK(first["slug"] == "compiler-collectives");
    CHECK(first["title"] == "Compiler collectives");
    CHECK(first["date"] == "2024-08-04T01:47:00+00:00");
    CHECK(first["duration_seconds"] == 1020);
    CHECK(first["fields"]["title"]["source"] == "podbean");
    CHECK(first["fields"]["apple_url"]["value"] ==
          "https://podcasts.apple.com/us/podcast/compiler-collectives/id1566080008?i=1000664250427");
    REQUIRE(first["records"].size() == 3);
    CHECK(first["records"][0]["file"] == "../seeds/000_6f302cb97260941e.txt");
    CHECK(first["records"][0]["line"] == 11);
    CHECK(first["records"][0]["end_line"] == 15);
    CHECK(first["records"][0]["matched_by"] == "first");
    CHECK(json["conflicts"].is_array());
    CHECK(json["dropped"].is_array());
}

#include <doctest/doctest.h>

#include <nlohmann/json.hpp>

#include "output/output.hpp"
#include "render/episode_text.hpp"
#include "render/site_info.hpp"
#include "render/search_index.hpp"

namespace {

// The postings of `word` in the index written to `out` (null when it has none).
nlohmann::json postings(const output::MemoryOutput& out, const std::string& word) {
    const std::string* shard = out.find("search/t/" + render::search_shard_key(word) + ".json");
    if (!shard) return nullptr;
    auto json = nlohmann::json::parse(*shard);
    return json.contains(word) ? json[word] : nlohmann::json();
}

}  // namespace

TEST_CASE("the search index counts every distinct word of a long document once, with its weights") {
    core::Catalog catalog;
    core::Episode& long_one = catalog.episodes.emplace_back();
    long_one.slug = "long";
    long_one.title = "Alpha beta";
    for (int i = 0; i < 700; ++i) long_one.description += "w" + std::to_string(i) + " ";  // more words than a table holds at first
    long_one.description += "Alpha ALPHA x " + std::string(41, 'y');                        // one letter, and too long: not words
    core::Episode& other = catalog.episodes.emplace_back();
    other.slug = "other";
    other.title = "Beta";
    other.description = "w5 w5 w5";
    const render::SiteInfo site(render::SitePaths{"https://example.com/"});
    output::MemoryOutput out;
    render::write_search_index(catalog, notes::Curation(), site, out);

    for (int i = 0; i < 700; ++i) {
        const std::string word = "w" + std::to_string(i);
        CAPTURE(word);
        CHECK(postings(out, word) == (i == 5 ? nlohmann::json::parse("[[0,1],[1,3]]") : nlohmann::json::parse("[[0,1]]")));
    }
    CHECK(postings(out, "alpha") == nlohmann::json::parse("[[0,10]]"));  // the title's 8 and the text's 1 twice
    CHECK(postings(out, "beta") == nlohmann::json::parse("[[0,8],[1,8]]"));
    CHECK(postings(out, "x").is_null());
    CHECK(postings(out, std::string(41, 'y')).is_null());
}

TEST_CASE("the search index's shards are written as nlohmann's dump() writes them") {
    core::Catalog catalog;
    for (int i = 0; i < 120; ++i) {  // doc numbers of one to three digits; scores summed past 40 (cut there)
        core::Episode& e = catalog.episodes.emplace_back();
        e.slug = "e" + std::to_string(i);
        e.title = "Café naïve " + std::to_string(i * 7919) + (i % 3 == 0 ? " déjà déjà" : "");
        for (int n = 0; n < i % 50; ++n) e.description += "again ";
    }
    render::SiteInfo site(render::SitePaths{"https://example.com/"});
    site.texts = std::make_shared<render::TextCache>(catalog, 1);  // (read on several threads: made first, as a build does)
    output::MemoryOutput out;
    render::write_search_index(catalog, notes::Curation(), site, out);
    std::size_t shards = 0;
    for (const auto& [path, text] : out.files()) {
        if (!path.starts_with("search/t/")) continue;
        ++shards;
        CAPTURE(path);
        CHECK(nlohmann::json::parse(*text).dump() == *text);
    }
    CHECK(shards > 5);
    CHECK(postings(out, "café") == nlohmann::json::parse(R"([[0,8],[1,8],[2,8],[3,8],[4,8],[5,8],[6,8],[7,8],[8,8],[9,8],[10,8],[11,8],[12,8],[13,8],[14,8],[15,8],[16,8],[17,8],[18,8],[19,8],[20,8],[21,8],[22,8],[23,8],[24,8],[25,8],[26,8],[27,8],[28,8],[29,8],[30,8],[31,8],[32,8],[33,8],[34,8],[35,8],[36,8],[37,8],[38,8],[39,8],[40,8],[41,8],[42,8],[43,8],[44,8],[45,8],[46,8],[47,8],[48,8],[49,8],[50,8],[51,8],[52,8],[53,8],[54,8],[55,8],[56,8],[57,8],[58,8],[59,8],[60,8],[61,8],[62,8],[63,8],[64,8],[65,8],[66,8],[67,8],[68,8],[69,8],[70,8],[71,8],[72,8],[73,8],[74,8],[75,8],[76,8],[77,8],[78,8],[79,8],[80,8],[81,8],[82,8],[83,8],[84,8],[85,8],[86,8],[87,8],[88,8],[89,8],[90,8],[91,8],[92,8],[93,8],[94,8],[95,8],[96,8],[97,8],[98,8],[99,8],[100,8],[101,8],[102,8],[103,8],[104,8],[105,8],[106,8],[107,8],[108,8],[109,8],[110,8],[111,8],[112,8],[113,8],[114,8],[115,8],[116,8],[117,8],[118,8],[119,8]])"));
    CHECK(postings(out, "again")[0] == nlohmann::json::parse("[1,1]"));
    CHECK(postings(out, "again")[48] == nlohmann::json::parse("[49,40]"));  // 49 times, cut at 40
    CHECK(postings(out, "déjà")[1] == nlohmann::json::parse("[3,16]"));
}

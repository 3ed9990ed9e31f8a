#include <doctest/doctest.h>

#include <nlohmann/json.hpp>

#include "output/output.hpp"
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

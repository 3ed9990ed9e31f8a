#include "render/search_index.hpp"

#include <map>
#include <nlohmann/json.hpp>
#include <unordered_map>

#include "render/page_data.hpp"
#include "util/html_sanitizer.hpp"
#include "util/normalize.hpp"
#include "util/strings.hpp"
#include "util/unicode.hpp"

namespace render {

namespace {

constexpr std::size_t k_text_chars = 280;  // the excerpt a result shows

bool plain(char c) { return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9'); }

void add_words(std::unordered_map<std::string, int>& scores, std::string_view text, int weight) {
    for (const auto& word : util::match_words(text))
        if (util::code_point_count(word) >= 2 && word.size() <= 40) scores[word] += weight;
}

}  // namespace

std::string search_shard_key(const std::string& word) {
    if (word.size() >= 2 && plain(word[0]) && plain(word[1])) return word.substr(0, 2);
    static constexpr char k_hex[] = "0123456789abcdef";
    std::string key;
    for (std::size_t i = 0; i < 2 && i < word.size(); ++i) {
        auto c = static_cast<unsigned char>(word[i]);
        key += k_hex[c >> 4];
        key += k_hex[c & 15];
    }
    return "x" + key;
}

void write_search_index(const core::Catalog& catalog, const notes::Curation& curation, const SiteInfo& site,
                        output::Output& out) {
    const SitePaths& paths = site.paths;
    std::map<std::string, std::map<std::string, std::vector<std::pair<std::size_t, int>>>> shards;
    nlohmann::json block = nlohmann::json::array();
    for (std::size_t doc = 0; doc < catalog.episodes.size(); ++doc) {
        const core::Episode& e = catalog.episodes[doc];
        const notes::EpisodeExtras* extras = curation.extras(e.slug);
        std::unordered_map<std::string, int> scores;
        add_words(scores, e.title, 8);
        const std::string& text = site.text(e).plain;
        add_words(scores, text, 1);
        std::string summary = extras && !extras->summary.empty() ? extras->summary : "";
        if (extras) {
            for (const auto& t : extras->topics) add_words(scores, t, 4);
            for (const auto& g : extras->guests) add_words(scores, g, 4);
            add_words(scores, summary, 2);
            add_words(scores, util::html_to_text(extras->note_html), 1);
        }
        for (const auto& [word, score] : scores) shards[search_shard_key(word)][word].emplace_back(doc, std::min(score, 40));
        std::string excerpt = summary.empty() ? text : summary + " " + text;
        block.push_back({e.title, paths.url(SitePaths::episode_dir(e.slug)), e.date ? util::format_human_day(*e.date) : "",
                         std::string(util::truncate_code_points(excerpt, k_text_chars))});
        if (block.size() == k_search_block_size || doc + 1 == catalog.episodes.size()) {
            out.add("search/d/" + std::to_string(doc / k_search_block_size) + ".json", block.dump());
            block = nlohmann::json::array();
        }
    }
    nlohmann::json keys = nlohmann::json::array();
    for (const auto& [key, words] : shards) {
        nlohmann::json shard = nlohmann::json::object();
        for (const auto& [word, postings] : words) {
            nlohmann::json list = nlohmann::json::array();
            for (const auto& [doc, score] : postings) list.push_back({doc, score});
            shard[word] = std::move(list);
        }
        out.add("search/t/" + key + ".json", shard.dump());
        keys.push_back(key);
    }
    nlohmann::json meta = {{"version", 1}, {"docs", catalog.episodes.size()}, {"block_size", k_search_block_size}, {"shards", keys}};
    out.add("search/meta.json", meta.dump());
}

}  // namespace render

#include "render/search_index.hpp"

#include <algorithm>
#include <charconv>
#include <cstdint>
#include <deque>
#include <nlohmann/json.hpp>
#include <unordered_map>

#include "render/site_info.hpp"
#include "util/escape.hpp"
#include "util/html_sanitizer.hpp"
#include "util/normalize.hpp"
#include "util/parallel.hpp"
#include "util/strings.hpp"
#include "util/unicode.hpp"

namespace render {

namespace {

constexpr std::size_t k_text_chars = 280;  // the excerpt a result shows

bool plain(char c) { return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9'); }

// One document's words with their scores: an open-addressing table of views into the match
// forms of the document's texts, which it keeps. (A std::unordered_map made a node for each new
// word and hashed every word with murmur: most of the search index's time.)
class WordScores {
public:
    void add(std::string_view text, int weight) {
        const std::string& form = m_forms.emplace_back(util::match_form(text));  // (a deque: views stay valid)
        util::for_each_word(form, [&](std::string_view word) {
            // (Eight bytes are at least two code points: only short words are counted.)
            if (word.size() > 40 || (word.size() < 8 && util::code_point_count(word) < 2)) return;
            slot(word).score += weight;
        });
    }

    std::size_t size() const { return m_used; }

    // Each word once, with its score, in no particular order.
    template <class Fn>
    void for_each(Fn&& fn) const {
        for (const Slot& s : m_slots)
            if (!s.word.empty()) fn(s.word, s.score);
    }

private:
    struct Slot {
        std::string_view word;  // empty: a free slot (for_each_word gives no empty word)
        int score = 0;
    };
    std::deque<std::string> m_forms;
    std::vector<Slot> m_slots = std::vector<Slot>(256);  // a power of two, at most half full
    std::size_t m_used = 0;

    static std::size_t hash(std::string_view word) {  // FNV-1a, folded: words are short
        std::uint64_t h = 14695981039346656037ULL;
        for (unsigned char c : word) h = (h ^ c) * 1099511628211ULL;
        return static_cast<std::size_t>(h ^ (h >> 29));
    }

    Slot& slot(std::string_view word) {
        if (2 * (m_used + 1) > m_slots.size()) grow();
        const std::size_t mask = m_slots.size() - 1;
        for (std::size_t i = hash(word) & mask;; i = (i + 1) & mask) {
            Slot& s = m_slots[i];
            if (s.word == word) return s;
            if (s.word.empty()) {
                ++m_used;
                s.word = word;
                return s;
            }
        }
    }

    void grow() {
        std::vector<Slot> old(2 * m_slots.size());
        old.swap(m_slots);
        m_used = 0;
        for (const Slot& s : old)
            if (!s.word.empty()) slot(s.word).score = s.score;
    }
};

}  // namespace

std::string search_shard_key(const std::string& word) {
    if (word.size() >= 2 && plain(word[0]) && plain(word[1])) return word.substr(0, 2);
    std::string key;
    for (std::size_t i = 0; i < 2 && i < word.size(); ++i) {
        auto c = static_cast<unsigned char>(word[i]);
        key += util::k_hex_digits[c >> 4];
        key += util::k_hex_digits[c & 15];
    }
    return "x" + key;
}

namespace {

using Postings = std::vector<std::pair<std::uint32_t, int>>;  // [doc, score], in doc order
using PostingMap = std::unordered_map<std::string, Postings>;  // by word
using WordPostings = const PostingMap::value_type*;

// One episode's part of the index: its words with their scores, and its entry in a block.
struct IndexedDoc {
    std::vector<std::pair<std::string, int>> words;
    std::string entry;  // [title, url, date, excerpt] as JSON
};

IndexedDoc index_doc(const core::Episode& e, const notes::Curation& curation, const SiteInfo& site) {
    const notes::EpisodeExtras* extras = curation.extras(e.slug);
    WordScores scores;
    scores.add(e.title, 8);
    const std::string& text = site.text(e).plain;
    scores.add(text, 1);
    std::string summary = extras && !extras->summary.empty() ? extras->summary : "";
    if (extras) {
        for (const auto& t : extras->topics) scores.add(t, 4);
        for (const auto& g : extras->guests) scores.add(g, 4);
        scores.add(summary, 2);
        scores.add(util::html_to_text(extras->note_html), 1);
    }
    IndexedDoc doc;
    doc.words.reserve(scores.size());
    scores.for_each([&](std::string_view word, int score) { doc.words.emplace_back(word, std::min(score, 40)); });
    std::string excerpt = summary.empty() ? text : summary + " " + text;
    // [title, url, date, excerpt], as nlohmann's dump() of that array would write it.
    doc.entry = "[";
    util::append_json_string(doc.entry, e.title);
    doc.entry += ',';
    util::append_json_string(doc.entry, site.paths.url(SitePaths::episode_dir(e.slug)));
    doc.entry += ',';
    util::append_json_string(doc.entry, e.date ? util::format_human_day(*e.date) : "");
    doc.entry += ',';
    util::append_json_string(doc.entry, util::truncate_code_points(excerpt, k_text_chars));
    doc.entry += ']';
    return doc;
}

// {"word":[[doc,score],...],...} with the words in order: what nlohmann's dump of that object
// gives, written without building it (a large archive has a million postings, each written
// into room made for it: std::to_string's string for each number was most of this).
std::string shard_json(const std::vector<WordPostings>& words) {
    constexpr std::size_t k_posting_chars = 32;  // ",[doc,score]": 2 + 10 + 1 + 11 + 1 at most
    std::size_t room = 2;
    for (const auto* w : words) room += 6 * w->first.size() + 6 + w->second.size() * k_posting_chars;  // (\uXXXX: 6 a byte)
    std::string out;
    out.resize_and_overwrite(room, [&](char* begin, std::size_t) {
        char* at = begin;
        *at++ = '{';
        std::string word;  // (append_json_string appends to a string)
        for (const auto* w : words) {
            if (at - begin > 1) *at++ = ',';
            word.clear();
            util::append_json_string(word, w->first);
            at = std::copy(word.begin(), word.end(), at);
            *at++ = ':';
            *at++ = '[';
            bool first = true;
            for (const auto& [doc, score] : w->second) {
                if (!first) *at++ = ',';
                first = false;
                *at++ = '[';
                at = std::to_chars(at, at + k_posting_chars, doc).ptr;
                *at++ = ',';
                at = std::to_chars(at, at + k_posting_chars, score).ptr;
                *at++ = ']';
            }
            *at++ = ']';
        }
        *at++ = '}';
        return static_cast<std::size_t>(at - begin);
    });
    return out;
}

}  // namespace

void write_search_index(const core::Catalog& catalog, const notes::Curation& curation, const SiteInfo& site,
                        output::Output& out) {
    const std::size_t n = catalog.episodes.size();
    PostingMap postings;
    // Episodes are read on every core a few blocks at a time (the words of a whole large
    // archive at once would be tens of megabytes; a block at a time, the threads would be
    // started thousands of times), and their postings added in order.
    constexpr std::size_t k_docs_per_round = 10 * k_search_block_size;
    std::vector<IndexedDoc> docs(k_docs_per_round);
    for (std::size_t first = 0; first < n; first += k_docs_per_round) {
        const std::size_t count = std::min(k_docs_per_round, n - first);
        util::parallel_for(count, 8, [&](std::size_t i) { docs[i] = index_doc(catalog.episodes[first + i], curation, site); });
        for (std::size_t start = 0; start < count; start += k_search_block_size) {
            std::string block = "[";
            for (std::size_t i = start; i < std::min(count, start + k_search_block_size); ++i) {
                for (auto& [word, score] : docs[i].words) postings[std::move(word)].emplace_back(static_cast<std::uint32_t>(first + i), score);
                if (i > start) block += ',';
                block += docs[i].entry;
            }
            block += ']';
            out.add("search/d/" + std::to_string((first + start) / k_search_block_size) + ".json", std::move(block));
        }
    }
    // Shards by key, words in order within each (std::map's order: the bytes').
    std::vector<std::pair<std::string, WordPostings>> keyed;  // shard key and word
    keyed.reserve(postings.size());
    for (const auto& entry : postings) keyed.emplace_back(search_shard_key(entry.first), &entry);
    std::sort(keyed.begin(), keyed.end(), [](const auto& a, const auto& b) {
        return a.first != b.first ? a.first < b.first : a.second->first < b.second->first;
    });
    nlohmann::json keys = nlohmann::json::array();
    for (std::size_t i = 0; i < keyed.size();) {
        std::size_t j = i;
        std::vector<WordPostings> words;
        for (; j < keyed.size() && keyed[j].first == keyed[i].first; ++j) words.push_back(keyed[j].second);
        out.add("search/t/" + keyed[i].first + ".json", shard_json(words));
        keys.push_back(keyed[i].first);
        i = j;
    }
    nlohmann::json meta = {{"version", 1}, {"docs", n}, {"block_size", k_search_block_size}, {"shards", keys}};
    out.add("search/meta.json", meta.dump());
}

}  // namespace render

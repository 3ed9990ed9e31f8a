#include "render/search_index.hpp"

#include <algorithm>
#include <atomic>
#include <charconv>
#include <cstdint>
#include <deque>
#include <map>
#include <nlohmann/json.hpp>
#include <unordered_map>

#include "listening/timecode.hpp"
#include "render/site_paths.hpp"
#include "util/dates.hpp"
#include "util/escape.hpp"
#include "util/hash.hpp"
#include "util/html_sanitizer.hpp"
#include "util/normalize.hpp"
#include "util/parallel.hpp"
#include "util/stemmer.hpp"
#include "util/strings.hpp"
#include "util/unicode.hpp"

namespace render {

namespace {

constexpr std::size_t k_excerpt_chars = 100;
constexpr int k_max_score = 40;
constexpr int k_max_transcript_score = 6;
constexpr int k_moments_per_posting = 3;
// A moment as postings write it: a transcript paragraph's start in seconds (0 or more), or
// chapter c as -(c + 1).
constexpr std::int32_t k_no_moment = INT32_MIN;

// One term in one episode: its score, and the first moments it is in.
struct Hit {
    int score = 0;
    int transcript_score = 0;
    std::int32_t moments[k_moments_per_posting] = {};
    std::uint8_t moment_count = 0;

    void add_moment(std::int32_t m) {
        if (moment_count < k_moments_per_posting && (moment_count == 0 || moments[moment_count - 1] != m)) moments[moment_count++] = m;
    }
};

// A term's entry for one episode, as small as it can be: a large archive has millions.
struct Posting {
    std::uint32_t doc = 0;
    std::uint8_t score = 0;
    std::uint8_t moment_count = 0;
    std::int32_t moments[k_moments_per_posting] = {};
};

// The order a term's list is cut in: the best first (score, then archive order).
bool better(const Posting& a, const Posting& b) { return a.score != b.score ? a.score > b.score : a.doc < b.doc; }

// A term's postings as a thread collects them: only its best are kept once it has many (the
// best of every thread's hold the best of all), with how many episodes had it.
struct TermPostings {
    std::vector<Posting> list;
    std::size_t count = 0;

    void add(const Posting& p) {
        list.push_back(p);
        ++count;
        if (list.size() >= 2 * k_max_postings) keep_best();
    }
    void keep_best() {
        if (list.size() <= k_max_postings) return;
        std::nth_element(list.begin(), list.begin() + k_max_postings, list.end(), better);
        list.resize(k_max_postings);
    }
};

// One indexing thread's terms: each word seen, with the number of its term (its stem), and each
// term's postings. A word is looked up once a time it is read (by its view: no string made);
// everything after is by number.
class Lexicon {
public:
    explicit Lexicon(const std::string& language) : m_stemmer(language) {}

    std::uint32_t id(std::string_view word) {
        const std::uint64_t h = util::content_hash(word);
        const std::size_t mask = m_slots.size() - 1;
        std::size_t i = static_cast<std::size_t>(h) & mask;
        for (; m_slots[i].id != k_free; i = (i + 1) & mask)
            if (m_slots[i].hash == h && m_slots[i].word == word) return m_slots[i].id;
        // A word not seen before: its term (stem), numbered when new.
        const std::string& stem = m_stemmer.stem(word);
        auto [term, fresh] = m_term_ids.try_emplace(stem, static_cast<std::uint32_t>(m_terms.size()));
        if (fresh) {
            m_terms.push_back(stem);
            postings.emplace_back();
        }
        m_slots[i] = {h, m_words.emplace_back(word), term->second};
        if (2 * ++m_used > m_slots.size()) grow();
        return term->second;
    }
    const std::string& term(std::uint32_t id) const { return m_terms[id]; }
    std::size_t size() const { return m_terms.size(); }
    const std::string& algorithm() const { return m_stemmer.algorithm(); }

    // Calls fn(word, term) for every word read whose term is another string.
    template <class Fn>
    void for_each_form(Fn&& fn) const {
        for (const Slot& s : m_slots)
            if (s.id != k_free && m_terms[s.id] != s.word) fn(s.word, m_terms[s.id]);
    }

    std::vector<TermPostings> postings;  // by term number

private:
    // Words by their view into m_words, in an open-addressing table at most half full. (Looked
    // up for every word of every transcript: std::unordered_map's nodes and hash were most of
    // the index's time.)
    static constexpr std::uint32_t k_free = ~std::uint32_t{0};
    struct Slot {
        std::uint64_t hash = 0;
        std::string_view word;
        std::uint32_t id = k_free;
    };
    util::Stemmer m_stemmer;
    std::deque<std::string> m_words;  // (a deque: views stay valid as it grows)
    std::vector<Slot> m_slots = std::vector<Slot>(1 << 14);
    std::size_t m_used = 0;
    std::unordered_map<std::string, std::uint32_t> m_term_ids;
    std::vector<std::string> m_terms;

    void grow() {
        std::vector<Slot> old(2 * m_slots.size());
        old.swap(m_slots);
        const std::size_t mask = m_slots.size() - 1;
        for (const Slot& s : old) {
            if (s.id == k_free) continue;
            std::size_t i = static_cast<std::size_t>(s.hash) & mask;
            while (m_slots[i].id != k_free) i = (i + 1) & mask;
            m_slots[i] = s;
        }
    }
};

// One episode's terms with their hits, by term number (an array: no hashing), reused for the
// next episode.
class DocTerms {
public:
    explicit DocTerms(Lexicon& lexicon) : m_lexicon(lexicon) {}

    // Adds the words of `text` with `weight`; `moment` (or k_no_moment) is the moment they are in.
    void add(std::string_view text, int weight, std::int32_t moment = k_no_moment, bool transcript = false) {
        const std::string form = util::match_form(text);
        util::for_each_word(form, [&](std::string_view word) {
            // (Eight bytes are at least two code points: only short words are counted.)
            if (word.size() > 40 || (word.size() < 8 && util::code_point_count(word) < 2)) return;
            const std::uint32_t id = m_lexicon.id(word);
            if (id >= m_hits.size()) m_hits.resize(std::max<std::size_t>(2 * m_hits.size(), id + 1024));
            Hit& h = m_hits[id];
            if (h.score == 0 && h.transcript_score == 0) m_touched.push_back(id);
            if (transcript) {
                if (h.transcript_score < k_max_transcript_score) ++h.transcript_score, h.score += weight;
            } else {
                h.score += weight;
            }
            if (moment != k_no_moment) h.add_moment(moment);
        });
    }

    // Adds the episode's postings to the lexicon's, and clears the table for the next.
    void post(std::uint32_t doc) {
        for (std::uint32_t id : m_touched) {
            Hit& h = m_hits[id];
            Posting p{doc, static_cast<std::uint8_t>(std::min(h.score, k_max_score)), h.moment_count, {}};
            std::copy(h.moments, h.moments + h.moment_count, p.moments);
            m_lexicon.postings[id].add(p);
            h = Hit();
        }
        m_touched.clear();
    }

private:
    Lexicon& m_lexicon;
    std::vector<Hit> m_hits;
    std::vector<std::uint32_t> m_touched;
};

// What one indexing thread keeps.
struct Worker {
    explicit Worker(const std::string& language) : lexicon(language), terms(lexicon) {}
    Lexicon lexicon;
    DocTerms terms;
};

// An episode's entry in a block, made by a worker, written by the caller.
struct IndexedDoc {
    std::size_t doc = 0;
    std::string entry;  // [title, slug, date, excerpt, [[chapter seconds, chapter title], ...]]
};

IndexedDoc index_doc(Worker& w, std::size_t doc, const core::Episode& e, const notes::Curation& curation, const SiteInfo& site) {
    const notes::EpisodeExtras* extras = curation.extras(e.slug);
    DocTerms& terms = w.terms;
    terms.add(e.title, 8);
    const std::string& text = site.text(e).plain;
    terms.add(text, 1);
    std::string summary = extras && !extras->summary.empty() ? extras->summary : "";
    if (extras) {
        for (const auto& t : extras->topics) terms.add(t, 4);
        for (const auto& g : extras->guests) terms.add(g, 4);
        terms.add(summary, 2);
        terms.add(util::html_to_text(extras->note_html), 1);
    }
    // The moments: chapter titles (weighing 3) and the transcript's timed paragraphs.
    std::vector<const core::Chapter*> chapters;
    for (const auto& c : e.chapters.list)
        if (c.listed) chapters.push_back(&c);
    for (std::size_t c = 0; c < chapters.size(); ++c) terms.add(chapters[c]->title, 3, -static_cast<std::int32_t>(c) - 1);
    if (e.transcript)
        for (const auto& p : e.transcript->segments)
            terms.add(p.text, 1, e.transcript->timed ? static_cast<std::int32_t>(listening::whole_seconds(p.start)) : k_no_moment, true);
    terms.post(static_cast<std::uint32_t>(doc));

    IndexedDoc out;
    out.doc = doc;
    std::string excerpt = summary.empty() ? text : summary + " " + text;
    out.entry = "[";
    util::append_json_string(out.entry, e.title);
    out.entry += ',';
    util::append_json_string(out.entry, e.slug);
    out.entry += ',';
    util::append_json_string(out.entry, e.date ? util::format_human_day(*e.date) : "");
    out.entry += ',';
    util::append_json_string(out.entry, util::truncate_code_points(excerpt, k_excerpt_chars));
    out.entry += ",[";
    for (std::size_t c = 0; c < chapters.size(); ++c) {
        if (c) out.entry += ',';
        out.entry += '[' + std::to_string(listening::whole_seconds(chapters[c]->start)) + ',';
        util::append_json_string(out.entry, chapters[c]->title);
        out.entry += ']';
    }
    out.entry += "]]";
    return out;
}

void append_postings(std::string& out, const std::vector<Posting>& list) {
    out += '[';
    char digits[16];
    auto number = [&](long long v) { out.append(digits, std::to_chars(digits, digits + sizeof digits, v).ptr); };
    for (std::size_t i = 0; i < list.size(); ++i) {
        if (i) out += ',';
        out += '[';
        number(list[i].doc);
        out += ',';
        number(list[i].score);
        for (std::uint8_t m = 0; m < list[i].moment_count; ++m) {
            out += ',';
            number(list[i].moments[m]);
        }
        out += ']';
    }
    out += ']';
}

// One entry of a shard: a term with its postings (and its count, when they were cut), or a
// word with its term.
struct Entry {
    std::string key;  // the term or the word
    std::string json;  // "term":[...] or "word":"term"
    char part;        // 't', 'c' (with 't'), 'f'
    std::string count_json;  // "term":N when cut
};

// A shard: its entries, or, split, the next bytes of the longer keys it was split into (and its
// entries as long as its key apart, in "<key>_.json": a browser walking to a longer key passes
// through the split shard, which stays a few bytes).
struct Shard {
    std::vector<const Entry*> entries;
    std::vector<std::string> children;  // key names of one byte ("n", "_c3")
};

std::string entries_json(const std::vector<const Entry*>& entries) {
    std::string t = "{", c = "{", f = "{";
    for (const Entry* e : entries) {
        std::string& part = e->part == 'f' ? f : t;
        if (part.size() > 1) part += ',';
        part += e->json;
        if (!e->count_json.empty()) {
            if (c.size() > 1) c += ',';
            c += e->count_json;
        }
    }
    return "{\"c\":" + c + "},\"f\":" + f + "},\"t\":" + t + "}}";  // (in nlohmann's dump() order)
}

std::string split_json(const Shard& shard) {
    std::string s = "{\"s\":[";
    for (std::size_t i = 0; i < shard.children.size(); ++i) {
        if (i) s += ',';
        util::append_json_string(s, shard.children[i]);
    }
    return s + "],\"x\":" + (shard.entries.empty() ? "0" : "1") + "}";
}

// Splits entries (sorted by key, all starting with `prefix`) into shards of at most
// k_shard_bytes where the keys allow it (the longest key that starts a word names its shard).
void assign_shards(const std::string& prefix, std::span<const Entry*> entries, std::map<std::string, Shard>& shards) {
    Shard& shard = shards[prefix];  // (std::map: the reference stays valid as the map grows)
    std::size_t bytes = 0;
    for (const Entry* e : entries) bytes += e->json.size() + e->count_json.size() + 2;
    if (bytes <= k_shard_bytes || prefix.size() >= 24) {
        shard.entries.assign(entries.begin(), entries.end());
        return;
    }
    std::size_t i = 0;
    while (i < entries.size() && entries[i]->key.size() == prefix.size()) ++i;  // (sorted: the prefix itself first)
    shard.entries.assign(entries.begin(), entries.begin() + static_cast<std::ptrdiff_t>(i));
    while (i < entries.size()) {
        std::size_t j = i;
        const char next = entries[i]->key[prefix.size()];
        while (j < entries.size() && entries[j]->key[prefix.size()] == next) ++j;
        shard.children.push_back(search_key_name(std::string(1, next)));
        assign_shards(prefix + next, entries.subspan(i, j - i), shards);
        i = j;
    }
}

// The filters' lists: an episode's year, topics and guests.
struct Filters {
    std::map<int, std::vector<std::size_t>> years;
    std::map<std::string, std::pair<std::string, std::vector<std::size_t>>> topics, guests;  // slug -> name, docs
};

Filters filters_of(const core::Catalog& catalog, const notes::Curation& curation) {
    Filters f;
    for (std::size_t i = 0; i < catalog.episodes.size(); ++i) {
        const core::Episode& e = catalog.episodes[i];
        if (e.date) f.years[util::year_of(*e.date)].push_back(i);
        const notes::EpisodeExtras* x = curation.extras(e.slug);
        if (!x) continue;
        for (const auto& t : x->topics) {
            auto& entry = f.topics[term_slug(t)];
            if (entry.first.empty()) entry.first = t;
            if (entry.second.empty() || entry.second.back() != i) entry.second.push_back(i);
        }
        for (const auto& g : x->guests) {
            auto& entry = f.guests[term_slug(g)];
            if (entry.first.empty()) entry.first = g;
            if (entry.second.empty() || entry.second.back() != i) entry.second.push_back(i);
        }
    }
    return f;
}

nlohmann::json write_filters(const Filters& f, output::Output& out) {
    auto docs = [](const std::vector<std::size_t>& list) { return nlohmann::json(list).dump(); };
    nlohmann::json years = nlohmann::json::array(), topics = nlohmann::json::array(), guests = nlohmann::json::array();
    for (auto it = f.years.rbegin(); it != f.years.rend(); ++it) {
        out.add("search/f/y" + std::to_string(it->first) + ".json", docs(it->second));
        years.push_back({it->first, it->second.size()});
    }
    for (const auto& [section, map, prefix] : {std::tuple{&topics, &f.topics, "t-"}, std::tuple{&guests, &f.guests, "g-"}})
        for (const auto& [slug, entry] : *map) {
            if (slug.empty()) continue;
            out.add("search/f/" + std::string(prefix) + slug + ".json", docs(entry.second));
            section->push_back({entry.first, slug, entry.second.size()});
        }
    return {{"years", years}, {"topics", topics}, {"guests", guests}};
}

}  // namespace

std::string search_key_name(std::string_view key) {
    std::string name;
    for (unsigned char c : key) {
        if ((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9')) {
            name += static_cast<char>(c);
        } else {
            name += '_';
            name += util::k_hex_digits[c >> 4];
            name += util::k_hex_digits[c & 15];
        }
    }
    return name;
}

void write_search_index(const core::Catalog& catalog, const notes::Curation& curation, const SiteInfo& site,
                        output::Output& out) {
    const std::size_t n = catalog.episodes.size();
    // Episodes are indexed on every core, each thread into its own postings with its own
    // stemmer; the calling thread writes their blocks' entries and moments as they come.
    util::PipelineShape shape;
    shape.threads = util::threads_for(n, 16);
    std::vector<std::unique_ptr<Worker>> workers(shape.threads);
    std::atomic<std::size_t> next_worker{0};
    std::vector<std::string> entries(n);
    util::bounded_pipeline(
        n, shape,
        [&] {
            auto& w = workers[next_worker++];
            w = std::make_unique<Worker>(site.language);
            return w.get();
        },
        [&](Worker* w, std::size_t i) { return index_doc(*w, i, catalog.episodes[i], curation, site); },
        [&](IndexedDoc doc) { entries[doc.doc] = std::move(doc.entry); });
    for (std::size_t first = 0; first < n; first += k_search_block_size) {
        std::string block = "[";
        for (std::size_t i = first; i < std::min(n, first + k_search_block_size); ++i) {
            if (i > first) block += ',';
            block += entries[i];
        }
        out.add("search/d/" + std::to_string(first / k_search_block_size) + ".json", block + "]");
    }
    std::vector<std::string>().swap(entries);

    // Each term's postings from every worker, cut to the best, in archive order, written as
    // JSON; on every core.
    std::unordered_map<std::string_view, TermPostings> postings;
    for (const auto& w : workers)
        if (w)
            for (std::uint32_t id = 0; id < w->lexicon.size(); ++id) {
                TermPostings& part = w->lexicon.postings[id];
                TermPostings& all = postings[w->lexicon.term(id)];
                if (all.list.empty()) all.list.swap(part.list);
                else all.list.insert(all.list.end(), part.list.begin(), part.list.end());
                all.count += part.count;
                part = TermPostings();
            }
    std::vector<std::pair<std::string_view, TermPostings*>> terms;
    terms.reserve(postings.size());
    for (auto& [term, list] : postings) terms.emplace_back(term, &list);
    std::vector<Entry> all(terms.size());
    util::parallel_for(terms.size(), 256, [&](std::size_t i) {
        auto& [term, postings_of_term] = terms[i];
        std::vector<Posting>& list = postings_of_term->list;
        postings_of_term->keep_best();
        std::sort(list.begin(), list.end(), [](const Posting& a, const Posting& b) { return a.doc < b.doc; });
        Entry& e = all[i];
        e.key = term;
        e.part = 't';
        util::append_json_string(e.json, term);
        e.json += ':';
        append_postings(e.json, list);
        if (postings_of_term->count > list.size()) {
            util::append_json_string(e.count_json, term);
            e.count_json += ':' + std::to_string(postings_of_term->count);
        }
        std::vector<Posting>().swap(list);
    });
    postings.clear();
    // The words whose stem is another term, from every worker.
    std::map<std::string_view, std::string_view> forms;
    for (const auto& w : workers)
        if (w) w->lexicon.for_each_form([&](std::string_view word, const std::string& stem) { forms.emplace(word, stem); });
    for (const auto& [word, stem] : forms) {
        Entry e{std::string(word), "", 'f', ""};
        util::append_json_string(e.json, word);
        e.json += ':';
        util::append_json_string(e.json, stem);
        all.push_back(std::move(e));
    }
    std::sort(all.begin(), all.end(), [](const Entry& a, const Entry& b) { return a.key != b.key ? a.key < b.key : a.part < b.part; });

    std::map<std::string, Shard> shards;
    nlohmann::json keys = nlohmann::json::array();  // the top level: each word's first two bytes
    for (std::size_t i = 0; i < all.size();) {
        const std::string top = all[i].key.substr(0, 2);
        std::size_t j = i;
        std::vector<const Entry*> group;
        for (; j < all.size() && all[j].key.compare(0, 2, top) == 0; ++j) group.push_back(&all[j]);
        assign_shards(top, group, shards);
        keys.push_back(search_key_name(top));
        i = j;
    }
    // Written on every core (a large archive has tens of thousands of shards), counted here.
    std::vector<std::pair<std::string, std::string>> named;  // file, what it holds ("" : to make)
    std::vector<const Shard*> of;
    for (const auto& [key, shard] : shards) {
        const std::string name = "search/t/" + search_key_name(key);
        named.emplace_back(name + ".json", "");
        of.push_back(&shard);
        if (!shard.children.empty() && !shard.entries.empty()) named.emplace_back(name + "_.json", ""), of.push_back(&shard);
    }
    std::vector<output::Output::Prepared> files(named.size());
    util::parallel_for(named.size(), 64, [&](std::size_t i) {
        const Shard& shard = *of[i];
        const bool exact = named[i].first.ends_with("_.json");
        files[i] = out.prepare(named[i].first, shard.children.empty() || exact ? entries_json(shard.entries) : split_json(shard));
    });
    for (auto& file : files) out.add(std::move(file));
    nlohmann::json meta = {{"version", 2}, {"docs", n}, {"block_size", k_search_block_size}, 
                           {"stemmer", workers.empty() || !workers[0] ? "" : workers[0]->lexicon.algorithm()}, {"shards", keys}};
    meta.update(write_filters(filters_of(catalog, curation), out));
    out.add("search/meta.json", meta.dump());
}

}  // namespace render

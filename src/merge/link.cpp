#include "merge/link.hpp"

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <functional>
#include <future>
#include <map>
#include <numeric>
#include <set>
#include <string_view>
#include <thread>
#include <unordered_map>

#include "concurrency/parallel.hpp"
#include "core/slug.hpp"
#include "merge/normalize.hpp"
#include "net/url.hpp"
#include "text/strings.hpp"

namespace merge {

namespace {

// Dates from different sources differ by time zones (a day either way) and by hosts that
// round to the day; 40 hours covers both without reaching the next day's episode... mostly.
constexpr std::int64_t k_date_window_seconds = 40 * 3600;

struct Facts {
    RecordId id;
    std::size_t source = 0;   // the first batch of its source's name (a source can give several)
    std::string url_slug;     // the title as the host's page URL spells it ("torch-vs-aten-apis")
    std::string title;        // match form
    std::string description;  // description form
    std::string desc_key;     // first words of the description, for blocking
    const core::Record* record = nullptr;
    std::string title_words;    // sorted_words, for similar_titles
    std::string title_slug;     // the title slugified, as a host would in a page URL
    std::string enclosure_key;  // the audio URL without trackers (normalize_media_url)
    std::string page_key;       // the page URL likewise
};

// The last path segment of the episode's page URL without Simplecast's random suffix
// ("min-cut-partitioner-MvcSsUpR" -> "min-cut-partitioner"), or of its Apple URL.
std::string url_title_slug(const core::Record& r) {
    std::string_view url = !r.page_url.empty() ? std::string_view(r.page_url) : std::string_view(r.apple_url);
    if (auto id = url.rfind("/id"); id != std::string_view::npos && r.page_url.empty()) url = url.substr(0, id);
    std::string slug(net::last_path_segment(url));
    if (auto dash = slug.rfind('-'); dash != std::string::npos && slug.size() - dash - 1 == 8) {
        std::string_view tail = std::string_view(slug).substr(dash + 1);
        if (std::any_of(tail.begin(), tail.end(), [](char c) { return c >= 'A' && c <= 'Z'; })) slug.resize(dash);
    }
    return text::ascii_lower(slug);
}

std::string title_slug(const std::string& title) {
    return title.empty() ? std::string() : core::slugify(text::clean_text(title), 200);
}

class UnionFind {
public:
    explicit UnionFind(std::size_t n) : m_parent(n) { std::iota(m_parent.begin(), m_parent.end(), 0); }
    std::size_t find(std::size_t x) {
        while (m_parent[x] != x) x = m_parent[x] = m_parent[m_parent[x]];
        return x;
    }
    void join(std::size_t a, std::size_t b) { m_parent[find(b)] = find(a); }

private:
    std::vector<std::size_t> m_parent;
};

bool dates_compatible(const core::Record& a, const core::Record& b) {
    if (!a.date || !b.date) return true;
    return std::llabs(a.date->utc_seconds - b.date->utc_seconds) <= k_date_window_seconds;
}

bool dates_close(const core::Record& a, const core::Record& b) {
    return a.date && b.date && dates_compatible(a, b);
}

bool durations_compatible(const core::Record& a, const core::Record& b) {
    if (!a.duration || !b.duration) return true;
    int tolerance = (a.duration->exact && b.duration->exact) ? 5 : 90;
    return std::abs(a.duration->seconds - b.duration->seconds) <= tolerance;
}

class Linker {
public:
    explicit Linker(std::span<const sources::SourceBatch> batches) : m_sets(0) {
        std::size_t count = 0;
        for (const auto& batch : batches) count += batch.records.size();
        m_facts.reserve(count);
        for (std::size_t b = 0; b < batches.size(); ++b) {
            std::size_t source = 0;
            while (batches[source].info.name != batches[b].info.name) ++source;
            for (std::size_t i = 0; i < batches[b].records.size(); ++i) {
                Facts& f = m_facts.emplace_back();  // the other fields: describe() below
                f.id = {b, i};
                f.source = source;
                f.record = &batches[b].records[i];
            }
        }
        // Normalizing the text of each record is most of the work, and independent: every core.
        concurrency::parallel_for(m_facts.size(), 256, [this](std::size_t k) { describe(m_facts[k]); });
        m_sets = UnionFind(m_facts.size());
        m_source_mask.resize(m_facts.size());
        for (std::size_t i = 0; i < m_facts.size(); ++i) m_source_mask[i] = source_bit(m_facts[i].id.batch);
        m_rule.assign(m_facts.size(), "first");
        m_members.resize(m_facts.size());
        for (std::size_t i = 0; i < m_facts.size(); ++i) m_members[i] = {i};
    }

    static void describe(Facts& f) {
        const core::Record& r = *f.record;
        f.url_slug = url_title_slug(r);
        f.title = text::match_form(r.title);
        f.description = description_form(r.description, r.description_is_html);
        auto words = std::min<std::size_t>(
            8, static_cast<std::size_t>(std::count(f.description.begin(), f.description.end(), ' ')));
        std::size_t end = 0;
        for (std::size_t w = 0; w < words && end != std::string::npos; ++w) end = f.description.find(' ', end + 1);
        f.desc_key = words >= 6 ? f.description.substr(0, end) : std::string();
        f.title_words = sorted_words(f.title);
        f.title_slug = title_slug(r.title);
        if (r.enclosure) f.enclosure_key = net::normalize_media_url(r.enclosure->url);
        if (!r.page_url.empty()) f.page_key = net::normalize_media_url(r.page_url);
    }

    std::vector<LinkedGroup> run() {
        // (Keys are returned by reference: records and facts outlive the blocks.)
        auto guid = [](const Facts& f) -> const std::string& { return f.record->guid; };
        auto enclosure = [](const Facts& f) -> const std::string& { return f.enclosure_key; };
        // Apple's episodeGuid is the feed's guid, so it is compared with both.
        auto apple_guid = [](const Facts& f) -> const std::string& {
            return f.record->apple_episode_guid.empty() ? f.record->guid : f.record->apple_episode_guid;
        };
        auto apple_id = [](const Facts& f) -> const std::string& { return f.record->apple_id; };
        auto page_url = [](const Facts& f) -> const std::string& { return f.page_key; };
        auto title = [](const Facts& f) -> const std::string& { return f.title; };
        auto desc_key = [](const Facts& f) -> const std::string& { return f.desc_key; };
        auto same_title = [](const Facts& a, const Facts& b) {
            return !a.title.empty() && a.title == b.title && dates_compatible(*a.record, *b.record);
        };
        auto same_text = [](const Facts& a, const Facts& b) {
            return (is_prefix_match(a.description, b.description) ||
                    shares_long_prefix(a.description, b.description)) &&
                   dates_compatible(*a.record, *b.record);
        };
        auto same_slug = [](const Facts& a, const Facts& b) { return dates_compatible(*a.record, *b.record); };
        const std::vector<Rule> rules = {
            joined("guid", by(guid)),
            joined("enclosure", by(enclosure)),
            joined("apple_guid", by(apple_guid)),
            joined("apple_id", by(apple_id)),
            joined("page_url", by(page_url)),
            compared("title+date", by(title), same_title),
            compared("description+date", by(desc_key), same_text),
            compared(
                "url_slug+date", [this] { return slug_blocks(); }, same_slug),
        };
        // Rules run in order, each on what the ones before it joined. The blocks a rule
        // compares depend on the records alone, so each rule's are made on another core while
        // the rule before it joins records (the serial part of a large merge); the first two
        // rules' blocks are made at once, one here and one beside it.
        std::future<SortedBlocks> next = concurrency::in_background(rules[1].blocks);
        SortedBlocks current = rules[0].blocks();
        for (std::size_t i = 0;; ++i) {
            rules[i].join(current);
            if (i + 1 == rules.size()) break;
            current = next.get();
            if (i + 2 < rules.size()) next = concurrency::in_background(rules[i + 2].blocks);
        }
        link_by_day("similar-title+date");
        link_title_in_description("title-in-description");
        return groups();
    }

private:
    std::vector<Facts> m_facts;
    UnionFind m_sets;
    std::vector<std::string> m_rule;
    std::vector<std::vector<std::size_t>> m_members;  // by set root
    std::vector<std::uint64_t> m_source_mask;         // by set root: which sources its records come from

    static std::uint64_t source_bit(std::size_t batch) { return batch < 64 ? std::uint64_t{1} << batch : 0; }

    // True when the two groups already share a source: then they can only join if the records
    // are one item repeated, which the exact rules have seen by the time fuzzy rules run.
    bool share_a_source(std::size_t a, std::size_t b) {
        return (m_source_mask[m_sets.find(a)] & m_source_mask[m_sets.find(b)]) != 0;
    }

    // Two records of one source join only when they are the same item repeated.
    bool may_join(std::size_t a, std::size_t b) {
        std::size_t ra = m_sets.find(a), rb = m_sets.find(b);
        if (ra == rb) return false;
        if ((m_source_mask[ra] & m_source_mask[rb]) == 0) return true;  // no source in common: nothing to check
        for (std::size_t x : m_members[ra])
            for (std::size_t y : m_members[rb])
                if (m_facts[x].source == m_facts[y].source && !same_item(m_facts[x], m_facts[y])) return false;
        return true;
    }

    static bool same_item(const Facts& a, const Facts& b) {
        bool same_title = a.title == b.title;
        bool same_text = a.description == b.description || is_prefix_match(a.description, b.description, 40);
        bool same_date =
            (!a.record->date && !b.record->date) ||
            (a.record->date && b.record->date && a.record->date->utc_seconds == b.record->date->utc_seconds);
        return same_title && same_text && same_date;
    }

    void join(std::size_t a, std::size_t b, const std::string& rule) {
        std::size_t ra = m_sets.find(a), rb = m_sets.find(b);
        m_sets.join(ra, rb);
        std::size_t root = m_sets.find(ra);
        std::size_t other = root == ra ? rb : ra;
        m_source_mask[root] |= m_source_mask[other];
        for (std::size_t x : m_members[other]) {
            if (m_rule[x] == "first") m_rule[x] = rule;
            m_members[root].push_back(x);
        }
        m_members[other].clear();
    }

    // Records by key (a view of a string of the facts or records, which outlive the blocks),
    // and the blocks in the order of their keys (deterministic: unordered_map's is not).
    using Blocks = std::unordered_map<std::string_view, std::vector<std::size_t>>;
    struct SortedBlocks {
        Blocks blocks;
        std::vector<const Blocks::value_type*> order;
    };
    // A rule: its blocks (made from the facts alone, on any thread) and how it joins them.
    struct Rule {
        std::function<SortedBlocks()> blocks;
        std::function<void(const SortedBlocks&)> join;
    };

    // The blocks of records that share key_of's key.
    template <class KeyFn>
    std::function<SortedBlocks()> by(KeyFn key_of) const {
        return [this, key_of] { return sorted_blocks(key_of); };
    }
    // A rule that joins the records of each block; one that compares them two by two.
    Rule joined(const char* rule, std::function<SortedBlocks()> blocks) {
        return {std::move(blocks), [this, rule](const SortedBlocks& b) { join_blocks(b, rule); }};
    }
    template <class MatchFn>
    Rule compared(const char* rule, std::function<SortedBlocks()> blocks, MatchFn matches) {
        return {std::move(blocks), [this, rule, matches](const SortedBlocks& b) { join_pairs(b, rule, matches); }};
    }

    static SortedBlocks sort_blocks(Blocks blocks) {
        SortedBlocks out{std::move(blocks), {}};  // (moving the map keeps its entries where they are)
        out.order.reserve(out.blocks.size());
        for (const auto& block : out.blocks) out.order.push_back(&block);
        std::sort(out.order.begin(), out.order.end(), [](const auto* a, const auto* b) { return a->first < b->first; });
        return out;
    }

    template <class KeyFn>
    SortedBlocks sorted_blocks(KeyFn key_of) const {
        Blocks blocks;
        for (std::size_t i = 0; i < m_facts.size(); ++i) {
            const std::string& key = key_of(m_facts[i]);
            if (!key.empty()) blocks[key].push_back(i);
        }
        return sort_blocks(std::move(blocks));
    }

    // A record known only by its page URL joins the record whose title slugs the same way.
    SortedBlocks slug_blocks() const {
        Blocks blocks;
        for (std::size_t i = 0; i < m_facts.size(); ++i) {
            if (!m_facts[i].url_slug.empty()) blocks[m_facts[i].url_slug].push_back(i);
            const std::string& own = m_facts[i].title_slug;
            if (!own.empty() && own != m_facts[i].url_slug) blocks[own].push_back(i);
        }
        return sort_blocks(std::move(blocks));
    }

    // Records that share a key are one episode (unless they are two items of one source).
    void join_blocks(const SortedBlocks& sorted, const std::string& rule) {
        for (const auto* block : sorted.order) {
            const auto& ids = block->second;
            for (std::size_t k = 1; k < ids.size(); ++k)
                if (may_join(ids[0], ids[k])) join(ids[0], ids[k], rule);
        }
    }

    // Records that share a key are compared two by two.
    template <class MatchFn>
    void join_pairs(const SortedBlocks& sorted, const std::string& rule, MatchFn matches) {
        for (const auto* block : sorted.order) pairwise(block->second, rule, matches);
    }

    // Fuzzy titles: only records whose dates fall on neighbouring days are compared.
    void link_by_day(const std::string& rule) {
        std::map<std::int64_t, std::vector<std::size_t>> days;
        for (std::size_t i = 0; i < m_facts.size(); ++i)
            if (m_facts[i].record->date && !m_facts[i].title.empty())
                days[m_facts[i].record->date->utc_seconds / 86400].push_back(i);
        auto matches = [](const Facts& a, const Facts& b) {
            return dates_close(*a.record, *b.record) && durations_compatible(*a.record, *b.record) &&
                   similar_titles(a.title, a.title_words, b.title, b.title_words, 0.8);
        };
        // Each pair once: a record of day d against the rest of day d and days d+1, d+2.
        for (auto it = days.begin(); it != days.end(); ++it) {
            std::vector<std::size_t> later;
            for (auto next = std::next(it); next != days.end() && next->first - it->first <= 2; ++next)
                later.insert(later.end(), next->second.begin(), next->second.end());
            const auto& today = it->second;
            for (std::size_t x = 0; x < today.size() && x < 200; ++x) {
                auto try_pair = [&](std::size_t y) {
                    if (m_sets.find(today[x]) != m_sets.find(y) && !share_a_source(today[x], y) &&
                        matches(m_facts[today[x]], m_facts[y]) && may_join(today[x], y))
                        join(today[x], y, rule);
                };
                for (std::size_t y = x + 1; y < today.size() && y < 200; ++y) try_pair(today[y]);
                for (std::size_t k = 0; k < later.size() && k < 600; ++k) try_pair(later[k]);
            }
        }
    }

    struct GroupView {
        std::vector<std::string> title_words;
        std::string description;  // the first 200 characters of one member's description form
    };

    // A group that only has a title ("PT2 extension points") and a group that only has a
    // description that names it in its first sentence ("We discuss some extension points for
    // customizing PT2 ...") are one episode when each is the other's only candidate.
    void link_title_in_description(const std::string& rule) {
        // By set root (a record's index): which groups have titles, which have descriptions,
        // and then the clues of only the groups that have one and not the other.
        // (Views only for those few groups: one for every record would be most of this step's
        // time in a large merge, in memory touched for the first time.)
        const std::size_t n = m_facts.size();
        std::vector<char> has_title(n), has_text(n);
        std::vector<const core::Record*> dated(n);  // a dated member
        std::unordered_map<std::size_t, GroupView> views;
        std::vector<std::size_t> roots;  // in order
        for (std::size_t i = 0; i < n; ++i) {
            std::size_t root = m_sets.find(i);
            if (root == i) roots.push_back(root);
            has_title[root] |= !m_facts[i].title.empty();
            has_text[root] |= !m_facts[i].description.empty();
            if (!dated[root] && m_facts[i].record->date) dated[root] = m_facts[i].record;
        }
        for (std::size_t i = 0; i < n; ++i) {
            std::size_t root = m_sets.find(i);
            if (has_title[root] == has_text[root]) continue;
            GroupView& v = views[root];
            const Facts& f = m_facts[i];
            if (!f.title.empty() && v.title_words.empty())  // the title's words in order (f.title is its match form)
                for (auto w : text::split_words(f.title)) v.title_words.emplace_back(w);
            if (!f.description.empty() && v.description.empty()) v.description = f.description.substr(0, 200);
        }
        std::unordered_map<std::string, std::vector<std::size_t>> by_word;  // description word -> groups
        for (std::size_t root : roots) {
            if (!has_text[root] || has_title[root]) continue;
            const GroupView& v = views.at(root);
            std::set<std::string> words;
            for (auto w : text::split(v.description, ' ')) words.emplace(w);
            for (const auto& w : words) by_word[w].push_back(root);
        }
        std::map<std::size_t, std::vector<std::size_t>> claims;  // description group -> title groups
        for (std::size_t root : roots) {
            if (!has_title[root] || has_text[root]) continue;
            const auto& words = views.at(root).title_words;
            if (words.empty() || (words.size() == 1 && words[0].size() < 6)) continue;  // too weak a clue
            std::vector<std::size_t> candidates;
            for (std::size_t w = 0; w < words.size(); ++w) {
                auto it = by_word.find(words[w]);
                std::vector<std::size_t> hits = it == by_word.end() ? std::vector<std::size_t>{} : it->second;
                if (w == 0)
                    candidates = hits;
                else {
                    std::vector<std::size_t> kept;
                    std::set_intersection(candidates.begin(), candidates.end(), hits.begin(), hits.end(),
                                          std::back_inserter(kept));
                    candidates = kept;
                }
            }
            std::erase_if(candidates, [&](std::size_t c) {
                return dated[root] && dated[c] && !dates_compatible(*dated[root], *dated[c]);
            });
            if (candidates.size() == 1) claims[candidates[0]].push_back(root);
        }
        for (const auto& [text_root, title_roots] : claims)
            if (title_roots.size() == 1 && may_join(title_roots[0], text_root)) join(title_roots[0], text_root, rule);
    }

    template <class MatchFn>
    void pairwise(const std::vector<std::size_t>& ids, const std::string& rule, MatchFn matches) {
        // Blocks are small (one title, one day); a huge block means a degenerate key, so cap it.
        std::size_t limit = std::min<std::size_t>(ids.size(), 200);
        for (std::size_t x = 0; x < limit; ++x)
            for (std::size_t y = x + 1; y < limit; ++y)
                if (m_sets.find(ids[x]) != m_sets.find(ids[y]) && matches(m_facts[ids[x]], m_facts[ids[y]]) &&
                    may_join(ids[x], ids[y]))
                    join(ids[x], ids[y], rule);
    }

    std::vector<LinkedGroup> groups() {
        std::vector<LinkedGroup> out;
        for (std::size_t root = 0; root < m_facts.size(); ++root) {
            if (m_sets.find(root) != root) continue;
            std::vector<std::size_t> members = m_members[root];
            std::sort(members.begin(), members.end());
            LinkedGroup g;
            for (std::size_t k = 0; k < members.size(); ++k) {
                g.members.push_back(m_facts[members[k]].id);
                g.matched_by.push_back(
                    k == 0 ? "first" : (m_rule[members[k]] == "first" ? m_rule[members[0]] : m_rule[members[k]]));
            }
            out.push_back(std::move(g));
        }
        return out;
    }
};

}  // namespace

std::vector<LinkedGroup> link_records(std::span<const sources::SourceBatch> batches) {
    return Linker(batches).run();
}

}  // namespace merge

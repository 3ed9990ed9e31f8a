#include "merge/link.hpp"

#include <algorithm>
#include <cstdlib>
#include <map>
#include <numeric>
#include <unordered_map>

#include "merge/normalize.hpp"
#include "util/url.hpp"

namespace merge {

namespace {

// Dates from different sources differ by time zones (a day either way) and by hosts that
// round to the day; 40 hours covers both without reaching the next day's episode... mostly.
constexpr std::int64_t k_date_window_seconds = 40 * 3600;

struct Facts {
    RecordId id;
    std::string source;
    std::string title;        // match form
    std::string description;  // description form
    std::string desc_key;     // first words of the description, for blocking
    const core::Record* record = nullptr;
};

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

bool dates_close(const core::Record& a, const core::Record& b) { return a.date && b.date && dates_compatible(a, b); }

bool durations_compatible(const core::Record& a, const core::Record& b) {
    if (!a.duration || !b.duration) return true;
    int tolerance = (a.duration->exact && b.duration->exact) ? 5 : 90;
    return std::abs(a.duration->seconds - b.duration->seconds) <= tolerance;
}

class Linker {
public:
    explicit Linker(std::span<const sources::SourceBatch> batches) : m_sets(0) {
        for (std::size_t b = 0; b < batches.size(); ++b)
            for (std::size_t i = 0; i < batches[b].records.size(); ++i) {
                const core::Record& r = batches[b].records[i];
                Facts f{{b, i}, batches[b].info.name, match_form(r.title),
                        description_form(r.description, r.description_is_html), {}, &r};
                auto words = std::min<std::size_t>(8, static_cast<std::size_t>(std::count(f.description.begin(), f.description.end(), ' ')));
                std::size_t end = 0;
                for (std::size_t w = 0; w < words && end != std::string::npos; ++w) end = f.description.find(' ', end + 1);
                f.desc_key = words >= 6 ? f.description.substr(0, end) : std::string();
                m_facts.push_back(std::move(f));
            }
        m_sets = UnionFind(m_facts.size());
        m_rule.assign(m_facts.size(), "first");
        m_members.resize(m_facts.size());
        for (std::size_t i = 0; i < m_facts.size(); ++i) m_members[i] = {i};
    }

    std::vector<LinkedGroup> run() {
        link_by_key("guid", [](const core::Record& r) { return r.guid; });
        link_by_key("enclosure", [](const core::Record& r) { return r.enclosure ? util::normalize_media_url(r.enclosure->url) : std::string(); });
        link_by_key("apple_guid", [](const core::Record& r) { return r.apple_episode_guid; });
        link_by_key("apple_id", [](const core::Record& r) { return r.apple_id; });
        link_by_key("page_url", [](const core::Record& r) { return r.page_url.empty() ? std::string() : util::normalize_media_url(r.page_url); });
        link_by_block("title+date", [](const Facts& f) { return f.title; },
                      [](const Facts& a, const Facts& b) { return !a.title.empty() && a.title == b.title && dates_compatible(*a.record, *b.record); });
        link_by_block("description+date", [](const Facts& f) { return f.desc_key; },
                      [](const Facts& a, const Facts& b) { return is_prefix_match(a.description, b.description) && dates_compatible(*a.record, *b.record); });
        link_by_day("similar-title+date");
        return groups();
    }

private:
    std::vector<Facts> m_facts;
    UnionFind m_sets;
    std::vector<std::string> m_rule;
    std::vector<std::vector<std::size_t>> m_members;  // by set root

    // Two records of one source join only when they are the same item repeated.
    bool may_join(std::size_t a, std::size_t b) {
        std::size_t ra = m_sets.find(a), rb = m_sets.find(b);
        if (ra == rb) return false;
        for (std::size_t x : m_members[ra])
            for (std::size_t y : m_members[rb])
                if (m_facts[x].source == m_facts[y].source && !same_item(m_facts[x], m_facts[y])) return false;
        return true;
    }

    static bool same_item(const Facts& a, const Facts& b) {
        bool same_title = a.title == b.title;
        bool same_text = a.description == b.description || is_prefix_match(a.description, b.description, 40);
        bool same_date = (!a.record->date && !b.record->date) || (a.record->date && b.record->date && a.record->date->utc_seconds == b.record->date->utc_seconds);
        return same_title && same_text && same_date;
    }

    void join(std::size_t a, std::size_t b, const std::string& rule) {
        std::size_t ra = m_sets.find(a), rb = m_sets.find(b);
        m_sets.join(ra, rb);
        std::size_t root = m_sets.find(ra);
        std::size_t other = root == ra ? rb : ra;
        for (std::size_t x : m_members[other]) {
            if (m_rule[x] == "first") m_rule[x] = rule;
            m_members[root].push_back(x);
        }
        m_members[other].clear();
    }

    template <class KeyFn>
    void link_by_key(const std::string& rule, KeyFn key_of) {
        std::unordered_map<std::string, std::vector<std::size_t>> blocks;
        for (std::size_t i = 0; i < m_facts.size(); ++i) {
            std::string key = key_of(*m_facts[i].record);
            if (!key.empty()) blocks[key].push_back(i);
        }
        for (auto& [key, ids] : sorted(blocks))
            for (std::size_t k = 1; k < ids.size(); ++k)
                if (may_join(ids[0], ids[k])) join(ids[0], ids[k], rule);
    }

    template <class KeyFn, class MatchFn>
    void link_by_block(const std::string& rule, KeyFn key_of, MatchFn matches) {
        std::unordered_map<std::string, std::vector<std::size_t>> blocks;
        for (std::size_t i = 0; i < m_facts.size(); ++i) {
            std::string key = key_of(m_facts[i]);
            if (!key.empty()) blocks[key].push_back(i);
        }
        for (auto& [key, ids] : sorted(blocks)) pairwise(ids, rule, matches);
    }

    // Fuzzy titles: only records whose dates fall on neighbouring days are compared.
    void link_by_day(const std::string& rule) {
        std::map<std::int64_t, std::vector<std::size_t>> days;
        for (std::size_t i = 0; i < m_facts.size(); ++i)
            if (m_facts[i].record->date && !m_facts[i].title.empty())
                days[m_facts[i].record->date->utc_seconds / 86400].push_back(i);
        auto matches = [](const Facts& a, const Facts& b) {
            return dates_close(*a.record, *b.record) && durations_compatible(*a.record, *b.record) &&
                   title_similarity(a.title, b.title) >= 0.8;
        };
        for (auto it = days.begin(); it != days.end(); ++it) {
            std::vector<std::size_t> ids = it->second;
            for (auto next = std::next(it); next != days.end() && next->first - it->first <= 2; ++next)
                ids.insert(ids.end(), next->second.begin(), next->second.end());
            pairwise(ids, rule, matches);
        }
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

    template <class Map>
    static std::vector<std::pair<std::string, std::vector<std::size_t>>> sorted(const Map& blocks) {
        std::vector<std::pair<std::string, std::vector<std::size_t>>> out(blocks.begin(), blocks.end());
        std::sort(out.begin(), out.end());  // deterministic: unordered_map order is not
        return out;
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
                g.matched_by.push_back(k == 0 ? "first" : (m_rule[members[k]] == "first" ? m_rule[members[0]] : m_rule[members[k]]));
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

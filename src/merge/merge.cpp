#include "merge/merge.hpp"

#include <algorithm>
#include <map>
#include <numeric>

#include "concurrency/parallel.hpp"
#include "merge/fuse.hpp"
#include "merge/link.hpp"
#include "merge/normalize.hpp"
#include "merge/slugs.hpp"

namespace merge {

namespace {

// Where an undated record sits in its source: sources list episodes in date order, so an
// undated entry belongs just after the dated entry before it (newest-first lists) or just
// before the one after it. Used only to order the archive; never shown as a date.
std::map<RecordId, std::int64_t> estimate_positions(std::span<const sources::SourceBatch> batches) {
    std::map<RecordId, std::int64_t> estimate;
    for (std::size_t b = 0; b < batches.size(); ++b) {
        const auto& records = batches[b].records;
        std::optional<std::int64_t> previous;
        std::int64_t step = 0;
        for (std::size_t i = 0; i < records.size(); ++i) {
            if (records[i].date) {
                previous = records[i].date->utc_seconds;
                step = 0;
            } else if (previous) {
                estimate[{b, i}] = *previous - (++step);
            }
        }
    }
    return estimate;
}

// Where a fused episode goes in the archive's order, and what its sources disagreed on.
struct Placing {
    std::int64_t sort_key = 0;
    bool has_key = false;
    std::vector<core::Conflict> conflicts;
};

// Puts the element at order[i] at position i, in place, following the permutation's cycles:
// each element moves once, the first of each cycle twice. A second array of a large catalog's
// episodes would be tens of megabytes of memory touched for the first time.
template <class T>
void permute(std::vector<T>& items, const std::vector<std::size_t>& order) {
    std::vector<char> placed(items.size());
    for (std::size_t start = 0; start < items.size(); ++start) {
        if (placed[start] || order[start] == start) continue;
        T held = std::move(items[start]);
        for (std::size_t at = start;;) {
            placed[at] = 1;
            const std::size_t from = order[at];
            if (from == start) {
                items[at] = std::move(held);
                break;
            }
            items[at] = std::move(items[from]);
            at = from;
        }
    }
}

}  // namespace

core::Catalog merge(std::span<sources::SourceBatch> batches, const Published& published) {
    core::Catalog catalog;
    for (const auto& b : batches)
        if (b.channel) {
            catalog.channel = *b.channel;
            break;
        }
    for (const auto& b : batches)
        if (b.announced && (!catalog.announced || b.announced->episodes > catalog.announced->episodes))
            catalog.announced = core::AnnouncedCount{b.announced->episodes,
                                                     sources::provenance(b.info, b.announced->line, b.announced->line)};
    auto groups = link_records(batches);
    auto estimates = estimate_positions(batches);
    OriginNumbers origins = number_origins(batches);
    std::vector<core::Episode> episodes(groups.size());
    std::vector<Placing> placing(groups.size());
    auto fuse_group = [&](std::size_t g) {
        Placing& p = placing[g];
        episodes[g] = fuse(groups[g], batches, origins, p.conflicts);
        if (episodes[g].date) {
            p.sort_key = episodes[g].date->utc_seconds, p.has_key = true;
        } else {
            for (const auto& id : groups[g].members)
                if (auto it = estimates.find(id); it != estimates.end()) {
                    p.sort_key = p.has_key ? std::max(p.sort_key, it->second) : it->second;
                    p.has_key = true;
                }
        }
    };
    // Groups fuse independently (each reads the batches and writes its own slot): every core.
    concurrency::parallel_for(groups.size(), 256, fuse_group);
    // Newest first; then the episodes no source dates, as a group of their own (a listing's
    // order places them near their neighbours, but a page must not present a guess as a date):
    // in the order the listings give, and those nothing dated comes before in the order of the
    // first source that lists them (a feed of undated items, as RSS 0.91 feeds are, keeps its
    // order, as podcast apps show it), so the order is deterministic.
    // (Positions are sorted, not the episodes: moving whole episodes about was most of the sort.)
    std::vector<RecordId> first_listed(groups.size());
    for (std::size_t g = 0; g < groups.size(); ++g)
        first_listed[g] = *std::min_element(groups[g].members.begin(), groups[g].members.end());
    std::vector<std::size_t> order(episodes.size());
    std::iota(order.begin(), order.end(), std::size_t{0});
    std::stable_sort(order.begin(), order.end(), [&](std::size_t x, std::size_t y) {
        const Placing& a = placing[x];
        const Placing& b = placing[y];
        const bool a_dated = episodes[x].date.has_value(), b_dated = episodes[y].date.has_value();
        if (a_dated != b_dated) return a_dated;
        if (a.has_key != b.has_key) return a.has_key;
        if (a.has_key && a.sort_key != b.sort_key) return a.sort_key > b.sort_key;
        if (!a.has_key && first_listed[x] != first_listed[y]) return first_listed[x] < first_listed[y];
        if (episodes[x].title != episodes[y].title) return episodes[x].title < episodes[y].title;
        return episodes[x].records.front().place.line < episodes[y].records.front().place.line;
    });
    permute(episodes, order);
    catalog.episodes = std::move(episodes);
    catalog.record_origins = std::move(origins.table);
    assign_slugs(catalog.episodes, keep_published(catalog.episodes, published));
    for (std::size_t i = 0; i < order.size(); ++i)
        for (auto& c : placing[order[i]].conflicts) {
            c.slug = catalog.episodes[i].slug;
            catalog.conflicts.push_back(std::move(c));
        }
    return catalog;
}

}  // namespace merge

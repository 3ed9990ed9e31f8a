#include "merge/merge.hpp"

#include <algorithm>
#include <map>
#include <numeric>

#include "merge/fuse.hpp"
#include "merge/link.hpp"
#include "merge/normalize.hpp"
#include "merge/slugs.hpp"
#include "util/parallel.hpp"

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

struct Ordered {
    core::Episode episode;
    std::int64_t sort_key;
    bool has_key;
    std::vector<core::Conflict> conflicts;
};

}  // namespace

core::Catalog merge(std::span<const sources::SourceBatch> batches) {
    core::Catalog catalog;
    for (const auto& b : batches)
        if (b.channel) {
            catalog.channel = *b.channel;
            break;
        }
    auto groups = link_records(batches);
    auto estimates = estimate_positions(batches);
    std::vector<Ordered> ordered(groups.size(), Ordered{{}, 0, false, {}});
    auto fuse_group = [&](std::size_t g) {
        Ordered& o = ordered[g];
        o.episode = fuse(groups[g], batches, o.conflicts);
        if (o.episode.date) {
            o.sort_key = o.episode.date->utc_seconds, o.has_key = true;
        } else {
            for (const auto& id : groups[g].members)
                if (auto it = estimates.find(id); it != estimates.end()) {
                    o.sort_key = o.has_key ? std::max(o.sort_key, it->second) : it->second;
                    o.has_key = true;
                }
        }
    };
    // Groups fuse independently (each reads the batches and writes its own slot): every core.
    util::parallel_for(groups.size(), 256, fuse_group);
    // Newest first; episodes that nothing dates go last, by title, so the order is deterministic.
    // (Positions are sorted, not the episodes: moving whole episodes about was most of the sort.)
    std::vector<std::size_t> order(ordered.size());
    std::iota(order.begin(), order.end(), std::size_t{0});
    std::stable_sort(order.begin(), order.end(), [&](std::size_t x, std::size_t y) {
        const Ordered& a = ordered[x];
        const Ordered& b = ordered[y];
        if (a.has_key != b.has_key) return a.has_key;
        if (a.has_key && a.sort_key != b.sort_key) return a.sort_key > b.sort_key;
        if (a.episode.title != b.episode.title) return a.episode.title < b.episode.title;
        return a.episode.records.front().from.line < b.episode.records.front().from.line;
    });
    catalog.episodes.reserve(order.size());
    for (std::size_t at : order) catalog.episodes.push_back(std::move(ordered[at].episode));
    assign_slugs(catalog.episodes);
    for (std::size_t i = 0; i < order.size(); ++i)
        for (auto& c : ordered[order[i]].conflicts) {
            c.slug = catalog.episodes[i].slug;
            catalog.conflicts.push_back(std::move(c));
        }
    return catalog;
}

}  // namespace merge

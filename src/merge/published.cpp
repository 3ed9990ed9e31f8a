#include "merge/published.hpp"

#include <string_view>
#include <unordered_map>

#include "core/episode_key.hpp"
#include "dates/dates.hpp"
#include "net/url.hpp"
#include "text/strings.hpp"

namespace merge {

std::vector<std::string> keep_published(std::vector<core::Episode>& episodes, const Published& published) {
    std::vector<std::string> slugs(episodes.size());
    if (published.items.empty()) return slugs;
    std::unordered_map<std::string_view, const PublishedItem*> by_guid;  // (the first item of each)
    for (const auto& item : published.items) by_guid.emplace(item.guid, &item);
    // Most episodes are published items under their own guids; only the others are looked for
    // among the items whose guid no episode has any more (none, most builds).
    std::vector<std::size_t> others;           // oldest first
    std::unordered_set<std::string_view> now;  // every guid the archive's items have now
    for (std::size_t i = episodes.size(); i-- > 0;) {
        const core::Episode& e = episodes[i];
        now.insert(e.guid);
        for (const auto& other : e.other_feed_items) now.insert(other.guid);
        if (e.guid.empty()) continue;
        if (auto it = by_guid.find(e.guid); it != by_guid.end())
            slugs[i] = it->second->slug;
        else
            others.push_back(i);
    }
    std::vector<const PublishedItem*> vanished;
    for (const auto& item : published.items)
        if (!now.contains(item.guid)) vanished.push_back(&item);
    if (others.empty() || vanished.empty()) return slugs;
    // Those items by audio URL, by title and day (the first of each), and by audio URL without
    // tracking prefixes and queries (net::normalize_media_url), when one item and one episode
    // have it ("play.php?ep=12" is "play.php" so).
    std::unordered_map<std::string_view, const PublishedItem*> by_url;
    std::unordered_map<std::string, const PublishedItem*> by_key, by_media;
    std::unordered_map<std::string, int> items_of_media, episodes_of_media;
    for (const PublishedItem* item : vanished) {
        by_url.emplace(item->enclosure_url, item);
        if (std::string key = core::episode_key(item->title, item->day); !key.empty())
            by_key.emplace(std::move(key), item);
        std::string media = net::normalize_media_url(item->enclosure_url);
        if (++items_of_media[media] == 1) by_media.emplace(std::move(media), item);
    }
    for (const auto& e : episodes)
        if (e.enclosure) ++episodes_of_media[net::normalize_media_url(e.enclosure->url)];
    auto by_media_of = [&](const std::string& url) -> const PublishedItem* {
        const std::string media = net::normalize_media_url(url);
        const auto it = by_media.find(media);
        return it != by_media.end() && items_of_media.at(media) == 1 && episodes_of_media.at(media) == 1 ? it->second
                                                                                                         : nullptr;
    };
    std::unordered_set<std::string_view> claimed;  // (of two episodes that would be one item, the older is)
    for (std::size_t i : others) {
        core::Episode& e = episodes[i];
        const PublishedItem* was = nullptr;
        if (e.enclosure)
            if (auto it = by_url.find(e.enclosure->url); it != by_url.end()) was = it->second;
        if (!was && e.date)
            if (auto it = by_key.find(core::episode_key(e.title, dates::format_day(*e.date))); it != by_key.end())
                was = it->second;
        if (!was && e.enclosure) was = by_media_of(e.enclosure->url);
        if (!was || !claimed.insert(was->guid).second) continue;
        slugs[i] = was->slug;
        if (!published.meant.contains(e.guid) && !published.meant.contains(was->guid)) e.published_guid = was->guid;
    }
    return slugs;
}

std::optional<core::Diagnostic> reissue_warning(const core::Catalog& catalog) {
    std::size_t count = 0;
    const core::Episode* first = nullptr;
    // (Not an item without a guid whose audio URL changed: the guard's line about new audio URLs
    // under the same guid says what apps see.)
    for (const auto& e : catalog.episodes)
        if (!e.published_guid.empty() && !e.guid_derived) ++count, first = first ? first : &e;
    if (!first) return std::nullopt;
    const core::Provenance at = catalog.provenance(first->feed_item_from);
    return core::warning_at(
        {at.file, at.line, 0},
        text::count_text(count, "episode its host re-issued under a new guid keeps",
                         "episodes their host re-issued under new guids keep") +
            " the guid the archive published (the first: '" + first->title + "', now '" + first->guid +
            "', published as '" + first->published_guid +
            "'): subscribers have it, and a new guid would have their apps download it again; have the host restore "
            "the old guid, or, if the new one is meant, list it under identity_changes in site.yaml");
}

}  // namespace merge

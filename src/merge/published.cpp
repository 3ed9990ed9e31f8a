#include "merge/published.hpp"

#include <string_view>
#include <unordered_map>
#include <unordered_set>

#include "core/directories.hpp"
#include "core/episode_key.hpp"
#include "dates/dates.hpp"
#include "merge/normalize.hpp"
#include "net/url.hpp"
#include "text/strings.hpp"

namespace merge {

namespace {

// The slugs of the published items (keep_published: all but its list's pages).
std::vector<std::string> keep_published_items(std::vector<core::Episode>& episodes, const Published& published) {
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

// Whether two titles (match forms and their sorted_words) are one edited into the other: alike
// as the merge's linker judges titles, or the words of one nearly all in the other's ("X" and
// "Revisited: X (updated)").
bool edited_title(const std::string& a, const std::string& words_a, const std::string& b, const std::string& words_b) {
    constexpr double k_alike = 0.8;
    if (similar_titles(a, words_a, b, words_b, k_alike)) return true;
    const std::size_t fewer = std::min(text::word_count(words_a), text::word_count(words_b));
    return fewer > 0 && static_cast<double>(common_words(words_a, words_b)) >= k_alike * static_cast<double>(fewer);
}

// Pairs each episode left (`slugs` "") with the page left of its day (`day_of`, `page_day`) whose
// title is its own edited, when that page is the only one so for it and it the only episode so
// for that page.
template <class DayOf, class PageDay, class Claim>
void pair_edited_titles(const std::vector<core::Episode>& episodes, const std::vector<const core::PublishedPage*>& open,
                        const std::unordered_set<const core::PublishedPage*>& claimed, const DayOf& day_of,
                        const PageDay& page_day, std::vector<std::string>& slugs, const Claim& claim) {
    struct Title {
        std::string form, words;
    };
    auto title_of = [](std::string_view title) {
        std::string form = text::match_form(title);
        std::string words = sorted_words(form);
        return Title{std::move(form), std::move(words)};
    };
    std::unordered_map<std::string, std::vector<std::pair<const core::PublishedPage*, Title>>> pages_of_day;
    for (const core::PublishedPage* page : open)
        if (!claimed.contains(page)) pages_of_day[page_day(*page)].emplace_back(page, title_of(page->title));
    std::unordered_map<const core::PublishedPage*, int> episodes_like;
    std::vector<std::pair<std::size_t, const core::PublishedPage*>> only;  // (an episode like one page alone)
    for (std::size_t i = episodes.size(); i-- > 0;) {                      // (oldest first)
        if (!slugs[i].empty()) continue;
        const auto day = pages_of_day.find(day_of(episodes[i]));
        if (day == pages_of_day.end()) continue;
        const Title title = title_of(episodes[i].title);
        const core::PublishedPage* like = nullptr;
        int count = 0;
        for (const auto& [page, page_title] : day->second)
            if (edited_title(title.form, title.words, page_title.form, page_title.words))
                ++count, like = page, ++episodes_like[page];
        if (count == 1) only.emplace_back(i, like);
    }
    for (const auto& [i, page] : only)
        if (episodes_like[page] == 1) claim(i, page);
}

// The slugs of the list's pages, for the episodes no item gave one (`slugs` ""): first by what
// names one episode (its guid, Apple's id, its page at its host, its title on its day), then by
// its title edited from a page's of its day, then by its date alone.
void keep_listed_pages(const std::vector<core::Episode>& episodes, const std::vector<core::PublishedPage>& pages,
                       std::vector<std::string>& slugs) {
    const std::unordered_set<std::string_view> kept(slugs.begin(), slugs.end());
    std::vector<const core::PublishedPage*> open;  // (those no item kept)
    for (const auto& page : pages)
        if (!page.slug.empty() && !kept.contains(page.slug)) open.push_back(&page);
    if (open.empty()) return;  // (every page listed is an item's: most sites, whose episodes all have audio)
    std::unordered_set<const core::PublishedPage*> claimed;
    auto claim = [&](std::size_t i, const core::PublishedPage* page) {
        claimed.insert(page);
        slugs[i] = page->slug;
    };
    // Each episode's key and each open page's ("" for none), paired where they are equal: with
    // `unique`, only a key one episode and one page have.
    auto pair_by = [&](auto&& episode_key, auto&& page_key, bool unique) {
        std::unordered_map<std::string, const core::PublishedPage*> by_key;  // (the first of each)
        std::unordered_map<std::string, int> pages_with, episodes_with;
        for (const core::PublishedPage* page : open)
            if (std::string key = page_key(*page); !key.empty() && !claimed.contains(page))
                if (++pages_with[key] == 1) by_key.emplace(std::move(key), page);
        std::vector<std::string> keys(episodes.size());  // (of the episodes left)
        for (std::size_t i = 0; i < episodes.size(); ++i)
            if (slugs[i].empty()) keys[i] = episode_key(episodes[i]);
        if (unique)
            for (const std::string& key : keys)
                if (!key.empty()) ++episodes_with[key];
        for (std::size_t i = episodes.size(); i-- > 0;) {  // (oldest first)
            if (!slugs[i].empty()) continue;
            const std::string& key = keys[i];
            const auto it = by_key.find(key);
            if (key.empty() || it == by_key.end() || claimed.contains(it->second)) continue;
            if (!unique || (pages_with[key] == 1 && episodes_with[key] == 1)) claim(i, it->second);
        }
    };
    pair_by([](const core::Episode& e) { return e.guid_derived ? std::string() : e.guid; },
            [](const core::PublishedPage& p) { return p.guid; }, false);
    pair_by([](const core::Episode& e) { return core::apple_episode_id(e.apple_url); },
            [](const core::PublishedPage& p) { return p.apple_id; }, false);
    pair_by([](const core::Episode& e) { return e.page_url; }, [](const core::PublishedPage& p) { return p.host_url; },
            false);
    // (Without a date on either side, "no date" is the day: its title alone then, and below the
    // one such episode left, with the one such page.)
    auto day_of = [](const core::Episode& e) { return e.date ? dates::format_day(*e.date) : "no date"; };
    auto page_day = [](const core::PublishedPage& p) { return p.day.empty() ? "no date" : p.day; };
    pair_by([&](const core::Episode& e) { return core::episode_key(e.title, day_of(e)); },
            [&](const core::PublishedPage& p) { return core::episode_key(p.title, page_day(p)); }, false);
    // Then a title edited (words added, dropped or respelled) on the same day.
    pair_edited_titles(episodes, open, claimed, day_of, page_day, slugs, claim);
    // Then the date, retitled: its very second, where both have a time of day; else its day.
    pair_by(
        [](const core::Episode& e) { return e.date && e.date->has_time ? std::to_string(e.date->utc_seconds) : ""; },
        [](const core::PublishedPage& p) { return p.time ? std::to_string(*p.time) : ""; }, true);
    pair_by(day_of, page_day, true);
}

}  // namespace

std::vector<std::string> keep_published(std::vector<core::Episode>& episodes, const Published& published) {
    std::vector<std::string> slugs = keep_published_items(episodes, published);
    if (!published.pages.empty()) keep_listed_pages(episodes, published.pages, slugs);
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

#include "feed/identity.hpp"

#include <algorithm>
#include <optional>
#include <pugixml.hpp>
#include <string_view>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "core/enclosures.hpp"
#include "core/episode_key.hpp"
#include "dates/dates.hpp"
#include "text/strings.hpp"
#include "text/text_position.hpp"

namespace feed {

namespace {

// An item as apps know it: by its guid, or by its audio URL when it has none; nothing without audio.
std::optional<ItemIdentity> published_identity(std::string_view guid, std::string_view url) {
    std::string u(text::trim(url));
    if (u.empty()) return std::nullopt;
    std::string g(text::trim(guid));
    return ItemIdentity{g.empty() ? u : g, u, ""};
}

std::string episode_key(const ItemIdentity& item) {
    return core::episode_key(item.title, item.day);
}

std::string named(const ItemIdentity& item) {
    const std::string title = text::collapse_whitespace(item.title);
    return title.empty() ? "item '" + item.guid + "'" : "'" + title + "' (guid '" + item.guid + "')";
}

}  // namespace

std::optional<std::vector<ItemIdentity>> read_identities(std::string feed_xml, const site::SitePaths* site) {
    std::vector<ItemIdentity> out;
    const text::LineIndex lines(feed_xml);  // (before the parse writes into the text) for messages
    pugi::xml_document doc;
    if (!doc.load_buffer_inplace(feed_xml.data(), feed_xml.size())) return std::nullopt;
    pugi::xml_node channel = doc.child("rss").child("channel");
    if (!channel) return std::nullopt;
    for (auto item : channel.children("item"))
        if (auto identity =
                published_identity(item.child_value("guid"), core::media_enclosure(item).attribute("url").value())) {
            identity->line = lines.at(static_cast<std::size_t>(item.offset_debug())).line;
            identity->title = text::collapse_whitespace(item.child_value("title"));
            if (site) identity->slug = site->episode_slug_at(text::trim(item.child_value("link")));
            if (auto date = dates::parse_any_date(text::trim(item.child_value("pubDate"))))
                identity->day = dates::format_day(*date);
            out.push_back(std::move(*identity));
        }
    return out;
}

std::vector<ItemIdentity> as_published(const std::vector<ItemIdentity>& items) {
    std::vector<ItemIdentity> out;
    // (A feed an earlier podarchive wrote may have an item whose only file is an image or a
    // PDF: read back, it is no episode. The record keeps no types: the URL's extension tells.)
    for (const auto& item : items)
        if (auto identity = published_identity(item.guid, core::is_media_file("", item.enclosure_url)
                                                              ? std::string_view(item.enclosure_url)
                                                              : std::string_view())) {
            identity->title = text::collapse_whitespace(item.title);
            identity->day = item.day;
            identity->slug = item.slug;
            out.push_back(std::move(*identity));
        }
    return out;
}

// The identity problems listed one by one; the rest are counted.
constexpr std::size_t k_errors_listed = 20;

IdentityCheck compare_identities(const std::vector<ItemIdentity>& now, const std::vector<ItemIdentity>& before,
                                 const std::string& before_file, Before kind,
                                 const std::vector<config::IdentityChange>& allowed) {
    // Several items may share a guid or an audio URL (a host's duplicates, a re-post): an old
    // item is there when one of them has its guid (and, against an input feed, its audio URL).
    // (Hashed, by views of the items' own strings: two archives' worth of URLs with one long
    // common prefix made ordered maps a good part of a note edit's feed check.)
    std::unordered_map<std::string_view, std::vector<const ItemIdentity*>> by_guid;  // in feed order
    std::unordered_map<std::string_view, const ItemIdentity*> by_url;                // the first of each
    by_guid.reserve(now.size()), by_url.reserve(now.size());
    for (const auto& item : now) {
        by_guid[item.guid].push_back(&item);
        by_url.emplace(item.enclosure_url, &item);
        // (An input feed names the host's guid and URL of an item that keeps what the site published.)
        if (kind == Before::input && !item.host_enclosure_url.empty()) by_url.emplace(item.host_enclosure_url, &item);
        if (kind == Before::input && !item.host_guid.empty()) by_guid[item.host_guid].push_back(&item);
    }
    // Items by title and day (the first of each), asked only about an item whose guid and audio
    // URL both changed: made when first asked (tens of thousands of keys otherwise made for
    // nothing, on the way to the end of a build after a note edit). An input feed's identities
    // have no titles: episodes are matched so only against the feeds apps have.
    const bool by_title = kind == Before::published;
    auto episodes_of = [](const std::vector<ItemIdentity>& items) {
        std::unordered_map<std::string, const ItemIdentity*> by_key;
        for (const auto& item : items)
            if (std::string key = episode_key(item); !key.empty()) by_key.emplace(std::move(key), &item);
        return by_key;
    };
    std::optional<std::unordered_map<std::string, const ItemIdentity*>> by_episode_made, old_episodes_made;
    auto by_episode = [&]() -> const auto& {
        return by_episode_made ? *by_episode_made : by_episode_made.emplace(episodes_of(now));
    };
    auto old_episodes = [&]() -> const auto& {
        return old_episodes_made ? *old_episodes_made : old_episodes_made.emplace(episodes_of(before));
    };
    // (A set: a host that re-issued every guid has them all listed, thousands.)
    std::unordered_set<std::string_view> allowed_guids;
    for (const auto& c : allowed) allowed_guids.insert(c.guid);
    auto is_allowed = [&](const std::string& guid) { return allowed_guids.contains(guid); };
    IdentityCheck check;
    // Located where the change was made: the input's item that has it now, else the old one.
    auto problem = [&](const std::string& message, const ItemIdentity& old, const ItemIdentity* changed) {
        const ItemIdentity& at = changed && !changed->file.empty() ? *changed : old;
        // (Located elsewhere, the message names the feed that had the old identity.)
        const std::string against = at.file.empty() || at.file == before_file ? "" : " (against " + before_file + ")";
        check.errors.push_back(
            core::error_at({at.file.empty() ? before_file : at.file, at.line, 0}, message + against));
    };
    const std::string k_meant = "; if this is meant, list the old guid under identity_changes in site.yaml";
    std::vector<std::pair<const ItemIdentity*, const ItemIdentity*>> moved;  // (before, now): same guid, new audio URL
    std::unordered_set<std::string_view> old_guids;
    std::unordered_map<std::string_view, const ItemIdentity*> old_by_url;  // the last of each
    old_guids.reserve(before.size()), old_by_url.reserve(before.size());
    for (const auto& old : before) old_guids.insert(old.guid), old_by_url[old.enclosure_url] = &old;
    for (const auto& old : before) {
        if (is_allowed(old.guid)) continue;
        if (auto same_guid = by_guid.find(old.guid); same_guid != by_guid.end()) {
            const auto& items = same_guid->second;
            // (An input feed names the host's URL of an item served from the archive's copy.)
            auto same_audio = [&](const ItemIdentity* item) {
                return item->enclosure_url == old.enclosure_url ||
                       (kind == Before::input && item->host_enclosure_url == old.enclosure_url);
            };
            if (std::none_of(items.begin(), items.end(), same_audio)) {
                if (kind == Before::input)
                    problem(named(old) + " changed its audio URL from " + old.enclosure_url + " to " +
                                items.front()->enclosure_url + k_meant,
                            old, items.front());
                else
                    moved.emplace_back(&old, items.front());
            }
            continue;
        }
        const ItemIdentity* again = nullptr;
        if (auto it = by_url.find(old.enclosure_url); it != by_url.end())
            again = it->second;
        else if (auto key = by_title ? episode_key(old) : ""; !key.empty())
            if (auto e = by_episode().find(key); e != by_episode().end()) again = e->second;
        // (An item `before` had beside it is no new guid of it: the two were items of their own, a
        // rerun and its original, and this one is lost.)
        if (again && old_guids.contains(again->guid)) again = nullptr;
        if (again && !is_allowed(again->guid))
            problem(named(old) + " came back under a new guid '" + again->guid + "' (it was '" + old.guid +
                        "'): every subscriber would download it again; have the host restore the old guid" + k_meant,
                    old, again);
        else if (!again)
            problem(named(old) + " (" + old.enclosure_url +
                        ") is no longer in the archive: apps have it, and a published episode must stay; " +
                        (kind == Before::input ? "podarchive lost it (a note or identity_changes may hide it)"
                                               : "bring its item back (`podarchive fetch` keeps every item a host "
                                                 "drops, beside the feed's snapshot)") +
                        k_meant,
                    old, nullptr);
    }
    // A published episode that is also in the feed under a new guid, beside its item: the host
    // posted it again (a rerun, or by mistake). Its subscribers get the copy as a new episode, and
    // so do the archive's, as a feed built first from both items has both: said, not refused (a
    // build that fails publishes nothing, that day and after, until the host acts).
    std::vector<std::pair<const ItemIdentity*, const ItemIdentity*>> reposted;  // (before, the copy now)
    if (kind == Before::published)
        for (const auto& item : now) {
            if (old_guids.contains(item.guid) || is_allowed(item.guid)) continue;
            const ItemIdentity* old = nullptr;
            if (auto it = old_by_url.find(item.enclosure_url); it != old_by_url.end()) old = it->second;
            if (!old)
                if (const std::string key = episode_key(item); !key.empty())
                    if (auto it = old_episodes().find(key); it != old_episodes().end()) old = it->second;
            if (old && by_guid.contains(old->guid) && !is_allowed(old->guid)) reposted.emplace_back(old, &item);
        }
    // A host that replaced its whole feed would otherwise make one line an item (19 MB for
    // 100,000): the first ones say what happened, a count says how far it goes.
    if (check.errors.size() > k_errors_listed) {
        const std::size_t more = check.errors.size() - k_errors_listed;
        check.errors.resize(k_errors_listed);
        check.errors.push_back(core::error_at(
            {before_file, 0, 0}, "and " + text::count_text(more, "more item", "more items") + " the same way (" +
                                     std::to_string(more + k_errors_listed) + " in all; the first " +
                                     std::to_string(k_errors_listed) + " are above)"));
    }
    if (!moved.empty()) {
        const auto& [old, now_item] = moved.front();
        const ItemIdentity& at = !now_item->file.empty() ? *now_item : *old;
        check.warnings.push_back(
            core::warning_at({at.file.empty() ? before_file : at.file, at.line, 0},
                             text::count_text(moved.size(), "item keeps its guid with a new audio URL",
                                              "items keep their guids with new audio URLs") +
                                 " since " + before_file +
                                 " (a host migration or a tracking prefix; apps follow the guid): the feed carries the "
                                 "host's current URLs (the first: " +
                                 named(*old) + ": " + old->enclosure_url + " -> " + now_item->enclosure_url + ")"));
    }
    if (!reposted.empty()) {
        const auto& [old, copy] = reposted.front();
        const ItemIdentity& at = !copy->file.empty() ? *copy : *old;
        check.warnings.push_back(core::warning_at(
            {at.file.empty() ? before_file : at.file, at.line, 0},
            text::count_text(reposted.size(), "published episode is", "published episodes are") +
                " in the feed again under a new guid, beside the item apps have (the first: " + named(*old) +
                ", again as '" + copy->guid +
                "'): a rerun the host posted, which subscribers get as a new episode; if the host posted it by "
                "mistake, have the host remove the copy"));
    }
    return check;
}

std::optional<core::Diagnostic> gone_pages(const std::vector<std::string>& published_files,
                                           const core::Catalog& catalog, const std::string& output_dir) {
    if (published_files.empty()) return std::nullopt;
    std::unordered_set<std::string_view> slugs;
    for (const auto& e : catalog.episodes) slugs.insert(e.slug);
    std::vector<std::string_view> gone;  // (in the manifest's order: byte order)
    for (const std::string& path : published_files) {
        std::string_view rest = std::string_view(path).substr(site::k_episodes_dir.size());
        const std::size_t slash = rest.find('/');
        if (slash == std::string_view::npos || rest.substr(slash) != "/index.html") continue;
        if (!slugs.contains(rest.substr(0, slash))) gone.push_back(rest.substr(0, slash));
    }
    if (gone.empty()) return std::nullopt;
    const bool one = gone.size() == 1;
    return core::warning_at(
        {output_dir, 0, 0},
        text::count_text(gone.size(), "episode page", "episode pages") + " the last build published " +
            (one ? "is" : "are") + " gone (" + (one ? "" : "the first: ") + site::k_episodes_dir +
            std::string(gone.front()) + "/): links to " + (one ? "it" : "them") +
            " now answer 404. No source has the episode any more, or one without audio has another title "
            "and date now (fetch keeps what a feed or a page with a `url:` drops: a source left out of site.yaml, or a "
            "file changed by hand, loses it): keep the old copy (git has it) as a source of its own without "
            "`url:`, so that fetch leaves it as it is");
}

}  // namespace feed

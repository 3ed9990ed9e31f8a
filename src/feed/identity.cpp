#include "feed/identity.hpp"

#include <algorithm>
#include <map>
#include <optional>
#include <pugixml.hpp>

#include "util/strings.hpp"
#include "util/text_position.hpp"

namespace feed {

namespace {

// An item as apps know it: by its guid, or by its audio URL when it has none; nothing without audio.
std::optional<ItemIdentity> published_identity(std::string_view guid, std::string_view url) {
    std::string u(util::trim(url));
    if (u.empty()) return std::nullopt;
    std::string g(util::trim(guid));
    return ItemIdentity{g.empty() ? u : g, u, ""};
}

}  // namespace

std::optional<std::vector<ItemIdentity>> read_identities(std::string feed_xml) {
    std::vector<ItemIdentity> out;
    const util::LineIndex lines(feed_xml);  // (before the parse writes into the text) for messages
    pugi::xml_document doc;
    if (!doc.load_buffer_inplace(feed_xml.data(), feed_xml.size())) return std::nullopt;
    pugi::xml_node channel = doc.child("rss").child("channel");
    if (!channel) return std::nullopt;
    for (auto item : channel.children("item"))
        if (auto identity = published_identity(item.child_value("guid"), item.child("enclosure").attribute("url").value())) {
            identity->line = lines.at(static_cast<std::size_t>(item.offset_debug())).line;
            out.push_back(std::move(*identity));
        }
    return out;
}

std::vector<ItemIdentity> as_published(const std::vector<ItemIdentity>& items) {
    std::vector<ItemIdentity> out;
    for (const auto& item : items)
        if (auto identity = published_identity(item.guid, item.enclosure_url)) out.push_back(std::move(*identity));
    return out;
}

std::vector<core::Diagnostic> compare_identities(const std::vector<ItemIdentity>& now, const std::vector<ItemIdentity>& before,
                                                 const std::string& before_file, const std::vector<config::IdentityChange>& allowed) {
    // Several items may share a guid or an audio URL (a host's duplicates, a re-post): an old
    // item is there when one of them has both its guid and its audio URL.
    std::multimap<std::string, const ItemIdentity*> by_guid;
    std::map<std::string, const ItemIdentity*> by_url;
    for (const auto& item : now) by_guid.emplace(item.guid, &item), by_url.emplace(item.enclosure_url, &item);
    auto is_allowed = [&](const std::string& guid) {
        return std::any_of(allowed.begin(), allowed.end(), [&](const config::IdentityChange& c) { return c.guid == guid; });
    };
    std::vector<core::Diagnostic> problems;
    for (const auto& old : before) {
        if (is_allowed(old.guid)) continue;
        // Located where the change was made: the input's item that has it now, else the old one.
        auto problem = [&](const std::string& message, const ItemIdentity* changed) {
            const ItemIdentity& at = changed && !changed->file.empty() ? *changed : old;
            // (Located elsewhere, the message names the feed that had the old identity.)
            const std::string against = at.file.empty() || at.file == before_file ? "" : " (against " + before_file + ")";
            problems.push_back(core::error_at({at.file.empty() ? before_file : at.file, at.line, 0},
                                              message + against + "; if this is meant, list the guid under identity_changes in site.yaml"));
        };
        auto [first, last] = by_guid.equal_range(old.guid);
        if (first != last) {
            if (std::none_of(first, last, [&](const auto& kv) { return kv.second->enclosure_url == old.enclosure_url; }))
                problem("item '" + old.guid + "' changed its audio URL from " + old.enclosure_url + " to " + first->second->enclosure_url,
                        first->second);
        } else if (auto same_audio = by_url.find(old.enclosure_url); same_audio != by_url.end()) {
            problem("item with audio " + old.enclosure_url + " changed its guid from '" + old.guid + "' to '" + same_audio->second->guid + "'",
                    same_audio->second);
        } else {
            problem("item '" + old.guid + "' (" + old.enclosure_url + ") disappeared from the feed", nullptr);
        }
    }
    return problems;
}

}  // namespace feed

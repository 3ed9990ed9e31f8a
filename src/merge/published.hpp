#pragma once
// What the site has already published of its episodes, as its own feeds say (the output folder's
// last feed.xml, the published one): the merge keeps the guid apps know each episode by and the
// address of its page, whatever its host does to them since.
#include <optional>
#include <string>
#include <unordered_set>
#include <vector>

#include "core/diagnostic.hpp"
#include "core/episode.hpp"
#include "core/published_page.hpp"

namespace merge {

// One item of a feed the site wrote.
struct PublishedItem {
    std::string guid;
    std::string enclosure_url;
    std::string slug;   // of the episode page its <link> is ("" when it is none of the site's)
    std::string title;  // as the item has it
    std::string day;    // YYYY-MM-DD of its date, "" when unknown
};

struct Published {
    std::vector<PublishedItem> items;
    // The guids site.yaml's identity_changes lists: a new guid for one of them is meant.
    std::unordered_set<std::string> meant;
    std::vector<core::PublishedPage> pages{};  // every episode page, as the site lists them
};

// Which published item each episode is, and the slug of its page ("" for an episode the site has
// not published, or whose item links to no page of the site's), in the episodes' order: the item
// with its guid, else the one its host re-issued under a new guid: a published item whose guid no
// episode has any more, with its audio URL, or its title on the same day (core::episode_key: as
// fetch's kept items and the identity guard tell a re-issue), or the same audio file behind
// another tracking prefix (when no other item or episode has that file); the oldest episode first.
// A re-issued episode keeps the guid it was published under (Episode::published_guid): apps know
// an episode by its guid, so a new one makes every subscriber download it again, and an archive
// that publishes nothing until someone acts on it stops taking in new episodes. Not when either
// guid is `meant`. (An item without a guid is known to apps by its audio URL: one whose URL the
// host changed, a tracking prefix added, keeps the URL it was published with as its guid.)
//
// An episode no item matches keeps the page of the list's entry (`pages`) with its guid, else
// its Apple episode id, else its page at its host, else its title on the same day (no date on
// either side counting as one day); else, retitled, the entry of that day whose title its own
// was edited from (words added, dropped or respelled), else the entry of its date (the very
// second where both have a time of day, else the day): each when the pairing is the only one
// either side has left. A directory that retitles an episode no feed gives audio for must not
// move its page either. Each entry is one episode's, the oldest first; not one whose page an
// item kept.
std::vector<std::string> keep_published(std::vector<core::Episode>& episodes, const Published& published);

// One warning for the episodes of `catalog` that keep a guid their host re-issued, located at
// the first one's item; none when no episode does (an item without a guid of its own is none).
std::optional<core::Diagnostic> reissue_warning(const core::Catalog& catalog);

}  // namespace merge

#pragma once
// The identity guard. Podcast apps know an episode by its guid: a new guid for an episode they
// have makes every subscriber download it again, and a guid that vanishes from an archive's
// feed is an episode the archive lost. A new audio URL under the same guid is routine (a host
// migration, a tracking prefix): apps follow it. The guard fails the build on the first two,
// names the third in one line, and lets site.yaml's identity_changes declare an exception.
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "config/site_config.hpp"
#include "core/diagnostic.hpp"
#include "feed/feed_writer.hpp"
#include "site/site_paths.hpp"

namespace feed {

// The items of a feed as podcast apps identify them (an item without guid is known by its
// audio URL). Items without audio (none, or only an image or a PDF: core::media_enclosure) are
// left out: apps never had them as episodes. (The text is parsed where
// it is: a large feed is tens of megabytes.) With `site`, an item whose <link> is one of that
// site's episode pages has its slug (the feeds the site wrote: where apps and listeners know its
// page). Nothing when the text is not an RSS feed.
std::optional<std::vector<ItemIdentity>> read_identities(std::string feed_xml, const site::SitePaths* site = nullptr);

// `items` (a feed's, as written) as read_identities reads them back from the written feed.
std::vector<ItemIdentity> as_published(const std::vector<ItemIdentity>& items);

// What `before` is to the new feed.
enum class Before {
    input,      // an input feed (with its kept items): the new feed must carry each item as it is
    published,  // a feed apps already have (the last build's, the published one)
};

struct IdentityCheck {
    std::vector<core::Diagnostic> errors;    // one per item, located at the item that has the change
    std::vector<core::Diagnostic> warnings;  // at most two: the items whose audio URL changed, the reposts
};

// Compares `now` (every item of the archive, those past the feed's limit included) with
// `before`, named `before_file`:
// - an item of `before` whose guid `now` lacks: an error, saying whether its episode came back
//   under another guid (the same audio URL, or the same title on the same day) or vanished;
// - against a published feed, an item of `now` with a new guid for an episode `before` has
//   under another guid that is still there: one warning for all such (the host posted it again);
// - an item with the same guid and another audio URL: an error against an input feed (the
//   writer changed it), one summary warning against a published feed (the host moved it).
// Items whose old or new guid `allowed` lists are not judged.
IdentityCheck compare_identities(const std::vector<ItemIdentity>& now, const std::vector<ItemIdentity>& before,
                                 const std::string& before_file, Before kind,
                                 const std::vector<config::IdentityChange>& allowed);

// The guard's kin for pages: one warning, located at `output_dir`, when episode pages the last
// build published (`published_files`: its files under site::k_episodes_dir) are pages of no episode of
// `catalog`: their links now answer 404. A feed's items are kept by fetch and guarded above; an
// episode only directory pages list (no audio) has no item to keep it, and leaves when its
// listing drops it (a page of recent episodes), or moves when it is titled otherwise.
std::optional<core::Diagnostic> gone_pages(const std::vector<std::string>& published_files,
                                           const core::Catalog& catalog, const std::string& output_dir);

}  // namespace feed

#pragma once
// The identity guard: podcast apps know episodes by guid and audio URL; a feed whose guids or
// URLs drift makes every subscriber download the archive again. Changes fail the build unless
// site.yaml's identity_changes says they are meant.
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "config/site_config.hpp"
#include "core/diagnostic.hpp"
#include "feed/feed_writer.hpp"

namespace feed {

// The items of a feed as podcast apps identify them (an item without guid is known by its
// audio URL). Items without audio are left out: apps never had them. (The text is parsed where
// it is: a large feed is tens of megabytes.) Nothing when the text is not an RSS feed.
std::optional<std::vector<ItemIdentity>> read_identities(std::string feed_xml);

// `items` (a feed's, as written) as read_identities reads them back from the written feed.
std::vector<ItemIdentity> as_published(const std::vector<ItemIdentity>& items);

// Compares `now` with `before` (the input feed, or the previous build's feed.xml, named by
// `before_file`): each item of `before` must still be in `now` with the same guid and the same
// audio URL. Returns one error per difference, except for guids listed in `allowed`.
std::vector<core::Diagnostic> compare_identities(const std::vector<ItemIdentity>& now, const std::vector<ItemIdentity>& before,
                                                 const std::string& before_file, const std::vector<config::IdentityChange>& allowed);

}  // namespace feed

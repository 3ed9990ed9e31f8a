#pragma once
// JSON Feed 1.1 (https://www.jsonfeed.org/version/1.1/) with the same items as feed.xml.
#include <functional>
#include <string>
#include <string_view>

#include "config/site_config.hpp"
#include "core/episode.hpp"
#include "notes/curation.hpp"
#include "site/site_content.hpp"

namespace feed {

// JSON Feed 1.1 (https://jsonfeed.org/version/1.1) of the episodes with audio, newest first, as
// feed.json: the same items, texts and links as feed.xml.
// Written in pieces of about a megabyte, in order, through `write`: a large archive's feed is
// never whole in memory.
void write_json_feed(const site::SiteContent& content, const std::function<void(std::string_view)>& write);

}  // namespace feed

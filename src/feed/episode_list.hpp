#pragma once
// episodes.json: every episode page of the site, with what tells its episode apart. feed.xml
// and feed.json list only the episodes with audio; this list has every page, so that a later
// build that finds the site published (the output folder's list, or the published one on a
// runner: build --published-feed) keeps each page where it is, as merge/published.hpp does
// for the feeds' items, an episode no source gives audio for included. Public, like the feeds:
// a plain index of the archive for anyone's scripts.
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/published_page.hpp"
#include "site/site_content.hpp"
#include "site/site_paths.hpp"

namespace feed {

// The list's path in the site.
inline const std::string k_episode_list = "episodes.json";

// The list, newest first, an episode a line: {"version": 1, "home_page_url": ..., "episodes":
// [{"url", "title", "date" (ISO 8601: a day, or a time with its zone), "guid", "apple_id",
// "host_url" (its page at its host)}]}, the last four only when known. Written in pieces
// through `write`, as feed.json is.
void write_episode_list(const site::SiteContent& content, const std::function<void(std::string_view)>& write);

// The pages a list written so names that are this site's (`site`: their URLs are its episode
// pages; another's are skipped), in its order. Nothing when the text is not such a list.
std::optional<std::vector<core::PublishedPage>> read_episode_list(std::string_view text, const site::SitePaths& site);

}  // namespace feed

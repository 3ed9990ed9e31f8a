#pragma once
// The Podcasting 2.0 channel guid: a UUIDv5 of the feed URL.
#include <string>
#include <string_view>

namespace feed {

// UUIDv5 in the podcast namespace ead4c236-bf58-58c6-a2c6-a6b28d128cb6 of the feed URL with its
// scheme ("https://") and trailing slashes removed, as the namespace's <podcast:guid> says.
// "https://feeds.podcastindex.org/pc20.xml" -> "917393e3-1b1e-5cef-ace4-edaa54e1f810".
std::string podcast_guid_for(std::string_view feed_url);

}  // namespace feed

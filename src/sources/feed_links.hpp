#pragma once
// What a Podcasting 2.0 feed points listeners to beyond the audio (core::FeedLink): read from an
// <item> (where the episode is discussed, its video, licence and place) or the <channel> (its
// licence, place, trailers and podroll). Only http(s) addresses are kept; a place becomes an
// OpenStreetMap link when the feed gives its osm or geo attribute.
#include <functional>
#include <pugixml.hpp>
#include <string>
#include <string_view>
#include <vector>

#include "core/listening_links.hpp"

namespace sources {

// `qualified(local)`: the element's name as the feed writes it, with the prefix it declares for
// the podcast namespace ("podcast:license").
std::vector<core::FeedLink> read_feed_links(const pugi::xml_node& parent,
                                            const std::function<std::string(std::string_view)>& qualified,
                                            bool channel);

// The OpenStreetMap page of podcast:location's `osm` ("R113314": a relation) or `geo`
// ("geo:30.2672,-97.7431"), or "" when neither is one.
std::string map_url(std::string_view osm, std::string_view geo);

}  // namespace sources

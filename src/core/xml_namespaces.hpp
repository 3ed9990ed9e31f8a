#pragma once
// The XML namespaces of the feed formats podarchive reads and writes, as their specifications
// write them: one list for the feed readers (sources/), fetch's kept items and the feed writer.
#include <string_view>

namespace core::ns {

inline constexpr std::string_view itunes = "http://www.itunes.com/dtds/podcast-1.0.dtd";
inline constexpr std::string_view podcast = "https://podcastindex.org/namespace/1.0";  // Podcasting 2.0
inline constexpr std::string_view content = "http://purl.org/rss/1.0/modules/content/";
inline constexpr std::string_view media = "http://search.yahoo.com/mrss/";  // Media RSS
inline constexpr std::string_view psc = "http://podlove.org/simple-chapters";
inline constexpr std::string_view googleplay = "http://www.google.com/schemas/play-podcasts/1.0";
inline constexpr std::string_view spotify = "http://www.spotify.com/ns/rss";
inline constexpr std::string_view dc = "http://purl.org/dc/elements/1.1/";  // Dublin Core
inline constexpr std::string_view sy = "http://purl.org/rss/1.0/modules/syndication/";
inline constexpr std::string_view atom = "http://www.w3.org/2005/Atom";
inline constexpr std::string_view atom03 = "http://purl.org/atom/ns#";  // Atom 0.3, before Atom 1.0
inline constexpr std::string_view rdf = "http://www.w3.org/1999/02/22-rdf-syntax-ns#";
inline constexpr std::string_view rss1 = "http://purl.org/rss/1.0/";              // RSS 1.0's own elements
inline constexpr std::string_view enc = "http://purl.oclc.org/net/rss_2.0/enc#";  // RSS 1.0's mod_enclosure

}  // namespace core::ns

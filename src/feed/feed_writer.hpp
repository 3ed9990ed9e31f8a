#pragma once
// Catalog -> the regenerated RSS feed, built as an XML tree (pugixml), never by pasting strings.
#include <string>

#include "config/site_config.hpp"
#include "core/episode.hpp"
#include "notes/curation.hpp"
#include "render/page_data.hpp"

namespace feed {

struct FeedResult {
    std::string xml;
    std::size_t items = 0;
    std::size_t left_out_without_audio = 0;  // episodes no podcast app could play
};

// Writes RSS 2.0 with the itunes, content, atom and podcast namespaces: channel metadata
// (site.yaml first, the input feed's channel where site.yaml is silent), atom:link rel=self at
// the site's own feed URL, and one item per episode that has an enclosure, newest first, with
// its original guid. Dates are RFC 822; durations are seconds. lastBuildDate is the newest
// item's date, so the same inputs give the same bytes.
// From the notes (`curation`): podcast:person per guest, podcast:transcript and podcast:chapters,
// and the curated note appended to content:encoded.
FeedResult write_feed(const config::SiteConfig& config, const core::Catalog& catalog, const notes::Curation& curation,
                      const render::SiteInfo& site);

}  // namespace feed

#pragma once
// What every page, feed and the search index are made from: the catalog and the curation after
// the notes, the site, and what the notes stage makes of them (the navigation, every episode's
// text).
#include <memory>
#include <vector>

#include "core/episode.hpp"
#include "notes/curation.hpp"
#include "site/episode_text.hpp"
#include "site/site_info.hpp"

namespace site {

struct SiteContent {
    core::Catalog catalog;                     // the merged sources, with what the notes override
    notes::Curation curation;                  // what the notes add
    SiteInfo site;                             // made after the merge (make_site_info), as it was made
    std::vector<SiteInfo::Link> nav{};         // the header's navigation: the archive's sections, the notes' pages
    std::shared_ptr<const TextCache> texts{};  // every episode's text, made once after the notes

    // The episode's text from `texts`; without them (one-off renders, tests), made on the spot.
    const EpisodeText& text(const core::Episode& e) const;
};

}  // namespace site

#pragma once
// What every page is made from: the catalog and the curation after the notes, and the site.
#include "core/episode.hpp"
#include "notes/curation.hpp"
#include "render/site_info.hpp"

namespace render {

struct SiteContent {
    core::Catalog catalog;     // the merged sources, with what the notes override
    notes::Curation curation;  // what the notes add
    SiteInfo site;             // with the navigation and (once made) every episode's text
};

}  // namespace render

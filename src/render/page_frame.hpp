#pragma once
// What every page's data has around its own: the site's members and the page's head.
#include <map>
#include <string>
#include <vector>

#include "render/data.hpp"
#include "site/site_info.hpp"

namespace render {

// {site: {...}, t: {...}}: what every page shares, built once and rendered under each page's
// data; `t` holds the interface's words ({{t.episode.show_notes}}). `nav`: the header's
// navigation (site::SiteContent::nav).
Data site_data(const site::SiteInfo& site, const std::vector<site::SiteInfo::Link>& nav);

// The interface's words and the site's texts by their names in templates
// ("t.episode.show_notes", "site.title", "site.search_words"), for TemplateSet::with_constants:
// written into the templates once per build. (The same while the site is: made after the merge,
// as the sources give it; a build that keeps the templates baked keeps the site too.)
std::map<std::string, std::string, std::less<>> page_constants(const site::SiteInfo& site);

// {page: {title, description, canonical, ...}}: what every page has of its own.
// `jsonld` (optional) is a complete <script type="application/ld+json"> element.
Data page_data(const site::SiteInfo& site, const std::string& page_title, const std::string& description,
               const std::string& page_dir, const std::string& jsonld = "");

// Both in one object (what a template sees; for one-off renders and tests).
Data base_data(const site::SiteInfo& site, const std::vector<site::SiteInfo::Link>& nav, const std::string& page_title,
               const std::string& description, const std::string& page_dir, const std::string& jsonld = "");

// {label, url}, and a list of them.
Data link_data(const site::SiteInfo::Link& link);
Data link_list(const std::vector<site::SiteInfo::Link>& links);

}  // namespace render

#pragma once
// What every page's data has around its own: the site's members and the page's head.
#include <string>
#include <vector>

#include "render/data.hpp"
#include "render/site_info.hpp"

namespace render {

// {site: {...}}: what every page shares, built once and rendered under each page's data.
Data site_data(const SiteInfo& site);

// {page: {title, description, canonical, ...}}: what every page has of its own.
// `jsonld` (optional) is a complete <script type="application/ld+json"> element.
Data page_data(const SiteInfo& site, const std::string& page_title, const std::string& description,
               const std::string& page_dir, const std::string& jsonld = "");

// Both in one object (what a template sees; for one-off renders and tests).
Data base_data(const SiteInfo& site, const std::string& page_title, const std::string& description,
               const std::string& page_dir, const std::string& jsonld = "");

// {label, url}, and a list of them.
Data link_data(const SiteInfo::Link& link);
Data link_list(const std::vector<SiteInfo::Link>& links);

}  // namespace render

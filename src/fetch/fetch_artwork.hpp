#pragma once
// Downloads the show's artwork into content/sources (config::SiteConfig::artwork_path), so the
// site serves its own copy: the image site.yaml's `image:` names, else the feed's. The same
// limits and the same all-or-nothing swap as a feed: a failed or wrong download keeps the copy
// there was.
#include "config/site_config.hpp"
#include "fetch/fetch_sources.hpp"

namespace fetch {

// The artwork's address: site.yaml's `image`, else the <itunes:image> (or <image><url>) of the
// first feed source's snapshot; "" when neither names one.
std::string artwork_url(const config::SiteConfig& config);

// Downloads the artwork (artwork_url) beside the sources, kept as it was when the download
// fails or is not an image; `not_modified` when the host says it has not changed.
FetchOutcome fetch_artwork(const config::SiteConfig& config, const FetchOptions& options);

}  // namespace fetch

#pragma once
// Reads the feeds of the shows the site's feeds recommend (podcast:podroll) for their titles and
// websites, kept in config.podroll_file() (listening/podroll.hpp), where `build` finds them. A
// show is read once and again after a month; one that cannot be read stays as it was (or shows
// its feed's host until a later run reads it).
#include "config/site_config.hpp"
#include "fetch/fetch_sources.hpp"

namespace fetch {

FetchOutcome fetch_podroll(const config::SiteConfig& config, const FetchOptions& options);

}  // namespace fetch

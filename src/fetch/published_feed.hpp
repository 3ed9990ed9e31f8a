#pragma once
// The feed.xml a site has published: what podcast apps already know of its items. A build on a
// fresh machine (a CI runner) has no previous output folder, so the published feed is the only
// record of the guids and audio URLs subscribers hold; `build --published-feed` guards them.
#include <string>

#include "fetch/fetch_sources.hpp"

namespace fetch {

struct PublishedFeed {
    enum class Kind {
        found,          // `xml` holds the published feed
        not_published,  // 404 or 410: nothing was published there yet (the first publish)
        failed,         // no answer, another status, too large: nothing is known
    };
    Kind kind = Kind::failed;
    std::string xml;
    std::string message;  // why nothing is known (not_published, failed), for people
};

// GETs `url` with the limits `fetch` uses for sources (timeout, size, redirects, http(s) only).
PublishedFeed read_published_feed(const std::string& url, const FetchOptions& options);

}  // namespace fetch

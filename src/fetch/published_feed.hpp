#pragma once
// The feed.xml a site has published: what podcast apps already know of its items. A build on a
// fresh machine (a CI runner) has no previous output folder, so the published feed is the only
// record of the guids and audio URLs subscribers hold; `build --published-feed` guards them.
#include <optional>
#include <string>
#include <vector>

#include "fetch/feed_pages.hpp"
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
    // The archive pages it links to (RFC 5005: the items past site.yaml's feed_limit), in the
    // order read: what subscribers have as much as the feed's own items.
    std::vector<FeedPage> pages{};
    // The file published in the feed's folder under the name asked for (the site's list of its
    // episode pages), when it is there.
    std::optional<std::string> beside{};
    std::string message;  // why nothing is known (not_published, failed), for people
};

// GETs `url` with the limits `fetch` uses for sources (timeout, size, redirects, http(s) only),
// then every archive page it names, and those they name, then the file named `beside` in its
// folder (none when ""). A page or that file that cannot be read fails it all (`failed`, the
// message naming it; the file's 404 or 410 is only its absence): a build that went on would not
// know what they hold. The feed's own host may be on the local network (the user named it); the
// pages are read with the address guard of any URL a feed names.
PublishedFeed read_published_feed(const std::string& url, const FetchOptions& options, const std::string& beside = "");

}  // namespace fetch

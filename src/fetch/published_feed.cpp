#include "fetch/published_feed.hpp"

#include "fetch/address_guard.hpp"
#include "fetch/conditional_get.hpp"

namespace fetch {

namespace {

constexpr int k_max_published_pages = 100'000;

}  // namespace

PublishedFeed read_published_feed(const std::string& url, const FetchOptions& options) {
    HttpResponse response = http_get(limited_request(url, options));
    PublishedFeed out;
    if (!response.error.empty()) {
        out.message = url + ": " + response.error;
        return out;
    }
    // GitHub Pages answers 404 for a site not yet published; 410 says the same on purpose.
    if (response.status == 404 || response.status == 410) {
        out.kind = PublishedFeed::Kind::not_published;
        out.message = url + ": not published yet (HTTP " + std::to_string(response.status) + ")";
        return out;
    }
    if (response.status != 200) {
        out.message = url + ": the server answered HTTP " + std::to_string(response.status);
        return out;
    }
    // (A site with thousands of episodes and a small feed_limit has more pages than a source's
    // fetch reads; each is one of the site's own files.)
    FetchOptions for_pages = options;
    for_pages.max_pages = k_max_published_pages;
    PagesRead paged = read_pages(response.body, url, for_pages, AddressPolicy{true, {connection_host(url)}});
    if (!paged.problems.empty()) {
        out.message = url + ": an archive page it links to could not be read: " + paged.problems.front();
        return out;
    }
    out.kind = PublishedFeed::Kind::found;
    out.xml = std::move(response.body);
    out.pages = std::move(paged.pages);
    return out;
}

}  // namespace fetch

#include "fetch/published_feed.hpp"

#include "fetch/address_guard.hpp"
#include "fetch/conditional_get.hpp"
#include "net/url.hpp"

namespace fetch {

namespace {

constexpr int k_max_published_pages = 100'000;

// GitHub Pages answers 404 for a file not (yet) published; 410 says the same on purpose.
bool not_there(const HttpResponse& response) {
    return response.error.empty() && (response.status == 404 || response.status == 410);
}

// Why `response` from `url` is no file ("" when it is one).
std::string failure(const std::string& url, const HttpResponse& response) {
    if (!response.error.empty()) return url + ": " + response.error;
    if (response.status != 200) return url + ": the server answered HTTP " + std::to_string(response.status);
    return "";
}

}  // namespace

PublishedFeed read_published_feed(const std::string& url, const FetchOptions& options, const std::string& beside) {
    HttpResponse response = http_get(limited_request(url, options));
    PublishedFeed out;
    if (not_there(response)) {
        out.kind = PublishedFeed::Kind::not_published;
        out.message = url + ": not published yet (HTTP " + std::to_string(response.status) + ")";
        return out;
    }
    if (out.message = failure(url, response); !out.message.empty()) return out;
    // (A site with thousands of episodes and a small feed_limit has more pages than a source's
    // fetch reads; each is one of the site's own files.)
    FetchOptions for_pages = options;
    for_pages.max_pages = k_max_published_pages;
    PagesRead paged = read_pages(response.body, url, for_pages, AddressPolicy{true, {connection_host(url)}});
    if (!paged.problems.empty()) {
        out.message = url + ": an archive page it links to could not be read: " + paged.problems.front();
        return out;
    }
    if (!beside.empty()) {
        // (Not there: a site published before it had one.)
        const std::string beside_url = net::resolve_url(url, beside);
        HttpResponse file = http_get(limited_request(beside_url, options));
        if (!not_there(file)) {
            if (out.message = failure(beside_url, file); !out.message.empty()) return out;
            out.beside = std::move(file.body);
        }
    }
    out.kind = PublishedFeed::Kind::found;
    out.xml = std::move(response.body);
    out.pages = std::move(paged.pages);
    return out;
}

}  // namespace fetch

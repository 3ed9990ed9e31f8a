#include "fetch/published_feed.hpp"

#include "fetch/conditional_get.hpp"

namespace fetch {

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
    out.kind = PublishedFeed::Kind::found;
    out.xml = std::move(response.body);
    return out;
}

}  // namespace fetch

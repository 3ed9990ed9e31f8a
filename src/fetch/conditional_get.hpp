#pragma once
// One download of a file the site keeps (a source's snapshot, the show's artwork): a conditional
// GET with the validators (ETag, Last-Modified) remembered beside the file, and the same
// reading of every answer that brings no new body.
#include <filesystem>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "fetch/fetch_sources.hpp"
#include "fetch/http_get.hpp"

namespace fetch {

// What fetch remembers of a file between runs, in "<dir>/.<name>.fetch.json" (committed with the
// file: the publish workflow's next run starts from it).
struct FetchState {
    std::string url;       // the address site.yaml (or the feed) gave when this was written
    std::string location;  // where the file is read now, when it moved from `url` (else empty)
    std::string moved_by;  // what said it moved: "itunes:new-feed-url", "HTTP 301", ...
    std::string etag;      // the validators of the last answer read from address()
    std::string last_modified;
    std::vector<std::string>
        earlier{};  // addresses the file was read at before it moved (`fetch --history` asks for their captures too)

    // Where the file is read from.
    const std::string& address() const { return location.empty() ? url : location; }
};

// Where the state of `file` is remembered: "<dir>/.<name>.fetch.json".
std::filesystem::path state_path(const std::filesystem::path& file);

// The state remembered for `file` read from `url` (as site.yaml gives it now): what was
// remembered for another `url` is forgotten (site.yaml's address was changed by hand).
FetchState read_state(const std::filesystem::path& state_file, const std::string& url);

// Writes the state, unless the file already says the same (a run that changed nothing commits
// nothing).
void write_state(const std::filesystem::path& state_file, const FetchState& state);

// A GET of `url` with the limits of `options` (and at most 5 redirects).
HttpRequest limited_request(const std::string& url, const FetchOptions& options);

// GETs the state's address with the limits of `options`, sending its validators when there is
// a copy (`have_copy`); `addresses` says whether the address came from the user or a feed.
HttpResponse conditional_get(const FetchState& state, bool have_copy, const FetchOptions& options,
                             const AddressPolicy& addresses);

// The policy for URLs a feed or a downloaded file names: guarded, trusting the hosts of the
// site's own sources (their `url:`) and site.yaml's `allowed_hosts`.
AddressPolicy feed_named_policy(const config::SiteConfig& config);

// The outcome of an answer without a new body: a failed transfer or a status other than 200
// (`fail(why)`: the copy stays), or 304 (not modified). Nothing for a 200.
std::optional<FetchOutcome> outcome_without_body(const HttpResponse& response, FetchOutcome out,
                                                 const std::function<FetchOutcome(const std::string& why)>& fail);

// What a failure leaves: "; the previous snapshot is kept" or "; nothing was saved" (`what`:
// "snapshot", "copy").
std::string kept_or_nothing(bool have_copy, const std::string& what);

}  // namespace fetch

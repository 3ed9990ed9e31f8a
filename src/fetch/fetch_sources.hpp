#pragma once
// Refreshes the sources that have a `url`: a new snapshot replaces the old one only when it
// downloaded completely and parses as the same kind of source; otherwise the old one stays.
#include <string>
#include <vector>

#include "config/site_config.hpp"

namespace fetch {

struct FetchOptions {
    long timeout_seconds = 30;
    long long max_bytes = 64LL << 20;
};

struct FetchOutcome {
    enum class Kind { updated, not_modified, failed };
    std::string source;
    Kind kind = Kind::failed;
    std::string message;  // what happened, for people
    int added = 0, changed = 0, removed = 0;  // episodes, by guid (else audio URL, else title)
};

// Conditional GET (ETag / Last-Modified remembered in "<dir>/.<file>.fetch.json"), then the
// body is written beside the snapshot ("<file>.new"), parsed, and renamed over it in one step.
FetchOutcome fetch_source(const config::SourceConfig& source, const FetchOptions& options);

// fetch_source for every source of the config that has a `url`, in the config's order.
std::vector<FetchOutcome> fetch_sources(const config::SiteConfig& config, const FetchOptions& options);

}  // namespace fetch

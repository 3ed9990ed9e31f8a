#pragma once
// Refreshes the sources that have a `url`: a new snapshot replaces the old one only when it
// downloaded completely and parses as the same kind of source; otherwise the old one stays.
#include <string>
#include <vector>

#include "config/site_config.hpp"
#include "fetch/address_guard.hpp"

namespace fetch {

struct FetchOptions {
    long timeout_seconds = 30;
    long long max_bytes = 64LL << 20;
    int max_pages = 500;  // of a paged feed, the first included (feed_pages.hpp)
    // For the addresses a feed names (a feed's itunes:new-feed-url): the site's own hosts are
    // trusted (`fetch` sets feed_named_policy's); fetch_source adds the source's own.
    AddressPolicy feed_named{true, {}};
};

struct FetchOutcome {
    enum class Kind { updated, not_modified, failed };
    std::string source;
    Kind kind = Kind::failed;
    std::string message;                      // what happened, for people
    std::string notice{};                     // what the user should know and may act on (the feed moved), or ""
    int added = 0, changed = 0, removed = 0;  // episodes, by guid (else audio URL, else title)
    int kept = 0;        // items the host no longer lists, kept beside the snapshot (fetch/kept_items.hpp)
    int pages = 1;       // pages of a paged feed read (feed_pages.hpp): the first and those it names
    int page_items = 0;  // items the other pages added to the kept items now
    std::vector<std::string> page_problems{};  // pages not read, and why (warnings)
};

// Conditional GET (ETag / Last-Modified remembered in "<dir>/.<file>.fetch.json"), then the
// body is parsed, written beside the snapshot (files::write_file_atomically) and renamed over it.
// A feed's items that the new snapshot no longer lists are kept beside it (kept_items.hpp). A
// feed that moved (a permanent redirect, or its itunes:new-feed-url) is read at its new address
// from then on, remembered in the same state file, with a notice each run until site.yaml says so.
// An answer equal to the snapshot changes no file.
FetchOutcome fetch_source(const config::SourceConfig& source, const FetchOptions& options);

}  // namespace fetch

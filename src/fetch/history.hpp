#pragma once
// A feed's past, from a web archive: `podarchive fetch --history`. Hosts cut their feeds to the
// newest 50-300 items long before anyone starts an archive; the Wayback Machine has captured
// most public feeds many times over the years. Its CDX API lists the captures of an address
// (`<service>/cdx/search/cdx?url=...`), and each capture is served unchanged at
// `<service>/web/<timestamp>id_/<address>`. Every item of a capture that the archive does not
// know joins the kept items (kept_items.hpp) with podarchive:from="wayback:<timestamp>".
//
// Politely: one request at a time, a pause between them, at most `max_captures` captures a run,
// oldest first; the captures read are remembered beside the snapshot
// ("<dir>/.<file>.history.json"), so the next run goes on where this one stopped and a run
// with nothing new downloads no capture again.
#include <string>
#include <vector>

#include "config/site_config.hpp"
#include "fetch/fetch_sources.hpp"

namespace fetch {

struct Capture {
    std::string timestamp;  // "20210304050607"
    std::string original;   // the address captured
    std::string digest;     // of the captured body ("" when the service does not say)
    std::string mimetype;
};

struct CaptureList {
    std::vector<Capture> captures;  // with status 200, oldest first, one per digest
    std::string error;              // the service could not be asked or did not answer a list ("": it did)
};

// Asks `service` (history_url) for the captures of `url` (exactly that address).
CaptureList list_captures(const std::string& service, const std::string& url, const FetchOptions& options);

// Where `service` serves a capture's bytes as they were captured (the "id_" form: no banner,
// no rewritten links).
std::string capture_url(const std::string& service, const Capture& capture);

struct HistoryOptions {
    int max_captures = 100;  // captures downloaded in one run
    long delay_ms = 1000;    // between two requests to the service
};

struct HistoryOutcome {
    std::string source;
    bool failed = false;
    std::size_t listed = 0;              // distinct captures the service lists, of every address
    std::size_t read = 0;                // downloaded now
    std::size_t left = 0;                // not read yet: past this run's limit, or failed (the next run goes on)
    std::size_t not_feed = 0;            // captures that are no feed of the snapshot's kind (a captured error page)
    int added = 0;                       // items recovered now
    std::vector<std::string> addresses;  // asked for
    std::vector<std::string> problems;   // one line each
    std::string message;                 // for people
};

// Recovers the past items of the feed `source` from the captures of its address, its earlier
// addresses (redirects and moves fetch followed) and its own self link.
HistoryOutcome recover_history(const config::SourceConfig& source, const std::string& service,
                               const FetchOptions& options, const HistoryOptions& history);

}  // namespace fetch

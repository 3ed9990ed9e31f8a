#pragma once
// `fetch` keeps every episode's audio (site.yaml `audio: {keep: true}`): each file is downloaded
// once into the store (archive/audio/) under a name given once, judged by decoding its header,
// and listed in the manifest (archive/audio.json, audio/manifest.hpp). Downloads resume where an
// interrupted run stopped (HTTP Range into "<name>.part", which never has the final name), stay
// within a size limit per file and per run, retry with back-off, one at a time (one connection
// to a host), and go through the same address guard as every URL a feed names.
//
// A file is downloaded again only when it is missing (not in the store and uploaded nowhere) or
// damaged (its size differs from the manifest's), or when the feed gives the episode another
// length (a host that re-cut the episode: the new file is a new copy, the old one stays). A host
// that serves other bytes on every request (ads inserted as it serves) makes no new copy.
#include <ctime>
#include <functional>
#include <string>
#include <vector>

#include "config/site_config.hpp"
#include "core/episode.hpp"
#include "fetch/address_guard.hpp"

namespace fetch {

// Where a run is, for a progress display.
struct AudioProgress {
    std::size_t index = 0, count = 0;  // the file being downloaded, of those to download
    std::string file;
    long long received = 0;  // of this file, in this run
    long long total = 0;     // its size when the host said (else 0)
    bool done = false;       // the file is finished (or given up)
};

struct AudioOptions {
    AddressPolicy addresses{true, {}};  // the site's own hosts and allowed_hosts (fetch sets feed_named_policy's)
    long timeout_seconds = 3600;        // one file, resumed parts included
    int attempts = 4;                   // per file: the first and three retries
    long backoff_ms = 2000;             // before the first retry; doubled each time
    std::time_t now = 0;                // the time written as fetched and checked (0: the clock's)
    std::function<void(const AudioProgress&)> progress;
};

struct AudioOutcome {
    std::size_t episodes = 0;           // with audio the archive could keep
    std::size_t kept = 0;               // with a copy after this run (in the store or uploaded)
    std::size_t downloaded = 0;         // files downloaded now
    long long bytes = 0;                // downloaded now
    std::size_t not_audio = 0;          // answers that did not decode as audio (the previous copy kept)
    std::size_t failed = 0;             // downloads that failed after every retry
    std::size_t left_for_later = 0;     // past the run's size limit: the next run goes on
    std::size_t from_history = 0;       // copies taken from a web archive's capture: the host's file was gone
    std::size_t checked = 0;            // host URLs asked in this run whether they still serve the file
    std::size_t host_gone = 0;          // episodes whose host's file is gone: pages and feed serve the copy
    std::vector<std::string> problems;  // one line each: the file or URL and why
    std::string error;                  // the manifest could not be read or written ("": it was)
};

// Downloads what the archive lacks of `episodes`' audio, as site.yaml's `audio:` says.
AudioOutcome fetch_audio(const config::SiteConfig& config, const std::vector<core::Episode>& episodes,
                         const AudioOptions& options);

// The name a new copy is given in the store: "<day>-<slug>.<extension>", "-2", "-3" ... when
// taken. Once given, a name never changes.
std::string copy_name(const core::Episode& episode, const std::string& extension,
                      const std::function<bool(const std::string&)>& taken);

}  // namespace fetch

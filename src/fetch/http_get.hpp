#pragma once
// One HTTP GET with libcurl, with the limits a fetch of third-party files needs.
#include <functional>
#include <string>
#include <string_view>

#include "fetch/address_guard.hpp"

namespace fetch {

struct HttpRequest {
    std::string url;
    std::string etag;           // sent as If-None-Match when set
    std::string last_modified;  // sent as If-Modified-Since when set
    long timeout_seconds = 30;  // the whole transfer
    long connect_timeout_seconds = 10;
    long max_redirects = 5;
    long long max_bytes = 64LL << 20;
    AddressPolicy addresses;  // guarded: a URL a feed named (address_guard.hpp)
    // A large file (an episode's audio) is written to `sink_fd` as it comes, not kept in `body`:
    // only a 200 or 206 answer's body is written. With `resume_from`, the request asks for the
    // rest of a file of that many bytes (Range), on the condition `if_range` (an ETag or a date)
    // when given; a server that answers 200 instead sends the whole file, written from the start.
    int sink_fd = -1;
    long long resume_from = 0;
    std::string if_range{};
    std::function<void(long long received)> on_progress{};  // bytes of the body written so far, now and then
    std::function<void(std::string_view bytes, long long offset)>
        on_written{};        // each part written to sink_fd, at its offset in the file
    bool head_only = false;  // HEAD: the status and headers alone
};

struct HttpResponse {
    long status = 0;  // 0 when no HTTP answer came
    std::string body;
    std::string etag;
    std::string last_modified;
    std::string final_url;
    std::string moved_to;  // final_url, when every redirect to it was permanent (301, 308)
    std::string content_type;
    long long written = 0;       // bytes of the body written to the request's sink_fd (after a 200: the whole file)
    std::string error;           // why the transfer failed (empty on success)
    bool refused_local = false;  // it failed because an address of the local network was refused
};

// http and https only, redirects followed up to the limit, compressed answers decoded, the
// body capped at max_bytes (the transfer is aborted past it). A guarded request connects only to
// public addresses, checked on every hop of a redirect where the connection is made (the socket
// is opened for the address checked), unless the hop's host is trusted; a refusal is `error`.
// An unguarded one (a URL the user gave) reaches its own host as given, and every other host a
// redirect names only as a guarded one would.
// (Through a proxy from the environment, the proxy connects: each hop's host is then resolved
// and checked before the request.)
HttpResponse http_get(const HttpRequest& request);

}  // namespace fetch

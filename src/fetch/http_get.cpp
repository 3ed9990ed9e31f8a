#include "fetch/http_get.hpp"

#include <netdb.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <memory>

#include "fetch/libcurl.hpp"
#include "files/files.hpp"
#include "text/strings.hpp"

namespace fetch {

namespace {

struct Transfer {
    HttpResponse* response = nullptr;
    const HttpRequest* request = nullptr;
    long long max_bytes = 0;
    long status = 0;              // of the answer being read (each hop of a redirect has its own)
    long long range_start = -1;   // its Content-Range's first byte, when it has one
    bool sink_failed = false;     // writing to the request's sink_fd failed
    bool range_mismatch = false;  // a 206 that is not the rest asked for
    bool too_big = false;
    int redirects = 0;             // answers that were redirects
    bool only_permanent = true;    // and each of them a 301 or 308
    bool check_addresses = false;  // this hop connects only to public addresses
    std::string refused;           // "127.0.0.1 (loopback)": the address a connection was refused
};

// Opens each connection's socket, after libcurl resolved the host and before it connects: the
// one place that sees the very address connected to, on every hop (no second look-up between
// the check and the connection).
curl_socket_t open_socket(void* user, curlsocktype, curl_sockaddr* address) {
    auto* t = static_cast<Transfer*>(user);
    if (t->check_addresses) {
        if (std::string kind = local_network_kind(&address->addr); !kind.empty()) {
            if (t->refused.empty()) t->refused = address_text(&address->addr) + " (" + kind + ")";
            return CURL_SOCKET_BAD;
        }
    }
    return ::socket(address->family, address->socktype, address->protocol);
}

bool proxy_in_environment() {
    for (const char* name : {"http_proxy", "HTTP_PROXY", "https_proxy", "HTTPS_PROXY", "all_proxy", "ALL_PROXY"})
        if (const char* value = std::getenv(name); value && *value) return true;
    return false;
}

// Writes a part of a file's body to the request's sink: from the start after a 200, after the
// part already there after a 206 that continues it.
size_t to_sink(Transfer* t, const char* data, size_t n) {
    const HttpRequest& request = *t->request;
    HttpResponse& response = *t->response;
    if (t->status != 200 && t->status != 206) return n;  // (a redirect's or an error's body: not the file)
    if (response.written == 0) {
        if (t->status == 206 && t->range_start != request.resume_from) {
            t->range_mismatch = true;
            return 0;
        }
        const off_t start = t->status == 206 ? request.resume_from : 0;
        if ((t->status == 200 && ::ftruncate(request.sink_fd, 0) != 0) ||
            ::lseek(request.sink_fd, start, SEEK_SET) != start) {
            t->sink_failed = true;
            return 0;
        }
    }
    const long long before = t->status == 206 ? request.resume_from : 0;
    if (before + response.written + static_cast<long long>(n) > t->max_bytes) {
        t->too_big = true;
        return 0;
    }
    if (!files::write_all(request.sink_fd, std::string_view(data, n))) {
        t->sink_failed = true;
        return 0;
    }
    if (request.on_written) request.on_written(std::string_view(data, n), before + response.written);
    response.written += static_cast<long long>(n);
    if (request.on_progress) request.on_progress(response.written);
    return n;
}

size_t on_body(char* data, size_t size, size_t count, void* user) {
    auto* t = static_cast<Transfer*>(user);
    size_t n = size * count;
    if (t->request->sink_fd >= 0) return to_sink(t, data, n);
    if (static_cast<long long>(t->response->body.size() + n) > t->max_bytes) {
        t->too_big = true;
        return 0;  // aborts the transfer
    }
    t->response->body.append(data, n);
    return n;
}

// A header value to send again: visible ASCII and spaces, at most 1 KB (RFC 9110's field-vchar).
bool is_header_value(std::string_view value) {
    if (value.size() > 1024) return false;
    for (char c : value)
        if (static_cast<unsigned char>(c) < 0x20 || static_cast<unsigned char>(c) >= 0x7F) return false;
    return true;
}

size_t on_header(char* data, size_t size, size_t count, void* user) {
    auto* t = static_cast<Transfer*>(user);
    std::string_view line(data, size * count);
    // Each answer of a redirect chain starts with its status line: a new answer's validators
    // replace the last one's.
    if (line.starts_with("HTTP/")) {
        auto space = line.find(' ');
        const std::string_view code = space == std::string_view::npos ? "" : line.substr(space + 1, 3);
        if (code.size() == 3 && code[0] == '3' && code != "304") {
            ++t->redirects;
            if (code != "301" && code != "308") t->only_permanent = false;
        }
        long long status = 0;
        t->status = text::parse_uint(code, status) ? static_cast<long>(status) : 0;
        t->range_start = -1;
        t->response->etag.clear(), t->response->last_modified.clear(), t->response->content_type.clear();
        return size * count;
    }
    auto colon = line.find(':');
    if (colon != std::string_view::npos) {
        std::string name = text::ascii_lower(line.substr(0, colon));
        std::string value(text::trim(line.substr(colon + 1)));
        // These are sent back on the next fetch: a value with a control character (a bare CR)
        // or of no sane length would be a header of the server's making. It is not kept.
        if (!is_header_value(value)) return size * count;
        if (name == "etag")
            t->response->etag = value;
        else if (name == "last-modified")
            t->response->last_modified = value;
        else if (name == "content-type")
            t->response->content_type = value;
        else if (name == "content-range" && text::starts_with_icase(value, "bytes ")) {
            long long start = 0;
            const std::string_view range = std::string_view(value).substr(6);
            if (text::parse_uint(range.substr(0, range.find('-')), start)) t->range_start = start;
        }
    }
    return size * count;
}

}  // namespace

HttpResponse http_get(const HttpRequest& request) {
    HttpResponse response;
    const LibCurl& lib = libcurl();
    if (!lib.error.empty()) {
        response.error = lib.error;
        return response;
    }
    std::unique_ptr<CURL, void (*)(CURL*)> curl(lib.curl_easy_init(), lib.curl_easy_cleanup);
    if (!curl) {
        response.error = "cannot start libcurl";
        return response;
    }
    Transfer transfer;
    transfer.response = &response, transfer.request = &request, transfer.max_bytes = request.max_bytes;
    curl_slist* headers = nullptr;
    // (A stored validator is checked again: the state file beside a source may have been edited.)
    if (!request.etag.empty() && is_header_value(request.etag))
        headers = lib.curl_slist_append(headers, ("If-None-Match: " + request.etag).c_str());
    if (!request.last_modified.empty() && is_header_value(request.last_modified))
        headers = lib.curl_slist_append(headers, ("If-Modified-Since: " + request.last_modified).c_str());
    if (request.sink_fd >= 0 && request.resume_from > 0) {
        headers = lib.curl_slist_append(headers, ("Range: bytes=" + std::to_string(request.resume_from) + "-").c_str());
        if (!request.if_range.empty() && is_header_value(request.if_range))
            headers = lib.curl_slist_append(headers, ("If-Range: " + request.if_range).c_str());
    }
    std::unique_ptr<curl_slist, void (*)(curl_slist*)> header_list(headers, lib.curl_slist_free_all);
    CURL* c = curl.get();
    lib.curl_easy_setopt(c, CURLOPT_PROTOCOLS_STR, "http,https");
    // Redirects are followed here, hop by hop, so that each hop's host is judged on its own.
    lib.curl_easy_setopt(c, CURLOPT_FOLLOWLOCATION, 0L);
    lib.curl_easy_setopt(c, CURLOPT_CONNECTTIMEOUT, request.connect_timeout_seconds);
    lib.curl_easy_setopt(c, CURLOPT_MAXFILESIZE_LARGE, static_cast<curl_off_t>(request.max_bytes));
    if (request.head_only) lib.curl_easy_setopt(c, CURLOPT_NOBODY, 1L);
    if (request.sink_fd >= 0) {  // (a large file may take long, but not stall: under 1 KB/s for a minute ends it)
        lib.curl_easy_setopt(c, CURLOPT_LOW_SPEED_LIMIT, 1024L);
        lib.curl_easy_setopt(c, CURLOPT_LOW_SPEED_TIME, 60L);
        lib.curl_easy_setopt(c, CURLOPT_BUFFERSIZE, 512L * 1024);  // (fewer, larger writes: as curl's own tool reads)
    }
    // (An audio file is no text: it is kept as the host serves it, never decompressed.)
    if (request.sink_fd < 0) lib.curl_easy_setopt(c, CURLOPT_ACCEPT_ENCODING, "");
    lib.curl_easy_setopt(c, CURLOPT_NOSIGNAL, 1L);
    lib.curl_easy_setopt(c, CURLOPT_USERAGENT, "podarchive/" PODARCHIVE_VERSION " (+podcast archive refresh)");
    lib.curl_easy_setopt(c, CURLOPT_HTTPHEADER, header_list.get());
    lib.curl_easy_setopt(c, CURLOPT_WRITEFUNCTION, on_body);
    lib.curl_easy_setopt(c, CURLOPT_WRITEDATA, &transfer);
    lib.curl_easy_setopt(c, CURLOPT_HEADERFUNCTION, on_header);
    lib.curl_easy_setopt(c, CURLOPT_HEADERDATA, &transfer);
    lib.curl_easy_setopt(c, CURLOPT_OPENSOCKETFUNCTION, open_socket);
    lib.curl_easy_setopt(c, CURLOPT_OPENSOCKETDATA, &transfer);
    const bool through_proxy = proxy_in_environment();
    std::string url = request.url;
    const std::string first_host = connection_host(url);
    CURLcode code = CURLE_OK;
    // The time limit is the whole chain's, redirects included.
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(request.timeout_seconds);
    for (long hop = 0;; ++hop) {
        const auto left =
            std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now()).count();
        if (left <= 0) {
            code = CURLE_OPERATION_TIMEDOUT;
            break;
        }
        lib.curl_easy_setopt(c, CURLOPT_TIMEOUT_MS, static_cast<long>(left));
        const std::string host = connection_host(url);
        // A URL the user gave is read as given, but where its server sends the request on to
        // another host is that server's word, guarded as a feed's would be.
        const bool given_host = !request.addresses.guarded && host == first_host;
        transfer.check_addresses = !given_host && !request.addresses.trusts(host);
        if (transfer.check_addresses && through_proxy)
            transfer.refused = resolved_local_address(host);  // (the proxy connects)
        if (!transfer.refused.empty()) {
            code = CURLE_COULDNT_CONNECT;
            response.final_url = url;
            break;
        }
        response.body.clear();  // (a redirect's own body is not the answer)
        lib.curl_easy_setopt(c, CURLOPT_URL, url.c_str());
        code = lib.curl_easy_perform(c);
        lib.curl_easy_getinfo(c, CURLINFO_RESPONSE_CODE, &response.status);
        response.final_url = url;
        char* next = nullptr;
        if (code != CURLE_OK || response.status < 300 || response.status >= 400 ||
            lib.curl_easy_getinfo(c, CURLINFO_REDIRECT_URL, &next) != CURLE_OK || !next)
            break;
        if (hop == request.max_redirects) {
            code = CURLE_TOO_MANY_REDIRECTS;
            break;
        }
        const std::string target = next;
        if (!target.starts_with("http://") && !target.starts_with("https://")) {
            response.error = "a redirect to " + target.substr(0, 200) + ", which is not an http(s) address";
            return response;
        }
        url = target;
    }
    if (code == CURLE_OK && transfer.redirects > 0 && transfer.only_permanent && response.final_url != request.url)
        response.moved_to = response.final_url;
    response.refused_local = !transfer.refused.empty();
    if (!transfer.refused.empty())
        response.error =
            connection_host(response.final_url) + " is " + transfer.refused +
            ", an address of the local network that a feed or a server's redirect named: not fetched (list the host "
            "under site.yaml's `allowed_hosts` if it is yours)";
    else if (transfer.sink_failed)
        response.error = "the file cannot be written: " + std::string(std::strerror(errno));
    else if (transfer.range_mismatch)
        response.error = "the server answered another part of the file than the rest asked for";
    else if (transfer.too_big || code == CURLE_FILESIZE_EXCEEDED)
        response.error = "the answer is larger than the limit of " + std::to_string(request.max_bytes) + " bytes";
    else if (code == CURLE_OPERATION_TIMEDOUT)
        response.error = "no complete answer within " + std::to_string(request.timeout_seconds) + " s";
    else if (code == CURLE_TOO_MANY_REDIRECTS)
        response.error = "more than " + std::to_string(request.max_redirects) + " redirects";
    else if (code == CURLE_PARTIAL_FILE)
        response.error = "the answer was cut short (fewer bytes than announced)";
    else if (code != CURLE_OK)
        response.error = lib.curl_easy_strerror(code);
    return response;
}

}  // namespace fetch

#include "fetch/http_get.hpp"

#include <curl/curl.h>
#include <memory>

#include "util/strings.hpp"

namespace fetch {

namespace {

struct Transfer {
    HttpResponse* response;
    long long max_bytes;
    bool too_big = false;
    int redirects = 0;             // answers that were redirects
    bool only_permanent = true;    // and each of them a 301 or 308
};

size_t on_body(char* data, size_t size, size_t count, void* user) {
    auto* t = static_cast<Transfer*>(user);
    size_t n = size * count;
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
        t->response->etag.clear(), t->response->last_modified.clear();
        return size * count;
    }
    auto colon = line.find(':');
    if (colon != std::string_view::npos) {
        std::string name = util::ascii_lower(line.substr(0, colon));
        std::string value(util::trim(line.substr(colon + 1)));
        // These are sent back on the next fetch: a value with a control character (a bare CR)
        // or of no sane length would be a header of the server's making. It is not kept.
        if (!is_header_value(value)) return size * count;
        if (name == "etag") t->response->etag = value;
        else if (name == "last-modified") t->response->last_modified = value;
    }
    return size * count;
}

void ensure_global_init() {
    static const bool done = [] { return curl_global_init(CURL_GLOBAL_DEFAULT) == CURLE_OK; }();
    (void)done;
}

}  // namespace

HttpResponse http_get(const HttpRequest& request) {
    ensure_global_init();
    HttpResponse response;
    std::unique_ptr<CURL, void (*)(CURL*)> curl(curl_easy_init(), curl_easy_cleanup);
    if (!curl) {
        response.error = "cannot start libcurl";
        return response;
    }
    Transfer transfer{&response, request.max_bytes};
    curl_slist* headers = nullptr;
    // (A stored validator is checked again: the state file beside a source may have been edited.)
    if (!request.etag.empty() && is_header_value(request.etag))
        headers = curl_slist_append(headers, ("If-None-Match: " + request.etag).c_str());
    if (!request.last_modified.empty() && is_header_value(request.last_modified))
        headers = curl_slist_append(headers, ("If-Modified-Since: " + request.last_modified).c_str());
    std::unique_ptr<curl_slist, void (*)(curl_slist*)> header_list(headers, curl_slist_free_all);
    CURL* c = curl.get();
    curl_easy_setopt(c, CURLOPT_URL, request.url.c_str());
    curl_easy_setopt(c, CURLOPT_PROTOCOLS_STR, "http,https");
    curl_easy_setopt(c, CURLOPT_REDIR_PROTOCOLS_STR, "http,https");
    curl_easy_setopt(c, CURLOPT_FOLLOWLOCATION, 1L);
    curl_easy_setopt(c, CURLOPT_MAXREDIRS, request.max_redirects);
    curl_easy_setopt(c, CURLOPT_CONNECTTIMEOUT, request.connect_timeout_seconds);
    curl_easy_setopt(c, CURLOPT_TIMEOUT, request.timeout_seconds);
    curl_easy_setopt(c, CURLOPT_MAXFILESIZE_LARGE, static_cast<curl_off_t>(request.max_bytes));
    curl_easy_setopt(c, CURLOPT_NOSIGNAL, 1L);
    curl_easy_setopt(c, CURLOPT_ACCEPT_ENCODING, "");
    curl_easy_setopt(c, CURLOPT_USERAGENT, "podarchive/" PODARCHIVE_VERSION " (+podcast archive refresh)");
    curl_easy_setopt(c, CURLOPT_HTTPHEADER, header_list.get());
    curl_easy_setopt(c, CURLOPT_WRITEFUNCTION, on_body);
    curl_easy_setopt(c, CURLOPT_WRITEDATA, &transfer);
    curl_easy_setopt(c, CURLOPT_HEADERFUNCTION, on_header);
    curl_easy_setopt(c, CURLOPT_HEADERDATA, &transfer);
    CURLcode code = curl_easy_perform(c);
    curl_easy_getinfo(c, CURLINFO_RESPONSE_CODE, &response.status);
    char* final_url = nullptr;
    if (curl_easy_getinfo(c, CURLINFO_EFFECTIVE_URL, &final_url) == CURLE_OK && final_url) response.final_url = final_url;
    if (code == CURLE_OK && transfer.redirects > 0 && transfer.only_permanent && response.final_url != request.url)
        response.moved_to = response.final_url;
    if (transfer.too_big || code == CURLE_FILESIZE_EXCEEDED)
        response.error = "the answer is larger than the limit of " + std::to_string(request.max_bytes) + " bytes";
    else if (code == CURLE_OPERATION_TIMEDOUT)
        response.error = "no complete answer within " + std::to_string(request.timeout_seconds) + " s";
    else if (code == CURLE_TOO_MANY_REDIRECTS)
        response.error = "more than " + std::to_string(request.max_redirects) + " redirects";
    else if (code == CURLE_PARTIAL_FILE)
        response.error = "the answer was cut short (fewer bytes than announced)";
    else if (code != CURLE_OK)
        response.error = curl_easy_strerror(code);
    return response;
}

}  // namespace fetch

#pragma once
// libcurl, opened the first time a command downloads rather than linked
// (files/shared_library.hpp): with it came its TLS, Kerberos, LDAP, SSH, RTMP and compression
// libraries, which every command loaded and relocated at start-up, though only `fetch` uses them.
// Its functions are called through this table; its headers' type-checking macros, which would
// take the table's names for the functions', are off.
#define CURL_DISABLE_TYPECHECK
#include <curl/curl.h>

#include <string>

#include "files/shared_library.hpp"

namespace fetch {

// clang-format off
#define PODARCHIVE_CURL_FUNCTIONS(X) \
    X(curl_easy_cleanup) \
    X(curl_easy_getinfo) \
    X(curl_easy_init) \
    X(curl_easy_perform) \
    X(curl_easy_setopt) \
    X(curl_easy_strerror) \
    X(curl_free) \
    X(curl_global_init) \
    X(curl_slist_append) \
    X(curl_slist_free_all) \
    X(curl_url) \
    X(curl_url_cleanup) \
    X(curl_url_get) \
    X(curl_url_set)
// clang-format on

struct LibCurl {
    PODARCHIVE_LIBRARY_FUNCTIONS(PODARCHIVE_CURL_FUNCTIONS)
    std::string error;  // why nothing can be downloaded ("" when it can)
};

// The library, opened once for the process (its global state set up: curl_global_init).
const LibCurl& libcurl();

}  // namespace fetch

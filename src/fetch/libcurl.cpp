#include "fetch/libcurl.hpp"

namespace fetch {

const LibCurl& libcurl() {
    static const LibCurl lib = [] {
        LibCurl l = files::open_functions<LibCurl>("libcurl.so.4", "to download (apt-get install libcurl4)");
        if (l.error.empty() && l.curl_global_init(CURL_GLOBAL_DEFAULT) != CURLE_OK)
            l.error = "libcurl cannot be started";
        return l;
    }();
    return lib;
}

}  // namespace fetch

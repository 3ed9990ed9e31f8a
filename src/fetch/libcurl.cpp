#include "fetch/libcurl.hpp"

#include "files/shared_library.hpp"

namespace fetch {

const LibCurl& libcurl() {
    static const LibCurl lib = [] {
        LibCurl l;
        files::SharedLibrary so("libcurl.so.4", "to download (apt-get install libcurl4)");
#define PODARCHIVE_FIND(name) so.find(l.name, #name);
        PODARCHIVE_CURL_FUNCTIONS(PODARCHIVE_FIND)
#undef PODARCHIVE_FIND
        l.error = so.error();
        if (l.error.empty() && l.curl_global_init(CURL_GLOBAL_DEFAULT) != CURLE_OK)
            l.error = "libcurl cannot be started";
        return l;
    }();
    return lib;
}

}  // namespace fetch

#pragma once
// Maps a request path to a file of the built site, the way GitHub Pages does, and nothing else:
// no file outside the built site can be named, whatever the encoding.
#include <functional>
#include <string>

namespace serve {

struct Resolution {
    int status = 404;      // 200, 301 or 404
    std::string file;      // with 200: the site-relative file to send
    std::string location;  // with 301: where to
};

// `path` is the request path as the server decoded it once (percent-escapes undone).
// Outside `base_path`, or with "..", ".", "\\", NUL or an empty segment: 404. A folder gets its
// index.html; "x" whose "x/index.html" exists gets a 301 to "x/"; "x" whose "x.html" exists
// gets that file. `exists` says whether a site-relative file was built.
Resolution resolve(const std::string& path, const std::string& base_path,
                   const std::function<bool(const std::string&)>& exists);

// The Content-Type for a file name.
std::string content_type(const std::string& file);

}  // namespace serve

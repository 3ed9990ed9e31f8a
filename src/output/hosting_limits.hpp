#pragma once
// GitHub Pages' limits on a published site, checked after a build so that an archive that
// grows toward them hears of it before a deployment is refused
// (https://docs.github.com/en/pages/getting-started-with-github-pages/github-pages-limits).
#include <cstddef>
#include <string>
#include <vector>

#include "output/output.hpp"

namespace output {

struct HostingLimits {
    std::size_t site_bytes = std::size_t{1} << 30;    // "Published sites may be no larger than 1 GB"
    std::size_t file_bytes = std::size_t{100} << 20;  // GitHub refuses files over 100 MB
    int warn_at_percent = 80;                         // a warning from here on, before the limit
};

// One sentence per limit reached or near: the site's size, its largest file. None when far.
std::vector<std::string> hosting_warnings(std::size_t site_bytes, const FileSize& largest,
                                          const HostingLimits& limits = {});

// "834 bytes", "12.4 MB", "1.00 GB": powers of 1,024, as GitHub counts its limits.
std::string size_text(std::size_t bytes);

}  // namespace output

#include "output/hosting_limits.hpp"

#include <cstdio>

namespace output {

std::string size_text(std::size_t bytes) {
    if (bytes < 1024) return std::to_string(bytes) + (bytes == 1 ? " byte" : " bytes");
    const char* units[] = {"KB", "MB", "GB", "TB"};
    double value = static_cast<double>(bytes) / 1024;
    int unit = 0;
    while (value >= 1023.95 && unit < 3) value /= 1024, ++unit;
    char text[32];
    std::snprintf(text, sizeof text,
                  value < 9.995   ? "%.2f %s"
                  : value < 99.95 ? "%.1f %s"
                                  : "%.0f %s",
                  value, units[unit]);
    return text;
}

std::vector<std::string> hosting_warnings(std::size_t site_bytes, const FileSize& largest,
                                          const HostingLimits& limits) {
    std::vector<std::string> out;
    auto near = [&](std::size_t value, std::size_t limit) {
        return static_cast<double>(value) * 100 >= static_cast<double>(limit) * limits.warn_at_percent;
    };
    if (site_bytes > limits.site_bytes)
        out.push_back(
            "the site is " + size_text(site_bytes) + ": GitHub Pages publishes sites of at most " +
            size_text(limits.site_bytes) +
            ", so its deployment will fail; publish the audio elsewhere (the feed's host) or split the archive");
    else if (near(site_bytes, limits.site_bytes))
        out.push_back("the site is " + size_text(site_bytes) + ", " +
                      std::to_string(site_bytes * 100 / limits.site_bytes) + "% of the " +
                      size_text(limits.site_bytes) + " GitHub Pages publishes at most");
    if (largest.bytes > limits.file_bytes)
        out.push_back(largest.path + " is " + size_text(largest.bytes) + ": GitHub refuses files over " +
                      size_text(limits.file_bytes) +
                      "; keep such files (audio, video) at the feed's host and link them");
    else if (!largest.path.empty() && near(largest.bytes, limits.file_bytes))
        out.push_back(largest.path + " is " + size_text(largest.bytes) + ", near the " + size_text(limits.file_bytes) +
                      " GitHub accepts for one file");
    return out;
}

}  // namespace output

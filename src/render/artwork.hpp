#pragma once
// The show's look on its own site: the artwork `fetch` keeps in content/sources (served from the
// site itself, never hot-linked from another host), and a favicon made from the title when
// there is no artwork.
#include <optional>
#include <string>
#include <vector>

#include "config/site_config.hpp"
#include "core/diagnostic.hpp"

namespace render {

struct LocalArtwork {
    std::string file_name;   // in the output: "artwork.jpg"
    std::string media_type;  // "image/jpeg"
    std::string version;     // a hash of its bytes: the URL changes when the image does
    std::string bytes;
    int width = 0, height = 0;  // pixels, as the image decodes
};

// The local copy of the artwork, if there is a readable one. A file that is not a JPEG, PNG or
// WebP image is left out with a warning that says how to fix it.
std::optional<LocalArtwork> local_artwork(const config::SiteConfig& config,
                                          std::vector<core::Diagnostic>* warnings = nullptr);

// An SVG favicon: the title's first letter on the theme's accent colour.
std::string monogram_svg(const std::string& title);

}  // namespace render

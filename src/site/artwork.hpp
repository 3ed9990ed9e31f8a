#pragma once
// The show's look on its own site: the artwork `fetch` keeps in content/sources (served from the
// site itself, never hot-linked from another host), and a favicon made from the title when
// there is no artwork.
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "config/site_config.hpp"
#include "core/diagnostic.hpp"

namespace site {

// A smaller copy of the artwork, written beside it ("artwork-160.webp", "artwork-160.jpg").
struct ArtworkSize {
    int width = 0, height = 0;
    std::string jpeg{};
    std::string webp{};  // "" for the largest, which only link previews fetch (as JPEG)

    std::string file_name(std::string_view extension) const;
};

// The widths pages show the artwork at (the player's 64 px, the home page's 160 px) and their
// sharper doubles for dense screens; and one large enough for link previews and lock screens.
inline constexpr int k_artwork_widths[] = {64, 160, 400};
inline constexpr int k_artwork_preview_width = 1400;

struct LocalArtwork {
    std::string file_name;   // in the output: "artwork.jpg"
    std::string media_type;  // "image/jpeg"
    std::string version;     // a hash of its bytes: the URL changes when the image does
    std::string bytes;
    int width = 0, height = 0;  // pixels, as the image decodes
    // Those of k_artwork_widths narrower than the image, smallest first; then the preview
    // size, when the image is wider. (None when the pixels cannot be had: pages show the original.)
    std::vector<ArtworkSize> sizes;
};

// The smaller copies of the artwork in `bytes` (an image check_image() accepts, `width` pixels
// wide) that pages use.
std::vector<ArtworkSize> artwork_sizes(std::string_view bytes, int width);

// The same, kept in `cache` (a folder of podarchive's own, beside the output folder) under the
// artwork's `version`: made once per image (a 3000 px artwork costs a build 0.2 s), read back
// by every later build. What the folder holds is checked as any image is; a damaged or missing
// copy is made again.
std::vector<ArtworkSize> cached_artwork_sizes(std::string_view bytes, int width, const std::string& version,
                                              const std::filesystem::path& cache);

// The local copy of the artwork, if there is a readable one. A file that is not a JPEG, PNG or
// WebP image is left out with a warning that says how to fix it.
std::optional<LocalArtwork> local_artwork(const config::SiteConfig& config,
                                          std::vector<core::Diagnostic>* warnings = nullptr);

// An SVG favicon: the title's first letter on the theme's accent colour.
std::string monogram_svg(const std::string& title);

// Without artwork, link previews show a card made of the site's title, author and address
// (image/card.hpp): its bytes in `site.card_png`, its address (versioned by its bytes) in
// `site.artwork_url`. Drawn once per text, kept in `cache` (a folder of podarchive's own beside
// the output folder). A warning says when the machine has no font for some of its characters.
struct SiteInfo;
void add_share_card(SiteInfo& site, const std::filesystem::path& cache, std::vector<core::Diagnostic>* warnings);

}  // namespace site

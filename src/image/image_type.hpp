#pragma once
// What kind of image some bytes are, by their signature (never by a name or a server's word).
#include <array>
#include <string_view>

namespace image {

struct ImageType {
    std::string_view extension;   // "jpg", "png", "webp"; empty when not one of those
    std::string_view media_type;  // "image/jpeg", ...
};

// The raster formats every browser and feed reader shows.
inline constexpr std::array<std::string_view, 3> k_image_extensions = {"jpg", "png", "webp"};

inline ImageType image_type(std::string_view bytes) {
    if (bytes.starts_with("\xFF\xD8\xFF")) return {"jpg", "image/jpeg"};
    if (bytes.starts_with("\x89PNG\r\n\x1A\n")) return {"png", "image/png"};
    if (bytes.size() >= 12 && bytes.starts_with("RIFF") && bytes.substr(8, 4) == "WEBP") return {"webp", "image/webp"};
    return {};
}

}  // namespace image

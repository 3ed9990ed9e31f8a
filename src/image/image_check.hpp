#pragma once
// Whether some bytes are an image the site can show: decoded whole by Debian's libraries
// (libpng, libjpeg-turbo, libwebp), never judged by a signature alone. A PNG signature followed
// by HTML, a truncated file or a 10,000 x 10,000 "icon" are refused.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "image/image_type.hpp"

namespace image {

// The largest artwork accepted: Apple asks for 1400-3000 px squares; pixel counts past these
// only cost every visitor's memory (a decoded 8192 x 8192 image is 256 MB).
constexpr int k_max_image_side = 8192;
constexpr long long k_max_image_pixels = 40'000'000;

struct ImageCheck {
    ImageType type;  // empty extension when refused
    int width = 0, height = 0;
    std::string error;  // why it was refused ("" when accepted)
};

// Decodes `bytes` as the type its signature names (JPEG, PNG or WebP) within the limits above.
ImageCheck check_image(std::string_view bytes);

// An image's pixels, 8 bits a channel, row after row: RGB (3 channels) or RGBA (4, straight alpha).
struct Pixels {
    int width = 0, height = 0;
    int channels = 3;
    std::vector<std::uint8_t> data;
};

// The pixels of an image check_image() accepts (nothing for one it refuses). A JPEG may be
// decoded at a half, a quarter or an eighth of its size, never narrower than `min_width` (or
// its own width): the sizes a site shows need no more.
std::optional<Pixels> decode_image(std::string_view bytes, int min_width);

}  // namespace image

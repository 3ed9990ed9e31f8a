#pragma once
// Pixels written as the two formats every browser shows: WebP (smaller) and JPEG (for the
// browsers and apps that show no WebP). The same pixels give the same bytes.
#include <string>

#include "image/image_check.hpp"

namespace image {

// A baseline JPEG at `quality` (1-100); transparent pixels are laid on white (JPEG has no alpha).
std::string encode_jpeg(const Pixels& pixels, int quality);

// A lossy WebP at `quality` (0-100), with its alpha when the pixels have one; "" when libwebp fails.
std::string encode_webp(const Pixels& pixels, float quality);

}  // namespace image

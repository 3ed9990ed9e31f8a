#pragma once
// Making an image smaller without the shimmer of skipping pixels: each new pixel is the average
// of the area of the old ones it covers (a box filter, exact at fractional edges), the way
// ImageMagick's -scale and browsers' own downscaling work for large reductions.
#include "image/image_check.hpp"

namespace image {

// `from` at `width` x `height` pixels (each at most its own size: nothing is enlarged). Alpha is
// weighted (a transparent pixel's colour does not bleed into its neighbours).
Pixels scaled(const Pixels& from, int width, int height);

// The height of `from` scaled to `width` wide, its proportions kept (at least 1).
int height_at(const Pixels& from, int width);

}  // namespace image

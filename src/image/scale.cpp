#include "image/scale.hpp"

#include <algorithm>
#include <cmath>

namespace image {

namespace {

// Which source pixels cover one target pixel along one axis, and by how much.
struct Span {
    int first = 0;
    std::vector<float> weights;  // of pixels first, first + 1, ...; they sum to 1
};

std::vector<Span> spans(int from, int to) {
    std::vector<Span> out(static_cast<std::size_t>(to));
    const double step = static_cast<double>(from) / to;
    for (int i = 0; i < to; ++i) {
        const double begin = i * step, end = std::min<double>(from, (i + 1) * step);
        Span& s = out[static_cast<std::size_t>(i)];
        s.first = static_cast<int>(begin);
        for (int p = s.first; p < from && p < end; ++p) {
            const double covered = std::min<double>(p + 1, end) - std::max<double>(p, begin);
            s.weights.push_back(static_cast<float>(covered / step));
        }
    }
    return out;
}

}  // namespace

int height_at(const Pixels& from, int width) {
    if (from.width <= 0) return 1;
    return std::max(1, static_cast<int>(std::lround(static_cast<double>(from.height) * width / from.width)));
}

Pixels scaled(const Pixels& from, int width, int height) {
    width = std::clamp(width, 1, std::max(1, from.width));
    height = std::clamp(height, 1, std::max(1, from.height));
    const int c = from.channels;
    const bool alpha = c == 4;
    const std::vector<Span> across = spans(from.width, width), down = spans(from.height, height);
    // Rows first (each source row made `width` wide), as floats with colour times alpha.
    std::vector<float> rows(static_cast<std::size_t>(from.height) * static_cast<std::size_t>(width) * c);
    for (int y = 0; y < from.height; ++y) {
        const std::uint8_t* in = from.data.data() + static_cast<std::size_t>(y) * from.width * c;
        float* out = rows.data() + static_cast<std::size_t>(y) * width * c;
        for (int x = 0; x < width; ++x) {
            const Span& s = across[static_cast<std::size_t>(x)];
            float sum[4] = {0, 0, 0, 0};
            for (std::size_t k = 0; k < s.weights.size(); ++k) {
                const std::uint8_t* p = in + (static_cast<std::size_t>(s.first) + k) * c;
                const float a = alpha ? p[3] / 255.0f : 1.0f;
                for (int ch = 0; ch < 3; ++ch) sum[ch] += s.weights[k] * p[ch] * a;
                if (alpha) sum[3] += s.weights[k] * p[3];
            }
            std::copy_n(sum, c, out + static_cast<std::size_t>(x) * c);
        }
    }
    Pixels result{width, height, c, std::vector<std::uint8_t>(static_cast<std::size_t>(width) * height * c)};
    auto byte = [](float v) { return static_cast<std::uint8_t>(std::clamp(std::lround(v), 0L, 255L)); };
    for (int y = 0; y < height; ++y) {
        const Span& s = down[static_cast<std::size_t>(y)];
        for (int x = 0; x < width; ++x) {
            float sum[4] = {0, 0, 0, 0};
            for (std::size_t k = 0; k < s.weights.size(); ++k) {
                const float* p = rows.data() + ((static_cast<std::size_t>(s.first) + k) * width + x) * c;
                for (int ch = 0; ch < c; ++ch) sum[ch] += s.weights[k] * p[ch];
            }
            std::uint8_t* out = result.data.data() + (static_cast<std::size_t>(y) * width + x) * c;
            const float a = alpha ? sum[3] / 255.0f : 1.0f;
            for (int ch = 0; ch < 3; ++ch) out[ch] = byte(a > 0 ? sum[ch] / a : 0);
            if (alpha) out[3] = byte(sum[3]);
        }
    }
    return result;
}

}  // namespace image

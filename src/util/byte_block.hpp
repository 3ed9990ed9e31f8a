#pragma once
// Looking at 16 bytes of text at once, for loops in which most bytes need nothing (escaping,
// white space): GCC's vector extension, which is SSE2 on x86-64, NEON on ARM and plain code
// elsewhere. A loop skips or copies a block whole and walks byte by byte only where needed.
#include <array>
#include <cstddef>
#include <cstdint>
#include <cstring>

namespace util::byte_block {

using Block = unsigned char __attribute__((vector_size(16)));
constexpr std::size_t k_size = sizeof(Block);

inline Block load(const char* at) {
    Block b;
    std::memcpy(&b, at, k_size);
    return b;
}

constexpr Block splat(unsigned char c) { return Block{c, c, c, c, c, c, c, c, c, c, c, c, c, c, c, c}; }

// A comparison's result (0xFF in the lanes where it holds) as two words: lane 0 is the low
// byte of the first on a little-endian machine, the high byte on a big-endian one.
template <class Mask>
std::array<std::uint64_t, 2> words(Mask mask) {
    static_assert(sizeof(Mask) == 2 * sizeof(std::uint64_t));
    std::array<std::uint64_t, 2> w;
    std::memcpy(w.data(), &mask, sizeof w);
    return w;
}

// Whether any lane of a comparison's result is set.
template <class Mask>
bool any(Mask mask) {
    const auto w = words(mask);
    return (w[0] | w[1]) != 0;
}

}  // namespace util::byte_block

#pragma once
// Looking at 16 bytes of text at once, for loops in which most bytes need nothing (escaping,
// white space): GCC's vector extension, which is SSE2 on x86-64, NEON on ARM and plain code
// elsewhere. A loop skips or copies a block whole and walks byte by byte only where needed.
#include <array>
#include <bit>
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

// The comparison's result as bytes (0xFF where it holds), to compute with.
template <class Mask>
Block as_block(Mask mask) {
    static_assert(sizeof(Mask) == k_size);
    Block b;
    std::memcpy(&b, &mask, k_size);
    return b;
}

// Whether the lanes set are alone: none first, none last, no two side by side (single spaces
// between words). Always false on a big-endian machine, where the lanes' order in words()
// differs: callers then take their byte-by-byte way.
template <class Mask>
bool set_lanes_alone(Mask mask) {
    if constexpr (std::endian::native != std::endian::little) return false;
    const auto [low, high] = words(mask);  // lane 0 is low's lowest byte
    const bool at_an_end = (low & 0xFF) != 0 || (high >> 56) != 0;
    const bool side_by_side = (low & (low >> 8)) != 0 || (high & (high >> 8)) != 0 || ((low >> 56) & high & 0xFF) != 0;
    return !at_an_end && !side_by_side;
}

// Whether no two set lanes are side by side (single spaces), and whether the first or the last
// lane is set. Little-endian, as set_lanes_alone: false on a big-endian machine.
template <class Mask>
bool none_side_by_side(Mask mask) {
    if constexpr (std::endian::native != std::endian::little) return false;
    const auto [low, high] = words(mask);
    return (low & (low >> 8)) == 0 && (high & (high >> 8)) == 0 && ((low >> 56) & high & 0xFF) == 0;
}
template <class Mask>
bool first_set(Mask mask) { return (words(mask)[0] & 0xFF) != 0; }
template <class Mask>
bool last_set(Mask mask) { return (words(mask)[1] >> 56) != 0; }

}  // namespace util::byte_block

#pragma once
// Looking at 16 bytes of text at once, for loops in which most bytes need nothing (escaping,
// white space): GCC's vector extension, which is SSE2 on x86-64, NEON on ARM and plain code
// elsewhere. A loop skips or copies a block whole and walks byte by byte only where needed.
#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <utility>

namespace text::byte_block {

using Block = unsigned char __attribute__((vector_size(16)));
constexpr std::size_t k_size = sizeof(Block);

inline Block load(const char* at) {
    Block b;
    std::memcpy(&b, at, k_size);
    return b;
}

// A comparison's result: 0xFF in the lanes where it holds.
using Mask = decltype(std::declval<Block>() == std::declval<Block>());

constexpr Block splat(unsigned char c) {
    return Block{c, c, c, c, c, c, c, c, c, c, c, c, c, c, c, c};
}

// A comparison's result as two words: lane 0 is the low byte of the first on a little-endian
// machine, the high byte on a big-endian one.
inline std::array<std::uint64_t, 2> words(Mask mask) {
    static_assert(sizeof(Mask) == 2 * sizeof(std::uint64_t));
    std::array<std::uint64_t, 2> w;
    std::memcpy(w.data(), &mask, sizeof w);
    return w;
}

// Whether any lane of a comparison's result is set.
inline bool any(Mask mask) {
    const auto w = words(mask);
    return (w[0] | w[1]) != 0;
}

// The comparison's result as bytes (0xFF where it holds), to compute with.
inline Block as_block(Mask mask) {
    static_assert(sizeof(Mask) == k_size);
    Block b;
    std::memcpy(&b, &mask, k_size);
    return b;
}

// Writes `words` (16 bytes of words parted by single spaces: `spaces` is where its spaces are)
// at `w`, as the words of a text are written one space apart from `begin` on: a space first
// parts its first word from the last one written (at the text's start, no block is written: a
// space is not written first), a space last is held back (`pending`) until a next word. Returns
// false, writing nothing, for blocks it cannot write so (two spaces side by side, a space first
// at the start; any block on a big-endian machine, where the lanes' order in words() differs:
// callers then take their byte-by-byte way). Never past the room of the text's length: a space
// written ahead of a block stands for white space read and not written.
inline bool write_spaced_words(char*& w, const char* begin, const Block& words_block, Mask spaces, bool& pending) {
    if constexpr (std::endian::native != std::endian::little) return false;
    const auto [low, high] = words(spaces);  // lane 0 is low's lowest byte
    const bool side_by_side = (low & (low >> 8)) != 0 || (high & (high >> 8)) != 0 || ((low >> 56) & high & 0xFF) != 0;
    const bool space_first = (low & 0xFF) != 0, space_last = (high >> 56) != 0;
    if (side_by_side || (space_first && w == begin)) return false;
    if (pending && !space_first && w != begin) *w++ = ' ';
    std::memcpy(w, &words_block, k_size);
    pending = space_last;
    w += space_last ? k_size - 1 : k_size;
    return true;
}

}  // namespace text::byte_block

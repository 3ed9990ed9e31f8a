#pragma once
// Content hashes (xxHash from Debian): to know whether a file changed without comparing it.
#include <cstdint>
#include <filesystem>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace files {

// A fast 64-bit hash of the bytes (xxHash's XXH3), the same on every run and machine; with a
// `seed`, another hash family.
std::uint64_t content_hash(std::string_view data);
std::uint64_t content_hash(std::string_view data, std::uint64_t seed);

// The hash as 16 hex digits.
std::string hex_hash(std::uint64_t hash);

// Hashes a sequence of pieces, each length-prefixed so "ab"+"c" and "a"+"bc" differ.
class Hasher {
public:
    Hasher();
    ~Hasher();
    Hasher(const Hasher&) = delete;
    Hasher& operator=(const Hasher&) = delete;
    void add(std::string_view piece);
    // Adds bytes as they are (no length): the digest of bytes added this way alone is
    // content_hash() of them all, however they were cut into pieces.
    void add_bytes(std::string_view bytes);
    // Adds a regular file's size and bytes, read a block at a time (a large input is not held in
    // memory to be hashed): as add() of its bytes would. False, with nothing added, when it cannot
    // be opened or is no regular file.
    bool add_file(const std::filesystem::path& path);
    std::uint64_t digest() const;

private:
    void* m_state;
};

// Hashes bytes by blocks of a megabyte: the hash of at most one block's bytes is their
// content_hash(), of more the content_hash() of their blocks' hashes, in order, however the bytes
// were cut into pieces. A large file's blocks can so be hashed on several cores, each part where
// it is written (append). What an output's manifest keeps of each file (output/output.hpp).
class BlockHasher {
public:
    static constexpr std::size_t k_block = std::size_t{1} << 20;

    void add_bytes(std::string_view bytes);
    // `later`'s bytes, as if added after this one's: this one's are whole blocks (false, with
    // nothing taken, when they are not).
    bool append(BlockHasher&& later);
    std::uint64_t digest() const;

private:
    std::vector<std::uint64_t> m_blocks;  // the hashes of the whole blocks added
    std::unique_ptr<Hasher> m_part;       // of the bytes of the block being added (none: no bytes)
    std::size_t m_part_size = 0;
};

// BlockHasher's digest of `bytes`.
std::uint64_t block_hash(std::string_view bytes);

}  // namespace files

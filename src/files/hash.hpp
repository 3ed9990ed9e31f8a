#pragma once
// Content hashes (xxHash from Debian): to know whether a file changed without comparing it.
#include <cstdint>
#include <filesystem>
#include <string>
#include <string_view>

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

}  // namespace files

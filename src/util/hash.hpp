#pragma once
// Content hashes (xxHash from Debian): to know whether a file changed without comparing it.
#include <cstdint>
#include <string>
#include <string_view>

namespace util {

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
    std::uint64_t digest() const;

private:
    void* m_state;
};

}  // namespace util

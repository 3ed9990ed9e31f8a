#include "files/hash.hpp"

#include <doctest/doctest.h>

#include <cstdint>
#include <random>
#include <string>
#include <string_view>
#include <vector>

namespace {

constexpr std::size_t k_block = files::BlockHasher::k_block;

// Bytes that differ in every block (a block's hash alone does not tell its place).
std::string bytes_of(std::size_t size) {
    std::string s;
    s.reserve(size);
    for (std::uint64_t i = 0; s.size() < size; ++i) s += std::to_string(i * 2654435761u) + ' ';
    s.resize(size);
    return s;
}

}  // namespace

TEST_CASE("a block hash is the bytes' own hash up to a block, and the same however the bytes come") {
    for (std::size_t size : {std::size_t{0}, std::size_t{1}, std::size_t{4096}, k_block - 1, k_block}) {
        const std::string s = bytes_of(size);
        CHECK(files::block_hash(s) == files::content_hash(s));
    }
    std::mt19937 random(57);
    for (std::size_t size : {k_block + 1, 2 * k_block, 3 * k_block + 12345}) {
        const std::string s = bytes_of(size);
        const std::uint64_t whole = files::block_hash(s);
        CHECK(whole != files::content_hash(s));  // (more than a block: the blocks' hashes hashed)
        for (int round = 0; round < 5; ++round) {
            files::BlockHasher h;
            for (std::string_view rest = s; !rest.empty();) {
                const std::size_t n = std::min<std::size_t>(rest.size(), random() % (k_block + k_block / 2) + 1);
                h.add_bytes(rest.substr(0, n));
                rest.remove_prefix(n);
            }
            CHECK(h.digest() == whole);
        }
        // A byte changed anywhere, or the bytes one longer, changes it.
        std::string changed = s;
        changed[size - 1] ^= 1;
        CHECK(files::block_hash(changed) != whole);
        CHECK(files::block_hash(s + "x") != whole);
    }
}

TEST_CASE("block hashes of a file's parts, taken apart, give the whole file's when appended in order") {
    const std::string s = bytes_of(5 * k_block + 777);
    for (std::size_t cut : {std::size_t{0}, k_block, 2 * k_block, 5 * k_block}) {
        files::BlockHasher first, second;
        first.add_bytes(std::string_view(s).substr(0, cut));
        second.add_bytes(std::string_view(s).substr(cut));
        REQUIRE(first.append(std::move(second)));
        CHECK(first.digest() == files::block_hash(s));
    }
    // Not after a part of a block: nothing is taken.
    files::BlockHasher first, second;
    first.add_bytes(std::string_view(s).substr(0, k_block + 1));
    second.add_bytes(std::string_view(s).substr(k_block + 1));
    CHECK_FALSE(first.append(std::move(second)));
    CHECK(first.digest() == files::block_hash(std::string_view(s).substr(0, k_block + 1)));
}

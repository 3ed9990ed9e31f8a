#include "util/hash.hpp"

#include <cstdio>
#include <xxhash.h>

namespace util {

std::uint64_t content_hash(std::string_view data) { return XXH3_64bits(data.data(), data.size()); }

std::uint64_t content_hash(std::string_view data, std::uint64_t seed) { return XXH3_64bits_withSeed(data.data(), data.size(), seed); }

std::string hex_hash(std::uint64_t hash) {
    char buf[17];
    std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(hash));
    return buf;
}

Hasher::Hasher() : m_state(XXH3_createState()) { XXH3_64bits_reset(static_cast<XXH3_state_t*>(m_state)); }

Hasher::~Hasher() { XXH3_freeState(static_cast<XXH3_state_t*>(m_state)); }

void Hasher::add(std::string_view piece) {
    std::uint64_t length = piece.size();
    XXH3_64bits_update(static_cast<XXH3_state_t*>(m_state), &length, sizeof length);
    XXH3_64bits_update(static_cast<XXH3_state_t*>(m_state), piece.data(), piece.size());
}

std::uint64_t Hasher::digest() const { return XXH3_64bits_digest(static_cast<XXH3_state_t*>(m_state)); }

}  // namespace util

#include "files/hash.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#include <xxhash.h>

#include <algorithm>

#include "text/strings.hpp"

namespace files {

std::uint64_t content_hash(std::string_view data) {
    return XXH3_64bits(data.data(), data.size());
}

std::uint64_t content_hash(std::string_view data, std::uint64_t seed) {
    return XXH3_64bits_withSeed(data.data(), data.size(), seed);
}

std::string hex_hash(std::uint64_t hash) {
    std::string out(16, '0');  // printf's "%016llx"
    for (int i = 15; i >= 0; --i, hash >>= 4) out[static_cast<std::size_t>(i)] = text::k_hex_digits[hash & 15];
    return out;
}

void Hasher::add_bytes(std::string_view bytes) {
    XXH3_64bits_update(static_cast<XXH3_state_t*>(m_state), bytes.data(), bytes.size());
}

Hasher::Hasher() : m_state(XXH3_createState()) {
    XXH3_64bits_reset(static_cast<XXH3_state_t*>(m_state));
}

Hasher::~Hasher() {
    XXH3_freeState(static_cast<XXH3_state_t*>(m_state));
}

void Hasher::add(std::string_view piece) {
    std::uint64_t length = piece.size();
    XXH3_64bits_update(static_cast<XXH3_state_t*>(m_state), &length, sizeof length);
    XXH3_64bits_update(static_cast<XXH3_state_t*>(m_state), piece.data(), piece.size());
}

bool Hasher::add_file(const std::filesystem::path& path) {
    int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) return false;
    struct stat st {};
    if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
        ::close(fd);
        return false;
    }
    auto* state = static_cast<XXH3_state_t*>(m_state);
    std::uint64_t length = static_cast<std::uint64_t>(st.st_size);
    XXH3_64bits_update(state, &length, sizeof length);
    char block[64 * 1024];  // on the stack, not initialized: most inputs are small notes
    ssize_t n;
    while ((n = ::read(fd, block, sizeof block)) > 0) XXH3_64bits_update(state, block, static_cast<std::size_t>(n));
    ::close(fd);
    return n == 0;  // the end, not a read error
}

std::uint64_t Hasher::digest() const {
    return XXH3_64bits_digest(static_cast<XXH3_state_t*>(m_state));
}

void BlockHasher::add_bytes(std::string_view bytes) {
    while (!bytes.empty()) {
        const std::size_t n = std::min(bytes.size(), k_block - m_part_size);
        if (n == k_block) {  // a whole block at once
            m_blocks.push_back(content_hash(bytes.substr(0, n)));
        } else {
            if (!m_part) m_part = std::make_unique<Hasher>();
            m_part->add_bytes(bytes.substr(0, n));
            if ((m_part_size += n) == k_block) m_blocks.push_back(m_part->digest()), m_part.reset(), m_part_size = 0;
        }
        bytes.remove_prefix(n);
    }
}

bool BlockHasher::append(BlockHasher&& later) {
    if (m_part_size != 0) return false;
    m_blocks.insert(m_blocks.end(), later.m_blocks.begin(), later.m_blocks.end());
    m_part = std::move(later.m_part), m_part_size = later.m_part_size;
    return true;
}

std::uint64_t BlockHasher::digest() const {
    std::vector<std::uint64_t> blocks = m_blocks;
    if (m_part) blocks.push_back(m_part->digest());
    if (blocks.empty()) return content_hash("");
    if (blocks.size() == 1) return blocks.front();
    return content_hash({reinterpret_cast<const char*>(blocks.data()), blocks.size() * sizeof blocks.front()});
}

std::uint64_t block_hash(std::string_view bytes) {
    // (A page, at most a block: its own hash at once, as every file the output writes whole is
    // hashed, tens of thousands of them, without a hasher's state made for it.)
    if (bytes.size() <= BlockHasher::k_block) return content_hash(bytes);
    BlockHasher h;
    h.add_bytes(bytes);
    return h.digest();
}

}  // namespace files

#include "fetch/stream_hash.hpp"

#include <fcntl.h>
#include <openssl/evp.h>
#include <unistd.h>

#include "text/strings.hpp"

namespace fetch {

namespace {

constexpr std::size_t k_max_queued = 8u << 20;

EVP_MD_CTX* context_of(const std::shared_ptr<void>& p) {
    return static_cast<EVP_MD_CTX*>(p.get());
}

}  // namespace

Sha256::Sha256() : m_context(EVP_MD_CTX_new(), [](void* p) { EVP_MD_CTX_free(static_cast<EVP_MD_CTX*>(p)); }) {
    restart();
}

void Sha256::restart() {
    EVP_DigestInit_ex(context_of(m_context), EVP_sha256(), nullptr);
    m_length = 0, m_broken = false;
}

void Sha256::add(std::string_view bytes, long long offset) {
    if (offset == 0 && m_length > 0) restart();
    if (offset != m_length) m_broken = true;
    if (m_broken) return;
    EVP_DigestUpdate(context_of(m_context), bytes.data(), bytes.size());
    m_length += static_cast<long long>(bytes.size());
}

bool Sha256::add_file(const std::filesystem::path& path) {
    restart();
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NOFOLLOW);
    if (fd < 0) return errno == ENOENT;
    std::vector<char> block(1 << 20);
    ssize_t n = 0;
    while ((n = ::read(fd, block.data(), block.size())) > 0)
        add(std::string_view(block.data(), static_cast<std::size_t>(n)), m_length);
    ::close(fd);
    return n == 0;
}

std::string Sha256::hex(long long size) {
    if (m_broken || m_length != size) return "";
    unsigned char digest[EVP_MAX_MD_SIZE];
    unsigned length = 0;
    EVP_DigestFinal_ex(context_of(m_context), digest, &length);
    std::string out;
    for (unsigned i = 0; i < length; ++i)
        out += text::k_hex_digits[digest[i] >> 4], out += text::k_hex_digits[digest[i] & 15];
    return out;
}

BackgroundSha256::BackgroundSha256() : m_worker([this] { work(); }) {}

BackgroundSha256::~BackgroundSha256() {
    {
        std::lock_guard lock(m_mutex);
        m_stop = true;
    }
    m_changed.notify_all();
    m_worker.join();
}

void BackgroundSha256::add(std::string_view bytes, long long offset) {
    std::unique_lock lock(m_mutex);
    m_changed.wait(lock, [&] { return m_queued_bytes < k_max_queued; });
    std::vector<char> copy;
    if (!m_spare.empty()) copy = std::move(m_spare.back()), m_spare.pop_back();
    copy.assign(bytes.begin(), bytes.end());
    m_queue.push_back({offset, std::move(copy)});
    m_queued_bytes += bytes.size();
    m_changed.notify_all();
}

bool BackgroundSha256::add_file(const std::filesystem::path& path) {
    wait_idle();
    return m_digest.add_file(path);
}

std::string BackgroundSha256::hex(long long size) {
    wait_idle();
    return m_digest.hex(size);
}

void BackgroundSha256::wait_idle() {
    std::unique_lock lock(m_mutex);
    m_changed.wait(lock, [&] { return m_queue.empty() && !m_busy; });
}

void BackgroundSha256::work() {
    std::unique_lock lock(m_mutex);
    for (;;) {
        m_changed.wait(lock, [&] { return m_stop || !m_queue.empty(); });
        if (m_queue.empty()) return;  // (stopped)
        Block block = std::move(m_queue.front());
        m_queue.pop_front();
        m_busy = true;
        lock.unlock();
        m_digest.add(std::string_view(block.bytes.data(), block.bytes.size()), block.offset);
        lock.lock();
        m_busy = false, m_queued_bytes -= block.bytes.size();
        m_spare.push_back(std::move(block.bytes));
        m_changed.notify_all();
    }
}

}  // namespace fetch

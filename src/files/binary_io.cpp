#include "files/binary_io.hpp"

#include <unistd.h>

#include <cerrno>

namespace files::binary {

Writer::Writer(int fd, std::string_view magic) : m_fd(fd) {
    m_bytes.reserve(k_block + 4096);
    m_bytes.append(magic);
}

void Writer::flush() {
    m_hash.add_bytes(m_bytes);
    for (std::size_t done = 0; m_ok && done < m_bytes.size();) {
        const ssize_t n = ::write(m_fd, m_bytes.data() + done, m_bytes.size() - done);
        if (n < 0 && errno == EINTR) continue;
        m_ok = n > 0;
        done += m_ok ? static_cast<std::size_t>(n) : 0;
    }
    m_bytes.clear();
}

bool Writer::finish() {
    flush();
    const std::uint64_t hash = m_hash.digest();
    m_bytes.append(reinterpret_cast<const char*>(&hash), sizeof hash);
    flush();
    return m_ok;
}

bool write_file(const std::filesystem::path& path, std::string_view magic, const std::function<void(Writer&)>& write) {
    std::filesystem::path temp;
    const int fd = files::create_temporary_beside(path, temp);
    if (fd < 0) return false;
    Writer w(fd, magic);
    write(w);
    const bool ok = w.finish();
    ::close(fd);
    std::error_code ignored;
    if (ok && ::rename(temp.c_str(), path.c_str()) == 0) return true;
    std::filesystem::remove(temp, ignored);
    return false;
}

}  // namespace files::binary

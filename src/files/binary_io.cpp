#include "files/binary_io.hpp"

#include <unistd.h>

namespace files::binary {

Writer::Writer(int fd, std::string_view magic) : m_fd(fd) {
    m_bytes.reserve(k_block + 4096);
    m_bytes.append(magic);
}

void Writer::flush() {
    m_hash.add_bytes(m_bytes);
    m_ok = m_ok && files::write_all(m_fd, m_bytes);
    m_bytes.clear();
}

bool Writer::finish() {
    flush();
    const std::uint64_t hash = m_hash.digest();
    return m_ok && files::write_all(m_fd, std::string_view(reinterpret_cast<const char*>(&hash), sizeof hash));
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

#include "files/binary_io.hpp"

#include <unistd.h>

#include <chrono>

#include "concurrency/parallel.hpp"

namespace files::binary {

std::shared_ptr<const FileBytes> let_go_while_held(std::shared_ptr<const FileBytes> bytes) {
    struct Held {
        explicit Held(std::shared_ptr<const FileBytes> file)
            : bytes(std::move(file)), letting_go(std::chrono::milliseconds(25), [b = bytes.get()] { b->unload(); }) {}
        std::shared_ptr<const FileBytes> bytes;
        concurrency::Periodic letting_go;  // (stopped first, when the last holder goes)
    };
    if (!bytes) return nullptr;
    auto held = std::make_shared<const Held>(std::move(bytes));
    return {held, held->bytes.get()};  // (held, and the thread running, as long as it is)
}

Writer::Writer(int fd, std::string_view magic) : m_fd(fd) {
    m_bytes.reserve(k_block + 4096);
    m_bytes.append(magic);
}

void Writer::flush() {
    m_hash.add_bytes(m_bytes);
    m_ok = m_ok && files::write_all(m_fd, m_bytes);
    m_written += m_bytes.size();
    m_bytes.clear();
}

bool Writer::finish() {
    flush();
    const std::uint64_t hash = m_hash.digest();
    m_ok = m_ok && files::write_all(m_fd, std::string_view(reinterpret_cast<const char*>(&hash), sizeof hash));
    m_written += sizeof hash;
    return m_ok;
}

bool write_file(const std::filesystem::path& path, std::string_view magic, const std::function<void(Writer&)>& write,
                Written* written) {
    std::filesystem::path temp;
    const int fd = files::create_temporary_beside(path, temp);
    if (fd < 0) return false;
    Writer w(fd, magic);
    write(w);
    const bool ok = w.finish() && ::rename(temp.c_str(), path.c_str()) == 0;
    if (ok && written) {
        // (the file written, whole, through its own descriptor: not whatever has its name by now)
        std::unique_ptr<const MappedFile> file = MappedFile::map(fd, w.m_written);
        written->bytes = file ? std::make_shared<const FileBytes>(std::move(file)) : nullptr;
        written->shared_at = std::move(w.m_shared_at);
    }
    ::close(fd);
    if (ok) return true;
    std::error_code ignored;
    std::filesystem::remove(temp, ignored);
    return false;
}

std::optional<std::string_view> Sharer::next(std::size_t size) {
    const std::vector<std::uint64_t>& at = m_written.shared_at;
    if (m_next >= at.size()) return std::nullopt;
    const std::string_view file = m_written.bytes->view();
    const std::uint64_t start = at[m_next++];
    if (m_const || size == 0 || start > file.size() || size > file.size() - start) return std::nullopt;
    // (Not compared: the bytes there are the text, written a moment ago from this value, which
    // nothing changed since; reading them all again to check took a large archive's merge
    // stage 20 ms, and would bring the file's pages into the process.)
    return file.substr(start, size);
}

std::uint64_t Reader::body_hash(std::string_view body, const FileBytes* file) {
    if (!file) return files::content_hash(body);
    files::Hasher hash;  // (the same as content_hash, block by block)
    for (std::size_t at = 0; at < body.size(); at += k_let_go_every) {
        hash.add_bytes(body.substr(at, k_let_go_every));
        file->unload();
    }
    return hash.digest();
}

void Sharer::share(text::SharedText& x) {
    if (auto there = next(x.size())) x = text::SharedText(m_written.bytes, *there);
}

void Sharer::share(std::string_view& x) {
    if (auto there = next(x.size())) x = *there;
}

}  // namespace files::binary

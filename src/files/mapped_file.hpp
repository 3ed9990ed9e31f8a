#pragma once
// A file's bytes mapped for reading: a large file written a moment ago (feed.xml, tens of
// megabytes) is read where the system holds it, not copied into memory of the process's own.
#include <cstddef>
#include <filesystem>
#include <memory>
#include <string_view>

namespace files {

class MappedFile {
public:
    // The first `size` bytes of the open file `fd` (which may be closed after), or null when
    // they cannot be mapped.
    static std::unique_ptr<const MappedFile> map(int fd, std::size_t size);
    // The regular file at `path`, whole, when it is at most `max_bytes`; null otherwise. (For
    // podarchive's own files, which it replaces only by renaming a new one over them: a file
    // cut short by hand while mapped would stop the process.)
    static std::unique_ptr<const MappedFile> open(const std::filesystem::path& path, std::size_t max_bytes);
    ~MappedFile();
    MappedFile(const MappedFile&) = delete;
    MappedFile& operator=(const MappedFile&) = delete;

    std::string_view text() const { return {static_cast<const char*>(m_at), m_size}; }
    // Its pages read so far no longer counted in the process's memory: they stay in the system's
    // cache of the file, and a byte read again brings its page back. For a file held, once read
    // through, for a few of its bytes.
    void unload() const;

private:
    MappedFile(void* at, std::size_t size) : m_at(at), m_size(size) {}
    void* m_at;
    std::size_t m_size;
};

}  // namespace files

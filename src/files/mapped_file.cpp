#include "files/mapped_file.hpp"

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

namespace files {

std::unique_ptr<const MappedFile> MappedFile::map(int fd, std::size_t size) {
    if (size == 0) return std::unique_ptr<const MappedFile>(new MappedFile(nullptr, 0));
    void* at = ::mmap(nullptr, size, PROT_READ, MAP_SHARED, fd, 0);
    if (at == MAP_FAILED) return nullptr;
    return std::unique_ptr<const MappedFile>(new MappedFile(at, size));
}

std::unique_ptr<const MappedFile> MappedFile::open(const std::filesystem::path& path, std::size_t max_bytes) {
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) return nullptr;
    struct stat st {};
    std::unique_ptr<const MappedFile> file;
    if (::fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && static_cast<std::size_t>(st.st_size) <= max_bytes)
        file = map(fd, static_cast<std::size_t>(st.st_size));
    ::close(fd);
    return file;
}

void MappedFile::unload() const {
    if (m_at) ::madvise(m_at, m_size, MADV_DONTNEED);  // (of a file mapped to read: nothing is lost)
}

MappedFile::~MappedFile() {
    if (m_at) ::munmap(m_at, m_size);
}

}  // namespace files

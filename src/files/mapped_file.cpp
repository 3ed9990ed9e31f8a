#include "files/mapped_file.hpp"

#include <sys/mman.h>

namespace files {

std::unique_ptr<const MappedFile> MappedFile::map(int fd, std::size_t size) {
    if (size == 0) return std::unique_ptr<const MappedFile>(new MappedFile(nullptr, 0));
    void* at = ::mmap(nullptr, size, PROT_READ, MAP_SHARED, fd, 0);
    if (at == MAP_FAILED) return nullptr;
    return std::unique_ptr<const MappedFile>(new MappedFile(at, size));
}

MappedFile::~MappedFile() {
    if (m_at) ::munmap(m_at, m_size);
}

}  // namespace files

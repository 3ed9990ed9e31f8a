#include "pipeline/folder_lock.hpp"

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <string>

#include "core/diagnostic.hpp"
#include "output/output.hpp"

namespace pipeline {

namespace {

[[noreturn]] void refuse(const std::filesystem::path& output_dir, const std::string& why) {
    throw core::InputError(core::error_at({output_dir.string(), 0, 0}, why));
}

// The process that holds the lock, as it wrote itself into the file ("" when unknown).
std::string holder(int fd) {
    char pid[32] = {};
    const ssize_t n = ::pread(fd, pid, sizeof pid - 1, 0);
    if (n <= 0) return "";
    std::string text(pid, static_cast<std::size_t>(n));
    return text.substr(0, text.find('\n'));
}

// Writes this process's number into the lock file, for the message of a build that finds it
// held (false when it cannot: only that message then lacks it).
bool write_holder(int fd) {
    const std::string pid = std::to_string(::getpid()) + "\n";
    return ::ftruncate(fd, 0) == 0 && ::pwrite(fd, pid.data(), pid.size(), 0) == static_cast<ssize_t>(pid.size());
}

}  // namespace

FolderLock::FolderLock(const std::filesystem::path& output_dir) {
    const std::filesystem::path file = output::beside(output_dir, ".lock");
    std::error_code ec;
    std::filesystem::create_directories(file.parent_path(), ec);
    m_fd = ::open(file.c_str(), O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0644);
    if (m_fd < 0)
        refuse(output_dir, "cannot open the build lock " + file.string() + ": " + std::strerror(errno) +
                               (errno == ELOOP ? " (it is a link; remove it)" : ""));
    if (::flock(m_fd, LOCK_EX | LOCK_NB) != 0) {
        const int err = errno;
        const std::string pid = holder(m_fd);
        ::close(m_fd);
        m_fd = -1;
        if (err != EWOULDBLOCK) refuse(output_dir, "cannot lock " + file.string() + ": " + std::strerror(err));
        refuse(output_dir, "another podarchive build is writing this folder now" +
                               (pid.empty() ? std::string() : " (process " + pid + ")") +
                               "; run this one when it has finished");
    }
    static_cast<void>(write_holder(m_fd));
}

FolderLock::~FolderLock() {
    if (m_fd >= 0) ::close(m_fd);  // (which lets go of the lock; the file stays for the next build)
}

}  // namespace pipeline

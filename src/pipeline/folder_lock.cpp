#include "pipeline/folder_lock.hpp"

#include <fcntl.h>
#include <signal.h>
#include <sys/file.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <string>

#include "core/diagnostic.hpp"
#include "output/output.hpp"

namespace pipeline {

namespace {

[[noreturn]] void refuse(const std::filesystem::path& output_dir, const std::string& why) {
    throw core::InputError(core::error_at({output_dir.string(), 0, 0}, why));
}

// The process that holds the lock, as it wrote itself into the file: "" when unknown, or when
// no such process runs (a build killed before it could clear the file).
std::string holder(int fd) {
    char text[32] = {};
    const ssize_t n = ::pread(fd, text, sizeof text - 1, 0);
    if (n <= 0) return "";
    char* end = nullptr;
    const long pid = std::strtol(text, &end, 10);
    if (pid <= 0 || end == text || (::kill(static_cast<pid_t>(pid), 0) != 0 && errno != EPERM)) return "";
    return std::to_string(pid);
}

// Makes `text` the lock file's whole content: this process's number while it holds the lock,
// nothing once it lets go of it (false when it cannot: only a refused build's message lacks it).
bool set_holder(int fd, const std::string& text) {
    return ::ftruncate(fd, 0) == 0 &&
           (text.empty() || ::pwrite(fd, text.data(), text.size(), 0) == static_cast<ssize_t>(text.size()));
}

}  // namespace

FolderLock::FolderLock(const std::filesystem::path& output_dir) {
    const std::filesystem::path file = output::beside(output_dir, ".lock");
    std::error_code ec;
    std::filesystem::create_directories(file.parent_path(), ec);
    m_fd = ::open(file.c_str(), O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0644);
    if (m_fd < 0) {
        const int err = errno;
        refuse(output_dir, "cannot open the build lock " + file.string() + ": " + std::strerror(err) +
                               (err == ELOOP ? " (it is a link; remove it)" : ""));
    }
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
    static_cast<void>(set_holder(m_fd, std::to_string(::getpid()) + "\n"));
}

FolderLock::~FolderLock() {
    if (m_fd < 0) return;
    static_cast<void>(set_holder(m_fd, ""));
    ::close(m_fd);  // (which lets go of the lock; the file stays for the next build)
}

}  // namespace pipeline

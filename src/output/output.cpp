#include "output/output.hpp"

#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <stdexcept>
#include <unistd.h>

#include "util/files.hpp"

namespace output {

namespace fs = std::filesystem;

void Output::add(std::string_view path, std::string content) {
    if (!util::is_safe_relative_path(path))
        throw std::invalid_argument("refusing to write outside the output folder: '" + std::string(path) + "'");
    ++m_files;
    m_bytes += content.size();
    store(std::string(path), std::move(content));
}

const std::string* MemoryOutput::find(const std::string& path) const {
    auto it = m_files.find(path);
    return it == m_files.end() ? nullptr : &it->second;
}

void MemoryOutput::store(const std::string& path, std::string content) { m_files[path] = std::move(content); }

namespace {

// Removes staging folders that builds killed before they could clean up left behind.
void remove_stale_staging(const fs::path& parent, const std::string& prefix) {
    std::error_code ec;
    for (const auto& entry : fs::directory_iterator(parent, ec)) {
        std::string name = entry.path().filename().string();
        if (!name.starts_with(prefix)) continue;
        long pid = std::strtol(name.c_str() + prefix.size(), nullptr, 10);
        if (pid > 0 && ::kill(static_cast<pid_t>(pid), 0) == 0) continue;  // another build is running
        fs::remove_all(entry.path(), ec);
    }
}

void write_whole(const fs::path& path, const std::string& content) {
    int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOFOLLOW, 0644);
    if (fd < 0) throw std::runtime_error("cannot write " + path.string() + ": " + std::strerror(errno));
    std::size_t done = 0;
    while (done < content.size()) {
        ssize_t n = ::write(fd, content.data() + done, content.size() - done);
        if (n < 0 && errno == EINTR) continue;
        if (n < 0) {
            int err = errno;
            ::close(fd);
            throw std::runtime_error("cannot write " + path.string() + ": " + std::strerror(err));
        }
        done += static_cast<std::size_t>(n);
    }
    ::close(fd);
}

}  // namespace

DiskOutput::DiskOutput(fs::path output_dir) : m_output(std::move(output_dir)) {
    fs::path parent = m_output.has_parent_path() ? m_output.parent_path() : fs::path(".");
    fs::create_directories(parent);
    std::string prefix = "." + m_output.filename().string() + ".staging-";
    remove_stale_staging(parent, prefix);
    m_staging = parent / (prefix + std::to_string(::getpid()));
    std::error_code ec;
    fs::remove_all(m_staging, ec);
    fs::create_directories(m_staging);
}

DiskOutput::~DiskOutput() {
    std::error_code ec;
    fs::remove_all(m_staging, ec);  // after commit it holds the previous build
}

void DiskOutput::store(const std::string& path, std::string content) {
    fs::path target = m_staging / path;
    fs::create_directories(target.parent_path());
    write_whole(target, content);
}

void DiskOutput::commit() {
    if (m_committed) return;
    std::error_code ec;
    if (fs::exists(fs::symlink_status(m_output, ec))) {
        // One atomic step: readers see the old tree or the new one, never a mix or nothing.
        if (::renameat2(AT_FDCWD, m_staging.c_str(), AT_FDCWD, m_output.c_str(), RENAME_EXCHANGE) != 0)
            throw std::runtime_error("cannot replace " + m_output.string() + ": " + std::strerror(errno));
    } else if (::rename(m_staging.c_str(), m_output.c_str()) != 0) {
        throw std::runtime_error("cannot create " + m_output.string() + ": " + std::strerror(errno));
    }
    m_committed = true;
}

}  // namespace output

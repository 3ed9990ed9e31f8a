#include "files/files.hpp"

#include <fcntl.h>
#include <signal.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <cstdlib>
#include <cstring>

#include "concurrency/parallel.hpp"
#include "text/strings.hpp"

namespace files {

namespace {

// `files` in path order (element by element: std::filesystem::path's operator<), compared as
// text with the separator before every other byte, which is the same order for the paths of one
// walk (no "." or ".." in them, no separator doubled or last). path's own comparison splits both
// paths into elements at each comparison: a build after an edit of notes lists two thousand note
// files twice (their fingerprints, then their texts), and so spent 44 million instructions
// sorting them; comparing them a byte at a time with the separator ranked first, 45 million. So
// each is sorted by a copy with its separators made NUL (which no path holds, and which is below
// every other byte), compared as strings are, by memcmp.
std::vector<std::filesystem::path> sorted_by_path(std::vector<std::filesystem::path> files) {
    namespace fs = std::filesystem;
    std::vector<std::pair<std::string, std::size_t>> keys;
    keys.reserve(files.size());
    for (std::size_t i = 0; i < files.size(); ++i) {
        std::string key = files[i].native();
        std::replace(key.begin(), key.end(), '/', '\0');
        keys.emplace_back(std::move(key), i);
    }
    std::sort(keys.begin(), keys.end());
    std::vector<fs::path> sorted;
    sorted.reserve(files.size());
    for (const auto& [key, i] : keys) sorted.push_back(std::move(files[i]));
    return sorted;
}

}  // namespace

namespace {

// The regular files (`files`) and the symbolic links (`links`) under `root`, either null when
// not wanted, in the order of the walk; a link is never entered.
void walk(const std::filesystem::path& root, std::vector<std::filesystem::path>* files,
          std::vector<std::filesystem::path>* links) {
    namespace fs = std::filesystem;
    std::error_code ec;
    if (!fs::is_directory(root, ec)) return;
    for (auto it = fs::recursive_directory_iterator(root, ec); it != fs::recursive_directory_iterator();
         it.increment(ec)) {
        if (ec) break;
        if (it->is_symlink(ec)) {
            if (links) links->push_back(it->path());
            it.disable_recursion_pending();  // (a link to a folder is not entered either)
            continue;
        }
        if (files && it->is_regular_file(ec)) files->push_back(it->path());
    }
}

}  // namespace

std::vector<std::filesystem::path> files_under(const std::filesystem::path& root,
                                               std::vector<std::filesystem::path>* links) {
    std::vector<std::filesystem::path> files;
    walk(root, &files, links);
    if (links) *links = sorted_by_path(std::move(*links));
    return sorted_by_path(std::move(files));
}

std::vector<std::filesystem::path> links_under(const std::filesystem::path& root) {
    std::vector<std::filesystem::path> links;
    walk(root, nullptr, &links);
    return sorted_by_path(std::move(links));
}

bool lexically_within(const std::filesystem::path& folder, const std::filesystem::path& path) {
    auto rel = path.lexically_relative(folder);
    return !rel.empty() && *rel.begin() != "..";
}

std::optional<std::string> link_out_of(const std::filesystem::path& root, const std::filesystem::path& path) {
    namespace fs = std::filesystem;
    std::error_code ec;
    const fs::path inside = fs::weakly_canonical(fs::absolute(root, ec), ec);
    const fs::path written = fs::absolute(path, ec).lexically_normal();
    if (!lexically_within(fs::absolute(root, ec).lexically_normal(), written)) return std::nullopt;
    const fs::path real = fs::weakly_canonical(written, ec);
    if (ec || lexically_within(inside, real)) return std::nullopt;
    return real.string();
}

void remove_tree(const std::filesystem::path& root) {
    namespace fs = std::filesystem;
    std::error_code ec;
    std::vector<fs::path> pieces;
    if (fs::is_directory(fs::symlink_status(root, ec)))
        for (const auto& top : fs::directory_iterator(root, ec)) {
            if (!top.is_directory(ec) || top.is_symlink(ec)) continue;  // (removed with the root)
            for (const auto& entry : fs::directory_iterator(top.path(), ec)) pieces.push_back(entry.path());
        }
    concurrency::parallel_for(pieces.size(), 256, [&](std::size_t i) {
        std::error_code ignored;
        fs::remove_all(pieces[i], ignored);
    });
    fs::remove_all(root, ec);
}

std::string read_file_within(const std::filesystem::path& root, const std::filesystem::path& path,
                             std::size_t max_bytes) {
    std::error_code ec;
    const auto real = std::filesystem::weakly_canonical(path, ec);
    if (!ec && !lexically_within(std::filesystem::weakly_canonical(root, ec), real))
        throw FileError(path.string(), "is a symbolic link out of the project (to " + real.string() +
                                           "); podarchive reads only the project's own files");
    return read_file(path, max_bytes);
}

std::string read_file(const std::filesystem::path& path, std::size_t max_bytes, Links links) {
    // One open, then its descriptor: an archive's build reads tens of thousands of files (a
    // transcript each), and each look-up of the path by name cost about what reading it did.
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | (links == Links::refuse ? O_NOFOLLOW : 0));
    if (fd < 0 && errno == ELOOP && links == Links::refuse)
        throw FileError(path.string(),
                        "is a symbolic link, which podarchive does not follow here: put the file itself in its place");
    if (fd < 0)
        throw FileError(path.string(), errno == ENOENT || errno == ENOTDIR ? "file not found" : "cannot open file");
    struct FdCloser {
        int fd;
        ~FdCloser() { ::close(fd); }
    } closer{fd};
    struct stat st {};
    if (::fstat(fd, &st) != 0) throw FileError(path.string(), "cannot open file");
    if (!S_ISREG(st.st_mode)) throw FileError(path.string(), "not a regular file");
    const auto size = static_cast<std::size_t>(st.st_size);
    if (size > max_bytes)
        throw FileError(path.string(), "file is " + std::to_string(size) + " bytes; the limit is " +
                                           std::to_string(max_bytes) + " bytes");
    std::string data;  // read into space not zero-filled first (a large feed is 100 MB)
    bool failed = false;
    data.resize_and_overwrite(size, [&](char* buffer, std::size_t n) {
        std::size_t got = 0;
        while (got < n) {
            const ssize_t r = ::read(fd, buffer + got, n - got);
            if (r < 0 && errno == EINTR) continue;
            if (r <= 0) {
                failed = r < 0;
                break;  // (a file cut shorter since fstat: what it has)
            }
            got += static_cast<std::size_t>(r);
        }
        return got;
    });
    if (failed) throw FileError(path.string(), "cannot read file");
    return data;
}

int create_temporary_beside(const std::filesystem::path& path, std::filesystem::path& temp) {
    // A name no other run uses (the process and a counter), made new: O_EXCL fails on anything
    // already there, a planted link included, so nothing is ever written through one.
    static std::atomic<unsigned> counter{0};
    for (int attempt = 0; attempt < 100; ++attempt) {
        temp = path.parent_path() / ("." + path.filename().string() + "." + std::to_string(::getpid()) + "-" +
                                     std::to_string(counter.fetch_add(1)) + ".tmp");
        // (Open to read too: a file written can be mapped, binary_io.hpp's Written.)
        const int fd = ::open(temp.c_str(), O_RDWR | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0644);
        if (fd >= 0 || errno != EEXIST) return fd;
    }
    return -1;
}

namespace {

// All of `bytes` given to `put(bytes, done)` (a system write of what is left after the first
// `done` bytes), again after an interrupted write.
template <class Put>
bool put_all(std::string_view bytes, Put&& put) {
    for (std::size_t done = 0; done < bytes.size();) {
        const ssize_t n = put(bytes.substr(done), done);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) return false;
        done += static_cast<std::size_t>(n);
    }
    return true;
}

}  // namespace

bool write_all(int fd, std::string_view bytes) {
    return put_all(bytes, [fd](std::string_view rest, std::size_t) { return ::write(fd, rest.data(), rest.size()); });
}

bool write_all_at(int fd, std::string_view bytes, std::size_t offset) {
    return put_all(bytes, [fd, offset](std::string_view rest, std::size_t done) {
        return ::pwrite(fd, rest.data(), rest.size(), static_cast<off_t>(offset + done));
    });
}

bool write_file_atomically(const std::filesystem::path& path, std::string_view content, std::string& error) {
    std::filesystem::path temp;
    const int fd = create_temporary_beside(path, temp);
    if (fd < 0) return error = "cannot write " + temp.string() + ": " + std::strerror(errno), false;
    const bool ok = write_all(fd, content) && ::fsync(fd) == 0;
    ::close(fd);
    // (rename replaces a link at `path` itself; it never writes through it)
    if (!ok || ::rename(temp.c_str(), path.c_str()) != 0) {
        ::unlink(temp.c_str());
        return error = "cannot replace " + path.string(), false;
    }
    return true;
}

namespace {

// The process a lock file of its own names: "" when it names none, or one that no longer runs (a
// run killed before it could clear the file).
std::string lock_holder(int fd) {
    char text[32] = {};
    if (::pread(fd, text, sizeof text - 1, 0) <= 0) return "";
    char* end = nullptr;
    const long pid = std::strtol(text, &end, 10);
    if (pid <= 0 || end == text || (::kill(static_cast<pid_t>(pid), 0) != 0 && errno != EPERM)) return "";
    return std::to_string(pid);
}

// Makes `text` a lock file's whole content: its holder's number, or nothing once it is let go of
// (false when it cannot: only a refused run's message then lacks the number).
bool set_lock_holder(int fd, const std::string& text) {
    return ::ftruncate(fd, 0) == 0 &&
           (text.empty() || ::pwrite(fd, text.data(), text.size(), 0) == static_cast<ssize_t>(text.size()));
}

}  // namespace

FileLock::FileLock(const std::filesystem::path& file, std::string& error, Kind kind) : m_own(kind == Kind::own) {
    m_fd = m_own ? ::open(file.c_str(), O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0644)
                 : ::open(file.c_str(), O_RDONLY | O_CLOEXEC);
    if (m_fd < 0) {
        const int err = errno;
        error = "cannot open " + file.string() + " to lock it: " + std::strerror(err) +
                (err == ELOOP ? " (it is a link; remove it)" : "");
        return;
    }
    if (::flock(m_fd, LOCK_EX | LOCK_NB) != 0) {
        const int err = errno;
        m_busy = err == EWOULDBLOCK;
        if (m_busy && m_own) m_holder = lock_holder(m_fd);
        error = m_busy ? "another podarchive run holds " + file.string() + " (it is locked)"
                       : "cannot lock " + file.string() + ": " + std::strerror(err);
        ::close(m_fd);
        m_fd = -1;
        return;
    }
    if (m_own) static_cast<void>(set_lock_holder(m_fd, std::to_string(::getpid()) + "\n"));
}

FileLock::~FileLock() {
    if (m_fd < 0) return;
    if (m_own) static_cast<void>(set_lock_holder(m_fd, ""));
    ::close(m_fd);  // (closing releases the lock; the file stays for the next run)
}

bool is_safe_relative_path(std::string_view path) {
    // (Asked of every file a build writes or carries over: its segments are looked at where
    // they are, not split into a list.)
    if (path.empty() || path.front() == '/' || path.find('\\') != std::string_view::npos) return false;
    if (std::any_of(path.begin(), path.end(), [](char c) { return static_cast<unsigned char>(c) < 0x20; }))
        return false;
    for (std::size_t start = 0; start <= path.size();) {
        const std::size_t end = std::min(path.find('/', start), path.size());
        const std::string_view segment = path.substr(start, end - start);
        if (segment.empty() || segment == "." || segment == "..") return false;
        start = end + 1;
    }
    return true;
}

}  // namespace files

#pragma once
// Reading input files with one clear error and a size limit.
#include <cstddef>
#include <cstdint>
#include <ctime>
#include <filesystem>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace files {

// What a read of an input file failed on; `path` names the file for the message.
class FileError : public std::runtime_error {
public:
    FileError(std::string path, const std::string& message) : std::runtime_error(message), m_path(std::move(path)) {}
    const std::string& path() const { return m_path; }

private:
    std::string m_path;
};

// Inputs larger than this are refused: no feed or page is anywhere near it, and it bounds memory.
constexpr std::size_t k_max_input_bytes = 256u << 20;

// Whether a read follows a symbolic link at the file's own name.
enum class Links { follow, refuse };

// Reads a whole file; throws FileError when it is missing, not a regular file or too large, and,
// with Links::refuse, when the name is a symbolic link (a file a build finds in one of its
// folders, never one site.yaml names: one planted there could lead anywhere).
std::string read_file(const std::filesystem::path& path, std::size_t max_bytes = k_max_input_bytes,
                      Links links = Links::follow);

// read_file of a file named inside `root` (a path a note gives): refused, as a FileError, when a
// symbolic link on its way takes it out of `root`; links that stay inside are followed.
std::string read_file_within(const std::filesystem::path& root, const std::filesystem::path& path,
                             std::size_t max_bytes = k_max_input_bytes);

// Creates a new, empty file beside `path` (".<name>.<pid>-<n>.tmp") for writing and returns its
// descriptor (-1 with errno on failure), `temp` naming it. The name is this process's own and
// the file is made new (O_EXCL | O_NOFOLLOW): a link planted there is never written through.
int create_temporary_beside(const std::filesystem::path& path, std::filesystem::path& temp);

// A file time (stat's st_mtim, st_ctim) in nanoseconds.
inline std::int64_t nanoseconds(const struct timespec& t) {
    return static_cast<std::int64_t>(t.tv_sec) * 1'000'000'000 + t.tv_nsec;
}

// Writes all of `bytes` to `fd`, again after an interrupted write. False when a write fails
// (errno says why) or writes nothing.
bool write_all(int fd, std::string_view bytes);
// write_all at `offset` in the file (its position unchanged): parts of a file written at once.
bool write_all_at(int fd, std::string_view bytes, std::size_t offset);

// Writes `content` into a temporary file beside `path` (create_temporary_beside), flushes it
// and renames it over `path`, so a reader sees the old file or the new one, never a part, and
// two runs at once never share a temporary file. On failure returns false with `error` set and
// leaves `path` as it was.
bool write_file_atomically(const std::filesystem::path& path, std::string_view content, std::string& error);

// An exclusive lock on a file (flock), held while the object lives; the system lets go of it
// when the process ends, however it ends. Two `fetch` runs on one site would each replace the
// other's snapshot and kept items; two builds of one output folder would interleave their writes.
class FileLock {
public:
    enum class Kind {
        existing,  // a file that is there (site.yaml), only read
        own,       // the lock's own file, made when missing and never through a link planted in its place;
                   // it names the process that holds the lock (holder()), and nobody once it is let go of
    };
    // Locks `file` without waiting. On failure the lock is not held and `error` says why (another
    // process holds it: busy(); or the file cannot be opened).
    FileLock(const std::filesystem::path& file, std::string& error, Kind kind = Kind::existing);
    ~FileLock();
    FileLock(const FileLock&) = delete;
    FileLock& operator=(const FileLock&) = delete;
    bool held() const { return m_fd >= 0; }
    bool busy() const { return m_busy; }
    // When busy, of a lock file of its own: the number of the process holding it, when that
    // process runs ("" otherwise).
    const std::string& holder() const { return m_holder; }

private:
    int m_fd = -1;
    bool m_own = false;
    bool m_busy = false;
    std::string m_holder;
};

// Every regular file under `root`, sorted by path; symbolic links are not followed (a link could
// point anywhere outside the project), and are listed in `links` (sorted too) when it is given,
// for the caller to say so. Empty when `root` is not a folder.
std::vector<std::filesystem::path> files_under(const std::filesystem::path& root,
                                               std::vector<std::filesystem::path>* links = nullptr);
// The symbolic links alone under `root`, sorted (the files are not listed).
std::vector<std::filesystem::path> links_under(const std::filesystem::path& root);

// True when `path` is `folder` or lies under it, compared as written: no link is resolved, so
// callers give both in the same form (both lexically normal, or both canonical).
bool lexically_within(const std::filesystem::path& folder, const std::filesystem::path& path);

// Where `path`, written inside `root`, really is when a symbolic link (of the path or of a
// folder on it) leads out of `root`; nothing when it stays in, does not exist, or is written
// outside `root` (the user's own choice).
std::optional<std::string> link_out_of(const std::filesystem::path& root, const std::filesystem::path& path);

// Removes `root` and everything in it (errors ignored, as std::filesystem::remove_all with an
// error code), the entries two levels down on every core: a site's old copy is ten thousand
// folders of one page each, and removing them was a fifth of a build.
void remove_tree(const std::filesystem::path& root);

// True when `path` is a relative path made only of safe segments ("a/b.html"), the only kind
// of path an Output accepts: no "..", no absolute path, no empty segment.
bool is_safe_relative_path(std::string_view path);

}  // namespace files

#include "output/output.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <bit>
#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <nlohmann/json.hpp>
#include <set>
#include <stdexcept>
#include <utility>

#include "concurrency/interrupts.hpp"
#include "concurrency/parallel.hpp"
#include "files/binary_io.hpp"
#include "files/files.hpp"
#include "files/hash.hpp"

namespace output {

namespace fs = std::filesystem;

namespace {

void check_path(std::string_view path) {
    if (!files::is_safe_relative_path(path))
        throw std::invalid_argument("refusing to write outside the output folder: '" + std::string(path) + "'");
}

}  // namespace

void Output::count(std::string_view path, std::size_t bytes) {
    check_path(path);
    tally(path, bytes);
}

void Output::tally(std::string_view path, std::size_t bytes) {
    ++m_files;
    m_bytes += bytes;
    if (bytes > m_largest.bytes || (bytes == m_largest.bytes && (m_largest.path.empty() || path < m_largest.path)))
        m_largest = {std::string(path), bytes};
}

Output::Prepared Output::prepare(std::string_view path, std::string content) const {
    check_path(path);  // before anything is written
    return prepare_file(std::string(path), std::move(content));
}

void Output::add(Prepared file) {
    count(file.path, file.size);
    store_prepared(std::move(file));
}

Output::Prepared Output::prepare_in_pieces(std::string_view path,
                                           const std::function<void(const PieceWriter&)>& make) const {
    check_path(path);  // before anything is written
    return prepare_file_in_pieces(std::string(path), make);
}

Output::Prepared Output::prepare_file(std::string path, std::string content) const {
    const std::size_t size = content.size();
    return {std::move(path), size, std::move(content)};
}

Output::Prepared Output::prepare_file_in_pieces(std::string path,
                                                const std::function<void(const PieceWriter&)>& make) const {
    std::string content;
    make([&](std::string_view piece) { content += piece; });
    return prepare_file(std::move(path), std::move(content));
}

void Preparing::add_prepared() {
    for (auto& file : m_files) m_target.add(std::move(file));
    m_files.clear();
}

void Output::add(std::string_view path, std::string content) {
    count(path, content.size());
    store_prepared(prepare_file(std::string(path), std::move(content)));
}

void Output::add_borrowed(std::string_view path, std::string_view content) {
    count(path, content.size());
    store_borrowed(std::string(path), content);
}

std::unique_ptr<const files::MappedFile> Output::add_spliced(std::string_view path, std::string_view own,
                                                             std::span<const Splice> runs, const PublishedFile& from) {
    check_path(path);
    std::optional<Spliced> spliced = splice_file(std::string(path), own, runs, from);
    if (!spliced) return nullptr;
    count(path, spliced->file.size);
    store_prepared(std::move(spliced->file));
    return std::move(spliced->text);
}

bool Output::carry_over(const std::vector<std::string_view>& paths) {
    auto sizes = carry_over_previous(paths);
    if (!sizes) return false;
    // (Each a path the last build's manifest names, which names none that could lead out of the folder.)
    for (std::size_t i = 0; i < paths.size(); ++i) tally(paths[i], (*sizes)[i]);
    return true;
}

MemoryOutput::MemoryOutput(std::shared_ptr<const MemoryOutput> below) : Output(*below) {
    if (below->m_below)
        m_files = below->m_files, m_below = below->m_below;
    else
        m_below = std::move(below);
}

MemoryOutput::MemoryOutput(const MemoryOutput& other) : Output(other), m_files(other.files()) {}

std::map<std::string, MemoryOutput::Content> MemoryOutput::files_under(const std::string& prefix) const {
    std::map<std::string, Content> all = m_below ? m_below->files_under(prefix) : std::map<std::string, Content>();
    for (auto it = m_files.lower_bound(prefix); it != m_files.end() && it->first.starts_with(prefix); ++it) {
        if (it->second)
            all.insert_or_assign(it->first, it->second);
        else
            all.erase(it->first);
    }
    return all;
}

const std::string* MemoryOutput::find(const std::string& path) const {
    const auto it = m_files.find(path);
    if (it != m_files.end()) return it->second.get();
    return m_below ? m_below->find(path) : nullptr;
}

void MemoryOutput::remove(const std::string& path) {
    if (m_below && m_below->find(path))
        m_files[path] = nullptr;
    else
        m_files.erase(path);
}

void MemoryOutput::remove_under(const std::string& prefix) {
    const std::map<std::string, Content> below =
        m_below ? m_below->files_under(prefix) : std::map<std::string, Content>();
    for (auto it = m_files.lower_bound(prefix); it != m_files.end() && it->first.starts_with(prefix);)
        it = m_files.erase(it);
    for (const auto& [path, content] : below) m_files.emplace(path, nullptr);
}

void MemoryOutput::store_prepared(Prepared file) {
    m_files[std::move(file.path)] = std::make_shared<const std::string>(std::move(file.content));
}

bool same_files(const MemoryOutput& a, const MemoryOutput& b) {
    const auto files_a = a.files(), files_b = b.files();
    return std::equal(files_a.begin(), files_a.end(), files_b.begin(), files_b.end(),
                      [](const auto& x, const auto& y) { return x.first == y.first && *x.second == *y.second; });
}

fs::path beside(const fs::path& output_dir, const std::string& suffix) {
    fs::path parent = output_dir.has_parent_path() ? output_dir.parent_path() : fs::path(".");
    return parent / ("." + output_dir.filename().string() + suffix);
}

namespace {

// Removes staging folders that builds killed before they could clean up left behind.
void remove_stale_staging(const fs::path& parent, const std::string& prefix) {
    std::error_code ec;
    for (const auto& entry : fs::directory_iterator(parent, ec)) {
        std::string name = entry.path().filename().string();
        if (!name.starts_with(prefix)) continue;
        long pid = std::strtol(name.c_str() + prefix.size(), nullptr, 10);
        if (pid > 0 && ::kill(static_cast<pid_t>(pid), 0) == 0) continue;  // another build is running
        files::remove_tree(entry.path());
    }
}

std::int64_t mtime_ns(const struct stat& st) {
    return files::nanoseconds(st.st_mtim);
}

// A folder is known by its inode and its change time: a folder removed and made again may get
// the same inode number, never the same change time.
std::string folder_identity(const struct stat& st) {
    return std::to_string(st.st_ino) + ":" + std::to_string(st.st_ctim.tv_sec) + "." +
           std::to_string(st.st_ctim.tv_nsec);
}

// True when `st` is of the file a manifest describes: a regular file of that size and
// modification time (one edited by hand since has another time).
bool as_written(const struct stat& st, std::size_t size, std::int64_t mtime) {
    return S_ISREG(st.st_mode) && static_cast<std::size_t>(st.st_size) == size && mtime_ns(st) == mtime;
}

// Writes the file and returns its modification time (which the rename into place keeps).
std::int64_t write_whole(const fs::path& path, std::string_view content) {
    int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOFOLLOW, 0644);
    if (fd < 0) throw std::runtime_error("cannot write " + path.string() + ": " + std::strerror(errno));
    if (!files::write_all(fd, content)) {
        const int err = errno;
        ::close(fd);
        throw std::runtime_error("cannot write " + path.string() + ": " + std::strerror(err));
    }
    struct stat st {};
    std::int64_t mtime = ::fstat(fd, &st) == 0 ? mtime_ns(st) : 0;
    ::close(fd);
    return mtime;
}

}  // namespace

DiskOutput::DiskOutput(fs::path output_dir, std::string input_fingerprint)
    : m_output(std::move(output_dir)), m_fingerprint(std::move(input_fingerprint)) {
    m_manifest_path = beside(m_output, ".manifest");
    load_manifest();
    if (m_manifest_valid) {
        // (The folder the manifest describes, or none: one swapped in meanwhile is not trusted.)
        m_output_fd = ::open(m_output.c_str(), O_PATH | O_DIRECTORY | O_CLOEXEC);
        struct stat st {};
        if (m_output_fd >= 0 && (::fstat(m_output_fd, &st) != 0 || folder_identity(st) != m_previous_identity))
            ::close(m_output_fd), m_output_fd = -1;
    }
    const fs::path staging_prefix = beside(m_output, ".staging-");
    fs::create_directories(staging_prefix.parent_path());
    remove_stale_staging(staging_prefix.parent_path(), staging_prefix.filename().string());
    m_staging = staging_prefix;
    m_staging += std::to_string(::getpid());
    std::error_code ec;
    fs::remove_all(m_staging, ec);
    fs::create_directories(m_staging);
}

DiskOutput::~DiskOutput() {
    if (m_ahead.valid()) m_ahead.wait();  // (it reads the folder below)
    if (m_output_fd >= 0) ::close(m_output_fd);
    files::remove_tree(m_staging);  // after commit it holds the previous build
}

// Hashes the file and writes it into the staging folder, from any thread: what it changes
// besides the file is the set of folders made, which is locked.
Output::Prepared DiskOutput::write_file(std::string path, std::string_view content) const {
    fs::path target = m_staging / path;
    make_folder(target.parent_path());
    Prepared file;
    file.path = std::move(path);
    file.size = content.size();
    file.hash = files::block_hash(content);
    if (auto published = same_as_published(file.path, file.hash, file.size, target)) {
        file.mtime_ns = *published;
        return file;
    }
    file.mtime_ns = write_whole(target, content);
    file.written = true;
    return file;
}

// The same bytes as the file already published: it shares that file's inode (and its mtime).
std::optional<std::int64_t> DiskOutput::same_as_published(const std::string& path, std::uint64_t hash, std::size_t size,
                                                          const fs::path& target) const {
    const Previous* published = find_previous(path);
    if (!published || published->e.hash != hash || published->e.size != size ||
        !link_published(path, published->e, target))
        return std::nullopt;
    return published->e.mtime_ns;
}

// A file just written at `target` (as `file` says) and its bytes the same as the published
// file's: that file is linked in its place, so it keeps its time, as write_file keeps it.
void DiskOutput::link_if_published(Prepared& file, const fs::path& target) const {
    const std::string beside = target.string() + ".same";
    if (auto published = same_as_published(file.path, file.hash, file.size, beside)) {
        fs::rename(beside, target);
        file.mtime_ns = *published, file.written = false;
    }
}

// Each piece written as `make` gives it, and hashed as it goes.
Output::Prepared DiskOutput::prepare_file_in_pieces(std::string path,
                                                    const std::function<void(const PieceWriter&)>& make) const {
    fs::path target = m_staging / path;
    make_folder(target.parent_path());
    const int fd = ::open(target.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOFOLLOW, 0644);
    if (fd < 0) throw std::runtime_error("cannot write " + target.string() + ": " + std::strerror(errno));
    files::BlockHasher hash;
    std::size_t size = 0;
    int err = 0;  // (the first write's that failed: the file is not stored then)
    try {
        make([&](std::string_view piece) {
            if (!err && !files::write_all(fd, piece)) err = errno;
            hash.add_bytes(piece);
            size += piece.size();
        });
    } catch (...) {
        ::close(fd);
        throw;
    }
    struct stat st {};
    if (!err && ::fstat(fd, &st) != 0) err = errno;
    ::close(fd);
    if (err) throw std::runtime_error("cannot write " + target.string() + ": " + std::strerror(err));
    Prepared file{std::move(path), size, "", hash.digest(), mtime_ns(st), true};
    link_if_published(file, target);
    return file;
}

// The file written into the staging folder: `own`'s text, and between its parts the runs of
// `from` (after an edit of one note, feed.xml is tens of megabytes of the last one's items and one
// item made anew), hashed as they are written; its two halves (cut where a block of the hash
// starts) each on a core of its own, a megabyte at a time. Then mapped, to check. (Copied from
// file to file, the runs were read again to be hashed, where they were mapped: an edit's copy
// of a 81 MB feed.xml took 49 ms against 43 written in turn, and the process 50 MB more memory.)
std::optional<Output::Spliced> DiskOutput::splice_file(const std::string& path, std::string_view own,
                                                       std::span<const Splice> runs, const PublishedFile& from) const {
    // Each part of the file where it goes: `own`'s parts (`run` null) and the runs, in turn.
    struct Part {
        std::size_t at;
        std::string_view own;
        const Splice* run;
    };
    std::vector<Part> parts;
    std::size_t at = 0, size = 0;  // (in `own`; in the file)
    bool ok = true;
    for (const Splice& run : runs) {
        ok = ok && run.at >= at && run.at <= own.size();
        if (!ok) break;
        parts.push_back({size, own.substr(at, run.at - at), nullptr});
        size += run.at - at;
        parts.push_back({size, {}, &run});
        size += run.count;
        at = run.at;
    }
    ok = ok && at <= own.size();
    if (ok) parts.push_back({size, own.substr(at), nullptr}), size += own.size() - at;
    fs::path target = m_staging / path;
    make_folder(target.parent_path());
    const int fd = ::open(target.c_str(), O_RDWR | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOFOLLOW, 0644);
    if (fd < 0) throw std::runtime_error("cannot write " + target.string() + ": " + std::strerror(errno));
    // The file's bytes from `begin` to `end`, written where they go and hashed.
    const auto write_range = [&](std::size_t begin, std::size_t end, files::BlockHasher& hash) {
        for (const Part& part : parts) {
            const std::size_t from_at = std::max(begin, part.at);
            const std::size_t to = std::min(end, part.at + (part.run ? part.run->count : part.own.size()));
            std::size_t where = from_at;
            const auto put = [&](std::string_view bytes) {
                hash.add_bytes(bytes);
                return files::write_all_at(fd, bytes, std::exchange(where, where + bytes.size()));
            };
            if (from_at < to &&
                !(part.run ? from.for_each_block(part.run->from + (from_at - part.at), to - from_at, put)
                           : put(part.own.substr(from_at - part.at, to - from_at))))
                return false;
        }
        return true;
    };
    const std::size_t half = size / 2 / files::BlockHasher::k_block * files::BlockHasher::k_block;
    files::BlockHasher hash, second_half;
    if (ok) {
        auto second = concurrency::in_background([&] { return write_range(half, size, second_half); });
        ok = write_range(0, half, hash);
        ok = second.get() && ok && hash.append(std::move(second_half));
    }
    struct stat st {};
    ok = ok && ::fstat(fd, &st) == 0 && static_cast<std::size_t>(st.st_size) == size;
    std::unique_ptr<const files::MappedFile> text = ok ? files::MappedFile::map(fd, size) : nullptr;
    ::close(fd);
    if (!text) {
        ::unlink(target.c_str());
        return std::nullopt;  // (the caller writes the whole text)
    }
    Prepared file{path, size, "", hash.digest(), mtime_ns(st), true};
    // (The text stays mapped where it was written: a link put in its place shares nothing with it.)
    link_if_published(file, target);
    return Spliced{std::move(file), std::move(text)};
}

void DiskOutput::store_prepared(Prepared file) {
    m_files[file.path] = {file.hash, file.size, file.mtime_ns, file.written};
    if (file.written) ++m_written;
}

void DiskOutput::check_published_ahead() {
    if (m_output_fd < 0 || m_ahead.valid() || m_changed) return;
    m_ahead = concurrency::in_background([this] {
        std::vector<std::string_view> changed;
        std::string name;  // (NUL-terminated, for the system)
        for (const Previous& p : m_previous)
            if (!published_unchanged(name.assign(p.path).c_str(), p.e)) changed.push_back(p.path);
        return changed;
    });
}

std::size_t DiskOutput::previous_from(std::string_view path) const {
    const auto at = std::lower_bound(m_previous.begin(), m_previous.end(), path,
                                     [](const Previous& p, std::string_view q) { return p.path < q; });
    return static_cast<std::size_t>(at - m_previous.begin());
}

const DiskOutput::Previous* DiskOutput::find_previous(std::string_view path) const {
    if (m_previous_slots.empty()) return nullptr;  // (no files)
    const std::size_t mask = m_previous_slots.size() - 1;
    for (std::size_t slot = files::content_hash(path) & mask; m_previous_slots[slot] != 0; slot = (slot + 1) & mask)
        if (const Previous& p = m_previous[m_previous_slots[slot] - 1]; p.path == path) return &p;
    return nullptr;
}

DiskOutput::Previous* DiskOutput::find_previous(std::string_view path) {
    return const_cast<Previous*>(std::as_const(*this).find_previous(path));
}

template <class Each>
void DiskOutput::each_file(Each&& each) const {
    // (Paths compared as views: clang 14 cannot compare a string with a view through libstdc++ 12.)
    auto made = m_files.begin();
    for (const Previous& p : m_previous) {
        if (!p.e.carried) continue;
        for (; made != m_files.end() && std::string_view(made->first) < p.path; ++made)
            each(std::string_view(made->first), made->second);
        if (made == m_files.end() || std::string_view(made->first) != p.path) each(p.path, p.e);
    }
    for (; made != m_files.end(); ++made) each(std::string_view(made->first), made->second);
}

std::size_t DiskOutput::files_made_or_carried() const {
    std::size_t count = 0;
    each_file([&](std::string_view, const Entry&) { ++count; });
    return count;
}

// Thousands of pages at once (an edit of one note keeps nearly every page): they stay where
// they are, and commit() updates the output folder in place. A page edited by hand is not
// carried over (the caller builds every page again): each is checked here, on every core,
// unless check_published_ahead is checking them; then its verdict is taken when the build is
// done (carried_unchanged), not waited for here, so that the feeds are written meanwhile.
std::optional<std::vector<std::size_t>> DiskOutput::carry_over_previous(const std::vector<std::string_view>& paths) {
    // Checked ahead (being checked, or its verdict taken): carried_unchanged tells, of every file
    // carried whenever it was, and commit() asks it. Else each file is checked here.
    const bool ahead = m_ahead.valid() || m_changed;
    auto unchanged = [&](std::string_view path, const Entry& e) {
        return ahead || published_unchanged(std::string(path).c_str(), e);
    };
    // Each searched for in the list and checked, on every core (nothing changes meanwhile): tens
    // of thousands, in no order (the record's pages are hashed). (Only a path the manifest names is
    // found, and it names none that could lead out of the folder: load_manifest.)
    std::vector<Entry*> entries(paths.size());
    std::atomic<bool> failed = false;
    concurrency::parallel_for(paths.size(), 256, [&](std::size_t i) {
        Previous* published = find_previous(paths[i]);
        if (!published || !unchanged(paths[i], published->e))
            failed = true;
        else
            entries[i] = &published->e;
    });
    if (failed) return std::nullopt;
    // A file this build made already is not carried over (the caller builds every page again).
    std::unordered_set<const Entry*> made;
    for (const auto& [path, e] : m_files)
        if (const Previous* p = find_previous(path)) made.insert(&p->e);
    if (std::any_of(entries.begin(), entries.end(), [&](const Entry* e) { return made.contains(e); }))
        return std::nullopt;
    // (Only this member of an entry is written while the check reads the others.)
    for (Entry* e : entries) e->carried = true;
    m_in_place = true;
    std::vector<std::size_t> sizes;
    sizes.reserve(paths.size());
    for (Entry* e : entries) sizes.push_back(e->size);
    return sizes;
}

bool DiskOutput::carried_unchanged() {
    if (m_ahead.valid()) m_changed = m_ahead.get();
    if (!m_changed) return true;  // (each file was checked as it was carried over)
    return std::none_of(m_changed->begin(), m_changed->end(), [&](std::string_view path) {
        const Previous* p = find_previous(path);
        return p && p->e.carried;
    });
}

// True when the published file at `path` is still the one the manifest describes (not edited by
// hand since: a file of the same size and modification time).
bool DiskOutput::published_unchanged(const char* path, const Entry& published_entry) const {
    struct stat st {};
    return m_output_fd >= 0 && ::fstatat(m_output_fd, path, &st, AT_SYMLINK_NOFOLLOW) == 0 &&
           as_written(st, published_entry.size, published_entry.mtime_ns);
}

PublishedFile::~PublishedFile() {
    ::close(m_fd);
}

bool PublishedFile::append_to(std::string& to, std::size_t offset, std::size_t count) const {
    if (offset > m_size || count > m_size - offset) return false;
    const std::size_t was = to.size();
    std::size_t got = 0;
    // (Read straight into the string's new room: a large feed's copy is tens of megabytes, not
    // to be zeroed first.)
    to.resize_and_overwrite(was + count, [&](char* text, std::size_t) {
        while (got < count) {
            const ssize_t n = ::pread(m_fd, text + was + got, count - got, static_cast<off_t>(offset + got));
            if (n < 0 && errno == EINTR) continue;
            if (n <= 0) break;
            got += static_cast<std::size_t>(n);
        }
        return got == count ? was + count : was;
    });
    return got == count;
}

bool PublishedFile::for_each_block(std::size_t offset, std::size_t count,
                                   const std::function<bool(std::string_view)>& put) const {
    if (offset > m_size || count > m_size - offset) return false;
    std::string block;
    for (std::size_t done = 0; done < count;) {
        const std::size_t part = std::min<std::size_t>(count - done, std::size_t{1} << 20);
        block.clear();
        if (!append_to(block, offset + done, part) || !put(block)) return false;
        done += part;
    }
    return true;
}

std::unique_ptr<const PublishedFile> DiskOutput::published(const std::string& path) const {
    const Previous* entry = find_previous(path);
    if (m_output_fd < 0 || !entry || !files::is_safe_relative_path(path)) return nullptr;
    // (Opened in the folder the manifest names, not following a link planted at the file's name.)
    const int fd = ::openat(m_output_fd, path.c_str(), O_RDONLY | O_CLOEXEC | O_NOFOLLOW);
    if (fd < 0) return nullptr;
    auto file = std::make_unique<const PublishedFile>(fd, entry->e.size);
    // Judged as a page carried over is (published_unchanged), on the file opened.
    struct stat st {};
    if (::fstat(fd, &st) != 0 || !as_written(st, entry->e.size, entry->e.mtime_ns)) return nullptr;
    return file;
}

std::unique_ptr<const PublishedFile> DiskOutput::prepared(const Prepared& file) const {
    if (!file.content.empty() || !files::is_safe_relative_path(file.path)) return nullptr;
    // (In the staging folder this build made; the file itself not followed if a link.)
    const int fd = ::open((m_staging / file.path).c_str(), O_RDONLY | O_CLOEXEC | O_NOFOLLOW);
    if (fd < 0) return nullptr;
    auto opened = std::make_unique<const PublishedFile>(fd, file.size);
    struct stat st {};
    if (::fstat(fd, &st) != 0 || static_cast<std::size_t>(st.st_size) != file.size) return nullptr;
    return opened;
}

std::vector<std::string> DiskOutput::published_under(const std::string& prefix) const {
    std::vector<std::string> paths;
    if (m_output_fd < 0 || !prefix.ends_with('/')) return paths;
    for (std::size_t at = previous_from(prefix); at < m_previous.size() && m_previous[at].path.starts_with(prefix);
         ++at)
        paths.emplace_back(m_previous[at].path);
    return paths;
}

// Links the published file at `path` into the staging folder at `target` when it is unchanged.
bool DiskOutput::link_published(const std::string& path, const Entry& published_entry, const fs::path& target) const {
    return published_unchanged(path.c_str(), published_entry) &&
           ::linkat(m_output_fd, path.c_str(), AT_FDCWD, target.c_str(), 0) == 0;
}

// Folders made in the staging folder (which starts empty) are remembered: a file in one needs
// no check, and a folder in one is a single mkdir (create_directories stats every level first).
void DiskOutput::make_folder(const fs::path& dir) const {
    std::string name = dir.string();
    bool parent_made;
    {
        std::lock_guard lock(m_dirs_lock);
        if (m_made_dirs.contains(name)) return;
        parent_made = m_made_dirs.contains(dir.parent_path().string());
    }
    // (Two threads may make the same folder: the second finds it made.)
    if (parent_made) {
        fs::create_directory(dir);
        std::lock_guard lock(m_dirs_lock);
        m_made_dirs.insert(std::move(name));
        return;
    }
    fs::create_directories(dir);
    std::lock_guard lock(m_dirs_lock);
    for (fs::path d = dir; d != m_staging && d.has_relative_path(); d = d.parent_path()) m_made_dirs.insert(d.string());
}

bool DiskOutput::up_to_date() const {
    return m_manifest_valid && !m_fingerprint.empty() && m_fingerprint == m_previous_fingerprint;
}

namespace {

// The manifest's format (files/binary_io.hpp): the output folder's identity, the inputs'
// fingerprint, then each file's path, hash, size and modification time, in path order.
constexpr std::string_view k_manifest_magic = "podarchive output manifest 1\n";

// The folder a manifest of podarchive before this format names (JSON, ".<name>.manifest.json"),
// so that a folder it built is still known as podarchive's after an upgrade; "" when none.
std::string legacy_manifest_folder(const fs::path& dir) {
    try {
        // Only "output" is asked: the file list (tens of thousands of entries) is not built.
        auto skip_files = [](int depth, nlohmann::json::parse_event_t event, nlohmann::json& parsed) {
            return !(depth == 1 && event == nlohmann::json::parse_event_t::key && parsed == "files");
        };
        auto json = nlohmann::json::parse(files::read_file(beside(dir, ".manifest.json"), 256u << 20), skip_files);
        return json.value("output", std::string());
    } catch (...) {
        return "";
    }
}

}  // namespace

bool made_by_podarchive(const fs::path& dir) {
    struct stat st {};
    if (::stat(dir.c_str(), &st) != 0 || !S_ISDIR(st.st_mode)) return false;
    const files::binary::FileBytes bytes(beside(dir, ".manifest"), 256u << 20);
    std::string named;
    // (Its head alone: a manifest damaged further on still names the folder it describes. Its
    // hash proves nothing about whose it is, which anyone who can write it could compute too;
    // the folder is then built whole, as load_manifest finds no manifest to trust.)
    if (auto r = files::binary::Reader::open_head(bytes.view(), k_manifest_magic)) (*r)(named);
    if (named.empty()) named = legacy_manifest_folder(dir);
    return !named.empty() && named.substr(0, named.find(':')) == std::to_string(st.st_ino);
}

void DiskOutput::load_manifest() {
    struct stat st {};
    if (::stat(m_output.c_str(), &st) != 0) return;
    m_manifest = files::MappedFile::open(m_manifest_path, 256u << 20);
    const std::string_view bytes = m_manifest ? m_manifest->text() : std::string_view();
    auto r = files::binary::Reader::open(bytes, k_manifest_magic);
    if (!r) return;  // no manifest, or a broken one: write everything
    std::string named, fingerprint;
    std::uint64_t count = 0;
    (*r)(named, fingerprint, count);
    if (!r->ok() || named != folder_identity(st) || count > bytes.size()) return;
    m_previous_identity = std::move(named);
    constexpr std::size_t k_least_entry = 4 * sizeof(std::uint64_t);  // (a path's length and three numbers)
    m_previous.reserve(std::min<std::size_t>(count, bytes.size() / k_least_entry));
    for (; count > 0 && r->ok(); --count) {
        Previous p;
        (*r)(p.path, p.e.hash, p.e.size, p.e.mtime_ns);
        // (In path order, as every build writes it, or not trusted: it is walked by prefixes. Nor
        // one that names a path that could lead out of the folder: a manifest is beside the
        // folder, where anyone could have written one, and the files it names are looked at,
        // carried over and removed.)
        if (!m_previous.empty() && !(m_previous.back().path < p.path)) break;
        if (!files::is_safe_relative_path(p.path)) break;
        m_previous.push_back(p);
    }
    if (count > 0 || !r->whole()) {
        m_previous.clear();
        return;
    }
    if (!m_previous.empty()) {  // (a manifest is at most 256 MB: a few million files, each position fits)
        m_previous_slots.assign(std::bit_ceil(2 * m_previous.size()), 0);
        const std::size_t mask = m_previous_slots.size() - 1;
        for (std::size_t i = 0; i < m_previous.size(); ++i) {
            std::size_t slot = files::content_hash(m_previous[i].path) & mask;
            while (m_previous_slots[slot] != 0) slot = (slot + 1) & mask;
            m_previous_slots[slot] = static_cast<std::uint32_t>(i + 1);
        }
    }
    m_previous_fingerprint = std::move(fingerprint);
    m_manifest_valid = true;
}

void DiskOutput::save_manifest(const std::string& fingerprint, bool naming_files) {
    struct stat st {};
    if (::stat(m_output.c_str(), &st) != 0) return;
    // Each file's modification time is the one it was written or linked with. (A manifest that
    // cannot be written only costs the next build its shortcuts.)
    const bool written = files::binary::write_file(m_manifest_path, k_manifest_magic, [&](files::binary::Writer& w) {
        w(folder_identity(st), fingerprint, static_cast<std::uint64_t>(naming_files ? files_made_or_carried() : 0));
        if (naming_files)
            each_file([&](std::string_view path, const Entry& e) { w(path, e.hash, e.size, e.mtime_ns); });
    });
    if (written) {
        std::error_code ignored;
        fs::remove(beside(m_output, ".manifest.json"), ignored);  // (a former podarchive's)
    }
}

void DiskOutput::commit() {
    if (m_committed) return;
    // An interruption that can wait (Ctrl-C, a cancelled job) waits until the folder is whole:
    // an incremental commit changes it file by file. (SIGKILL cannot wait: see the manifest below.)
    concurrency::InterruptsDeferred interrupts_wait;
    // (The check reads the folder closed here; and a file it found edited by hand is never kept
    // as this build's: the caller asks carried_unchanged first, and builds everything then.)
    if (!carried_unchanged()) throw std::runtime_error("a file carried over was changed since the last build wrote it");
    if (m_output_fd >= 0) ::close(m_output_fd), m_output_fd = -1;  // (the folder it is is swapped out below)
    std::error_code ec;
    // (Nothing written, and as many files: every one linked from the last build or carried over.)
    bool same_files = m_manifest_valid && m_written == 0 && files_made_or_carried() == m_previous.size();
    if (same_files) {
        // Nothing changed: the output folder is left exactly as it is (no swap, no new mtimes).
        m_committed = true;
        if (m_fingerprint != m_previous_fingerprint) {
            for (auto& [path, e] : m_files)
                if (const Previous* p = find_previous(path)) e.mtime_ns = p->e.mtime_ns;
            save_manifest(m_fingerprint);
        }
        return;
    }
    if (m_in_place) {
        update_in_place();
        m_committed = true;
        save_manifest(m_fingerprint);
        return;
    }
    if (fs::exists(fs::symlink_status(m_output, ec))) {
        // One atomic step: readers see the old tree or the new one, never a mix or nothing.
        if (::renameat2(AT_FDCWD, m_staging.c_str(), AT_FDCWD, m_output.c_str(), RENAME_EXCHANGE) != 0)
            throw std::runtime_error("cannot replace " + m_output.string() + ": " + std::strerror(errno));
    } else if (::rename(m_staging.c_str(), m_output.c_str()) != 0) {
        throw std::runtime_error("cannot create " + m_output.string() + ": " + std::strerror(errno));
    }
    m_committed = true;
    save_manifest(m_fingerprint);
}

namespace {

// The folders on the way to each of `paths` (relative, "a/b" for "a/b/c.html"), parents first.
std::vector<std::string> folders_of(const std::vector<std::string>& paths) {
    std::set<std::string> dirs;
    for (const auto& path : paths)
        for (fs::path dir = fs::path(path).parent_path(); !dir.empty(); dir = dir.parent_path())
            if (!dirs.insert(dir.string()).second) break;
    std::vector<std::string> ordered(dirs.begin(), dirs.end());  // ("a" sorts before "a/b")
    return ordered;
}

}  // namespace

// The files this build wrote moved into the output folder, and those it no longer makes
// removed, with the folders they leave empty.
void DiskOutput::update_in_place() {
    std::vector<std::string> gone, written;
    // (The last build's files and this one's in path order, walked side by side: tens of
    // thousands of paths, each with a long prefix in common with the next.)
    auto now = m_files.begin();
    for (const Previous& p : m_previous) {
        if (p.e.carried) continue;
        while (now != m_files.end() && std::string_view(now->first) < p.path) ++now;
        // (A path that would lead out of the folder was never one of its files: not removed.)
        if ((now == m_files.end() || std::string_view(now->first) != p.path) && files::is_safe_relative_path(p.path))
            gone.emplace_back(p.path);
    }
    for (const auto& [path, e] : m_files)
        if (e.written) written.push_back(path);
    // Before anything changes: every folder on the way is one of the output's own, not a link
    // planted to lead out of it (a file there is one the build no longer makes).
    // (`gone` is in path order, as the manifest's map is: searched, not copied into a set.)
    auto is_gone = [&](const std::string& path) { return std::binary_search(gone.begin(), gone.end(), path); };
    const std::vector<std::string> gone_dirs = folders_of(gone);
    auto not_a_folder = [&](const std::string& dir) {
        return std::runtime_error(
            "cannot update " + m_output.string() + ": '" + dir +
            "' in it is not a folder (a link or a file made by hand); remove it, and build again");
    };
    std::vector<std::string> to_make;
    for (const auto& dir : folders_of(written)) {
        struct stat st {};
        if (::lstat((m_output / dir).c_str(), &st) != 0 || (S_ISREG(st.st_mode) && is_gone(dir)))
            to_make.push_back(dir);
        else if (!S_ISDIR(st.st_mode))
            throw not_a_folder(dir);
    }
    for (const auto& dir : gone_dirs) {
        struct stat st {};
        if (::lstat((m_output / dir).c_str(), &st) == 0 && !S_ISDIR(st.st_mode) && !is_gone(dir))
            throw not_a_folder(dir);
    }
    // From here until the manifest is saved again the folder holds files of both builds: the
    // manifest names none meanwhile, so a stopped commit leaves nothing the next build trusts.
    save_manifest("", false);
    auto fail = [&](const std::string& what, const std::string& path) {
        throw std::runtime_error("cannot " + what + " " + (m_output / path).string() + ": " + std::strerror(errno));
    };
    for (const auto& path : gone)
        if (::unlink((m_output / path).c_str()) != 0 && errno != ENOENT) fail("remove", path);
    for (const auto& dir : to_make)
        if (::mkdir((m_output / dir).c_str(), 0755) != 0 && errno != EEXIST) fail("make the folder", dir);
    for (const auto& path : written)
        if (::rename((m_staging / path).c_str(), (m_output / path).c_str()) != 0) fail("write", path);
    // The folders the removed files leave empty, deepest first (a folder still in use stays).
    for (auto dir = gone_dirs.rbegin(); dir != gone_dirs.rend(); ++dir) ::rmdir((m_output / *dir).c_str());
}

}  // namespace output

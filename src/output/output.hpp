#pragma once
// Where a build writes its files. DiskOutput stages and swaps atomically; MemoryOutput is for
// `serve` and the tests. Every path is checked: nothing can be written outside the output.
#include <cstdint>
#include <filesystem>
#include <functional>
#include <future>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <unordered_set>
#include <vector>

#include "files/mapped_file.hpp"

namespace output {

// A file of the output and its size.
struct FileSize {
    std::string path;
    std::size_t bytes = 0;
};

// A file of the output open for reading parts of it: as the last build wrote it (a large
// feed.xml whose items the next build copies is not read into memory whole), or as this one
// wrote it (checked where it is, Output::prepared).
class PublishedFile {
public:
    PublishedFile(int fd, std::size_t size) : m_fd(fd), m_size(size) {}
    ~PublishedFile();
    PublishedFile(const PublishedFile&) = delete;
    PublishedFile& operator=(const PublishedFile&) = delete;
    std::size_t size() const { return m_size; }
    // Appends its bytes [offset, offset + count) to `to`; false (`to` as it was) when they
    // cannot be read whole.
    bool append_to(std::string& to, std::size_t offset, std::size_t count) const;
    // Gives them to `put` a megabyte at a time, in order; false when they cannot be read whole
    // or `put` refuses one (returns false).
    bool for_each_block(std::size_t offset, std::size_t count, const std::function<bool(std::string_view)>& put) const;

private:
    int m_fd;
    std::size_t m_size;
};

// What a file made in pieces is written with (Output::prepare_in_pieces): each piece in order.
using PieceWriter = std::function<void(std::string_view piece)>;

// A run of a file the last build wrote, spliced into a file written now (Output::add_spliced):
// its `count` bytes from `from` belong at `at` in the text written now.
struct Splice {
    std::size_t at = 0;
    std::size_t from = 0;
    std::size_t count = 0;
};

class Output {
public:
    // A file made ready by prepare(), to be added by add(Prepared).
    struct Prepared {
        std::string path;
        std::size_t size = 0;
        std::string content;        // what add() stores (a DiskOutput has written it already: empty)
        std::uint64_t hash = 0;     // DiskOutput: the content's hash (files::block_hash),
        std::int64_t mtime_ns = 0;  // the file's modification time,
        bool written = false;       // and whether it was written (not linked from the last build)
    };

    virtual ~Output() = default;
    // Adds a file at a relative path ("episodes/x/index.html"). Throws std::invalid_argument for
    // a path that could leave the output folder ("..", absolute, empty segment, backslash).
    void add(std::string_view path, std::string content);
    // The same for a text the caller still needs (a large feed the build checks afterwards): the
    // output borrows it (a DiskOutput writes it where it is) instead of taking a copy.
    void add_borrowed(std::string_view path, std::string_view content);
    // Adds a file whose text is `own` with runs of `from` spliced in (`runs`, in order), written
    // without reading those runs into memory, and returns its whole text to read, mapped where
    // it was written. Null, adding nothing, when this output cannot (all but a DiskOutput): the
    // caller adds the whole text instead.
    std::unique_ptr<const files::MappedFile> add_spliced(std::string_view path, std::string_view own,
                                                         std::span<const Splice> runs, const PublishedFile& from);
    // add() in two steps, for files made on several threads: prepare() does the costly part
    // (checking the path, and in a DiskOutput hashing and writing the file), and may be called
    // from any number of threads at once; add(Prepared), on the thread that owns the output,
    // counts the file. A file prepared and never added is not in the output's manifest.
    Prepared prepare(std::string_view path, std::string content) const;
    // prepare() for a file `make` writes in pieces through the writer it is given: a DiskOutput
    // writes each piece as it comes, so a large file (feed.json) is never whole in memory.
    Prepared prepare_in_pieces(std::string_view path, const std::function<void(const PieceWriter&)>& make) const;
    void add(Prepared file);
    // Carries over the files the last build wrote at `paths` as they are (pages none of whose
    // inputs changed). False, carrying none, when one of them cannot be (a MemoryOutput carries none).
    bool carry_over(const std::vector<std::string_view>& paths);
    // Whether every file carried over is still the one the last build wrote, when the output
    // checks that beside the build (DiskOutput::check_published_ahead), else true: asked once the
    // build is done, and false (a file edited by hand since) fails it.
    virtual bool carried_unchanged() { return true; }
    // The file the last build wrote at `path`, open to read parts of, when it is there as that
    // build wrote it (a DiskOutput judges it as it judges a page carried over); null otherwise
    // (and from a MemoryOutput). Thread-safe, as prepare() is.
    virtual std::unique_ptr<const PublishedFile> published(const std::string& /*path*/) const { return nullptr; }
    // A file prepare_in_pieces wrote, open to read parts of; null when its text is the Prepared's
    // content (all outputs but a DiskOutput) or it cannot be read. Thread-safe, as prepare() is.
    virtual std::unique_ptr<const PublishedFile> prepared(const Prepared& /*file*/) const { return nullptr; }
    // The paths of the files the last build wrote under the folder `prefix` ("search/d/"), as
    // its manifest names them, in byte order (none from a MemoryOutput). Thread-safe.
    virtual std::vector<std::string> published_under(const std::string& /*prefix*/) const { return {}; }
    // Removes a file the last build wrote that this one no longer makes (a DiskOutput, which
    // holds only what this build adds and keeps, has none to remove).
    virtual void remove(const std::string&) {}
    // Number of files and bytes added so far.
    std::size_t file_count() const { return m_files; }
    std::size_t byte_count() const { return m_bytes; }
    // The largest file added so far (of equal sizes, the first path in byte order).
    const FileSize& largest_file() const { return m_largest; }

protected:
    // Every file goes through these two: prepare_file() (from any thread: a DiskOutput writes
    // the file there) and store_prepared() (on the owning thread: the output records it).
    virtual Prepared prepare_file(std::string path, std::string content) const;
    virtual Prepared prepare_file_in_pieces(std::string path,
                                            const std::function<void(const PieceWriter&)>& make) const;
    virtual void store_prepared(Prepared file) = 0;
    virtual void store_borrowed(const std::string& path, std::string_view content) {
        store_prepared(prepare_file(path, std::string(content)));
    }
    // add_spliced's file written, and its text mapped; nothing when this output cannot.
    struct Spliced {
        Prepared file;
        std::unique_ptr<const files::MappedFile> text;
    };
    virtual std::optional<Spliced> splice_file(const std::string& /*path*/, std::string_view /*own*/,
                                               std::span<const Splice> /*runs*/, const PublishedFile& /*from*/) const {
        return std::nullopt;
    }
    // Carries over the last build's files at `paths`; their sizes, or nothing when one cannot be.
    virtual std::optional<std::vector<std::size_t>> carry_over_previous(const std::vector<std::string_view>&) {
        return std::nullopt;
    }

private:
    void count(std::string_view path, std::size_t bytes);  // (its path checked first)
    void tally(std::string_view path, std::size_t bytes);

    std::size_t m_files = 0;
    std::size_t m_bytes = 0;
    FileSize m_largest;
};

// Files in memory (serve's site, the tests'). Contents are shared, not copied, between copies.
// An incremental rebuild (serve, after an edit) starts on top of the last build's: it holds what
// it adds or removes, and finds every other file in that one, instead of copying a table of tens
// of thousands of files for the few it changes (and letting go of the old table after).
class MemoryOutput : public Output {
public:
    using Content = std::shared_ptr<const std::string>;
    MemoryOutput() = default;
    // On top of `below`, which must not change any more. (On top of one that is itself on top
    // of another, its own files are copied: a lookup goes down one level at most.)
    explicit MemoryOutput(std::shared_ptr<const MemoryOutput> below);
    // A copy holds every file itself (the level below, if any, copied in).
    MemoryOutput(const MemoryOutput& other);
    MemoryOutput& operator=(const MemoryOutput& other) { return *this = MemoryOutput(other); }
    MemoryOutput(MemoryOutput&&) = default;
    MemoryOutput& operator=(MemoryOutput&&) = default;
    // Every file, in path order / those whose paths start with `prefix`.
    std::map<std::string, Content> files() const { return files_under(""); }
    std::map<std::string, Content> files_under(const std::string& prefix) const;
    // The content at `path`, or nullptr.
    const std::string* find(const std::string& path) const;
    // Removes the file at `path` / every file whose path starts with `prefix`.
    void remove(const std::string& path) override;
    void remove_under(const std::string& prefix);

protected:
    void store_prepared(Prepared file) override;

private:
    std::shared_ptr<const MemoryOutput> m_below;
    std::map<std::string, Content> m_files;  // its own; null: a file of the level below removed
};

// Files given to it are prepared in `target` by the thread that gives them (Output::prepare:
// written, for a DiskOutput, and their text freed), and added to `target` by add_prepared() on
// the thread that owns it: a writer on a thread of its own writes as it goes instead of holding
// every file it makes until it is done.
class Preparing : public Output {
public:
    explicit Preparing(Output& target) : m_target(target) {}
    void add_prepared();
    // The target's (thread-safe there too).
    std::unique_ptr<const PublishedFile> published(const std::string& path) const override {
        return m_target.published(path);
    }
    std::unique_ptr<const PublishedFile> prepared(const Prepared& file) const override {
        return m_target.prepared(file);
    }
    std::vector<std::string> published_under(const std::string& prefix) const override {
        return m_target.published_under(prefix);
    }

protected:
    Prepared prepare_file(std::string path, std::string content) const override {
        return m_target.prepare(path, std::move(content));
    }
    Prepared prepare_file_in_pieces(std::string path,
                                    const std::function<void(const PieceWriter&)>& make) const override {
        return m_target.prepare_in_pieces(path, make);
    }
    void store_prepared(Prepared file) override { m_files.push_back(std::move(file)); }

private:
    Output& m_target;
    std::vector<Prepared> m_files;
};

// True when both hold the same paths with the same bytes.
bool same_files(const MemoryOutput& a, const MemoryOutput& b);

// A file or folder of podarchive's own beside the output folder, never published:
// <parent>/.<output folder's name><suffix> (the manifest, staging folders, `build`'s record).
std::filesystem::path beside(const std::filesystem::path& output_dir, const std::string& suffix);

// True when `dir` is a folder a DiskOutput made: the manifest beside it names its inode. (Its
// change time is not asked: a file added by hand does not make the folder anyone else's.)
bool made_by_podarchive(const std::filesystem::path& dir);

// Writes into a staging folder beside the output folder; commit() swaps it in with one atomic
// rename (RENAME_EXCHANGE), so the output folder always holds one whole build. Without commit()
// (a failed build) the staging folder is removed and the previous output stays untouched.
//
// A build that carries over the last build's files (carry_over: an incremental build, which
// renders a few pages of tens of thousands) leaves them where they are instead: commit() moves
// the files it wrote into the output folder, each with one atomic rename, and removes those the
// build no longer makes. Readers see each file whole, old or new; for the moment of the commit
// (milliseconds) the folder holds pages of both builds. An interruption that can wait (SIGINT,
// SIGTERM, SIGHUP) waits for the commit to end, so a build stopped that way leaves the old
// folder or the new one. One that cannot (SIGKILL, a power cut) may leave both builds' pages:
// the manifest says so first (it names no files), so the next build is a whole one and makes
// the folder whole again.
//
// A manifest beside the output folder (".<name>.manifest", never published) records each
// file's content hash and the build's input fingerprint. A file whose content did not change is
// hard-linked from the current output instead of written, so it keeps its modification time;
// when nothing changed at all, commit() leaves the output folder untouched. The manifest names
// the output folder (inode and change time) and each file's size and modification time: one
// left by an interrupted build, or files changed by hand, are never trusted.
class DiskOutput : public Output {
public:
    explicit DiskOutput(std::filesystem::path output_dir, std::string input_fingerprint = "");
    ~DiskOutput() override;
    DiskOutput(const DiskOutput&) = delete;
    DiskOutput& operator=(const DiskOutput&) = delete;

    void commit();

    // True when the output was built from exactly these inputs (same fingerprint, valid manifest).
    bool up_to_date() const;
    // True when a previous build's manifest can be trusted: only then can a fingerprint show
    // that nothing changed (without one, the fingerprint is only recorded for the next build).
    bool has_previous_build() const { return m_manifest_valid; }
    // The fingerprint of the inputs the output folder was built from (empty without a previous build).
    const std::string& previous_fingerprint() const { return m_previous_fingerprint; }
    // Starts checking, on a core of its own, that each published file is still the one the
    // manifest describes: a build that will carry most of them over (after an edit of notes)
    // carries them at once and asks carried_unchanged() at its end, instead of waiting for tens
    // of thousands of lookups before its feeds. Without it, carry_over checks the files it is
    // given then.
    void check_published_ahead();
    bool carried_unchanged() override;
    // The inputs' fingerprint, recorded by commit(); given here when it was not known at construction.
    void set_fingerprint(std::string fingerprint) { m_fingerprint = std::move(fingerprint); }
    // Files written (not linked from the previous build) so far.
    std::size_t files_written() const { return m_written; }
    std::unique_ptr<const PublishedFile> published(const std::string& path) const override;
    std::unique_ptr<const PublishedFile> prepared(const Prepared& file) const override;
    std::vector<std::string> published_under(const std::string& prefix) const override;

protected:
    Prepared prepare_file(std::string path, std::string content) const override {
        return write_file(std::move(path), content);
    }
    Prepared prepare_file_in_pieces(std::string path,
                                    const std::function<void(const PieceWriter&)>& make) const override;
    void store_borrowed(const std::string& path, std::string_view content) override {
        store_prepared(write_file(path, content));
    }
    void store_prepared(Prepared file) override;
    std::optional<Spliced> splice_file(const std::string& path, std::string_view own, std::span<const Splice> runs,
                                       const PublishedFile& from) const override;
    std::optional<std::vector<std::size_t>> carry_over_previous(const std::vector<std::string_view>& paths) override;

private:
    struct Entry {
        std::uint64_t hash = 0;
        std::size_t size = 0;
        std::int64_t mtime_ns = 0;  // of the published file, so a file edited by hand is not reused
        bool written = false;       // by this build, into the staging folder (not linked, not carried over)
        bool carried = false;       // (of the last build's: carried over by this build)
    };
    std::filesystem::path m_output;
    std::filesystem::path m_staging;
    std::filesystem::path m_manifest_path;
    std::string m_fingerprint;
    bool m_manifest_valid = false;
    std::string m_previous_fingerprint;
    // A file of the current output, as its manifest names it.
    struct Previous {
        std::string_view path;  // (a view of m_manifest's bytes)
        Entry e;                // (its `carried`: this build keeps it where it is)
    };
    std::unique_ptr<const files::MappedFile> m_manifest;
    // The current output's files, in path order, as read from the manifest: tens of thousands of
    // paths are not made into strings and nodes of a map, to be copied into this build's map
    // when an edit of one note carries them over and freed again at its end. A file carried
    // over is only marked, and walked with those this build made (each_file).
    std::vector<Previous> m_previous;
    // Where each of m_previous is, by its path's hash (open addressing: a position + 1, 0 for an
    // empty slot; at least twice as many slots as files): a build looks up every file it writes
    // or carries over, tens of thousands, and a search by halves compared a dozen paths alike for
    // their first twenty bytes each time. Made once the manifest is read, never changed after
    // (the lookups run on every core).
    std::vector<std::uint32_t> m_previous_slots;
    std::string m_previous_identity;  // of the output folder, as its manifest names it
    // The output folder, opened once, that the published files are looked up in (-1: none, or
    // not the folder a whole manifest describes): each lookup then walks only the file's path
    // within it.
    int m_output_fd = -1;
    // What check_published_ahead finds: the published files changed since the manifest was
    // written (by hand), in path order (its thread only reads m_previous and m_output_fd).
    // Taken into the member below when first needed.
    std::future<std::vector<std::string_view>> m_ahead;
    std::optional<std::vector<std::string_view>> m_changed;  // (empty: each file checked when carried)
    std::map<std::string, Entry> m_files;                    // the files this build made (written or linked)
    std::size_t m_written = 0;
    bool m_in_place = false;  // files were carried over: commit() updates the output folder in place
    bool m_committed = false;
    mutable std::mutex m_dirs_lock;  // (files are written from several threads)
    mutable std::unordered_set<std::string>
        m_made_dirs;  // in the staging folder (which starts empty); guarded by m_dirs_lock

    Prepared write_file(std::string path, std::string_view content) const;
    void link_if_published(Prepared& file, const std::filesystem::path& target) const;
    // The file written at `path` in the staging folder is the published one (`hash`, `size`):
    // the published one is linked there instead, and its modification time given.
    std::optional<std::int64_t> same_as_published(const std::string& path, std::uint64_t hash, std::size_t size,
                                                  const std::filesystem::path& target) const;
    void make_folder(const std::filesystem::path& dir) const;
    bool published_unchanged(const char* path, const Entry& published_entry) const;
    // Where the first of the last build's files at `path` or after it in path order is (the
    // list's size: none).
    std::size_t previous_from(std::string_view path) const;
    const Previous* find_previous(std::string_view path) const;
    Previous* find_previous(std::string_view path);  // (to mark it carried over)
    // Each of this build's files, in path order: those it made and those it carried over (a
    // file made after it was carried over is the one made).
    template <class Each>
    void each_file(Each&& each) const;
    std::size_t files_made_or_carried() const;
    bool link_published(const std::string& path, const Entry& published_entry,
                        const std::filesystem::path& target) const;
    void update_in_place();

    void load_manifest();
    // This build's files and `fingerprint` recorded for the next build; with `naming_files`
    // false, a manifest that names no files (the next build trusts none).
    void save_manifest(const std::string& fingerprint, bool naming_files = true);
};

}  // namespace output

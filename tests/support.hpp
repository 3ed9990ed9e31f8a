#pragma once
// Shared helpers for the tests: fixture paths and temporary folders.
#include <cstdint>
#include <filesystem>
#include <functional>
#include <map>
#include <string>
#include <vector>

namespace output {
class MemoryOutput;
}
namespace on_disk {
struct FolderBuild;
}
namespace pipeline {
struct BuildReport;
}
namespace core {
struct Catalog;
}
namespace notes {
struct Curation;
}

namespace test {

std::filesystem::path source_dir();
std::filesystem::path fixture(const std::string& relative);
std::string read(const std::filesystem::path& path);
void write(const std::filesystem::path& path, const std::string& content);

// A deterministic stream of numbers (the same draws on every run and every machine).
struct Lcg {
    std::uint64_t state;
    std::size_t below(std::size_t n) {
        state = state * 6364136223846793005ULL + 1442695040888963407ULL;
        return static_cast<std::size_t>((state >> 33) % n);
    }
};

// A fresh folder under the system temp dir, removed when the object goes away.
class TempDir {
public:
    TempDir();
    ~TempDir();
    TempDir(const TempDir&) = delete;
    TempDir& operator=(const TempDir&) = delete;
    const std::filesystem::path& path() const { return m_path; }

private:
    std::filesystem::path m_path;
};

// Copies tests/fixtures/<name>/ and the repository's themes/ into `dir` (a site to build).
void copy_site(const std::string& name, const std::filesystem::path& dir);

// A copy of a fixture site (tests/fixtures/<name>, "site" by default) to break and build in memory.
struct FixtureSite {
    TempDir dir;
    explicit FixtureSite(const std::string& name = "site") { copy_site(name, dir.path()); }
    // Its feed's snapshot, and that snapshot with the first `from` replaced by `to`.
    std::filesystem::path feed() const { return dir.path() / "content/sources/feed.xml"; }
    void edit_feed(const std::string& from, const std::string& to) const;
    // Builds into memory: the errors' text ("" when it built, `out` filled), and the build's
    // warnings, one per line, added to `warnings` when given.
    std::string build(output::MemoryOutput& out, std::string* warnings = nullptr) const;
};

// A note on the "site" fixture's episode higher-order-operators: a summary, a topic and a
// one-line body ("First version of the note."), for tests that edit a note.
extern const char* const k_hop_note;

// Builds the site in `site_dir` into its output folder on disk (staged and committed).
void build_on_disk(const std::filesystem::path& site_dir);

// The project in `dir` built as `podarchive build` builds it, into `output` (a folder of its own
// for each).
on_disk::FolderBuild build_into(const std::filesystem::path& dir, const std::filesystem::path& output);

// Every file under `dir`, or of a site built in memory, and its bytes, by its path.
using Tree = std::map<std::string, std::string>;
Tree tree(const std::filesystem::path& dir);
Tree tree(const output::MemoryOutput& site);

// The paths whose bytes differ between two trees, and ("+path") those only the second has: a
// failure's message.
std::string differences(const Tree& a, const Tree& b);

// A build's warnings, formatted, one per line.
std::string warnings_of(const pipeline::BuildReport& report);

// The content at `path` of a site built in memory; fails the test when there is none.
const std::string& file_in(const output::MemoryOutput& out, const std::string& path);

// Whether `text` holds `part`.
bool contains(const std::string& text, const std::string& part);

// How many times `part` occurs in `text` (overlapping).
int count_of(const std::string& text, const std::string& part);

// `t` as a feed's <pubDate>: "Fri, 08 Jan 2021 00:00:00 +0000".
std::string rfc822_date(std::time_t t);

// Runs `fn`; returns every diagnostic of the core::InputError it throws, formatted, one per
// line ("" when it throws none).
std::string input_errors(const std::function<void()>& fn);

// `texts` read as the notes content/episodes/n<i>.md and applied to `catalog` (an episode's page
// is /base/episodes/<slug>/).
notes::Curation apply_note_texts(core::Catalog& catalog, const std::vector<std::string>& texts);

// `text` with the first `from` replaced by `to` (unchanged when absent).
std::string replace_first(std::string text, const std::string& from, const std::string& to);

// Runs the podarchive binary with `args` in `cwd`; returns the exit code, output in `out`.
int run_podarchive(const std::string& args, const std::filesystem::path& cwd, std::string& out);

// Runs a /bin/sh command line; returns the exit code, its output and errors in `out`.
int run_shell(const std::string& command_line, std::string& out);

// The text of each <guid> in a feed, in order.
std::vector<std::string> guids_in(const std::string& feed_xml);

// Real images of `width` x `height` pixels (a gradient), encoded by libpng and libjpeg: artwork
// that decodes, for the tests of the artwork's checks.
std::string png_image(int width, int height);
// `progressive`: 0 baseline, 1 libjpeg's usual progression (10 scans), 2 one scan per
// coefficient band of each component (190 scans: valid, and far past what artwork needs).
std::string jpeg_image(int width, int height, int progressive = 0);
// The first 33 bytes of a PNG of that size (signature and IHDR, with its CRC): the header of an
// image too large to make.
std::string png_header(int width, int height);

// `png` (a whole PNG) with `count` zTXt chunks of `inflated_bytes` zeros each after its header:
// a file of a few hundred KB that asks a reader to inflate gigabytes.
std::string png_with_text_chunks(const std::string& png, int count, std::size_t inflated_bytes);

// `text` in single quotes for /bin/sh.
std::string shell_quoted(const std::string& text);

}  // namespace test

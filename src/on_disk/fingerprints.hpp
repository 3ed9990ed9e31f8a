#pragma once
// Hashes of everything a build reads: what tells `build` that nothing changed, or only notes.
#include <cstdint>
#include <filesystem>
#include <map>
#include <optional>
#include <string>

#include "config/site_config.hpp"
#include "stages/sources.hpp"

namespace on_disk {

// Equal fingerprints give byte-identical builds, so an output built from the same fingerprint
// needs no rebuild.
struct Fingerprints {
    std::string all;  // site.yaml, every source, content/, templates/, static/, the theme, the program's version, the
                      // settings (base URL, output)
    std::string all_but_notes;  // all but the notes load_notes reads (content/{episodes,pages}/*.md)
};

// What an input file was when a build hashed it. A later build takes the hash again, without
// reading the file, when its size, modification and change times, inode and device are the same
// (as git's index does), and it had not changed for a few seconds before it was hashed: a file
// changed again within its file system's clock tick may keep both times.
struct HashedFile {
    std::uint64_t size = 0, inode = 0, device = 0;
    std::int64_t mtime_ns = 0, ctime_ns = 0;
    std::uint64_t hash = 0;

    friend bool operator==(const HashedFile&, const HashedFile&) = default;
};

// The inputs' files as one build hashed them (kept beside the output folder, ".<name>.inputs").
struct InputHashes {
    std::int64_t taken_ns = 0;                // when it looked at them (the system's clock)
    std::map<std::string, HashedFile> files;  // by the path the build names each by
};

// `published`: the feed the site has published (`build --published-feed`), an input too.
// `known` (optional): the files as a build hashed them before, whose hashes are taken again
// where they still hold; `learned` (optional) receives every file as hashed now.
Fingerprints input_fingerprints(const config::SiteConfig& config, const stages::PublishedSite* published = nullptr,
                                const InputHashes* known = nullptr, InputHashes* learned = nullptr);

// Where the inputs' hashes of the build in `output_dir` are kept; read back (none when missing
// or damaged) and written (atomically; false when it cannot: the next build reads every file).
std::filesystem::path input_hashes_path(const std::filesystem::path& output_dir);
std::optional<InputHashes> read_input_hashes(const std::filesystem::path& file);
bool write_input_hashes(const std::filesystem::path& file, const InputHashes& hashes);

}  // namespace on_disk

#pragma once
// What the archive keeps of the episodes' audio: archive/audio.json, committed with the site,
// one entry per kept file. The files themselves live in the store (archive/audio/, not
// committed) and wherever they were uploaded; the manifest is what a fresh runner, which has
// none of them, decides from. Written sorted and indented, so a day's change is a small diff.
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace audio {

// One kept copy of an episode's audio. Its name is given once and never changes; a later copy
// of the same episode (the host's file changed length) is another entry, and neither is ever
// removed.
struct StoredCopy {
    std::string file;  // its name in the store: "2024-04-29-torch-trace-and-tlparse.mp3"
    std::string guid;  // the episode's guid (its audio URL when it has none)
    std::string url;   // the host's URL it was downloaded from
    long long bytes = 0;
    std::string sha256;        // lower-case hex
    std::string content_type;  // as the file decodes: audio/mpeg, audio/mp4, audio/ogg
    double duration = 0;       // seconds, read from the file itself
    double feed_duration = 0;  // what the feed said when it was downloaded (0: nothing): a new length is a new copy
    std::string fetched;       // when it was downloaded (ISO 8601, UTC)
    std::string checked;       // when the host's URL was last asked
    std::string host;          // what the host answered then: "live", "gone" (404, 410), "unreachable"
    int unreachable = 0;       // checks in a row the host did not answer (at k_unreachable_checks it counts as gone)
    std::vector<std::string> uploaded;  // where the copy was put ("rclone:remote:path", "github-release:audio")
    std::string
        via{};  // when not from the host itself: the capture it came from ("wayback:20220301000000 <capture URL>")
};

// A host that has not answered for this many checks in a row is taken to be gone: pages and
// the feed serve the copy first.
constexpr int k_unreachable_checks = 3;

// Whether the copy should be served first: the host said the file is gone, or has not answered
// for k_unreachable_checks checks in a row.
inline bool host_gone(const StoredCopy& file) {
    return file.host == "gone" || (file.host == "unreachable" && file.unreachable >= k_unreachable_checks);
}

struct Manifest {
    std::vector<StoredCopy> files;  // in the order of `file`

    // The newest copy of the episode `guid`, or nullptr.
    const StoredCopy* latest(const std::string& guid) const;
    StoredCopy* latest(const std::string& guid);
    // Whether a file of this name is listed.
    bool has_file(const std::string& name) const;
    // Adds or replaces (by `file`) an entry, keeping the order.
    void put(StoredCopy file);
};

// Reads the manifest; an empty one when the file does not exist. Throws core::InputError,
// located, when it is not a manifest.
Manifest read_manifest(const std::filesystem::path& path);

// The manifest as written: JSON, one entry per file, keys in a fixed order, indented.
std::string manifest_json(const Manifest& manifest);

// Writes it atomically (a failed write keeps the previous one). False, with `error`, when it cannot.
bool write_manifest(const std::filesystem::path& path, const Manifest& manifest, std::string& error);

}  // namespace audio

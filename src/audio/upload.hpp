#pragma once
// Puts the store's copies where the site serves them from (audio.mirror_url), with a tool people
// already use: GitHub's `gh release upload` (the repository's release assets, 2 GiB a file, no
// other account) or `rclone copyto` (S3, R2, B2, WebDAV, the Internet Archive ... configured by
// the user's own remote). Each tool is run directly, its arguments never seen by a shell; a file
// is recorded in the manifest as uploaded only when the tool said it succeeded.
#include <filesystem>
#include <functional>
#include <string>
#include <vector>

#include "audio/manifest.hpp"

namespace audio {

// Where to upload, from site.yaml's audio.upload.
struct UploadTarget {
    std::string tool;   // "gh" or "rclone"
    std::string place;  // the release's tag, or "<remote>:<path>"
    std::string name;   // as the manifest records it: "github-release:audio", "rclone:r2:podcast"
};
UploadTarget upload_target(const std::string& upload);

// The command line that puts `file` there: {"gh", "release", "upload", ...}.
std::vector<std::string> upload_command(const UploadTarget& target, const std::filesystem::path& file);

// The copies in `store` not yet at `target`, in the manifest's order.
std::vector<const StoredCopy*> pending_uploads(const Manifest& manifest, const std::filesystem::path& store,
                                               const UploadTarget& target);

// Runs `argv` (found on PATH), its output passed through; its exit code, or -1 (with `error`)
// when it cannot be started.
int run_tool(const std::vector<std::string>& argv, std::string& error);

}  // namespace audio

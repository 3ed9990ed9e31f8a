#include "audio/upload.hpp"

#include <spawn.h>
#include <sys/wait.h>

#include <algorithm>
#include <cerrno>
#include <cstring>

extern char** environ;

namespace audio {

UploadTarget upload_target(const std::string& upload) {
    if (upload.starts_with("rclone:")) return {"rclone", upload.substr(7), upload};
    return {"gh", upload.substr(upload.find(':') + 1), upload};
}

std::vector<std::string> upload_command(const UploadTarget& target, const std::filesystem::path& file) {
    if (target.tool == "rclone") {
        std::string place = target.place;
        if (!place.ends_with('/') && !place.ends_with(':')) place += '/';
        return {"rclone", "copyto", "--quiet", file.string(), place + file.filename().string()};
    }
    // (--clobber: a copy downloaded again after damage replaces its earlier upload)
    return {"gh", "release", "upload", target.place, file.string(), "--clobber"};
}

std::vector<const StoredCopy*> pending_uploads(const Manifest& manifest, const std::filesystem::path& store,
                                               const UploadTarget& target) {
    std::vector<const StoredCopy*> pending;
    for (const auto& f : manifest.files) {
        std::error_code ec;
        if (std::find(f.uploaded.begin(), f.uploaded.end(), target.name) != f.uploaded.end()) continue;
        if (std::filesystem::is_regular_file(std::filesystem::symlink_status(store / f.file, ec)))
            pending.push_back(&f);
    }
    return pending;
}

int run_tool(const std::vector<std::string>& argv, std::string& error) {
    std::vector<char*> args;
    for (const auto& a : argv) args.push_back(const_cast<char*>(a.c_str()));
    args.push_back(nullptr);
    pid_t pid = 0;
    if (const int e = ::posix_spawnp(&pid, args[0], nullptr, nullptr, args.data(), environ); e != 0) {
        error = argv[0] + ": cannot be started (" + std::strerror(e) + ")";
        return -1;
    }
    int status = 0;
    while (::waitpid(pid, &status, 0) < 0)
        if (errno != EINTR) {
            error = argv[0] + ": " + std::strerror(errno);
            return -1;
        }
    return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

}  // namespace audio

#pragma once
// Watches folders (recursively) with inotify and reports that something changed.
#include <chrono>
#include <filesystem>
#include <map>
#include <string>
#include <vector>

namespace serve {

class Watcher {
public:
    // Watches each folder in `recursive` with its subfolders, and each of `flat` alone.
    // Folders that do not exist are skipped (and not watched when created later).
    Watcher(const std::vector<std::filesystem::path>& recursive, const std::vector<std::filesystem::path>& flat);
    ~Watcher();
    Watcher(const Watcher&) = delete;
    Watcher& operator=(const Watcher&) = delete;

    // Waits up to `timeout` for a change; then collects further changes until none comes for
    // `settle` (editors save in several steps), or for `settle_when_complete` when the last event
    // was a file written and closed, moved into place or deleted: the usual end of a save, after
    // which waiting the whole `settle` would only delay the preview. Returns the paths that
    // changed (empty on timeout); a folder's path ends with a separator (its filename is empty).
    std::vector<std::filesystem::path> wait(std::chrono::milliseconds timeout, std::chrono::milliseconds settle,
                                            std::chrono::milliseconds settle_when_complete);

private:
    int m_fd = -1;
    std::map<int, std::filesystem::path> m_dirs;  // watch descriptor -> folder

    void add(const std::filesystem::path& dir, bool recursive);
    // Reads the pending events into `changed`; true when the last one completes a save.
    bool drain(std::vector<std::filesystem::path>& changed);
};

}  // namespace serve

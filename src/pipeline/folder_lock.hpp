#pragma once
// One build at a time in an output folder. A build that updates the folder in place (an
// incremental build's commit), its manifest, its build record and its kept merge assume nobody
// else writes them meanwhile: a second `podarchive build` of the same folder (another terminal,
// an editor's build-on-save, a script run twice) would interleave its renames and records with
// the first's. So each build holds a lock on ".<name>.lock" beside the folder (flock: the
// system lets go of it when the process ends, however it ends), and a second build is refused
// at once, before it touches anything.
#include <filesystem>

namespace pipeline {

class FolderLock {
public:
    // Takes the lock of `output_dir`, making the folder's parent when it does not exist yet.
    // Throws core::InputError naming the folder when another process holds it, or when the lock
    // file cannot be opened (a link planted in its place is not followed).
    explicit FolderLock(const std::filesystem::path& output_dir);
    FolderLock(const FolderLock&) = delete;
    FolderLock& operator=(const FolderLock&) = delete;
    ~FolderLock();

private:
    int m_fd = -1;
};

}  // namespace pipeline

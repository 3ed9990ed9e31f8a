// Write floor: the time it takes merely to write a built site's files, the least any build of
// that site could take. It reads every file of FOLDER into memory (untimed), then writes them
// all into DEST (which must not exist: it is made, and removed afterwards) on `threads` threads,
// each taking the next file, and prints the wall time of the writing: the folders made, each
// file created, written and closed, as a build writes its output (no fsync: neither does a
// build). bench/writefloor.py pairs it with whole builds of the same archive.
//   podarchive_writefloor_bench FOLDER DEST [threads]   (threads: default, the cores)
#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "files/files.hpp"

namespace fs = std::filesystem;

namespace {

struct File {
    std::string path;  // relative to the folder
    std::string bytes;
};

std::vector<File> read_tree(const fs::path& folder, std::vector<std::string>& dirs) {
    std::vector<File> files;
    for (auto it = fs::recursive_directory_iterator(folder); it != fs::recursive_directory_iterator(); ++it) {
        const std::string rel = fs::relative(it->path(), folder).string();
        if (it->is_directory())
            dirs.push_back(rel);
        else if (it->is_regular_file())
            files.push_back({rel, files::read_file(it->path())});
    }
    // Parents before their children, as a build makes them.
    std::sort(dirs.begin(), dirs.end());
    return files;
}

void write_one(const fs::path& dest, const File& f) {
    const std::string path = (dest / f.path).string();
    const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    if (fd < 0 || !files::write_all(fd, f.bytes)) throw std::runtime_error("cannot write " + path);
    ::close(fd);
}

}  // namespace

int main(int argc, char** argv) {
    if (argc < 3) {
        std::fprintf(stderr, "usage: %s FOLDER DEST [threads]\n", argv[0]);
        return 2;
    }
    const fs::path folder = argv[1], dest = argv[2];
    const unsigned threads =
        argc > 3 ? static_cast<unsigned>(std::atoi(argv[3])) : std::max(1u, std::thread::hardware_concurrency());
    if (fs::exists(dest)) {
        std::fprintf(stderr, "%s exists: give a folder to make\n", dest.c_str());
        return 2;
    }
    std::vector<std::string> dirs;
    const std::vector<File> files = read_tree(folder, dirs);
    std::size_t bytes = 0;
    for (const auto& f : files) bytes += f.bytes.size();

    const auto start = std::chrono::steady_clock::now();
    fs::create_directory(dest);
    for (const auto& d : dirs) fs::create_directory(dest / d);
    std::atomic<std::size_t> next{0};
    std::vector<std::thread> pool;
    for (unsigned t = 0; t < threads; ++t)
        pool.emplace_back([&] {
            for (std::size_t i; (i = next.fetch_add(1)) < files.size();) write_one(dest, files[i]);
        });
    for (auto& t : pool) t.join();
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();

    std::printf("files %zu folders %zu bytes %zu threads %u seconds %.3f\n", files.size(), dirs.size(), bytes, threads,
                seconds);
    fs::remove_all(dest);
    return 0;
}

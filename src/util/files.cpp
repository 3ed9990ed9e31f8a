#include "util/files.hpp"

#include <algorithm>
#include <fcntl.h>
#include <fstream>
#include <unistd.h>
#include <sstream>

#include "util/parallel.hpp"
#include "util/strings.hpp"

namespace util {

std::vector<std::filesystem::path> files_under(const std::filesystem::path& root) {
    namespace fs = std::filesystem;
    std::vector<fs::path> files;
    std::error_code ec;
    if (!fs::is_directory(root, ec)) return files;
    for (auto it = fs::recursive_directory_iterator(root, ec); it != fs::recursive_directory_iterator(); it.increment(ec)) {
        if (ec) break;
        if (it->is_symlink(ec)) {
            if (it->is_directory(ec)) it.disable_recursion_pending();
            continue;
        }
        if (it->is_regular_file(ec)) files.push_back(it->path());
    }
    std::sort(files.begin(), files.end());
    return files;
}

bool lexically_within(const std::filesystem::path& folder, const std::filesystem::path& path) {
    auto rel = path.lexically_relative(folder);
    return !rel.empty() && *rel.begin() != "..";
}

void remove_tree(const std::filesystem::path& root) {
    namespace fs = std::filesystem;
    std::error_code ec;
    std::vector<fs::path> pieces;
    if (fs::is_directory(fs::symlink_status(root, ec)))
        for (const auto& top : fs::directory_iterator(root, ec)) {
            if (!top.is_directory(ec) || top.is_symlink(ec)) continue;  // (removed with the root)
            for (const auto& entry : fs::directory_iterator(top.path(), ec)) pieces.push_back(entry.path());
        }
    parallel_for(pieces.size(), 256, [&](std::size_t i) {
        std::error_code ignored;
        fs::remove_all(pieces[i], ignored);
    });
    fs::remove_all(root, ec);
}

std::string read_file(const std::filesystem::path& path, std::size_t max_bytes) {
    std::error_code ec;
    auto status = std::filesystem::status(path, ec);
    if (ec || !std::filesystem::exists(status)) throw FileError(path.string(), "file not found");
    if (!std::filesystem::is_regular_file(status)) throw FileError(path.string(), "not a regular file");
    auto size = std::filesystem::file_size(path, ec);
    if (!ec && size > max_bytes)
        throw FileError(path.string(), "file is " + std::to_string(size) + " bytes; the limit is " +
                                           std::to_string(max_bytes) + " bytes");
    std::ifstream in(path, std::ios::binary);
    if (!in) throw FileError(path.string(), "cannot open file");
    std::string data;  // read into space not zero-filled first (a large feed is 100 MB)
    data.resize_and_overwrite(static_cast<std::size_t>(size), [&](char* buffer, std::size_t n) {
        in.read(buffer, static_cast<std::streamsize>(n));
        return static_cast<std::size_t>(in.gcount());
    });
    return data;
}

bool write_file_atomically(const std::filesystem::path& path, std::string_view content, std::string& error) {
    std::filesystem::path temp = path.parent_path() / (path.filename().string() + ".new");
    int fd = ::open(temp.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    if (fd < 0) return error = "cannot write " + temp.string(), false;
    bool ok = ::write(fd, content.data(), content.size()) == static_cast<ssize_t>(content.size()) && ::fsync(fd) == 0;
    ::close(fd);
    if (!ok || ::rename(temp.c_str(), path.c_str()) != 0) {
        ::unlink(temp.c_str());
        return error = "cannot replace " + path.string(), false;
    }
    return true;
}

bool is_safe_relative_path(std::string_view path) {
    if (path.empty() || path.front() == '/' || path.find('\\') != std::string_view::npos) return false;
    for (auto segment : split(path, '/')) {
        if (segment.empty() || segment == "." || segment == "..") return false;
        for (char c : segment)
            if (static_cast<unsigned char>(c) < 0x20) return false;
    }
    return true;
}

}  // namespace util

#include "serve/watcher.hpp"

#include <poll.h>
#include <sys/inotify.h>
#include <unistd.h>

#include <cerrno>

namespace serve {

namespace fs = std::filesystem;

namespace {
constexpr std::uint32_t k_mask = IN_CLOSE_WRITE | IN_MOVED_TO | IN_MOVED_FROM | IN_CREATE | IN_DELETE | IN_ATTRIB;
}

Watcher::Watcher(const std::vector<fs::path>& recursive, const std::vector<fs::path>& flat) {
    m_fd = inotify_init1(IN_NONBLOCK | IN_CLOEXEC);
    for (const auto& dir : recursive) add(dir, true);
    for (const auto& dir : flat) add(dir, false);
}

Watcher::~Watcher() {
    if (m_fd >= 0) ::close(m_fd);
}

void Watcher::add(const fs::path& dir, bool recursive) {
    std::error_code ec;
    if (m_fd < 0 || !fs::is_directory(dir, ec) || fs::is_symlink(dir, ec)) return;
    int wd = inotify_add_watch(m_fd, dir.c_str(), k_mask);
    if (wd >= 0) m_dirs[wd] = recursive ? dir / "" : dir;  // a trailing "/" marks a recursive watch
    if (!recursive) return;
    for (auto it = fs::directory_iterator(dir, ec); it != fs::directory_iterator(); it.increment(ec))
        if (!ec && it->is_directory(ec) && !it->is_symlink(ec)) add(it->path(), true);
}

bool Watcher::drain(std::vector<fs::path>& changed) {
    alignas(inotify_event) char buffer[64 * 1024];
    bool complete = false;
    while (true) {
        ssize_t n = ::read(m_fd, buffer, sizeof buffer);
        if (n <= 0) break;
        for (char* p = buffer; p < buffer + n;) {
            auto* ev = reinterpret_cast<inotify_event*>(p);
            auto it = m_dirs.find(ev->wd);
            if (it != m_dirs.end()) {
                fs::path dir = it->second;
                bool recursive = dir.filename().empty();
                fs::path where = (ev->len ? dir / ev->name : dir).lexically_normal();
                bool folder = ev->mask & IN_ISDIR;
                changed.push_back(folder ? where / "" : where);
                complete = !folder && (ev->mask & (IN_CLOSE_WRITE | IN_MOVED_TO | IN_DELETE));
                if (recursive && folder && (ev->mask & (IN_CREATE | IN_MOVED_TO))) add(where, true);
            }
            p += sizeof(inotify_event) + ev->len;
        }
    }
    return complete;
}

std::vector<fs::path> Watcher::wait(std::chrono::milliseconds timeout, std::chrono::milliseconds settle,
                                    std::chrono::milliseconds settle_when_complete) {
    std::vector<fs::path> changed;
    if (m_fd < 0) return changed;
    pollfd pfd{m_fd, POLLIN, 0};
    if (::poll(&pfd, 1, static_cast<int>(timeout.count())) <= 0) return changed;
    bool complete = drain(changed);
    while (::poll(&pfd, 1, static_cast<int>((complete ? settle_when_complete : settle).count())) > 0)
        complete = drain(changed);
    return changed;
}

}  // namespace serve

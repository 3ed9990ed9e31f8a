#include "serve/slow_client_guard.hpp"

#include <arpa/inet.h>
#include <dirent.h>
#include <netinet/in.h>
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <sys/stat.h>

#include <cstdlib>
#include <set>
#include <string_view>
#include <vector>

namespace serve {

namespace {

std::string key_of(const std::string& addr, int port) {
    return addr + "|" + std::to_string(port);
}

// The peer of `fd` when it is a TCP connection accepted on local `port` ("" otherwise).
std::string peer_key(int fd, int port) {
    sockaddr_storage local{}, peer{};
    socklen_t len = sizeof local;
    if (getsockname(fd, reinterpret_cast<sockaddr*>(&local), &len) != 0) return {};
    auto local_port = [&]() -> int {
        if (local.ss_family == AF_INET) return ntohs(reinterpret_cast<sockaddr_in*>(&local)->sin_port);
        if (local.ss_family == AF_INET6) return ntohs(reinterpret_cast<sockaddr_in6*>(&local)->sin6_port);
        return -1;
    }();
    if (local_port != port) return {};
    len = sizeof peer;
    if (getpeername(fd, reinterpret_cast<sockaddr*>(&peer), &len) != 0) return {};  // the listening socket
    char text[INET6_ADDRSTRLEN] = {};
    if (peer.ss_family == AF_INET) {
        auto* in = reinterpret_cast<sockaddr_in*>(&peer);
        inet_ntop(AF_INET, &in->sin_addr, text, sizeof text);
        return key_of(text, ntohs(in->sin_port));
    }
    auto* in6 = reinterpret_cast<sockaddr_in6*>(&peer);
    inet_ntop(AF_INET6, &in6->sin6_addr, text, sizeof text);
    return key_of(text, ntohs(in6->sin6_port));
}

// True when `fd` holds, unread, the whole header block of a request (looked at, not consumed).
bool request_waiting(int fd, std::string& buffer) {
    int unread = 0;
    if (ioctl(fd, FIONREAD, &unread) != 0 || unread < 4) return false;
    buffer.resize(std::min<std::size_t>(static_cast<std::size_t>(unread), 16 * 1024));
    ssize_t n = recv(fd, buffer.data(), buffer.size(), MSG_PEEK | MSG_DONTWAIT);
    return n > 0 &&
           std::string_view(buffer.data(), static_cast<std::size_t>(n)).find("\r\n\r\n") != std::string_view::npos;
}

}  // namespace

SlowClientGuard::SlowClientGuard(int port, std::chrono::milliseconds header_deadline)
    : m_port(port), m_deadline(header_deadline), m_thread([this] { run(); }) {}

SlowClientGuard::~SlowClientGuard() {
    {
        std::lock_guard lock(m_mutex);
        m_stopping = true;
    }
    m_wake.notify_all();
    m_thread.join();
}

void SlowClientGuard::request_started(const std::string& peer_addr, int peer_port) {
    std::lock_guard lock(m_mutex);
    auto [it, fresh] = m_connections.try_emplace(key_of(peer_addr, peer_port));
    if (fresh) it->second.since = std::chrono::steady_clock::now();
    it->second.answering = true;
}

void SlowClientGuard::request_finished(const std::string& peer_addr, int peer_port) {
    std::lock_guard lock(m_mutex);
    Connection& c = m_connections[key_of(peer_addr, peer_port)];
    c.answering = false;
    c.since = std::chrono::steady_clock::now();
}

std::size_t SlowClientGuard::cut_count() const {
    std::lock_guard lock(m_mutex);
    return m_cut;
}

void SlowClientGuard::run() {
    // A quarter of the deadline between scans (at most a second): a connection is cut at most
    // 25% late. A scan is a few system calls per open connection.
    auto period = std::min<std::chrono::milliseconds>(m_deadline / 4, std::chrono::seconds(1));
    std::unique_lock lock(m_mutex);
    while (!m_stopping) {
        lock.unlock();
        scan();
        lock.lock();
        m_wake.wait_for(lock, period, [&] { return m_stopping; });
    }
}

// The process's own descriptors are the only record of httplib's connections (it hands us no
// socket). A descriptor closed and reused between the scan and the cut could cut a new
// connection; the inode check right before it makes that window a few instructions wide, and
// the cost would be one connection a client retries.
void SlowClientGuard::scan() {
    DIR* dir = opendir("/proc/self/fd");
    if (!dir) return;
    auto now = std::chrono::steady_clock::now();
    std::set<std::string> alive;
    std::vector<std::pair<int, unsigned long>> to_cut;
    std::string peek;
    while (dirent* entry = readdir(dir)) {
        char* end = nullptr;
        long fd = std::strtol(entry->d_name, &end, 10);
        if (end == entry->d_name || *end || fd == dirfd(dir)) continue;
        struct stat st {};
        if (fstat(static_cast<int>(fd), &st) != 0 || !S_ISSOCK(st.st_mode)) continue;
        std::string key = peer_key(static_cast<int>(fd), m_port);
        if (key.empty()) continue;
        alive.insert(key);
        std::lock_guard lock(m_mutex);
        auto [it, fresh] = m_connections.try_emplace(key);
        Connection& c = it->second;
        if (fresh || (c.inode != 0 && c.inode != st.st_ino)) c = Connection{st.st_ino, false, false, now};
        if (c.inode == 0) c.inode = st.st_ino;  // the server saw it before we did
        // A whole request sent but not read yet: the connection waits for a server thread (under
        // load, accepted connections queue for one), not for its client. Its time starts when a
        // thread reads it. A part of a request waiting does not count: that is the slow client.
        if (request_waiting(static_cast<int>(fd), peek)) c.since = now;
        if (!c.answering && !c.cut && now - c.since > m_deadline) {
            c.cut = true;
            ++m_cut;
            to_cut.emplace_back(static_cast<int>(fd), st.st_ino);
        }
    }
    closedir(dir);
    for (auto [fd, inode] : to_cut) {
        struct stat st {};
        // Shutting down (not closing: the descriptor is httplib's) wakes its blocked read with
        // an end of stream, and httplib closes the connection itself.
        if (fstat(fd, &st) == 0 && st.st_ino == inode) shutdown(fd, SHUT_RDWR);
    }
    std::lock_guard lock(m_mutex);
    // Gone connections are forgotten; one the server announced but no scan saw (closed between
    // two scans) once it is older than the deadline.
    std::erase_if(m_connections, [&](const auto& kv) {
        return !alive.count(kv.first) && (kv.second.inode != 0 || now - kv.second.since > m_deadline);
    });
}

}  // namespace serve

#pragma once
// A total deadline for a request's headers. cpp-httplib (0.11) times out each read, not the
// whole header: a client that trickles one header line every few seconds ("slowloris") would
// keep a server thread forever. This guard watches the server's connections and cuts those
// that have spent longer than the deadline waiting for a complete request. Time spent waiting
// for the server (sent bytes not read yet: all threads busy) does not count.
#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <map>
#include <mutex>
#include <string>
#include <thread>

namespace serve {

class SlowClientGuard {
public:
    // Watches the connections accepted on local `port` (a thread of its own, until destroyed).
    SlowClientGuard(int port, std::chrono::milliseconds header_deadline);
    ~SlowClientGuard();
    SlowClientGuard(const SlowClientGuard&) = delete;
    SlowClientGuard& operator=(const SlowClientGuard&) = delete;

    // The server calls these from its handlers: a connection's request headers are complete
    // (it is being answered, however long that takes), and the answer is written (the
    // connection waits for its next request: the deadline runs again).
    void request_started(const std::string& peer_addr, int peer_port);
    void request_finished(const std::string& peer_addr, int peer_port);

    // How many connections were cut so far.
    std::size_t cut_count() const;

private:
    struct Connection {
        unsigned long inode = 0;  // 0: not seen by a scan yet
        bool answering = false;
        bool cut = false;
        std::chrono::steady_clock::time_point since;
    };
    int m_port;
    std::chrono::milliseconds m_deadline;
    mutable std::mutex m_mutex;
    std::condition_variable m_wake;
    bool m_stopping = false;
    std::map<std::string, Connection> m_connections;  // by "address|port" of the peer
    std::size_t m_cut = 0;
    std::thread m_thread;

    void run();
    void scan();
};

}  // namespace serve

#pragma once
// An HTTP server on 127.0.0.1, at a free port, answering from a thread of its own while the
// object lives: a feed's host or a published site, for the tests that download.
#include <httplib.h>

#include <chrono>
#include <string>
#include <thread>

namespace test {

struct LoopbackServer {
    httplib::Server server;  // routes are added before start()
    std::thread thread;
    int port = 0;

    void start() {
        port = server.bind_to_any_port("127.0.0.1");
        thread = std::thread([this] { server.listen_after_bind(); });
        while (!server.is_running()) std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
    ~LoopbackServer() {
        if (!thread.joinable()) return;
        server.stop();
        thread.join();
    }
    std::string url(const std::string& path) const { return "http://127.0.0.1:" + std::to_string(port) + path; }
};

}  // namespace test

#pragma once
// The preview server: serves the last good build from memory under the site's base path, tells
// open pages to reload after each rebuild, and shows a failed build's errors in the browser.
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "core/diagnostic.hpp"
#include "output/output.hpp"
#include "serve/slow_client_guard.hpp"

namespace httplib {
class Server;
}

namespace serve {

// One build as the server shows it: the files of the last build that succeeded, and the errors
// of the last build when it failed.
struct Snapshot {
    std::shared_ptr<const output::MemoryOutput> site;
    std::vector<core::Diagnostic> errors;
    std::uint64_t generation = 0;
};

class PreviewServer {
public:
    // Serves under `base_path` ("/repo/"); "/" redirects there. A connection that has not sent
    // a whole request within `header_deadline` is cut (see slow_client_guard.hpp).
    // At most `max_event_streams` pages wait for reload events at once, each holding a thread;
    // more are told to come back (tests set a small number).
    explicit PreviewServer(std::string base_path, std::chrono::milliseconds header_deadline = std::chrono::seconds(5),
                           std::size_t max_event_streams = 128);
    ~PreviewServer();
    PreviewServer(const PreviewServer&) = delete;
    PreviewServer& operator=(const PreviewServer&) = delete;

    // Binds to `host` on `port`, or, when `try_next` is set, the first free port of the next 100.
    // Returns the port, or -1. Then serves on a thread of its own, with as many threads as the
    // machine allows up to 512; throws std::runtime_error when it allows too few to serve.
    // Requests are answered only under a Host of `host` or a localhost name (a page of another
    // site that rebinds its name to this address gets 421), and with at most 16 ranges.
    int start(const std::string& host, int port, bool try_next);
    void stop();

    // A new successful build: pages reload.
    void publish(std::shared_ptr<const output::MemoryOutput> site);
    // The same pages with other files updated (the search index, feeds): nothing reloads.
    void replace_quietly(std::shared_ptr<const output::MemoryOutput> site);
    // A failed build: pages show the errors (the last good files stay served for assets).
    void publish_errors(std::vector<core::Diagnostic> errors);

    // Connections cut for sending their request too slowly, so far.
    // Reload streams waiting for a change now (at most k_max_event_streams).
    std::size_t event_streams() const;
    std::size_t slow_clients_cut() const;

private:
    std::string m_base_path;
    std::chrono::milliseconds m_header_deadline;
    std::unique_ptr<httplib::Server> m_server;
    std::unique_ptr<SlowClientGuard> m_guard;  // from start() to stop()
    std::thread m_thread;
    mutable std::mutex m_mutex;
    std::condition_variable m_changed;
    Snapshot m_snapshot;
    bool m_stopping = false;
    std::size_t m_event_streams = 0;  // reload streams waiting now (under m_mutex)
    std::size_t m_max_event_streams;
    std::string m_bound_host;  // what start() bound to, lower-cased: a Host the server answers to

    void routes();
    Snapshot snapshot() const;
};

// The script added to each served HTML page (never to the built site): it reloads the page
// when a build newer than `generation` is published.
std::string reload_script(std::uint64_t generation);

// The HTML page shown instead of the site when the last build failed.
std::string error_page(const std::vector<core::Diagnostic>& errors, std::uint64_t generation);

}  // namespace serve

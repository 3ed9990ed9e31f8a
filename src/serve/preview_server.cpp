#include "serve/preview_server.hpp"

#include <httplib.h>

#include <algorithm>
#include <chrono>
#include <stdexcept>

#include "html/escape.hpp"
#include "serve/path_resolver.hpp"
#include "serve/thread_pool.hpp"
#include "text/strings.hpp"

namespace serve {

namespace {
constexpr const char* k_events_path = "/__podarchive/events";
constexpr auto k_event_wait = std::chrono::seconds(20);  // then the browser reconnects by itself
constexpr std::size_t k_threads = 512;
constexpr std::size_t k_min_threads = 16;  // a few pages, their reload streams and the slow clients being cut
// A page's audio seeks with one range; a multipart answer of thousands of overlapping ranges
// of one file would be gigabytes made in memory from a request of a few KB.
constexpr std::size_t k_max_ranges = 16;

// The host of a Host header value, lower-cased, without its port ("[::1]:1313" -> "::1").
std::string host_of(std::string_view value) {
    std::string host = text::ascii_lower(text::trim(value));
    if (host.starts_with('[')) {
        const auto close = host.find(']');
        return close == std::string::npos ? host : host.substr(1, close - 1);
    }
    const auto colon = host.find(':');
    return colon == std::string::npos ? host : host.substr(0, colon);
}

bool is_ip_literal(const std::string& host) {
    return !host.empty() &&
           (host.find(':') != std::string::npos || host.find_first_not_of("0123456789.") == std::string::npos);
}

// Whether a request naming `host` is meant for this server, bound to `bound`: a localhost name
// or the bound address; on a wildcard address (reachable from other machines, as the user
// asked) any address written as such, but never a name, which another site could rebind.
bool answers_to(const std::string& host, const std::string& bound) {
    if (host == "localhost" || host.ends_with(".localhost") || host == "127.0.0.1" || host == "::1" || host == bound)
        return true;
    return (bound == "0.0.0.0" || bound == "::") && is_ip_literal(host);
}
}  // namespace

std::string reload_script(std::uint64_t generation) {
    return "<script>(function(){var s=new EventSource(\"" + std::string(k_events_path) +
           "?since=" + std::to_string(generation) +
           "\");s.addEventListener(\"reload\",function(){s.close();location.reload();});})();</script>";
}

std::string error_page(const std::vector<core::Diagnostic>& errors, std::uint64_t generation) {
    std::string html =
        "<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>Build failed</title>"
        "<style>body{font:1rem/1.5 system-ui,sans-serif;margin:0;background:#1d1d1f;color:#f5f5f7}"
        "main{max-width:60rem;margin:2rem auto;padding:1rem}h1{color:#ff8a65}"
        "pre{white-space:pre-wrap;background:#2c2c30;padding:1rem;border-radius:8px;border-left:4px solid #ff8a65}"
        "</style></head><body><main><h1>The build failed</h1><p>Fix the file and save: this page reloads by itself."
        " The last good build is not shown until then.</p>";
    for (const auto& d : errors) html += "<pre>" + html::html_escape(core::format(d)) + "</pre>";
    return html + "</main>" + reload_script(generation) + "</body></html>";
}

PreviewServer::PreviewServer(std::string base_path, std::chrono::milliseconds header_deadline,
                             std::size_t max_event_streams)
    : m_base_path(std::move(base_path)),
      m_header_deadline(header_deadline),
      m_server(std::make_unique<httplib::Server>()),
      m_max_event_streams(max_event_streams) {
    // httplib gives each connection a thread of the pool: an open page's reload events hold one
    // (at most m_max_event_streams of them, waiting at once), and a client slow to send its
    // headers holds one until the guard cuts it (5 s). The pool leaves room for both and for
    // the requests that matter.
    m_server->set_read_timeout(5, 0);  // slow or stalled clients do not hold a thread for long
    m_server->set_write_timeout(5, 0);
    m_server->set_keep_alive_timeout(5);
    m_server->set_payload_max_length(64 * 1024);
    // The guard exists once start() knows the port; handlers run only after that.
    m_server->set_pre_routing_handler([this](const httplib::Request& req, httplib::Response& res) {
        if (m_guard) m_guard->request_started(req.remote_addr, req.remote_port);
        auto refuse = [&](int status, const std::string& why) {
            res.status = status;
            res.set_content(why, "text/plain; charset=utf-8");
            // httplib cuts every answer, a refusal too, into the request's ranges; the request
            // is httplib's own object, handed over as const.
            const_cast<httplib::Request&>(req).ranges.clear();
            return httplib::Server::HandlerResponse::Handled;
        };
        if (req.has_header("Host") && !answers_to(host_of(req.get_header_value("Host")), m_bound_host))
            return refuse(421, "This preview answers only to localhost.\n");  // Misdirected Request
        if (req.ranges.size() > k_max_ranges)
            return refuse(416, "At most " + std::to_string(k_max_ranges) + " ranges in one request.\n");
        return httplib::Server::HandlerResponse::Unhandled;
    });
    m_server->set_logger([this](const httplib::Request& req, const httplib::Response&) {
        if (m_guard) m_guard->request_finished(req.remote_addr, req.remote_port);
    });
    routes();
}

PreviewServer::~PreviewServer() {
    stop();
}

Snapshot PreviewServer::snapshot() const {
    std::lock_guard lock(m_mutex);
    return m_snapshot;
}

void PreviewServer::publish(std::shared_ptr<const output::MemoryOutput> site) {
    {
        std::lock_guard lock(m_mutex);
        m_snapshot.site = std::move(site);
        m_snapshot.errors.clear();
        ++m_snapshot.generation;
    }
    m_changed.notify_all();
}

void PreviewServer::replace_quietly(std::shared_ptr<const output::MemoryOutput> site) {
    std::lock_guard lock(m_mutex);
    m_snapshot.site = std::move(site);
}

void PreviewServer::publish_errors(std::vector<core::Diagnostic> errors) {
    {
        std::lock_guard lock(m_mutex);
        m_snapshot.errors = std::move(errors);
        ++m_snapshot.generation;
    }
    m_changed.notify_all();
}

void PreviewServer::routes() {
    m_server->Get(k_events_path, [this](const httplib::Request& req, httplib::Response& res) {
        std::uint64_t since = 0;
        try {
            since = req.has_param("since") ? std::stoull(req.get_param_value("since")) : 0;
        } catch (...) {
        }
        res.set_header("Cache-Control", "no-store");
        res.set_chunked_content_provider("text/event-stream", [this, since](std::size_t, httplib::DataSink& sink) {
            std::unique_lock lock(m_mutex);
            // Past the limit a stream is not held: told to come back (EventSource's retry), it
            // frees its thread at once.
            if (m_event_streams >= m_max_event_streams && m_snapshot.generation == since && !m_stopping) {
                lock.unlock();
                const std::string later = "retry: 5000\n: busy\n\n";
                sink.write(later.data(), later.size());
                sink.done();
                return true;
            }
            ++m_event_streams;
            m_changed.wait_for(lock, k_event_wait, [&] { return m_stopping || m_snapshot.generation != since; });
            --m_event_streams;
            bool reload = !m_stopping && m_snapshot.generation != since;
            lock.unlock();
            std::string event = reload ? "event: reload\ndata: now\n\n" : ": still here\n\n";
            sink.write(event.data(), event.size());
            sink.done();  // one answer per connection; EventSource reconnects (with `since`)
            return true;
        });
    });
    m_server->Get(".*", [this](const httplib::Request& req, httplib::Response& res) {
        Snapshot snap = snapshot();
        auto exists = [&](const std::string& file) { return snap.site && snap.site->find(file) != nullptr; };
        if (req.path == "/" && m_base_path != "/") {
            res.status = 302;
            res.set_header("Location", m_base_path);
            return;
        }
        Resolution r = resolve(req.path, m_base_path, exists);
        std::string type = r.status == 200 ? content_type(r.file) : "text/html; charset=utf-8";
        bool html = type.starts_with("text/html");
        if (!snap.errors.empty() && html) {  // the overlay: the located errors instead of the page
            res.status = 500;
            res.set_content(error_page(snap.errors, snap.generation), "text/html; charset=utf-8");
            return;
        }
        res.set_header("Cache-Control", "no-store");
        if (r.status == 301) {
            res.status = 301;
            res.set_header("Location", r.location);
            return;
        }
        std::string body;
        if (r.status == 200)
            body = *snap.site->find(r.file);
        else if (const std::string* missing = snap.site ? snap.site->find("404.html") : nullptr)
            body = *missing;
        else
            body = "<!DOCTYPE html><title>Not found</title><p>Not found</p>";
        // A found file's status is left to httplib: 206 with Content-Range for a Range request
        // (an audio element seeking), 200 otherwise. Set by hand it was 200 with a part of the file.
        if (r.status != 200) res.status = r.status;
        if (html) {
            std::string script = reload_script(snap.generation);
            auto at = body.rfind("</body>");
            body.insert(at == std::string::npos ? body.size() : at, script);
        }
        res.set_content(std::move(body), type);
    });
}

int PreviewServer::start(const std::string& host, int port, bool try_next) {
    for (int p = port; p <= port + (try_next ? 100 : 0); ++p) {
        if (m_server->bind_to_port(host, p)) {
            auto pool = std::make_unique<BoundedThreadPool>(k_threads);
            if (pool->size() < k_min_threads)
                throw std::runtime_error(
                    "cannot start the preview server: the machine allows " + std::to_string(pool->size()) +
                    " more threads (a limit on processes or memory), and it needs " + std::to_string(k_min_threads) +
                    "; raise the limit (ulimit -u, ulimit -v) or stop other programs");
            // Fewer threads than asked for: reload streams may hold at most a quarter of them.
            m_max_event_streams = std::max<std::size_t>(1, std::min(m_max_event_streams, pool->size() / 4));
            m_server->new_task_queue = [queue = pool.release()] { return queue; };
            m_bound_host = host_of(host);
            m_guard = std::make_unique<SlowClientGuard>(p, m_header_deadline);
            m_thread = std::thread([this] { m_server->listen_after_bind(); });
            return p;
        }
    }
    return -1;
}

void PreviewServer::stop() {
    {
        std::lock_guard lock(m_mutex);
        m_stopping = true;
    }
    m_changed.notify_all();
    if (m_server) m_server->stop();
    if (m_thread.joinable()) m_thread.join();
    m_guard.reset();
}

std::size_t PreviewServer::event_streams() const {
    std::lock_guard lock(m_mutex);
    return m_event_streams;
}

std::size_t PreviewServer::slow_clients_cut() const {
    return m_guard ? m_guard->cut_count() : 0;
}

}  // namespace serve

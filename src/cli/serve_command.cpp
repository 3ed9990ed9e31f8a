#include "cli/serve_command.hpp"

#include <atomic>
#include <chrono>
#include <csignal>
#include <functional>
#include <iostream>
#include <memory>

#include "config/site_config.hpp"
#include "files/files.hpp"
#include "in_memory/session.hpp"
#include "net/url.hpp"
#include "serve/edits.hpp"
#include "serve/preview_server.hpp"
#include "serve/watcher.hpp"

namespace cli {

namespace {

// A signal handler can only reach a flag like this one; nothing else is global.
std::atomic<bool> g_interrupted{false};
extern "C" void on_interrupt(int) {
    g_interrupted = true;
}

struct ServeArgs {
    std::string config = "site.yaml";
    std::string bind = "127.0.0.1";
    int port = 0;  // 0: 1313 or the next free one
    bool verbose = false;
};

enum class Outcome { whole, pages_only, failed };

// Runs `step`; a failure is published as errors (the server keeps running either way).
Outcome guarded(serve::PreviewServer& server, const std::string& config_path, const std::function<Outcome()>& step) {
    try {
        return step();
    } catch (const core::InputError& e) {
        for (const auto& d : e.diagnostics()) std::cerr << core::format(d) << "\n";
        std::cerr << "build failed; the browser shows the errors until the files are fixed\n";
        server.publish_errors(e.diagnostics());
    } catch (const std::exception& e) {
        std::cerr << "podarchive: error: " << e.what() << "\n";
        server.publish_errors({core::error_at({config_path, 0, 0}, e.what())});
    }
    return Outcome::failed;
}

int elapsed_ms(std::chrono::steady_clock::time_point since) {
    return static_cast<int>(
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - since).count());
}

// Builds into memory and publishes the site. After a note edit only the pages that read it are
// rendered and published (the page reloads); the search index and the feeds are left for
// finish_feeds().
Outcome rebuild(in_memory::Session& session, const std::vector<std::filesystem::path>& changed,
                serve::PreviewServer& server, const ServeArgs& args) {
    return guarded(server, args.config, [&] {
        auto started = std::chrono::steady_clock::now();
        in_memory::Rebuild r = session.pages(changed);
        server.publish(r.site);
        if (r.whole) {
            std::cerr << (changed.empty() ? "built" : "rebuilt") << " in " << elapsed_ms(started) << " ms\n";
            return Outcome::whole;
        }
        std::cerr << "rebuilt " << r.pages_rendered << " of " << r.pages << " pages in " << elapsed_ms(started)
                  << " ms";
        if (args.verbose && r.bodies_only) std::cerr << " (a note's body alone)";
        if (args.verbose)
            for (const auto& [stage, seconds] : r.stages)
                std::cerr << " " << stage << "=" << static_cast<int>(seconds * 1000);
        std::cerr << "\n";
        return Outcome::pages_only;
    });
}

// The search index and the feeds after pages-only rebuilds (nothing reloads).
void finish_feeds(in_memory::Session& session, serve::PreviewServer& server, const ServeArgs& args) {
    guarded(server, args.config, [&] {
        auto started = std::chrono::steady_clock::now();
        server.replace_quietly(session.feeds());
        std::cerr << "search index and feeds in " << elapsed_ms(started) << " ms\n";
        return Outcome::whole;
    });
}

}  // namespace

WatchedFolders watched_folders(const config::SiteConfig& config) {
    WatchedFolders out{{config.content_dir(), config.templates_dir(), config.static_dir(), config.themes_dir()},
                       {config.root}};
    for (const auto& s : config.sources) out.flat.push_back(s.path.parent_path());
    if (config.audio.keep) out.flat.push_back(config.audio_manifest().parent_path());
    return out;
}

namespace {

int run_serve(const ServeArgs& args) {
    config::SiteConfig config = config::load_config(args.config);  // must load once to know the base path
    if (args.bind != "127.0.0.1" && args.bind != "localhost" && args.bind != "::1")
        std::cerr << "warning: serving on " << args.bind << " makes the preview reachable from other machines\n";
    std::string base_path = net::url_path_of(config.base_url);
    serve::PreviewServer server(base_path);
    in_memory::Session session(args.config);
    rebuild(session, {}, server, args);
    int port = server.start(args.bind, args.port ? args.port : 1313, args.port == 0);
    if (port < 0) {
        std::cerr << "podarchive: error: cannot listen on " << args.bind << ":" << (args.port ? args.port : 1313)
                  << "\n";
        return k_exit_input;
    }
    std::cout << "Serving http://" << args.bind << ":" << port << base_path << " (Ctrl+C to stop)" << std::endl;
    const WatchedFolders folders = watched_folders(config);
    serve::Watcher watcher(folders.recursive, folders.flat);
    std::signal(SIGINT, on_interrupt);
    std::signal(SIGTERM, on_interrupt);
    std::filesystem::path output = std::filesystem::weakly_canonical(config.output_dir());
    // The search index and the feeds wait for 150 ms without edits: saves in quick succession
    // do not queue behind them (at 10,000 episodes they take most of a second).
    bool feeds_pending = false;
    while (!g_interrupted) {
        // One save (write, or write then rename) comes in one burst: it ends after 10 ms of quiet,
        // or 2 ms after a file is closed, moved into place or deleted (the usual last step).
        auto changed = watcher.wait(std::chrono::milliseconds(feeds_pending ? 150 : 250), std::chrono::milliseconds(10),
                                    std::chrono::milliseconds(2));
        // What a `build` or a `fetch` writes is not an edit, and an editor's backup or swap file
        // beside a note is not read by the build.
        std::erase_if(changed, [&](const auto& p) { return !serve::is_edit(p, output) || session.unread(p); });
        if (!changed.empty()) {
            Outcome outcome = rebuild(session, changed, server, args);
            feeds_pending = outcome == Outcome::pages_only || (outcome == Outcome::failed && feeds_pending);
        } else if (feeds_pending) {
            finish_feeds(session, server, args);
            feeds_pending = false;
        }
    }
    std::cerr << "stopping\n";
    server.stop();
    return k_exit_ok;
}

}  // namespace

Command serve_command() {
    return {"serve", "Build into memory, serve on localhost under the base path, rebuild and reload on changes",
            [](CLI::App& sub) {
                auto args = std::make_shared<ServeArgs>();
                sub.add_option("--config,-c", args->config, "Path of site.yaml")->capture_default_str();
                sub.add_option("--port,-p", args->port, "Port (default: 1313 or the next free one)")
                    ->check(CLI::Range(1, 65535));
                sub.add_option("--bind", args->bind, "Address to listen on")->capture_default_str();
                sub.add_flag("--verbose,-v", args->verbose, "Print the time of each step of a rebuild");
                return std::function<int()>([args] { return run_serve(*args); });
            }};
}

}  // namespace cli

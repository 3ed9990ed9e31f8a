#include "cli/serve_command.hpp"

#include <atomic>
#include <chrono>
#include <csignal>
#include <iostream>
#include <memory>

#include "build.hpp"
#include "config/site_config.hpp"
#include "serve/preview_server.hpp"
#include "serve/watcher.hpp"
#include "util/url.hpp"

namespace cli {

namespace {

// A signal handler can only reach a flag like this one; nothing else is global.
std::atomic<bool> g_interrupted{false};
extern "C" void on_interrupt(int) { g_interrupted = true; }

struct ServeArgs {
    std::string config = "site.yaml";
    std::string bind = "127.0.0.1";
    int port = 0;  // 0: 1313 or the next free one
};

// Builds into memory; publishes the site, or the errors (the server keeps running either way).
void rebuild(const std::string& config_path, serve::PreviewServer& server, bool first) {
    auto started = std::chrono::steady_clock::now();
    try {
        config::SiteConfig config = config::load_config(config_path);
        auto site = std::make_shared<output::MemoryOutput>();
        build::build_site(config, *site);
        server.publish(std::move(site));
        auto ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - started).count();
        std::cerr << (first ? "built" : "rebuilt") << " in " << static_cast<int>(ms) << " ms\n";
    } catch (const core::InputError& e) {
        for (const auto& d : e.diagnostics()) std::cerr << core::format(d) << "\n";
        std::cerr << "build failed; the browser shows the errors until the files are fixed\n";
        server.publish_errors(e.diagnostics());
    } catch (const std::exception& e) {
        std::cerr << "podarchive: error: " << e.what() << "\n";
        server.publish_errors({core::error_at({config_path, 0, 0}, e.what())});
    }
}

int run_serve(const ServeArgs& args) {
    config::SiteConfig config = config::load_config(args.config);  // must load once to know the base path
    if (args.bind != "127.0.0.1" && args.bind != "localhost" && args.bind != "::1")
        std::cerr << "warning: serving on " << args.bind << " makes the preview reachable from other machines\n";
    std::string base_path = util::url_path_of(config.base_url);
    serve::PreviewServer server(base_path);
    rebuild(args.config, server, true);
    int port = server.start(args.bind, args.port ? args.port : 1313, args.port == 0);
    if (port < 0) {
        std::cerr << "podarchive: error: cannot listen on " << args.bind << ":" << (args.port ? args.port : 1313) << "\n";
        return k_exit_input;
    }
    std::cout << "Serving http://" << args.bind << ":" << port << base_path << " (Ctrl+C to stop)" << std::endl;
    std::vector<std::filesystem::path> recursive = {config.content_dir(), config.templates_dir(), config.static_dir(),
                                                    config.themes_dir()};
    std::vector<std::filesystem::path> flat = {config.root};
    for (const auto& s : config.sources) flat.push_back(s.path.parent_path());
    serve::Watcher watcher(recursive, flat);
    std::signal(SIGINT, on_interrupt);
    std::signal(SIGTERM, on_interrupt);
    std::filesystem::path output = std::filesystem::weakly_canonical(config.output_dir());
    while (!g_interrupted) {
        auto changed = watcher.wait(std::chrono::milliseconds(250), std::chrono::milliseconds(30));
        // Changes under the output folder (a `build` run meanwhile) are not edits.
        std::erase_if(changed, [&](const auto& p) { return std::filesystem::weakly_canonical(p).string().starts_with(output.string()); });
        if (!changed.empty()) rebuild(args.config, server, false);
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
                sub.add_option("--port,-p", args->port, "Port (default: 1313 or the next free one)")->check(CLI::Range(1, 65535));
                sub.add_option("--bind", args->bind, "Address to listen on")->capture_default_str();
                return std::function<int()>([args] { return run_serve(*args); });
            }};
}

}  // namespace cli

#include "cli/fetch_command.hpp"

#include <chrono>
#include <iostream>
#include <memory>

#include "config/site_config.hpp"
#include "fetch/fetch_artwork.hpp"
#include "fetch/fetch_attachments.hpp"
#include "fetch/fetch_sources.hpp"

namespace cli {

namespace {
struct FetchArgs {
    std::string config = "site.yaml";
    fetch::FetchOptions options;
};

int run_fetch(const FetchArgs& args) {
    config::SiteConfig config = config::load_config(args.config);
    int failed = 0, count = 0;
    for (const auto& source : config.sources) {
        if (source.url.empty()) continue;
        ++count;
        std::cerr << source.name << ": fetching " << source.url << " ..." << std::endl;
        auto started = std::chrono::steady_clock::now();
        auto outcome = fetch::fetch_source(source, args.options);
        double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
        std::cout << source.name << ": " << outcome.message;
        if (outcome.kind == fetch::FetchOutcome::Kind::updated)
            std::cout << ": " << outcome.added << " new, " << outcome.changed << " changed, " << outcome.removed << " removed episodes";
        std::cout << " (" << static_cast<int>(seconds * 1000) << " ms)\n";
        failed += outcome.kind == fetch::FetchOutcome::Kind::failed;
    }
    if (count == 0) std::cout << "no source has a url: no feed to fetch\n";
    // The artwork after the feeds: a fresh feed may name a new image.
    auto artwork = fetch::fetch_artwork(config, args.options);
    std::cout << "artwork: " << artwork.message << "\n";
    failed += artwork.kind == fetch::FetchOutcome::Kind::failed;
    // The files the fresh feeds link to: chapters and transcripts.
    auto attachments = fetch::fetch_attachments(config, args.options);
    std::cout << attachments.source << ": " << attachments.message << "\n";
    failed += attachments.kind == fetch::FetchOutcome::Kind::failed;
    return failed ? k_exit_input : k_exit_ok;
}
}  // namespace

Command fetch_command() {
    return {"fetch", "Refresh every source that has a url (a failed download keeps the previous snapshot)", [](CLI::App& sub) {
                auto args = std::make_shared<FetchArgs>();
                sub.add_option("--config,-c", args->config, "Path of site.yaml")->capture_default_str();
                sub.add_option("--timeout", args->options.timeout_seconds, "Seconds for each download")->capture_default_str()->check(CLI::Range(1, 3600));
                sub.add_option("--max-bytes", args->options.max_bytes, "Largest answer accepted")->capture_default_str()->check(CLI::Range(1LL, 1LL << 32));
                return std::function<int()>([args] { return run_fetch(*args); });
            }};
}

}  // namespace cli

#include "cli/fetch_command.hpp"

#include <chrono>
#include <iostream>
#include <memory>

#include "config/site_config.hpp"
#include "fetch/conditional_get.hpp"
#include "fetch/fetch_artwork.hpp"
#include "fetch/fetch_attachments.hpp"
#include "fetch/fetch_sources.hpp"
#include "util/files.hpp"
#include "util/unicode.hpp"

namespace cli {

namespace {
struct FetchArgs {
    std::string config = "site.yaml";
    fetch::FetchOptions options;
};

int run_fetch(FetchArgs args) {
    config::SiteConfig config = config::load_config(args.config);
    // One fetch at a time per site: a second would replace the first's snapshots under it.
    std::string lock_error;
    util::FileLock lock(config.config_path, lock_error);
    if (!lock.held()) {
        std::cerr << "error: " << lock_error << ": another `podarchive fetch` is refreshing this site; run this one when it has finished\n";
        return k_exit_input;
    }
    args.options.feed_named = fetch::feed_named_policy(config);
    int failed = 0, count = 0;
    // A line that says "warning:" or "notice:" is one the publish workflow shows as an annotation.
    for (const auto& source : config.sources) {
        if (source.url.empty()) continue;
        ++count;
        std::cerr << util::terminal_safe(source.name) << ": fetching " << util::terminal_safe(fetch::read_state(fetch::state_path(source.path), source.url).address()) << " ..." << std::endl;
        auto started = std::chrono::steady_clock::now();
        auto outcome = fetch::fetch_source(source, args.options);
        double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
        const bool failed_now = outcome.kind == fetch::FetchOutcome::Kind::failed;
        std::cout << util::terminal_safe(source.name) << ": " << (failed_now ? "warning: " : "") << util::terminal_safe(outcome.message);
        std::cout << " (" << static_cast<int>(seconds * 1000) << " ms)\n";
        if (!outcome.notice.empty()) std::cout << util::terminal_safe(source.name) << ": notice: " << util::terminal_safe(outcome.notice) << "\n";
        failed += failed_now;
    }
    if (count == 0)
        std::cout << "warning: no source in " << args.config << " has a `url:`, so nothing is refreshed: give the feed's source the address "
                     "podcast apps subscribe to (`url: https://...`) to keep the archive current\n";
    // The artwork after the feeds: a fresh feed may name a new image.
    auto artwork = fetch::fetch_artwork(config, args.options);
    std::cout << "artwork: " << (artwork.kind == fetch::FetchOutcome::Kind::failed ? "warning: " : "") << util::terminal_safe(artwork.message) << "\n";
    failed += artwork.kind == fetch::FetchOutcome::Kind::failed;
    // The files the fresh feeds link to: chapters and transcripts.
    auto attachments = fetch::fetch_attachments(config, args.options);
    std::cout << attachments.source << ": " << (attachments.kind == fetch::FetchOutcome::Kind::failed ? "warning: " : "") << util::terminal_safe(attachments.message) << "\n";
    if (!attachments.notice.empty()) std::cout << attachments.source << ": warning: " << util::terminal_safe(attachments.notice) << "\n";
    failed += attachments.kind == fetch::FetchOutcome::Kind::failed;
    return failed ? k_exit_input : k_exit_ok;
}
}  // namespace

Command fetch_command() {
    return {"fetch", "Refresh every source that has a url: a failed download keeps the previous snapshot, the items a feed's host drops are kept beside it (feed.kept.xml), a moved feed is followed", [](CLI::App& sub) {
                auto args = std::make_shared<FetchArgs>();
                sub.add_option("--config,-c", args->config, "Path of site.yaml")->capture_default_str();
                sub.add_option("--timeout", args->options.timeout_seconds, "Seconds for each download")->capture_default_str()->check(CLI::Range(1, 3600));
                sub.add_option("--max-bytes", args->options.max_bytes, "Largest answer accepted")->capture_default_str()->check(CLI::Range(1LL, 1LL << 32));
                return std::function<int()>([args] { return run_fetch(*args); });
            }};
}

}  // namespace cli

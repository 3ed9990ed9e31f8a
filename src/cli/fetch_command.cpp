#include "cli/fetch_command.hpp"

#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <iostream>
#include <memory>

#include "config/site_config.hpp"
#include "fetch/conditional_get.hpp"
#include "fetch/fetch_artwork.hpp"
#include "fetch/fetch_attachments.hpp"
#include "fetch/fetch_audio.hpp"
#include "fetch/fetch_podroll.hpp"
#include "fetch/fetch_sources.hpp"
#include "fetch/history.hpp"
#include "files/files.hpp"
#include "stages/sources.hpp"
#include "text/strings.hpp"
#include "text/unicode.hpp"

namespace cli {

namespace {
struct FetchArgs {
    std::string config = "site.yaml";
    fetch::FetchOptions options;
    bool history = false;  // --history: the feeds' past from history_url's captures
    fetch::HistoryOptions history_options;
};

// "12.3 MB"
std::string megabytes(long long bytes) {
    char text[32];
    std::snprintf(text, sizeof text, "%.1f MB", static_cast<double>(bytes) / 1e6);
    return text;
}

// The audio of every episode the fresh sources name (the episodes as `build` merges them), with
// a progress line that is redrawn on a terminal and printed once per file elsewhere (CI's log).
// False when a file could not be had.
bool keep_audio(const config::SiteConfig& config, const fetch::FetchOptions& fetched) {
    std::vector<sources::SourceBatch> batches = stages::load_sources(config);
    const core::Catalog catalog = stages::merge_for_commands(config, batches);
    fetch::AudioOptions options;
    options.addresses = fetched.feed_named;
    const bool terminal = ::isatty(STDOUT_FILENO);
    const auto started = std::chrono::steady_clock::now();
    auto last_drawn = started;
    long long done_bytes = 0;
    options.progress = [&](const fetch::AudioProgress& p) {
        const auto now = std::chrono::steady_clock::now();
        const double seconds = std::chrono::duration<double>(now - started).count();
        if (p.done) done_bytes += p.received;
        if (!terminal) {
            if (p.done)
                std::cout << "audio: " << p.index << "/" << p.count << " " << text::terminal_safe(p.file) << " "
                          << megabytes(p.received) << std::endl;
            return;
        }
        if (!p.done && now - last_drawn < std::chrono::milliseconds(200)) return;
        last_drawn = now;
        const double rate = seconds > 0 ? static_cast<double>(done_bytes + (p.done ? 0 : p.received)) / seconds : 0;
        std::string left;
        if (p.total > p.received && rate > 0)
            left = ", " + std::to_string(static_cast<long long>(static_cast<double>(p.total - p.received) / rate)) +
                   " s left";
        std::cout << "\r\x1b[Kaudio " << p.index << "/" << p.count << ": " << text::terminal_safe(p.file).substr(0, 40)
                  << " " << megabytes(p.received) << (p.total > 0 ? " of " + megabytes(p.total) : std::string()) << ", "
                  << megabytes(static_cast<long long>(rate)) << "/s" << left << std::flush;
        if (p.done) std::cout << "\n";
    };
    const fetch::AudioOutcome out = fetch::fetch_audio(config, catalog.episodes, options);
    if (!out.error.empty()) {
        std::cout << "audio: warning: " << text::terminal_safe(out.error) << "\n";
        return false;
    }
    for (std::size_t i = 0; i < out.problems.size() && i < 10; ++i)
        std::cout << "audio: warning: " << text::terminal_safe(out.problems[i]) << "\n";
    if (out.problems.size() > 10) std::cout << "audio: warning: and " << out.problems.size() - 10 << " more\n";
    std::cout << "audio: " << out.kept << " of " << out.episodes << " episodes kept (" << out.downloaded
              << " downloaded now, " << megabytes(out.bytes) << ")";
    if (out.left_for_later) std::cout << "; " << out.left_for_later << " left for the next run (audio.max_run_mb)";
    if (out.checked) std::cout << "; " << out.checked << " host files checked";
    if (out.from_history)
        std::cout << "; " << out.from_history << " gone at the host and taken from "
                  << text::terminal_safe(config.history_url) << "'s captures";
    std::cout << "\n";
    if (out.host_gone)
        std::cout << "audio: notice: " << text::count_text(out.host_gone, "episode's file is", "episodes' files are")
                  << " gone at the host; the pages and the feed serve the archive's copy "
                  << "(`podarchive check --audio` names " << (out.host_gone == 1 ? "it" : "them") << ")\n";
    return out.failed == 0 && out.not_audio == 0;
}

int run_fetch(FetchArgs args) {
    config::SiteConfig config = config::load_config(args.config);
    // One fetch at a time per site: a second would replace the first's snapshots under it.
    std::string lock_error;
    files::FileLock lock(config.config_path, lock_error);
    if (!lock.held()) {
        std::cerr << "error: " << lock_error
                  << ": another `podarchive fetch` is refreshing this site; run this one when it has finished\n";
        return k_exit_input;
    }
    args.options.feed_named = fetch::feed_named_policy(config);
    int failed = 0, count = 0;
    // A line that says "warning:" or "notice:" is one the publish workflow shows as an annotation.
    for (const auto& source : config.sources) {
        if (source.url.empty()) continue;
        ++count;
        std::cerr << text::terminal_safe(source.name) << ": fetching "
                  << text::terminal_safe(fetch::read_state(fetch::state_path(source.path), source.url).address())
                  << " ..." << std::endl;
        auto started = std::chrono::steady_clock::now();
        auto outcome = fetch::fetch_source(source, args.options);
        double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
        const bool failed_now = outcome.kind == fetch::FetchOutcome::Kind::failed;
        std::cout << text::terminal_safe(source.name) << ": " << (failed_now ? "warning: " : "")
                  << text::terminal_safe(outcome.message);
        std::cout << " (" << static_cast<int>(seconds * 1000) << " ms)\n";
        if (!outcome.notice.empty())
            std::cout << text::terminal_safe(source.name) << ": notice: " << text::terminal_safe(outcome.notice)
                      << "\n";
        for (const auto& problem : outcome.page_problems)
            std::cout << text::terminal_safe(source.name) << ": warning: " << text::terminal_safe(problem) << "\n";
        failed += failed_now;
    }
    if (args.history)
        for (const auto& source : config.sources) {
            if (source.url.empty()) continue;
            std::cerr << text::terminal_safe(source.name) << ": asking " << text::terminal_safe(config.history_url)
                      << " for the feed's past ..." << std::endl;
            const auto outcome = fetch::recover_history(source, config.history_url, args.options, args.history_options);
            std::cout << text::terminal_safe(source.name) << ": history: " << (outcome.failed ? "warning: " : "")
                      << text::terminal_safe(outcome.message) << "\n";
            for (std::size_t i = 0; i < outcome.problems.size() && i < 10; ++i)
                std::cout << text::terminal_safe(source.name)
                          << ": history: warning: " << text::terminal_safe(outcome.problems[i]) << "\n";
            if (outcome.problems.size() > 10)
                std::cout << text::terminal_safe(source.name) << ": history: warning: and "
                          << outcome.problems.size() - 10 << " more\n";
            failed += outcome.failed;
        }
    if (count == 0)
        std::cout << "warning: no source in " << args.config
                  << " has a `url:`, so nothing is refreshed: give the feed's source the address "
                     "podcast apps subscribe to (`url: https://...`) to keep the archive current\n";
    // The artwork after the feeds: a fresh feed may name a new image.
    auto artwork = fetch::fetch_artwork(config, args.options);
    std::cout << "artwork: " << (artwork.kind == fetch::FetchOutcome::Kind::failed ? "warning: " : "")
              << text::terminal_safe(artwork.message) << "\n";
    failed += artwork.kind == fetch::FetchOutcome::Kind::failed;
    auto say = [](const fetch::FetchOutcome& outcome) {
        std::cout << outcome.source << ": " << (outcome.kind == fetch::FetchOutcome::Kind::failed ? "warning: " : "")
                  << text::terminal_safe(outcome.message) << "\n";
        if (!outcome.notice.empty())
            std::cout << outcome.source << ": warning: " << text::terminal_safe(outcome.notice) << "\n";
        return outcome.kind == fetch::FetchOutcome::Kind::failed;
    };
    // The files the fresh feeds link to: chapters and transcripts.
    failed += say(fetch::fetch_attachments(config, args.options));
    // The shows the feeds recommend: another show's feed that is down is said, and fails nothing
    // (its recommendation shows the feed's host until a later run reads it).
    say(fetch::fetch_podroll(config, args.options));
    if (config.audio.keep) failed += keep_audio(config, args.options) ? 0 : 1;
    return failed ? k_exit_input : k_exit_ok;
}
}  // namespace

Command fetch_command() {
    return {"fetch",
            "Refresh every source that has a url: a failed download keeps the previous snapshot, what a feed's host "
            "or a directory's page drops is kept beside it (feed.kept.xml, apple.kept.json), "
            "a moved feed is followed",
            [](CLI::App& sub) {
                auto args = std::make_shared<FetchArgs>();
                sub.add_option("--config,-c", args->config, "Path of site.yaml")->capture_default_str();
                sub.add_option("--timeout", args->options.timeout_seconds, "Seconds for each download")
                    ->capture_default_str()
                    ->check(CLI::Range(1, 3600));
                sub.add_option("--max-bytes", args->options.max_bytes, "Largest answer accepted")
                    ->capture_default_str()
                    ->check(CLI::Range(1LL, 1LL << 32));
                sub.add_flag("--history", args->history,
                             "Also recover each feed's past from the captures of a web archive (site.yaml history_url, "
                             "the Wayback Machine by default)");
                sub.add_option("--history-limit", args->history_options.max_captures,
                               "Captures downloaded in one run, oldest first")
                    ->capture_default_str()
                    ->check(CLI::Range(1, 100000));
                sub.add_option("--history-delay-ms", args->history_options.delay_ms,
                               "Pause between two requests to the web archive")
                    ->capture_default_str()
                    ->check(CLI::Range(0L, 60000L));
                sub.add_option("--max-pages", args->options.max_pages, "Pages of a paged feed read, the first included")
                    ->capture_default_str()
                    ->check(CLI::Range(1, 100000));
                return std::function<int()>([args] { return run_fetch(*args); });
            }};
}

}  // namespace cli

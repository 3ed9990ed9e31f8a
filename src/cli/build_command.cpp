#include "cli/build_command.hpp"

#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <iostream>
#include <map>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "config/site_config.hpp"
#include "core/diagnostic.hpp"
#include "feed/episode_list.hpp"
#include "feed/identity.hpp"
#include "fetch/published_feed.hpp"
#include "net/url.hpp"
#include "on_disk/folder_build.hpp"
#include "output/hosting_limits.hpp"
#include "pipeline/build_site.hpp"
#include "text/strings.hpp"
#include "text/unicode.hpp"

namespace cli {

namespace {
struct BuildArgs {
    std::string config = "site.yaml";
    std::string output;
    std::string base_url;
    std::string published_feed;
    bool no_published_check = false;
    bool quiet = false;
    bool verbose = false;
};

// The identities of the feed published at `config.published_feed` and its archive pages, which
// the build must keep (with the slugs of its items' pages), and the site's list of its episode
// pages beside it, read before anything is built. Nothing when there are none to keep: no URL,
// a first publish, or the check skipped.
// Throws when the feed cannot be read: the build must not go on without it.
std::optional<stages::PublishedSite> read_published(const config::SiteConfig& config, const BuildArgs& args) {
    const std::string& url = config.published_feed;
    if (args.no_published_check) {
        // Loud, whatever --quiet says: the one guard a fresh runner has is off.
        std::cerr << "podarchive: WARNING: --no-published-check: feed.xml is not compared with the published feed"
                  << (url.empty() ? "" : " (" + url + ")")
                  << "; a changed guid or audio URL would reach every subscriber unseen\n";
        return {};
    }
    if (url.empty()) return {};  // (a plain build reads nothing from the network)
    auto got = fetch::read_published_feed(url, {}, feed::k_episode_list);
    switch (got.kind) {
        case fetch::PublishedFeed::Kind::not_published:
            if (!args.quiet)
                std::cout << "published feed: " << got.message << ": the first publish, no items to keep yet\n";
            return {};
        case fetch::PublishedFeed::Kind::failed:
            throw std::runtime_error("the published feed could not be read: " + got.message +
                                     "\n  the build stops, so that no changed guid or audio URL is published unseen; "
                                     "try again, or build with"
                                     " --no-published-check to publish without the check");
        case fetch::PublishedFeed::Kind::found:
            break;
    }
    const site::SitePaths paths(config.base_url);  // (where its items' pages are: the slugs they keep)
    auto items = feed::read_identities(std::move(got.xml), &paths);
    if (!items)
        throw core::InputError(
            core::error_at({url, 0, 0},
                           "the published feed is not an RSS feed (expected <rss><channel>); check --published-feed or"
                           " site.yaml's published_feed, or build with --no-published-check"));
    // The items past feed_limit, on the archive pages: their guids and pages are published too.
    for (auto& page : got.pages) {
        auto more = feed::read_identities(std::move(page.text), &paths);
        if (!more)
            throw core::InputError(
                core::error_at({page.url, 0, 0},
                               "an archive page of the published feed is not an RSS feed (expected <rss><channel>)"));
        items->insert(items->end(), std::make_move_iterator(more->begin()), std::make_move_iterator(more->end()));
    }
    // Every episode's page, those without audio too (no feed has them), as the site lists them.
    std::optional<std::vector<core::PublishedPage>> pages;
    if (got.beside) {
        pages = feed::read_episode_list(*got.beside, paths);
        if (!pages && !args.quiet)
            std::cout << "published feed: " << net::resolve_url(url, feed::k_episode_list)
                      << " is not the site's list of episode pages: not read\n";
    }
    if (!args.quiet)
        std::cout << "published feed: " << url
                  << (got.pages.empty() ? ""
                                        : " and " + text::count_text(got.pages.size(), "archive page", "archive pages"))
                  << ": " << text::count_text(items->size(), "item", "items") << " the new feed must keep"
                  << (pages ? "; " + feed::k_episode_list + ": " +
                                  text::count_text(pages->size(), "episode page", "episode pages")
                            : "")
                  << "\n";
    return stages::PublishedSite{{url, std::move(*items)},
                                 pages ? std::move(*pages) : std::vector<core::PublishedPage>{}};
}

// The lint rule a feed warning names ("[apple-duration] item 3 ..." -> "apple-duration"), or "".
std::string rule_of(const core::Diagnostic& d) {
    if (!d.message.starts_with('[')) return "";
    const auto end = d.message.find(']');
    return end == std::string::npos ? "" : d.message.substr(1, end - 1);
}

// Every warning of the build, but of the feed linter's (a large archive has hundreds, mostly
// the host's flaws repeated per item) only the first few, and then how many of each rule:
// `--verbose` prints them all, as `podarchive check` does.
void print_warnings(const pipeline::BuildReport& report, bool verbose) {
    constexpr std::size_t k_shown = 5;
    const std::size_t lint = report.lint_warnings;  // (build_site puts the linter's first)
    std::map<std::string, std::size_t> by_rule;
    for (std::size_t i = 0; i < lint; ++i) {
        const core::Diagnostic& w = report.warnings[i];
        ++by_rule[rule_of(w).empty() ? "other" : rule_of(w)];
        if (verbose || i < k_shown) std::cerr << core::format(w) << "\n";
    }
    // The count right under the linter's lines it stands for; then every other warning.
    if (!verbose && lint > k_shown) {
        std::vector<std::pair<std::string, std::size_t>> rules(by_rule.begin(), by_rule.end());
        std::stable_sort(rules.begin(), rules.end(), [](const auto& a, const auto& b) { return a.second > b.second; });
        std::cerr << "feed lint: " << text::count_text(lint - k_shown, "more warning", "more warnings")
                  << " not shown; by rule:";
        for (std::size_t i = 0; i < rules.size(); ++i)
            std::cerr << (i ? ", " : " ") << rules[i].second << " " << rules[i].first;
        std::cerr << " (`podarchive build --verbose` or `podarchive check` lists every one)\n";
    }
    for (std::size_t i = lint; i < report.warnings.size(); ++i) std::cerr << core::format(report.warnings[i]) << "\n";
}

// "0.11 s", "12.30 s": a build's time as people read it (not "0.114401 s").
std::string seconds_text(double seconds) {
    char text[32];
    std::snprintf(text, sizeof text, "%.2f s", seconds);
    return text;
}

void print_summary(const pipeline::BuildReport& report, const on_disk::FolderBuild& built,
                   const config::SiteConfig& config, double seconds) {
    std::cout << "built " << text::count_text(report.episodes, "episode", "episodes");
    if (report.announced)
        std::cout << " (" << text::terminal_safe(report.announced->from.source) << " announces "
                  << report.announced->episodes << ": " << text::terminal_safe(report.announced->from.file) << ":"
                  << report.announced->from.line << ")";
    std::cout << ": " << text::count_text(report.files, "file", "files") << " (" << built.files_written << " changed), "
              << output::size_text(report.bytes) << " into " << text::terminal_safe(config.output_dir().string())
              << " in " << seconds_text(seconds) << "\n";
    if (report.incremental)
        std::cout << (report.body_edit ? "one note's text changed: " : "only notes changed: ") << report.pages_rendered
                  << " of " << report.pages << " pages rendered again"
                  << (report.pages_rendered < report.pages ? ", the others kept"
                                                           : " (what changed shows on every page)")
                  << "\n";
    std::cout << "feed.xml: " << text::count_text(report.feed_items, "item", "items");
    if (report.feed_pages)
        std::cout << " (and " << report.feed_archived << " older on "
                  << text::count_text(report.feed_pages, "archive page", "archive pages")
                  << " it links to, feed/page-N.xml)";
    if (const std::size_t n = report.left_out_without_audio)
        std::cout << "; " << text::count_text(n, "episode", "episodes") << " left out because no source gives "
                  << (n == 1 ? "its audio file (it still has a page)" : "their audio files (they still have pages)");
    if (const std::size_t n = report.left_out_without_date)
        std::cout << "; " << n << " left out because no source gives " << (n == 1 ? "its date" : "their dates");
    std::cout << "; feed lint: " << text::count_text(report.lint_warnings, "warning", "warnings") << "\n";
    if (config.audio.keep || report.audio_copies > 0)
        std::cout << "audio: " << report.audio_copies << " of " << report.episodes
                  << " episodes have the archive's copy (" << report.audio_from_copy
                  << " served from the copy alone: the host's file is gone); `podarchive check --audio` says more\n";
    if (!config.cname.empty())
        std::cout << "cname: " << config.cname
                  << " is written to CNAME and is the site's address; a site the publish workflow deploys "
                     "takes its custom domain from the repository's Settings > Pages > Custom domain, not from that "
                     "file: set it there too\n";
}

int run_build(const BuildArgs& args) {
    auto started = std::chrono::steady_clock::now();
    config::SiteConfig config = config::load_config(args.config);
    if (!args.output.empty()) config.output = args.output, config.output_at = {};
    if (!args.base_url.empty()) {
        if (!config::is_plain_site_url(args.base_url)) {
            std::cerr << "podarchive: error: --base-url must be an absolute http(s) URL of a host and a plain path, "
                         "without a query or fragment\n";
            return k_exit_usage;
        }
        config.base_url = net::with_trailing_slash(args.base_url);
    }
    if (!args.published_feed.empty()) {
        if (!net::is_http_url(args.published_feed)) {
            std::cerr
                << "podarchive: error: --published-feed must be the absolute http(s) URL of the published feed.xml\n";
            return k_exit_usage;
        }
        config.published_feed = args.published_feed;
    }
    const std::optional<stages::PublishedSite> published = read_published(config, args);
    on_disk::FolderBuild built = on_disk::build_folder(config, published ? &*published : nullptr);
    if (built.up_to_date) {
        if (!args.quiet)
            std::cout << "nothing changed since the last build of " << text::terminal_safe(config.output_dir().string())
                      << "\n";
        return k_exit_ok;
    }
    const pipeline::BuildReport& report = built.report;
    if (args.quiet) return k_exit_ok;
    print_warnings(report, args.verbose);
    for (const auto& w : output::hosting_warnings(report.bytes, report.largest))
        std::cerr << text::terminal_safe(config.output_dir().string()) << ": warning: " << w << "\n";
    // Stage by stage on a terminal or when asked; logs and pipes get the summary only.
    if (args.verbose || ::isatty(STDERR_FILENO)) {
        for (const auto& [name, secs] : report.stages)
            std::cerr << "  " << name << ": " << static_cast<int>(secs * 1000 + 0.5) << " ms\n";
    }
    print_summary(report, built, config,
                  std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count());
    return k_exit_ok;
}
}  // namespace

Command build_command() {
    return {
        "build", "Build the site from site.yaml into the output folder", [](CLI::App& sub) {
            auto args = std::make_shared<BuildArgs>();
            sub.add_option("--config,-c", args->config, "Path of site.yaml")->capture_default_str();
            sub.add_option("--output,-o", args->output, "Output folder (default: site.yaml's output, public/)");
            sub.add_option("--base-url", args->base_url, "Override site.yaml's base_url");
            sub.add_option(
                "--published-feed", args->published_feed,
                "The site's published feed.xml (a URL): the new feed must keep its items' guids and audio URLs");
            sub.add_flag("--no-published-check", args->no_published_check,
                         "Do not read the published feed (site.yaml's published_feed, --published-feed): no identity "
                         "check against it");
            sub.add_flag("--quiet,-q", args->quiet, "Print nothing but errors");
            sub.add_flag(
                "--verbose,-v", args->verbose,
                "Print every feed lint warning (not the first few and a count by rule), and the time of each stage");
            return std::function<int()>([args] { return run_build(*args); });
        }};
}

}  // namespace cli

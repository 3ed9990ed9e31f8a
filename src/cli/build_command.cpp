#include "cli/build_command.hpp"

#include <chrono>
#include <future>
#include <iostream>
#include <memory>
#include <unistd.h>

#include "build.hpp"
#include "config/site_config.hpp"
#include "output/output.hpp"
#include "util/url.hpp"

namespace cli {

namespace {
struct BuildArgs {
    std::string config = "site.yaml";
    std::string output;
    std::string base_url;
    bool quiet = false;
    bool verbose = false;
};

int run_build(const BuildArgs& args) {
    auto started = std::chrono::steady_clock::now();
    config::SiteConfig config = config::load_config(args.config);
    if (!args.output.empty()) config.output = args.output;
    if (!args.base_url.empty()) {
        if (!util::is_http_url(args.base_url)) {
            std::cerr << "podarchive: error: --base-url must be an absolute http(s) URL\n";
            return k_exit_usage;
        }
        config.base_url = util::with_trailing_slash(args.base_url);
    }
    output::DiskOutput out(config.output_dir());
    // The inputs' fingerprint tells whether a previous build is still current. Without a
    // previous build it is only recorded for the next one, so it is computed beside this one
    // (hashing every input file takes a large archive's build a tenth of a second).
    std::future<std::string> fingerprint;
    if (out.has_previous_build()) {
        out.set_fingerprint(build::input_fingerprint(config));
        if (out.up_to_date()) {  // the same inputs give the same bytes: nothing to do, nothing touched
            if (!args.quiet) std::cout << "nothing changed since the last build of " << config.output_dir().string() << "\n";
            return k_exit_ok;
        }
    } else {
        fingerprint = std::async(std::launch::async, [&config] { return build::input_fingerprint(config); });
    }
    build::BuildReport report = build::build_site(config, out);
    if (fingerprint.valid()) out.set_fingerprint(fingerprint.get());
    auto write_started = std::chrono::steady_clock::now();
    out.commit();
    report.stages.emplace_back("write", std::chrono::duration<double>(std::chrono::steady_clock::now() - write_started).count());
    if (args.quiet) return k_exit_ok;
    for (const auto& w : report.warnings) std::cerr << core::format(w) << "\n";
    // Stage by stage on a terminal or when asked; logs and pipes get the summary only.
    if (args.verbose || ::isatty(STDERR_FILENO)) {
        for (const auto& [name, secs] : report.stages)
            std::cerr << "  " << name << ": " << static_cast<int>(secs * 1000 + 0.5) << " ms\n";
    }
    double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    std::cout << "built " << report.episodes << " episodes: " << report.files << " files (" << out.files_written()
              << " changed), " << report.bytes << " bytes into " << config.output_dir().string() << " in " << seconds << " s\n";
    std::cout << "feed.xml: " << report.feed_items << " items";
    if (report.left_out_without_audio)
        std::cout << "; " << report.left_out_without_audio
                  << " episodes left out because no source gives their audio file (they still have pages)";
    if (report.left_out_without_date)
        std::cout << "; " << report.left_out_without_date << " left out because no source gives their date";
    std::cout << "; feed lint: " << report.lint_warnings << " warnings\n";
    return k_exit_ok;
}
}  // namespace

Command build_command() {
    return {"build", "Build the site from site.yaml into the output folder", [](CLI::App& sub) {
                auto args = std::make_shared<BuildArgs>();
                sub.add_option("--config,-c", args->config, "Path of site.yaml")->capture_default_str();
                sub.add_option("--output,-o", args->output, "Output folder (default: site.yaml's output, public/)");
                sub.add_option("--base-url", args->base_url, "Override site.yaml's base_url");
                sub.add_flag("--quiet,-q", args->quiet, "Print nothing but errors");
                sub.add_flag("--verbose,-v", args->verbose, "Print the time of each stage (also on a terminal)");
                return std::function<int()>([args] { return run_build(*args); });
            }};
}

}  // namespace cli

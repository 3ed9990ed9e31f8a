#include "cli/build_command.hpp"

#include <chrono>
#include <iostream>
#include <memory>
#include <unistd.h>

#include "build.hpp"
#include "config/site_config.hpp"
#include "incremental/folder_build.hpp"
#include "util/strings.hpp"
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
        if (!util::is_http_url(args.base_url) || args.base_url.find_first_of("?#") != std::string::npos) {
            std::cerr << "podarchive: error: --base-url must be an absolute http(s) URL without a query or fragment\n";
            return k_exit_usage;
        }
        config.base_url = util::with_trailing_slash(args.base_url);
    }
    incremental::FolderBuild built = incremental::build_folder(config);
    if (built.up_to_date) {
        if (!args.quiet) std::cout << "nothing changed since the last build of " << config.output_dir().string() << "\n";
        return k_exit_ok;
    }
    const build::BuildReport& report = built.report;
    if (args.quiet) return k_exit_ok;
    for (const auto& w : report.warnings) std::cerr << core::format(w) << "\n";
    // Stage by stage on a terminal or when asked; logs and pipes get the summary only.
    if (args.verbose || ::isatty(STDERR_FILENO)) {
        for (const auto& [name, secs] : report.stages)
            std::cerr << "  " << name << ": " << static_cast<int>(secs * 1000 + 0.5) << " ms\n";
    }
    double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    std::cout << "built " << util::count_text(report.episodes, "episode", "episodes") << ": " << util::count_text(report.files, "file", "files") << " (" << built.files_written
              << " changed), " << report.bytes << " bytes into " << config.output_dir().string() << " in " << seconds << " s\n";
    if (report.incremental)
        std::cout << "only notes changed: " << report.pages_rendered << " of " << report.pages
                  << " pages rendered again, the others kept\n";
    std::cout << "feed.xml: " << util::count_text(report.feed_items, "item", "items");
    if (report.left_out_without_audio)
        std::cout << "; " << util::count_text(report.left_out_without_audio, "episode", "episodes")
                  << " left out because no source gives their audio file (they still have pages)";
    if (report.left_out_without_date)
        std::cout << "; " << report.left_out_without_date << " left out because no source gives their date";
    std::cout << "; feed lint: " << util::count_text(report.lint_warnings, "warning", "warnings") << "\n";
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

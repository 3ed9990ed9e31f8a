#include "cli/check_command.hpp"

#include <iostream>
#include <memory>

#include "cli/audio_command.hpp"
#include "config/site_config.hpp"
#include "feed/lint.hpp"
#include "files/files.hpp"
#include "net/url.hpp"
#include "output/output.hpp"
#include "pipeline/build_site.hpp"
#include "render/site_check.hpp"
#include "text/strings.hpp"

namespace cli {

namespace {
struct CheckArgs {
    std::string config = "site.yaml";
    std::string feed;
    std::string base_url;
    bool audio = false;
};

int check_feed_file(const std::string& path) {
    std::string xml;
    try {
        xml = files::read_file(path);
    } catch (const files::FileError& e) {
        std::cerr << path << ": error: " << e.what() << "\n";
        return k_exit_input;
    }
    std::size_t errors = 0, warnings = 0;
    for (const auto& f : feed::lint_feed(xml)) {
        std::cout << core::format(feed::to_diagnostic(path, f)) << "\n";
        (f.level == feed::LintLevel::error ? errors : warnings) += 1;
    }
    std::cout << path << ": " << text::count_text(errors, "error", "errors") << ", "
              << text::count_text(warnings, "warning", "warnings") << "\n";
    return errors ? k_exit_input : k_exit_ok;
}

int check_site(const std::string& config_path, const std::string& base_url) {
    config::SiteConfig config = config::load_config(config_path);
    if (!base_url.empty()) {
        if (!config::is_plain_site_url(base_url)) {
            std::cerr << "podarchive: error: --base-url must be an absolute http(s) URL of a host and a plain path, "
                         "without a query or fragment\n";
            return k_exit_usage;
        }
        config.base_url = net::with_trailing_slash(base_url);
    }
    output::MemoryOutput out;
    pipeline::BuildReport report = pipeline::build_site(config, out);  // throws on lint errors and bad input
    auto problems = render::check_site(out, config.base_url);
    for (const auto& w : report.warnings) std::cout << core::format(w) << "\n";  // (the feed's warnings among them)
    for (const auto& p : problems) std::cout << core::format(p) << "\n";
    std::cout << "checked " << out.files().size()
              << " files: " << text::count_text(problems.size(), "problem", "problems") << ", "
              << text::count_text(report.lint_warnings, "feed warning", "feed warnings") << " (above)\n";
    return problems.empty() ? k_exit_ok : k_exit_input;
}
}  // namespace

Command check_command() {
    return {"check", "Check a feed file, or build the site in memory and check it as a visitor would",
            [](CLI::App& sub) {
                auto args = std::make_shared<CheckArgs>();
                sub.add_option("feed", args->feed, "A feed file to lint (without it: the whole site)");
                sub.add_option("--config,-c", args->config, "Path of site.yaml")->capture_default_str();
                sub.add_option("--base-url", args->base_url,
                               "Check as published at this URL instead of site.yaml's base_url");
                sub.add_flag("--audio", args->audio,
                             "Report what the archive keeps of each episode's audio instead: kept, missing, damaged, "
                             "gone at the host");
                return std::function<int()>([args] {
                    if (args->audio) return check_audio(args->config);
                    return args->feed.empty() ? check_site(args->config, args->base_url) : check_feed_file(args->feed);
                });
            }};
}

}  // namespace cli

#include "cli/merge_command.hpp"

#include <iostream>
#include <memory>

#include "config/site_config.hpp"
#include "merge/merge.hpp"
#include "merge/report.hpp"
#include "site/site_paths.hpp"
#include "stages/notes.hpp"
#include "stages/sources.hpp"
#include "text/unicode.hpp"

namespace cli {

namespace {
struct MergeArgs {
    std::string config = "site.yaml";
    bool json = false;
};

int run_merge(const MergeArgs& args) {
    config::SiteConfig config = config::load_config(args.config);
    auto batches = stages::load_sources(config);
    core::Catalog catalog = stages::merge_for_commands(config, batches);
    stages::apply_notes(config, catalog, site::SitePaths(config.base_url));  // notes override fields too
    for (const auto& b : batches)
        for (const auto& d : b.diagnostics) std::cerr << core::format(d) << "\n";
    // (JSON escapes control characters itself; the text report quotes the feeds' titles.)
    if (args.json)
        std::cout << merge::report_json(catalog).dump(1) << "\n";
    else
        std::cout << text::terminal_safe(merge::report_text(catalog), true);
    return k_exit_ok;
}
}  // namespace

Command merge_command() {
    return {"merge", "Merge the sources and report the episodes, their records, conflicts and dropped records",
            [](CLI::App& sub) {
                auto args = std::make_shared<MergeArgs>();
                sub.add_option("--config,-c", args->config, "Path of site.yaml")->capture_default_str();
                sub.add_flag("--json", args->json, "Print the report as JSON on stdout");
                return std::function<int()>([args] { return run_merge(*args); });
            }};
}

}  // namespace cli

#include "cli/theme_command.hpp"

#include <iostream>
#include <memory>

#include "theme/theme_files.hpp"

namespace cli {

namespace {

int run_export(const std::string& dir) {
    const theme::Export done = theme::export_builtin(dir);
    if (!done.in_the_way.empty()) {
        std::cerr << "podarchive: error: " << done.in_the_way.size() << " of the theme's files exist already in " << dir
                  << " (first: " << done.in_the_way.front().string() << "); nothing was written. Export to another folder, or move them away\n";
        return k_exit_input;
    }
    for (const auto& p : done.written) std::cout << "wrote " << p.string() << "\n";
    std::cout << "The site uses these files once they are in themes/<theme>/ beside site.yaml (theme: default reads "
                 "themes/default/); a file missing there comes from the built-in theme.\n";
    return k_exit_ok;
}

}  // namespace

Command theme_command() {
    return {"theme", "Themes: `theme export [DIR]` writes the built-in theme (to themes/default by default)", [](CLI::App& sub) {
                auto dir = std::make_shared<std::string>("themes/default");
                sub.require_subcommand(1);
                CLI::App* out = sub.add_subcommand("export", "Write the built-in theme's templates and static files, to customise them");
                out->add_option("dir", *dir, "Where to write them")->capture_default_str();
                return std::function<int()>([dir] { return run_export(*dir); });
            }};
}

}  // namespace cli

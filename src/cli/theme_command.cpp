#include "cli/theme_command.hpp"

#include <filesystem>
#include <iostream>
#include <memory>

#include "files/files.hpp"
#include "theme/theme_files.hpp"

namespace cli {

namespace {

int run_export(const std::string& dir) {
    // A folder written as under this one is refused when a link takes it elsewhere (a themes/
    // that came with a cloned archive); a folder named elsewhere is the user's own choice.
    if (auto target = files::link_out_of(std::filesystem::current_path(), dir)) {
        std::cerr << "podarchive: error: " << dir << " is reached through a symbolic link out of this folder (to "
                  << *target << "); nothing was written. Export to a folder of the project's own\n";
        return k_exit_input;
    }
    theme::Export done;
    try {
        done = theme::export_builtin(dir);
    } catch (const files::FileError& e) {
        std::cerr << "podarchive: error: " << e.path() << ": " << e.what() << "; nothing was written\n";
        return k_exit_input;
    }
    if (!done.in_the_way.empty()) {
        std::cerr << "podarchive: error: " << done.in_the_way.size() << " of the theme's files exist already in " << dir
                  << " (first: " << done.in_the_way.front().string()
                  << "); nothing was written. Export to another folder, or move them away\n";
        return k_exit_input;
    }
    for (const auto& p : done.written) std::cout << "wrote " << p.string() << "\n";
    std::cout << "The site uses these files once they are in themes/<theme>/ beside site.yaml (theme: default reads "
                 "themes/default/); a file missing there comes from the built-in theme.\n";
    return k_exit_ok;
}

}  // namespace

Command theme_command() {
    return {"theme", "Themes: `theme export [DIR]` writes the built-in theme (to themes/default by default)",
            [](CLI::App& sub) {
                auto dir = std::make_shared<std::string>("themes/default");
                sub.require_subcommand(1);
                CLI::App* out = sub.add_subcommand(
                    "export", "Write the built-in theme's templates and static files, to customise them");
                out->add_option("dir", *dir, "Where to write them")->capture_default_str();
                return std::function<int()>([dir] { return run_export(*dir); });
            }};
}

}  // namespace cli

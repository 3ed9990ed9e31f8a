#include "cli/commands.hpp"

#include <algorithm>
#include <iostream>

#include "cli/audio_command.hpp"
#include "cli/build_command.hpp"
#include "cli/check_command.hpp"
#include "cli/fetch_command.hpp"
#include "cli/init_command.hpp"
#include "cli/merge_command.hpp"
#include "cli/new_command.hpp"
#include "cli/serve_command.hpp"
#include "cli/theme_command.hpp"
#include "cli/usage_errors.hpp"
#include "cli/version.hpp"
#include "core/diagnostic.hpp"

namespace cli {

const std::vector<Command>& commands() {
    static const std::vector<Command> table = {init_command(),  build_command(), merge_command(),
                                               new_command(),   check_command(), serve_command(),
                                               fetch_command(), audio_command(), theme_command()};
    return table;
}

int run(int argc, char** argv) {
    CLI::App app{"podarchive: a static site generator for podcast archives", "podarchive"};
    app.set_version_flag("--version,-V", version_line());
    app.require_subcommand(0, 1);
    std::vector<std::pair<CLI::App*, std::function<int()>>> runners;
    for (const auto& command : commands()) {
        CLI::App* sub = app.add_subcommand(command.name, command.help);
        runners.emplace_back(sub, command.setup(*sub));
    }
    // `podarchive help [command]`
    std::string help_topic;
    CLI::App* help = app.add_subcommand("help", "Show help for podarchive or one command");
    help->add_option("command", help_topic, "The command to explain");
    try {
        app.parse(argc, argv);
    } catch (const CLI::CallForHelp& e) {
        return app.exit(e);
    } catch (const CLI::CallForVersion& e) {
        return app.exit(e);
    } catch (const CLI::ParseError& e) {
        std::vector<std::string> words =
            unexpected_words(app, std::vector<std::string>(argv + std::min(argc, 1), argv + argc));
        if (words.empty()) {
            app.exit(e);
            return k_exit_usage;
        }
        for (const auto& message : words) std::cerr << "podarchive: error: " << message << "\n";
        return k_exit_usage;
    }
    if (help->parsed()) {
        if (help_topic.empty()) {
            std::cout << app.help();
            return k_exit_ok;
        }
        if (help_topic == "help") {
            std::cout << help->help();
            return k_exit_ok;
        }
        for (auto& [sub, fn] : runners)
            if (sub->get_name() == help_topic) {
                std::cout << sub->help();
                return k_exit_ok;
            }
        std::cerr << "podarchive: no command named '" << help_topic << "'; `podarchive help` lists them\n";
        return k_exit_usage;
    }
    for (auto& [sub, fn] : runners)
        if (sub->parsed()) return fn();
    std::cout << app.help();
    return k_exit_usage;
}

}  // namespace cli

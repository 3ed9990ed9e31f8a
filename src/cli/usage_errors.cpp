#include "cli/usage_errors.hpp"

#include <algorithm>

#include "text/strings.hpp"

namespace cli {

namespace {

std::string command_path(const CLI::App& app) {
    std::string path;
    for (const CLI::App* at = &app; at; at = at->get_parent()) path = at->get_name() + (path.empty() ? "" : " " + path);
    return path;
}

// The option `word` names ("--output", "-o", "--output=x"), or null.
const CLI::Option* find_option(const CLI::App& app, const std::string& word) {
    std::string name = word.substr(0, word.find('='));
    for (const CLI::Option* opt : app.get_options()) {
        for (const auto& l : opt->get_lnames())
            if (name == "--" + l) return opt;
        for (const auto& s : opt->get_snames())
            if (name == "-" + s) return opt;
    }
    return nullptr;
}

std::vector<std::string> option_names(const CLI::App& app) {
    std::vector<std::string> names;
    for (const CLI::Option* opt : app.get_options())
        for (const auto& l : opt->get_lnames()) names.push_back("--" + l);
    return names;
}

std::vector<CLI::App*> subcommands(CLI::App& app) {
    return app.get_subcommands([](CLI::App*) { return true; });
}

std::vector<std::string> subcommand_names(CLI::App& app) {
    std::vector<std::string> names;
    for (const CLI::App* sub : subcommands(app)) names.push_back(sub->get_name());
    return names;
}

std::string did_you_mean(const std::string& near) {
    return near.empty() ? "" : "; did you mean '" + near + "'?";
}

}  // namespace

std::vector<std::string> unexpected_words(CLI::App& app, const std::vector<std::string>& args) {
    std::vector<std::string> messages;
    CLI::App* at = &app;
    std::size_t positionals_left = 0;  // of `at`
    bool positionals_unlimited = false;
    auto enter = [&](CLI::App* sub) {
        at = sub;
        positionals_left = 0;
        positionals_unlimited = false;
        for (const CLI::Option* opt : sub->get_options())
            if (opt->get_positional() && !opt->nonpositional()) {
                if (opt->get_items_expected_max() > 1)
                    positionals_unlimited = true;
                else
                    ++positionals_left;
            }
    };
    enter(&app);
    for (std::size_t i = 0; i < args.size(); ++i) {
        const std::string& word = args[i];
        if (word == "--") break;  // (the rest are values)
        if (word.size() > 1 && word[0] == '-') {
            const CLI::Option* known = find_option(*at, word);
            if (!known && at != &app) known = find_option(app, word);  // --help, --version
            if (known) {
                if (known->get_items_expected_min() > 0 && word.find('=') == std::string::npos) ++i;  // its value
                continue;
            }
            std::string near = text::nearest_word(word.substr(0, word.find('=')), option_names(*at));
            std::string message = "unknown option '" + word + "' for '" + command_path(*at) + "'" + did_you_mean(near);
            if (const CLI::Option* meant = near.empty() ? nullptr : find_option(*at, near);
                meant && meant->get_items_expected_min() > 0 && word.find('=') == std::string::npos &&
                i + 1 < args.size() && !args[i + 1].starts_with("-"))
                ++i;  // the value the meant option would have taken
            messages.push_back(message);
            continue;
        }
        std::vector<CLI::App*> subs = subcommands(*at);
        if (auto sub = std::find_if(subs.begin(), subs.end(), [&](CLI::App* s) { return s->get_name() == word; });
            sub != subs.end()) {
            enter(*sub);
            continue;
        }
        if (positionals_unlimited) continue;
        if (positionals_left > 0) {
            --positionals_left;
            continue;
        }
        if (!subs.empty())
            messages.push_back("'" + word + "' is not a command of '" + command_path(*at) + "'" +
                               did_you_mean(text::nearest_word(word, subcommand_names(*at))) + " (`" +
                               command_path(app) + " --help` lists them)");
        else
            messages.push_back("unexpected argument '" + word + "' for '" + command_path(*at) + "'");
    }
    return messages;
}

}  // namespace cli

#include "cli/new_command.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <filesystem>
#include <iostream>
#include <memory>

#include "config/site_config.hpp"
#include "notes/apply_notes.hpp"
#include "stages/sources.hpp"
#include "text/strings.hpp"

namespace cli {

namespace {
struct NewArgs {
    std::string config = "site.yaml";
    std::string episode;
};

int run_new_note(const NewArgs& args) {
    config::SiteConfig config = config::load_config(args.config);
    auto batches = stages::load_sources(config);
    core::Catalog catalog = stages::merge_for_commands(config, batches);
    auto hits = notes::find_episodes(catalog, args.episode);
    if (hits.size() != 1) {
        std::string why = "matches " + std::to_string(hits.size()) + " episodes; use a slug";
        if (hits.empty()) {
            auto near = notes::closest_slugs(catalog, args.episode);
            why = "matches no episode's slug, guid or title; " +
                  (near.empty() ? std::string("`podarchive merge` lists every episode with its slug")
                                : "the closest slugs: " + text::join(near, ", "));
        }
        std::cerr << "podarchive: error: '" << args.episode << "' " << why << "\n";
        return k_exit_input;
    }
    const core::Episode& e = catalog.episodes[hits[0]];
    std::filesystem::path file = config.content_dir() / "episodes" / (e.slug + ".md");
    std::filesystem::create_directories(file.parent_path());
    // O_EXCL: never overwrite a note, even one created a moment ago by someone else.
    int fd = ::open(file.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
    if (fd < 0) {
        std::cerr << "podarchive: error: " << file.string() << " already exists; edit it instead\n";
        return k_exit_input;
    }
    std::string text = notes::note_template(e);
    bool ok = ::write(fd, text.data(), text.size()) == static_cast<ssize_t>(text.size());
    ::close(fd);
    if (!ok) {
        std::cerr << "podarchive: error: cannot write " << file.string() << "\n";
        return k_exit_input;
    }
    std::cout << "wrote " << file.string() << "\n";
    return k_exit_ok;
}
}  // namespace

Command new_command() {
    return {"new", "Create content: `new note <episode>` writes content/episodes/<slug>.md", [](CLI::App& sub) {
                auto args = std::make_shared<NewArgs>();
                sub.require_subcommand(1);
                CLI::App* note =
                    sub.add_subcommand("note", "Write a note for an episode (by slug, guid or exact title)");
                note->add_option("episode", args->episode, "The episode")->required();
                note->add_option("--config,-c", args->config, "Path of site.yaml")->capture_default_str();
                return std::function<int()>([args] { return run_new_note(*args); });
            }};
}

}  // namespace cli

#pragma once
#include <filesystem>
#include <vector>

#include "cli/commands.hpp"
#include "config/site_config.hpp"

namespace cli {

// `podarchive serve [--port N] [--bind ADDR] [--config site.yaml]`
Command serve_command();

// The folders whose changes `serve` rebuilds for: `recursive` with their subfolders (content,
// templates, static files, themes), `flat` alone (the project's own, each source's, and the
// audio manifest's: a fetch that finds a host's file gone changes every player of it).
struct WatchedFolders {
    std::vector<std::filesystem::path> recursive, flat;
};
WatchedFolders watched_folders(const config::SiteConfig& config);

}  // namespace cli

#pragma once
// Which changes `serve` sees are edits to rebuild for: not what a build or a fetch writes itself.
#include <filesystem>
#include <vector>

#include "config/site_config.hpp"

namespace serve {

// The folders whose changes `serve` rebuilds for: `recursive` with their subfolders (content,
// templates, static files, themes), `flat` alone (the project's own, each source's, and the
// audio manifest's: a fetch that finds a host's file gone changes every player of it).
struct WatchedFolders {
    std::vector<std::filesystem::path> recursive, flat;
};
WatchedFolders watched_folders(const config::SiteConfig& config);

// False for a path under the output folder (a `build` run meanwhile), for the build's state
// beside it (".public.manifest.json", ".public.build.json", ".public.staging-N/"), and for a
// temporary file podarchive writes before renaming it into place (".feed.xml.123-0.tmp": the
// rename is the change). `output` is the output folder with its links resolved.
bool is_edit(const std::filesystem::path& changed, const std::filesystem::path& output);

}  // namespace serve

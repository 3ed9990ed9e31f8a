#include "serve/edits.hpp"

#include "util/files.hpp"

namespace serve {

namespace fs = std::filesystem;

WatchedFolders watched_folders(const config::SiteConfig& config) {
    WatchedFolders out{{config.content_dir(), config.templates_dir(), config.static_dir(), config.themes_dir()}, {config.root}};
    for (const auto& s : config.sources) out.flat.push_back(s.path.parent_path());
    if (config.audio.keep) out.flat.push_back(config.audio_manifest().parent_path());
    return out;
}

bool is_edit(const fs::path& changed, const fs::path& output) {
    const fs::path path = fs::weakly_canonical(changed);
    // (By path segments: with `output: site`, site.yaml is not under it.)
    if (util::lexically_within(output, path)) return false;
    // A folder's path ends with a separator: its name is the segment before it.
    const fs::path named = path.filename().empty() ? path.parent_path() : path;
    const std::string name = named.filename().string();
    if (named.parent_path() == output.parent_path() && name.starts_with("." + output.filename().string() + ".")) return false;
    if (name.starts_with(".") && name.ends_with(".tmp")) return false;
    return true;
}

}  // namespace serve

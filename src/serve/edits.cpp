#include "serve/edits.hpp"

#include "files/files.hpp"

namespace serve {

namespace fs = std::filesystem;

bool is_edit(const fs::path& changed, const fs::path& output) {
    const fs::path path = fs::weakly_canonical(changed);
    // (By path segments: with `output: site`, site.yaml is not under it.)
    if (files::lexically_within(output, path)) return false;
    // A folder's path ends with a separator: its name is the segment before it.
    const fs::path named = path.filename().empty() ? path.parent_path() : path;
    const std::string name = named.filename().string();
    if (named.parent_path() == output.parent_path() && name.starts_with("." + output.filename().string() + "."))
        return false;
    if (name.starts_with(".") && name.ends_with(".tmp")) return false;
    return true;
}

}  // namespace serve

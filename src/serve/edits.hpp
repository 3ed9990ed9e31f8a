#pragma once
// Which changes `serve` sees are edits to rebuild for: not what a build or a fetch writes itself.
#include <filesystem>

namespace serve {

// False for a path under the output folder (a `build` run meanwhile), for the build's state
// beside it (".public.manifest", ".public.build-record", ".public.merged", ".public.texts",
// ".public.notes", ".public.lock", ".public.staging-N/"), and for a temporary file podarchive
// writes before renaming it into place (".feed.xml.123-0.tmp": the rename is the change). `output` is the output folder
// with its links resolved.
bool is_edit(const std::filesystem::path& changed, const std::filesystem::path& output);

}  // namespace serve

#pragma once
// `build`: the site into its output folder (staged, then swapped in whole), doing no more than
// the inputs' changes since the folder's last build call for:
//   - nothing changed (same input fingerprint): nothing is built, nothing touched;
//   - notes alone changed, and the last build's record is there (saved_build.hpp): only the
//     pages whose recorded inputs changed are rendered; the others are kept as they are;
//   - anything else: every page is rendered; files whose bytes did not change keep their inode.
#include <cstddef>

#include "config/site_config.hpp"
#include "pipeline/build_site.hpp"

namespace on_disk {

// What build_folder did.
struct FolderBuild {
    bool up_to_date = false;  // nothing changed since the last build: nothing was done
    pipeline::BuildReport report;
    std::size_t files_written = 0;  // written, not linked from the last build
};

// Throws core::InputError on bad input, leaving the output folder as it was. `published`: the
// feed the site has published (build_site's), read by the caller.
FolderBuild build_folder(const config::SiteConfig& config, const stages::PublishedSite* published = nullptr);

}  // namespace on_disk

#pragma once
#include "cli/commands.hpp"

namespace cli {

// `podarchive init [DIR] [--feed URL-or-FILE]`: scaffolds a site that builds.
Command init_command();

}  // namespace cli

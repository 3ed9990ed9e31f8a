#pragma once
#include "cli/commands.hpp"

namespace cli {

// `podarchive build [--config site.yaml] [--output DIR] [--base-url URL] [--quiet]`
Command build_command();

}  // namespace cli

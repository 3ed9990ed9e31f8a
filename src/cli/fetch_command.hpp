#pragma once
#include "cli/commands.hpp"

namespace cli {

// `podarchive fetch [--config site.yaml] [--timeout S] [--max-bytes N]`
Command fetch_command();

}  // namespace cli

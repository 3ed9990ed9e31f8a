#pragma once
#include "cli/commands.hpp"

namespace cli {

// `podarchive merge [--config site.yaml] [--json]`: how the sources were merged.
Command merge_command();

}  // namespace cli

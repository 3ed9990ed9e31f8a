#pragma once
#include "cli/commands.hpp"

namespace cli {

// `podarchive theme export [DIR]`: the built-in theme's files, to customise.
Command theme_command();

}  // namespace cli

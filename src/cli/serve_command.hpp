#pragma once
#include "cli/commands.hpp"

namespace cli {

// `podarchive serve [--port N] [--bind ADDR] [--config site.yaml]`
Command serve_command();

}  // namespace cli

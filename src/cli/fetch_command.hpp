#pragma once
#include "cli/commands.hpp"

namespace cli {

// `podarchive fetch [--config site.yaml] [--timeout S] [--max-bytes N] [--max-pages N] [--history [--history-limit N]
// [--history-delay-ms MS]]`
Command fetch_command();

}  // namespace cli

#pragma once
#include "cli/commands.hpp"

namespace cli {

// `podarchive new note <episode> [--config site.yaml]`: writes content/episodes/<slug>.md.
Command new_command();

}  // namespace cli

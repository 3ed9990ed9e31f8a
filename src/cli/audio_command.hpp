#pragma once
#include "cli/commands.hpp"

namespace cli {

// `podarchive audio upload`: the store's copies that are not yet where the site serves them from.
Command audio_command();

// `podarchive check --audio`: what the archive keeps of each episode's audio. Exit 1 when an
// episode has no copy, or a damaged one.
int check_audio(const std::string& config_path);

}  // namespace cli

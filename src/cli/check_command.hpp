#pragma once
#include "cli/commands.hpp"

namespace cli {

// `podarchive check [FEED.xml]`: lints a feed file; without a file, builds the site into memory
// and checks it as a visitor would (links, titles, the feed).
Command check_command();

}  // namespace cli

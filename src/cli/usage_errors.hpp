#pragma once
// What to say when the command line has a word the parser did not expect. CLI11 lists such words
// in one line, last first, with no suggestion; a user who typed `podarchive biuld` or
// `build --outptu x` wants to hear which word is wrong, in the order typed, and what was meant.
#include <CLI/CLI.hpp>
#include <string>
#include <vector>

namespace cli {

// One message per unexpected word of `args` (argv without the program name), in the order
// given, each naming the nearest command or option of the command it was given to. Empty when
// every word is one the parser knows (then the parse failed for another reason).
std::vector<std::string> unexpected_words(CLI::App& app, const std::vector<std::string>& args);

}  // namespace cli

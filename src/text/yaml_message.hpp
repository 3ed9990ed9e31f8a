#pragma once
// What yaml-cpp's complaint about a file says to the person who wrote it.
#include <string>

namespace YAML {
class Exception;
}

namespace text {

// The message for a YAML parse error `e`, at e.mark: "malformed YAML: " and yaml-cpp's words,
// but for lists and mappings nested deeper than it reads (its depth guard, a few hundred to a
// thousand levels as they are written), which it calls a "bad file", as if the file could not
// be read at all.
std::string yaml_message(const YAML::Exception& e);

}  // namespace text

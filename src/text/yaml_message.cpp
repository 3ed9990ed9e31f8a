#include "text/yaml_message.hpp"

#include <yaml-cpp/depthguard.h>
#include <yaml-cpp/exceptions.h>

namespace text {

std::string yaml_message(const YAML::Exception& e) {
    if (dynamic_cast<const YAML::DeepRecursion*>(&e))
        return "malformed YAML: lists or mappings nested too deeply: podarchive reads YAML nested up to a few "
               "hundred levels (no site, note or listing needs more)";
    return "malformed YAML: " + e.msg;
}

}  // namespace text

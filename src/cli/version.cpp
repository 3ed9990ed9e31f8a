#include "cli/version.hpp"

namespace cli {

std::string version_line() {
    return std::string("podarchive ") + PODARCHIVE_VERSION + " (commit " + build_commit() + ")";
}

}  // namespace cli

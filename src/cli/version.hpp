#pragma once
// What `podarchive --version` says: the release and the commit the binary was built from.
#include <string>

namespace cli {

// The commit's short hash ("1a2b3c4d5e6f"; "-modified" after it when tracked files differed from
// it), or "unknown" when built outside a git checkout. Generated at build time.
const char* build_commit();

// "podarchive 0.2.0 (commit 1a2b3c4d5e6f)".
std::string version_line();

}  // namespace cli

#!/usr/bin/env bash
# Builds the release package: podarchive_<version>_amd64.deb in build/ (the Release build of
# the README's first command), with its runtime dependencies read off the binary
# (dpkg-shlibdeps). Prints the package's path. Usage: .ci/package.sh
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
.ci/install-deps.sh >&2
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release >&2
cmake --build build -j2 --target podarchive >&2
(cd build && cpack -G DEB >&2)
ls "$root"/build/podarchive_*_amd64.deb

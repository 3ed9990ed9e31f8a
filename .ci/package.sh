#!/usr/bin/env bash
# Builds the release package: podarchive_<version>_amd64.deb in build/ (the Release build of
# the README's first command), with its runtime dependencies read off the binary
# (dpkg-shlibdeps), the man page (help2man, from the commands' own help) and the licence.
# PODARCHIVE_RELEASES, when set, is where the package will be published: the workflow that
# `init` writes then installs from there (CI sets it to the releases of the repository that
# builds it). Prints the package's path. Usage: [PODARCHIVE_RELEASES=URL] .ci/package.sh
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
.ci/install-deps.sh >&2
missing=()
for p in dpkg-dev file help2man; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  sudo_cmd=""
  [ "$(id -u)" -eq 0 ] || sudo_cmd="sudo"
  $sudo_cmd apt-get update -qq >&2
  DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq --no-install-recommends "${missing[@]}" >&2
fi
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release -DPODARCHIVE_RELEASES="${PODARCHIVE_RELEASES:-}" >&2
cmake --build build -j2 --target podarchive podarchive_man >&2
(cd build && cpack -G DEB >&2)
ls "$root"/build/podarchive_*_amd64.deb

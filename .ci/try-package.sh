#!/usr/bin/env bash
# Installs a release package on this machine, meant to be a clean Debian 12 (a fresh
# debian:12 container, or a debootstrap root), as root, and makes a site with it as a new user
# would: `podarchive init --feed FILE && podarchive build`, then `podarchive check`.
# With PODARCHIVE_RELEASES set, the workflow init writes must install from there.
# Usage: [PODARCHIVE_RELEASES=URL] .ci/try-package.sh podarchive_<version>_amd64.deb
set -euo pipefail
deb="$(realpath "$1")"
fixture="$(realpath "$(dirname "$0")/../tests/fixtures/hosts/libsyn_2011.xml")"
apt-get update -qq
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "$deb"
podarchive --version
site="$(mktemp -d)/site"
podarchive init "$site" --feed "$fixture"
cd "$site"
podarchive build
podarchive check
test -f public/index.html && test -f public/feed.xml && test -f .github/workflows/publish.yml
test -f /usr/share/doc/podarchive/copyright && test -f /usr/share/man/man1/podarchive.1.gz
if [ -n "${PODARCHIVE_RELEASES:-}" ]; then
  grep -qF "PODARCHIVE_RELEASES: \"$PODARCHIVE_RELEASES\"" .github/workflows/publish.yml ||
    { echo "try-package: the workflow init wrote does not install from $PODARCHIVE_RELEASES" >&2; exit 1; }
fi
echo "try-package: $(basename "$deb") installs, and init + build make a site ($(find public -type f | wc -l) files)"

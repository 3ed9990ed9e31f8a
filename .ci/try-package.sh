#!/usr/bin/env bash
# Installs a release package on this machine, meant to be a clean Debian 12 (a fresh
# debian:12 container, or a debootstrap root), as root, and makes a site with it as a new user
# would: `podarchive init --feed FILE && podarchive build`, then `podarchive check`.
# Usage: .ci/try-package.sh podarchive_<version>_amd64.deb
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
echo "try-package: $(basename "$deb") installs, and init + build make a site ($(find public -type f | wc -l) files)"

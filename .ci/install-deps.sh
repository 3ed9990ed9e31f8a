#!/usr/bin/env bash
# Installs the Debian 12 packages podarchive needs, and only those that are missing,
# so it is cheap to run before every build (both README commands start with it).
set -euo pipefail
packages=(
  cmake g++ make pkg-config clang-14 libclang-rt-14-dev
  nlohmann-json3-dev libpugixml-dev libcmark-gfm-dev libcmark-gfm-extensions-dev
  libyaml-cpp-dev doctest-dev libkainjow-mustache-dev libutf8proc-dev libcli11-dev
  libhowardhinnant-date-dev libgumbo-dev libxxhash-dev libcurl4-openssl-dev libcpp-httplib-dev libssl-dev
  libjemalloc-dev libsimdjson-dev libre2-dev libstemmer-dev
  git dpkg-dev file
  chromium python3
)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "installing: ${missing[*]}"
  sudo_cmd=""
  [ "$(id -u)" -eq 0 ] || sudo_cmd="sudo"
  $sudo_cmd apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq --no-install-recommends \
    -o DPkg::Lock::Timeout=600 "${missing[@]}"
fi
# The browser tests' Node packages (tests/browser/package-lock.json), once.
root="$(cd "$(dirname "$0")/.." && pwd)"
if [ ! -d "$root/tests/browser/node_modules/playwright-core" ]; then
  npm ci --prefix "$root/tests/browser" --ignore-scripts --no-audit --no-fund
fi

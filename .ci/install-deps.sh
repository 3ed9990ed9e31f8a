#!/usr/bin/env bash
# Installs the Debian 12 packages podarchive needs, and only those that are missing, so it is
# cheap to run before every build. Usage:
#   .ci/install-deps.sh          what building and running the tool needs (README line 1)
#   .ci/install-deps.sh --tests  that, and what the tests need: the fuzzers' clang, Chromium and
#                                Node for the browser test, git, curl, python3, shellcheck,
#                                libstemmer's stemwords (the search stemmers' check) and
#                                clang-format (README line 2)
set -euo pipefail
packages=(
  ca-certificates cmake g++ make pkg-config
  nlohmann-json3-dev libpugixml-dev libcmark-gfm-dev libcmark-gfm-extensions-dev
  libyaml-cpp-dev doctest-dev libkainjow-mustache-dev libutf8proc-dev libcli11-dev
  libhowardhinnant-date-dev libgumbo-dev libxxhash-dev libcurl4-openssl-dev libcpp-httplib-dev libssl-dev
  libjemalloc-dev libsimdjson-dev libre2-dev libstemmer-dev libpng-dev libjpeg-dev libwebp-dev libpango1.0-dev libcairo2-dev fonts-dejavu-core libicu-dev libavformat-dev
  terser python3-snowballstemmer
)
tests=0
case "${1:-}" in
  "") ;;
  --tests) tests=1 ;;
  *) echo "usage: $0 [--tests]" >&2; exit 2 ;;
esac
if [ "$tests" -eq 1 ]; then
  # Debian's own Node (18) runs the browser test; no other Node is needed.
  packages+=(clang-14 libclang-rt-14-dev clang-format-14 chromium nodejs npm python3 git curl shellcheck rclone libstemmer-tools)
fi
# A machine with a Node of its own (nodesource's nodejs brings npm inside) keeps it.
have_node=0
command -v node >/dev/null && command -v npm >/dev/null && have_node=1
missing=()
for p in "${packages[@]}"; do
  if [ "$have_node" -eq 1 ] && { [ "$p" = nodejs ] || [ "$p" = npm ]; }; then continue; fi
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
if [ "$tests" -eq 1 ]; then
  # The browser test's Node packages (tests/browser/package-lock.json), once.
  root="$(cd "$(dirname "$0")/.." && pwd)"
  if [ ! -d "$root/tests/browser/node_modules/playwright-core" ]; then
    npm ci --prefix "$root/tests/browser" --ignore-scripts --no-audit --no-fund
  fi
fi

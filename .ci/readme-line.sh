#!/usr/bin/env bash
# Runs line N (1 or 2) of the README's set-up block, exactly as written, from the checkout's
# root, and says how long it took: how CI proves the README on a clean Debian 12.
# Usage: .ci/readme-line.sh N
set -euo pipefail
cd "$(dirname "$0")/.."
command=$(sed -n '/^## Set-up/,/^```$/p' README.md | grep '^\.ci/' | sed -n "${1:?usage: $0 N}p")
[ -n "$command" ] || { echo "README.md has no set-up line $1" >&2; exit 2; }
echo "README line $1: $command"
start=$(date +%s)
bash -c "$command"
echo "README line $1: done in $(($(date +%s) - start)) s"

#!/usr/bin/env bash
# Serves a built site under its base path and prints what each kind of page fetches on first
# view (bench/page_bytes.mjs). Usage: bench/page_bytes.sh SITEDIR PREFIX
#   bench/page_bytes.sh public /pytorch-podcast-archive/
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
work="$(mktemp -d)"
python3 "$here/../tests/browser/serve.py" "$1" "$2" "$work/port" &
server=$!
trap 'kill $server 2>/dev/null; rm -rf "$work"' EXIT
for _ in $(seq 50); do [ -s "$work/port" ] && break; sleep 0.1; done
node "$here/page_bytes.mjs" "http://127.0.0.1:$(cat "$work/port")$2"

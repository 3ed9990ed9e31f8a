#!/usr/bin/env bash
# The player and the search in Debian's Chromium (listening.mjs), on tests/fixtures/listening_site
# built by the podarchive binary given, served under a sub-path. Usage: run.sh PODARCHIVE
set -euo pipefail
binary="$1"
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
if [ ! -x /usr/bin/chromium ] || [ ! -d "$here/node_modules/playwright-core" ]; then
  echo "browser tests need Debian's chromium and tests/browser/node_modules: run .ci/install-deps.sh" >&2
  exit 1
fi
work="$(mktemp -d)"
server=""
trap '[ -n "$server" ] && kill "$server" 2>/dev/null; rm -rf "$work"' EXIT
cp -r "$root/tests/fixtures/listening_site" "$work/site"
mkdir -p "$work/out"
python3 "$here/serve.py" "$work/out" /listening-fixture/ "$work/port" &
server=$!
for _ in $(seq 50); do [ -s "$work/port" ] && break; sleep 0.1; done
base="http://127.0.0.1:$(cat "$work/port")/listening-fixture/"
python3 "$here/prepare.py" "$work/site" "$base"
(cd "$work/site" && "$binary" build --quiet --base-url "$base" --output "$work/out")
node "$here/listening.mjs" "$base"

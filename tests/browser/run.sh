#!/usr/bin/env bash
# The player and the search in Debian's Chromium (listening.mjs), on tests/fixtures/listening_site
# built by the podarchive binary given, served under a sub-path; then the same site as a
# Japanese show under ja/ and a Hebrew one under he/ (languages.mjs); then the same site once its host's audio is gone
# (audio_copies.mjs). Usage: run.sh PODARCHIVE
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
# The Japanese show: a title written without spaces, a Thai phrase in its show notes.
cp -r "$root/tests/fixtures/listening_site" "$work/site_ja"
python3 "$here/prepare.py" "$work/site_ja" "${base}ja/"
printf 'language: ja\n' >> "$work/site_ja/site.yaml"
sed -i -e 's|<title>Captions in WebVTT</title>|<title>機械学習コンパイラの仕組み</title>|' \
  -e 's|<description>An episode whose transcript is WebVTT|<description>ภาษาไทยง่ายนิดเดียว. An episode whose transcript is WebVTT|' \
  "$work/site_ja/content/sources/feed.xml"
(cd "$work/site_ja" && "$binary" build --quiet --base-url "${base}ja/" --output "$work/out/ja")
# And as a Hebrew one (right to left).
cp -r "$root/tests/fixtures/listening_site" "$work/site_he"
python3 "$here/prepare.py" "$work/site_he" "${base}he/"
printf 'language: he\n' >> "$work/site_he/site.yaml"
sed -i 's|<description>An episode whose transcript is WebVTT|<description>וגרפים נשברים כאן. An episode whose transcript is WebVTT|' \
  "$work/site_he/content/sources/feed.xml"
(cd "$work/site_he" && "$binary" build --quiet --base-url "${base}he/" --output "$work/out/he")
node "$here/languages.mjs" "${base}ja/" "${base}he/"
# The host goes away: fetch keeps each episode's audio, the copies are served at mirror_url, the
# host's files answer 404. The players fall back to the copy by themselves; once fetch has found
# the files gone, the copy comes first (audio_copies.mjs).
cp -r "$root/tests/fixtures/listening_site" "$work/site_gone"
python3 "$here/prepare.py" "$work/site_gone" "${base}gone/"
printf 'allowed_hosts: [127.0.0.1]\naudio:\n  keep: true\n  mirror_url: %scopies/\n  check_days: 0\n' "$base" >> "$work/site_gone/site.yaml"
gone_build() {
  (cd "$work/site_gone" && "$binary" build --quiet --base-url "${base}gone/" --output "$work/out/gone")
  mkdir -p "$work/out/copies" && cp "$work/site_gone/archive/audio/"* "$work/out/copies/"
}
(cd "$work/site_gone" && "$binary" build --quiet --base-url "${base}gone/" --output "$work/out/gone")  # (the host, live)
(cd "$work/site_gone" && "$binary" fetch >/dev/null 2>&1) || true  # (the fixture's feed and artwork URLs do not resolve)
rm -rf "$work/site_gone/static/audio"
gone_build
node "$here/audio_copies.mjs" "${base}gone/" "${base}copies/" unnoticed
sleep 1  # (a file is checked at most once a second)
(cd "$work/site_gone" && "$binary" fetch >/dev/null 2>&1) || true
grep -q '"host": "gone"' "$work/site_gone/archive/audio.json"
gone_build
node "$here/audio_copies.mjs" "${base}gone/" "${base}copies/" gone

#!/usr/bin/env bash
# Runs the whole tool on generated hostile inputs with a 1 MB stack (`ulimit -s 1024`), so that
# recursion on input shows up here rather than on a user's machine: every run must end with an
# exit code of 0 or 1 (never a signal), no input may change or disappear, and each case's
# message or output is checked. ctest runs it (CMakeLists.txt); by hand:
#   .ci/hostile.sh build/podarchive
set -uo pipefail
binary="$(cd "$(dirname "$1")" && pwd)/$(basename "$1")"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
ulimit -s 1024
passed=0
failed=0
ok() { passed=$((passed + 1)); echo "ok   $1"; }
bad() { failed=$((failed + 1)); echo "FAIL $1"; }

# run NAME DIR EXPECTED_EXIT [ARGS...]: runs the tool in DIR; an exit above 1 (a signal) always fails.
run() {
  local name="$1" dir="$2" want="$3"
  shift 3
  (cd "$dir" && timeout 120 "$binary" "$@" >"$work/$name.out" 2>&1)
  local code=$?
  if [ "$code" -gt 1 ]; then bad "$name: exit $code (a crash or a hang)"; tail -5 "$work/$name.out"; return 1; fi
  if [ "$want" != any ] && [ "$code" -ne "$want" ]; then bad "$name: exit $code, expected $want"; tail -5 "$work/$name.out"; return 1; fi
  return 0
}
# expect NAME TEXT: the run's output has TEXT.
expect() { if grep -qF -- "$2" "$work/$1.out"; then ok "$1"; else bad "$1: no '$2' in its output"; tail -5 "$work/$1.out"; fi; }

site() {  # site NAME: a folder with a bare site.yaml and a one-item feed
  local dir="$work/$1"
  mkdir -p "$dir"
  cat >"$dir/site.yaml" <<YAML
title: Hostile
base_url: https://example.org/h/
sources:
  - path: feed.xml
YAML
  printf '%s\n' '<rss version="2.0"><channel><title>H</title><link>https://example.org/</link><description>d</description>' \
    '<item><title>One</title><guid>g1</guid><pubDate>Sun, 04 Aug 2024 01:47:46 +0000</pubDate>' \
    '<enclosure url="https://example.org/1.mp3" length="1" type="audio/mpeg"/>' \
    "<description>${2:-Plain.}</description></item></channel></rss>" >"$dir/feed.xml"
  echo "$dir"
}

# A directory page with one 400 KB line (an inline data: image), as its own source and as what
# a server answers.
dir=$(site long-line)
python3 -c "print('Episodes - August 18, 2021 13:00 - 13 minutes'); print('x' * 400000 + ' - August 18, 2021'); print('<img src=\"data:image/png;base64,' + 'A' * 400000 + '\">')" >"$dir/page.txt"
printf '  - path: page.txt\n' >>"$dir/site.yaml"
run long-line "$dir" any build && ok long-line
run long-line-merge "$dir" any merge && ok long-line-merge

# A pod.casts.io page of 20,000 entries without blank lines (each entry's description was the
# rest of the page: killed for memory), and an Apple page's item of 300,000 lines without its
# link (searched again for each line: 18 s).
dir=$(site page-no-blanks)
python3 -c "print('Latest Episodes'); print(); [print(f'Title {i}\nShow - August 18, 2021 13:00 - 13 minutes\nWords.') for i in range(20000)]" >"$dir/pods.txt"
python3 -c "print('# Show\nhttps://podcasts.apple.com/us/podcast/x/id1\n## Episodes\n1. [ 08/04/2024 One words'); print('more words\n' * 300000)" >"$dir/apple.txt"
printf '  - path: pods.txt\n  - path: apple.txt\n' >>"$dir/site.yaml"
run page-no-blanks "$dir" 0 build && ok page-no-blanks

# Deep nesting: 200,000 <b> in a feed's show notes (gumbo frees its tree by recursion: the tool
# keeps gumbo's memory itself); note bodies of 20,000 '>' and 50,000 '*' (past the HTML
# parser's budget: an error naming the note), and of 100 '>' (the page's).
deep=$(python3 -c "print('&lt;b&gt;' * 200000 + 'deep' + '&lt;/b&gt;' * 200000)")
dir=$(site deep-html "$deep")
run deep-html "$dir" 0 build && ok deep-html
# XML nested 200,000 deep under the channel (podcast:value) and an item (Media RSS): feed.xml
# copies 16 levels with a warning (each level is indented there: the whole copy was 40 GB).
dir=$(site deep-xml)
python3 - "$dir/feed.xml" <<'PY'
import sys
def deep(tag):
    return ("<%s>" % tag) * 200000 + ("</%s>" % tag) * 200000
open(sys.argv[1], "w").write(
    '<rss version="2.0" xmlns:media="http://search.yahoo.com/mrss/" '
    'xmlns:podcast="https://podcastindex.org/namespace/1.0"><channel><title>H</title>'
    "<link>https://example.org/</link><description>d</description>" + deep("podcast:value") +
    "<item><title>One</title><guid>g1</guid><pubDate>Sun, 04 Aug 2024 01:47:46 +0000</pubDate>"
    '<enclosure url="https://example.org/1.mp3" length="1" type="audio/mpeg"/>' + deep("media:group") +
    "</item></channel></rss>")
PY
run deep-xml "$dir" 0 build && expect deep-xml "nested more than 16 deep under an item or the channel"
size=$(stat -c %s "$dir/public/feed.xml" 2>/dev/null || echo 0)
if [ "$size" -gt 0 ] && [ "$size" -lt 100000 ]; then ok "deep-xml: feed.xml is $size bytes"; else bad "deep-xml: feed.xml is $size bytes"; fi
# HTML whose cost to gumbo grows with the square of its length (html/parse_cost.hpp): 200,000
# nested <div> took 30 s, 20,000 "<p><b id=N>x" (260 KB) more than 15 GB, one tag of 100,000
# attributes (1 MB) 15 s, 400 "<p><b" of 200 attributes each (680 KB) 15 s. Each is read as its
# text, with a warning.
for tangle in "'&lt;div&gt;' * 200000" "''.join('&lt;p&gt;&lt;b id=%d&gt;x' % i for i in range(20000))" \
  "'&lt;p' + ''.join(' a%d=&quot;v&quot;' % i for i in range(100000)) + '&gt;x&lt;/p&gt;'" \
  "''.join('&lt;p&gt;&lt;b' + ''.join(' a%d=&quot;v&quot;' % j for j in range(200)) + ' k=%d&gt;x' % i for i in range(400))"; do
  dir=$(site tangled-html "$(python3 -c "print($tangle + 'deep')")")
  if run tangled-html "$dir" 0 build; then
    if grep -q 'xdeep\|>deep<' "$dir/public/episodes/one/index.html"; then expect tangled-html "past what an HTML parser reads in bounded time"
    else bad "tangled-html: its text is not on the episode's page"; fi
  fi
done

# A transcript and a chapters file as fetch keeps them: HTML nested 200,000 deep, a WebVTT cue of
# 2 MB and 50,000 cues, a chapters file of 100,000 nested arrays.
dir=$(site deep-transcripts)
sed -i 's|<description>Plain.</description>|<description>Plain.</description><podcast:transcript xmlns:podcast="https://podcastindex.org/namespace/1.0" url="https://example.org/t.html" type="text/html"/><podcast:transcript xmlns:podcast="https://podcastindex.org/namespace/1.0" url="https://example.org/t.vtt" type="text/vtt"/><podcast:chapters xmlns:podcast="https://podcastindex.org/namespace/1.0" url="https://example.org/c.json" type="application/json+chapters"/>|' "$dir/feed.xml"
python3 - "$dir" <<'PY'
import hashlib, os, sys
folder = os.path.join(sys.argv[1], "content/sources/attachments")
os.makedirs(folder)
def copy(url, ext, text):
    open(os.path.join(folder, hashlib.sha1(url.encode()).hexdigest()[:16] + "." + ext), "w").write(text)
copy("https://example.org/t.html", "html", "<cite>A:</cite><time>0:00</time><p>" + "<b>" * 200000 + "deep" + "</b>" * 200000 + "</p>")
copy("https://example.org/t.vtt", "vtt", "WEBVTT\n\n00:00.000 --> 00:01.000\n<v A>" + "word " * 400000 + "\n\n" +
     "".join(f"{i // 3600:02d}:{i // 60 % 60:02d}:{i % 60:02d}.000 --> {i // 3600:02d}:{i // 60 % 60:02d}:{i % 60:02d}.500\nx\n\n" for i in range(50000)))
copy("https://example.org/c.json", "json", '{"chapters":' + "[" * 100000 + "]" * 100000 + "}")
PY
run deep-transcripts "$dir" 0 build && expect deep-transcripts "chapter 1 has no usable"
dir=$(site deep-notes)
mkdir -p "$dir/content/episodes"
python3 -c "print('---\nepisode: one\n---\n' + '>' * 20000 + ' quoted')" >"$dir/content/episodes/quotes.md"
run deep-quotes "$dir" 1 build && expect deep-quotes "quotes.md:4:1: error: the body nests or reopens its elements"
python3 -c "print('---\nepisode: one\n---\n' + '*' * 50000 + 'stars' + '*' * 50000)" >"$dir/content/episodes/quotes.md"
run deep-stars "$dir" 1 build && expect deep-stars "quotes.md:4:1: error: the body nests or reopens its elements"
# A table row of 20,000 cells: cmark-gfm's tables take the square of a row's cells (minutes).
python3 -c "print('---\nepisode: one\n---\n' + '|x' * 20000 + '|\n' + '|-' * 20000 + '|')" >"$dir/content/episodes/quotes.md"
run wide-table "$dir" 1 build && expect wide-table "quotes.md:4:1: error: a table row of more than 256 cells"
# Nested 100 deep they are the page's (the sanitizer writes 64 levels, the rest as text).
python3 -c "print('---\nepisode: one\n---\n' + '>' * 100 + ' quoted')" >"$dir/content/episodes/quotes.md"
run shallow-quotes "$dir" 0 build && ok shallow-quotes

# A template of 20,000 nested sections (260 KB, under the 1 MB limit).
dir=$(site deep-template)
mkdir -p "$dir/templates"
python3 -c "print('{{#a}}' * 20000 + 'x' + '{{/a}}' * 20000)" >"$dir/templates/404.mustache"
run deep-template "$dir" 1 build && expect deep-template "nests sections deeper than"
# A chain of 21 partials that includes nothing twice.
rm "$dir/templates/404.mustache"
mkdir -p "$dir/templates/partials"
for i in $(seq 1 21); do echo "{{> p$((i + 1))}}" >"$dir/templates/partials/p$i.mustache"; done
echo "end" >"$dir/templates/partials/p22.mustache"
echo "{{> p1}}" >"$dir/templates/404.mustache"
run partial-chain "$dir" 1 build && expect partial-chain "partials nest deeper than"
# Partials that include each other ten times, nine deep: a billion inlined (the build hung).
for i in $(seq 0 8); do python3 -c "print('{{> q$((i + 1))}}' * 10)" >"$dir/templates/partials/q$i.mustache"; done
echo "x" >"$dir/templates/partials/q9.mustache"
echo "{{> q0}}" >"$dir/templates/404.mustache"
run partial-bomb "$dir" 1 build && expect partial-bomb "with its partials inlined, the template comes to more than"

# The output folder may not hold an input: a source inside it survives, untouched.
dir=$(site output-holds-source)
mkdir -p "$dir/data"
echo '[{"title": "Listed", "date": "2024-08-04"}]' >"$dir/data/listings.json"
sum=$(sha1sum "$dir/data/listings.json")
cat >>"$dir/site.yaml" <<YAML
  - path: data/listings.json
output: data
YAML
run output-holds-source "$dir" 1 build && expect output-holds-source "overlaps the source"
if [ "$(sha1sum "$dir/data/listings.json")" = "$sum" ]; then ok "output-holds-source: the source is untouched"; else bad "output-holds-source: the source changed"; fi
# A symbolic link as the output folder.
dir=$(site output-link)
mkdir -p "$work/elsewhere"
ln -s "$work/elsewhere" "$dir/public"
run output-link "$dir" 1 build && expect output-link "is a symbolic link"

# Topics that slug alike stay apart.
dir=$(site topics)
mkdir -p "$dir/content/episodes"
printf -- '---\nepisode: one\ntopics: [C, C++, "C#", c]\n---\nText.\n' >"$dir/content/episodes/one.md"
run topics "$dir" 0 build
if [ -f "$dir/public/topics/c/index.html" ] && [ -f "$dir/public/topics/c-plus-plus/index.html" ] && [ -f "$dir/public/topics/c-sharp/index.html" ]; then
  ok "topics: C, C++ and C# have a page each"
else
  bad "topics: C, C++ and C# share a page"
fi

# Sources that are no file, a base_url with a query.
dir=$(site not-a-file)
mkfifo "$dir/pipe.xml"
mkdir "$dir/folder.xml"
printf '  - path: pipe.xml\n  - path: folder.xml\n  - path: /dev/zero\n' >>"$dir/site.yaml"
run not-a-file "$dir" 1 build && expect not-a-file "is not a regular file" && expect not-a-file "is a folder"
dir=$(site base-query)
sed -i 's|base_url: https://example.org/h/|base_url: https://example.org/h/?x=1|' "$dir/site.yaml"
run base-query "$dir" 1 build && expect base-query "without a query or fragment"

echo "hostile: $passed passed, $failed failed"
[ "$failed" -eq 0 ]

#!/usr/bin/env python3
"""Does a build's time grow with the size of a hostile input, or with its square?

  bench/hostile_sizes.py [--binary build/podarchive] [--only NAME,...] [--timeout 60]

The fuzzers cap their inputs at 64 KB (.ci/fuzz.sh), where a cost that grows with the square
of an input's size hides; .ci/hostile.sh checks what such inputs do to a build, not how long
they take. This builds one-item sites, each with one input grown to a size no host or theme
would write (one tag of 100,000 attributes, a table row of 10,000 cells, partials inlined a
billion times, ...) at two sizes, and prints each build's wall time and their ratio: about 2
for twice the size is linear, 4 the square. A build that fails (the input refused, with its
message) counts as well as one that succeeds: what matters is when it ends. "timeout" means
the build was killed after --timeout seconds.

Each shape here once took a build seconds to minutes (bench/README.md, "Inputs of hostile
size"); the rest are linear ones kept as controls.
"""
import argparse
import hashlib
import os
import shutil
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from bench import ROOT, remove_output  # noqa: E402  (bench.py, beside this file)

SITE = "title: T\nbase_url: https://x.example/\nsources:\n  - name: feed\n    path: content/sources/feed.xml\n"
NS = 'xmlns:podcast="https://podcastindex.org/namespace/1.0"'


def attrs(n, prefix="a"):
    return "".join(f' {prefix}{i}="v"' for i in range(n))


def feed(item_extra="", description="d", item_open="<item>", channel_extra=""):
    item = (f'{item_open}<title>E1</title><guid>g1</guid><pubDate>Mon, 01 Jan 2024 00:00:00 +0000</pubDate>'
            f'<enclosure url="https://x.example/a.mp3" type="audio/mpeg" length="1"/>'
            f'<description><![CDATA[{description}]]></description>{item_extra}</item>')
    return (f'<?xml version="1.0"?><rss version="2.0" {NS}><channel><title>T</title>'
            f'<link>https://x.example/</link><description>d</description>{channel_extra}{item}</channel></rss>')


def note(body="x", front=""):
    return {"content/episodes/e1.md": f"---\nepisode: e1\n{front}---\n{body}\n"}


def page_source(name, text):
    # A directory page as a second source beside the feed.
    return {"site.yaml": SITE + f"  - name: {name}\n    path: content/sources/{name}.txt\n",
            f"content/sources/{name}.txt": text}


def partial_bomb(n):
    # Partials that include the next one ten times, `n` deep: 10**n inlined.
    files = {f"templates/partials/q{i}.mustache": "{{> q%d}}" % (i + 1) * 10 for i in range(n)}
    files[f"templates/partials/q{n}.mustache"] = "x"
    files["templates/404.mustache"] = "{{> q0}}"
    return files


# name: (make(n) -> {path: text} beside site.yaml, small n, large n)
SHAPES = {
    "html-one-tag-attributes": (lambda n: {"feed": feed(description=f"<p{attrs(n)}>x</p>")}, 20000, 40000),
    "html-formatting-attributes": (
        lambda n: {"feed": feed(description="".join(f'<p><b{attrs(200)} k="{i}">x' for i in range(n)))}, 100, 200),
    "html-end-tag-attributes": (lambda n: {"feed": feed(description=f"<p>x</p{attrs(n)}>")}, 20000, 40000),
    "feed-item-attributes": (lambda n: {"feed": feed(item_open=f"<item{attrs(n)}>")}, 20000, 40000),
    "feed-namespace-prefixes": (
        lambda n: {"feed": feed(item_extra="<x" + "".join(f' xmlns:q{i}="urn:q{i}" q{i}:a="v"' for i in range(n)) +
                                ">v</x>")}, 20000, 40000),
    "note-table-rows": (lambda n: {"feed": feed(), **note("|x" * n + "|\n" + "|-" * n + "|\n" + ("|x" * n + "|\n") * 20)},
                        5000, 10000),
    "note-bad-entries": (
        lambda n: {"feed": feed(), **note(front="chapters:\n" + "".join(f"  - start: {i}\n    title: C{i}\n"
                                                                       for i in range(n)))}, 10000, 20000),
    "site-yaml-bad-entries": (
        lambda n: {"feed": feed(), "site.yaml": SITE + "identity_changes:\n" + "".join(f"  - guidx: g{i}\n"
                                                                                     for i in range(n))},
        15000, 30000),
    "template-partial-bomb": (lambda n: {"feed": feed(), **partial_bomb(n)}, 3, 9),
    "apple-page-long-item": (
        lambda n: {"feed": feed(), **page_source("apple", "# Show\nhttps://podcasts.apple.com/us/podcast/x/id1\n"
                                                          "## Episodes\n1. [ 08/04/2024 E1 words\n" +
                                                 "more words of the description here\n" * n)}, 80000, 160000),
    "pod-casts-io-no-blank-lines": (
        lambda n: {"feed": feed(), **page_source("pods", "Latest Episodes\n\n" + "".join(
            f"Title {i}\nShow - August 18, 2021 13:00 - 13 minutes\nWords of a description.\n" for i in range(n)))},
        2500, 5000),
    "theme-words-table": (lambda n: {"feed": feed(), "i18n/en.yaml": "".join(f"k{i}: v\n" for i in range(n))},
                          25000, 50000),
    # Controls: linear.
    "control-nested-div": (lambda n: {"feed": feed(description="<div>" * n + "x")}, 100000, 200000),
    "control-footnotes": (lambda n: {"feed": feed(), **note("[^1]" * n + "\n\n[^1]: x")}, 25000, 50000),
    "control-transcript-cues": (
        lambda n: {"feed": feed(item_extra='<podcast:transcript url="https://x.example/t.vtt" type="text/vtt"/>'),
                   "attachment https://x.example/t.vtt vtt": "WEBVTT\n\n" + "".join(
                       f"{i // 3600:02d}:{i // 60 % 60:02d}:{i % 60:02d}.000 --> {i // 3600:02d}:{i // 60 % 60:02d}:"
                       f"{i % 60:02d}.500\n<v S{i % 7}>words\n\n" for i in range(n))}, 40000, 80000),
}


def write_site(folder, files):
    os.makedirs(os.path.join(folder, "content/sources"), exist_ok=True)
    files = dict(files)
    with open(os.path.join(folder, "site.yaml"), "w") as f:
        f.write(files.pop("site.yaml", SITE))
    with open(os.path.join(folder, "content/sources/feed.xml"), "w") as f:
        f.write(files.pop("feed"))
    for path, text in files.items():
        if path.startswith("attachment "):  # as `fetch` keeps it (listening/attachments.hpp)
            _, url, ext = path.split(" ")
            path = "content/sources/attachments/" + hashlib.sha1(url.encode()).hexdigest()[:16] + "." + ext
        os.makedirs(os.path.dirname(os.path.join(folder, path)), exist_ok=True)
        with open(os.path.join(folder, path), "w") as f:
            f.write(text)


def timed_build(binary, folder, timeout):
    out = os.path.join("/dev/shm", "podarchive-hostile-" + os.path.basename(folder))
    remove_output(out)
    start = time.monotonic()
    try:
        proc = subprocess.run([binary, "build", "--quiet", "--output", out], cwd=folder, capture_output=True,
                              text=True, timeout=timeout)
        result = (time.monotonic() - start, proc.returncode)
    except subprocess.TimeoutExpired:
        result = (None, None)
    remove_output(out)
    return result


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--binary", default=os.path.join(ROOT, "build/podarchive"))
    ap.add_argument("--only", default="", help="comma-separated shape names")
    ap.add_argument("--timeout", type=float, default=60)
    args = ap.parse_args()
    binary = os.path.abspath(args.binary)
    names = [n for n in args.only.split(",") if n] or list(SHAPES)
    work = tempfile.mkdtemp(prefix="podarchive-hostile-")
    print(f"{'shape':28} {'small':>8} {'large':>8} {'ratio':>6}  exit codes")
    try:
        for name in names:
            make, small, large = SHAPES[name]
            times, codes = [], []
            for n in (small, large):
                folder = os.path.join(work, f"{name}-{n}")
                write_site(folder, make(n))
                wall, code = timed_build(binary, folder, args.timeout)
                shutil.rmtree(folder, ignore_errors=True)
                times.append(wall)
                codes.append("timeout" if code is None else str(code))
            shown = ["timeout" if t is None else f"{t:.2f}s" for t in times]
            ratio = f"{times[1] / times[0]:.1f}" if None not in times else "-"
            print(f"{name:28} {shown[0]:>8} {shown[1]:>8} {ratio:>6}  {' '.join(codes)}  (n = {small}, {large})",
                  flush=True)
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()

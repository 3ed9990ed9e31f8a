#!/usr/bin/python3
"""Builds every feed in a folder as a new user would, and says what reached the regenerated feed.

    bench/realfeeds.py DIR [--binary build/podarchive] [--keep WORKDIR]

Each feed gets a folder of its own holding a bare site.yaml (title, base_url, the feed as the one
source) and nothing else: no theme, no content. The input feed and the regenerated feed.xml are
both read with gPodder's podcastparser (Debian: python3-podcastparser), and each input item with
audio (its audio or video enclosure, as gPodder picks it: audio_of) is looked up in the output by
guid; it counts as kept when its audio URL, title and date are the same. `podarchive check` is run on the built site. One line per feed, then the totals.

Runs with Debian's python3 (/usr/bin/python3), where python3-podcastparser installs.
"""
import argparse
import os
import pathlib
import shutil
import subprocess
import sys
import tempfile
import time
import logging

try:
    import podcastparser
except ImportError:
    sys.exit("realfeeds.py needs gPodder's podcastparser: apt-get install python3-podcastparser, "
             "and run it with /usr/bin/python3")

# The URL a bare site publishes at; the regenerated feed is read back as if fetched from it.
BASE_URL = "https://example.org/show/"
# Where each feed is said to come from (its source's `url`): relative links resolve against it.
FEED_URL = "https://feeds.example.net/{}.xml"


logging.disable(logging.WARNING)  # podcastparser's notes on namespaces would hide the table


def parse(path, url):
    with open(path, "rb") as stream:
        return podcastparser.parse(url, stream)


def audio_of(item):
    """The URL an app plays of an item, as gPodder picks it: its first audio or video enclosure,
    else its first that is not an image, a PDF or text (an item with only those has no audio)."""
    enclosures = item.get("enclosures") or []
    for wanted in (lambda t: t.startswith(("audio/", "video/")),
                   lambda t: not t.startswith(("image/", "text/")) and t != "application/pdf"):
        for e in enclosures:
            if wanted((e.get("mime_type") or "").lower()):
                return e["url"]
    return None


def items_with_audio(feed):
    return [e for e in feed.get("episodes", []) if audio_of(e)]


def compare(source_items, built_items):
    """How many source items are in the built feed, and the first difference seen."""
    by_guid = {}
    for item in built_items:
        by_guid.setdefault(item.get("guid"), []).append(item)
    kept, first_miss = 0, ""
    for item in source_items:
        # Several items may share a guid (a host's mistake): the one with the same audio, if any.
        same = by_guid.get(item.get("guid"), [])
        built = next((b for b in same if audio_of(b) == audio_of(item)), same[0] if same else None)
        if built is None:
            first_miss = first_miss or f"missing guid {item.get('guid')!r}"
            continue
        for key, a, b in (("audio", audio_of(item), audio_of(built)),
                          ("title", item.get("title"), built.get("title")),
                          ("date", item.get("published"), built.get("published"))):
            if a != b:
                first_miss = first_miss or f"{key} of {item.get('guid')!r}: {a!r} -> {b!r}"
                break
        else:
            kept += 1
    return kept, first_miss


def first_error(text):
    for line in text.splitlines():
        if ": error:" in line or line.startswith("podarchive:"):
            return line.strip()
    return text.strip().splitlines()[0] if text.strip() else ""


def run_one(binary, feed, work, themes):
    site = work / feed.stem
    site.mkdir(parents=True)
    if themes:
        (site / "themes").symlink_to(themes.resolve())
    (site / "site.yaml").write_text(
        f"title: {feed.stem}\nbase_url: {BASE_URL}\nsources:\n  - name: feed\n"
        f"    path: {feed.resolve()}\n    url: {FEED_URL.format(feed.stem)}\n")
    row = {"feed": feed.name, "built": False, "error": "", "source_items": 0, "kept": 0,
           "miss": "", "check": "-", "seconds": 0.0, "exit": 0}
    try:
        source_items = items_with_audio(parse(feed, FEED_URL.format(feed.stem)))
    except Exception as error:  # not a feed podcastparser reads: count its items as none
        source_items = []
        row["miss"] = f"podcastparser: {error}"
    row["source_items"] = len(source_items)

    start = time.monotonic()
    build = subprocess.run([binary, "build", "--quiet"], cwd=site, capture_output=True, text=True)
    row["seconds"] = time.monotonic() - start
    row["exit"] = build.returncode
    if build.returncode != 0:
        row["error"] = first_error(build.stderr + build.stdout)
        return row
    row["built"] = True
    built_items = items_with_audio(parse(site / "public" / "feed.xml", BASE_URL + "feed.xml"))
    row["kept"], miss = compare(source_items, built_items)
    row["miss"] = row["miss"] or miss
    check = subprocess.run([binary, "check"], cwd=site, capture_output=True, text=True)
    row["check"] = "pass" if check.returncode == 0 else "FAIL " + first_error(check.stdout + check.stderr)
    row["exit"] = max(row["exit"], check.returncode)
    return row


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folder", type=pathlib.Path)
    parser.add_argument("--binary", default=str(pathlib.Path(__file__).resolve().parent.parent / "build" / "podarchive"))
    parser.add_argument("--themes", type=pathlib.Path,
                        help="give each site this themes/ folder (to compare with a tool that has no built-in theme)")
    parser.add_argument("--keep", type=pathlib.Path, help="build the sites here and keep them")
    args = parser.parse_args()
    binary = os.path.abspath(args.binary)
    feeds = sorted(p for p in args.folder.iterdir() if p.is_file() and p.suffix in (".xml", ".rss", ".atom"))
    work = args.keep or pathlib.Path(tempfile.mkdtemp(prefix="realfeeds-"))
    if args.keep and work.exists():
        shutil.rmtree(work)
    rows = []
    for feed in feeds:
        row = run_one(binary, feed, work, args.themes)
        rows.append(row)
        status = "built " if row["built"] else "FAILED"
        print(f"{status} {row['feed']:<48} items {row['kept']:>4}/{row['source_items']:<4} "
              f"check {row['check'][:60]:<8} {row['seconds']:.2f} s exit {row['exit']}")
        if row["error"]:
            print(f"       first error: {row['error'][:200]}")
        elif row["miss"]:
            print(f"       first difference: {row['miss'][:200]}")
    built = sum(r["built"] for r in rows)
    items = sum(r["source_items"] for r in rows)
    kept = sum(r["kept"] for r in rows)
    checked = sum(r["check"] == "pass" for r in rows)
    worst = max((r["exit"] for r in rows), default=0)
    print(f"total: {built}/{len(rows)} built; input items with audio {items}, kept with the same guid, "
          f"audio URL, title and date {kept}; check passed {checked}/{built}; "
          f"highest exit code {worst}; {sum(r['seconds'] for r in rows):.2f} s")
    if not args.keep:
        shutil.rmtree(work)


if __name__ == "__main__":
    main()

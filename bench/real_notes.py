#!/usr/bin/env python3
"""Whole builds of real show notes, against Hugo: generate.py's notes are short and plain, real
hosts' are long and mixed (links, images, scripts, named references, curly quotes).

  bench/real_notes.py [--size 10000] [--runs 4] [--binary build/podarchive] [--feeds ../shared/realfeeds]

Makes a feed of --size items cycled from the real feeds with the longest notes (their items with
audio, each with its own guid, title, date and audio URL; the notes as the host wrote them) into
--work/real-N, with a site.yaml naming it alone and one note (for `bench/ab.py --note-edit
--work`, the corpus as DIR/10000), then builds it with podarchive and, as bench.py
--hugo converts it, with Hugo, alternating, --runs times each into an empty folder in /dev/shm.
Prints each tool's median wall time, user+sys, peak RSS and files, podarchive's stage medians and
the ratio.
"""
import argparse
import copy
import datetime
import email.utils
import os
import shutil
import statistics
import sys
import xml.etree.ElementTree as ET

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from bench import ROOT, hugo_site, measure, remove_output, stage_medians, stage_times, tree_size  # noqa: E402  (bench.py, beside this file)

# Feeds of ../shared/realfeeds whose notes are long HTML (3-17 KB an item; se-radio's are short).
FEEDS = ["akupila__coding-blocks.xml", "akupila__design-details.xml", "feedjira__CRE.xml",
         "akupila__javascript-air.xml", "akupila__se-radio.xml"]


def make_corpus(n, feeds_dir, src):
    """The feed of n items cycled from FEEDS, and its site.yaml, in `src` (once)."""
    if os.path.exists(f"{src}/site.yaml"):
        return
    for f in FEEDS:  # (the namespaces' prefixes as the hosts wrote them)
        for _, (prefix, uri) in ET.iterparse(f"{feeds_dir}/{f}", events=["start-ns"]):
            ET.register_namespace(prefix, uri)
    pool = []
    for f in FEEDS:
        pool += [i for i in ET.parse(f"{feeds_dir}/{f}").getroot().iter("item") if i.find("enclosure") is not None]
    tree = ET.parse(f"{feeds_dir}/{FEEDS[0]}")
    channel = tree.getroot().find("channel")
    for item in channel.findall("item"):
        channel.remove(item)
    channel.find("title").text = "Real Notes Podcast"
    start = datetime.datetime(2024, 6, 1, 12, tzinfo=datetime.timezone.utc)
    for k in range(n):
        item = copy.deepcopy(pool[k % len(pool)])
        item.find("title").text = f"{item.findtext('title') or 'Episode'} (part {k})"
        guid = item.find("guid")
        if guid is None:
            guid = ET.SubElement(item, "guid")
        guid.text, guid.attrib = f"real-{k}", {"isPermaLink": "false"}
        date = item.find("pubDate")
        if date is None:
            date = ET.SubElement(item, "pubDate")
        date.text = email.utils.format_datetime(start - datetime.timedelta(hours=8 * k))
        item.find("enclosure").set("url", f"https://cdn.example.com/audio/{k}.mp3")
        channel.append(item)
    os.makedirs(f"{src}/content/sources", exist_ok=True)
    tree.write(f"{src}/content/sources/feed.xml", encoding="utf-8", xml_declaration=True)
    with open(f"{src}/site.yaml", "w") as f:
        f.write("title: Real Notes Podcast\ndescription: Real show notes, cycled.\n"
                "base_url: https://bench.example.com/archive/\nauthor: Bench Host\nemail: host@example.com\n"
                "category: Technology\nepisodes_per_page: 20\nsources:\n  - name: feed\n    path: content/sources/feed.xml\n")
    # One note, for `bench/ab.py --note-edit --work DIR` (the corpus as DIR/10000) to edit.
    os.makedirs(f"{src}/content/episodes", exist_ok=True)
    with open(f"{src}/content/episodes/note-0.md", "w") as f:
        f.write("---\nepisode: real-0\nsummary: A curated summary.\n---\n"
                "A note with **emphasis** and a [link](https://example.com/0).\n")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--size", type=int, default=10000)
    ap.add_argument("--runs", type=int, default=4)
    ap.add_argument("--binary", default=f"{ROOT}/build/podarchive")
    ap.add_argument("--feeds", default=os.path.join(ROOT, "..", "shared", "realfeeds"))
    ap.add_argument("--work", default="/tmp/podarchive-bench")
    args = ap.parse_args()
    src = f"{args.work}/real-{args.size}"
    make_corpus(args.size, args.feeds, src)
    shutil.rmtree(f"{src}/themes", ignore_errors=True)
    shutil.copytree(f"{ROOT}/themes", f"{src}/themes")
    hsrc = f"{args.work}/hugo-real-{args.size}"
    hugo = shutil.which("hugo")
    if hugo:
        hugo_site(src, hsrc)
    out, hout = f"/dev/shm/podarchive-real-{args.size}", f"/dev/shm/hugo-real-{args.size}"
    load = os.getloadavg()
    print(f"{args.size} episodes of real notes ({os.path.getsize(f'{src}/content/sources/feed.xml') / 1e6:.0f} MB "
          f"of feed), {args.runs} rounds, load average {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}")
    ours, theirs = [], []
    for _ in range(args.runs):
        remove_output(out)
        wall, cpu, rss, proc = measure([os.path.abspath(args.binary), "build", "--verbose", "--output", out], src)
        ours.append((wall, cpu, rss, stage_times(proc.stderr), tree_size(out)[0]))
        if hugo:
            shutil.rmtree(hout, ignore_errors=True)
            wall, cpu, rss, _ = measure([hugo, "--quiet", "-d", hout], hsrc)
            theirs.append((wall, cpu, rss, {}, tree_size(hout)[0]))
    remove_output(out)
    shutil.rmtree(hout, ignore_errors=True)

    def line(name, runs):
        stages = stage_medians(runs) if runs[0][3] else ""
        return (f"{name}: wall median {statistics.median(r[0] for r in runs):.2f} s (runs "
                f"{' '.join(f'{r[0]:.2f}' for r in runs)}), user+sys {statistics.median(r[1] for r in runs):.2f} s, "
                f"peak RSS {max(r[2] for r in runs):.0f} MB, {runs[0][4]} files" + (f" | stages (ms): {stages}" if stages else ""))

    print(line("podarchive", ours))
    if theirs:
        print(line("hugo", theirs))
        print(f"podarchive is {statistics.median(r[0] for r in theirs) / statistics.median(r[0] for r in ours):.1f}x faster")


if __name__ == "__main__":
    main()

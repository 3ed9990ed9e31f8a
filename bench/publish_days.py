#!/usr/bin/python3
"""Days of a runner publishing the shipped site while its titles change: does any page move?

    bench/publish_days.py [--binary build/podarchive] [--days 30] [--seeds 7,8,9]

Each day, as the publish workflow runs on a fresh machine: the shipped project (site.yaml and
content/, copied once) has up to three titles of content/sources/public-listings.json edited
("X" -> "Revisited: X (updated)", "The X!", ...) and, three days in ten, a new dated episode
listed; then `podarchive build --base-url B/ --published-feed B/feed.xml` into an empty folder,
B a local server of what the last day published, and the folder is published in its place. The
first day publishes the project as shipped. A failed build publishes nothing.

Prints, for each seed, the builds that failed and the pages published on an earlier day that a
later build no longer has (each counted once), then the totals. The shipped site's 71 episodes
have no audio but 2, and 14 have no date: their pages stay put only by the list of pages the
site publishes (episodes.json, feed/episode_list.hpp).
"""
import argparse
import json
import os
import pathlib
import random
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from bench import remove_output, serve  # noqa: E402  (bench.py, beside this file)

ROOT = pathlib.Path(__file__).resolve().parent.parent
PREFIX = "pytorch-podcast-archive"  # (the shipped base_url's path)


def edit_titles(records, day, rng):
    """Up to three titles edited, and now and then a new episode listed first."""
    for _ in range(rng.randint(0, 3)):
        record = rng.choice(records)
        if record.get("title"):
            record["title"] = (rng.choice(["", "The ", "Revisited: "]) + record["title"] +
                               rng.choice(["", " (updated)", ", part 2", "!"]))
    if rng.random() < 0.3:
        records.insert(0, {"title": f"New episode of day {day}", "date": f"2024-09-{day % 28 + 1:02d}T10:00:00+00:00",
                           "description": f"What day {day} brought: a new episode about compilers, number {day}."})


def run_seed(binary, days, seed, work):
    rng = random.Random(seed)
    project, published, built = work / "project", work / "published" / PREFIX, work / "site"
    shutil.rmtree(work, ignore_errors=True)
    project.mkdir(parents=True)
    published.mkdir(parents=True)
    shutil.copy(ROOT / "site.yaml", project)
    shutil.copytree(ROOT / "content", project / "content")
    server = serve(work / "published")
    base = f"http://127.0.0.1:{server.server_address[1]}/{PREFIX}"
    listing = project / "content/sources/public-listings.json"
    ever, failed, gone = set(), 0, 0
    try:
        for day in range(days):
            if day:
                records = json.loads(listing.read_text())
                edit_titles(records, day, rng)
                listing.write_text(json.dumps(records, indent=1))
            remove_output(str(built))  # (and what a build keeps beside it: a runner starts with neither)
            done = subprocess.run([binary, "build", "--quiet", "--base-url", base + "/", "--published-feed",
                                   base + "/feed.xml", "--output", str(built)], cwd=project, capture_output=True,
                                  text=True)
            if done.returncode != 0:
                failed += 1
                print(f"  seed {seed} day {day}: build failed: {done.stderr.strip().splitlines()[0]}")
                continue
            now = set(os.listdir(built / "episodes"))
            if ever - now:
                gone += len(ever - now)
                print(f"  seed {seed} day {day}: pages gone: {', '.join(sorted(ever - now))}")
            ever = now  # (a page gone is counted once)
            shutil.rmtree(published)
            shutil.copytree(built, published)
    finally:
        server.shutdown()
    print(f"seed {seed}: {days} days, {failed} failed builds, {gone} pages gone, {len(ever)} pages at the end")
    return failed, gone


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--binary", default=str(ROOT / "build/podarchive"))
    parser.add_argument("--days", type=int, default=30)
    parser.add_argument("--seeds", default="7,8,9")
    args = parser.parse_args()
    binary = os.path.abspath(args.binary)
    failed = gone = 0
    with tempfile.TemporaryDirectory(prefix="publish-days-") as tmp:
        for seed in (int(s) for s in args.seeds.split(",")):
            f, g = run_seed(binary, args.days, seed, pathlib.Path(tmp) / f"seed-{seed}")
            failed, gone = failed + f, gone + g
    print(f"total: {failed} failed builds, {gone} pages gone")


if __name__ == "__main__":
    main()

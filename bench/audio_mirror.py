#!/usr/bin/env python3
"""The audio mirror's throughput against curl, and its memory over many files.

    bench/audio_mirror.py [--binary build/podarchive] [--big 8] [--big-mb 40] [--small 1000] [--runs 5]

A loopback HTTP server (Python's, threaded, with Range support off: the same for both) serves
MP3 files made of tests/fixtures/audio/tone.mp3 repeated: `--big` files of about `--big-mb` MB
each, and `--small` files of 12 KB. For the big files it prints the wall time and MB/s of
`curl` downloading them one after another into a folder, then of `podarchive fetch` keeping
them (a site whose feed lists them, audio: {keep: true}; each file is also hashed and probed).
For the small files it prints fetch's wall time and peak RSS (from /usr/bin/time), which should
not grow with the number of files. Nothing leaves the machine.
"""
import argparse
import os
import pathlib
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from bench import serve  # noqa: E402  (bench.py, beside this file)

ROOT = pathlib.Path(__file__).resolve().parent.parent


def make_site(site, port, names):
    (site / "content/sources").mkdir(parents=True)
    items = "".join(
        f"<item><title>Episode {i}</title><guid>ep-{i}</guid><pubDate>Mon, 01 Jan 2024 00:00:00 GMT</pubDate>"
        f"<enclosure url=\"http://127.0.0.1:{port}/{name}\" length=\"0\" type=\"audio/mpeg\"/></item>"
        for i, name in enumerate(names))
    (site / "content/sources/feed.xml").write_text(
        f"<?xml version=\"1.0\"?><rss version=\"2.0\"><channel><title>Bench</title>{items}</channel></rss>\n")
    (site / "site.yaml").write_text(
        "title: Bench\nbase_url: https://x.example/\nallowed_hosts: [127.0.0.1]\n"
        "audio:\n  keep: true\n  max_run_mb: 100000\n"
        "sources:\n  - path: content/sources/feed.xml\n")


def timed(command, cwd=None):
    started = time.monotonic()
    proc = subprocess.run(["/usr/bin/time", "-f", "%M"] + command, cwd=cwd, capture_output=True, text=True)
    wall = time.monotonic() - started
    if proc.returncode not in (0, 1):
        sys.exit(f"{command[0]} failed ({proc.returncode}): {proc.stderr[-500:]}")
    rss_kb = int(proc.stderr.strip().splitlines()[-1])
    return wall, rss_kb / 1024, proc.stdout


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--binary", default=str(ROOT / "build/podarchive"))
    parser.add_argument("--big", type=int, default=8)
    parser.add_argument("--big-mb", type=int, default=40)
    parser.add_argument("--small", type=int, default=1000)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    tone = (ROOT / "tests/fixtures/audio/tone.mp3").read_bytes()
    work = pathlib.Path(tempfile.mkdtemp(prefix="podarchive-audio-bench-", dir="/dev/shm" if os.path.isdir("/dev/shm") else None))
    try:
        files = work / "files"
        files.mkdir()
        repeat = max(1, args.big_mb * 1_000_000 // len(tone))
        big = [f"big-{i}.mp3" for i in range(args.big)]
        for name in big:
            (files / name).write_bytes(tone * repeat)
        small = [f"small-{i}.mp3" for i in range(args.small)]
        for name in small:
            (files / name).write_bytes(tone)
        server = serve(files)
        port = server.server_address[1]
        total_mb = sum((files / n).stat().st_size for n in big) / 1e6

        out = work / "curl"
        out.mkdir()
        urls = []
        for name in big:
            urls += [f"http://127.0.0.1:{port}/{name}", "-o", str(out / name)]
        # Each figure is the median of --runs runs, the three kinds taking turns.
        curl_walls, hashed_walls, fetch_walls, fetch_rss = [], [], [], []
        tee = " && ".join(f"curl -s --fail http://127.0.0.1:{port}/{name} | tee {out / name} | openssl dgst -sha256 >/dev/null" for name in big)
        site = work / "big-site"
        make_site(site, port, big)
        for _ in range(args.runs):
            curl_walls.append(timed(["curl", "-s", "--fail"] + urls)[0])
            hashed_walls.append(timed(["sh", "-c", tee])[0])
            shutil.rmtree(site / "archive", ignore_errors=True)
            wall, rss, _ = timed([args.binary, "fetch"], cwd=site)
            fetch_walls.append(wall), fetch_rss.append(rss)
        wall = statistics.median(curl_walls)
        print(f"curl:    {args.big} files, {total_mb:.0f} MB in {wall:.2f} s: {total_mb / wall:.0f} MB/s")
        wall = statistics.median(hashed_walls)
        print(f"curl | tee | openssl dgst -sha256: {wall:.2f} s: {total_mb / wall:.0f} MB/s (the same work as fetch: it hashes as the bytes come)")
        wall = statistics.median(fetch_walls)
        print(f"fetch:   {args.big} files, {total_mb:.0f} MB in {wall:.2f} s: {total_mb / wall:.0f} MB/s, peak RSS {max(fetch_rss):.0f} MB "
              f"(with a SHA-256 and a libavformat probe of each; the whole command, sources read too)")

        for count in (args.small // 10, args.small):
            site = work / f"small-site-{count}"
            make_site(site, port, small[:count])
            wall, rss, _ = timed([args.binary, "fetch"], cwd=site)
            print(f"fetch:   {count} files of {len(tone) / 1000:.0f} KB in {wall:.2f} s, peak RSS {rss:.0f} MB")
        server.shutdown()
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()

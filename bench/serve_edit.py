#!/usr/bin/env python3
"""How long after a note is saved `podarchive serve` answers with the new page.

  bench/serve_edit.py [--size 10000] [--rounds 10] [--binary build/podarchive]

Generates (or reuses) the synthetic archive of `--size` episodes (generate.py), starts
`podarchive serve --verbose` on it, then edits one note `--rounds` times: each round writes a new
marker into the note's body and polls the episode's page until the marker is served. Prints each
round's time from the write to the new page, and the server's own account of each rebuild.
Each edit waits until the server has also written the search index and the feeds of the last.
"""
import argparse
import os
import re
import socket
import subprocess
import sys
import time
import urllib.request

from bench import prepare, remove_output

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--size", type=int, default=10000)
    ap.add_argument("--rounds", type=int, default=10)
    ap.add_argument("--binary", default=f"{ROOT}/build/podarchive")
    ap.add_argument("--work", default="/tmp/podarchive-bench")
    args = ap.parse_args()
    src = prepare(args.size, args.work)
    # The note of the second episode with one, and its page (found in a build's output).
    notes = sorted(os.listdir(f"{src}/content/episodes"))
    note = f"{src}/content/episodes/{notes[1]}"
    original = open(note).read()
    summary = re.search(r"^summary: (.*)$", original, re.M).group(1).strip("\"'")
    port = free_port()
    log = open(f"{args.work}/serve.log", "w")
    server = subprocess.Popen([args.binary, "serve", "--verbose", "--port", str(port)], cwd=src, stderr=log, stdout=log)
    base = "/" + open(f"{src}/site.yaml").read().split("base_url:")[1].split("\n")[0].strip().split("/", 3)[3]
    try:
        for _ in range(600):
            try:
                urllib.request.urlopen(f"http://127.0.0.1:{port}{base}").read()
                break
            except OSError:
                time.sleep(0.1)
        # The note's episode page: the page its summary is on, from a build of the same archive.
        page = None
        probe = f"/dev/shm/serve-edit-probe-{os.getpid()}"
        subprocess.run([args.binary, "build", "--quiet", "--output", probe], cwd=src, check=True)
        for slug in sorted(os.listdir(f"{probe}/episodes")):
            if summary in open(f"{probe}/episodes/{slug}/index.html").read():
                page = f"{base}episodes/{slug}/"
                break
        remove_output(probe)
        if not page:
            sys.exit("could not find the note's episode page")
        load = os.getloadavg()
        print(f"machine: {os.cpu_count()} cores, load average {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}")
        print(f"N={args.size}: editing {os.path.relpath(note, src)}, page {page}")
        times = []
        for i in range(args.rounds):
            marker = f"edit-marker-{i}-{time.time_ns()}"
            text = original.replace("\n---\n", f"\n---\n{marker} ", 1)
            start = time.monotonic()
            with open(note, "w") as f:
                f.write(text)
            while marker not in urllib.request.urlopen(f"http://127.0.0.1:{port}{page}").read().decode():
                time.sleep(0.002)
            times.append((time.monotonic() - start) * 1000)
            # The search index and the feeds follow; the next edit waits for them (an edit saved
            # meanwhile waits too: that is measured apart, by the server's own lines below).
            deadline = time.monotonic() + 120
            while open(f"{args.work}/serve.log").read().count("search index and feeds") <= i and time.monotonic() < deadline:
                time.sleep(0.05)
            time.sleep(0.5)
        times_sorted = sorted(times)
        print("save -> new page served (ms): " + " ".join(f"{t:.0f}" for t in times) +
              f" | median {times_sorted[len(times) // 2]:.0f}, worst {times_sorted[-1]:.0f}")
    finally:
        open(note, "w").write(original)
        server.terminate()
        server.wait()
        log.close()
    for line in open(f"{args.work}/serve.log"):
        if line.startswith(("built", "rebuilt")):
            print("  server: " + line.rstrip())


if __name__ == "__main__":
    main()

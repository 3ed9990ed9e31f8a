#!/usr/bin/env python3
"""How many cores each stage of one build keeps busy, and its memory, without a profiler.

  bench/cores.py [--size 10000] [--runs 3] [--interval 10] [--binary build/podarchive]

Builds bench.py's archive into /dev/shm with `build --verbose`, reading the process's CPU time
(/proc/PID/stat: every thread's, those that ended too) and its resident memory every --interval
ms. Prints, per stage that `--verbose` reports: its wall time, the cores it kept busy on average
(CPU time over wall time) and the most memory seen in it: all of it, and the anonymous part (the
heap and jemalloc's room; the rest is the libraries' pages and files mapped). Each run is printed alone: a stage
far below the machine's cores has serial work worth moving; one at its cores gains only from
less work.

Why not perf: sampling with call graphs slows every thread unevenly on this VM (a 10,000-episode
build took 1.7 s under it instead of 0.9) and made the merge stage look serial when it is not.
The kernel counts CPU time in ticks (usually 10 ms), so a stage shorter than a few ticks reads
roughly; compare stages of 50 ms or more.
"""
import argparse
import os
import re
import shutil
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from bench import ROOT, prepare, remove_output  # noqa: E402  (bench.py, beside this file)

OUT = "/dev/shm/podarchive-cores"


def sample(pid, tick):
    """(CPU seconds so far, resident MB, anonymous resident MB) of the process, or None once it has gone."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
        with open(f"/proc/{pid}/status") as f:
            kb = {line.split(":")[0]: int(line.split()[1]) for line in f if line.startswith(("VmRSS", "RssAnon"))}
        rss, anon = kb["VmRSS"], kb["RssAnon"]
    except (OSError, KeyError, IndexError, ValueError):  # (gone, or a zombie without memory lines)
        return None
    return (int(fields[11]) + int(fields[12])) / tick, rss / 1024, anon / 1024


def trace(binary, src, interval):
    out = OUT
    shutil.rmtree(out, ignore_errors=True)
    tick = os.sysconf("SC_CLK_TCK")
    start = time.monotonic()
    proc = subprocess.Popen([binary, "build", "--verbose", "--output", out], cwd=src,
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    samples = []  # (seconds since start, CPU seconds, resident MB, anonymous resident MB)
    while proc.poll() is None:
        got = sample(proc.pid, tick)
        if got:
            samples.append((time.monotonic() - start, *got))
        time.sleep(interval / 1000)
    wall = time.monotonic() - start  # (before the output is removed: that is not the build's time)
    err = proc.stderr.read()
    shutil.rmtree(out, ignore_errors=True)
    if proc.returncode != 0:
        sys.exit(f"build failed:\n{err}")
    # Top-level stages only (render:pages and the like lie inside render). They are laps of one
    # clock that starts when the build does, a few ms after the process: close enough here.
    stages = [(name, int(ms) / 1000) for name, ms in re.findall(r"^  (\w+): (\d+) ms$", err, re.M)]
    return samples, stages, wall


def report(samples, stages, wall):
    print(f"  {'stage':<8} {'wall':>7} {'cores':>6} {'peak MB':>8} {'anon MB':>8}")
    begin = 0.0
    for name, seconds in stages:
        end = begin + seconds
        inside = [s for s in samples if begin <= s[0] < end]
        before = [s for s in samples if s[0] < begin]
        if len(inside) >= 2:
            first = before[-1] if before else inside[0]
            cores = (inside[-1][1] - first[1]) / max(1e-9, inside[-1][0] - first[0])
            peak, anon = max(s[2] for s in inside), max(s[3] for s in inside)
            print(f"  {name:<8} {seconds * 1000:5.0f} ms {cores:6.2f} {peak:8.0f} {anon:8.0f}")
        else:
            print(f"  {name:<8} {seconds * 1000:5.0f} ms {'(too short to sample)':>15}")
        begin = end
    cpu = samples[-1][1] if samples else 0
    peak, anon = max((s[2] for s in samples), default=0), max((s[3] for s in samples), default=0)
    print(f"  whole    {wall * 1000:5.0f} ms {cpu / wall:6.2f} {peak:8.0f} {anon:8.0f}  ({cpu:.2f} s of CPU sampled)")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--size", type=int, default=10000)
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--interval", type=float, default=10, help="ms between samples")
    ap.add_argument("--binary", default=f"{ROOT}/build/podarchive")
    ap.add_argument("--work", default="/tmp/podarchive-bench")
    args = ap.parse_args()
    src = prepare(args.size, args.work)
    load = os.getloadavg()
    print(f"{args.size} episodes, {os.cpu_count()} cores, load average {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}")
    for run in range(1, args.runs + 1):
        print(f"run {run}:")
        report(*trace(os.path.abspath(args.binary), src, args.interval))
    remove_output(OUT)


if __name__ == "__main__":
    main()

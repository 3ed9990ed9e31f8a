#!/usr/bin/env python3
"""Alternates builds of the same archive by several podarchive binaries and compares them.

  bench/ab.py [--size 10000] [--runs 8] BINARY [BINARY ...]

Each round builds once with every binary, in turn (the first to go changes each round), into an
empty folder in /dev/shm, so that the virtual machine's slow and fast spells fall on all of them
alike (one binary's runs taken one after the other can differ by a third from another's for no
reason of their own). Prints, per
binary: wall time (median, mean, fastest), user+sys time, peak RSS, and the median of each stage
that `build --verbose` reports. The archive is bench.py's (generated into --work when missing),
built without its themes/ folder: each binary renders with its own built-in theme, so a change
to the theme is measured with the binary it belongs to.
Compare medians of 8 runs or more: at 50,000 episodes a single stage moves by 50-90 ms between
runs of the same binary.
"""
import argparse
import os
import shutil
import statistics
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from bench import build_verbose, prepare, stage_medians  # noqa: E402  (bench.py, beside this file)


def bare_copy(src):
    """The archive without themes/ (once): a binary then builds with its own built-in theme."""
    bare = src.rstrip("/") + "-bare"
    if not os.path.isdir(bare):
        shutil.copytree(src, bare, ignore=lambda folder, names: ["themes"] if os.path.samefile(folder, src) else [])
    return bare


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("binaries", nargs="+")
    ap.add_argument("--size", type=int, default=10000)
    ap.add_argument("--runs", type=int, default=8)
    ap.add_argument("--work", default="/tmp/podarchive-bench")
    args = ap.parse_args()
    src = bare_copy(prepare(args.size, args.work))
    out = f"/dev/shm/podarchive-ab-{args.size}"
    results = {b: [] for b in args.binaries}
    load = os.getloadavg()
    print(f"{args.size} episodes, {args.runs} rounds, load average {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}")
    for round_number in range(args.runs):
        # The order turns each round: the binary that runs first in a round was measured with
        # a slower load stage (110 -> 130-160 ms at 10,000) whichever binary it was.
        turn = round_number % len(args.binaries)
        for binary in args.binaries[turn:] + args.binaries[:turn]:
            results[binary].append(build_verbose(binary, src, out))
    shutil.rmtree(out, ignore_errors=True)
    for binary, runs in results.items():
        walls = [r[0] for r in runs]
        print(f"{binary}: wall median {statistics.median(walls):.3f} s, mean {statistics.mean(walls):.3f}, "
              f"fastest {min(walls):.3f}; user+sys {statistics.median(r[1] for r in runs):.2f} s; "
              f"peak RSS {max(r[2] for r in runs):.0f} MB | stage medians (ms): {stage_medians(runs)}")


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""What transcripts cost a full build: the same synthetic archive built with and without them.

  bench/transcripts.py [--size 10000] [--runs 8] [--binary build/podarchive] [--work DIR]

Issue #34 asks that a full build of 10,000 episodes with transcripts (and chapters) take at
most 3 times the same archive without them. Each round builds both archives (generate.py,
with and without --transcripts) into an empty folder in /dev/shm, the first to go turning each
round, so that the virtual machine's slow and fast spells fall on both alike. Prints, per
archive, the medians of wall time, user+sys time and each stage, and the peak RSS; then the
ratio of the medians and of each round's pair. On this VM the ratio moves with the spell by a
tenth or more (bench/README.md, "Fourth round"): compare medians of 8 rounds or more.
"""
import argparse
import os
import statistics
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from bench import ROOT, build_verbose, prepare, remove_output, stage_medians  # noqa: E402  (bench.py, beside this file)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--size", type=int, default=10000)
    ap.add_argument("--runs", type=int, default=8)
    ap.add_argument("--binary", default=f"{ROOT}/build/podarchive")
    ap.add_argument("--work", default="/tmp/podarchive-bench")
    args = ap.parse_args()
    archives = {"without": prepare(args.size, args.work), "with": prepare(args.size, args.work, transcripts=True)}
    out = f"/dev/shm/podarchive-transcripts-{args.size}"
    runs = {name: [] for name in archives}
    load = os.getloadavg()
    print(f"{args.size} episodes, {args.runs} rounds, load average {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}")
    for round_number in range(args.runs):
        names = list(archives)
        if round_number % 2:
            names.reverse()
        for name in names:
            runs[name].append(build_verbose(args.binary, archives[name], out))
    remove_output(out)
    for name, results in runs.items():
        print(f"{name} transcripts: wall median {statistics.median(r[0] for r in results):.3f} s "
              f"(fastest {min(r[0] for r in results):.3f}, slowest {max(r[0] for r in results):.3f}); "
              f"user+sys {statistics.median(r[1] for r in results):.2f} s; peak RSS {max(r[2] for r in results):.0f} MB | "
              f"stage medians (ms): {stage_medians(results)}")
    ratio = statistics.median(r[0] for r in runs["with"]) / statistics.median(r[0] for r in runs["without"])
    pairs = sorted(w[0] / wo[0] for w, wo in zip(runs["with"], runs["without"]))
    print(f"ratio of the medians: {ratio:.2f}x (at most 3x asked); each round's: "
          f"median {statistics.median(pairs):.2f}x, lowest {pairs[0]:.2f}x, highest {pairs[-1]:.2f}x")


if __name__ == "__main__":
    main()

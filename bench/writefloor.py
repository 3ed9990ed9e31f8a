#!/usr/bin/env python3
"""A whole build against the least time its output could take: writing the same files.

  bench/writefloor.py [--size 10000] [--runs 6] [--binary build/podarchive]

Each round builds bench.py's archive (generated into --work when missing) into an empty folder
in /dev/shm, then has podarchive_writefloor_bench (beside the binary) write that build's files
into another empty folder there, on every core and on one: the same files, folders and bytes,
nothing else (no reading, no rendering, no rename). Builds and writes alternate, so the virtual
machine's slow and fast spells fall on both. Prints the medians and the ratio of the build to
each floor.
"""
import argparse
import os
import shutil
import statistics
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from bench import build_verbose, prepare, remove_output  # noqa: E402  (bench.py, beside this file)


def write_floor(bench, folder, dest, threads):
    """Seconds podarchive_writefloor_bench takes to write `folder`'s files into `dest`, and what it wrote."""
    shutil.rmtree(dest, ignore_errors=True)
    out = subprocess.run([bench, folder, dest, str(threads)], check=True, capture_output=True, text=True).stdout
    fields = out.split()
    said = dict(zip(fields[::2], fields[1::2]))
    return float(said["seconds"]), said


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--size", type=int, default=10000)
    ap.add_argument("--runs", type=int, default=6)
    ap.add_argument("--binary", default="build/podarchive")
    ap.add_argument("--work", default="/tmp/podarchive-bench")
    args = ap.parse_args()
    bench = os.path.join(os.path.dirname(os.path.abspath(args.binary)), "podarchive_writefloor_bench")
    src = prepare(args.size, args.work)
    out, dest = f"/dev/shm/podarchive-wf-{args.size}", f"/dev/shm/podarchive-wf-{args.size}-floor"
    cores = os.cpu_count() or 1
    builds, floor_all, floor_one = [], [], []
    load = os.getloadavg()
    print(f"{args.size} episodes, {args.runs} rounds, load average {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}")
    for _ in range(args.runs):
        builds.append(build_verbose(args.binary, src, out))
        seconds, said = write_floor(bench, out, dest, cores)
        floor_all.append(seconds)
        floor_one.append(write_floor(bench, out, dest, 1)[0])
    remove_output(out)
    build = statistics.median(r[0] for r in builds)
    on_all, on_one = statistics.median(floor_all), statistics.median(floor_one)
    print(f"output: {said['files']} files in {said['folders']} folders, {int(said['bytes']) / 1e6:.0f} MB")
    print(f"whole build: median {build:.3f} s, fastest {min(r[0] for r in builds):.3f}, "
          f"peak RSS {max(r[2] for r in builds):.0f} MB")
    print(f"writing the same files: on {cores} threads median {on_all:.3f} s, on 1 {on_one:.3f} s")
    print(f"build / floor: {build / on_all:.2f}x ({cores} threads), {build / on_one:.2f}x (1 thread)")


if __name__ == "__main__":
    main()

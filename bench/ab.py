#!/usr/bin/env python3
"""Alternates builds of the same archive by several podarchive binaries and compares them.

  bench/ab.py [--size 10000] [--runs 8] [--note-edit | --first-edit] BINARY [BINARY ...]

Each round builds once with every binary, in turn (the first to go changes each round), into an
empty folder in /dev/shm, so that the virtual machine's slow and fast spells fall on all of them
alike (one binary's runs taken one after the other can differ by a third from another's for no
reason of their own). Prints, per
binary: wall time (median, mean, fastest), user+sys time, peak RSS, and the median of each stage
that `build --verbose` reports. The archive is bench.py's (generated into --work when missing),
built without its themes/ folder: each binary renders with its own built-in theme, so a change
to the theme is measured with the binary it belongs to.
With --note-edit, each binary first builds the archive whole into a folder of its own; each
round then adds a line to the first note and times each binary's build after it (the note is
put back, and the folder built again, untimed, before the next binary's turn).
With --first-edit, each round times the first such build after a whole one, as bench.py does:
the folder is built whole and again unchanged, untimed, then after the edit.
Compare medians of 8 runs or more: at 50,000 episodes a single stage moves by 50-90 ms between
runs of the same binary.
"""
import argparse
import os
import shutil
import statistics
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from bench import after_edit, build_verbose, first_note, measure, prepare, remove_output, stage_medians, stage_times  # noqa: E402  (bench.py, beside this file)


def bare_copy(src):
    """The archive without themes/ (once): a binary then builds with its own built-in theme."""
    bare = src.rstrip("/") + "-bare"
    if not os.path.isdir(bare):
        shutil.copytree(src, bare, ignore=lambda folder, names: ["themes"] if os.path.samefile(folder, src) else [])
    return bare


def edited_build(binary, src, out, note, original):
    """One build of `out` after a line is added to `note`, timed; `note` is put back after."""
    wall, cpu, rss, proc = after_edit([os.path.abspath(binary), "build", "--verbose", "--output", out], src, note,
                                      original, "A line added by ab.py.")
    return wall, cpu, rss, stage_times(proc.stderr)


def note_edit_builds(binary, src, out, note, original):
    """edited_build, then `out` built again with `note` as it was."""
    timed = edited_build(binary, src, out, note, original)
    measure([os.path.abspath(binary), "build", "--quiet", "--output", out], src)
    return timed


def first_edit_builds(binary, src, out, note, original):
    """`out` built whole and again unchanged (untimed), then edited_build."""
    remove_output(out)
    for _ in range(2):
        measure([os.path.abspath(binary), "build", "--quiet", "--output", out], src)
    return edited_build(binary, src, out, note, original)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("binaries", nargs="+")
    ap.add_argument("--size", type=int, default=10000)
    ap.add_argument("--runs", type=int, default=8)
    ap.add_argument("--work", default="/tmp/podarchive-bench")
    edit = ap.add_mutually_exclusive_group()
    edit.add_argument("--note-edit", action="store_true", help="time builds after an edit of one note's text")
    edit.add_argument("--first-edit", action="store_true", help="time the first such build after a whole one")
    args = ap.parse_args()
    src = bare_copy(prepare(args.size, args.work))
    out = f"/dev/shm/podarchive-ab-{args.size}"
    outs = {b: f"{out}-{i}" for i, b in enumerate(args.binaries)}
    if args.note_edit or args.first_edit:
        note, original = first_note(src)
    if args.note_edit:
        for binary in args.binaries:
            build_verbose(binary, src, outs[binary])
    results = {b: [] for b in args.binaries}
    load = os.getloadavg()
    edited = ", one note edited" if args.note_edit else ", one note edited after a whole build" if args.first_edit else ""
    print(f"{args.size} episodes{edited}, {args.runs} rounds, load average {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}")
    for round_number in range(args.runs):
        # The order turns each round: the binary that runs first in a round was measured with
        # a slower load stage (110 -> 130-160 ms at 10,000) whichever binary it was.
        turn = round_number % len(args.binaries)
        for binary in args.binaries[turn:] + args.binaries[:turn]:
            if args.note_edit:
                results[binary].append(note_edit_builds(binary, src, outs[binary], note, original))
            elif args.first_edit:
                results[binary].append(first_edit_builds(binary, src, outs[binary], note, original))
            else:
                results[binary].append(build_verbose(binary, src, out))
    for folder in [out, *outs.values()]:
        remove_output(folder)
    for binary, runs in results.items():
        walls = [r[0] for r in runs]
        print(f"{binary}: wall median {statistics.median(walls):.3f} s, mean {statistics.mean(walls):.3f}, "
              f"fastest {min(walls):.3f}; user+sys {statistics.median(r[1] for r in runs):.2f} s; "
              f"peak RSS {max(r[2] for r in runs):.0f} MB | stage medians (ms): {stage_medians(runs)}")


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""What memory touched for the first time costs on this machine, in 2 MB pages and in 4 KB ones.

  bench/page_faults.py [--mb 1024] [--rounds 3]

Maps --mb of anonymous memory, asks for transparent huge pages (MADV_HUGEPAGE, as the tool's
jemalloc does) or not (MADV_NOHUGEPAGE), writes a byte to every 4 KB, unmaps it, and repeats:
the first round takes memory the system has not handed out lately, the later ones what the
round before gave back. Prints milliseconds per 2 MB. On a virtual machine that returns free
memory to its host (free page reporting) a huge page nobody used lately costs far more than
one just freed, and than 4 KB pages: this is what makes a build's system time vary from run to
run (bench/README.md, "Fourth round").
"""
import argparse
import mmap
import time


def touch(size, huge):
    m = mmap.mmap(-1, size, flags=mmap.MAP_PRIVATE | mmap.MAP_ANONYMOUS)
    m.madvise(mmap.MADV_HUGEPAGE if huge else mmap.MADV_NOHUGEPAGE)
    start = time.perf_counter()
    for at in range(0, size, 4096):
        m[at] = 1
    elapsed = time.perf_counter() - start
    m.close()
    return elapsed


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--mb", type=int, default=1024)
    ap.add_argument("--rounds", type=int, default=3)
    args = ap.parse_args()
    size = args.mb << 20
    # The loop's own cost, on memory already touched, is taken off.
    warm = mmap.mmap(-1, size, flags=mmap.MAP_PRIVATE | mmap.MAP_ANONYMOUS)
    for at in range(0, size, 4096):
        warm[at] = 1
    start = time.perf_counter()
    for at in range(0, size, 4096):
        warm[at] = 1
    loop = time.perf_counter() - start
    warm.close()
    for huge in (True, False):
        times = [touch(size, huge) - loop for _ in range(args.rounds)]
        per_2mb = ", ".join(f"{t * 1e3 / (args.mb / 2):.2f}" for t in times)
        print(f"{'2 MB pages' if huge else '4 KB pages'}: ms per 2 MB, round by round: {per_2mb}")


if __name__ == "__main__":
    main()

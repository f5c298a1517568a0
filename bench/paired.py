#!/usr/bin/env python3
"""paired.py: two commands timed in turn, and their ratio pair by pair.

    python3 bench/paired.py [-n RUNS] [--warmup W] --vs 'COMMAND_B' -- COMMAND_A...

A and B run alternately (A B A B ...), W warm-up pairs first (default 1, not
counted), then RUNS pairs (default 7). Each run is one process, started
without a shell, its output thrown away; the whole process is measured:
wall time, user and system CPU (its rusage, children included) and peak
resident memory (ru_maxrss). Printed: median [min..max] of each figure for
A and for B, then A/B taken per pair and summarised the same way. Pairing
keeps the ratio meaningful when the machine's speed drifts during the runs
(another build, a thermal limit): a pair's two runs see about the same
machine. docs/performance.md quotes its rows. The peak is the child's
ru_maxrss, which on Linux starts at this script's own (about 15 MiB, the
fork before the exec): a smaller peak is not measured.

Exit status: 0; 1 when a run failed (its status is printed); 2 for bad
arguments.
"""
import argparse
import os
import shlex
import statistics
import subprocess
import sys
import time


def run_once(argv):
    """(wall s, user s, sys s, peak MiB, status) of one run of argv."""
    t0 = time.monotonic()
    with open(os.devnull, "wb") as null:
        p = subprocess.Popen(argv, stdout=null, stderr=null)
        _, status, ru = os.wait4(p.pid, 0)
    wall = time.monotonic() - t0
    code = os.waitstatus_to_exitcode(status)
    return wall, ru.ru_utime, ru.ru_stime, ru.ru_maxrss / 1024.0, code


def summary(xs):
    return "%11.4f %11.4f %11.4f" % (min(xs), statistics.median(xs), max(xs))


def main():
    ap = argparse.ArgumentParser(description="Two commands timed in turn; A/B per pair.")
    ap.add_argument("-n", type=int, default=7, help="pairs measured (default 7)")
    ap.add_argument("--warmup", type=int, default=1, help="pairs run first, not counted (default 1)")
    ap.add_argument("--vs", required=True, help="command B, one string split as a shell splits words")
    ap.add_argument("command", nargs=argparse.REMAINDER, help="command A, after --")
    a = ap.parse_args()
    cmd_a = a.command[1:] if a.command[:1] == ["--"] else a.command
    if not cmd_a or a.n < 1 or a.warmup < 0:
        ap.error("give -n >= 1, --warmup >= 0 and a command A after --")
    cmd_b = shlex.split(a.vs)
    if not cmd_b:
        ap.error("--vs names no command")
    runs = {"A": [], "B": []}
    for i in range(a.warmup + a.n):
        for name, argv in (("A", cmd_a), ("B", cmd_b)):
            try:
                r = run_once(argv)
            except OSError as e:
                print("paired.py: cannot run %s: %s" % (name, e), file=sys.stderr)
                return 2
            if r[4] != 0:
                print("paired.py: %s exited %d" % (name, r[4]), file=sys.stderr)
                return 1
            if i >= a.warmup:
                runs[name].append(r)
    print("%-18s %11s %11s %11s   n = %d pairs" % ("", "min", "median", "max", a.n))
    for name in ("A", "B"):
        rs = runs[name]
        print("%-18s %s" % (name + " wall s", summary([r[0] for r in rs])))
        print("%-18s %s" % (name + " cpu s", summary([r[1] + r[2] for r in rs])))
        print("%-18s %s" % (name + " peak MiB", summary([r[3] for r in rs])))
    pa, pb = runs["A"], runs["B"]
    for what, f in (("wall", lambda r: r[0]), ("cpu", lambda r: r[1] + r[2])):
        ratios = [f(x) / f(y) for x, y in zip(pa, pb) if f(y) > 0]
        print("%-18s %s" % ("A/B " + what, summary(ratios) if ratios else "%11s" % "-"))
    return 0


if __name__ == "__main__":
    sys.exit(main())

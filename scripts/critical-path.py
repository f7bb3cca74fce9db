#!/usr/bin/env python3
"""The longest chain of dependent steps of a resolution, from its step times.

Usage: adams resolve S_2 --max-stem 100 --max-s 53 --threads 1 --log debug 2> LOG
       scripts/critical-path.py LOG

Reads each step's own time (`step gens=… ms=…` lines; one thread, so a step's time is
its own) and follows the bidegree graph's edges (resolution::graph::plan): (s, t) reads
(s, t-1) and (s-1, t-1), and a classical row s <= 1 also (s-1, t). Prints the number of
steps, the sum of their times, the critical path and their ratio (the mean number of
bidegrees that can run at once): docs/cluster.md.
"""
import re
import sys

STEP = re.compile(r"bidegree\{s=(\d+) t=(-?\d+) stem=-?\d+\}: resolution::run: step gens=\d+ ms=([0-9.]+)")


def main(path):
    times = {}
    with open(path) as f:
        for line in f:
            m = STEP.search(line)
            if m:
                times[(int(m[1]), int(m[2]))] = float(m[3])
    if not times:
        sys.exit(f"error: {path}: no `step … ms=` lines (run with --log debug --threads 1)")
    finish = {}
    for s, t in sorted(times, key=lambda b: (b[1], b[0])):
        deps = [(s, t - 1), (s - 1, t - 1)] + ([(s - 1, t)] if s <= 1 else [])
        finish[(s, t)] = times[(s, t)] + max(finish.get(d, 0.0) for d in deps)
    total = sum(times.values()) / 1e3
    path_s = max(finish.values()) / 1e3
    print(f"{path}: {len(times)} steps, sum {total:.1f} s, critical path {path_s:.2f} s, "
          f"largest step {max(times.values()) / 1e3:.2f} s, sum / path {total / path_s:.1f}")


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    main(sys.argv[1])

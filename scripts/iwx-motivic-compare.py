#!/usr/bin/env python3
"""Compares a C-motivic ext.csv of `adams resolve S_2 --motivic` with the reference table of
Isaksen, Wang and Xu (tests/data/motivic/S_2_iwx.csv, written by iwx-motivic-table.py), in
every (stem, s, weight, tau-torsion) over the range both are complete for.

Usage: iwx-motivic-compare.py OURS.csv [REFERENCE.csv]
Exit 0 when they agree, 1 on a disagreement, 2 on a file it cannot read.
"""
import re
import sys
from collections import Counter


def fail(message):
    print(f"error: {message}", file=sys.stderr)
    sys.exit(2)


def read(path):
    try:
        f = open(path)
    except OSError as e:
        fail(f"{path}: {e.strerror}")
    with f:
        first = f.readline()
        m = re.search(r"stem <= (-?\d+)", first)
        if not m:
            fail(f"{path}: the first line does not say the range (# complete for stem <= N, ...)")
        stem = int(m.group(1))
        m = re.search(r"s <= (\d+)", first)
        s_max = int(m.group(1)) if m else None
        m = re.search(r"t <= (\d+)", first)
        t_max = int(m.group(1)) if m else None
        if f.readline().strip() != "stem,s,t,w,tau_torsion,count":
            fail(f"{path}: not a C-motivic ext.csv (second line stem,s,t,w,tau_torsion,count)")
        counts = Counter()
        for number, line in enumerate(f, start=3):
            try:
                n, s, t, w, k, c = line.strip().split(",")
                counts[(int(n), int(s), int(w), k)] += int(c)
            except ValueError:
                fail(f"{path}: line {number}: not stem,s,t,w,tau_torsion,count: {line.strip()!r}")
    return stem, s_max, t_max, counts


def main():
    ours_path = sys.argv[1]
    ref_path = sys.argv[2] if len(sys.argv) > 2 else "tests/data/motivic/S_2_iwx.csv"
    stem, s_max, _, ours = read(ours_path)
    ref_stem, _, ref_t, ref = read(ref_path)
    if s_max is None:
        fail(f"{ours_path}: the first line does not say s <= S (is it adams' ext.csv, not the reference?)")
    stem = min(stem, ref_stem)
    inside = lambda key: key[0] <= stem and key[1] <= s_max and (ref_t is None or key[0] + key[1] <= ref_t)
    keys = {k for k in list(ours) + list(ref) if inside(k)}
    bad = [k for k in sorted(keys) if ours.get(k, 0) != ref.get(k, 0)]
    for k in bad:
        print(f"stem {k[0]}, s {k[1]}, weight {k[2]}, tau-torsion {k[3]}: ours {ours.get(k, 0)}, IWX {ref.get(k, 0)}")
    total = sum(c for k, c in ours.items() if inside(k))
    print(f"{len(bad)} disagreements over stem <= {stem}, s <= {s_max}: {len(keys)} (stem, s, weight, torsion) "
          f"classes, {total} generators compared")
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()

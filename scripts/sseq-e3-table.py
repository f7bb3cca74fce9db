#!/usr/bin/env python3
"""Turn the d2 list of the field's independent resolver into an E3 table of the sphere.

Usage: sseq-e3-table.py D2_LIST E2_TABLE MAX_STEM MAX_S "PROVENANCE" > E3_S_2.csv

D2_LIST is the standard output of the example `secondary` of SpectralSequences/sseq's
`ext` crate, run on the sphere through stem MAX_STEM + 1 and s <= MAX_S + 2 (see
docs/EXPERIMENTS.md for the build and the command): one line per class x whose d2 lands
in a nonzero bidegree, `d_2 x_(n, s, i) = [b_0, b_1, ...]`, the image of the i-th basis
class of Ext^{s, n+s} over the basis of Ext^{s+2, n+s+1}. E2_TABLE is an ext.csv table
of the sphere (tests/data/ext/S_2.csv: Weinan Lin's archive) giving dim E2.

E3^{s,t} = dim E2^{s,t} - rank(d2 out of (s, t)) - rank(d2 into (s, t)), ranks over F_2.
The table is in the `ext.csv` format of `adams verify`: a first line
`# complete for stem <= MAX_STEM, s <= MAX_S; PROVENANCE`, then `stem,s,t,dim`, one row
per nonzero bidegree, sorted by stem then s. Each vector's length is checked against
dim E2 of the target (the two sources must agree on E2).
"""

import re
import sys
from collections import defaultdict

LINE = re.compile(r"^d_2 x_\((-?\d+), (\d+), (\d+)\) = \[([01, ]*)\]$")


def rank_f2(rows):
    """Rank over F_2 of a list of 0/1 lists (all the same length)."""
    pivots = {}
    rank = 0
    for row in rows:
        v = int("".join(map(str, row)) or "0", 2)
        while v:
            top = v.bit_length() - 1
            if top in pivots:
                v ^= pivots[top]
            else:
                pivots[top] = v
                rank += 1
                break
    return rank


def read_e2(path):
    e2 = {}
    with open(path, encoding="utf-8") as f:
        for line in f:
            if line.startswith("#") or line.startswith("stem"):
                continue
            stem, s, _t, dim = map(int, line.strip().split(","))
            e2[(stem, s)] = dim
    return e2


def d2_lines(path):
    """The lines of a d2 list as (line number, stem, s, class index, image bits)."""
    with open(path, encoding="utf-8") as f:
        for number, line in enumerate(f, 1):
            m = LINE.match(line.strip())
            if not m:
                sys.exit(f"{path}:{number}: not a d2 line: {line.strip()!r}")
            bits = [int(b) for b in m[4].replace(" ", "").split(",") if b]
            yield number, int(m[1]), int(m[2]), int(m[3]), bits


def read_d2(path, e2):
    """{source (stem, s): [image rows]}, in class order."""
    d2 = defaultdict(dict)
    for number, n, s, i, bits in d2_lines(path):
        target = e2.get((n - 1, s + 2), 0)
        if len(bits) != target or i >= e2.get((n, s), 0):
            sys.exit(f"{path}:{number}: dimensions disagree with the E2 table")
        d2[(n, s)][i] = bits
    return {k: list(v.values()) for k, v in d2.items()}


def main():
    if len(sys.argv) != 6:
        sys.exit(__doc__)
    d2_path, e2_path, max_stem, max_s, provenance = sys.argv[1:]
    max_stem, max_s = int(max_stem), int(max_s)
    e2 = read_e2(e2_path)
    d2 = read_d2(d2_path, e2)
    rank = {k: rank_f2(rows) for k, rows in d2.items()}
    print(f"# complete for stem <= {max_stem}, s <= {max_s}; {provenance}")
    print("stem,s,t,dim")
    for stem in range(max_stem + 1):
        for s in range(max_s + 1):
            dim = e2.get((stem, s), 0)
            dim -= rank.get((stem, s), 0) + rank.get((stem + 1, s - 2), 0)
            if dim < 0:
                sys.exit(f"negative E3 at stem {stem}, s {s}")
            if dim:
                print(f"{stem},{s},{stem + s},{dim}")


if __name__ == "__main__":
    main()

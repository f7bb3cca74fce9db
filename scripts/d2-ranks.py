#!/usr/bin/env python3
"""The rank of the Adams d2 out of every bidegree, from either resolver's d2 list.

Usage: d2-ranks.py sseq|adams D2_LIST MAX_STEM MAX_S "PROVENANCE" > RANKS.csv

D2_LIST is either
  sseq:  the standard output of the example `secondary` of SpectralSequences/sseq's `ext`
         crate: one line per class x whose d2 lands in a nonzero bidegree,
         `d_2 x_(n, s, i) = [b_0, b_1, ...]` (the image of the i-th basis class of
         Ext^{s, n+s} over the basis of Ext^{s+2, n+s+1});
  adams: a d2.csv of `adams d2`: rows `stem,s,t,class,target` for the classes with
         d2 != 0, `target` the indices of the target classes separated by spaces.

Prints the ranks over F_2 of d2 out of each bidegree with stem <= MAX_STEM and s <= MAX_S
where the rank is not zero, sorted by stem then s, in the form of the project's tables: a
first line `# complete for stem <= MAX_STEM, s <= MAX_S; PROVENANCE`, then
`stem,s,t,rank` (t = stem + s). The rank does not depend on the basis either resolver
chose, so the two tables are comparable line by line.
"""

import importlib.util
import os
import sys
from collections import defaultdict

def sseq_e3_table():
    """scripts/sseq-e3-table.py as a module: its reader of sseq's d2 lists and its rank
    over F_2, one of each for every script."""
    here = os.path.dirname(os.path.abspath(__file__))
    spec = importlib.util.spec_from_file_location(
        "sseq_e3_table", os.path.join(here, "sseq-e3-table.py")
    )
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def read_sseq(table, path):
    """{(stem, s): [rows as 0/1 lists]}."""
    rows = defaultdict(list)
    for _number, n, s, _i, bits in table.d2_lines(path):
        rows[(n, s)].append(bits)
    return rows


def read_adams(path):
    """{(stem, s): [rows as 0/1 lists]} from a d2.csv (its comment lines skipped)."""
    targets = defaultdict(list)
    with open(path, encoding="utf-8") as f:
        for number, line in enumerate(f, 1):
            if line.startswith("#") or line.startswith("stem,"):
                continue
            fields = line.strip().split(",")
            if len(fields) != 5:
                sys.exit(f"{path}:{number}: not a d2.csv row: {line.strip()!r}")
            stem, s = int(fields[0]), int(fields[1])
            targets[(stem, s)].append([int(j) for j in fields[4].split()])
    rows = {}
    for key, lists in targets.items():
        width = 1 + max(max(t) for t in lists)
        rows[key] = [[1 if j in t else 0 for j in range(width)] for t in lists]
    return rows


def main():
    if len(sys.argv) != 6 or sys.argv[1] not in ("sseq", "adams"):
        sys.exit(__doc__)
    kind, path, max_stem, max_s, provenance = sys.argv[1:]
    max_stem, max_s = int(max_stem), int(max_s)
    table = sseq_e3_table()
    rows = read_sseq(table, path) if kind == "sseq" else read_adams(path)
    rank = table.rank_f2
    print(f"# complete for stem <= {max_stem}, s <= {max_s}; {provenance}")
    print("stem,s,t,rank")
    for (stem, s) in sorted(rows):
        if stem > max_stem or s > max_s:
            continue
        r = rank(rows[(stem, s)])
        if r:
            print(f"{stem},{s},{stem + s},{r}")


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Turn the chart printed by the field's independent resolver into an Ext table.

Usage: sseq-table.py EXE MODULE.json MIN_STEM MAX_STEM MAX_S "PROVENANCE" > TABLE.csv

EXE is a release build of the example `resolve_through_stem` of SpectralSequences/sseq's
`ext` crate (classical algorithm; see docs/EXPERIMENTS.md for how it was built). It is
run as `RAYON_NUM_THREADS=2 EXE MODULE.json "" MAX_STEM MAX_S`; it prints one row per
filtration s (top row first, empty top rows dropped, s = 0 last), one character and a
space per stem from the module's bottom cell MIN_STEM to MAX_STEM, the character
standing for dim Ext^{s, stem + s}: ' ' 0, '·' 1, ':' 2, '∴' 3, '⁘' 4, '⁙' 5, '⠿' 6,
'⡿' 7, '⣿' 8, '9' 9 ('*', 10 or more, is refused here: the dimension would be lost).

The table written is in the `ext.csv` format of `adams verify`: a first line
`# complete for stem <= MAX_STEM, s <= MAX_S; PROVENANCE`, then `stem,s,t,dim`, one row
per nonzero bidegree sorted by stem then s.
"""

import os
import subprocess
import sys

MARKS = {" ": 0, "·": 1, ":": 2, "∴": 3, "⁘": 4, "⁙": 5, "⠿": 6, "⡿": 7, "⣿": 8, "9": 9}


def main():
    if len(sys.argv) != 7:
        sys.exit(__doc__)
    exe, module, min_stem, max_stem, max_s, provenance = sys.argv[1:]
    min_stem, max_stem, max_s = int(min_stem), int(max_stem), int(max_s)
    env = dict(os.environ, RAYON_NUM_THREADS="2")
    out = subprocess.run(
        [exe, module, "", str(max_stem), str(max_s)],
        env=env, capture_output=True, text=True, check=True,
    ).stdout
    lines = out.split("\n")
    while lines and lines[-1] == "":
        lines.pop()
    if len(lines) > max_s + 1:
        sys.exit(f"{len(lines)} rows for s <= {max_s}")
    width = max_stem - min_stem + 1
    dims = {}
    for s, row in enumerate(reversed(lines)):
        row = row.ljust(2 * width)
        if len(row) > 2 * width or any(row[2 * i + 1] != " " for i in range(width)):
            sys.exit(f"row s = {s} is not {width} stems wide: {row!r}")
        for i in range(width):
            mark = row[2 * i]
            if mark not in MARKS:
                sys.exit(f"stem {min_stem + i}, s = {s}: mark {mark!r} not read")
            if MARKS[mark]:
                dims[(min_stem + i, s)] = MARKS[mark]
    print(f"# complete for stem <= {max_stem}, s <= {max_s}; {provenance}")
    print("stem,s,t,dim")
    for (stem, s), dim in sorted(dims.items()):
        print(f"{stem},{s},{stem + s},{dim}")


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""The size of a save directory by stem: what `adams resolve --save-dir DIR` keeps.

Usage: save-size.py DIR [STEM ...]

Reads every bidegree file DIR/sSSS/tTTT.rec (crates/resolution/SAVE-FORMAT.md: a generators
record, kind 1, then optionally a quasi-inverse record, kind 2; each a 52-byte head, the
stored payload and a 32-byte checksum) and prints, for each STEM given (default: every 10th
stem present), the files and bytes of the bidegrees of stem <= STEM (t - s), split into
generators records and quasi-inverse records, the space they take on disk (the file system's
blocks: a small file takes a whole block), and the record bytes of that stem's decade alone
(stems STEM-9 .. STEM); then the growth of the decade bytes per 10 stems between the last
two decades given, as a projection model `bytes(stem) = bytes(last) * growth^((stem-last)/10)`.
"""

import os
import re
import struct
import sys

HEAD = 52
TAIL = 32


def records(path):
    """(kind, bytes on disk) of each record of one bidegree file."""
    data = open(path, "rb").read()
    at, out = 0, []
    while at < len(data):
        if data[at:at + 8] != b"ADAMSREC":
            raise SystemExit(f"{path}: no record magic at byte {at}")
        kind = data[at + 10]
        (stored,) = struct.unpack_from("<Q", data, at + 44)
        size = HEAD + stored + TAIL
        out.append((kind, size))
        at += size
    return out


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    root = sys.argv[1]
    by_stem = {}
    for sdir in sorted(os.listdir(root)):
        m = re.fullmatch(r"s(\d+)", sdir)
        if not m:
            continue
        s = int(m.group(1))
        for name in os.listdir(os.path.join(root, sdir)):
            m = re.fullmatch(r"t(-?\d+)\.rec", name)
            if not m:
                continue
            stem = int(m.group(1)) - s
            entry = by_stem.setdefault(stem, [0, 0, 0, 0])
            entry[0] += 1
            path = os.path.join(root, sdir, name)
            for kind, size in records(path):
                entry[1 if kind == 1 else 2] += size
            entry[3] += os.stat(path).st_blocks * 512
    stems = [int(x) for x in sys.argv[2:]] or list(range(10, max(by_stem) + 1, 10))
    print("stem <= N | files | generators MB | quasi-inverses MB | total MB | on disk MB | decade MB")
    decades = []
    for n in stems:
        inside = [v for k, v in by_stem.items() if k <= n]
        decade = sum(v[1] + v[2] for k, v in by_stem.items() if n - 10 < k <= n)
        files, gens, qis, disk = (sum(v[i] for v in inside) for i in range(4))
        decades.append((n, decade))
        print(f"{n} | {files} | {gens / 1e6:.1f} | {qis / 1e6:.1f} | {(gens + qis) / 1e6:.1f} | "
              f"{disk / 1e6:.1f} | {decade / 1e6:.1f}")
    if len(decades) >= 2 and decades[-2][1] > 0:
        (a, da), (b, db) = decades[-2], decades[-1]
        growth = (db / da) ** (10 / (b - a))
        print(f"decade growth per 10 stems from {a} to {b}: {growth:.2f}")


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""The records of an adams save directory, one line each: `s t sha256`, sorted, then the
header's sha256 — whether a record lies in its own file or in a row pack
(crates/resolution/SAVE-FORMAT.md, "Row packs": own file first, then the newest pack).
Two directories hold the same resolution iff their listings are equal; which records a
pack gathered depends on the order the writers finished, so the files themselves may
differ. Usage: save-records.py DIR"""
import hashlib
import os
import re
import struct
import sys


def records(d):
    out = {}
    for row in sorted(os.listdir(d)):
        m = re.fullmatch(r"s(\d+)", row)
        path = os.path.join(d, row)
        if not m or not os.path.isdir(path):
            continue
        s = int(m.group(1))
        names = os.listdir(path)
        packs = sorted((n for n in names if re.fullmatch(r"pack\d{4,}\.pack", n)),
                       key=lambda n: int(n[4:-5]))
        for n in packs:  # oldest first: newer packs overwrite
            data = open(os.path.join(path, n), "rb").read()
            if data[:8] != b"ADAMSPAK":
                sys.exit(f"{path}/{n}: not a row pack")
            (count,) = struct.unpack_from("<I", data, 12)
            for i in range(count):
                t, off, ln = struct.unpack_from("<iQQ", data, 16 + 20 * i)
                out[(s, t)] = data[off:off + ln]
        for n in names:
            m2 = re.fullmatch(r"t(-?\d+)\.rec", n)
            if m2:
                out[(s, int(m2.group(1)))] = open(os.path.join(path, n), "rb").read()
    return out


def main():
    d = sys.argv[1]
    for (s, t), b in sorted(records(d).items()):
        print(s, t, hashlib.sha256(b).hexdigest())
    print("header", hashlib.sha256(open(os.path.join(d, "header"), "rb").read()).hexdigest())


main()

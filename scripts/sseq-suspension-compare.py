#!/usr/bin/env python3
"""Compare `adams suspension` with the field's independent resolver, bidegree by bidegree.

Usage: sseq-suspension-compare.py SSEQ_EXE ADAMS_EXE MODULE MAX_STEM MAX_S [P]

P is the module's prime (default 2).

SSEQ_EXE is a release build of the example `unstable_suspension` of SpectralSequences/sseq's
`ext` crate (`cargo build --release --features concurrent --example unstable_suspension`,
outside this tree). It is run as `SSEQ_EXE MODULE "" MAX_STEM MAX_S` and prints, for every
shift k from 0 up to the stable range, lines `n s k: num_gens - matrix`: the relative stem n,
the filtration s, dim Ext_U(Σ^k M) there, and the matrix of the suspension from Σ^(k-1) M
(left out when the source or the target is zero, or when both have the same dimension and the
matrix is the identity); each shift from where its stable range ends, so only the bidegrees
printed for both Σ^(k-1) M and Σ^k M are compared.

For each k ≥ 1 that sseq printed, `adams suspension MODULE --from k-1 --to k --max-stem
MAX_STEM --max-s MAX_S` is run and its suspension.csv read; at every bidegree the dimensions of
the source and the target and the rank of the map must agree (ranks: sseq's matrix reduced
mod P here). A shift whose source adams refuses as not unstable is skipped (said). Prints
one line per disagreement and a summary; exit 0 when all agree.
"""

import csv
import os
import re
import subprocess
import sys
import tempfile

LINE = re.compile(r"^(-?\d+) (\d+) (\d+): (\d+)(?: - (.*))?$")


def rank_mod(rows, p):
    rows = [[x % p for x in r] for r in rows]
    rank, cols = 0, len(rows[0]) if rows else 0
    for c in range(cols):
        pivot = next((i for i in range(rank, len(rows)) if rows[i][c]), None)
        if pivot is None:
            continue
        rows[rank], rows[pivot] = rows[pivot], rows[rank]
        inverse = pow(rows[rank][c], p - 2, p)
        rows[rank] = [x * inverse % p for x in rows[rank]]
        for i in range(len(rows)):
            if i != rank and rows[i][c]:
                f = rows[i][c]
                rows[i] = [(x - f * y) % p for x, y in zip(rows[i], rows[rank])]
        rank += 1
    return rank


def sseq_table(exe, module, max_stem, max_s):
    env = dict(os.environ, RAYON_NUM_THREADS="2")
    out = subprocess.run([exe, module, "", str(max_stem), str(max_s)], env=env,
                         capture_output=True, text=True, check=True).stdout
    dims, matrices = {}, {}
    for line in out.splitlines():
        m = LINE.match(line.strip())
        if not m:
            continue
        n, s, k, gens = (int(m.group(i)) for i in range(1, 5))
        dims[(k, n, s)] = gens
        if m.group(5):
            matrices[(k, n, s)] = eval(m.group(5))  # a list of lists of integers
    return dims, matrices


def sseq_rank(dims, matrices, k, n, s, p):
    if (k, n, s) in matrices:
        return rank_mod(matrices[(k, n, s)], p)
    source, target = dims.get((k - 1, n, s), 0), dims.get((k, n, s), 0)
    return source if source == target and source > 0 else 0


def adams_table(exe, module, k, max_stem, max_s, folder):
    out = os.path.join(folder, f"k{k}")
    run = subprocess.run([exe, "suspension", module, "--from", str(k - 1), "--to", str(k),
                          "--max-stem", str(max_stem), "--max-s", str(max_s), "--output", out,
                          "--quiet"], capture_output=True, text=True)
    if run.returncode == 2 and "not unstable" in run.stderr:
        return None
    run.check_returncode()
    with open(os.path.join(out, "suspension.csv")) as f:
        rows = [r for r in f if not r.startswith("#")]
    return {(int(r["stem"]), int(r["s"])): (int(r["source"]), int(r["target"]), int(r["rank"]))
            for r in csv.DictReader(rows)}


def main():
    if len(sys.argv) not in (6, 7):
        sys.exit(__doc__)
    sseq, adams, module = sys.argv[1:4]
    max_stem, max_s = int(sys.argv[4]), int(sys.argv[5])
    p = int(sys.argv[6]) if len(sys.argv) == 7 else 2
    dims, matrices = sseq_table(sseq, module, max_stem, max_s)
    shifts = sorted({k for (k, _, _) in dims if k >= 1})
    bad = compared = 0
    with tempfile.TemporaryDirectory() as folder:
        for k in shifts:
            ours = adams_table(adams, module, k, max_stem, max_s, folder)
            if ours is None:
                print(f"k = {k}: skipped, Σ^{k - 1} {module} is not unstable (adams refuses it)")
                continue
            for n in range(0, max_stem + 1):
                for s in range(0, max_s + 1):
                    # sseq prints each shift from the end of its stable range on.
                    if (k - 1, n, s) not in dims or (k, n, s) not in dims:
                        continue
                    want = (dims.get((k - 1, n, s), 0), dims.get((k, n, s), 0),
                            sseq_rank(dims, matrices, k, n, s, p))
                    got = ours.get((n, s), (0, 0, 0))
                    compared += 1
                    if want != got:
                        bad += 1
                        print(f"k = {k}, (n, s) = ({n}, {s}): sseq {want}, adams {got}")
    print(f"{module}: {compared} bidegrees compared over shifts {shifts[0]}..{shifts[-1]}, "
          f"{bad} disagreements (source dim, target dim, rank)")
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()

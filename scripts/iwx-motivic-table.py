#!/usr/bin/env python3
"""Writes the C-motivic Ext tables of Isaksen, Wang and Xu in adams' motivic ext.csv format.

Usage: iwx-motivic-table.py SEQSEE_CLONE OUT_DIR

SEQSEE_CLONE is a clone of github.com/JoeyBF/SeqSee, whose csv/ folder holds the CSV files
of Isaksen, Wang and Xu's Zenodo records 6987157 and 6987227 (its README says so) — the
data of "Stable homotopy groups of spheres: from dimension 0 to 90" (Publ. Math. IHES 137,
2023). From csv/Adams-motivic-E2-machine.csv (the machine-generated C-motivic Adams E2
page: one row per F_2[tau]-module generator, its stem, Adams filtration, weight and
tau-torsion order, 0 for tau-free) this writes OUT_DIR/S_2_iwx.csv with the columns
`stem,s,t,w,tau_torsion,count` (`inf` for tau-free) for stem <= 70, the range of Isaksen's
"Stable stems"; and OUT_DIR/S_2_iwx_products.csv, the same chart's generators through stem 43
with their h0, h1, h2 products (`name,stem,s,w,tau_torsion,h0,h1,h2`, each product a sum of
`t^k{name}`).
"""
import csv
import subprocess
import sys
from collections import Counter


def show(clone, path):
    return subprocess.run(["git", "-C", clone, "show", f"HEAD:{path}"], check=True,
                          capture_output=True, text=True).stdout


def main():
    clone, out = sys.argv[1], sys.argv[2]
    commit = subprocess.run(["git", "-C", clone, "rev-parse", "HEAD"], check=True,
                            capture_output=True, text=True).stdout.strip()
    rows = list(csv.DictReader(show(clone, "csv/Adams-motivic-E2-machine.csv").splitlines()))
    counts = Counter()
    top = max(int(r["stem"]) + int(r["Adams filtration"]) for r in rows)
    for r in rows:
        n, s = int(r["stem"]), int(r["Adams filtration"])
        if n > 70:
            continue
        k = int(r["tautorsion"])
        counts[(n, s, int(r["weight"]), "inf" if k == 0 else str(k))] += 1
    with open(f"{out}/S_2_iwx.csv", "w") as f:
        f.write(f"# complete for stem <= 70, t <= {top}; C-motivic Ext_A(M_2, M_2) as an "
                "F_2[tau]-module (generators by weight and tau-torsion order), Isaksen-Wang-Xu, "
                "Zenodo 6987157, csv/Adams-motivic-E2-machine.csv of JoeyBF/SeqSee at "
                f"{commit[:10]}, by scripts/iwx-motivic-table.py\n")
        f.write("stem,s,t,w,tau_torsion,count\n")
        for (n, s, w, k), c in sorted(counts.items(), key=lambda x: (x[0][0], x[0][1], x[0][2], x[0][3])):
            f.write(f"{n},{s},{n + s},{w},{k},{c}\n")
    with open(f"{out}/S_2_iwx_products.csv", "w") as f:
        f.write("# complete for stem <= 43; the generators of the same machine-generated chart "
                "(Isaksen-Wang-Xu, Zenodo 6987157, csv/Adams-motivic-E2-machine.csv of "
                f"JoeyBF/SeqSee at {commit[:10]}, by scripts/iwx-motivic-table.py) with their "
                "h0, h1, h2 products: a sum of t^k{name}, k the power of tau (the chart's info "
                "column when the target is one name)\n")
        f.write("name,stem,s,w,tau_torsion,h0,h1,h2\n")
        for r in rows:
            if int(r["stem"]) > 43:
                continue
            targets = []
            for i in range(3):
                target, info = r[f"h{i}target"], r[f"h{i}info"]
                if target and "+" not in target and info:
                    target = f"t^{info}{target}"
                targets.append(target.replace("+", " + "))
            f.write(f"{r['name']},{r['stem']},{r['Adams filtration']},{r['weight']},"
                    f"{r['tautorsion']},{','.join(targets)}\n")

if __name__ == "__main__":
    main()

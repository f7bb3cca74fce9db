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
"Stable stems"; and from csv/Adams-motivic-E2.csv (the hand-drawn chart with names and the
h0, h1, h2 products) OUT_DIR/S_2_iwx_products.csv: `stem,s,w,name,h,target,tau` for each
product h_i x = tau^k y listed there (tau 1 where the chart marks the target "t"), stem <= 40.
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
    named = list(csv.DictReader(show(clone, "csv/Adams-motivic-E2.csv").splitlines()))
    with open(f"{out}/S_2_iwx_products.csv", "w") as f:
        f.write("# h0, h1, h2 products of the named generators through stem 40: Isaksen-Wang-Xu, "
                f"Zenodo 6987157, csv/Adams-motivic-E2.csv of JoeyBF/SeqSee at {commit[:10]}, "
                "by scripts/iwx-motivic-table.py; target 'loc' is an infinite h1 tower\n")
        f.write("stem,s,w,tau_torsion,name,h,target,tau\n")
        for r in named:
            if int(r["stem"]) > 40:
                continue
            for i in range(3):
                target = r[f"h{i}target"]
                if target:
                    tau = 1 if r[f"h{i}info"] == "t" else 0
                    f.write(f"{r['stem']},{r['Adams filtration']},{r['weight']},{r['tautorsion']},"
                            f"{r['name']},{i},{target},{tau}\n")


if __name__ == "__main__":
    main()

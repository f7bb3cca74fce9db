#!/usr/bin/env python3
# Usage: python3 scripts/bcp-module.py P MIN TOP > file.json (the provenance of tests/data/ext/BC3.csv).
# Writes H~^*(BZ/p; F_p) (cells min..top) as a finite dimensional module file in the
# field's format: beta(x y^k) = y^(k+1); P^n y^k = C(k,n) y^(k+n(p-1)); P^n(x y^k) = C(k,n) x y^(k+n(p-1));
# only the generators beta and P^(p^j) are listed (the field's convention).
import json, math, sys
p, lo, top = int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3])
name = lambda d: f"y{d//2}" if d % 2 == 0 else f"xy{d//2}"
gens = {name(d): d for d in range(lo, top + 1)}
actions = []
for d in range(lo, top + 1):
    if d % 2 == 1 and d + 1 <= top:
        actions.append(f"b {name(d)} = {name(d+1)}")
    n = 1
    while d + 2 * n * (p - 1) <= top:
        c = math.comb(d // 2, n) % p
        if c:
            actions.append(f"P{n} {name(d)} = {c} {name(d + 2*n*(p-1))}")
        n *= p
print(json.dumps({"p": p, "type": "finite dimensional module", "gens": gens, "actions": actions}))

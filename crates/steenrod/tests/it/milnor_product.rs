//! Products in the Milnor basis, checked against an independent brute-force
//! evaluation of Milnor's formula, the Adem relations, and associativity.
#![allow(clippy::needless_range_loop)] // matrix indices mirror the formula

use std::collections::BTreeMap;

use fp::FpVector;
use steenrod::{MilnorAlgebra, PPart};

/// Exact binomial coefficients `C(n, k)` for `n < 64` by Pascal's rule.
fn pascal() -> Vec<Vec<u128>> {
    let mut c = vec![vec![0u128; 64]; 64];
    for n in 0..64 {
        c[n][0] = 1;
        for k in 1..=n {
            c[n][k] = c[n - 1][k - 1] + c[n - 1][k];
        }
    }
    c
}

/// `Sq(R)·Sq(S)` by Milnor's formula (Ann. of Math. 67 (1958), Thm 4b), summed
/// over *all* matrices `X` — `x_ij` for `i, j ≥ 1` run over `0..=s_j`
/// independently, `x_i0` and `x_0j` are what the row and column sums leave —
/// with the exact integer coefficient `Π_n (T_n)! / Π_{i+j=n} x_ij!`, reduced
/// mod 2 only at the end. Returns the `T` with odd total coefficient, and how
/// many `T` were reached by more than one matrix of odd coefficient.
fn reference_product(r: &[u32], s: &[u32], c: &[Vec<u128>]) -> (Vec<Vec<u32>>, usize) {
    let (lr, ls) = (r.len(), s.len());
    let mut inner = vec![0u32; lr * ls]; // x_ij at (i-1)*ls + (j-1)
    let mut totals: BTreeMap<Vec<u32>, (u128, usize)> = BTreeMap::new();
    loop {
        let mut x = vec![vec![0u32; ls + 1]; lr + 1];
        let mut ok = true;
        for i in 1..=lr {
            let mut used = 0u32;
            for j in 1..=ls {
                x[i][j] = inner[(i - 1) * ls + (j - 1)];
                used += x[i][j] << j;
            }
            ok &= used <= r[i - 1];
            x[i][0] = r[i - 1].wrapping_sub(used);
        }
        for j in 1..=ls {
            let used: u32 = (1..=lr).map(|i| x[i][j]).sum();
            ok &= used <= s[j - 1];
            x[0][j] = s[j - 1].wrapping_sub(used);
        }
        if ok {
            let mut t = vec![0u32; lr + ls];
            let mut coeff = 1u128;
            for n in 1..=lr + ls {
                let mut running = 0usize;
                for i in 0..=n.min(lr) {
                    let j = n - i;
                    if j > ls {
                        continue;
                    }
                    let e = x[i][j] as usize;
                    running += e;
                    coeff = coeff
                        .checked_mul(c[running][e])
                        .expect("coefficient overflow");
                }
                t[n - 1] = running as u32;
            }
            while t.last() == Some(&0) {
                t.pop();
            }
            let entry = totals.entry(t).or_insert((0, 0));
            entry.0 += coeff;
            entry.1 += (coeff % 2) as usize;
        }
        // Odometer over the inner entries, x_ij ∈ 0..=s_j.
        let mut k = 0;
        loop {
            if k == inner.len() {
                let odd: Vec<Vec<u32>> = totals
                    .iter()
                    .filter(|(_, v)| v.0 % 2 == 1)
                    .map(|(t, _)| t.clone())
                    .collect();
                let collisions = totals.values().filter(|v| v.1 > 1).count();
                return (odd, collisions);
            }
            if inner[k] < s[k % ls] {
                inner[k] += 1;
                break;
            }
            inner[k] = 0;
            k += 1;
        }
    }
}

fn basis_vector(a: &MilnorAlgebra, p: &PPart) -> FpVector {
    let mut v = FpVector::new(a.dim(p.degree()));
    v.set(a.index_of(p), true);
    v
}

fn sq(i: u32) -> PPart {
    PPart::from_slice(&[i])
}

#[test]
fn multiply_basis_matches_brute_force_formula() {
    const MAX: u32 = 24;
    // With the table cache (the default) and with direct enumeration only.
    let algebras = [
        MilnorAlgebra::new(MAX),
        MilnorAlgebra::with_table_budget(MAX, 0),
    ];
    assert!(algebras[0].admissible_matrices(&sq(3)).is_some());
    assert!(algebras[1].admissible_matrices(&sq(3)).is_none());
    let c = pascal();
    let mut total_collisions = 0;
    let a = &algebras[0];
    for dr in 0..=MAX {
        for ds in 0..=MAX - dr {
            for r in a.basis(dr) {
                for s in a.basis(ds) {
                    let (odd, collisions) = reference_product(r.as_slice(), s.as_slice(), &c);
                    total_collisions += collisions;
                    let expected: Vec<usize> = odd
                        .iter()
                        .map(|t| a.index_of(&PPart::from_slice(t)))
                        .collect::<Vec<_>>();
                    let mut expected = expected;
                    expected.sort_unstable();
                    for a in &algebras {
                        let mut got = Vec::new();
                        a.multiply_basis(r, s, |i| got.push(i));
                        assert_eq!(got, expected, "{r}·{s}");
                        let mut limbs = vec![0u64; (a.dim(dr + ds) + 64).div_ceil(64)];
                        a.multiply_basis_into(r, s, &mut limbs, 64 - 3);
                        let bits: Vec<usize> = (0..limbs.len() * 64)
                            .filter(|&b| limbs[b / 64] >> (b % 64) & 1 == 1)
                            .map(|b| b - (64 - 3))
                            .collect();
                        assert_eq!(bits, expected, "{r}·{s} into limbs at offset 61");
                    }
                }
            }
        }
    }
    // The parity bookkeeping is exercised: some T is reached by several
    // matrices of odd coefficient in this range.
    assert!(
        total_collisions > 0,
        "no product with colliding matrices up to degree {MAX}"
    );
}

/// Which `Sq(R)` of degree `≤ max` get a table when they are asked for in `order`.
fn tabled(a: &MilnorAlgebra, max: u32, order: impl Iterator<Item = u32>) -> Vec<(u32, usize)> {
    let mut got = Vec::new();
    for d in order {
        for r in a.basis(d) {
            if a.admissible_matrices(r).is_some() {
                got.push((d, a.index_of(r)));
            }
        }
    }
    assert!(got.iter().all(|&(d, _)| d <= max));
    got.sort_unstable();
    got
}

#[test]
fn the_table_budget_goes_to_the_lowest_degrees_whatever_the_order_of_use() {
    // A resolution resumed at its top stems asks for large `R` first; the tables must
    // still go to the small `R` (used most), as in a run from the bottom.
    const MAX: u32 = 40;
    let all = MilnorAlgebra::with_table_budget(MAX, usize::MAX);
    let every = tabled(&all, MAX, 0..=MAX);
    let budget = all.table_bytes() / 3;
    let up = tabled(&MilnorAlgebra::with_table_budget(MAX, budget), MAX, 0..=MAX);
    let down = tabled(
        &MilnorAlgebra::with_table_budget(MAX, budget),
        MAX,
        (0..=MAX).rev(),
    );
    assert!(!up.is_empty() && up.len() < every.len(), "the budget binds");
    assert_eq!(down, up, "tables asked for from the top degree down");
    assert!(up.contains(&(1, 0)), "Sq(1) is tabled");
}

#[test]
fn small_products() {
    let a = MilnorAlgebra::new(20);
    let prod = |r: &PPart, s: &PPart| {
        let mut v = Vec::new();
        a.multiply_basis(r, s, |i| {
            v.push(a.basis(r.degree() + s.degree())[i].to_string())
        });
        v
    };
    // Adem: Sq^1 Sq^1 = 0.
    assert!(prod(&sq(1), &sq(1)).is_empty());
    // Adem: Sq^1 Sq^2 = Sq^3; Milnor: Q_1 = Sq(0,1) = [Sq^2, Sq^1], so
    // Sq^2 Sq^1 = Sq(3) + Sq(0,1).
    assert_eq!(prod(&sq(1), &sq(2)), ["Sq(3)"]);
    assert_eq!(prod(&sq(2), &sq(1)), ["Sq(3)", "Sq(0,1)"]);
    // The unit.
    let p = PPart::from_slice(&[2, 1, 1]);
    assert_eq!(prod(&PPart::ONE, &p), [p.to_string()]);
    assert_eq!(prod(&p, &PPart::ONE), [p.to_string()]);
}

/// `C(n, k) mod 2` from Pascal's triangle mod 2, with `C(n, k) = 0` for
/// `k > n` or `n < 0`.
fn binom2(n: i64, k: i64) -> bool {
    if n < 0 || k < 0 || k > n {
        return false;
    }
    let (n, k) = (n as usize, k as usize);
    let mut row = vec![true];
    for _ in 0..n {
        let mut next = vec![true; row.len() + 1];
        for i in 1..row.len() {
            next[i] = row[i - 1] ^ row[i];
        }
        row = next;
    }
    row[k]
}

#[test]
fn adem_relations() {
    // Sq^a Sq^b = Σ_{c=0}^{⌊a/2⌋} C(b−c−1, a−2c) Sq^{a+b−c} Sq^c for 0 < a < 2b
    // (Adem 1952; e.g. Mosher–Tangora, Ch. 3), with Sq^i = Sq(i).
    let a_alg = MilnorAlgebra::new(40);
    for b in 1..=40u32 {
        for a in 1..(2 * b).min(41 - b) {
            let deg = a + b;
            let lhs = a_alg.multiply(
                a,
                &basis_vector(&a_alg, &sq(a)),
                b,
                &basis_vector(&a_alg, &sq(b)),
            );
            let mut rhs = FpVector::new(a_alg.dim(deg));
            for c in 0..=a / 2 {
                if binom2(b as i64 - c as i64 - 1, a as i64 - 2 * c as i64) {
                    let x = basis_vector(&a_alg, &sq(a + b - c));
                    let y = basis_vector(&a_alg, &sq(c));
                    rhs.add(&a_alg.multiply(a + b - c, &x, c, &y));
                }
            }
            assert_eq!(
                a_alg.element_to_string(deg, &lhs),
                a_alg.element_to_string(deg, &rhs),
                "Sq^{a} Sq^{b}"
            );
        }
    }
}

/// xorshift64*, a fixed-seed generator so failures reproduce.
struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

#[test]
fn associativity_on_random_triples() {
    const MAX: u32 = 60;
    for (seed, a) in [
        (1, MilnorAlgebra::new(MAX)),
        (2, MilnorAlgebra::with_table_budget(MAX, 0)),
    ] {
        associativity(&a, MAX, seed);
    }
}

fn associativity(a: &MilnorAlgebra, max: u32, seed: u64) {
    let mut rng = Rng(0x5eed_1234_abcd_0000 + seed);
    for _ in 0..3000 {
        let total = rng.below(max as u64 + 1) as u32;
        let dx = rng.below(total as u64 + 1) as u32;
        let dy = rng.below((total - dx) as u64 + 1) as u32;
        let dz = total - dx - dy;
        let pick = |rng: &mut Rng, d: u32| {
            let b = a.basis(d);
            basis_vector(a, &b[rng.below(b.len() as u64) as usize])
        };
        let (x, y, z) = (pick(&mut rng, dx), pick(&mut rng, dy), pick(&mut rng, dz));
        let left = a.multiply(dx + dy, &a.multiply(dx, &x, dy, &y), dz, &z);
        let right = a.multiply(dx, &x, dy + dz, &a.multiply(dy, &y, dz, &z));
        assert_eq!(
            a.element_to_string(total, &left),
            a.element_to_string(total, &right),
            "({})({})({})",
            a.element_to_string(dx, &x),
            a.element_to_string(dy, &y),
            a.element_to_string(dz, &z)
        );
    }
}

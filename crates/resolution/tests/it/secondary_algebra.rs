//! The algebra-level data of the secondary Steenrod algebra (`resolution::secondary`),
//! checked against independent computations and hand-worked instances of the published
//! formulas.

use fp::FpVector;
use resolution::secondary::{binomial_mod4, integral_product, kappa, kappa_element};
use steenrod::{MilnorAlgebra, PPart};

const MAX: u32 = 36;

fn sq(r: &[u32]) -> PPart {
    PPart::from_slice(r)
}

/// `C(n, k)` exactly, by the multiplicative formula (an algorithm other than Pascal's
/// rule).
fn binomial_exact(n: u64, k: u64) -> u128 {
    let k = k.min(n - k);
    let mut c: u128 = 1;
    for i in 1..=k as u128 {
        c = c * (n as u128 - k as u128 + i) / i;
    }
    c
}

#[test]
fn binomials_mod_4_agree_with_exact_ones() {
    for n in 0..=100u32 {
        for k in 0..=n {
            let exact = (binomial_exact(n as u64, k as u64) % 4) as u8;
            assert_eq!(binomial_mod4(n, k), exact, "C({n}, {k}) mod 4");
        }
    }
    assert_eq!(binomial_mod4(3, 5), 0);
}

/// Milnor 1958, Theorem 4b, with its matrices written out by hand:
/// * `Sq(1)·Sq(1)`: one matrix, `x_10 = x_01 = 1`, `T = (2)`, `C(2, 1) = 2`.
/// * `Sq(1)·Sq(2)`: one matrix, `x_10 = 1, x_01 = 2`, `T = (3)`, `3!/(1!·2!) = 3`.
/// * `Sq(2)·Sq(1)`: `x_11 = 0` gives `3·Sq(3)`; `x_11 = 1` gives `Sq(0, 1)`.
/// * `Sq(2)·Sq(2)`: `x_11 = 0` gives `C(4, 2)·Sq(4) = 6·Sq(4)`; `x_11 = 1` gives
///   `Sq(1, 1)`. Modulo 2 these are the Adem relations `Sq^1 Sq^1 = 0` and
///   `Sq^2 Sq^2 = Sq^3 Sq^1 = Sq(1, 1)`.
#[test]
fn small_integral_products_match_hand_computation() {
    let alg = MilnorAlgebra::new(MAX);
    let coeff = |p: &[u8], r: &[u32]| p[alg.index_of(&sq(r))];

    let p = integral_product(&alg, &sq(&[1]), &sq(&[1]));
    assert_eq!(p.len(), 1);
    assert_eq!(coeff(&p, &[2]), 2);

    let p = integral_product(&alg, &sq(&[1]), &sq(&[2]));
    assert_eq!((coeff(&p, &[3]), coeff(&p, &[0, 1])), (3, 0));

    let p = integral_product(&alg, &sq(&[2]), &sq(&[1]));
    assert_eq!((coeff(&p, &[3]), coeff(&p, &[0, 1])), (3, 1));

    let p = integral_product(&alg, &sq(&[2]), &sq(&[2]));
    assert_eq!((coeff(&p, &[4]), coeff(&p, &[1, 1])), (2, 1));
}

/// Reduced modulo 2, the integral formula is the product of `A`, computed by `steenrod`'s
/// own (independently written) enumeration.
#[test]
fn integral_product_reduces_to_the_mod_2_product() {
    let alg = MilnorAlgebra::new(MAX);
    for d1 in 0..=MAX {
        for d2 in 0..=MAX - d1 {
            for r in alg.basis(d1) {
                for s in alg.basis(d2) {
                    let z4 = integral_product(&alg, r, s);
                    let mut mod2 = vec![0u8; alg.dim(d1 + d2)];
                    alg.multiply_basis(r, s, |i| mod2[i] ^= 1);
                    let reduced: Vec<u8> = z4.iter().map(|c| c & 1).collect();
                    assert_eq!(reduced, mod2, "{r} · {s}");
                }
            }
        }
    }
}

/// Milnor's Theorem 4b over the integers, by brute force: every matrix `(x_ij)`, `i, j ≥ 1`,
/// with `Σ_j 2^j x_ij ≤ r_i` and `Σ_i x_ij ≤ s_j` (row 0 and column 0 take the rest), its
/// coefficient the product of its anti-diagonals' multinomials computed exactly
/// ([`binomial_exact`]), then reduced modulo 4. No pruning: an algorithm other than the
/// carry-counting search of `integral_product`.
fn integral_product_exact(alg: &MilnorAlgebra, r: &PPart, s: &PPart) -> Vec<u8> {
    const L: usize = 8;
    /// The entries `x_ij`, `i, j ≥ 1`; a row's or a column's remainder.
    type Grid = [[u64; L + 1]; L + 1];
    type Line = [u64; L + 1];
    fn cell(
        i: usize,
        j: usize,
        x: &mut Grid,
        row: &mut Line,
        col: &mut Line,
        leaf: &mut dyn FnMut(&Grid, &Line, &Line),
    ) {
        if i > L {
            return leaf(x, row, col);
        }
        if j > L || i + j > L {
            return cell(i + 1, 1, x, row, col, leaf);
        }
        for v in 0..=(row[i] >> j).min(col[j]) {
            x[i][j] = v;
            row[i] -= v << j;
            col[j] -= v;
            cell(i, j + 1, x, row, col, leaf);
            row[i] += v << j;
            col[j] += v;
        }
        x[i][j] = 0;
    }
    let deg = r.degree() + s.degree();
    let mut out = vec![0u8; alg.dim(deg)];
    let mut row = [0u64; L + 1];
    let mut col = [0u64; L + 1];
    for k in 1..=L {
        row[k] = u64::from(r.0[k - 1]);
        col[k] = u64::from(s.0[k - 1]);
    }
    let mut leaf = |x: &Grid, row: &Line, col: &Line| {
        let mut t = [0u32; L];
        let mut coeff: u128 = 1;
        for n in 1..=L {
            let parts: Vec<u64> = (0..=n)
                .map(|i| match (i, n - i) {
                    (0, j) => col[j],
                    (i, 0) => row[i],
                    (i, j) => x[i][j],
                })
                .collect();
            let mut total = 0u64;
            for &p in &parts {
                total += p;
                coeff = coeff * binomial_exact(total, p) % 4;
            }
            t[n - 1] = total as u32;
        }
        if coeff != 0 {
            let i = alg.index_of(&PPart(t));
            out[i] = ((u128::from(out[i]) + coeff) % 4) as u8;
        }
    };
    cell(
        1,
        1,
        &mut [[0; L + 1]; L + 1],
        &mut row,
        &mut col,
        &mut leaf,
    );
    out
}

/// `integral_product` keeps only the matrices whose anti-diagonals carry at most once
/// (Kummer's theorem) and signs the rest by Davis–Webb; the brute force with exact
/// multinomials keeps every matrix. They agree on every pair of basis elements with
/// `|R| + |S| ≤ 40`, both with the cached tables of `R` and without (budget 0: a table
/// built for `S` alone).
#[test]
fn integral_product_agrees_with_exact_integer_products() {
    const DEG: u32 = 40;
    let cached = MilnorAlgebra::new(DEG);
    let uncached = MilnorAlgebra::with_table_budget(DEG, 0);
    for d1 in 0..=DEG {
        for d2 in 0..=DEG - d1 {
            for r in cached.basis(d1) {
                for s in cached.basis(d2) {
                    let exact = integral_product_exact(&cached, r, s);
                    assert_eq!(integral_product(&cached, r, s), exact, "{r} · {s}");
                    assert_eq!(
                        integral_product(&uncached, r, s),
                        exact,
                        "{r} · {s}, no table"
                    );
                }
            }
        }
    }
    assert!(cached.integral_table_bytes() > 0 && uncached.integral_table_bytes() == 0);
}

/// `x` (coefficients mod 4 over `basis(dx)`) times `y` (over `basis(dy)`).
fn multiply_z4(alg: &MilnorAlgebra, dx: u32, x: &[u8], dy: u32, y: &[u8]) -> Vec<u8> {
    let mut out = vec![0u8; alg.dim(dx + dy)];
    for (i, &a) in x.iter().enumerate().filter(|(_, &a)| a != 0) {
        for (j, &b) in y.iter().enumerate().filter(|(_, &b)| b != 0) {
            let p = integral_product(alg, &alg.basis(dx)[i], &alg.basis(dy)[j]);
            for (o, c) in out.iter_mut().zip(p) {
                *o = (*o + a * b * c) & 3;
            }
        }
    }
    out
}

/// The integral formula is associative modulo 2 only. Worked by hand from Milnor's
/// formula (equivalently: Milnor's coproduct `Δξ_2 = ξ_2 ⊗ 1 + ξ_1^2 ⊗ ξ_1 + 1 ⊗ ξ_2`
/// is not coassociative over `Z`: the coefficient of `ξ_1 ⊗ ξ_1 ⊗ ξ_1` in
/// `(Δ ⊗ 1)Δξ_2` is 2, in `(1 ⊗ Δ)Δξ_2` it is 0):
/// `(Sq(1)·Sq(1))·Sq(1) = 2Sq(2)·Sq(1) = 6Sq(3) + 2Sq(0, 1) = 2Sq(3) + 2Sq(0, 1)` and
/// `Sq(1)·(Sq(1)·Sq(1)) = 2Sq(1)·Sq(2) = 6Sq(3) = 2Sq(3)` modulo 4. This defect is what
/// the `Y_{k,l}` correction terms of `B_0` repair (docs/design/d2.md), so a product in
/// `B_0` must never be formed from `integral_product` alone.
#[test]
fn integral_product_is_not_associative_mod_4() {
    let alg = MilnorAlgebra::new(MAX);
    let one = sq(&[1]);
    let sq1 = vec![1u8];
    let sq1sq1 = integral_product(&alg, &one, &one);
    let left = multiply_z4(&alg, 2, &sq1sq1, 1, &sq1);
    let right = multiply_z4(&alg, 1, &sq1, 2, &sq1sq1);
    let at = |v: &[u8], r: &[u32]| v[alg.index_of(&sq(r))];
    assert_eq!((at(&left, &[3]), at(&left, &[0, 1])), (2, 2));
    assert_eq!((at(&right, &[3]), at(&right, &[0, 1])), (2, 0));

    // Modulo 2 the associator vanishes on every triple through degree 14.
    const DEG: u32 = 14;
    let alg = MilnorAlgebra::new(DEG);
    let unit = |d: u32, i: usize| {
        let mut v = vec![0u8; alg.dim(d)];
        v[i] = 1;
        v
    };
    for da in 1..=DEG {
        for db in 1..=DEG - da {
            for dc in 1..=DEG - da - db {
                for a in 0..alg.dim(da) {
                    for b in 0..alg.dim(db) {
                        let ab = multiply_z4(&alg, da, &unit(da, a), db, &unit(db, b));
                        for c in 0..alg.dim(dc) {
                            let bc = multiply_z4(&alg, db, &unit(db, b), dc, &unit(dc, c));
                            let l = multiply_z4(&alg, da + db, &ab, dc, &unit(dc, c));
                            let r = multiply_z4(&alg, da, &unit(da, a), db + dc, &bc);
                            for (x, y) in l.iter().zip(&r) {
                                assert_eq!(x & 1, y & 1, "({da}, {db}, {dc}), ({a}, {b}, {c})");
                            }
                        }
                    }
                }
            }
        }
    }
}

/// `κ(Sq^n) = Sq^{n−1}` and `κ` vanishes on `Sq(0, r_2, …)`.
#[test]
fn kappa_on_generators() {
    assert_eq!(kappa(&sq(&[5])), Some(sq(&[4])));
    assert_eq!(kappa(&sq(&[1])), Some(PPart::ONE));
    assert_eq!(kappa(&sq(&[0, 1])), None);
    assert_eq!(kappa(&PPart::ONE), None);
}

/// `κ` is a derivation: `κ(ab) = κ(a)·b + a·κ(b)` (Baues 2006; here it is the transpose of
/// multiplication by the primitive `ξ_1`), checked on every pair of basis elements with
/// `|a| + |b| ≤ 30` with `steenrod`'s product.
#[test]
fn kappa_is_a_derivation() {
    const DEG: u32 = 30;
    let alg = MilnorAlgebra::new(DEG);
    let basis_vec = |d: u32, i: usize| FpVector::from_ones(alg.dim(d), &[i]);
    for da in 1..DEG {
        for db in 1..=DEG - da {
            for a in 0..alg.dim(da) {
                for b in 0..alg.dim(db) {
                    let (va, vb) = (basis_vec(da, a), basis_vec(db, b));
                    let ab = alg.multiply(da, &va, db, &vb);
                    let left = kappa_element(&alg, da + db, &ab);
                    let mut right = alg.multiply(da - 1, &kappa_element(&alg, da, &va), db, &vb);
                    right.add(&alg.multiply(da, &va, db - 1, &kappa_element(&alg, db, &vb)));
                    assert_eq!(
                        left,
                        right,
                        "κ({} · {})",
                        alg.basis(da)[a],
                        alg.basis(db)[b]
                    );
                }
            }
        }
    }
}

//! The C-motivic Steenrod algebra `A^C` at p = 2: the classical Milnor basis with a weight,
//! and the classical Milnor product with the powers of `τ` the weights force.
//!
//! The dual is `A^C_* = M_2[τ_0, τ_1, …, ξ_1, ξ_2, …]/(τ_i² = τ ξ_{i+1})` over the motivic
//! cohomology of a point `M_2 = F_2[τ]` (Voevodsky, "Reduced power operations in motivic
//! cohomology", Publ. IHES 98 (2003), §12; Dugger–Isaksen, "The motivic Adams spectral
//! sequence", Geom. Topol. 14 (2010), §2), with `τ_i` in bidegree `(t, w) = (2^{i+1} − 1,
//! 2^i − 1)` and `ξ_i` in `(2^{i+1} − 2, 2^i − 1)`; `τ` has weight 1 in cohomology
//! (`τ ∈ M_2^{0,1}`). Over `F_2[τ]` the monomials `τ(E) ξ(R)` are a basis, and they
//! correspond one to one to the classical Milnor monomials: `ζ_i^r ↦ τ_{i−1}^{r mod 2}
//! ξ_{i−1}'^{⌊r/2⌋}` in the degrees above (`ζ_i` of degree `2^i − 1`, so `ζ_i² ↦ ξ_i`). So
//! `A^C` is free over `F_2[τ]` on the classical Milnor basis `Sq(R)`, each element with the
//! weight [`weight`] `(|R| − #{i : r_i odd})/2` (each `τ_i` weighs `(|τ_i| − 1)/2`, each
//! `ξ_i` exactly half its degree).
//!
//! After inverting `τ` the two Hopf algebras agree (`A^C_*[τ^{-1}] ≅ A_* ⊗ F_2[τ^{±1}]`,
//! `τ_i ↦ ζ_{i+1}` up to a power of `τ`; Dugger–Isaksen §2), and `A^C` has no
//! `τ`-torsion; hence the product of two basis elements is the classical Milnor product
//! `Sq(R)·Sq(S) = Σ Sq(T)` (Milnor 1958, Theorem 4b) with each term multiplied by
//! `τ^{w(R) + w(S) − w(T)}`, the power that makes the weights add ([`tau_power`]; that it
//! is never negative is the statement that the product lies in `A^C`, checked in the
//! tests). For example `Sq^2·Sq^2 = τ·Sq(1,1) = τ·Sq^3Sq^1`, the motivic Adem relation
//! (Voevodsky §10).

use crate::milnor::PPart;

/// The weight of the Milnor basis element `Sq(R)` of `A^C`: `(|R| − k)/2` for `k` the
/// number of odd exponents `r_i` (`Sq^{2i}` and `Sq^{2i+1}` weigh `i`; `Sq(0,1) = Q_1`
/// weighs 1). Source: the bidegrees of `τ_i` and `ξ_i` in the dual (module docs).
pub fn weight(r: &PPart) -> u32 {
    let odd = r.as_slice().iter().filter(|&&x| x % 2 == 1).count() as u32;
    (r.degree() - odd) / 2
}

/// The power of `τ` on the term `Sq(T)` of the classical product `Sq(R)·Sq(S)` in `A^C`:
/// `w(R) + w(S) − w(T)`. `None` if it would be negative (a term that is not in `A^C`:
/// never, for a term of the Milnor product).
pub fn tau_power(r: &PPart, s: &PPart, t: &PPart) -> Option<u32> {
    (weight(r) + weight(s)).checked_sub(weight(t))
}

/// `dim_{F_2} A^C` in bidegree `(t, w)` (cohomological: `τ` in `(0, 1)`): the number of
/// pairs `(k, Sq(R))` with `|R| = t` and `w(R) + k = w`, from the basis of `A_t`.
pub fn dimension(basis_t: &[PPart], w: u32) -> usize {
    basis_t.iter().filter(|r| weight(r) <= w).count()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::MilnorAlgebra;
    use std::collections::BTreeMap;

    /// The Poincaré series of `A^C_*` in `(t, w)`, from the generators of the dual alone:
    /// `1/(1 − y)` for `τ`, `1 + x^{2^{i+1}−1} y^{2^i−1}` for each exterior-like `τ_i`
    /// (over `F_2[τ]` the monomials have each `τ_i` at most once), `1/(1 − x^{2^{i+1}−2}
    /// y^{2^i−1})` for each `ξ_i`; coefficients through `t ≤ max_t`, `w ≤ max_w`.
    fn poincare(max_t: u32, max_w: u32) -> BTreeMap<(u32, u32), usize> {
        let (nt, nw) = (max_t as usize + 1, max_w as usize + 1);
        // 1/(1 − y) for τ.
        let mut c = vec![vec![1usize; nw]; nt];
        for row in c.iter_mut().skip(1) {
            row.fill(0);
        }
        // Multiply by 1 + m (exterior) or 1/(1 − m) (polynomial), m = x^dt y^dw.
        let mul = |c: &mut Vec<Vec<usize>>, dt: usize, dw: usize, polynomial: bool| {
            let old = c.clone();
            for t in dt..nt {
                for w in dw..nw {
                    let from = if polynomial {
                        c[t - dt][w - dw]
                    } else {
                        old[t - dt][w - dw]
                    };
                    c[t][w] += from;
                }
            }
        };
        let mut i = 0;
        while (1usize << (i + 1)) - 1 <= nt {
            let (t_tau, t_xi, w) = (
                (1usize << (i + 1)) - 1,
                (1usize << (i + 1)) - 2,
                (1usize << i) - 1,
            );
            mul(&mut c, t_tau, w, false);
            if i >= 1 {
                mul(&mut c, t_xi, w, true);
            }
            i += 1;
        }
        let mut series = BTreeMap::new();
        for (t, row) in c.iter().enumerate() {
            for (w, &n) in row.iter().enumerate() {
                series.insert((t as u32, w as u32), n);
            }
        }
        series
    }

    #[test]
    fn dimensions_match_the_poincare_series_of_the_dual() {
        let (max_t, max_w) = (40, 24);
        let a = MilnorAlgebra::new(max_t);
        let series = poincare(max_t, max_w);
        for t in 0..=max_t {
            for w in 0..=max_w {
                let expected = series.get(&(t, w)).copied().unwrap_or(0);
                assert_eq!(
                    dimension(a.basis(t), w),
                    expected,
                    "dim A^C at (t, w) = ({t}, {w})"
                );
            }
        }
    }

    #[test]
    fn products_land_in_a_c_and_are_associative_with_their_tau_powers() {
        let max_t = 18;
        let a = MilnorAlgebra::new(max_t);
        // The product of basis elements as a map Sq(T) ↦ τ-power, over F_2.
        let product = |r: &PPart, s: &PPart| -> BTreeMap<PPart, u32> {
            let mut out: BTreeMap<PPart, u32> = BTreeMap::new();
            let d = r.degree() + s.degree();
            a.for_each_product_index(r, s, |k| {
                let t = a.basis(d)[k];
                let e = tau_power(r, s, &t).expect("a term of the product outside A^C");
                if out.remove(&t).is_none() {
                    out.insert(t, e);
                }
            });
            out
        };
        for d1 in 1..=6 {
            for d2 in 1..=6 {
                for d3 in 1..=(max_t - d1 - d2).min(6) {
                    for x in a.basis(d1) {
                        for y in a.basis(d2) {
                            for z in a.basis(d3) {
                                // (xy)z and x(yz), each term with its total τ-power.
                                let mut left: BTreeMap<PPart, Vec<u32>> = BTreeMap::new();
                                for (u, e) in product(x, y) {
                                    for (v, f) in product(&u, z) {
                                        left.entry(v).or_default().push(e + f);
                                    }
                                }
                                let mut right: BTreeMap<PPart, Vec<u32>> = BTreeMap::new();
                                for (u, e) in product(y, z) {
                                    for (v, f) in product(x, &u) {
                                        right.entry(v).or_default().push(e + f);
                                    }
                                }
                                let norm = |m: BTreeMap<PPart, Vec<u32>>| -> BTreeMap<(PPart, u32), usize> {
                                    let mut out = BTreeMap::new();
                                    for (t, es) in m {
                                        for e in es {
                                            *out.entry((t, e)).or_insert(0) += 1;
                                        }
                                    }
                                    out.into_iter().filter(|(_, c)| c % 2 == 1).map(|(k, _)| (k, 1)).collect()
                                };
                                assert_eq!(
                                    norm(left),
                                    norm(right),
                                    "({x}·{y})·{z} ≠ {x}·({y}·{z}) in A^C"
                                );
                            }
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn the_motivic_adem_relation_sq2_sq2() {
        // Voevodsky 2003 §10, Dugger–Isaksen 2010 §2: Sq^2 Sq^2 = τ Sq^3 Sq^1, and in the
        // Milnor basis Sq^3 Sq^1 = Sq(1,1) of weight 1.
        let a = MilnorAlgebra::new(8);
        let sq2 = PPart::from_slice(&[2]);
        let mut terms = Vec::new();
        a.for_each_product_index(&sq2, &sq2, |k| terms.push(a.basis(4)[k]));
        assert_eq!(terms, vec![PPart::from_slice(&[1, 1])]);
        assert_eq!(tau_power(&sq2, &sq2, &terms[0]), Some(1));
        // Sq^1 Sq^2 = Sq^3 with no τ: weights 0 + 1 = 1.
        let (sq1, sq3) = (PPart::from_slice(&[1]), PPart::from_slice(&[3]));
        assert_eq!(tau_power(&sq1, &sq2, &sq3), Some(0));
        assert_eq!([weight(&sq1), weight(&sq2), weight(&sq3)], [0, 1, 1]);
        assert_eq!(weight(&PPart::from_slice(&[0, 1])), 1, "Q_1 has weight 1");
    }
}

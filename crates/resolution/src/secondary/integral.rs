//! Milnor's product formula with coefficients modulo 4: the `Z/4` part of a product in
//! the secondary Steenrod algebra's `B_0`.

use std::sync::OnceLock;

use steenrod::{MilnorAlgebra, PPart};

/// Rows of Pascal's triangle modulo 4 up to this `n` (exclusive); covers every
/// multinomial of a product of degree ≤ 510 (each part is at most the degree).
const PASCAL_ROWS: usize = 512;

fn pascal_mod4() -> &'static [u8] {
    static TABLE: OnceLock<Vec<u8>> = OnceLock::new();
    TABLE.get_or_init(|| {
        let mut t = vec![0u8; PASCAL_ROWS * PASCAL_ROWS];
        for n in 0..PASCAL_ROWS {
            t[n * PASCAL_ROWS] = 1;
            for k in 1..=n {
                let up = t[(n - 1) * PASCAL_ROWS + k - 1] + t[(n - 1) * PASCAL_ROWS + k];
                t[n * PASCAL_ROWS + k] = up & 3;
            }
        }
        t
    })
}

/// `C(n, k) mod 4` (0 when `k > n`), by Pascal's rule. Panics if `n ≥ 512`.
pub fn binomial_mod4(n: u32, k: u32) -> u8 {
    let (n, k) = (n as usize, k as usize);
    assert!(
        n < PASCAL_ROWS,
        "binomial_mod4: n = {n} is beyond the table"
    );
    if k > n {
        return 0;
    }
    pascal_mod4()[n * PASCAL_ROWS + k]
}

/// `Sq(R)·Sq(S)` by Milnor's product formula with the coefficients read modulo 4:
/// entry `i` of the result is the coefficient of `algebra.basis(|R| + |S|)[i]`, in
/// `0..4`.
///
/// This is the product `σ(Sq(R))·σ(Sq(S))` in the `Z/4`-lift of the Milnor basis that
/// Nassau's model of the secondary Steenrod algebra starts from, before its `Y_{k,l}`
/// correction terms (Chua, arXiv:2105.07628, the Milnor basis of the secondary
/// Steenrod algebra). The formula is Milnor, "The Steenrod algebra and its dual" (1958),
/// Theorem 4b: the sum over matrices `X = (x_ij)`, `i, j ≥ 0`, `x_00` omitted, with
/// `Σ_j 2^j x_ij = r_i` (`i ≥ 1`) and `Σ_i x_ij = s_j` (`j ≥ 1`), of
/// `Π_n multinomial(x_0n, x_1(n−1), …, x_n0) · Sq(T)`, `T_n = Σ_{i+j=n} x_ij`. It holds
/// over the integers because it is the transpose of the coproduct
/// `Δξ_n = Σ_i ξ_{n−i}^{2^i} ⊗ ξ_i` on `Z[ξ_1, ξ_2, …]`; reduced modulo 2 it is the
/// product of `A`. That coproduct is not coassociative over `Z`, so this product is
/// **not associative modulo 4** (`(Sq(1)Sq(1))Sq(1) ≠ Sq(1)(Sq(1)Sq(1))`; see the tests):
/// the `Y_{k,l}` terms of `B_0` are what repair it, and a product in `B_0` must include
/// them.
///
/// The enumeration ([`steenrod::IntegralMatrices`]: Kummer's carries and Davis–Webb's signs)
/// is checked against `steenrod`'s modulo-2 product and against a brute force with exact
/// multinomials (the tests of `secondary_algebra`).
///
/// Panics if `|R| + |S| > algebra.max_degree()` or if `algebra` is over a sub-Hopf
/// algebra that lacks a term.
pub fn integral_product(algebra: &MilnorAlgebra, r: &PPart, s: &PPart) -> Vec<u8> {
    let mut out = vec![0u8; algebra.dim(checked_degree(algebra, r, s))];
    algebra.add_integral_product(r, s, &mut out);
    out
}

/// `|R| + |S|`; panics if it exceeds the algebra's top degree.
fn checked_degree(algebra: &MilnorAlgebra, r: &PPart, s: &PPart) -> u32 {
    let deg = r.degree() + s.degree();
    assert!(
        deg <= algebra.max_degree(),
        "integral_product: degree {deg} > max degree {}",
        algebra.max_degree()
    );
    deg
}

//! Milnor's product formula with coefficients modulo 4: the `Z/4` part of a product in
//! the secondary Steenrod algebra's `B_0`.

use std::sync::OnceLock;

use steenrod::{MilnorAlgebra, PPart, MAX_PPART_LEN};

const N: usize = MAX_PPART_LEN;

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

/// The multinomial `(Σ parts)! / Π parts!` modulo 4, as a product of binomials read from
/// `pascal` ([`pascal_mod4`]); zero parts contribute `C(n, 0) = 1` and are skipped.
/// Panics if the sum reaches 512.
fn multinomial_mod4(pascal: &[u8], parts: &[u32]) -> u8 {
    let mut total = 0usize;
    let mut c = 1u8;
    for &x in parts {
        if x == 0 {
            continue;
        }
        total += x as usize;
        c = (c * pascal[total * PASCAL_ROWS + x as usize]) & 3;
        if c == 0 {
            break;
        }
    }
    c
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
/// The enumeration here is written independently of `steenrod`'s (which keeps only the
/// odd coefficients), so the two check each other.
///
/// Panics if `|R| + |S| > algebra.max_degree()` or if `algebra` is over a sub-Hopf
/// algebra that lacks a term.
pub fn integral_product(algebra: &MilnorAlgebra, r: &PPart, s: &PPart) -> Vec<u8> {
    let mut out = vec![0u8; algebra.dim(checked_degree(algebra, r, s))];
    add_integral_product(algebra, r, s, &mut out);
    out
}

/// Adds [`integral_product`]`(R, S)` to `out` (coefficients in `0..4` over
/// `basis(|R| + |S|)`, added modulo 4) without forming it: no allocation, and only the
/// entries of its terms are touched. Panics as [`integral_product`] does, or if
/// `out.len() != algebra.dim(|R| + |S|)`.
pub(crate) fn add_integral_product(algebra: &MilnorAlgebra, r: &PPart, s: &PPart, out: &mut [u8]) {
    let deg = checked_degree(algebra, r, s);
    assert_eq!(
        out.len(),
        algebra.dim(deg),
        "integral_product: wrong length"
    );
    let mut search = Search {
        pascal: pascal_mod4(),
        x: [[0; N + 1]; N + 1],
        row_left: [0; N + 1],
        col_left: [0; N + 1],
        rows: r.len(),
        cols: s.len(),
    };
    for i in 1..=N {
        search.row_left[i] = r.0[i - 1];
        search.col_left[i] = s.0[i - 1];
    }
    search.run(1, 1, &mut |t, c| {
        let idx = algebra.index_of(&PPart(*t));
        out[idx] = (out[idx] + c) & 3;
    });
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

/// Depth-first enumeration of the Milnor matrices of one product.
struct Search {
    /// [`pascal_mod4`], fetched once per product.
    pascal: &'static [u8],
    /// `x[i][j]` for `i, j ≥ 1`; row 0 and column 0 are filled at the leaves.
    x: [[u32; N + 1]; N + 1],
    /// `r_i − Σ_{j ≥ 1} 2^j x_ij` so far: the future `x_i0`.
    row_left: [u32; N + 1],
    /// `s_j − Σ_{i ≥ 1} x_ij` so far: the future `x_0j`.
    col_left: [u32; N + 1],
    rows: usize,
    cols: usize,
}

impl Search {
    /// Chooses `x_ij`, then the cells after it in row-major order; cells with
    /// `i + j > N` stay 0 (they would put `T` beyond degree 510).
    fn run(&mut self, i: usize, j: usize, emit: &mut impl FnMut(&[u32; N], u8)) {
        if i > self.rows {
            self.leaf(emit);
            return;
        }
        if j > self.cols || i + j > N {
            self.run(i + 1, 1, emit);
            return;
        }
        let max = (self.row_left[i] >> j).min(self.col_left[j]);
        for v in 0..=max {
            self.x[i][j] = v;
            self.row_left[i] -= v << j;
            self.col_left[j] -= v;
            self.run(i, j + 1, emit);
            self.row_left[i] += v << j;
            self.col_left[j] += v;
        }
        self.x[i][j] = 0;
    }

    fn leaf(&self, emit: &mut impl FnMut(&[u32; N], u8)) {
        let mut t = [0u32; N];
        let mut coeff = 1u8;
        let mut parts = [0u32; N + 1];
        // Beyond n = rows + cols every anti-diagonal is zero (multinomial 1, t_n = 0).
        for n in 1..=(self.rows + self.cols).min(N) {
            // The anti-diagonal i + j = n: x_0n, x_1(n−1), …, x_n0.
            for (i, part) in parts.iter_mut().enumerate().take(n + 1) {
                let j = n - i;
                *part = match (i, j) {
                    (0, j) => self.col_left[j],
                    (i, 0) => self.row_left[i],
                    (i, j) => self.x[i][j],
                };
            }
            t[n - 1] = parts[..=n].iter().sum();
            coeff = (coeff * multinomial_mod4(self.pascal, &parts[..=n])) & 3;
            if coeff == 0 {
                return;
            }
        }
        emit(&t, coeff);
    }
}

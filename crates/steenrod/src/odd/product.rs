//! Products in the Milnor basis at an odd prime.
//!
//! Milnor, "The Steenrod algebra and its dual", Ann. of Math. 67 (1958), §7:
//!
//! * **Theorem 4a** (moving a `Q_k` left past `P(R)`):
//!   `P(R)·Q_k = Q_k P(R) + Q_{k+1} P(R − p^k e_1) + Q_{k+2} P(R − p^k e_2) + …`,
//!   a term present only when `r_i ≥ p^k`; the `Q_i` anticommute and
//!   `Q_i^2 = 0`, so `Q(E)·Q_m = (−1)^{#{i ∈ E : i > m}} Q(E ∪ {m})` for
//!   `m ∉ E` (and 0 for `m ∈ E`).
//! * **Theorem 4b**: `P(R)·P(S) = Σ_X b(X) P(T(X))` over the matrices
//!   `X = (x_ij)`, `i, j ≥ 0`, `x_00` omitted, with `Σ_j p^j x_ij = r_i`
//!   (`i ≥ 1`), `Σ_i x_ij = s_j` (`j ≥ 1`), `T_n = Σ_{i+j=n} x_ij`, and
//!   `b(X) = Π_n (T_n; x_0n, x_1,n−1, …, x_n0)` (multinomial coefficients)
//!   mod p.
//!
//! So `Q(E)P(R)·Q(F)P(S) = Q(E)·[P(R)·Q_{f_1}Q_{f_2}⋯]·P(S)`: each `Q_f`,
//! `f ∈ F` increasing, is moved left past the current `P(R')` by Theorem 4a
//! and multiplied into the exterior part on its left, and then `P(R')·P(S)` by
//! Theorem 4b, whose matrices `crate::algebra::matrices` enumerates for every
//! prime; here the binomials mod p it needs (`binom_mod`, Lucas in base `p^m`).

use std::cell::Cell;

use fp::ValidPrime;

use super::MilnorQP;
use crate::algebra::matrices::{Lucas, Matrices, N};
use crate::MilnorAlgebra;

thread_local! {
    /// Reused `(index, coefficient)` buffer of
    /// `MilnorAlgebra::<ValidPrime>::multiply_basis` (no allocation per product once it
    /// has grown).
    static SCRATCH: Cell<Vec<(usize, u32)>> = const { Cell::new(Vec::new()) };
}

/// Lucas' theorem at an odd prime, from the algebra's tables (`binom_mod`, `pow`).
impl Lucas for &MilnorAlgebra<ValidPrime> {
    type Coeff = u32;

    #[inline]
    fn one(self) -> u32 {
        1
    }

    #[inline]
    fn row_quotient(self, rem: u64, j: usize) -> u64 {
        rem / self.tables.pow[j]
    }

    #[inline]
    fn row_weight(self, x: u32, j: usize) -> u64 {
        u64::from(x) * self.tables.pow[j]
    }

    #[inline]
    fn next(self, _: u32, x: u32) -> u32 {
        x + 1
    }

    #[inline]
    fn chosen(self, m: u32, x: u32, c: u32) -> Option<u32> {
        // The first entry of an anti-diagonal contributes C(x, x) = 1.
        if m == 0 {
            return Some(c);
        }
        self.forced(m, x, c)
    }

    #[inline]
    fn forced(self, m: u32, x: u32, c: u32) -> Option<u32> {
        let b = self.binom_mod(m + x, x);
        (b != 0).then(|| c * b % self.prime())
    }
}

impl MilnorAlgebra<ValidPrime> {
    /// `C(n, k) mod p` by Lucas' theorem in base `L = p^m` (the digits of `n`
    /// and `k` in base `L` group `m` base-p digits each): one table look-up when
    /// `n < L`, the common case.
    #[inline]
    pub(crate) fn binom_mod(&self, mut n: u32, mut k: u32) -> u32 {
        let l = self.tables.binom_base;
        if n < l {
            return u32::from(self.tables.binom[(n * l + k) as usize]);
        }
        let p = self.prime();
        let mut c = 1;
        while k > 0 {
            let (a, b) = (n % l, k % l);
            c = c * u32::from(self.tables.binom[(a * l + b) as usize]) % p;
            if c == 0 {
                return 0;
            }
            n /= l;
            k /= l;
        }
        c
    }

    /// Calls `emit(T, c)` for each matrix of Theorem 4b with `b(X) = c ≠ 0`
    /// mod p in `P(R)·P(S)` (several matrices may give the same `T`).
    fn p_product(&self, r: &[u32; N], s: &[u32; N], emit: &mut impl FnMut(&[u32; N], u32)) {
        Matrices::for_each(self, r, s, emit);
    }

    /// Theorem 4a: moves the `Q_k`, `k` in the bit set `rest` (increasing),
    /// left past `P(R)` and into `Q(E)`; calls `emit(E', R', c)` for each term
    /// `c·Q(E')P(R')` (distinct terms give distinct `(E', R')`).
    fn move_q(
        &self,
        e: u32,
        r: &[u32; N],
        c: u32,
        rest: u32,
        emit: &mut impl FnMut(u32, &[u32; N], u32),
    ) {
        if rest == 0 {
            return emit(e, r, c);
        }
        let k = rest.trailing_zeros() as usize;
        let rest = rest & (rest - 1);
        let pk = self.tables.pow[k];
        for i in 0..=N - k.min(N) {
            let m = k + i;
            if e >> m & 1 == 1 || (i > 0 && u64::from(r[i - 1]) < pk) {
                continue;
            }
            let mut r2 = *r;
            if i > 0 {
                r2[i - 1] -= pk as u32;
            }
            // Q(E)·Q_m = (−1)^{#{j ∈ E : j > m}} Q(E ∪ {m}).
            let sign_odd = (e >> (m + 1)).count_ones() % 2 == 1;
            let c2 = if sign_odd { self.prime() - c } else { c };
            self.move_q(e | 1 << m, &r2, c2, rest, emit);
        }
    }

    /// `a·b = Σ_k c_k · basis(|a| + |b|)[k]`: calls `f(k, c_k)` once for each
    /// nonzero `c_k ∈ 1..p`, in increasing order of `k`; nothing when
    /// `|a| + |b| > max_degree`. `a` and `b` must be basis elements of degrees
    /// `≤ max_degree` (else the call may panic).
    ///
    /// Allocation free once a thread-local buffer has grown: the terms of all
    /// matrices are collected there, sorted by index, and summed mod p.
    pub fn multiply_basis(&self, a: &MilnorQP, b: &MilnorQP, mut f: impl FnMut(usize, u32)) {
        let deg = self.degree_of(a).saturating_add(self.degree_of(b));
        if deg > u64::from(self.max_degree) {
            return;
        }
        let deg = deg as u32;
        let p = self.prime();
        let mut buf = SCRATCH.with(Cell::take);
        buf.clear();
        self.move_q(a.e, &a.r.0, 1, b.e, &mut |e, r, c| {
            self.p_product(r, &b.r.0, &mut |t, cx| {
                buf.push((self.rank(e, t, deg), c * cx % p));
            });
        });
        buf.sort_unstable_by_key(|&(k, _)| k);
        let mut at = 0;
        while at < buf.len() {
            let k = buf[at].0;
            let mut c = 0;
            while at < buf.len() && buf[at].0 == k {
                c = (c + buf[at].1) % p;
                at += 1;
            }
            if c != 0 {
                f(k, c);
            }
        }
        SCRATCH.with(|cell| cell.set(buf));
    }

    /// Adds `c·a·b` into `out` (entries mod p): `out[k] += c·c_k` for each term
    /// `c_k · basis(|a| + |b|)[k]` of `a·b`; nothing when `|a| + |b| >
    /// max_degree`. `a`, `b` must be basis elements; `c` is reduced mod p, and
    /// `out` must have length at least `dim(|a| + |b|)` with entries in `0..p`.
    ///
    /// The same sum as `MilnorAlgebra::<ValidPrime>::multiply_basis`, without its
    /// buffer and sort: allocation free, the form for accumulating products.
    pub fn multiply_basis_into(&self, a: &MilnorQP, b: &MilnorQP, c: u32, out: &mut [u32]) {
        let deg = self.degree_of(a).saturating_add(self.degree_of(b));
        let p = self.prime();
        let c = c % p;
        if deg > u64::from(self.max_degree) || c == 0 {
            return;
        }
        let deg = deg as u32;
        self.move_q(a.e, &a.r.0, c, b.e, &mut |e, r, cq| {
            self.p_product(r, &b.r.0, &mut |t, cx| {
                let k = self.rank(e, t, deg);
                out[k] = (out[k] + cq * cx) % p;
            });
        });
    }

    /// The product `a·b` of `a ∈ A_{a_deg}` and `b ∈ A_{b_deg}`, given as dense
    /// vectors over `basis(a_deg)` and `basis(b_deg)` (entries reduced mod p):
    /// the dense vector over `basis(a_deg + b_deg)`, entries in `0..p`.
    ///
    /// Panics if a vector's length is not the dimension of its degree or if
    /// `a_deg + b_deg > max_degree`.
    pub fn multiply(&self, a_deg: u32, a: &[u32], b_deg: u32, b: &[u32]) -> Vec<u32> {
        self.assert_factor_lengths(a_deg, a.len(), b_deg, b.len());
        let deg = a_deg.checked_add(b_deg).filter(|&d| d <= self.max_degree);
        let deg = deg.unwrap_or_else(|| {
            panic!(
                "multiply: degree {a_deg} + {b_deg} is above the max degree {}",
                self.max_degree
            )
        });
        let p = self.prime();
        let mut out = vec![0u32; self.dim(deg)];
        let (ba, bb) = (self.basis(a_deg), self.basis(b_deg));
        for (x, &ca) in ba.iter().zip(a).filter(|(_, &c)| c % p != 0) {
            for (y, &cb) in bb.iter().zip(b).filter(|(_, &c)| c % p != 0) {
                self.multiply_basis_into(x, y, (ca % p) * (cb % p), &mut out);
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `binom_mod` (Lucas in base `p^m`, one table) against Pascal's rule mod p,
    /// for `n` well past the table's base `L` (243 at p = 3, 49 at p = 7).
    #[test]
    fn binomials_mod_p_match_pascal() {
        const N_MAX: usize = 1200;
        for p in [3u32, 5, 7, 13, 251] {
            let a = MilnorAlgebra::new_at(p, 2 * (p - 1));
            let mut row = vec![1u32];
            for n in 0..=N_MAX as u32 {
                for (k, &c) in row.iter().enumerate() {
                    assert_eq!(a.binom_mod(n, k as u32), c, "C({n}, {k}) mod {p}");
                }
                let mut next = vec![1u32; row.len() + 1];
                for k in 1..row.len() {
                    next[k] = (row[k - 1] + row[k]) % p;
                }
                row = next;
            }
        }
    }
}

//! The matrices of Milnor's product formula, enumerated once for every prime.
//!
//! Milnor, "The Steenrod algebra and its dual", Ann. of Math. 67 (1958), Theorem 4b:
//! `P(R)·P(S) = Σ_X b(X) P(T(X))` (at p = 2 `Sq(R)·Sq(S)`), the sum over matrices
//! `X = (x_ij)`, `i, j ≥ 0`, `x_00` omitted, with
//!
//! * row sums `Σ_{j ≥ 0} p^j x_ij = r_i` for `i ≥ 1`,
//! * column sums `Σ_{i ≥ 0} x_ij = s_j` for `j ≥ 1`,
//! * `T(X)_n = Σ_{i+j=n} x_ij`,
//! * `b(X) = Π_n (T_n; x_0n, x_1,n−1, …, x_n0)`, the product of the multinomial
//!   coefficients of the anti-diagonals, mod p.
//!
//! A multinomial coefficient mod p is the product over base-p digits of the
//! multinomials of the digits (Lucas), so it is built entry by entry as
//! `Π C(partial sum + x, x)` and a matrix is abandoned at the first entry whose binomial
//! vanishes (a carry, Kummer). What differs per prime is [`Lucas`]: at p = 2 a
//! binomial `C(m + x, x)` is odd exactly when `x` and `m` have disjoint binary digits,
//! so the entries of an anti-diagonal are chosen among the integers disjoint from the
//! ones before ([`TwoDigits`]) and there is no coefficient to carry.

use crate::milnor::MAX_PPART_LEN;

/// Entries `x_ij` with `i + j > MAX_PPART_LEN` are never chosen: they would give
/// `T_n ≠ 0` for some `n > MAX_PPART_LEN`, above every maximal degree accepted
/// (`|T| ≥ 2^9 − 1` at p = 2, `2(p^9 − 1)` at odd p).
pub(crate) const N: usize = MAX_PPART_LEN;

/// The binomial coefficients mod p that Theorem 4b's enumeration needs, and the row
/// weights `p^j`. Implemented by [`TwoDigits`] (p = 2, nothing stored per term) and by
/// the odd-prime algebra (`&MilnorAlgebra<ValidPrime>`, its tables).
pub(crate) trait Lucas: Copy {
    /// A nonzero coefficient mod p: `()` at p = 2, a residue in `1..p` at odd p.
    type Coeff: Copy;
    /// The coefficient of the empty matrix.
    fn one(self) -> Self::Coeff;
    /// `⌊rem / p^j⌋`: the largest `x_ij` row `i` still allows.
    fn row_quotient(self, rem: u64, j: usize) -> u64;
    /// `p^j · x`: what `x_ij = x` takes from row `i`.
    fn row_weight(self, x: u32, j: usize) -> u64;
    /// The next candidate above `x` for an entry chosen on an anti-diagonal whose
    /// entries so far sum to `m`; at p = 2 the next integer disjoint from `m`.
    fn next(self, m: u32, x: u32) -> u32;
    /// `c · C(m + x, x)` mod p for a chosen entry `x` (one that [`Lucas::next`]
    /// gave), `None` when it vanishes.
    fn chosen(self, m: u32, x: u32, c: Self::Coeff) -> Option<Self::Coeff>;
    /// `c · C(m + x, x)` mod p for the forced entry `x` (a row's or column's rest),
    /// `None` when it vanishes.
    fn forced(self, m: u32, x: u32, c: Self::Coeff) -> Option<Self::Coeff>;
}

/// Lucas' theorem at p = 2: `C(m + x, x)` is odd iff `x & m == 0`.
#[derive(Clone, Copy)]
pub(crate) struct TwoDigits;

impl Lucas for TwoDigits {
    type Coeff = ();

    #[inline]
    fn one(self) {}

    #[inline]
    fn row_quotient(self, rem: u64, j: usize) -> u64 {
        rem >> j
    }

    #[inline]
    fn row_weight(self, x: u32, j: usize) -> u64 {
        u64::from(x) << j
    }

    #[inline]
    fn next(self, m: u32, x: u32) -> u32 {
        // The next integer above x with no bit in common with m (x & m == 0).
        ((x | m) + 1) & !m
    }

    #[inline]
    fn chosen(self, _: u32, _: u32, _: ()) -> Option<()> {
        // `next` only yields entries disjoint from m.
        Some(())
    }

    #[inline]
    fn forced(self, m: u32, x: u32, _: ()) -> Option<()> {
        (x & m == 0).then_some(())
    }
}

/// What one position of the enumeration schedule fixes (see [`Matrices`]).
#[derive(Clone, Copy)]
enum Fix {
    /// `x_ij` for `i, j ≥ 1`: every value allowed by row `i` and column `j`.
    Entry(u8, u8),
    /// `x_i0`: the rest of row `i`.
    RowRest(u8),
    /// `x_0j`: the rest of column `j`.
    ColumnRest(u8),
    /// All entries fixed: emit `T`.
    Done,
}

/// Length of the longest schedule: the `N(N − 1)/2` entries `x_ij` with `i, j ≥ 1`,
/// `i + j ≤ N`, the `N` row rests, the `N` column rests, `Done`.
const SCHEDULE_LEN: usize = N * (N - 1) / 2 + 2 * N + 1;

/// Enumeration state of Theorem 4b's matrices for one `P(R)·P(S)`, all on the stack.
///
/// Schedule: for `k = 1, 2, …`, the entries `x_kj` (`j ≥ k`, last column first), then
/// `x_k0`, then the entries `x_ik` (`i > k`), then `x_0k`. So each row and column is
/// closed as soon as its last free entry is fixed, and each entry's binomial is checked
/// as soon as it is fixed.
pub(crate) struct Matrices<L: Lucas> {
    lucas: L,
    schedule: [Fix; SCHEDULE_LEN],
    /// `rem_r[i] = r_i − Σ p^j x_ij` over the entries fixed so far.
    rem_r: [u64; N + 1],
    /// `rem_s[j] = s_j − Σ x_ij` over the entries fixed so far.
    rem_s: [u32; N + 1],
    /// `diag[n]`: sum of the entries fixed so far on anti-diagonal `n` (at p = 2 also
    /// their OR); at the end `diag[1..]` is `T`.
    diag: [u32; N + 1],
}

impl<L: Lucas> Matrices<L> {
    /// Calls `emit(T, b(X))` for each matrix `X` of `P(R)·P(S)` with `b(X) ≠ 0` mod p
    /// (several matrices may give the same `T`); `r`, `s` are the exponent sequences,
    /// zero-padded to `N`.
    #[inline]
    pub(crate) fn for_each(
        lucas: L,
        r: &[u32; N],
        s: &[u32; N],
        emit: &mut impl FnMut(&[u32; N], L::Coeff),
    ) {
        Matrices::new(lucas, r, s).fix(0, lucas.one(), emit);
    }

    fn new(lucas: L, r: &[u32; N], s: &[u32; N]) -> Self {
        let rows = r.iter().rposition(|&x| x != 0).map_or(0, |i| i + 1);
        let cols = s.iter().rposition(|&x| x != 0).map_or(0, |i| i + 1);
        let mut schedule = [Fix::Done; SCHEDULE_LEN];
        let mut at = 0;
        let mut push = |f: Fix| {
            schedule[at] = f;
            at += 1;
        };
        for k in 1..=rows.max(cols) {
            if k <= rows {
                for j in (k..=cols.min(N - k)).rev() {
                    push(Fix::Entry(k as u8, j as u8));
                }
                push(Fix::RowRest(k as u8));
            }
            if k <= cols {
                for i in (k + 1..=rows.min(N - k)).rev() {
                    push(Fix::Entry(i as u8, k as u8));
                }
                push(Fix::ColumnRest(k as u8));
            }
        }
        let mut m = Matrices {
            lucas,
            schedule,
            rem_r: [0; N + 1],
            rem_s: [0; N + 1],
            diag: [0; N + 1],
        };
        for i in 0..N {
            m.rem_r[i + 1] = u64::from(r[i]);
            m.rem_s[i + 1] = s[i];
        }
        m
    }

    /// Fixes the entry at schedule position `at` in every allowed way and goes on; `c`
    /// is the (nonzero) coefficient of the entries fixed so far.
    fn fix(&mut self, at: usize, c: L::Coeff, emit: &mut impl FnMut(&[u32; N], L::Coeff)) {
        match self.schedule[at] {
            Fix::Entry(i, j) => {
                let (i, j) = (i as usize, j as usize);
                let max = self.lucas.row_quotient(self.rem_r[i], j);
                let max = max.min(u64::from(self.rem_s[j])) as u32;
                let m = self.diag[i + j];
                let mut x = 0u32;
                while x <= max {
                    if let Some(c) = self.lucas.chosen(m, x, c) {
                        let w = self.lucas.row_weight(x, j);
                        self.rem_r[i] -= w;
                        self.rem_s[j] -= x;
                        self.diag[i + j] = m + x;
                        self.fix(at + 1, c, emit);
                        self.rem_r[i] += w;
                        self.rem_s[j] += x;
                    }
                    x = self.lucas.next(m, x);
                }
                self.diag[i + j] = m;
            }
            Fix::RowRest(i) => {
                let x = self.rem_r[i as usize] as u32;
                self.put_rest(i as usize, x, at, c, emit)
            }
            Fix::ColumnRest(j) => self.put_rest(j as usize, self.rem_s[j as usize], at, c, emit),
            Fix::Done => {
                let mut t = [0u32; N];
                t.copy_from_slice(&self.diag[1..]);
                emit(&t, c);
            }
        }
    }

    /// Puts `x` (`x_n0` or `x_0n`) on anti-diagonal `n` and goes on if the coefficient
    /// stays nonzero.
    #[inline]
    fn put_rest(
        &mut self,
        n: usize,
        x: u32,
        at: usize,
        c: L::Coeff,
        emit: &mut impl FnMut(&[u32; N], L::Coeff),
    ) {
        let m = self.diag[n];
        if let Some(c) = self.lucas.forced(m, x, c) {
            self.diag[n] = m + x;
            self.fix(at + 1, c, emit);
            self.diag[n] = m;
        }
    }
}

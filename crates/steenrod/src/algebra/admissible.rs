//! The admissible matrices of a fixed `R`, for multiplying one `Sq(R)` by many
//! `Sq(S)` (see `docs/design/system.md` §1, the Milnor basis and its product).
//!
//! In Milnor's product formula (Ann. of Math. 67 (1958), Thm 4b; see
//! [`super::product`]) the entries `x_ij` with `i ≥ 1` depend only on `R`: row
//! `i` has `x_i0 = r_i − Σ_{j ≥ 1} 2^j x_ij ≥ 0`. Call such a choice, with the
//! entries of each anti-diagonal (row 0 excluded) pairwise disjoint in binary,
//! an *admissible matrix* of `R`. Store its column sums `c_j = Σ_{i ≥ 1} x_ij`
//! and its anti-diagonal masks `m_n = OR_{i ≥ 1} x_{i,n−i}`. For a given `S`,
//! the matrix extends (uniquely, by `x_0j = s_j − c_j`) to a matrix `X` with odd
//! coefficient iff for every `j`: `c_j ≤ s_j` and `(s_j − c_j) & m_j = 0`; then
//! `T_j = (s_j − c_j) | m_j`.
//!
//! Each matrix is packed into two `u64`s (16 bytes): its column sums and its masks, each in
//! eight lanes of unequal width (lane `k` holds column / anti-diagonal `n = k + 1`):
//! `BITS[k]` value bits and one guard bit above them, 52 bits; the 12 bits above the column
//! sums' lanes hold the matrix's least matching degree `Σ_j c_j (2^j − 1)` (the sort key).
//! In degrees up to `D = 510` ([`super::MAX_ALGEBRA_DEGREE`]) every packed value fits:
//! `s_n, T_n ≤ D / (2^n − 1)`; a column sum `c_n = Σ_i x_{in} ≤ Σ_i r_i / 2^n` and a mask
//! `m_n ≤ Σ_{i ≤ n} x_{i,n−i} ≤ Σ_i r_i 2^{i−n}` are both `≤ D / 2^{n−1}` (as
//! `2^i ≤ 2(2^i − 1)` and `Σ r_i (2^i − 1) ≤ D`), and `⌊510 / 2^{n−1}⌋ < 2^{BITS[n−1]}` —
//! with no room to spare in most lanes, so the table builder checks every entry. The test above is then a handful of word operations (SWAR): with `G`
//! the guard bits, `d = (s | G) − c` has no borrow between lanes, lane `k` of `d ^ G` has
//! its guard bit clear iff `c ≤ s` there, and the matrix is accepted iff
//! `(d ^ G) & (G | m) = 0`; then `T = (d & !G) | m`. The scan tests eight matrices at a
//! time into a bit mask before it emits any (few are accepted: about one in eight on the
//! sphere, docs/EXPERIMENTS.md, 2026-12-01), so it branches once per eight.

use super::packed::{PackedElement, PackedPPart};
use super::MilnorAlgebra;
use crate::milnor::{PPart, MAX_PPART_LEN, WEIGHTS};

pub(crate) const N: usize = MAX_PPART_LEN;
/// Value bits of each lane: `⌊510 / 2^k⌋ < 2^{BITS[k]}` (see the module documentation).
pub(crate) const BITS: [u32; N] = [9, 8, 7, 6, 5, 4, 3, 2];
/// The lowest bit of each lane (each lane is `BITS[k] + 1` bits wide; 52 bits in all).
pub(crate) const OFF: [u32; N] = [0, 10, 19, 27, 34, 40, 45, 49];
/// The first bit above the lanes.
pub(crate) const LANES_END: u32 = OFF[N - 1] + BITS[N - 1] + 1;
/// The guard bit of every lane.
pub(crate) const G: u64 = {
    let mut g = 0;
    let mut k = 0;
    while k < N {
        g |= 1 << (OFF[k] + BITS[k]);
        k += 1;
    }
    g
};

/// `v` packed into lanes. Each entry must fit its lane (`v[k] < 2^{BITS[k]}`), which holds
/// for the exponents of any `Sq(R)` of degree `≤ 510`.
pub(crate) fn pack(v: &[u32; N]) -> u64 {
    let mut out = 0;
    for k in 0..N {
        debug_assert!(v[k] < 1 << BITS[k], "{} does not fit lane {k}", v[k]);
        out |= (v[k] as u64) << OFF[k];
    }
    out
}

/// [`pack`], checking that every entry fits its lane (for table entries, built once).
pub(crate) fn pack_checked(v: &[u32; N]) -> u64 {
    for k in 0..N {
        assert!(
            v[k] < 1 << BITS[k],
            "{} does not fit lane {k} of a packed table",
            v[k]
        );
    }
    pack(v)
}

/// The lanes of `v` (guard bits ignored).
pub(crate) fn unpack(v: u64) -> [u32; N] {
    std::array::from_fn(|k| ((v >> OFF[k]) & ((1 << BITS[k]) - 1)) as u32)
}

/// `TOP_ENTRY[b]`: the entry (1-based) whose lane holds bit `b`; below the lanes' end.
const TOP_ENTRY: [u8; 64] = {
    let mut top = [0u8; 64];
    let mut b = 0;
    while b < 64 {
        let mut k = 0;
        while k < N && OFF[k] as usize <= b {
            k += 1;
        }
        top[b] = k as u8;
        b += 1;
    }
    top
};

impl MilnorAlgebra {
    /// The rank of the packed `T` (lanes as above, guard bits clear) in degree `deg`:
    /// [`MilnorAlgebra::rank`] read off the lanes, from the highest nonzero one down.
    #[inline(always)]
    pub(crate) fn rank_packed(&self, t: u64, deg: u32) -> usize {
        // Lane k − 1 (entry k) starts at OFF[k − 1]: the highest nonzero entry is the last
        // lane whose offset is at or below t's top bit.
        let top = TOP_ENTRY[63usize.saturating_sub(t.leading_zeros() as usize)] as usize;
        self.ranks.rank_from(
            &WEIGHTS,
            top,
            |k| ((t >> OFF[k - 1]) & ((1 << BITS[k - 1]) - 1)) as usize,
            deg,
        )
    }
}

/// The admissible matrices of one `Sq(R)`, bucketed by the number of columns
/// they use and sorted within a bucket by the least degree of an `S` they
/// can match, `Σ_j c_j (2^j − 1)`.
///
/// Memory: 16 bytes per matrix (its packed column sums with that degree in the 12 bits
/// above the lanes, and its guarded masks) and about 100 bytes per table.
#[derive(Clone, Debug)]
pub struct AdmissibleMatrices {
    r: PPart,
    /// `|R|`, read by every product.
    degree: u32,
    /// Only matrices that can match `S` with `|S| ≤ max_s_degree` are kept.
    max_s_degree: u32,
    /// `data[..len]`: packed column sums `c_j`, the key `Σ_j c_j (2^j − 1)` in bits
    /// `KEY_SHIFT..64`; `data[len..]`: packed `G | m`, the masks with the guard bits set.
    data: Box<[u64]>,
    /// Matrices using columns `≤ k` only are `0..bucket_end[k]`.
    bucket_end: [u32; N + 1],
}

/// The first bit of a matrix's key in its packed column sums (the 12 bits above the
/// lanes: a key is at most `Σ_j c_j 2^j ≤ Σ_i r_i 2^i ≤ 2·510`).
const KEY_SHIFT: u32 = 52;
/// The value bits of every lane (guard bits and key clear).
const VALUES: u64 = ((1 << LANES_END) - 1) & !G;

impl AdmissibleMatrices {
    /// All admissible matrices of `R` (entries `x_ij` with `i + j ≤ 8` only;
    /// see `super::matrices` for why no others matter below degree 511).
    pub fn new(r: &PPart) -> AdmissibleMatrices {
        Self::with_max_s_degree(r, u32::MAX)
    }

    /// The admissible matrices of `R` that can match some `S` with
    /// `|S| ≤ max_s_degree`, i.e. those with `Σ_j c_j (2^j − 1) ≤ max_s_degree`
    /// (as `c_j ≤ s_j` for all `j`). Enough for every product
    /// `Sq(R)·Sq(S)` in an algebra of maximal degree `D` when
    /// `max_s_degree = D − |R|`; far smaller than [`AdmissibleMatrices::new`]
    /// for large `|R|`.
    pub fn with_max_s_degree(r: &PPart, max_s_degree: u32) -> AdmissibleMatrices {
        assert!(
            r.degree() <= super::MAX_ALGEBRA_DEGREE,
            "admissible matrices of {r}: degree above {}",
            super::MAX_ALGEBRA_DEGREE
        );
        let mut found: Vec<(usize, u64, u64)> = Vec::new();
        let rows = r.len();
        let mut x = State {
            r: *r,
            colsum: [0; N],
            mask: [0; N + 1],
            key: 0,
            max_key: max_s_degree,
        };
        if rows == 0 {
            found.push((0, 0, G));
        } else {
            x.row(1, rows, &mut found);
        }
        // The key sits above the lanes, so ordering by the packed column sums within a
        // bucket orders by key first.
        found.sort_unstable_by_key(|&(cols, c, _)| (cols, c));
        let mut bucket_end = [0; N + 1];
        for (k, end) in bucket_end.iter_mut().enumerate() {
            let e = found.partition_point(|&(cols, ..)| cols <= k);
            *end = u32::try_from(e).expect("fewer than 2^32 admissible matrices");
        }
        let data = found
            .iter()
            .map(|f| f.1)
            .chain(found.iter().map(|f| f.2))
            .collect();
        AdmissibleMatrices {
            r: *r,
            degree: r.degree(),
            max_s_degree,
            data,
            bucket_end,
        }
    }

    /// The `R` whose matrices these are.
    pub fn r(&self) -> &PPart {
        &self.r
    }

    /// The bound given to [`AdmissibleMatrices::with_max_s_degree`]
    /// (`u32::MAX` from [`AdmissibleMatrices::new`]).
    pub fn max_s_degree(&self) -> u32 {
        self.max_s_degree
    }

    /// Heap and inline bytes held (for cache budgets).
    pub fn bytes(&self) -> usize {
        std::mem::size_of::<Self>() + std::mem::size_of_val(&*self.data)
    }

    /// The number of admissible matrices.
    pub fn len(&self) -> usize {
        self.data.len() / 2
    }

    /// The packed column sums (with keys) and the guarded masks.
    #[inline(always)]
    fn halves(&self) -> (&[u64], &[u64]) {
        self.data.split_at(self.data.len() / 2)
    }

    /// Never true: `R` always has at least one admissible matrix (all `x_ij = 0`
    /// for `j ≥ 1`).
    pub fn is_empty(&self) -> bool {
        self.data.is_empty()
    }

    /// Matrix `k`: its column sums `(c_1, …, c_8)` and anti-diagonal masks
    /// `(m_1, …, m_8)`.
    pub fn matrix(&self, k: usize) -> ([u32; N], [u32; N]) {
        let (colsums, masks) = self.halves();
        (unpack(colsums[k]), unpack(masks[k] & !G))
    }

    /// Calls `emit(T)` for each admissible matrix that extends to a matrix `X`
    /// with odd coefficient for `S`: the terms of `Sq(R)·Sq(S)`, before
    /// summing equal `T`s mod 2.
    #[inline]
    pub(crate) fn for_each_term(&self, s: &PPart, mut emit: impl FnMut(&[u32; N])) {
        self.for_each_packed_term(PackedPPart::pack(s.degree(), s), |t| emit(&unpack(t)));
    }

    /// [`AdmissibleMatrices::for_each_term`] with `S` and each `T` packed (lanes as in the
    /// module documentation): `S` as a resolution keeps it, `T` for filters that test it
    /// before unpacking.
    #[inline]
    pub(crate) fn for_each_packed_term(&self, s: PackedPPart, mut emit: impl FnMut(u64)) {
        let (sp, s_degree) = (s.lanes() | G, u64::from(s.degree()));
        let (colsums, masks) = self.halves();
        // Within each bucket keys ascend: scan each bucket up to the first key above |S|,
        // eight matrices at a time (a block of fixed width, so that the eight tests are
        // unrolled without a loop counter), then the bucket's last fewer than eight. The
        // key is not tested per matrix: `c_j ≤ s_j` for every `j` already gives
        // `Σ_j c_j (2^j − 1) ≤ |S|`.
        let mut start = 0;
        for &stop in &self.bucket_end[..=s.len()] {
            let stop = stop as usize;
            let mut i = start;
            start = stop;
            while i + 8 <= stop {
                let c: &[u64; 8] = colsums[i..i + 8].try_into().expect("eight");
                let m: &[u64; 8] = masks[i..i + 8].try_into().expect("eight");
                let mut hits = 0u32;
                for k in 0..8 {
                    hits |= (matches(sp, c[k], m[k]) as u32) << k;
                }
                emit_hits(hits, sp, c, m, &mut emit);
                if c[7] >> KEY_SHIFT > s_degree {
                    i = stop;
                    break;
                }
                i += 8;
            }
            if i < stop {
                let (c, m) = (&colsums[i..stop], &masks[i..stop]);
                let mut hits = 0u32;
                for k in 0..c.len() {
                    hits |= (matches(sp, c[k], m[k]) as u32) << k;
                }
                emit_hits(hits, sp, c, m, &mut emit);
            }
        }
    }
}

/// Whether the matrix with packed column sums `c` (key above the lanes) and guarded masks
/// `m` extends to one with odd coefficient for the packed, guarded `S` (`sp`): every
/// `c_j ≤ s_j` (no lane borrows, so its guard bit stays set) and `(s_j − c_j) & m_j = 0`
/// (the anti-diagonal's binomial coefficient odd, by Lucas). The key's bits only borrow
/// upwards, above every bit of `m`.
#[inline(always)]
fn matches(sp: u64, c: u64, m: u64) -> bool {
    (sp.wrapping_sub(c) ^ G) & m == 0
}

/// `emit(T)` for each set bit `k` of `hits`: `T = (S − c_k) + m_k`, lanes packed.
#[inline(always)]
fn emit_hits(mut hits: u32, sp: u64, c: &[u64], m: &[u64], emit: &mut impl FnMut(u64)) {
    while hits != 0 {
        let k = hits.trailing_zeros() as usize;
        hits &= hits - 1;
        emit((sp.wrapping_sub(c[k]) | m[k]) & VALUES);
    }
}

/// Enumeration of the rows `i ≥ 1` (entries `x_ij`, `i + j ≤ N`).
struct State {
    r: PPart,
    colsum: [u32; N],
    mask: [u32; N + 1],
    /// `Σ_j c_j (2^j − 1)` so far, kept `≤ max_key`.
    key: u32,
    max_key: u32,
}

impl State {
    /// Chooses row `i` (entries `x_ij` for `j` from `N − i` down to 1, then
    /// `x_i0`), then the rows below.
    fn row(&mut self, i: usize, rows: usize, found: &mut Vec<(usize, u64, u64)>) {
        self.cell(i, N - i, self.r.0[i - 1], rows, found);
    }

    fn cell(
        &mut self,
        i: usize,
        j: usize,
        rem: u32,
        rows: usize,
        found: &mut Vec<(usize, u64, u64)>,
    ) {
        if j == 0 {
            let m = self.mask[i];
            if rem & m != 0 {
                return;
            }
            self.mask[i] = m | rem;
            if i == rows {
                self.record(found);
            } else {
                self.row(i + 1, rows, found);
            }
            self.mask[i] = m;
            return;
        }
        let n = i + j;
        let m = self.mask[n];
        let w = WEIGHTS[j - 1];
        let max = (rem >> j).min((self.max_key - self.key) / w);
        let mut x = 0u32;
        loop {
            self.mask[n] = m | x;
            self.colsum[j - 1] += x;
            self.key += x * w;
            self.cell(i, j - 1, rem - (x << j), rows, found);
            self.key -= x * w;
            self.colsum[j - 1] -= x;
            x = ((x | m) + 1) & !m;
            if x > max {
                break;
            }
        }
        self.mask[n] = m;
    }

    fn record(&self, found: &mut Vec<(usize, u64, u64)>) {
        let cols = self
            .colsum
            .iter()
            .rposition(|&c| c != 0)
            .map_or(0, |k| k + 1);
        let key = u64::from(self.key);
        assert!(key < 1 << (64 - KEY_SHIFT), "key {key} above its 12 bits");
        let mut m = [0u32; N];
        m.copy_from_slice(&self.mask[1..]);
        found.push((
            cols,
            pack_checked(&self.colsum) | key << KEY_SHIFT,
            pack_checked(&m) | G,
        ));
    }
}

impl MilnorAlgebra {
    /// XORs `Sq(R)·Sq(S)` into bits `bit_offset + idx` of `out`, like
    /// [`MilnorAlgebra::multiply_basis_into`], with `R` given by its
    /// [`AdmissibleMatrices`] (built once, reused for many `S`). Allocation
    /// free. Panics if `|R| + |S| > max_degree`, if `|S|` exceeds the table's
    /// [`AdmissibleMatrices::max_s_degree`], or if `out` is too short.
    pub fn multiply_admissible_into(
        &self,
        r: &AdmissibleMatrices,
        s: &PPart,
        out: &mut [u64],
        bit_offset: usize,
    ) {
        self.multiply_admissible_packed_into(r, PackedPPart::pack(s.degree(), s), out, bit_offset)
    }

    /// [`MilnorAlgebra::multiply_admissible_into`] with `Sq(S)` packed (as a resolution keeps
    /// the terms of its differentials): the tables' scan reads it as it is.
    #[inline]
    pub fn multiply_admissible_packed_into(
        &self,
        r: &AdmissibleMatrices,
        s: PackedPPart,
        out: &mut [u64],
        bit_offset: usize,
    ) {
        // `|S|` from the packed form and `|R|` from the table: the degree checks are on
        // every product.
        let s_degree = s.degree();
        assert!(
            s_degree <= r.max_s_degree,
            "{s:?} has degree above the bound {} of the admissible matrices of {}",
            r.max_s_degree,
            r.r()
        );
        let deg = r.degree + s_degree;
        assert!(
            deg <= self.max_degree,
            "{}·{s:?} has degree {deg} > max degree {}",
            r.r(),
            self.max_degree
        );
        match &self.sub {
            None => r.for_each_packed_term(s, |t| {
                let b = bit_offset + self.rank_packed(t, deg);
                out[b / 64] ^= 1 << (b % 64);
            }),
            // Over a sub-Hopf algebra: indices in its basis, terms outside it skipped
            // (their coefficients sum to 0: it is closed under products).
            Some(sub) => r.for_each_packed_term(s, |t| {
                if let Some(i) = self.sub_rank(sub, &unpack(t), deg) {
                    let b = bit_offset + i;
                    out[b / 64] ^= 1 << (b % 64);
                }
            }),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_rank_of_a_packed_element_is_its_index() {
        let alg = MilnorAlgebra::new(160);
        for d in 0..=160 {
            for (i, r) in alg.basis(d).iter().enumerate() {
                assert_eq!(alg.rank_packed(pack(&r.0), d), i, "{r}");
            }
        }
    }

    #[test]
    fn every_exponent_up_to_degree_510_fits_its_lane() {
        for k in 0..N {
            let max = super::super::MAX_ALGEBRA_DEGREE / WEIGHTS[k];
            assert!(max < 1 << BITS[k], "lane {k}: {max}");
            // Column sums and masks of a table: at most 510 / 2^k.
            let table_max = super::super::MAX_ALGEBRA_DEGREE >> k;
            assert!(table_max < 1 << BITS[k], "lane {k}: {table_max}");
            assert!(
                k + 1 == N || OFF[k] + BITS[k] < OFF[k + 1],
                "lane {k} overlaps"
            );
            let mut v = [0u32; N];
            v[k] = max;
            assert_eq!(unpack(pack(&v)), v);
        }
    }

    #[test]
    fn the_guard_bits_compare_each_lane_alone() {
        // Lane k of (s | G) − c: guard set iff s_k ≥ c_k, value s_k − c_k; no borrow leaks.
        for k in 0..N {
            let max = super::super::MAX_ALGEBRA_DEGREE / WEIGHTS[k];
            for (s, c) in [
                (0, 0),
                (0, max),
                (max, 0),
                (max, max),
                (1, 2),
                (max / 2, max / 2 + 1),
            ] {
                let top: [u32; N] =
                    std::array::from_fn(|j| super::super::MAX_ALGEBRA_DEGREE / WEIGHTS[j]);
                let (mut sv, mut cv) = (top, [0u32; N]);
                sv[k] = s;
                cv[k] = c;
                let d = (pack(&sv) | G).wrapping_sub(pack(&cv));
                let guard = d >> (OFF[k] + BITS[k]) & 1 == 1;
                assert_eq!(guard, s >= c, "lane {k}: {s} − {c}");
                let mut want = sv;
                want[k] = s.wrapping_sub(c) & ((1 << BITS[k]) - 1);
                assert_eq!(unpack(d & !G), want, "lane {k}: {s} − {c}");
            }
        }
    }
}

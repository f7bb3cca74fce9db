//! The Method of Four Russians over F_p: the pivots of a Gauss–Jordan reduction
//! taken `k` at a time, each other row cleared of all `k` pivot columns by one row
//! addition from a table of the `p^k` combinations of the `k` pivot rows.
//!
//! Sources: Arlazarov, Dinic, Kronrod, Faradžev (1970), the table of all
//! combinations; G. V. Bard, *Algebraic Cryptanalysis* (Springer 2009), ch. 9, for
//! echelon forms (there over F_2; the F_p table is indexed by coefficient vectors in
//! base p). The F_2 version of this crate is [`crate::Matrix::row_reduce`]'s M4RI.
//!
//! A block of pivots is found without touching the rows that are not chosen: the
//! entry of row `i` in column `c` *after* reduction by the block's pivot rows
//! `P_0, …, P_{j−1}` (in RREF among themselves, `P_l` being 1 at `c_l` and 0 at the
//! other `c_m`) is `r_i[c] − Σ_l r_i[c_l]·P_l[c]`, computed from `j` entries
//! ([`Block::entry_after`]). Only a chosen row is reduced, normalised and used to
//! clear its column from the block's earlier pivot rows.

use super::limb::LimbField;
use super::FqVector;
use crate::Prime;

/// The pivots of a block: rows `start..start + cols.len()` of the matrix, with
/// pivot columns `cols` (ascending), in RREF among themselves.
pub(super) struct Block<'a> {
    pub start: usize,
    pub cols: &'a [usize],
}

impl Block<'_> {
    /// Entry `c` of row `row` once reduced by the block's pivot rows.
    #[inline(always)]
    fn entry_after<P: Prime>(
        &self,
        f: &LimbField,
        rows: &[FqVector<P>],
        row: usize,
        c: usize,
    ) -> u32 {
        let r = rows[row].limbs();
        let mut sum = f.get(r, c);
        for (l, &cl) in self.cols.iter().enumerate() {
            let e = f.get(r, cl);
            if e != 0 {
                sum += (f.p - e) * f.get(rows[self.start + l].limbs(), c);
            }
        }
        sum % f.p
    }
}

/// Find up to `k` pivots from column `c` on, below the `pivots.len()` rows already
/// reduced: each chosen row is moved to the next pivot position, reduced by the
/// block's earlier pivot rows, scaled to lead with 1, and its column is cleared
/// from those rows. Pushes the pivot columns to `pivots`; returns the column after
/// the last one examined.
#[inline(always)]
pub(super) fn find_block<P: Prime>(
    f: &LimbField,
    rows: &mut [FqVector<P>],
    pivots: &mut Vec<usize>,
    mut c: usize,
    cols: usize,
    k: usize,
) -> usize {
    let start = pivots.len();
    while c < cols && pivots.len() - start < k && pivots.len() < rows.len() {
        let r = pivots.len();
        let block = Block {
            start,
            cols: &pivots[start..],
        };
        let found = (r..rows.len()).find(|&i| block.entry_after(f, rows, i, c) != 0);
        if let Some(i) = found {
            rows.swap(r, i);
            let (done, rest) = rows.split_at_mut(r);
            let row = &mut rest[0];
            for (l, &cl) in pivots[start..].iter().enumerate() {
                let e = f.get(row.limbs(), cl);
                let from = cl / f.epl;
                let pivot = &done[start + l].limbs()[from..];
                f.add_mul_limbs(&mut row.limbs_mut()[from..], pivot, (f.p - e) % f.p);
            }
            let lead = f.get(row.limbs(), c);
            scale_from(f, row, c / f.epl, lead);
            for earlier in &mut done[start..] {
                let e = f.get(earlier.limbs(), c);
                let from = c / f.epl;
                f.add_mul_limbs(
                    &mut earlier.limbs_mut()[from..],
                    &row.limbs()[from..],
                    (f.p - e) % f.p,
                );
            }
            pivots.push(c);
        }
        c += 1;
    }
    c
}

/// Scale `row` (zero before limb `from`) so that an entry `lead` becomes 1.
#[inline(always)]
fn scale_from<P: Prime>(f: &LimbField, row: &mut FqVector<P>, from: usize, lead: u32) {
    if lead != 1 {
        let inv = row.prime().inverse(lead);
        for l in &mut row.limbs_mut()[from..] {
            *l = f.mul(*l, inv);
        }
    }
}

/// The `p^k` combinations `Σ_j a_j·P_j` of a block's pivot rows from limb `from` on,
/// entry `Σ_j a_j p^j` at `entry * width`.
#[derive(Default)]
pub(super) struct Table {
    width: usize,
    data: Vec<u64>,
}

impl Table {
    /// Fill the table for `block` (rows of `rows`) from limb `from` on; each entry
    /// is an earlier one plus one pivot row.
    #[inline(always)]
    pub fn build<P: Prime>(
        &mut self,
        f: &LimbField,
        rows: &[FqVector<P>],
        block: &Block<'_>,
        from: usize,
    ) {
        let width = rows[block.start].limbs().len() - from;
        let p = f.p as usize;
        let entries = p.pow(block.cols.len() as u32);
        self.width = width;
        self.data.clear();
        self.data.resize(entries * width, 0);
        let mut size = 1; // p^j
        for j in 0..block.cols.len() {
            let pivot = &rows[block.start + j].limbs()[from..];
            for a in size..size * p {
                let (done, rest) = self.data.split_at_mut(a * width);
                let prev = &done[(a - size) * width..(a - size + 1) * width];
                for ((d, &s), &q) in rest[..width].iter_mut().zip(prev).zip(pivot) {
                    *d = f.add(s, q);
                }
            }
            size *= p;
        }
    }

    /// Clear the block's pivot columns from `row` (not one of the block's rows): add
    /// the entry `−Σ_j row[c_j]·P_j`.
    #[inline(always)]
    pub fn eliminate<P: Prime>(
        &self,
        f: &LimbField,
        row: &mut FqVector<P>,
        block: &Block<'_>,
        from: usize,
    ) {
        let mut index = 0;
        let mut weight = 1;
        for &c in block.cols {
            let e = f.get(row.limbs(), c);
            index += ((f.p - e) % f.p) as usize * weight;
            weight *= f.p as usize;
        }
        if index != 0 {
            let entry = &self.data[index * self.width..(index + 1) * self.width];
            f.add_mul_limbs(&mut row.limbs_mut()[from..], entry, 1);
        }
    }
}

/// Pivots per block at prime `p` for a matrix of `rows` rows: the largest `k` with
/// a table of `p^k ≤ min(table_max, rows / 4)` entries, at least 1. `table_max` is
/// [`TABLE_MAX`], or the environment variable `FQ_TABLE_MAX` (read once), for
/// measurements.
pub(super) fn block_size(p: u32, rows: usize) -> usize {
    static MAX: std::sync::OnceLock<usize> = std::sync::OnceLock::new();
    let max = *MAX.get_or_init(|| {
        std::env::var("FQ_TABLE_MAX")
            .ok()
            .and_then(|v| v.parse().ok())
            .unwrap_or(TABLE_MAX)
    });
    let cap = max.min(rows / 4) as u64;
    let mut k = 1;
    while u64::from(p).pow(k as u32 + 1) <= cap {
        k += 1;
    }
    k
}

/// The most table entries: 1, i.e. one pivot at a time, by default. On random dense
/// matrices (`examples/fq_row_reduce.rs`, min of 5, a loaded 2-core AVX-512 machine)
/// 243 entries (k = 5 at p = 3, k = 3 at p = 5) were fastest — a 4000 × 3000 matrix
/// in 0.059 s at p = 3 and 0.093 s at p = 5, against 0.167 / 0.192 s one pivot at a
/// time — but on the matrices of a resolution (the sphere at p = 3 through stem 200,
/// s ≤ 60, 2 threads) the block search costs more than the table saves: 19.6 s of CPU
/// with up to 243 entries, 18.7 s with 27, 11.9 s with one pivot at a time
/// (docs/EXPERIMENTS.md, 2026-11-30).
const TABLE_MAX: usize = 1;

//! Where a resolution's memory goes ([`Resolution::memory`]): the figures behind the
//! breakdown in `docs/EXPERIMENTS.md` and the `memory` line of `adams resolve --log info`.

use crate::Resolution;

/// Bytes held by the parts of a resolution that live for the whole run (heap and inline;
/// allocator overhead and the per-step scratch that is freed after each step excluded).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MemoryUse {
    /// `d(g)` of every generator as a dense vector ([`crate::Differential::value`]).
    pub differential_values: usize,
    /// `d(g)` of every generator as terms `Sq(R)·h` ([`crate::Differential::terms`]).
    pub differential_terms: usize,
    /// The number of those terms.
    pub terms: usize,
    /// The Milnor basis of every degree the range needs.
    pub algebra_basis: usize,
    /// Admissible-matrix tables for Milnor products built so far.
    pub product_tables: usize,
}

impl MemoryUse {
    /// The sum of the byte counts.
    pub fn total(&self) -> usize {
        self.differential_values
            + self.differential_terms
            + self.algebra_basis
            + self.product_tables
    }
}

impl Resolution {
    /// What the resolution holds now ([`MemoryUse`]).
    pub fn memory(&self) -> MemoryUse {
        let mut m = MemoryUse {
            algebra_basis: self.algebra.basis_bytes(),
            product_tables: self.algebra.table_bytes(),
            ..MemoryUse::default()
        };
        for row in self.rows.iter().filter(|r| !r.is_spilled()) {
            for t in row.min_degree()..=row.max_degree() {
                for d in row.gens(t) {
                    m.differential_values += d.value.limbs().len() * 8;
                    m.differential_terms += d.terms.capacity() * std::mem::size_of::<crate::Term>();
                    m.terms += d.terms.len();
                }
            }
        }
        m
    }
}

/// The resident set of this process (`VmRSS` of `/proc/self/status`), bytes; `None` where
/// it cannot be read (not Linux).
pub fn resident_bytes() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmRSS:"))?;
    let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    kib.checked_mul(1024)
}

/// A lower bound of a run's peak memory, computed before anything is allocated
/// ([`projected_peak`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PeakEstimate {
    /// Bytes, at least.
    pub bytes: u64,
    /// The top internal degree of the row `s = 0` (the kernel-only node at stem
    /// `max_stem + 1`).
    pub top_t: i32,
    /// `dim A_{top_t − bottom}`: the rows of the largest matrix counted.
    pub largest_dim: u64,
}

/// `dim A_d` of the Milnor basis of the mod `p` Steenrod algebra for `d ≤ max`, from its
/// Poincaré series: at p = 2, `Sq(r_1, r_2, …)` of degree `Σ r_i (2^i − 1)`, so
/// `Π_{i≥1} 1/(1 − x^(2^i − 1))`; at odd p, `Q(E)P(R)` with `|P_i| = 2(p^i − 1)` free and
/// `|Q_i| = 2p^i − 1` exterior (Milnor 1958, §§6–7), so
/// `Π_{i≥1} 1/(1 − x^(2(p^i − 1))) · Π_{i≥0} (1 + x^(2p^i − 1))`. Saturating.
pub fn milnor_basis_dims(p: u32, max: usize) -> Vec<u64> {
    let mut dims = vec![0u64; max + 1];
    dims[0] = 1;
    let mut polynomial = |degree: usize| {
        for d in degree..=max {
            dims[d] = dims[d].saturating_add(dims[d - degree]);
        }
    };
    let p = u64::from(p.max(2));
    let mut power = p;
    while let Some(degree) = polynomial_degree(p, power).filter(|&g| g <= max as u64) {
        polynomial(degree as usize);
        power = power.saturating_mul(p);
    }
    if p > 2 {
        let mut power = 1u64;
        while 2 * power - 1 <= max as u64 {
            let q = (2 * power - 1) as usize;
            for d in (q..=max).rev() {
                dims[d] = dims[d].saturating_add(dims[d - q]);
            }
            power = power.saturating_mul(p);
        }
    }
    dims
}

/// Degree of the polynomial generator `ξ_i` (p = 2: `2^i − 1`; odd p: `2(p^i − 1)`) with
/// `power = p^i`.
fn polynomial_degree(p: u64, power: u64) -> Option<u64> {
    let less = power.checked_sub(1)?;
    if p == 2 {
        Some(less)
    } else {
        less.checked_mul(2)
    }
}

/// A lower bound of the peak memory of a run through `range` on a module over the whole
/// mod `p` Steenrod algebra whose bottom cell is in degree `bottom`, before anything is
/// allocated; `None` when `max_s = 0` (no kernel of `d_0` is taken).
///
/// The bound is what the row `s = 0` keeps alone: its step in each degree `t` row reduces
/// the matrix of `d_0` on `(C_0)_t` with an identity beside it, and keeps that
/// reduction (the quasi-inverse, for the step `(1, t)` and for lifting) until the end.
/// `C_0` has a generator on the bottom cell, so `dim (C_0)_t ≥ dim A_{t − bottom}`, and
/// the row keeps at least `Σ_{t ≤ max_stem + 1} (dim A_{t − bottom})²` entries of
/// `⌈log₂ p⌉` bits. Measured on the sphere with `s ≤ 1` (docs/EXPERIMENTS.md,
/// 2026-12-02): the bound 690 MB for `t ≤ 200` against a peak of 1.0 GB; 7.6 GB for
/// `t ≤ 260` against 7.0 GB resident when stopped short of the top degree.
pub fn projected_peak(p: u32, bottom: i32, range: crate::ResolutionConfig) -> Option<PeakEstimate> {
    if range.max_s == 0 {
        return None;
    }
    let top_t = range.max_stem.saturating_add(1);
    let span = usize::try_from(i64::from(top_t) - i64::from(bottom)).ok()?;
    let dims = milnor_basis_dims(p, span);
    let bits = u64::from(32 - p.max(2).saturating_sub(1).leading_zeros());
    let entries = dims
        .iter()
        .fold(0u64, |sum, &d| sum.saturating_add(d.saturating_mul(d)));
    Some(PeakEstimate {
        bytes: entries.saturating_mul(bits) / 8,
        top_t,
        largest_dim: dims[span],
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_milnor_basis_dimensions_are_the_known_ones() {
        // p = 2: system.md §1 (dim A_t at 99, 150, 200, 261).
        let two = milnor_basis_dims(2, 261);
        assert_eq!(
            [two[0], two[99], two[150], two[200], two[261]],
            [1, 1148, 5020, 15499, 47539]
        );
        // p = 3, degrees 0..=9, from |Q_0| = 1, |P^1| = 4, |Q_1| = 5: 1; Q_0; P^1;
        // Q_0P^1 and Q_1; Q_0Q_1; none in 7; P^2; Q_0P^2 and Q_1P^1.
        assert_eq!(milnor_basis_dims(3, 9), vec![1, 1, 0, 0, 1, 2, 1, 0, 1, 2]);
    }

    #[test]
    fn the_bound_grows_with_the_top_degree_and_skips_a_range_without_s_1() {
        let range = |max_stem, max_s| crate::ResolutionConfig { max_stem, max_s };
        assert_eq!(projected_peak(2, 0, range(300, 0)), None);
        let small = projected_peak(2, 0, range(40, 20)).unwrap();
        assert!(small.bytes < 1 << 20, "{small:?}");
        let big = projected_peak(2, 0, range(500, 10)).unwrap();
        assert_eq!(big.top_t, 501);
        assert!(big.bytes > 1 << 40, "{big:?}");
        // A shifted module: the same bound relative to its bottom cell.
        assert_eq!(
            projected_peak(2, 600, range(640, 20)).unwrap().bytes,
            small.bytes
        );
    }
}

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
        for row in &self.rows {
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

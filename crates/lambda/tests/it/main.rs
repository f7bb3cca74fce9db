//! The integration tests of `lambda`, in one binary (`cargo test -p lambda --test it
//! MODULE::` runs one).

use std::sync::OnceLock;

use lambda::CurtisTable;

mod algebra;
mod curtis;
mod ehp;
mod resolution;
mod stable;
mod unstable;

/// The largest relative stem of the shared [`curtis`] table.
pub const MAX_STEM: i32 = 40;

/// Its largest filtration: `MAX_STEM + 2`, past which `H^{s}_n` is `H^{n+2}_n` in every stem
/// `n ≤ MAX_STEM` (`algebra::lambda_0_periodicity`).
pub const MAX_S: u32 = MAX_STEM as u32 + 2;

/// The Curtis table of relative stems `≤ MAX_STEM`, `s ≤ MAX_S`, every `Λ(N)` and `Λ`,
/// computed once for the whole binary (about 7 s of CPU, 430 MB: docs/EXPERIMENTS.md).
pub fn curtis() -> &'static CurtisTable {
    static TABLE: OnceLock<CurtisTable> = OnceLock::new();
    TABLE.get_or_init(|| CurtisTable::new(MAX_STEM, MAX_S))
}

/// `dim H^{s}_n` of `sphere` at any `s`: the table's value, or for `s > n + 2` that of
/// `s = n + 2` (`algebra::lambda_0_periodicity`). `None` past the table's stems.
pub fn dim_any_s(sphere: lambda::Sphere, n: i32, s: u32) -> Option<usize> {
    let s = s.min(n as u32 + 2);
    curtis().dim(sphere, ::resolution::Bidegree::n_s(n, s))
}

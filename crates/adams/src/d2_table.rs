//! The Adams `d2` of a module as a table: one row per class of `E2`, read off a secondary
//! lift (`resolution::secondary::SecondaryLift::d2`, from the secondary Steenrod algebra,
//! docs/design/d2.md). The one reading behind `adams d2`'s `d2.csv` and the Python
//! bindings' `d2()`.

use resolution::secondary::SecondaryLift;
use resolution::Bidegree;

/// `d2` of every class of stem `≤ max_stem` (from the module's bottom stem), `s ≤ max_s − 2`: per class `(stem, s,
/// index)`, the indices of the target classes (empty: `d2 = 0`), which lie at `(stem − 1,
/// s + 2)`.
pub type D2Rows = Vec<(Bidegree, usize, Vec<usize>)>;

/// The rows of every bidegree of stem `≤ max_stem`, `s ≤ max_s − 2` of `lift`'s range, stem
/// by stem, and the total rank of `d2` there.
pub fn d2_rows(lift: &SecondaryLift) -> (D2Rows, usize) {
    let config = lift.resolution().config();
    let mut rows = Vec::new();
    let mut rank = 0;
    for n in lift.resolution().module().min_degree()..=config.max_stem {
        for s in 0..=config.max_s.saturating_sub(2) {
            let b = Bidegree::n_s(n, s);
            let Some(m) = lift.d2(b) else { continue };
            rank += m.clone().row_reduce().len();
            for k in 0..m.rows() {
                let target: Vec<usize> = (0..m.cols()).filter(|&j| m.get(k, j)).collect();
                rows.push((b, k, target));
            }
        }
    }
    (rows, rank)
}

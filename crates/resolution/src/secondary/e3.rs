//! The `E3` page from `d2` (docs/design/d2.md §2, step 5): `dim E3^{s,t} =
//! dim ker(d2 out of (s, t)) − rank(d2 into (s, t))`.

use super::SecondaryLift;
use crate::{Bidegree, ExtEntry};

/// The range where both `d2`'s at a bidegree are computed: stem `≤ max_stem − 1` (the
/// `d2` into stem `n` starts in stem `n + 1`) and `s ≤ max_s − 2` (the `d2` out of
/// filtration `s` lands in `s + 2`). `None` when that range is empty. Returns
/// `(max_stem, max_s)`.
pub fn e3_range(lift: &SecondaryLift) -> Option<(i32, u32)> {
    let config = lift.resolution().config();
    let max_s = config.max_s.checked_sub(2)?;
    (config.max_stem >= 1).then_some((config.max_stem - 1, max_s))
}

/// `dim E3^{s,t}` at every bidegree of [`e3_range`] where it is not zero, ordered by stem
/// then `s` (the form of `ext.csv`). A bidegree where either `d2` is unknown is left out.
pub fn e3_dimensions(lift: &SecondaryLift) -> Vec<ExtEntry> {
    let Some((max_stem, max_s)) = e3_range(lift) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    // Stems from the module's bottom degree (negative for a shift).
    for n in lift.resolution().module().min_degree()..=max_stem {
        for s in 0..=max_s {
            let b = Bidegree::n_s(n, s);
            let Some(mut d_out) = lift.d2(b) else {
                continue;
            };
            let rank_in = match s {
                0 | 1 => 0,
                _ => match lift.d2(Bidegree::s_t(s - 2, b.t() - 1)) {
                    Some(mut m) => m.row_reduce().len(),
                    None => continue,
                },
            };
            let dim = d_out.rows() - d_out.row_reduce().len() - rank_in;
            if dim > 0 {
                out.push(ExtEntry { bidegree: b, dim });
            }
        }
    }
    out
}

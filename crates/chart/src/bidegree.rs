//! Where a class sits on an Adams chart.

/// A bidegree as a chart places it: stem `n = t − s` across, Adams filtration `s ≥ 0` up;
/// internal degree `t = n + s`.
///
/// Ordered by stem, then `s`: the order of a chart's columns, of `ext.csv`'s rows and of
/// `chart.json`'s classes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Bidegree {
    stem: i32,
    s: u32,
}

impl Bidegree {
    /// The bidegree at stem `n` and filtration `s`.
    pub const fn n_s(n: i32, s: u32) -> Self {
        Bidegree { stem: n, s }
    }

    /// Stem `n = t − s`.
    pub const fn n(self) -> i32 {
        self.stem
    }

    /// Adams filtration `s`.
    pub const fn s(self) -> u32 {
        self.s
    }

    /// Internal degree `t = n + s` (within `i32` for every bidegree a table or a chart may
    /// name: `|n|, s ≤` [`crate::MAX_ABS_DEGREE`]).
    pub const fn t(self) -> i32 {
        self.stem + self.s as i32
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ordered_by_stem_then_filtration() {
        let b = Bidegree::n_s(15, 3);
        assert_eq!((b.n(), b.s(), b.t()), (15, 3, 18));
        assert!(Bidegree::n_s(1, 5) < Bidegree::n_s(2, 0));
        assert!(Bidegree::n_s(2, 0) < Bidegree::n_s(2, 1));
        assert_eq!(Bidegree::n_s(-2, 0).t(), -2);
    }
}

//! Coordinates of the Adams E2 page: a [`Bidegree`] is an Adams filtration `s` and an
//! internal degree `t`, with stem `n = t − s` (the horizontal axis of an Adams chart).
//! Every layer above `steenrod` — steps, scheduler, save directory, products, the device
//! backends and the binary — passes bidegrees as this type, never as loose pairs.

use std::fmt;

/// A bidegree of Ext: Adams filtration `s ≥ 0` and internal degree `t`; stem `n = t − s`.
///
/// Built from either pair: [`Bidegree::s_t`] (filtration, internal degree) or
/// [`Bidegree::n_s`] (stem, filtration). Ordered by `s`, then `t`. Displayed as
/// `(s = 3, t = 18, stem 15)`, the form every error message uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Bidegree {
    s: u32,
    t: i32,
}

impl Bidegree {
    /// The bidegree with filtration `s` and internal degree `t`.
    pub const fn s_t(s: u32, t: i32) -> Self {
        Bidegree { s, t }
    }

    /// The bidegree at stem `n` and filtration `s` (`t = n + s`).
    pub const fn n_s(n: i32, s: u32) -> Self {
        Bidegree { s, t: n + s as i32 }
    }

    /// Adams filtration (homological degree) `s`.
    pub const fn s(self) -> u32 {
        self.s
    }

    /// Internal degree `t`.
    pub const fn t(self) -> i32 {
        self.t
    }

    /// Stem `n = t − s`.
    pub const fn n(self) -> i32 {
        self.t - self.s as i32
    }

    /// The bidegree of `h_i · x` for `x` here: `(s + 1, t + 2^i)`, i.e. stem `+ 2^i − 1`.
    pub const fn times_h(self, i: u32) -> Self {
        Bidegree {
            s: self.s + 1,
            t: self.t + (1i32 << i),
        }
    }

    /// `(s − 1, t)`: where the differential `d_s` out of this bidegree lands (`None` at
    /// `s = 0`).
    pub const fn below(self) -> Option<Self> {
        match self.s {
            0 => None,
            s => Some(Bidegree {
                s: s - 1,
                t: self.t,
            }),
        }
    }

    /// The same filtration, internal degree shifted by `dt`.
    pub const fn shift_t(self, dt: i32) -> Self {
        Bidegree {
            s: self.s,
            t: self.t + dt,
        }
    }
}

impl fmt::Display for Bidegree {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "(s = {}, t = {}, stem {})", self.s, self.t, self.n())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn both_pairs_name_the_same_bidegree() {
        let b = Bidegree::n_s(15, 3);
        assert_eq!(b, Bidegree::s_t(3, 18));
        assert_eq!((b.s(), b.t(), b.n()), (3, 18, 15));
        assert_eq!(b.to_string(), "(s = 3, t = 18, stem 15)");
        // h1 raises the stem by 1, h2 by 3.
        assert_eq!(b.times_h(1), Bidegree::n_s(16, 4));
        assert_eq!(b.times_h(2), Bidegree::n_s(18, 4));
        assert_eq!(b.below(), Some(Bidegree::s_t(2, 18)));
        assert_eq!(Bidegree::s_t(0, 4).below(), None);
        assert_eq!(Bidegree::n_s(-2, 0).t(), -2);
    }
}

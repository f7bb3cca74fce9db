//! Milnor basis elements `Q(E)P(R)` of the mod p Steenrod algebra, p odd.
//!
//! Reference: J. Milnor, "The Steenrod algebra and its dual", Ann. of Math. 67
//! (1958), §6, Theorem 4a: for an odd prime p the elements
//! `Q(E)P(R) = Q_0^{e_0} Q_1^{e_1} ⋯ P(r_1, r_2, …)`, `e_i ∈ {0, 1}`, `R` a
//! finite sequence of non-negative integers, form an F_p-basis of `A_p`, with
//! `|Q_i| = 2p^i − 1` and `|P(R)| = Σ_i r_i · 2(p^i − 1)`.

use std::fmt;

use crate::milnor::{PPart, MAX_PPART_LEN};

/// A Milnor basis element `Q(E)P(R)` at an odd prime.
///
/// `e`: bit `i` is set exactly when `Q_i ∈ E`; the exterior part is the
/// product `Q_{i_1} Q_{i_2} ⋯` in *increasing* order of the indices (this fixes
/// the sign, as the `Q_i` anticommute). `r`: the sequence `R`, stored as a
/// [`PPart`] (`r.0[i]` is `r_{i+1}`; at most [`MAX_PPART_LEN`] entries).
///
/// The derived `Ord` compares `e` first, then `r` lexicographically; it is not
/// the basis order of `MilnorAlgebra<ValidPrime>`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default, PartialOrd, Ord)]
pub struct MilnorQP {
    /// The exterior part `E` as a bit set.
    pub e: u32,
    /// The polynomial part `R`.
    pub r: PPart,
}

impl MilnorQP {
    /// The unit `1 = Q(∅)P(0)`.
    pub const ONE: MilnorQP = MilnorQP {
        e: 0,
        r: PPart::ONE,
    };

    /// `P^n = P(n)`, of degree `2n(p − 1)`.
    pub fn p_power(n: u32) -> MilnorQP {
        MilnorQP {
            e: 0,
            r: PPart::from_slice(&[n]),
        }
    }

    /// The Bockstein `β = Q_0`, of degree 1.
    pub fn beta() -> MilnorQP {
        MilnorQP {
            e: 1,
            r: PPart::ONE,
        }
    }

    /// The internal degree `Σ_{i ∈ E} (2p^i − 1) + Σ_i r_i · 2(p^i − 1)`
    /// (Milnor 1958, §6), saturated at `u32::MAX` when it does not fit.
    pub fn degree(&self, p: u32) -> u32 {
        u32::try_from(self.degree_wide(p)).unwrap_or(u32::MAX)
    }

    /// The exact degree, saturated at `u128::MAX` (never reached for `p < 256`).
    pub(crate) fn degree_wide(&self, p: u32) -> u128 {
        let p = u128::from(p);
        let mut d: u128 = 0;
        let mut pow: u128 = 1; // p^i
        for i in 0..32 {
            if self.e >> i & 1 == 1 {
                d = d.saturating_add(pow.saturating_mul(2).saturating_sub(1));
            }
            if i < MAX_PPART_LEN {
                let w = pow.saturating_mul(p).saturating_sub(1).saturating_mul(2);
                d = d.saturating_add(u128::from(self.r.0[i]).saturating_mul(w));
            }
            pow = pow.saturating_mul(p);
        }
        d
    }

    /// The exterior indices `E` in increasing order.
    pub fn q_indices(&self) -> impl Iterator<Item = u32> + '_ {
        (0..32).filter(move |i| self.e >> i & 1 == 1)
    }
}

/// Prints `Q(0,2)P(1,2)`: the exterior part `Q(i,j,…)` (indices increasing; `β`
/// prints as `Q(0)`), then `P(r_1,…,r_k)` without trailing zeros; either part is
/// left out when trivial, and the unit prints as `1`. The output parses back
/// with `MilnorAlgebra::<ValidPrime>::parse`.
impl fmt::Display for MilnorQP {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.e == 0 && self.r.is_empty() {
            return f.write_str("1");
        }
        let list = |f: &mut fmt::Formatter<'_>, items: &mut dyn Iterator<Item = u32>| {
            for (k, x) in items.enumerate() {
                if k > 0 {
                    f.write_str(",")?;
                }
                write!(f, "{x}")?;
            }
            f.write_str(")")
        };
        if self.e != 0 {
            f.write_str("Q(")?;
            list(f, &mut self.q_indices())?;
        }
        if !self.r.is_empty() {
            f.write_str("P(")?;
            list(f, &mut self.r.as_slice().iter().copied())?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn degree_and_display() {
        // |Q_0 Q_2 P(1,2)| at p = 3: 1 + 17 + 1·4 + 2·16 = 54 (Milnor §6 degrees).
        let x = MilnorQP {
            e: 0b101,
            r: PPart::from_slice(&[1, 2]),
        };
        assert_eq!(x.degree(3), 54);
        assert_eq!(x.to_string(), "Q(0,2)P(1,2)");
        assert_eq!(MilnorQP::ONE.to_string(), "1");
        assert_eq!(MilnorQP::ONE.degree(5), 0);
        let beta = MilnorQP {
            e: 1,
            r: PPart::ONE,
        };
        assert_eq!(beta.to_string(), "Q(0)");
        assert_eq!(beta.degree(7), 1);
        // Q_31 at p = 251 does not fit in u32.
        let big = MilnorQP {
            e: 1 << 31,
            r: PPart::ONE,
        };
        assert_eq!(big.degree(251), u32::MAX);
    }
}

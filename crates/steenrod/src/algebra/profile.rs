//! Profiles of sub-Hopf algebras of the mod 2 Steenrod algebra `A`.
//!
//! A profile function `h: {1, 2, …} → {0, 1, …, ∞}` names the subspace `B(h) ⊆ A`
//! spanned by the Milnor basis elements `Sq(r_1, r_2, …)` with `r_i < 2^{h(i)}` for
//! every `i` (dually, the quotient `A_* / (ξ_i^{2^{h(i)}})`). `A(n)` has profile
//! `(n+1, n, …, 1)`: `A(1) = (2, 1)`, `A(2) = (3, 2, 1)`.
//!
//! `B(h)` is a sub-Hopf algebra exactly when, for all `i, j ≥ 1`,
//! `h(i) ≤ j + h(i + j)` or `h(j) ≤ h(i + j)` (J. F. Adams and H. R. Margolis,
//! "Sub-Hopf-algebras of the Steenrod algebra", Proc. Cambridge Philos. Soc. 76 (1974);
//! H. R. Margolis, "Spectra and the Steenrod algebra" (1983), chapter 15).
//! [`Profile::new`] checks it.

use std::fmt;

use crate::milnor::{PPart, MAX_PPART_LEN};

/// A profile `h` of a sub-Hopf algebra of `A`, as the field's module files write it:
/// `p_part[i − 1] = h(i)`, and beyond the list `h(i) = 0` when `truncated`, else
/// `h(i) = ∞` (no condition on `r_i`).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Profile {
    p_part: Vec<u32>,
    truncated: bool,
}

/// Why a profile names no sub-Hopf algebra.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ProfileError {
    /// An entry `h(i)` above [`Profile::MAX_ENTRY`] (`2^{h(i)}` would not fit).
    #[error("p_part[{index}] = {value}: entries above {max} are not supported", max = Profile::MAX_ENTRY)]
    EntryTooLarge { index: usize, value: u32 },
    /// More than [`Profile::MAX_LEN`] entries (after a truncated list's trailing zeros).
    #[error("p_part has {len} entries: at most {max} are supported (ξ_i for i > {max} lies far above every table)", max = Profile::MAX_LEN)]
    TooLong { len: usize },
    /// The Adams–Margolis condition fails at `(i, j)`.
    #[error(
        "not a sub-Hopf algebra: h({i}) = {hi} > {j} + h({ij}) = {bound} and h({j}) = {hj} > h({ij}) \
         = {hij} (Adams–Margolis: h(i) ≤ j + h(i+j) or h(j) ≤ h(i+j) for all i, j ≥ 1)",
        ij = i + j,
        bound = hij.saturating_add(*j as u32)
    )]
    NotSubHopf {
        i: usize,
        j: usize,
        hi: u32,
        hj: u32,
        hij: u32,
    },
}

impl Profile {
    /// The largest entry accepted: `r_i < 2^{24}` is no condition in any degree this
    /// crate holds.
    pub const MAX_ENTRY: u32 = 24;

    /// The most entries accepted: `ξ_i` has degree at least `2^i − 1`, far above the
    /// tables for `i > 32`, and the check of [`Profile::new`] is quadratic in the length.
    pub const MAX_LEN: usize = 32;

    /// The profile `h` with `h(i) = p_part[i − 1]`, and beyond the list 0 when
    /// `truncated`, else ∞. Trailing zeros of a truncated list are dropped (`[2, 1, 0]`
    /// is `[2, 1]`, `A(1)`), so that equal algebras compare, print and name folders
    /// alike. Errors: an entry above [`Profile::MAX_ENTRY`], more than
    /// [`Profile::MAX_LEN`] entries, or the Adams–Margolis condition (module docs)
    /// failing, naming the first `(i, j)`.
    pub fn new(mut p_part: Vec<u32>, truncated: bool) -> Result<Profile, ProfileError> {
        if let Some((index, &value)) = p_part
            .iter()
            .enumerate()
            .find(|(_, &v)| v > Self::MAX_ENTRY)
        {
            return Err(ProfileError::EntryTooLarge { index, value });
        }
        if truncated {
            let len = p_part.iter().rposition(|&h| h != 0).map_or(0, |i| i + 1);
            p_part.truncate(len);
        }
        if p_part.len() > Self::MAX_LEN {
            return Err(ProfileError::TooLong { len: p_part.len() });
        }
        let profile = Profile { p_part, truncated };
        // Beyond the list h is constant, so i, j up to len + 1 cover every case:
        // for i + j > len + 1 both sides read the constant tail.
        let n = profile.p_part.len() + 1;
        for i in 1..=n {
            for j in 1..=n {
                let (hi, hj, hij) = (profile.h(i), profile.h(j), profile.h(i + j));
                if hi > hij.saturating_add(j as u32) && hj > hij {
                    return Err(ProfileError::NotSubHopf { i, j, hi, hj, hij });
                }
            }
        }
        Ok(profile)
    }

    /// `A(n)`: the profile `(n+1, n, …, 1)`, truncated.
    pub fn a(n: u32) -> Profile {
        Profile {
            p_part: (1..=n + 1).rev().collect(),
            truncated: true,
        }
    }

    /// `h(i)` for `i ≥ 1` (`u32::MAX` standing for ∞).
    pub fn h(&self, i: usize) -> u32 {
        match self.p_part.get(i - 1) {
            Some(&v) => v,
            None if self.truncated => 0,
            None => u32::MAX,
        }
    }

    /// The entries as given (`p_part`).
    pub fn p_part(&self) -> &[u32] {
        &self.p_part
    }

    /// Whether `h(i) = 0` beyond `p_part` (else ∞).
    pub fn truncated(&self) -> bool {
        self.truncated
    }

    /// Whether `Sq(R)` lies in the sub-algebra: `r_i < 2^{h(i)}` for every `i`.
    pub fn contains(&self, r: &PPart) -> bool {
        (1..=MAX_PPART_LEN).all(|i| {
            let h = self.h(i);
            h >= 32 || r.0[i - 1] >> h == 0
        })
    }

    /// The top degree of the sub-algebra when finite (truncated): its top element
    /// `Sq(2^{h(1)} − 1, 2^{h(2)} − 1, …)` has degree `Σ_i (2^{h(i)} − 1)(2^i − 1)`
    /// (saturating at `u32::MAX`); `None` when not truncated.
    pub fn top_degree(&self) -> Option<u32> {
        self.truncated.then(|| {
            let top: u128 = self
                .p_part
                .iter()
                .enumerate()
                .map(|(i, &h)| {
                    let r = if h >= 64 { u64::MAX } else { (1u64 << h) - 1 };
                    let w = if i + 1 >= 64 {
                        u64::MAX
                    } else {
                        (1u64 << (i + 1)) - 1
                    };
                    u128::from(r) * u128::from(w)
                })
                .sum();
            u32::try_from(top).unwrap_or(u32::MAX)
        })
    }

    /// The total dimension `2^{Σ h(i)}` of the sub-algebra when finite (truncated),
    /// as a power of two's exponent `Σ h(i)`; `None` when not truncated.
    pub fn log2_dim(&self) -> Option<u32> {
        self.truncated.then(|| self.p_part.iter().sum())
    }
}

/// `A(1)`, `A(2)`, … when the profile is one of those, else `profile (2,1)` style
/// (`profile (0)` for `F_2`, the truncated profile with no entries); a profile that is
/// not truncated ends in `,∞`.
impl fmt::Display for Profile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let len = self.p_part.len() as u32;
        if self.truncated && len > 0 && *self == Profile::a(len - 1) {
            return write!(f, "A({})", len - 1);
        }
        let mut parts: Vec<String> = self.p_part.iter().map(u32::to_string).collect();
        if parts.is_empty() && self.truncated {
            parts.push("0".into());
        }
        let tail = if self.truncated { "" } else { ",∞" };
        write!(f, "profile ({}{tail})", parts.join(","))
    }
}

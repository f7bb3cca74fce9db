//! Profiles of sub-Hopf algebras of the mod p Steenrod algebra `A_p`, at every prime.
//!
//! A profile is a pair `(h, Q)` (J. F. Adams and H. R. Margolis, "Sub-Hopf-algebras of
//! the Steenrod algebra", Proc. Cambridge Philos. Soc. 76 (1974); H. R. Margolis,
//! "Spectra and the Steenrod algebra" (1983), chapter 15): `h: {1, 2, …} → {0, 1, …, ∞}`
//! for the `ξ_i` and a set `Q` of indices `k ≥ 0` for the `τ_k`. It names the subspace
//! `B(h, Q) ⊆ A_p` spanned by the Milnor basis elements `Q(E)P(R)` with `E ⊆ Q` and
//! `r_i < p^{h(i)}` for every `i`; dually the quotient of
//! `A_* = E(τ_0, τ_1, …) ⊗ P(ξ_1, ξ_2, …)` by `I = (ξ_i^{p^{h(i)}}, τ_k : k ∉ Q)`. At
//! p = 2 the dual `A_* = F_2[ξ_1, ξ_2, …]` has no `τ_k`: the profile is `h` alone, the
//! subspace spanned by the `Sq(R)` with `r_i < 2^{h(i)}`. `A(n)` has profile
//! `(n+1, n, …, 1)` at p = 2 and `(n, …, 1; Q_0, …, Q_n)` at odd p.
//!
//! **When it is a sub-Hopf algebra**: exactly when `I` is a Hopf ideal, which Milnor's
//! coproduct (Milnor 1958, Theorem 3: `Δξ_n = Σ_i ξ_{n−i}^{p^i} ⊗ ξ_i`,
//! `Δτ_n = τ_n ⊗ 1 + Σ_i ξ_{n−i}^{p^i} ⊗ τ_i`) turns into two conditions:
//!
//! 1. (P part, every prime) for all `i, j ≥ 1`: `h(i) ≤ j + h(i + j)` or
//!    `h(j) ≤ h(i + j)` (from the term `ξ_i^{p^j} ⊗ ξ_j` of `Δξ_{i+j}`);
//! 2. (Q part, odd p) for every `k ∉ Q` and every `j < k` with `j ∈ Q`: `h(k − j) ≤ j`
//!    (the term `ξ_{k−j}^{p^j} ⊗ τ_j` of `Δτ_k` must lie in `I ⊗ A_* + A_* ⊗ I`).
//!
//! (The span is always closed under the coproduct, `Δ Q(E)P(R)` having only terms with
//! `E' ⊔ E'' = E`, `R' + R'' = R`; so the conditions say that `B(h, Q)` is closed under
//! products.) [`Profile::new`] and [`Profile::with_q_part`] check them.
//!
//! The field's module files write the profile as
//! `{"truncated": bool, "p_part": [h(1), h(2), …], "q_part": bits}`, `q_part` (odd p
//! only) a bit set of `Q` (bit `k` for `Q_k`; absent: every `Q_k`).

use std::fmt;

use crate::milnor::{PPart, MAX_PPART_LEN};
use crate::odd::MilnorQP;

/// A profile `(h, Q)` of a sub-Hopf algebra of `A_p` (module docs), as the field's module
/// files write it: `p_part[i − 1] = h(i)`, and beyond the list `h(i) = 0` when
/// `truncated`, else `h(i) = ∞` (no condition on `r_i`); `Q` the bit set `q_part` at an
/// odd prime, none at p = 2 (where there is no `τ_k`).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Profile {
    p_part: Vec<u32>,
    truncated: bool,
    /// The bit set of `Q` at an odd prime; `None` at p = 2.
    q_part: Option<u32>,
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
    /// Condition 1 (module docs) fails at `(i, j)`.
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
    /// Condition 2 (module docs, odd p) fails at `k ∉ Q`, `j ∈ Q`.
    #[error(
        "not a sub-Hopf algebra: Q_{k} is left out but Q_{j} is in and h({i}) = {h} > {j} \
         (for Q_k left out and Q_j in, j < k, h(k − j) ≤ j is needed: Δτ_{k} has the term \
         ξ_{i}^(p^{j}) ⊗ τ_{j}; Adams–Margolis)",
        i = k - j
    )]
    QPart { k: u32, j: u32, h: u32 },
}

impl Profile {
    /// The largest entry accepted: `r_i < 2^{24}` is no condition in any degree this
    /// crate holds.
    pub const MAX_ENTRY: u32 = 24;

    /// The most entries accepted: `ξ_i` has degree at least `2^i − 1`, far above the
    /// tables for `i > 32`, and the check of [`Profile::new`] is quadratic in the length.
    pub const MAX_LEN: usize = 32;

    /// Bit set of every `Q_k`: the `q_part` of an odd-primary file that does not give one.
    pub const ALL_Q: u32 = u32::MAX;

    /// The p = 2 profile `h` with `h(i) = p_part[i − 1]`, and beyond the list 0 when
    /// `truncated`, else ∞. Trailing zeros of a truncated list are dropped (`[2, 1, 0]`
    /// is `[2, 1]`, `A(1)`), so that equal algebras compare, print and name folders
    /// alike. Errors: an entry above [`Profile::MAX_ENTRY`], more than
    /// [`Profile::MAX_LEN`] entries, or condition 1 (module docs) failing, naming the
    /// first `(i, j)`.
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
        let profile = Profile {
            p_part,
            truncated,
            q_part: None,
        };
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

    /// The odd-primary profile `(h, Q)`: `h` as in [`Profile::new`] and
    /// `Q = {k : bit k of q_part set}`. Errors: those of [`Profile::new`], or condition 2
    /// (module docs) failing.
    pub fn with_q_part(
        p_part: Vec<u32>,
        truncated: bool,
        q_part: u32,
    ) -> Result<Profile, ProfileError> {
        let h = Profile::new(p_part, truncated)?;
        for k in 1..32u32 {
            if q_part >> k & 1 == 1 {
                continue;
            }
            for j in (0..k).filter(|j| q_part >> j & 1 == 1) {
                let h = h.h((k - j) as usize);
                if h > j {
                    return Err(ProfileError::QPart { k, j, h });
                }
            }
        }
        Ok(Profile {
            q_part: Some(q_part),
            ..h
        })
    }

    /// `A(n)` at p = 2: the profile `(n+1, n, …, 1)`, truncated.
    pub fn a(n: u32) -> Profile {
        Profile {
            p_part: (1..=n + 1).rev().collect(),
            truncated: true,
            q_part: None,
        }
    }

    /// `A(n)` at an odd prime: the sub-Hopf algebra generated by `β, P^1, P^p, …,
    /// P^{p^{n−1}}`, profile `h = (n, n − 1, …, 1)`, `Q = {0, …, n}` (dually
    /// `A_*/(ξ_1^{p^n}, …, ξ_n^p, ξ_{n+1}, …, τ_{n+1}, …)`); `A(0) = E(0)`. Panics if
    /// `n > 24`.
    pub fn a_odd(n: u32) -> Profile {
        assert!(n <= Self::MAX_ENTRY, "A({n}): n ≤ {}", Self::MAX_ENTRY);
        Profile {
            p_part: (1..=n).rev().collect(),
            truncated: true,
            q_part: Some((1u32 << (n + 1)) - 1),
        }
    }

    /// `E(n)` at an odd prime: the exterior algebra on `Q_0, …, Q_n` (`h = 0`,
    /// `Q = {0, …, n}`). Panics if `n > 30`.
    pub fn e(n: u32) -> Profile {
        assert!(n <= 30, "E({n}): n ≤ 30");
        Profile {
            p_part: Vec::new(),
            truncated: true,
            q_part: Some((1u32 << (n + 1)) - 1),
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

    /// The entries of `h` as given (`p_part`).
    pub fn p_part(&self) -> &[u32] {
        &self.p_part
    }

    /// Whether `h(i) = 0` beyond `p_part` (else ∞).
    pub fn truncated(&self) -> bool {
        self.truncated
    }

    /// The bit set of `Q` at an odd prime; `None` for a p = 2 profile.
    pub fn q_part(&self) -> Option<u32> {
        self.q_part
    }

    /// Whether `Sq(R)` lies in the sub-algebra at p = 2: `r_i < 2^{h(i)}` for every `i`.
    pub fn contains(&self, r: &PPart) -> bool {
        self.contains_r(2, r)
    }

    /// Whether `Q(E)P(R)` lies in the sub-algebra at the odd prime `p`: `E ⊆ Q` and
    /// `r_i < p^{h(i)}` for every `i`.
    pub fn contains_qp(&self, p: u32, x: &MilnorQP) -> bool {
        x.e & !self.q_part.unwrap_or(0) == 0 && self.contains_r(p, &x.r)
    }

    /// `r_i < p^{h(i)}` for every `i`.
    fn contains_r(&self, p: u32, r: &PPart) -> bool {
        (1..=MAX_PPART_LEN).all(|i| u64::from(r.0[i - 1]) < p_pow(p, self.h(i)))
    }

    /// The top degree at the prime `p` when the sub-algebra is finite (truncated): the
    /// degree of its top element `Q(Q)P(p^{h(1)} − 1, p^{h(2)} − 1, …)`,
    /// `Σ_{k ∈ Q} (2p^k − 1) + Σ_i (p^{h(i)} − 1)·|ξ_i|` with `|ξ_i| = 2^i − 1` at p = 2
    /// and `2(p^i − 1)` at odd p (Milnor 1958, §§5–6), saturating at `u32::MAX`; `None`
    /// when not truncated.
    pub fn top_degree(&self, p: u32) -> Option<u32> {
        if !self.truncated {
            return None;
        }
        let q_part = self.q_part.unwrap_or(0);
        let q: u128 = (0..32u32)
            .filter(|k| q_part >> k & 1 == 1)
            .map(|k| 2 * u128::from(p_pow(p, k)) - 1)
            .sum();
        let xi = |i: usize| match p {
            2 => (1u128 << i) - 1,
            _ => 2 * (u128::from(p_pow(p, i as u32)) - 1),
        };
        let r: u128 = (1..=self.p_part.len())
            .map(|i| (u128::from(p_pow(p, self.h(i))) - 1).saturating_mul(xi(i)))
            .fold(0u128, u128::saturating_add);
        Some(u32::try_from(q.saturating_add(r)).unwrap_or(u32::MAX))
    }

    /// The total dimension `2^{Σ h(i)}` of a p = 2 sub-algebra when finite (truncated),
    /// as a power of two's exponent `Σ h(i)`; `None` when not truncated.
    pub fn log2_dim(&self) -> Option<u32> {
        self.truncated.then(|| self.p_part.iter().sum())
    }
}

/// `p^e`, saturating at `u64::MAX`.
fn p_pow(p: u32, e: u32) -> u64 {
    u64::from(p).checked_pow(e).unwrap_or(u64::MAX)
}

/// At p = 2: `A(1)`, `A(2)`, … when the profile is one of those, else `profile (2,1)`
/// style (`profile (0)` for `F_2`, the truncated profile with no entries); a profile that
/// is not truncated ends in `,∞`. At odd p: `E(n)` and `A(n)` by name; otherwise
/// `profile (h(1),…; Q_0,Q_1,…)`, a `p_part` that is not truncated ending in `∞` (`no P`
/// when it is empty), and `Q` written `all Q` when it holds every `Q_k`, `all Q but Q_0`
/// when it lacks a few.
impl fmt::Display for Profile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.q_part {
            None => self.fmt_two(f),
            Some(q) => self.fmt_odd(q, f),
        }
    }
}

impl Profile {
    fn fmt_two(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
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

    fn fmt_odd(&self, q: u32, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let h = &self.p_part;
        if self.truncated && q != 0 && q != Self::ALL_Q && q & q.wrapping_add(1) == 0 {
            let n = q.count_ones() - 1;
            if h.is_empty() {
                return write!(f, "E({n})");
            }
            if n <= Profile::MAX_ENTRY && *self == Profile::a_odd(n) {
                return write!(f, "A({n})");
            }
        }
        let mut parts: Vec<String> = h.iter().map(u32::to_string).collect();
        if !self.truncated {
            parts.push("∞".to_string());
        }
        let list = |bits: u32| {
            let q: Vec<String> = (0..32u32)
                .filter(|k| bits >> k & 1 == 1)
                .map(|k| format!("Q_{k}"))
                .collect();
            q.join(",")
        };
        let q = match q {
            Self::ALL_Q => "all Q".to_string(),
            0 => "no Q".to_string(),
            q if q.leading_ones() > 0 && q.count_zeros() <= 4 => format!("all Q but {}", list(!q)),
            q => list(q),
        };
        // No P part at all (every `h(i) = 0`): said in words, not as an empty list.
        let p = match parts.is_empty() {
            true => "no P".to_string(),
            false => parts.join(","),
        };
        write!(f, "profile ({p}; {q})")
    }
}

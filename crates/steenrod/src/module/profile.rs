//! Modules over a sub-Hopf algebra `B ⊆ A` given by a profile (the file's `profile` key,
//! or a profile asked for on the command line): the module's `Sq(R)` table kept for the
//! `Sq(R)` in `B` only, indexed by `B`'s basis.
//!
//! The file's actions are read as today (the `Sq^(2^k)` listed, the Adem relations
//! checked), so the module is an `A`-module and its restriction to `B` is the `B`-module
//! resolved. Every listed factor must lie in `B`.

use serde_json::Value;

use super::json::{Factor, Spec};
use super::{FiniteModule, ModuleError};
use crate::{MilnorAlgebra, PPart, Profile, DEFAULT_TABLE_BUDGET};

/// The `profile` value of a p = 2 file: `{"truncated": bool, "p_part": [h(1), …]}`
/// (`truncated` false when absent); `None` when the key is absent. Errors name the file
/// and the field: not an object, another key (`q_part` exists only at odd primes), a
/// `p_part` that is not a list of integers, a profile that fails the Adams–Margolis
/// condition ([`Profile::new`]).
pub(super) fn parse_profile(file: &str, v: Option<&Value>) -> Result<Option<Profile>, ModuleError> {
    let Some(parts) = profile_parts(file, v, false)? else {
        return Ok(None);
    };
    Profile::new(parts.p_part, parts.truncated)
        .map(Some)
        .map_err(|e| ModuleError::field(file, "profile", e.to_string()))
}

/// A `profile` value's entries, syntax checked: what [`parse_profile`] and the odd-primary
/// reader build their profiles from.
pub(super) struct ProfileParts {
    pub truncated: bool,
    pub p_part: Vec<u32>,
    /// `q_part` as given (only read when `odd`).
    pub q_part: Option<u32>,
}

/// Reads `{"truncated": bool, "p_part": [...]}` and, when `odd`, `"q_part": bits` (an
/// integer `0 ..= 2^32 − 1`); `None` when the value is absent. Errors name the file and
/// the field: not an object, an unknown key (`q_part` at p = 2), a malformed entry.
pub(super) fn profile_parts(
    file: &str,
    v: Option<&Value>,
    odd: bool,
) -> Result<Option<ProfileParts>, ModuleError> {
    let Some(v) = v else { return Ok(None) };
    let err = |field: &str, reason: String| ModuleError::field(file, field, reason);
    let obj = v
        .as_object()
        .ok_or_else(|| err("profile", format!("expected an object, found {v}")))?;
    let known = |k: &str| matches!(k, "truncated" | "p_part") || (odd && k == "q_part");
    if let Some(key) = obj.keys().find(|k| !known(k)) {
        let why = match (key.as_str(), odd) {
            ("q_part", false) => "q_part (the exterior part) exists only at odd primes".to_string(),
            (_, false) => format!("unknown key {key:?} (expected truncated, p_part)"),
            (_, true) => format!("unknown key {key:?} (expected truncated, p_part, q_part)"),
        };
        return Err(err("profile", why));
    }
    let truncated = match obj.get("truncated") {
        None => false,
        Some(Value::Bool(b)) => *b,
        Some(other) => {
            return Err(err(
                "profile.truncated",
                format!("expected a boolean, found {other}"),
            ))
        }
    };
    let p_part = match obj.get("p_part") {
        None => Vec::new(),
        Some(Value::Array(a)) => a
            .iter()
            .map(|x| x.as_u64().and_then(|n| u32::try_from(n).ok()))
            .collect::<Option<Vec<u32>>>()
            .ok_or_else(|| {
                err(
                    "profile.p_part",
                    format!(
                        "expected a list of non-negative integers, found {}",
                        Value::Array(a.clone())
                    ),
                )
            })?,
        Some(other) => {
            return Err(err(
                "profile.p_part",
                format!("expected a list, found {other}"),
            ))
        }
    };
    let q_part = match obj.get("q_part") {
        None => None,
        Some(q) => Some(q.as_u64().and_then(|n| u32::try_from(n).ok()).ok_or_else(|| {
            err(
                "profile.q_part",
                format!(
                    "expected the bit set of the Q_k in the algebra, an integer 0 to 4294967295 (bit k for Q_k: 3 is Q_0, Q_1), found {q}"
                ),
            )
        })?),
    };
    Ok(Some(ProfileParts {
        truncated,
        p_part,
        q_part,
    }))
}

/// Every factor of every listed action lies in `B`: `Sq^i = Sq(i)` needs `i < 2^{h(1)}`.
pub(super) fn check_actions_in(
    file: &str,
    spec: &Spec,
    profile: &Profile,
) -> Result<(), ModuleError> {
    for a in &spec.actions {
        for f in &a.op {
            let r = match f {
                Factor::Sq(i) => PPart::try_from_slice(&[*i]),
                Factor::Milnor(r) => PPart::try_from_slice(r),
            };
            if !r.is_some_and(|r| profile.contains(&r)) {
                return Err(ModuleError::field(
                    file,
                    &a.field,
                    format!("{f} is not in the sub-Hopf algebra {profile} of the file's profile"),
                ));
            }
        }
    }
    Ok(())
}

impl FiniteModule {
    /// The module restricted to the sub-Hopf algebra `B` with this profile: the same
    /// basis, with `Sq(R)` acting for `R` in `B` only, indexed by `B`'s Milnor basis
    /// ([`MilnorAlgebra::with_profile`]). Panics if the module is already over a
    /// sub-algebra (restrict from `A` only).
    pub fn restricted_to(mut self, profile: &Profile) -> FiniteModule {
        assert!(
            self.profile().is_none(),
            "restricted_to: already over a sub-algebra"
        );
        let span = self.algebra.max_degree();
        let sub = MilnorAlgebra::with_profile(span, DEFAULT_TABLE_BUDGET, Some(profile));
        let alg = &self.algebra;
        keep_table_rows(&mut self.milnor, &self.names, |d| {
            alg.basis(d).iter().map(|r| profile.contains(r)).collect()
        });
        self.algebra = sub;
        self
    }
}

/// Keeps, in an action table `milnor[d][t − min][j · dim M_t + x]` (the `j`-th Milnor basis
/// element of degree `d` on the `x`-th basis element of `M_t`, `names[t − min]` the basis
/// of `M_t`), the rows of the `j` with `keep(d)[j]`: the table of the module restricted
/// to a sub-algebra whose basis is the kept elements, in order. Shared by both primes.
pub(super) fn keep_table_rows<V: Clone>(
    milnor: &mut [Vec<Vec<V>>],
    names: &[Vec<String>],
    keep: impl Fn(u32) -> Vec<bool>,
) {
    for (d, column) in milnor.iter_mut().enumerate() {
        let keep = keep(d as u32);
        for (k, block) in column.iter_mut().enumerate() {
            let dim_t = names.get(k).map_or(0, Vec::len);
            if block.is_empty() || dim_t == 0 {
                continue;
            }
            let old = std::mem::take(block);
            *block = old
                .chunks(dim_t)
                .zip(&keep)
                .filter(|(_, &k)| k)
                .flat_map(|(c, _)| c.iter().cloned())
                .collect();
        }
    }
}

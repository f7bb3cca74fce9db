//! Modules over a sub-Hopf algebra `B ⊆ A` given by a profile (the file's `profile` key,
//! or a profile asked for on the command line), at every prime: the module's table of
//! Milnor basis elements kept for those in `B` only, indexed by `B`'s basis.
//!
//! The file's actions are read as over `A` (the generators listed, the Adem relations
//! checked), so the module is an `A`-module and its restriction to `B` is the `B`-module
//! resolved. Every listed factor must lie in `B`.

use std::fmt;

use serde_json::Value;

use super::{FiniteModule, ModuleAlgebra, ModuleError};
use crate::Profile;

/// The `profile` value of a file, `{"truncated": bool, "p_part": [h(1), …]}` and, at an
/// odd prime (`odd`), `"q_part": bits` (an integer `0 ..= 2^32 − 1`, absent: every `Q_k`);
/// `truncated` false when absent; `None` when the key is absent. Errors name the file and
/// the field: not an object, another key (`q_part` exists only at odd primes), a `p_part`
/// that is not a list of integers, a profile that names no sub-Hopf algebra
/// ([`Profile::new`], [`Profile::with_q_part`], with the condition that fails).
pub(super) fn parse_profile(
    file: &str,
    v: Option<&Value>,
    odd: bool,
) -> Result<Option<Profile>, ModuleError> {
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
    let p_part = p_part(obj.get("p_part")).map_err(|why| err("profile.p_part", why))?;
    let profile = match obj.get("q_part") {
        None if !odd => Profile::new(p_part, truncated),
        None => Profile::with_q_part(p_part, truncated, Profile::ALL_Q),
        Some(q) => {
            let q_part = q.as_u64().and_then(|n| u32::try_from(n).ok()).ok_or_else(|| {
                err(
                    "profile.q_part",
                    format!(
                        "expected the bit set of the Q_k in the algebra, an integer 0 to 4294967295 (bit k for Q_k: 3 is Q_0, Q_1), found {q}"
                    ),
                )
            })?;
            Profile::with_q_part(p_part, truncated, q_part)
        }
    };
    profile
        .map(Some)
        .map_err(|e| ModuleError::field(file, "profile", e.to_string()))
}

/// The entries of a `p_part` value (empty when absent); else the reason.
fn p_part(v: Option<&Value>) -> Result<Vec<u32>, String> {
    match v {
        None => Ok(Vec::new()),
        Some(Value::Array(a)) => a
            .iter()
            .map(|x| x.as_u64().and_then(|n| u32::try_from(n).ok()))
            .collect::<Option<Vec<u32>>>()
            .ok_or_else(|| {
                format!(
                    "expected a list of non-negative integers, found {}",
                    Value::Array(a.clone())
                )
            }),
        Some(other) => Err(format!("expected a list, found {other}")),
    }
}

/// Every factor of every listed action (`(field, factors)`) lies in `B`: `in_sub(f)`.
/// Errors name the file and the action's field.
pub(super) fn check_factors_in<'a, F: fmt::Display + 'a>(
    file: &str,
    profile: &Profile,
    actions: impl IntoIterator<Item = (&'a str, &'a [F])>,
    in_sub: impl Fn(&F) -> bool,
) -> Result<(), ModuleError> {
    for (field, factors) in actions {
        if let Some(f) = factors.iter().find(|f| !in_sub(f)) {
            return Err(ModuleError::field(
                file,
                field,
                format!("{f} is not in the sub-Hopf algebra {profile} of the file's profile"),
            ));
        }
    }
    Ok(())
}

impl<A: ModuleAlgebra> FiniteModule<A> {
    /// The module restricted to the sub-Hopf algebra `B` with this profile: the same
    /// basis, with the Milnor basis elements of `B` only acting, indexed by `B`'s Milnor
    /// basis ([`ModuleAlgebra::restrict`]). Panics if the module is already over a
    /// sub-algebra (restrict from `A` only).
    pub fn restricted_to(mut self, profile: &Profile) -> FiniteModule<A> {
        assert!(
            self.profile().is_none(),
            "restricted_to: already over a sub-algebra"
        );
        let sub = self.algebra.restrict(profile);
        let alg = &self.algebra;
        keep_table_rows(&mut self.milnor, &self.names, |d| {
            alg.basis(d)
                .iter()
                .map(|x| alg.in_profile(profile, x))
                .collect()
        });
        self.algebra = sub;
        self
    }
}

/// Keeps, in an action table `milnor[d][t − min][j · dim M_t + x]` (the `j`-th Milnor basis
/// element of degree `d` on the `x`-th basis element of `M_t`, `names[t − min]` the basis
/// of `M_t`), the rows of the `j` with `keep(d)[j]`: the table of the module restricted
/// to a sub-algebra whose basis is the kept elements, in order.
fn keep_table_rows<V: Clone>(
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

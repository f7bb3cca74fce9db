//! Modules over a sub-Hopf algebra `B ⊆ A_p` (p odd) given by a profile: the file's
//! `profile` key, `{"truncated": …, "p_part": […], "q_part": bits}` (see
//! [`crate::OddProfile`]), or one asked for on the command line. As at p = 2 the file's
//! actions are read as today (the module is an `A_p`-module, its Adem relations checked)
//! and its restriction to `B` is the `B`-module resolved; every listed factor must lie in
//! `B`.

use serde_json::Value;

use super::super::FiniteModule;
use super::parse::OddActionSpec;
use crate::module::profile::{keep_table_rows, profile_parts};
use crate::module::ModuleError;
use crate::odd::{MilnorQP, OddMilnorAlgebra, OddProfile};
use crate::PPart;
use fp::Prime;

/// The `profile` value of an odd-primary file, `None` when absent. Errors name the file
/// and the field: the syntax ([`profile_parts`]), or a profile that names no sub-Hopf
/// algebra ([`OddProfile::new`], with the condition that fails).
pub(super) fn parse_profile(
    file: &str,
    v: Option<&Value>,
) -> Result<Option<OddProfile>, ModuleError> {
    let Some(parts) = profile_parts(file, v, true)? else {
        return Ok(None);
    };
    let q_part = parts.q_part.unwrap_or(OddProfile::ALL_Q);
    OddProfile::new(parts.p_part, parts.truncated, q_part)
        .map(Some)
        .map_err(|e| ModuleError::field(file, "profile", e.to_string()))
}

/// Every factor of every listed action lies in `B` (at the prime `p`).
pub(super) fn check_actions_in(
    file: &str,
    actions: &[OddActionSpec],
    profile: &OddProfile,
    p: u32,
) -> Result<(), ModuleError> {
    for a in actions {
        for f in &a.op {
            let e =
                f.e.iter()
                    .try_fold(0u32, |bits, &i| (i < 32).then(|| bits | 1 << i));
            let x = e
                .zip(PPart::try_from_slice(&f.r))
                .map(|(e, r)| MilnorQP { e, r });
            if !x.is_some_and(|x| profile.contains(p, &x)) {
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

impl FiniteModule<OddMilnorAlgebra> {
    /// The module restricted to the sub-Hopf algebra `B` with this profile: the same
    /// basis, with `Q(E)P(R)` acting for those in `B` only, indexed by `B`'s Milnor basis
    /// ([`OddMilnorAlgebra::with_profile`]). Panics if the module is already over a
    /// sub-algebra (restrict from `A_p` only).
    pub fn restricted_to(mut self, profile: &OddProfile) -> FiniteModule<OddMilnorAlgebra> {
        assert!(
            self.profile().is_none(),
            "restricted_to: already over a sub-algebra"
        );
        let p = self.prime().value();
        let span = self.algebra.max_degree();
        let sub = OddMilnorAlgebra::with_profile(p, span, Some(profile));
        let alg = &self.algebra;
        keep_table_rows(&mut self.milnor, &self.names, |d| {
            alg.basis(d)
                .iter()
                .map(|x| profile.contains(p, x))
                .collect()
        });
        self.algebra = sub;
        self
    }
}

//! The p = 2 part of a [`FiniteModule`]: the reader of `Sq^(2^k)` actions and the
//! Adem relations it checks ([`super::build`]), as [`ModuleAlgebra`] for the Milnor
//! basis `Sq(R)`.

use fp::{FpVector, P2};

use super::json::Factor;
use super::kinds::{build_derived, derived_power_action};
use super::presented::RelationNotation;
use super::Coproduct;
use super::{
    build, file_stem, json, DerivedAction, FiniteModule, LoadOptions, ModuleAlgebra, ModuleError,
};
use crate::{
    available_memory, table_budget_for, MilnorAlgebra, PPart, Profile, DEFAULT_TABLE_BUDGET,
};

impl ModuleAlgebra for MilnorAlgebra {
    fn read_module(
        file: &str,
        text: &str,
        options: &LoadOptions,
    ) -> Result<FiniteModule, ModuleError> {
        let spec = json::parse_spec(file, text, options)?;
        build::build(file, file_stem(file), &spec, options)
    }

    fn sphere(_: P2) -> FiniteModule {
        let spec = json::Spec {
            gens: vec![("x0".to_string(), 0)],
            actions: Vec::new(),
            shift: 0,
            profile: None,
        };
        build::build("S_2", "S_2".to_string(), &spec, &LoadOptions::default())
            .expect("the sphere is an A-module")
    }

    fn reads_prime(p: Option<i64>) -> bool {
        p == Some(2)
    }

    fn sub_profile(&self) -> Option<&Profile> {
        self.profile()
    }

    fn restrict(&self, profile: &Profile) -> MilnorAlgebra {
        MilnorAlgebra::with_profile(self.max_degree(), DEFAULT_TABLE_BUDGET, Some(profile))
    }

    fn in_profile(&self, profile: &Profile, r: &PPart) -> bool {
        profile.contains(r)
    }

    fn resolving(&self, max_degree: u32, table_budget: Option<usize>) -> MilnorAlgebra {
        let budget =
            table_budget.unwrap_or_else(|| table_budget_for(max_degree, available_memory()));
        MilnorAlgebra::with_profile(max_degree, budget, self.profile())
    }

    fn generators(&self, max_degree: u32) -> Vec<(u32, usize, String)> {
        let top = max_degree.min(self.max_degree());
        (0..u32::BITS)
            .map(|k| 1u32 << k)
            .take_while(|&d| d <= top)
            .filter_map(|d| {
                let op = PPart::from_slice(&[d]);
                self.contains(&op)
                    .then(|| (d, self.index_of(&op), format!("Sq{d}")))
            })
            .collect()
    }

    fn whole(_: P2, max_degree: u32) -> MilnorAlgebra {
        MilnorAlgebra::new(max_degree)
    }

    fn generator_coproduct(_: P2, n: u32) -> Coproduct<PPart> {
        (0..=n)
            .map(|i| {
                (
                    (i, PPart::from_slice(&[i])),
                    (n - i, PPart::from_slice(&[n - i])),
                )
            })
            .collect()
    }

    /// `χ(Sq^n) = Σ_{|R| = n} Sq(R)` (Milnor 1958, §7, Corollary 6).
    fn conjugate_generator(&self, n: u32) -> FpVector {
        let dim = self.dim(n);
        FpVector::from_ones(dim, &(0..dim).collect::<Vec<_>>())
    }

    fn build_derived(
        name: &str,
        _: P2,
        gens: Vec<(String, i32)>,
        actions: Vec<DerivedAction>,
        top_degree: Option<i32>,
    ) -> Result<FiniteModule, ModuleError> {
        let actions = actions.into_iter().map(derived_power_action).collect();
        build_derived(name, gens, actions, top_degree)
    }
}

impl RelationNotation for MilnorAlgebra {
    /// `Sq<i>` or a Milnor basis element `Sq(r1,r2,…)` (also `P(r1,…)`).
    fn factor(token: &str, _p: u32) -> Result<(u64, Option<PPart>), String> {
        let f = json::parse_factor(token)?;
        let r = match &f {
            Factor::Sq(i) => PPart::try_from_slice(&[*i]),
            Factor::Milnor(r) => PPart::try_from_slice(r),
        };
        Ok((f.degree(), r))
    }
}

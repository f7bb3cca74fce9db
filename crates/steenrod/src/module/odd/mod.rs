//! Finite dimensional modules over the mod p Steenrod algebra at an odd prime,
//! read from the field's JSON module format with `"p": 3` (5, 7, …) — see
//! `crates/steenrod/MODULE-FORMAT.md`, "Odd primes".

mod adem;
mod basis;
mod bcp;
mod build;
mod parse;

use fp::{FqVector, Prime, ValidPrime};
use serde_json::Value;

use super::keys::{check_keys_in, Notation};
use super::kinds::Kind;
use super::{
    json, presented, Coproduct, DerivedAction, FiniteModule, LoadOptions, ModuleAlgebra,
    ModuleError,
};
use crate::{odd::MilnorQP, MilnorAlgebra};
use crate::{PPart, Profile};

/// Every factor of every listed action lies in the sub-Hopf algebra of `profile` (at the
/// prime `p`). Errors name the file and the action.
fn check_actions_in(
    file: &str,
    actions: &[parse::OddActionSpec],
    profile: &Profile,
    p: u32,
) -> Result<(), ModuleError> {
    let in_sub = |f: &parse::OddFactor| {
        let e =
            f.e.iter()
                .try_fold(0u32, |bits, &i| (i < 32).then(|| bits | 1 << i));
        e.zip(PPart::try_from_slice(&f.r))
            .is_some_and(|(e, r)| profile.contains_qp(p, &MilnorQP { e, r }))
    };
    let listed = actions.iter().map(|a| (a.field.as_str(), a.op.as_slice()));
    super::profile::check_factors_in(file, profile, listed, in_sub)
}

/// The odd-primary part of a [`FiniteModule`]: the file gives the action of the algebra
/// generators `β = Q_0` (written `b` or `β`) and `P^{p^k}` (`P1`, `P3`, `P9`, … at
/// p = 3) on the basis; every other Milnor basis element `Q(E)P(R)` of degree `d` acts
/// through a decomposition `Q(E)P(R) = Σ_k c_k g_k·y_k` (`g_k` a generator, `y_k` a
/// Milnor basis element of degree `d − |g_k|`; found by row reduction over F_p with the
/// Milnor product, Milnor 1958, §6–7). Loading checks every Adem relation `P^a P^b`
/// (`a < pb`), `P^a β P^b` (`a ≤ pb`) and `β β = 0` (Steenrod–Epstein, Ch. VI) on every
/// basis element, and that every other listed action (a composite `P1 b`, a
/// non-generator `P2`, a Milnor element `Q_1`, `P(0,1)`) agrees with what the
/// generators determine. Coefficients lie in `0..p`; `p < 256`.
impl ModuleAlgebra for MilnorAlgebra<ValidPrime> {
    fn read_module(
        name: &str,
        text: &str,
        options: &LoadOptions,
    ) -> Result<FiniteModule<MilnorAlgebra<ValidPrime>>, ModuleError> {
        let obj = json::parse_object(name, text)?;
        let p = odd_prime(name, obj.get("p"))?;
        let (shift, kind) = check_keys_in(name, &obj, Notation::Odd)?;
        let (gens, actions) = match kind {
            Kind::ClassifyingSpace | Kind::ComplexProjective => {
                let complex = kind == Kind::ComplexProjective;
                bcp::bcp_spec(name, &obj, p.value(), shift, options, complex)?
            }
            Kind::FinitelyPresented => {
                let quotient = presented::presented_spec::<MilnorAlgebra<ValidPrime>>(
                    name, &obj, p, shift, options,
                )?;
                let actions = quotient.actions.into_iter();
                (
                    quotient.gens,
                    actions.map(|a| generator_action(p, a)).collect(),
                )
            }
            _ => {
                let gens = json::parse_gens(name, obj.get("gens"))?;
                let actions = json::parse_actions(name, obj.get("actions"), |f, i, s| {
                    parse::parse_action(f, i, s, p.value())
                })?;
                (gens, actions)
            }
        };
        let profile = super::profile::parse_profile(name, obj.get("profile"), true)?;
        if let Some(profile) = &profile {
            check_actions_in(name, &actions, profile, p.value())?;
        }
        let module = build::build(
            name,
            super::file_stem(name),
            p,
            &gens,
            &actions,
            shift,
            options,
        )?;
        Ok(match &profile {
            Some(profile) => module.restricted_to(profile),
            None => module,
        })
    }

    /// Panics if `p = 2` (the sphere at p = 2 is [`FiniteModule::sphere`]).
    fn sphere(p: ValidPrime) -> FiniteModule<MilnorAlgebra<ValidPrime>> {
        assert!(
            p.value() != 2,
            "the sphere over MilnorAlgebra<ValidPrime> is for odd primes"
        );
        build::build(
            "sphere",
            format!("S_{p}"),
            p,
            &[("x0".to_string(), 0)],
            &[],
            0,
            &LoadOptions::default(),
        )
        .expect("the sphere is an A_p-module")
    }

    fn reads_prime(p: Option<i64>) -> bool {
        p != Some(2)
    }

    fn sub_profile(&self) -> Option<&Profile> {
        self.profile()
    }

    fn restrict(&self, profile: &Profile) -> MilnorAlgebra<ValidPrime> {
        MilnorAlgebra::with_profile_at(self.prime(), self.max_degree(), Some(profile))
    }

    fn in_profile(&self, profile: &Profile, x: &MilnorQP) -> bool {
        profile.contains_qp(self.prime(), x)
    }

    fn resolving(
        &self,
        max_degree: u32,
        _table_budget: Option<usize>,
    ) -> MilnorAlgebra<ValidPrime> {
        MilnorAlgebra::with_profile_at(self.prime(), max_degree, self.profile())
    }

    fn generators(&self, max_degree: u32) -> Vec<(u32, usize, String)> {
        let p = self.prime();
        let top = max_degree.min(self.max_degree());
        let mut out = Vec::new();
        let beta = MilnorQP::beta();
        if top >= 1 {
            if let Some(i) = self.try_index_of(1, &beta) {
                out.push((1, i, "b".to_string()));
            }
        }
        let mut q = 1u64;
        while 2 * u64::from(p - 1) * q <= u64::from(top) {
            let d = (2 * u64::from(p - 1) * q) as u32;
            if let Some(i) = self.try_index_of(d, &MilnorQP::p_power(q as u32)) {
                out.push((d, i, format!("P{q}")));
            }
            q *= u64::from(p);
        }
        out
    }

    fn whole(p: ValidPrime, max_degree: u32) -> MilnorAlgebra<ValidPrime> {
        MilnorAlgebra::new_at(p.value(), max_degree)
    }

    fn generator_coproduct(p: ValidPrime, n: u32) -> Coproduct<MilnorQP> {
        let one = MilnorQP::p_power(0);
        if n == 1 {
            let beta = MilnorQP::beta();
            return vec![((1, beta), (0, one)), ((0, one), (1, beta))];
        }
        let q = n / (2 * (p.value() - 1));
        (0..=q)
            .map(|i| {
                let deg = |k: u32| 2 * (p.value() - 1) * k;
                (
                    (deg(i), MilnorQP::p_power(i)),
                    (deg(q - i), MilnorQP::p_power(q - i)),
                )
            })
            .collect()
    }

    /// `χ(β) = −β`; `χ(P^n) = −Σ_{i=1}^{n} P^i χ(P^{n−i})`, `χ(P^0) = 1` (the antipode
    /// identity `Σ a' χ(a'') = ε(a)` for `ψ(P^n) = Σ P^i ⊗ P^{n−i}`; Milnor 1958, §7).
    fn conjugate_generator(&self, degree: u32) -> FqVector<ValidPrime> {
        let field = self.field();
        let p = field.value();
        if degree == 1 {
            let mut v = FqVector::zero(field, self.dim(1));
            v.add_basis_element(self.index_of(1, &MilnorQP::beta()), p - 1);
            return v;
        }
        let step = 2 * (p - 1);
        let mut chi = vec![FqVector::from_entries(field, &[1])];
        for j in 1..=degree / step {
            let mut v = FqVector::zero(field, self.dim(j * step));
            for i in 1..=j {
                let a = MilnorQP::p_power(i);
                let below = (j - i) * step;
                for (k, c) in chi[(j - i) as usize].iter_nonzero() {
                    let b = self.basis(below)[k];
                    MilnorAlgebra::<ValidPrime>::multiply_basis(self, &a, &b, |idx, d| {
                        v.add_basis_element(idx, (p - c * d % p) % p)
                    });
                }
            }
            chi.push(v);
        }
        chi.pop().expect("χ(P^0) at least")
    }

    fn build_derived(
        name: &str,
        p: ValidPrime,
        gens: Vec<(String, i32)>,
        actions: Vec<DerivedAction>,
        top_degree: Option<i32>,
    ) -> Result<FiniteModule<MilnorAlgebra<ValidPrime>>, ModuleError> {
        let actions: Vec<_> = actions
            .into_iter()
            .map(|a| generator_action(p, a))
            .collect();
        let options = LoadOptions {
            shift: 0,
            top_degree,
        };
        build::build(name, name.to_string(), p, &gens, &actions, 0, &options)
    }
}

/// The action of a derived module's generator (`β` in degree 1, `P^(p^k)` in degree
/// `2(p − 1)p^k`) as a file would list it.
fn generator_action(p: ValidPrime, a: DerivedAction) -> parse::OddActionSpec {
    let op = if a.degree == 1 {
        parse::OddFactor {
            e: vec![0],
            r: Vec::new(),
        }
    } else {
        parse::OddFactor {
            e: Vec::new(),
            r: vec![a.degree / (2 * (p.value() - 1))],
        }
    };
    bcp::action(p.value(), op, &a.source, a.targets)
}

/// The file's `p` as an odd prime. Errors: missing, not an integer, not a
/// prime below 256 (fp's message), or 2.
fn odd_prime(file: &str, p: Option<&Value>) -> Result<ValidPrime, ModuleError> {
    let Some(v) = p else {
        return Err(ModuleError::field(
            file,
            "p",
            "missing (the prime: 2, 3, 5, 7, …)",
        ));
    };
    let Some(n) = v.as_i64() else {
        return Err(ModuleError::field(
            file,
            "p",
            format!("expected an integer prime, found {v}"),
        ));
    };
    let prime = match u32::try_from(n) {
        Ok(n) => ValidPrime::new(n).map_err(|e| e.to_string()),
        Err(_) if n < 0 => Err(format!("p = {n} is not a prime")),
        Err(_) => Err(format!("p = {n} is too large (p < 256)")),
    }
    .map_err(|reason| ModuleError::field(file, "p", reason))?;
    if prime.value() == 2 {
        return Err(ModuleError::NotOddPrime {
            file: file.to_string(),
        });
    }
    Ok(prime)
}

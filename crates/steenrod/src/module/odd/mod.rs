//! Finite dimensional modules over the mod p Steenrod algebra at an odd prime,
//! read from the field's JSON module format with `"p": 3` (5, 7, …) — see
//! `crates/steenrod/MODULE-FORMAT.md`, "Odd primes".

mod adem;
mod basis;
mod bcp;
mod build;
mod parse;
mod profile;

use std::fmt;
use std::path::Path;

use fp::{FqVector, Prime, ValidPrime};
use serde_json::Value;

use super::keys::{check_keys_in, Notation};
use super::kinds::Kind;
use super::{file, json, LoadOptions, ModuleError};
use crate::odd::OddMilnorAlgebra;

/// A finite dimensional module over the mod p Steenrod algebra `A_p`, `p` an
/// odd prime (`p < 256`).
///
/// **Semantics** (the field's convention, as at p = 2). The file gives the
/// action of the algebra generators `β = Q_0` (written `b` or `β`) and
/// `P^{p^k}` (`P1`, `P3`, `P9`, … at p = 3) on the basis; unlisted ones act as
/// zero. Every other Milnor basis element `Q(E)P(R)` of degree `d` acts through
/// a decomposition `Q(E)P(R) = Σ_k c_k g_k·y_k` (`g_k` a generator, `y_k` a
/// Milnor basis element of degree `d − |g_k|`; found by row reduction over F_p
/// with the Milnor product, Milnor 1958, §6–7). Loading checks every Adem
/// relation `P^a P^b` (`a < pb`), `P^a β P^b` (`a ≤ pb`) and `β β = 0`
/// (Steenrod–Epstein, Ch. VI) on every basis element — a presentation of `A_p`
/// on `β` and the `P^i` — and that every other listed action (a composite
/// `P1 b`, a non-generator `P2`, a Milnor element `Q_1`, `P(0,1)`) agrees with
/// what the generators determine.
///
/// **Degrees** are `i32` and may be negative; `dim(t) = 0` outside
/// `min_degree..=max_degree`. Coefficients lie in `0..p`.
#[derive(Clone)]
pub struct OddModule {
    name: String,
    prime: ValidPrime,
    min_degree: i32,
    max_degree: i32,
    /// `names[t − min_degree]`: the basis of `M_t`, in the file's order.
    names: Vec<Vec<String>>,
    /// `A_p` through degree `max_degree − min_degree`.
    algebra: OddMilnorAlgebra,
    /// `milnor[d][t − min_degree][j · dim M_t + x] = Q(E_j)P(R_j)·x ∈ M_{t+d}`
    /// (`algebra.basis(d)[j]`, `x` the x-th basis element of `M_t`); empty when
    /// `t + d > max_degree`.
    milnor: Vec<Vec<Vec<FqVector<ValidPrime>>>>,
    dropped: usize,
}

impl OddModule {
    /// The sphere at `p`: `F_p` in degree 0 (basis element `x0`), named `S_<p>`.
    /// Panics if `p = 2` (the sphere at p = 2 is [`super::FiniteModule::sphere`]).
    pub fn sphere(p: ValidPrime) -> OddModule {
        assert!(p.value() != 2, "OddModule::sphere is for odd primes");
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

    /// Read a module from the text of a JSON module file at an odd prime. `name`
    /// is the file name, used in errors; the module's [`name`](Self::name) is
    /// `name` without its directory and `.json` extension.
    ///
    /// Errors ([`ModuleError`], one line naming `name`, the field and the
    /// reason): invalid JSON, a duplicate key; `p` missing, not an integer, not
    /// a prime, 256 or more, or 2 ([`ModuleError::NotOddPrime`]: load it with
    /// [`super::FiniteModule`] or [`super::AnyModule`]); a malformed `profile`,
    /// one naming no sub-Hopf algebra ([`crate::OddProfile::new`]), a listed factor
    /// outside it; a `type` other than `"finite dimensional module"`, `cofiber`, `generic: false`, an
    /// unknown key; malformed `gens` or `actions` (syntax, unknown operation,
    /// bad coefficient, unknown generator, wrong degree, a repeated action); a
    /// failing Adem relation ([`ModuleError::NotAModule`]); a listed action
    /// that disagrees with the generators. The shift and the cells dropped
    /// above a degree are as at p = 2 (see [`LoadOptions`]).
    pub fn from_json_str_with(
        name: &str,
        text: &str,
        options: &LoadOptions,
    ) -> Result<OddModule, ModuleError> {
        let obj = json::parse_object(name, text)?;
        let p = odd_prime(name, obj.get("p"))?;
        let (shift, kind) = check_keys_in(name, &obj, Notation::Odd)?;
        let (gens, actions) = if kind == Kind::ClassifyingSpace {
            bcp::bcp_spec(name, &obj, p.value(), shift, options)?
        } else {
            let gens = json::parse_gens(name, obj.get("gens"))?;
            let actions = json::parse_actions(name, obj.get("actions"), |f, i, s| {
                parse::parse_action(f, i, s, p.value())
            })?;
            (gens, actions)
        };
        let profile = profile::parse_profile(name, obj.get("profile"))?;
        if let Some(profile) = &profile {
            profile::check_actions_in(name, &actions, profile, p.value())?;
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

    /// [`from_json_str_with`](Self::from_json_str_with) with no shift and every cell.
    pub fn from_json_str(name: &str, text: &str) -> Result<OddModule, ModuleError> {
        Self::from_json_str_with(name, text, &LoadOptions::default())
    }

    /// Read a module file (the bounded reader of [`super::FiniteModule::load`]:
    /// regular files only, at most [`super::MAX_FILE_BYTES`], UTF-8); errors
    /// name the path as given.
    pub fn load_with(path: &Path, options: &LoadOptions) -> Result<OddModule, ModuleError> {
        let text = file::read_text(path)?;
        Self::from_json_str_with(&path.display().to_string(), &text, options)
    }

    /// One of the project's bundled modules at an odd prime (`S_3`, `S_5`,
    /// `C3`, `Calpha`), or `None` (also for the bundled modules at p = 2).
    pub fn from_bundled(name: &str) -> Option<OddModule> {
        let text = super::bundled(name)?;
        if super::declared_prime(text) == Some(2) {
            return None;
        }
        // Every bundled file is tested to load (tests/odd_modules.rs).
        Some(
            Self::from_json_str(&format!("{name}.json"), text)
                .expect("bundled module files are valid"),
        )
    }

    /// The module's name: `S_3` for the sphere at 3, or the file name without `.json`.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The same module under another name (e.g. `C3[-5]` for a shifted one).
    pub fn with_name(mut self, name: impl Into<String>) -> OddModule {
        self.name = name.into();
        self
    }

    pub fn prime(&self) -> ValidPrime {
        self.prime
    }

    /// The lowest degree of a generator.
    pub fn min_degree(&self) -> i32 {
        self.min_degree
    }

    /// The highest degree of a generator.
    pub fn max_degree(&self) -> i32 {
        self.max_degree
    }

    /// `dim M_t`; 0 outside `min_degree..=max_degree`.
    pub fn dim(&self, t: i32) -> usize {
        self.names_of(t).map_or(0, <[String]>::len)
    }

    /// The name of the `i`-th basis element of `M_t` (file order within a
    /// degree). Panics if `i ≥ dim(t)`.
    pub fn basis_name(&self, t: i32, i: usize) -> &str {
        let names = self.names_of(t).unwrap_or(&[]);
        assert!(
            i < names.len(),
            "{}: basis element {i} of degree {t} out of range (dim {})",
            self.name,
            names.len()
        );
        &names[i]
    }

    /// `(degree, index)` of the basis element called `name`, if any.
    pub fn basis_element(&self, name: &str) -> Option<(i32, usize)> {
        self.names.iter().enumerate().find_map(|(k, names)| {
            let i = names.iter().position(|n| n == name)?;
            Some((self.min_degree + k as i32, i))
        })
    }

    /// How many generators of the file were dropped because they lie above
    /// [`LoadOptions::top_degree`] (0 when none was given).
    pub fn dropped(&self) -> usize {
        self.dropped
    }

    /// `A_p` through degree `max_degree − min_degree`, whose basis order
    /// `op_idx` refers to.
    pub fn algebra(&self) -> &OddMilnorAlgebra {
        &self.algebra
    }

    /// `out[offset + y] += c · (coefficient of y in op·x)`, where `op` is
    /// `algebra().basis(op_deg)[op_idx]` and `x` the `x`-th basis element of
    /// `M_t`; `y` runs over the basis of `M_{t + op_deg}`. A table look-up (the
    /// action is precomputed). When `t` or `t + op_deg` lies outside the module
    /// the action is zero and `out` is untouched.
    ///
    /// Panics if `op_idx ≥ dim A_{op_deg}`, `x ≥ dim(t)` (degrees inside the
    /// module), or `out` is shorter than `offset + dim(t + op_deg)`.
    #[allow(clippy::too_many_arguments)]
    pub fn act_on_basis(
        &self,
        op_deg: u32,
        op_idx: usize,
        t: i32,
        x: usize,
        c: u32,
        out: &mut FqVector<ValidPrime>,
        offset: usize,
    ) {
        let t = i64::from(t);
        let top = t + i64::from(op_deg);
        let (min, max) = (i64::from(self.min_degree), i64::from(self.max_degree));
        if t < min || top > max {
            return;
        }
        let dim_t = self.names[(t - min) as usize].len();
        assert!(
            x < dim_t,
            "{}: basis element {x} of degree {t} out of range (dim {dim_t})",
            self.name
        );
        let n = self.algebra.dim(op_deg);
        assert!(
            op_idx < n,
            "act_on_basis: Milnor basis element {op_idx} of degree {op_deg} out of range (dim {n})"
        );
        let v = &self.milnor[op_deg as usize][(t - min) as usize][op_idx * dim_t + x];
        assert!(
            offset + v.len() <= out.len(),
            "act_on_basis: `out` must hold M_{top} from offset {offset}"
        );
        out.add_at(v, c, offset);
    }

    /// `2 x4 + x5` for a vector of `M_t`; `0` for zero. Panics if `v` is not
    /// of length `dim(t)`.
    pub fn element_to_string(&self, t: i32, v: &FqVector<ValidPrime>) -> String {
        assert_eq!(
            v.len(),
            self.dim(t),
            "element_to_string: not a vector of M_{t}"
        );
        basis::format_element(v, |j| self.basis_name(t, j))
    }

    fn names_of(&self, t: i32) -> Option<&[String]> {
        let k = i64::from(t) - i64::from(self.min_degree);
        usize::try_from(k)
            .ok()
            .and_then(|k| self.names.get(k))
            .map(Vec::as_slice)
    }
}

impl fmt::Debug for OddModule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let basis: Vec<(i32, &[String])> = (self.min_degree..=self.max_degree)
            .zip(&self.names)
            .filter(|(_, n)| !n.is_empty())
            .map(|(t, n)| (t, n.as_slice()))
            .collect();
        f.debug_struct("OddModule")
            .field("name", &self.name)
            .field("p", &self.prime.value())
            .field("basis", &basis)
            .finish_non_exhaustive()
    }
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

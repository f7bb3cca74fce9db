//! Finite dimensional modules over the mod 2 Steenrod algebra `A`, read from
//! the field's JSON module format (see `crates/steenrod/MODULE-FORMAT.md`).
//!
//! A [`FiniteModule`] is an F_2 vector space `M = ⊕_t M_t` with a basis named
//! by the file's generators, and the action of every Milnor basis element
//! `Sq(R)` of degree `≤ max_degree − min_degree` precomputed as a table of
//! vectors (the module is small). At an odd prime, [`OddModule`] is the same
//! over the mod p Steenrod algebra; [`AnyModule`] reads a file of either kind
//! by its `p`. [`bundled`] gives the project's own module files (`S_2`, `C2`,
//! `Ceta`, `Cnu`, `Csigma`, `Joker`; `S_3`, `S_5`, `C3`, `Calpha` at odd primes).

mod any;
mod build;
mod dual;
mod duplicates;
mod error;
mod file;
mod json;
mod keys;
mod kinds;
mod map;
mod odd;
mod presented;
mod profile;
mod shape;
mod smash;

use std::fmt;
use std::path::Path;

use fp::FpVector;

use crate::MilnorAlgebra;

pub use any::AnyModule;
pub use error::ModuleError;
pub use file::MAX_FILE_BYTES;
pub use map::ModuleMap;
pub use odd::OddModule;

/// The largest `max_degree − min_degree` accepted. Every Milnor basis element
/// of degree up to the span is tabulated on every basis element, and each
/// degree `d` inverts a `dim A_d` square matrix (`dim A_128` is a few hundred),
/// so the tables stay small.
pub const MAX_SPAN: u32 = 128;

/// The largest `|degree|` of a generator.
pub(crate) const MAX_ABS_DEGREE: u32 = 1 << 20;

/// How a module file is turned into a module, beyond what the file says.
///
/// `shift` moves every degree by `k` (the field's `NAME[k]` syntax: the
/// `k`-fold suspension; added to the file's own `shift` key). `top_degree`
/// drops every generator of degree above it (after the shift): the module
/// loaded is then the quotient `M/M_{>top}` by the submodule of the cells
/// above, whose `Ext^{s,t}` equals that of `M` for every `t ≤ top` — the cells
/// above cannot reach those bidegrees of a minimal resolution (all of its maps
/// preserve the internal degree `t`). A resolver through stem `N` and
/// filtration `S` passes `top_degree = N + S`. The span limit
/// ([`MAX_SPAN`]), the Adem relations and the listed actions are checked on the
/// module kept; the names, degrees and syntax of every action, on the whole file.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct LoadOptions {
    /// Added to every degree.
    pub shift: i32,
    /// The highest degree kept (after the shift); `None` keeps every cell.
    pub top_degree: Option<i32>,
}

/// A finite dimensional module over the mod 2 Steenrod algebra `A`.
///
/// **Semantics** (the field's convention). The file gives the action of the
/// algebra generators `Sq^(2^k)` on the basis (unlisted ones act as zero).
/// `Sq^i` for `i` not a power of two is determined by them through the Adem
/// relation with `a = i − 2^k`, `b = 2^k` (`2^k` the largest power of two
/// below `i`): `Sq^i = Sq^a Sq^b + Σ_{c≥1} binom(b−c−1, a−2c) Sq^{i−c} Sq^c`.
/// Loading checks that every Adem relation
/// `Sq^a Sq^b = Σ_c binom(b−c−1, a−2c) Sq^{a+b−c} Sq^c` (`0 < a < 2b`) holds on
/// every basis element — a complete presentation of `A` on the `Sq^i` — and
/// that every other listed action (a non-power-of-two `Sq^i`, a composite
/// `Sq2 Sq1`, a Milnor element `Sq(0,1)`) agrees with what the `Sq^(2^k)`
/// determine. The Milnor basis then acts through
/// `Sq(R) = Σ_k c_k Sq(i_k)·Sq(R'_k)` (products with `i_k ≥ 1` span `A_d`).
///
/// **Degrees** are `i32` and may be negative; `dim(t) = 0` outside
/// `min_degree..=max_degree`.
#[derive(Clone)]
pub struct FiniteModule {
    name: String,
    min_degree: i32,
    max_degree: i32,
    /// `names[t − min_degree]`: the basis of `M_t`, in the file's order.
    names: Vec<Vec<String>>,
    /// `A` through degree `max_degree − min_degree`.
    algebra: MilnorAlgebra,
    /// `milnor[d][t − min_degree][j · dim M_t + x] = Sq(R_j)·x ∈ M_{t+d}`
    /// (`R_j` = `algebra.basis(d)[j]`, `x` the x-th basis element of `M_t`);
    /// `milnor[d][t − min_degree]` is empty when `t + d > max_degree`.
    milnor: Vec<Vec<Vec<FpVector>>>,
    /// How many generators of the file lie above [`LoadOptions::top_degree`]
    /// and were dropped.
    dropped: usize,
    /// The actions whose right side names a generator an even number of times, which
    /// cancels mod 2 ([`cancelled_terms`](Self::cancelled_terms)).
    cancelled: Vec<String>,
}

impl FiniteModule {
    /// The sphere: `F_2` in degree 0 (basis element `x0`), named `S_2`.
    pub fn sphere() -> FiniteModule {
        let spec = json::Spec {
            gens: vec![("x0".to_string(), 0)],
            actions: Vec::new(),
            shift: 0,
            profile: None,
        };
        build::build("S_2", "S_2".to_string(), &spec, &LoadOptions::default())
            .expect("the sphere is an A-module")
    }

    /// Read a module from the text of a JSON module file. `name` is the file
    /// name, used in errors; the module's [`name`](Self::name) is `name`
    /// without its directory and `.json` extension.
    ///
    /// Errors ([`ModuleError`], one line naming `name`, the field and the
    /// reason): invalid JSON (serde's line and column), a duplicate key, `p`
    /// other than 2, a malformed `profile` or one that is no sub-Hopf algebra, an action
    /// with a factor outside the profile's algebra, a `type` other than
    /// `"finite dimensional module"`, a key that defines structure not built
    /// here (`cofiber`, `generic: true`), an unknown top-level key, malformed
    /// `gens` (non-integer degree, bad name, none at all, span over
    /// [`MAX_SPAN`]) or `actions` (syntax, unknown generator, a generator of
    /// the wrong degree, a duplicate action), a failing Adem relation, and a
    /// listed action that disagrees with the `Sq^(2^k)` actions.
    pub fn from_json_str(name: &str, text: &str) -> Result<FiniteModule, ModuleError> {
        Self::from_json_str_with(name, text, &LoadOptions::default())
    }

    /// [`from_json_str`](Self::from_json_str), shifted and with the cells
    /// above a degree dropped as `options` say (see [`LoadOptions`]). Further
    /// errors: a shifted degree beyond `2^20` in absolute value; every
    /// generator above `options.top_degree`.
    pub fn from_json_str_with(
        name: &str,
        text: &str,
        options: &LoadOptions,
    ) -> Result<FiniteModule, ModuleError> {
        let spec = json::parse_spec(name, text, options)?;
        build::build(name, file_stem(name), &spec, options)
    }

    /// Read a module file; errors name the path as given. Besides the errors
    /// of [`from_json_str`](Self::from_json_str): [`ModuleError::Io`] when the
    /// file cannot be read or is not UTF-8, [`ModuleError::NotAFile`] for a
    /// FIFO, a device or a socket (refused before it is opened),
    /// [`ModuleError::TooLarge`] above [`MAX_FILE_BYTES`].
    pub fn load(path: &Path) -> Result<FiniteModule, ModuleError> {
        Self::load_with(path, &LoadOptions::default())
    }

    /// [`load`](Self::load) with [`LoadOptions`] (see
    /// [`from_json_str_with`](Self::from_json_str_with)).
    pub fn load_with(path: &Path, options: &LoadOptions) -> Result<FiniteModule, ModuleError> {
        let text = file::read_text(path)?;
        Self::from_json_str_with(&path.display().to_string(), &text, options)
    }

    /// [`load_with`](Self::load_with) over the sub-Hopf algebra `B` with this `profile`
    /// when the file names none: read and checked as a `B`-module only, as if the file had
    /// `"profile"` (`adams resolve FILE --algebra A(1)` of a file whose actions make an
    /// `A(1)`-module that is not an `A`-module, such as `A(1)//A(0)`). A file with its own
    /// profile is read over it. Errors: as [`load_with`](Self::load_with) for such a file.
    pub fn load_over(
        path: &Path,
        options: &LoadOptions,
        profile: &crate::Profile,
    ) -> Result<FiniteModule, ModuleError> {
        let text = file::read_text(path)?;
        let name = path.display().to_string();
        if declared_prime(&text) != Some(2) {
            // Not a p = 2 file: its own errors.
            return Self::from_json_str_with(&name, &text, options);
        }
        let mut spec = json::parse_spec(&name, &text, options)?;
        spec.profile.get_or_insert_with(|| profile.clone());
        build::build(&name, file_stem(&name), &spec, options)
    }

    /// One of the project's bundled modules at p = 2 (see [`bundled_names`]), or
    /// `None` (also for the bundled modules at odd primes: [`OddModule::from_bundled`]).
    pub fn from_bundled(name: &str) -> Option<FiniteModule> {
        let text = bundled(name)?;
        if declared_prime(text) != Some(2) {
            return None;
        }
        // Every bundled file is tested to load (tests/module_actions.rs).
        Some(
            Self::from_json_str(&format!("{name}.json"), text)
                .expect("bundled module files are valid"),
        )
    }

    /// The module's name: `S_2` for the sphere, the file name without `.json`,
    /// or what [`with_name`](Self::with_name) set.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The same module under another name (e.g. `C2[-5]` for a shifted one).
    pub fn with_name(mut self, name: impl Into<String>) -> FiniteModule {
        self.name = name.into();
        self
    }

    /// How many generators of the file were dropped because they lie above
    /// [`LoadOptions::top_degree`] (0 when none was given).
    pub fn dropped_generators(&self) -> usize {
        self.dropped
    }

    /// The actions of the file whose right side names a generator an even number of
    /// times (`"Sq1 x0 = x1 + x1"`): those terms cancel mod 2, so the sum is read
    /// without them (here as 0). One line each, in the file's order, e.g.
    /// `actions[3] "Sq1 x0 = x1 + x1": x1 written 2 times cancels mod 2 (read as 0)`;
    /// empty for a module not read from a file. Callers show them as notes: such a file
    /// is valid, but it rarely says what its author meant.
    pub fn cancelled_terms(&self) -> &[String] {
        &self.cancelled
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
        self.names_of(i64::from(t)).map_or(0, <[String]>::len)
    }

    /// `dim M`, the number of generators.
    pub fn total_dim(&self) -> usize {
        self.names.iter().map(Vec::len).sum()
    }

    /// The name of the `i`-th basis element of `M_t` (file order within a
    /// degree). Panics if `i ≥ dim(t)`.
    pub fn basis_name(&self, t: i32, i: usize) -> &str {
        let names = self.names_of(i64::from(t)).unwrap_or(&[]);
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

    /// The Milnor algebra through degree `max_degree − min_degree` whose basis
    /// order `op_idx` refers to.
    pub fn algebra(&self) -> &MilnorAlgebra {
        &self.algebra
    }

    /// XOR `Sq(R)·x` into `out`, where `Sq(R)` is `algebra().basis(op_deg)[op_idx]`
    /// (the order of [`MilnorAlgebra::basis`]; any `MilnorAlgebra` has the same
    /// order) and `x` the `mod_idx`-th basis element of `M_{mod_deg}`. `out` is a
    /// vector of `M_{mod_deg + op_deg}` (length `dim(mod_deg + op_deg)`).
    /// When `mod_deg` or `mod_deg + op_deg` lies outside the module, the action
    /// is zero and `out` is untouched.
    ///
    /// Panics if `op_idx ≥ dim A_{op_deg}` or `mod_idx ≥ dim(mod_deg)` (for
    /// degrees inside the module), or if `out` has the wrong length.
    pub fn act_on_basis(
        &self,
        op_deg: u32,
        op_idx: usize,
        mod_deg: i32,
        mod_idx: usize,
        out: &mut FpVector,
    ) {
        let t = i64::from(mod_deg);
        let top = t + i64::from(op_deg);
        let (min, max) = (i64::from(self.min_degree), i64::from(self.max_degree));
        if t < min || top > max {
            return;
        }
        let dim_t = self.names[(t - min) as usize].len();
        assert!(
            mod_idx < dim_t,
            "{}: basis element {mod_idx} of degree {mod_deg} out of range (dim {dim_t})",
            self.name
        );
        let n = self.algebra.dim(op_deg);
        assert!(
            op_idx < n,
            "act_on_basis: Milnor basis element {op_idx} of degree {op_deg} out of range (dim {n})"
        );
        let v = &self.milnor[op_deg as usize][(t - min) as usize][op_idx * dim_t + mod_idx];
        assert_eq!(
            out.len(),
            v.len(),
            "act_on_basis: `out` must be a vector of M_{top}"
        );
        out.add(v);
    }

    /// XOR `a·v` into `out` for `a ∈ A_{op_deg}` (a vector over the Milnor basis)
    /// and `v ∈ M_{mod_deg}`; `out ∈ M_{mod_deg + op_deg}`. Zero outside the
    /// module, as for [`act_on_basis`](Self::act_on_basis). Panics on vectors
    /// of the wrong length.
    pub fn act(&self, op_deg: u32, a: &FpVector, mod_deg: i32, v: &FpVector, out: &mut FpVector) {
        assert_eq!(
            v.len(),
            self.dim(mod_deg),
            "act: `v` must be a vector of M_{mod_deg}"
        );
        if i64::from(mod_deg) + i64::from(op_deg) > i64::from(self.max_degree) {
            return;
        }
        assert_eq!(
            a.len(),
            self.algebra.dim(op_deg),
            "act: `a` must be a vector of A_{op_deg}"
        );
        for j in a.iter_ones() {
            for x in v.iter_ones() {
                self.act_on_basis(op_deg, j, mod_deg, x, out);
            }
        }
    }

    /// `x2 + x3` for a vector of `M_t`; `0` for zero. Panics if `v` is not of
    /// length `dim(t)`.
    pub fn element_to_string(&self, t: i32, v: &FpVector) -> String {
        assert_eq!(
            v.len(),
            self.dim(t),
            "element_to_string: not a vector of M_{t}"
        );
        let names: Vec<&str> = v.iter_ones().map(|j| self.basis_name(t, j)).collect();
        if names.is_empty() {
            "0".to_string()
        } else {
            names.join(" + ")
        }
    }

    fn names_of(&self, t: i64) -> Option<&[String]> {
        let k = t.checked_sub(i64::from(self.min_degree))?;
        usize::try_from(k)
            .ok()
            .and_then(|k| self.names.get(k))
            .map(Vec::as_slice)
    }
}

impl fmt::Debug for FiniteModule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let basis: Vec<(i32, &[String])> = (self.min_degree..=self.max_degree)
            .zip(&self.names)
            .filter(|(_, n)| !n.is_empty())
            .map(|(t, n)| (t, n.as_slice()))
            .collect();
        f.debug_struct("FiniteModule")
            .field("name", &self.name)
            .field("basis", &basis)
            .finish_non_exhaustive()
    }
}

/// Names of the bundled modules, in the order of [`BUNDLED_TEXTS`]: p = 2, then
/// odd primes.
const BUNDLED_NAMES: [&str; 12] = [
    "S_2", "C2", "Ceta", "Cnu", "Csigma", "Joker", "ko", "tmf2", "S_3", "S_5", "C3", "Calpha",
];

/// The project's bundled module files (`modules/NAME.json` in the
/// repository, compiled in).
const BUNDLED_TEXTS: [&str; 12] = [
    include_str!("../../../modules/S_2.json"),
    include_str!("../../../modules/C2.json"),
    include_str!("../../../modules/Ceta.json"),
    include_str!("../../../modules/Cnu.json"),
    include_str!("../../../modules/Csigma.json"),
    include_str!("../../../modules/Joker.json"),
    include_str!("../../../modules/ko.json"),
    include_str!("../../../modules/tmf2.json"),
    include_str!("../../../modules/S_3.json"),
    include_str!("../../../modules/S_5.json"),
    include_str!("../../../modules/C3.json"),
    include_str!("../../../modules/Calpha.json"),
];

/// The JSON text of the bundled module `name` (one of [`bundled_names`]), or
/// `None`. Load it with [`AnyModule::from_json_str`] (or use
/// [`AnyModule::from_bundled`]; [`FiniteModule::from_bundled`] and
/// [`OddModule::from_bundled`] for one kind).
pub fn bundled(name: &str) -> Option<&'static str> {
    BUNDLED_NAMES
        .iter()
        .position(|n| *n == name)
        .map(|k| BUNDLED_TEXTS[k])
}

/// The names of the bundled modules: `S_2`, `C2`, `Ceta`, `Cnu`, `Csigma`,
/// `Joker`, `ko` and `tmf2` (the sphere over `A(1)` and `A(2)`) (p = 2), then `S_3`, `S_5`, `C3`, `Calpha` (odd primes).
pub fn bundled_names() -> &'static [&'static str] {
    &BUNDLED_NAMES
}

/// `name` without its directory and `.json` extension: a module's name.
fn file_stem(name: &str) -> String {
    Path::new(name)
        .file_name()
        .and_then(|f| f.to_str())
        .map(|f| f.strip_suffix(".json").unwrap_or(f))
        .unwrap_or(name)
        .to_string()
}

/// The integer `p` of a module file's text, if it is a JSON object with one
/// (without checking anything else): how [`AnyModule`] picks a reader.
pub(crate) fn declared_prime(text: &str) -> Option<i64> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let value: serde_json::Value = serde_json::from_str(text).ok()?;
    value.get("p")?.as_i64()
}

//! Finite dimensional modules over the Steenrod algebra at every prime, read from
//! the field's JSON module format (see `crates/steenrod/MODULE-FORMAT.md`).
//!
//! A [`FiniteModule`] is an F_p vector space `M = ⊕_t M_t` with a basis named
//! by the file's generators, and the action of every Milnor basis element
//! (`Sq(R)` at p = 2, `Q(E)P(R)` at odd p) of degree `≤ max_degree − min_degree`
//! precomputed as a table of vectors (the module is small). It is generic over the
//! algebra ([`ModuleAlgebra`]: [`MilnorAlgebra`] by default, `MilnorAlgebra<ValidPrime>`);
//! [`AnyModule`] reads a file of either prime by its `p`. [`bundled`] gives the project's own module files (`S_2`, `C2`,
//! `Ceta`, `Cnu`, `Csigma`, `Joker`; `S_3`, `S_5`, `C3`, `Calpha` at odd primes).

mod any;
mod build;
mod derived;
mod dual;
mod duplicates;
mod error;
mod file;
mod file_algebra;
mod json;
mod keys;
mod kinds;
mod map;
mod presented;
mod profile;
mod reduced_powers;
mod shape;
mod smash;
mod two;

use std::fmt;
use std::path::Path;

use fp::{Field, FpVector, Vector, P2};

use crate::{Algebra, MilnorAlgebra, Profile};

pub use any::AnyModule;
pub use derived::DerivedAction;
pub use error::ModuleError;
pub use file::MAX_FILE_BYTES;
pub use map::ModuleMap;

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

/// A finite dimensional module over the Steenrod algebra `A` at one prime: the Milnor
/// basis `Sq(R)` at p = 2 ([`MilnorAlgebra`], the default), `Q(E)P(R)` at an odd prime
/// (`MilnorAlgebra<ValidPrime>`), or a sub-Hopf algebra of either by its profile.
///
/// **Semantics** (the field's convention). The file gives the action of the algebra
/// generators (`Sq^(2^k)` at p = 2; `β` and `P^(p^k)` at odd p); unlisted ones act as
/// zero. Every Milnor basis element acts through a decomposition into products with a
/// generator on the left. At p = 2, `Sq^i` for `i` not a power of two is determined by
/// the `Sq^(2^k)` through the Adem relation with `a = i − 2^k`, `b = 2^k` (`2^k` the
/// largest power of two below `i`):
/// `Sq^i = Sq^a Sq^b + Σ_{c≥1} binom(b−c−1, a−2c) Sq^{i−c} Sq^c`, and loading checks
/// every Adem relation `Sq^a Sq^b = Σ_c binom(b−c−1, a−2c) Sq^{a+b−c} Sq^c`
/// (`0 < a < 2b`) on every basis element; the Milnor basis then acts through
/// `Sq(R) = Σ_k c_k Sq(i_k)·Sq(R'_k)`. At odd p, `Q(E)P(R) = Σ_k c_k g_k·y_k` (`g_k` a
/// generator, found by row reduction over F_p with the Milnor product, Milnor 1958,
/// §§6–7), and loading checks every Adem relation `P^a P^b` (`a < pb`), `P^a β P^b`
/// (`a ≤ pb`) and `β β = 0` (Steenrod–Epstein, Ch. VI). At every prime, every other
/// listed action (a composite, a non-generator, a Milnor element) must agree with what
/// the generators determine.
///
/// **Tables.** The action of every Milnor basis element of degree
/// `≤ max_degree − min_degree` on every basis element is precomputed as a vector of the
/// field's own type (`FpVector` at p = 2: bit-packed, no coefficient per term).
///
/// **Degrees** are `i32` and may be negative; `dim(t) = 0` outside
/// `min_degree..=max_degree`.
#[derive(Clone)]
pub struct FiniteModule<A: ModuleAlgebra = MilnorAlgebra> {
    name: String,
    min_degree: i32,
    max_degree: i32,
    /// `names[t − min_degree]`: the basis of `M_t`, in the file's order.
    names: Vec<Vec<String>>,
    /// `A` through degree `max_degree − min_degree`.
    algebra: A,
    /// `milnor[d][t − min_degree][j · dim M_t + x] = a_j·x ∈ M_{t+d}`
    /// (`a_j` = `algebra.basis(d)[j]`, `x` the x-th basis element of `M_t`);
    /// `milnor[d][t − min_degree]` is empty when `t + d > max_degree`.
    milnor: Vec<Vec<Vec<FieldVector<A>>>>,
    /// How many generators of the file lie above [`LoadOptions::top_degree`]
    /// and were dropped.
    dropped: usize,
    /// The actions whose right side names a generator an even number of times, which
    /// cancels mod 2 ([`cancelled_terms`](Self::cancelled_terms)); empty at odd p.
    cancelled: Vec<String>,
}

/// A basis element of the algebra with its degree: `(|a|, a)`.
pub type Graded<E> = (u32, E);

/// The terms `(a', a'')` of a coproduct `ψ(a) = Σ a' ⊗ a''`, each with its degree.
pub type Coproduct<E> = Vec<(Graded<E>, Graded<E>)>;

/// The vector type of an algebra's field.
pub type FieldVector<A> = <<A as Algebra>::Field as Field>::Vector;

/// What a [`FiniteModule`] needs of its algebra beyond [`Algebra`]: the reader of module
/// files at its prime (one reader and builder for every prime, whose per-prime part, the
/// notation of the generators and the Adem relations checked, each impl gives it), the
/// algebra's generators, and its profile. Implemented by [`MilnorAlgebra`] (p = 2) and
/// `MilnorAlgebra<ValidPrime>` (odd p).
pub trait ModuleAlgebra: Algebra + Clone + ReadModule {
    /// Whether a bundled file declaring `p` is read at this algebra's prime.
    fn reads_prime(p: Option<i64>) -> bool;

    /// The sub-Hopf algebra this algebra is: `None` for the whole Steenrod algebra.
    fn sub_profile(&self) -> Option<&Profile>;

    /// The sub-Hopf algebra of `profile` inside this (whole) algebra, through the same
    /// degree: [`MilnorAlgebra::with_profile`], `MilnorAlgebra::<ValidPrime>::with_profile`.
    fn restrict(&self, profile: &Profile) -> Self;

    /// Whether the basis element `x` lies in the sub-Hopf algebra of `profile` at this
    /// algebra's prime ([`Profile::contains`], [`Profile::contains_qp`]).
    fn in_profile(&self, profile: &Profile, x: &Self::Element) -> bool;

    /// The algebra a resolution through internal degree `max_degree` works over: the
    /// same profile at that range; `table_budget` as in [`crate::Module::resolving_algebra`].
    fn resolving(&self, max_degree: u32, table_budget: Option<usize>) -> Self;

    /// The algebra's generators of degree at most `max_degree` that lie in it: `(degree,
    /// index in the basis of that degree, name)`, lowest degree first — `Sq^(2^k)`
    /// (`Sq1`, `Sq2`, …) at p = 2, `β` (`b`) and `P^(p^k)` (`P1`, `P3`, …) at odd p.
    fn generators(&self, max_degree: u32) -> Vec<(u32, usize, String)>;

    /// The whole Steenrod algebra at the prime of `field` through `max_degree`.
    fn whole(field: Self::Field, max_degree: u32) -> Self;

    /// The coproduct `ψ(g) = Σ g' ⊗ g''` of the generator `g` of degree `degree` (one of
    /// [`generators`](Self::generators)), as `((|g'|, g'), (|g''|, g''))` of Milnor basis
    /// elements: `Σ_{i+j=n} Sq(i) ⊗ Sq(j)` for `Sq^n`, `Σ P(i) ⊗ P(j)` for `P^n`,
    /// `β ⊗ 1 + 1 ⊗ β` (Milnor 1958, §§4, 6).
    fn generator_coproduct(field: Self::Field, degree: u32) -> Coproduct<Self::Element>;

    /// The conjugate `χ(g)` of the generator `g` of degree `degree` (one of
    /// [`generators`](Self::generators), `degree ≤ max_degree`), a vector of `A_degree`
    /// (see `dual.rs` for the formulas).
    fn conjugate_generator(&self, degree: u32) -> FieldVector<Self>;
}

/// Reading a module file, and building a module from its generators and their actions,
/// at an algebra's prime: one reader and builder for every prime (`module/json.rs`,
/// `module/build.rs`), implemented for every [`ModuleAlgebra`] (each prime gives its
/// notation and its Adem relations to it).
pub trait ReadModule: Algebra {
    /// Read and build a module from the text of a module file (`file`: its name, used in
    /// errors). Errors: those of [`FiniteModule::from_json_str_with`] at p = 2 and of
    /// [`FiniteModule::from_text_with`] at odd p.
    fn read_module(
        file: &str,
        text: &str,
        options: &LoadOptions,
    ) -> Result<FiniteModule<Self>, ModuleError>
    where
        Self: ModuleAlgebra;

    /// Builds the module `name` from its generators `(name, degree)` and the actions of
    /// the algebra's generators on them, checked as a module file is (the relations of
    /// [`read_module`](Self::read_module)), the cells above `top_degree` dropped
    /// ([`LoadOptions::top_degree`]). Errors: those of the file's reader.
    fn build_derived(
        name: &str,
        field: Self::Field,
        gens: Vec<(String, i32)>,
        actions: Vec<DerivedAction>,
        top_degree: Option<i32>,
    ) -> Result<FiniteModule<Self>, ModuleError>
    where
        Self: ModuleAlgebra;
}

impl<A: file_algebra::FileAlgebra> ReadModule for A
where
    A::Field: Field<Vector = fp::FqVector<A::Field>>,
{
    fn read_module(
        file: &str,
        text: &str,
        options: &LoadOptions,
    ) -> Result<FiniteModule<A>, ModuleError> {
        let (field, spec) = json::read_spec::<A>(file, text, options)?;
        build::build(file, file_stem(file), field, &spec, options)
    }

    fn build_derived(
        name: &str,
        field: A::Field,
        gens: Vec<(String, i32)>,
        actions: Vec<DerivedAction>,
        top_degree: Option<i32>,
    ) -> Result<FiniteModule<A>, ModuleError> {
        let p = fp::Prime::value(field);
        let actions = actions
            .into_iter()
            .map(|a| json::derived_action::<A>(p, a))
            .collect();
        let spec = json::Spec {
            gens,
            actions,
            shift: 0,
            profile: None,
        };
        let options = LoadOptions {
            shift: 0,
            top_degree,
        };
        build::build(name, name.to_string(), field, &spec, &options)
    }
}

impl<A: ModuleAlgebra> FiniteModule<A> {
    /// The sphere at the prime of `field`: the field in degree 0 (basis element `x0`),
    /// named `S_p` (`S_2`, `S_3`, …). Panics if `field` is not a prime of `A` (2 for
    /// `MilnorAlgebra<ValidPrime>`).
    pub fn sphere_at(field: A::Field) -> Self {
        let name = format!("S_{}", fp::Prime::value(field));
        A::build_derived(&name, field, vec![("x0".to_string(), 0)], Vec::new(), None)
            .expect("the sphere is an A-module")
    }

    /// Read a module from the text of a module file at `A`'s prime (see
    /// [`from_text_with`](Self::from_text_with)).
    pub fn from_text(name: &str, text: &str) -> Result<Self, ModuleError> {
        Self::from_text_with(name, text, &LoadOptions::default())
    }

    /// Read a module from the text of a module file at `A`'s prime, shifted and with the
    /// cells above a degree dropped as `options` say. `name` is the file name, used in
    /// errors; the module's [`name`](Self::name) is `name` without its directory and
    /// `.json` extension. Errors ([`ModuleError`], one line naming `name`, the field and
    /// the reason): at p = 2 those of [`FiniteModule::from_json_str_with`]; at odd p
    /// invalid JSON, a duplicate key; `p` missing, not an integer, not a prime, 256 or
    /// more, or 2 ([`ModuleError::NotOddPrime`]); a malformed `profile`, one naming no
    /// sub-Hopf algebra ([`Profile::with_q_part`]), a listed factor outside it; a
    /// `type` other than those read, `cofiber`, `generic: false`, an unknown key;
    /// malformed `gens` or `actions` (syntax, unknown operation, bad coefficient,
    /// unknown generator, wrong degree, a repeated action); a failing Adem relation
    /// ([`ModuleError::NotAModule`]); a listed action that disagrees with the generators.
    pub fn from_text_with(
        name: &str,
        text: &str,
        options: &LoadOptions,
    ) -> Result<Self, ModuleError> {
        A::read_module(name, text, options)
    }

    /// Read a module file at `A`'s prime (the bounded reader of
    /// [`FiniteModule::load`]: regular files only, at most [`MAX_FILE_BYTES`], UTF-8);
    /// errors name the path as given.
    pub fn load_file_with(path: &Path, options: &LoadOptions) -> Result<Self, ModuleError> {
        let text = file::read_text(path)?;
        Self::from_text_with(&path.display().to_string(), &text, options)
    }

    /// One of the project's bundled modules at `A`'s prime (see [`bundled_names`]), or
    /// `None` (also for a bundled module at another prime).
    pub fn from_bundled_module(name: &str) -> Option<Self> {
        let text = bundled(name)?;
        if !A::reads_prime(declared_prime(text)) {
            return None;
        }
        // Every bundled file is tested to load (tests/it/module_actions.rs).
        Some(
            Self::from_text(&format!("{name}.json"), text).expect("bundled module files are valid"),
        )
    }

    /// The module with every degree raised by `k` — its suspension `Σ^k M`, the action
    /// unchanged, as a file's `shift` key or `NAME[k]` gives it — named `name`. `None` if a
    /// degree would leave `i32`.
    pub fn shifted(mut self, k: i32, name: impl Into<String>) -> Option<Self> {
        self.min_degree = self.min_degree.checked_add(k)?;
        self.max_degree = self.max_degree.checked_add(k)?;
        self.name = name.into();
        Some(self)
    }

    /// The module's name: `S_2` for the sphere, the file name without `.json`,
    /// or what [`with_name`](Self::with_name) set.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The same module under another name (e.g. `C2[-5]` for a shifted one).
    pub fn with_name(mut self, name: impl Into<String>) -> Self {
        self.name = name.into();
        self
    }

    /// The prime, as the field.
    pub fn prime(&self) -> A::Field {
        self.algebra.field()
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
    /// empty for a module not read from a file, and at odd p (a coefficient is written
    /// as a number there, and a repeat is that many copies). Callers show them as
    /// notes: such a file is valid, but it rarely says what its author meant.
    pub fn cancelled_terms(&self) -> &[String] {
        &self.cancelled
    }

    /// The sub-Hopf algebra the module is over: `None` for the whole Steenrod algebra.
    pub fn profile(&self) -> Option<&Profile> {
        self.algebra.sub_profile()
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

    /// The algebra through degree `max_degree − min_degree` whose basis order `op_idx`
    /// refers to.
    pub fn algebra(&self) -> &A {
        &self.algebra
    }

    /// `out[offset + y] += c · (coefficient of y in a·x)`, where `a` is
    /// `algebra().basis(op_deg)[op_idx]` (any algebra of this prime and profile has the
    /// same order) and `x` the `x`-th basis element of `M_t`; `y` runs over the basis
    /// of `M_{t + op_deg}`. A table look-up. When `t` or `t + op_deg` lies outside the
    /// module the action is zero and `out` is untouched.
    ///
    /// Panics if `op_idx ≥ dim A_{op_deg}`, `x ≥ dim(t)` (degrees inside the module),
    /// or `out` is shorter than `offset + dim(t + op_deg)`.
    #[allow(clippy::too_many_arguments)]
    #[inline]
    pub fn act_on_basis_at(
        &self,
        op_deg: u32,
        op_idx: usize,
        t: i32,
        x: usize,
        c: u32,
        out: &mut FieldVector<A>,
        offset: usize,
    ) {
        if let Some(v) = self.action(op_deg, op_idx, t, x) {
            assert!(
                offset + v.len() <= out.len(),
                "act_on_basis: `out` must hold M_{} from offset {offset}",
                i64::from(t) + i64::from(op_deg)
            );
            out.add_scaled_at(v, c, offset);
        }
    }

    /// `a·v` added into `out` for `a ∈ A_{op_deg}` (a vector over the Milnor basis)
    /// and `v ∈ M_{mod_deg}`; `out ∈ M_{mod_deg + op_deg}`. Zero outside the
    /// module, as for [`act_on_basis_at`](Self::act_on_basis_at). Panics on vectors
    /// of the wrong length.
    pub fn act(
        &self,
        op_deg: u32,
        a: &FieldVector<A>,
        mod_deg: i32,
        v: &FieldVector<A>,
        out: &mut FieldVector<A>,
    ) {
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
        assert_eq!(
            out.len(),
            self.dim(mod_deg + op_deg as i32),
            "act_on_basis: `out` must be a vector of M_{}",
            mod_deg + op_deg as i32
        );
        let p = fp::Prime::value(self.prime());
        for (j, a_j) in a.nonzero_entries() {
            for (x, v_x) in v.nonzero_entries() {
                self.act_on_basis_at(op_deg, j, mod_deg, x, a_j * v_x % p, out, 0);
            }
        }
    }

    /// `x2 + x3` for a vector of `M_t` (`2 x4 + x5` at odd p: a coefficient 1 is not
    /// written); `0` for zero. Panics if `v` is not of length `dim(t)`.
    pub fn element_to_string(&self, t: i32, v: &FieldVector<A>) -> String {
        assert_eq!(
            v.len(),
            self.dim(t),
            "element_to_string: not a vector of M_{t}"
        );
        format_element(v, |j| self.basis_name(t, j))
    }

    /// The table entry `a·x` (`a` the `op_idx`-th basis element of `A_{op_deg}`, `x` the
    /// `x`-th of `M_t`), `None` when `t` or `t + op_deg` is outside the module. Panics on
    /// an index out of range.
    #[inline]
    fn action(&self, op_deg: u32, op_idx: usize, t: i32, x: usize) -> Option<&FieldVector<A>> {
        let t = i64::from(t);
        let top = t + i64::from(op_deg);
        let (min, max) = (i64::from(self.min_degree), i64::from(self.max_degree));
        if t < min || top > max {
            return None;
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
        Some(&self.milnor[op_deg as usize][(t - min) as usize][op_idx * dim_t + x])
    }

    fn names_of(&self, t: i64) -> Option<&[String]> {
        let k = t.checked_sub(i64::from(self.min_degree))?;
        usize::try_from(k)
            .ok()
            .and_then(|k| self.names.get(k))
            .map(Vec::as_slice)
    }
}

/// `2 x4 + x5` for a vector (coefficient 1 not written: `x2 + x3` at p = 2), or `0`.
pub(crate) fn format_element<'a, V: Vector>(v: &V, name: impl Fn(usize) -> &'a str) -> String {
    let parts: Vec<String> = v
        .nonzero_entries()
        .map(|(j, c)| {
            if c == 1 {
                name(j).to_string()
            } else {
                format!("{c} {}", name(j))
            }
        })
        .collect();
    if parts.is_empty() {
        "0".to_string()
    } else {
        parts.join(" + ")
    }
}

impl FiniteModule {
    /// The sphere: `F_2` in degree 0 (basis element `x0`), named `S_2`.
    pub fn sphere() -> FiniteModule {
        Self::sphere_at(P2)
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
        Self::from_text(name, text)
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
        Self::from_text_with(name, text, options)
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
        Self::load_file_with(path, options)
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
        let (field, mut spec) = json::read_spec::<MilnorAlgebra>(&name, &text, options)?;
        spec.profile.get_or_insert_with(|| profile.clone());
        build::build(&name, file_stem(&name), field, &spec, options)
    }

    /// One of the project's bundled modules at p = 2 (see [`bundled_names`]), or
    /// `None` (also for the bundled modules at odd primes).
    pub fn from_bundled(name: &str) -> Option<FiniteModule> {
        Self::from_bundled_module(name)
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
    #[inline]
    pub fn act_on_basis(
        &self,
        op_deg: u32,
        op_idx: usize,
        mod_deg: i32,
        mod_idx: usize,
        out: &mut FpVector,
    ) {
        if let Some(v) = self.action(op_deg, op_idx, mod_deg, mod_idx) {
            assert_eq!(
                out.len(),
                v.len(),
                "act_on_basis: `out` must be a vector of M_{}",
                i64::from(mod_deg) + i64::from(op_deg)
            );
            out.add(v);
        }
    }
}

impl<A: ModuleAlgebra> fmt::Debug for FiniteModule<A> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let basis: Vec<(i32, &[String])> = (self.min_degree..=self.max_degree)
            .zip(&self.names)
            .filter(|(_, n)| !n.is_empty())
            .map(|(t, n)| (t, n.as_slice()))
            .collect();
        f.debug_struct("FiniteModule")
            .field("name", &self.name)
            .field("p", &fp::Prime::value(self.prime()))
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
/// [`FiniteModule::from_bundled_module`] for one kind).
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

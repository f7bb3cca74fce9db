//! The field's module types other than `"finite dimensional module"`, each
//! turned into the generators and `Sq^(2^k)` actions of a finite module (a
//! [`Spec`]) truncated to the degrees a range can see, and then built by the
//! same code as a module file ([`super::build`]: the Adem relations are
//! checked, the Milnor basis tabulated).
//!
//! * `"real projective space"` (`min`, optional `max`): cells `x_i`,
//!   `min ≤ i ≤ max`, with `Sq^j x_i = binom(i, j) x_{i+j}` — the cohomology of
//!   the stunted projective space `RP_min^max` (Thom spectra of multiples of the
//!   canonical line bundle when `min ≤ 0`); for `i < 0` the binomial is the usual
//!   extension `binom(i, j) = (−1)^j binom(j − i − 1, j)` (Adams, "Vector fields
//!   on spheres", Ann. of Math. 75 (1962), §2–4; Mosher–Tangora, "Cohomology
//!   operations and applications in homotopy theory", ch. 12).
//! * `"complex projective space"` (`min`, optional `max`, cell indices): cells
//!   `y_i` in degree `2i`, `Sq^{2j} y_i = binom(i, j) y_{i+j}`, odd squares zero.
//! * `"finitely presented module"`: see [`super::presented`] (every prime).
//! * `"classifying space BCp"` (`min`, optional `max`, degrees; optional `exponent` k ≥ 1,
//!   default 1): the cohomology of `BZ/p^k`. At odd p see [`super::odd`]'s `bcp`; at p = 2
//!   and k = 1, `BZ/2 = RP^∞`, the real projective space with the same `min`, `max`; at
//!   p = 2 and k ≥ 2, `H^*(BZ/2^k; F_2) = E[x] ⊗ F_2[y]`, `|x| = 1`, `|y| = 2`, where
//!   `Sq^1 x = 0` (the first Bockstein vanishes: only the k-th, `β_k x = y`, is nonzero —
//!   the Bockstein spectral sequence of `Z/2^k`, McCleary, "A User's Guide to Spectral
//!   Sequences", §10.1) and `Sq(y) = y + y^2`; by Cartan `Sq^{2i} y^n = binom(n, i)
//!   y^{n+i}`, `Sq^{2i}(x y^n) = binom(n, i) x y^{n+i}`, odd squares zero (cells `y<n>` in
//!   degree 2n, `xy<n>` in degree 2n + 1, as at odd p).

use serde_json::{Map, Value};

use super::json::{bounded_degree, ActionSpec, Factor, Spec};
use super::{LoadOptions, ModuleError, MAX_SPAN};

/// A module type of the field's format that this reader builds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Kind {
    Finite,
    RealProjective,
    ComplexProjective,
    FinitelyPresented,
    ClassifyingSpace,
}

const TYPES: [(&str, Kind); 5] = [
    ("finite dimensional module", Kind::Finite),
    ("finitely presented module", Kind::FinitelyPresented),
    ("real projective space", Kind::RealProjective),
    ("complex projective space", Kind::ComplexProjective),
    ("classifying space BCp", Kind::ClassifyingSpace),
];

impl Kind {
    /// The kind of the file's `type` string, if it is read.
    pub fn from_type(s: &str) -> Option<Kind> {
        TYPES.iter().find(|(name, _)| *name == s).map(|(_, k)| *k)
    }

    /// The types read, quoted, for an error message.
    pub fn list() -> String {
        let names: Vec<String> = TYPES.iter().map(|(n, _)| format!("{n:?}")).collect();
        names.join(", ")
    }

    /// The keys this type reads besides `p`, `type`, `algebra`, `generic`, `shift`.
    pub fn keys(self) -> &'static [&'static str] {
        match self {
            Kind::Finite => &["gens", "actions"],
            Kind::RealProjective => &["min", "max", "clear_bottom"],
            Kind::ComplexProjective => &["min", "max"],
            Kind::ClassifyingSpace => &["min", "max", "exponent"],
            Kind::FinitelyPresented => &["gens", "adem_relations", "milnor_relations"],
        }
    }
}

/// `binom(i, j) mod 2` for any integer `i` and `j ≥ 0`: Lucas for `i ≥ 0`, and
/// `binom(i, j) = (−1)^j binom(j − i − 1, j)` for `i < 0`.
pub(super) fn binom_odd(i: i64, j: i64) -> bool {
    let n = if i >= 0 { i } else { j - i - 1 };
    j & !n == 0
}

/// The action `Sq^op source = targets`, as a file would list it.
pub(super) fn power_action(op: u32, source: &str, targets: Vec<String>) -> ActionSpec {
    let lhs = format!("Sq{op} {source}");
    let rhs = if targets.is_empty() {
        "0".to_string()
    } else {
        targets.join(" + ")
    };
    ActionSpec {
        field: format!("derived action {:?}", format!("{lhs} = {rhs}")),
        op_text: format!("Sq{op}"),
        lhs,
        op: vec![Factor::Sq(op)],
        source: source.to_string(),
        targets,
    }
}

/// The action `Sq^degree source = Σ targets` of a derived module, as a file would list it
/// (the coefficients, all 1 at p = 2, dropped).
pub(super) fn derived_power_action(a: super::DerivedAction) -> ActionSpec {
    let targets = a.targets.into_iter().map(|(name, _)| name).collect();
    power_action(a.degree, &a.source, targets)
}

/// A module derived from others (a smash product, a dual), named `name`: its generators
/// `(name, degree)` and `Sq^(2^k)` actions built and checked as a module file's are, the
/// cells above `top_degree` dropped ([`LoadOptions::top_degree`]).
pub(super) fn build_derived(
    name: &str,
    gens: Vec<(String, i32)>,
    actions: Vec<ActionSpec>,
    top_degree: Option<i32>,
) -> Result<super::FiniteModule, ModuleError> {
    let spec = Spec {
        profile: None,
        gens,
        actions,
        shift: 0,
    };
    let options = LoadOptions {
        shift: 0,
        top_degree,
    };
    super::build::build(name, name.to_string(), &spec, &options)
}

/// The highest degree of the file's own (unshifted) degrees that the range can
/// see: `options.top_degree` less the file's and the options' shift.
pub(super) fn unshifted_top(options: &LoadOptions, file_shift: i32) -> Option<i64> {
    options
        .top_degree
        .map(|top| i64::from(top) - i64::from(file_shift) - i64::from(options.shift))
}

/// `min` and `max` of a projective space file. Errors: `min` missing or not an
/// integer, `max` not an integer or below `min`, `clear_bottom` `true`
/// (refused) or not a boolean.
fn read_bounds(file: &str, obj: &Map<String, Value>) -> Result<(i64, Option<i64>), ModuleError> {
    let integer = |key: &str| -> Result<Option<i64>, ModuleError> {
        match obj.get(key) {
            None | Some(Value::Null) => Ok(None),
            Some(v) => bounded_degree(v)
                .map(|d| Some(i64::from(d)))
                .ok_or_else(|| {
                    ModuleError::field(
                        file,
                        key,
                        format!(
                            "expected an integer of absolute value at most {}, found {v}",
                            super::MAX_ABS_DEGREE
                        ),
                    )
                }),
        }
    };
    let min = integer("min")?
        .ok_or_else(|| ModuleError::field(file, "min", "missing (the index of the bottom cell)"))?;
    let max = integer("max")?;
    if let Some(max) = max.filter(|&m| m < min) {
        return Err(ModuleError::field(
            file,
            "max",
            format!("{max} is below min = {min}"),
        ));
    }
    match obj.get("clear_bottom") {
        None | Some(Value::Null) | Some(Value::Bool(false)) => Ok((min, max)),
        Some(Value::Bool(true)) => Err(ModuleError::RefusedKey {
            file: file.to_string(),
            key: "clear_bottom".to_string(),
            reason: "true asks for the quotient by the A(2)-submodule on the bottom cell, \
                     which adams does not build"
                .to_string(),
        }),
        Some(v) => Err(ModuleError::field(
            file,
            "clear_bottom",
            format!("expected false (or true), found {v}"),
        )),
    }
}

/// The cells kept of a space with one cell `i` in degree `weight·i` for `min ≤ i ≤ max`
/// (the file's `min`, `max`): `(min, hi)`, `hi` the last cell at or below the top degree
/// of `options`. Errors: those of [`read_bounds`], no `max` and no top degree (an
/// infinite module needs a range), more than [`MAX_SPAN`] degrees left.
pub(super) fn kept_cells(
    file: &str,
    obj: &Map<String, Value>,
    weight: i64,
    shift: i32,
    options: &LoadOptions,
) -> Result<(i64, i64), ModuleError> {
    let (min, max) = read_bounds(file, obj)?;
    let top_cell = unshifted_top(options, shift).map(|top| top.div_euclid(weight));
    let hi = match (max, top_cell) {
        (Some(m), Some(t)) => m.min(t).max(min),
        (Some(m), None) => m,
        (None, Some(t)) => t.max(min),
        (None, None) => {
            return Err(ModuleError::field(
                file,
                "max",
                "missing: the space is infinite (no max), so it needs a range to be \
                 truncated to (adams resolve passes the top degree max_stem + max_s)",
            ))
        }
    };
    if weight * (hi - min) > i64::from(MAX_SPAN) {
        return Err(ModuleError::field(
            file,
            "max",
            format!(
                "the cells kept run from degree {} to {}, a span of {}; at most {MAX_SPAN} is supported",
                weight * min,
                weight * hi,
                weight * (hi - min)
            ),
        ));
    }
    Ok((min, hi))
}

/// The exponent k of a classifying space `BZ/p^k` (the file's `exponent`, 1 when absent).
/// Error: not an integer from 1 to 30.
pub(super) fn exponent(file: &str, obj: &Map<String, Value>) -> Result<u32, ModuleError> {
    match obj.get("exponent") {
        None | Some(Value::Null) => Ok(1),
        Some(v) => v
            .as_u64()
            .filter(|k| (1..=30).contains(k))
            .map(|k| k as u32)
            .ok_or_else(|| {
                ModuleError::field(
                    file,
                    "exponent",
                    format!("expected an integer k from 1 to 30 (the group Z/p^k), found {v}"),
                )
            }),
    }
}

/// The actions `Sq^{w·step·2^k} c_d = binom(index(d), 2^k) c_{d + step·2^k}` on the cells
/// `c_d` (named `name(d)`, in degree `w·d`) for `d` in `cells`, every `k` with the target
/// cell kept: the cohomology of the projective spaces and of `BZ/2^e` (`e ≥ 2`), where
/// `Sq^{2j} y^i = binom(i, j) y^{i+j}` for `|y| = 2` (the Cartan formula on `y^i`;
/// Hatcher, "Algebraic Topology", §4.L) and the squares of degree not a power of two
/// follow from these by the Adem relations.
fn binomial_actions(
    cells: std::ops::RangeInclusive<i64>,
    w: i64,
    step: i64,
    index: impl Fn(i64) -> i64,
    name: impl Fn(i64) -> String,
) -> Vec<ActionSpec> {
    let hi = *cells.end();
    let mut actions = Vec::new();
    for d in cells {
        let mut j = 1i64;
        while d + step * j <= hi {
            if binom_odd(index(d), j) {
                let op = (w * step * j) as u32;
                actions.push(power_action(op, &name(d), vec![name(d + step * j)]));
            }
            j *= 2;
        }
    }
    actions
}

/// The spec of `BZ/2^k`, k ≥ 2 (see the module): one cell in every degree `min ≤ d ≤ max`,
/// `Sq^{2^{j+1}}` on `y^n` and `x y^n` with coefficient `binom(n, 2^j)` (for n < 0, the
/// Thom spectra of multiples of the complex line bundle, the binomial extended as for
/// `RP_{−n}`: `Sq(U) = U (1 + y)^n`), no `Sq^1`.
fn bz2k_spec(
    file: &str,
    obj: &Map<String, Value>,
    shift: i32,
    options: &LoadOptions,
) -> Result<Spec, ModuleError> {
    let (min, hi) = kept_cells(file, obj, 1, shift, options)?;
    let name = |d: i64| match d.rem_euclid(2) {
        0 => format!("y{}", d.div_euclid(2)),
        _ => format!("xy{}", d.div_euclid(2)),
    };
    let gens = (min..=hi).map(|d| (name(d), d as i32)).collect();
    // Sq^{2^(k+1)} y^i = binom(i, 2^k) y^{i+2^k}, Sq^{2^(k+1)} xy^i = binom(i, 2^k) xy^{i+2^k}.
    let actions = binomial_actions(min..=hi, 1, 2, |d| d.div_euclid(2), name);
    Ok(Spec {
        profile: None,
        gens,
        actions,
        shift,
    })
}

/// The spec of a projective space (`kind` real or complex; `BZ/2 = RP^∞` for the
/// classifying space at p = 2, `BZ/2^k` by [`bz2k_spec`]), its cells above
/// the top degree of `options` not built. Errors: those of [`read_bounds`], no
/// `max` and no top degree (an infinite module needs a range), more than
/// [`MAX_SPAN`] degrees left.
pub(super) fn projective_spec(
    file: &str,
    obj: &Map<String, Value>,
    kind: Kind,
    shift: i32,
    options: &LoadOptions,
) -> Result<Spec, ModuleError> {
    if kind == Kind::ClassifyingSpace && exponent(file, obj)? >= 2 {
        return bz2k_spec(file, obj, shift, options);
    }
    // Cell i lies in degree weight·i.
    let weight: i64 = if kind == Kind::ComplexProjective {
        2
    } else {
        1
    };
    let (min, hi) = kept_cells(file, obj, weight, shift, options)?;
    let letter = if weight == 2 { "y" } else { "x" };
    let name = |i: i64| format!("{letter}{i}");
    let gens = (min..=hi).map(|i| (name(i), (weight * i) as i32)).collect();
    // Sq^{2^k} x_i = binom(i, 2^k) x_{i+2^k}; Sq^{2^(k+1)} y_i = binom(i, 2^k) y_{i+2^k}.
    let actions = binomial_actions(min..=hi, weight, 1, |i| i, name);
    Ok(Spec {
        profile: None,
        gens,
        actions,
        shift,
    })
}

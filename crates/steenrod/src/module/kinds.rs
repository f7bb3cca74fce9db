//! The field's module types other than `"finite dimensional module"`, each
//! turned into the cells and the generators' actions of a finite module truncated to
//! the degrees a range can see, and then built by the same code as a module file
//! ([`super::build`]: the Adem relations are checked, the Milnor basis tabulated).
//!
//! * `"real projective space"` (`min`, optional `max`): cells `x_i`,
//!   `min ≤ i ≤ max`, with `Sq^j x_i = binom(i, j) x_{i+j}` — the cohomology of
//!   the stunted projective space `RP_min^max` (Thom spectra of multiples of the
//!   canonical line bundle when `min ≤ 0`); for `i < 0` the binomial is the usual
//!   extension `binom(i, j) = (−1)^j binom(j − i − 1, j)` (Adams, "Vector fields
//!   on spheres", Ann. of Math. 75 (1962), §2–4; Mosher–Tangora, "Cohomology
//!   operations and applications in homotopy theory", ch. 12).
//! * `"complex projective space"` (`min`, optional `max`, cell indices): cells
//!   `y_i` in degree `2i`, `P^j y_i = binom(i, j) y_{i+j(p−1)}` (`Sq^{2j}` at p = 2, odd
//!   squares zero; [`lens_spec`]).
//! * `"finitely presented module"`: see [`super::presented`] (every prime).
//! * `"classifying space BCp"` (`min`, optional `max`, degrees; optional `exponent` k ≥ 1,
//!   default 1): the cohomology of `BZ/p^k`. At p = 2 and k = 1, `BZ/2 = RP^∞`, the real
//!   projective space with the same `min`, `max`. Otherwise (every prime) see
//!   [`lens_spec`]: `H^*(BZ/p^k; F_p) = E[x] ⊗ F_p[y]`, `|x| = 1`, `|y| = 2`, cells `y<n>`
//!   in degree `2n` and `xy<n>` in degree `2n + 1`.
//!
//! Each is given as the generators' actions ([`DerivedAction`]) and built by the same
//! code as a module file.

use serde_json::{Map, Value};

use super::file_algebra::{CellsAndActions, FileObject};
use super::json::bounded_degree;
use super::{DerivedAction, LoadOptions, ModuleError, MAX_SPAN};

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

/// `binom(n, k) mod p` for any integer `n` and `k ≥ 0`: by Lucas' theorem (the product of
/// the binomials of the base-p digits) for `n ≥ 0`, and by
/// `binom(n, k) = (−1)^k binom(k − n − 1, k)` for `n < 0` (the coefficients of the formal
/// power series `(1 + y)^n`).
pub(super) fn binom_mod(n: i64, k: i64, p: u32) -> u32 {
    let p64 = u64::from(p);
    let field = fp::ValidPrime::new(p).expect("binom_mod: p is a prime");
    if n < 0 {
        let c = binom_mod(k - n - 1, k, p);
        return if k % 2 == 0 || c == 0 { c } else { p - c };
    }
    let (mut n, mut k) = (n as u64, k as u64);
    let mut out = 1u64;
    while k > 0 {
        let (nd, kd) = (n % p64, k % p64);
        if kd > nd {
            return 0;
        }
        // binom(nd, kd) = Π_{i<kd} (nd − i)/(i + 1) for digits below p: i + 1 is a unit.
        let (mut num, mut den) = (1u64, 1u64);
        for i in 0..kd {
            num = num * (nd - i) % p64;
            den = den * (i + 1) % p64;
        }
        out = out * num % p64 * u64::from(fp::Prime::inverse(field, den as u32)) % p64;
        n /= p64;
        k /= p64;
    }
    out as u32
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
pub(super) fn kept_cells(source: &FileObject, weight: i64) -> Result<(i64, i64), ModuleError> {
    let file = source.file;
    let (min, max) = read_bounds(file, source.obj)?;
    let top_cell = unshifted_top(source.options, source.shift).map(|top| top.div_euclid(weight));
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

/// The cells of `RP_min^max` (`x<i>` in degree `i`, the file's `min ..= max` cut at the
/// top degree of `options`) and `Sq^{2^k} x_i = binom(i, 2^k) x_{i+2^k}` (p = 2: the real
/// projective space, and `BZ/2 = RP^∞`). Errors: those of [`kept_cells`].
pub(super) fn real_projective(source: &FileObject) -> Result<CellsAndActions, ModuleError> {
    let (min, hi) = kept_cells(source, 1)?;
    let name = |i: i64| format!("x{i}");
    let gens = (min..=hi).map(|i| (name(i), i as i32)).collect();
    let mut actions = Vec::new();
    for i in min..=hi {
        let mut j = 1i64;
        while i + j <= hi {
            if binom_mod(i, j, 2) == 1 {
                actions.push(cell_action(j, name(i), name(i + j), 1));
            }
            j *= 2;
        }
    }
    Ok((gens, actions))
}

/// The action `g·source = c·target` of the generator `g` of degree `degree`.
fn cell_action(degree: i64, source: String, target: String, c: u32) -> DerivedAction {
    DerivedAction {
        degree: degree as u32,
        source,
        targets: vec![(target, c)],
    }
}

/// The cells of `BZ/p^k` in the file's `min ..= max` (degrees), or with `complex` of the
/// complex projective space (`min ..= max` cell indices, `y<i>` in degree `2i`), those
/// above the top degree of `options` not built, at the prime `p` (not `BZ/2`, which is
/// `RP^∞`: [`real_projective`]).
///
/// `H^*(BZ/p^k; F_p) = E[x] ⊗ F_p[y]`, `|x| = 1`, `|y| = 2` (the infinite lens space:
/// Hatcher, "Algebraic Topology", Example 3.41 for the ring, §3.E for `β`): `y^n` in
/// degree `2n` (named `y<n>`), `x y^n` in degree `2n + 1` (`xy<n>`). Since
/// `P(y) = y + y^p` (the total power operation) and `P^i x = 0` for `i > 0`, by Cartan
/// `P^j y^n = binom(n, j) y^{n+j(p−1)}` and `P^j (x y^n) = binom(n, j) x y^{n+j(p−1)}`
/// (Steenrod–Epstein, "Cohomology operations", ch. VI; at p = 2, `P^j = Sq^{2j}` and the
/// odd squares vanish, `Sq(y) = y + y^2`). For k = 1 (p odd) `β(x y^n) = y^{n+1}`, `β y^n = 0`;
/// for k ≥ 2, `β = 0` on every cell: the first Bockstein vanishes on `H^1(BZ/p^k; F_p)`,
/// only the k-th is nonzero, `β_k x = y` (the Bockstein spectral sequence of `Z/p^k`:
/// McCleary, "A User's Guide to Spectral Sequences", §10.1), and `β y = 0` as `y` is the
/// reduction of an integral class. `H^*(CP^∞; F_p) = F_p[y]` is the polynomial part alone
/// (no `β`: the cohomology of a torsion-free space). A negative `min` gives the Thom
/// spectra of multiples of the bundle over `BZ/p` (or `CP^∞`), with the binomial extended
/// to `n < 0` ([`binom_mod`]; the formal power series `(y + y^p)^n`).
///
/// Only the generators `β` and `P^{p^j}` (`Sq^{2^{j+1}}`) are listed; the builder derives
/// every other Milnor basis element's action and checks the Adem relations, as for a
/// file. Errors: those of [`kept_cells`] (`min` missing, `max` below it, neither `max`
/// nor a range, too many cells), an `exponent` that is not an integer from 1 to 30.
pub(super) fn lens_spec(
    source: &FileObject,
    p: u32,
    complex: bool,
) -> Result<CellsAndActions, ModuleError> {
    let (min, hi, step) = match complex {
        true => {
            let (min, hi) = kept_cells(source, 2)?;
            (2 * min, 2 * hi, 2)
        }
        false => {
            let (min, hi) = kept_cells(source, 1)?;
            (min, hi, 1)
        }
    };
    let bockstein = !complex && exponent(source.file, source.obj)? == 1;
    let name = |d: i64| match d.rem_euclid(2) {
        0 => format!("y{}", d.div_euclid(2)),
        _ => format!("xy{}", d.div_euclid(2)),
    };
    let degrees = (min..=hi).step_by(step);
    let gens = degrees.clone().map(|d| (name(d), d as i32)).collect();
    let mut actions = Vec::new();
    for d in degrees {
        if bockstein && d.rem_euclid(2) == 1 && d < hi {
            actions.push(cell_action(1, name(d), name(d + 1), 1));
        }
        // P^{p^j}: degree 2p^j(p − 1).
        let mut n = 1i64;
        while d + 2 * n * i64::from(p - 1) <= hi {
            let c = binom_mod(d.div_euclid(2), n, p);
            if c != 0 {
                let degree = 2 * n * i64::from(p - 1);
                actions.push(cell_action(degree, name(d), name(d + degree), c));
            }
            n *= i64::from(p);
        }
    }
    Ok((gens, actions))
}

//! The field's `"classifying space BCp"` at an odd prime p: the cohomology of the
//! classifying space `BZ/p`, truncated to the degrees a range can see.
//!
//! `H^*(BZ/p; F_p) = E[x] ⊗ F_p[y]`, `|x| = 1`, `|y| = 2`, `βx = y` (the infinite lens
//! space: Hatcher, "Algebraic Topology", Example 3.41 for the ring, §3.E for `β`):
//! one cell in every degree, `y^k` in degree `2k` (named `y<k>`) and `x y^k` in degree
//! `2k + 1` (named `xy<k>`). The actions: `β(x y^k) = y^{k+1}`, `β y^k = 0`, and, since
//! `P(y) = y + y^p` (the total power operation) and `P^i x = 0` for `i > 0`, by Cartan
//! `P^n y^k = binom(k, n) y^{k+n(p−1)}` and `P^n (x y^k) = binom(k, n) x y^{k+n(p−1)}`
//! (Steenrod–Epstein, "Cohomology operations", ch. VI). The file's `min`, `max` are
//! degrees (cells `min ≤ d ≤ max`; `min = 1`: the reduced cohomology; `max` absent:
//! `BZ/p` itself). A negative `min` gives the Thom spectra of multiples of the bundle
//! over `BZ/p`, with `binom(k, n) = (−1)^n binom(n − k − 1, n)` for `k < 0` (as for
//! `RP_{−k}^∞` at p = 2; the formal power series `(y + y^p)^k`).
//!
//! With the file's `exponent` k ≥ 2, `BZ/p^k`: the same ring and the same `P^n`, but
//! `β = 0` on every cell — the first Bockstein vanishes on `H^1(BZ/p^k; F_p)`, only the
//! k-th is nonzero, `β_k x = y` (the Bockstein spectral sequence of `Z/p^k`: McCleary,
//! "A User's Guide to Spectral Sequences", §10.1), and `β y = 0` as `y` is the reduction
//! of an integral class.
//!
//! Only the generators `β` and `P^{p^j}` are listed; the builder derives every other
//! Milnor basis element's action and checks the Adem relations, as for a file.

use serde_json::{Map, Value};

use super::parse::{OddActionSpec, OddFactor};
use crate::module::kinds::{exponent, kept_cells};
use crate::module::{LoadOptions, ModuleError};

/// The gens (name, degree) and the listed actions of a module, as a file gives them.
type BcpSpec = (Vec<(String, i32)>, Vec<OddActionSpec>);

/// The gens and actions of `BZ/p^k`'s cells in the file's `min ..= max` (degrees), those
/// above the top degree of `options` not built; with `complex`, of the field's `"complex
/// projective space"` at p: its polynomial part `F_p[y]` alone, `min ..= max` cell indices
/// (`y^i` in degree `2i`, named `y<i>`), with the same `P^n y^i = binom(i, n) y^{i+n(p−1)}`
/// (`H^*(CP^∞; F_p) = F_p[y]`, `|y| = 2`, `P(y) = y + y^p`: Steenrod–Epstein ch. VI; no
/// `β`, the cohomology being that of a torsion-free space). Errors: those of [`kept_cells`]
/// (`min` missing, `max` below it, neither `max` nor a range, too many cells), an
/// `exponent` that is not an integer from 1 to 30.
pub(super) fn bcp_spec(
    file: &str,
    obj: &Map<String, Value>,
    p: u32,
    shift: i32,
    options: &LoadOptions,
    complex: bool,
) -> Result<BcpSpec, ModuleError> {
    let (min, hi, step) = match complex {
        true => {
            let (min, hi) = kept_cells(file, obj, 2, shift, options)?;
            (2 * min, 2 * hi, 2)
        }
        false => {
            let (min, hi) = kept_cells(file, obj, 1, shift, options)?;
            (min, hi, 1)
        }
    };
    let bockstein = !complex && exponent(file, obj)? == 1;
    let name = |d: i64| {
        let k = d.div_euclid(2);
        if d.rem_euclid(2) == 0 {
            format!("y{k}")
        } else {
            format!("xy{k}")
        }
    };
    let degrees = (min..=hi).step_by(step);
    let gens = degrees.clone().map(|d| (name(d), d as i32)).collect();
    let mut actions = Vec::new();
    for d in degrees {
        if bockstein && d.rem_euclid(2) == 1 && d < hi {
            actions.push(action(
                p,
                OddFactor {
                    e: vec![0],
                    r: Vec::new(),
                },
                &name(d),
                vec![(name(d + 1), 1)],
            ));
        }
        // P^{p^j}: degree 2p^j(p − 1).
        let mut n = 1i64;
        while d + 2 * n * i64::from(p - 1) <= hi {
            let c = binom_mod(d.div_euclid(2), n, i64::from(p));
            if c != 0 {
                let target = name(d + 2 * n * i64::from(p - 1));
                actions.push(action(
                    p,
                    OddFactor {
                        e: Vec::new(),
                        r: vec![n as u32],
                    },
                    &name(d),
                    vec![(target, c)],
                ));
            }
            n *= i64::from(p);
        }
    }
    Ok((gens, actions))
}

/// `binom(k, n) mod p` for any integer `k` and `n = p^j`: by Lucas, the `j`-th base-p
/// digit of `k` when `k ≥ 0`; `(−1)^n binom(n − k − 1, n)` when `k < 0` (`n` odd).
fn binom_mod(k: i64, n: i64, p: i64) -> u32 {
    let digit = |m: i64| (m / n % p) as u32;
    if k >= 0 {
        digit(k)
    } else {
        let c = digit(n - k - 1);
        ((p as u32) - c) % p as u32
    }
}

/// The action `OP source = Σ c target` (`OP` a single factor `Q(e)P(r)`), as a file
/// would list it.
pub(super) fn action(
    p: u32,
    op: OddFactor,
    source: &str,
    targets: Vec<(String, u32)>,
) -> OddActionSpec {
    let op_text = op.to_string();
    let lhs = format!("{op_text} {source}");
    let rhs: Vec<String> = targets.iter().map(|(t, c)| format!("{c} {t}")).collect();
    OddActionSpec {
        field: format!(
            "derived action {:?}",
            format!("{lhs} = {}", rhs.join(" + "))
        ),
        degree: op.degree(p),
        lhs,
        op_text,
        op: vec![op],
        source: source.to_string(),
        targets,
    }
}

//! The Adem relations at p = 2, checked on a module's actions: every
//! `Sq^a Sq^b = Σ_c binom(b−c−1, a−2c) Sq^{a+b−c} Sq^c` (`0 < a < 2b`; Adem 1952,
//! Steenrod–Epstein, "Cohomology operations", Ch. I, §1), with each `Sq^i`, `i` not a
//! power of two, derived from the `Sq^(2^k)` the file gives through the relation with
//! `a = i − 2^k`, `b = 2^k`. Together they present the Steenrod algebra on the `Sq^i`, so a
//! module on which they hold is an A-module.

use fp::FpVector;

use super::super::build::{Basis, Operation};
use super::super::kinds::binom_mod;
use super::super::ModuleError;
use crate::{MilnorAlgebra, PPart};

/// `binom(n, k)` is odd.
fn binom_odd(n: u32, k: u32) -> bool {
    binom_mod(i64::from(n), i64::from(k), 2) == 1
}

/// The `c ≥ 0` with odd coefficient in the Adem relation
/// `Sq^a Sq^b = Σ_c binom(b−c−1, a−2c) Sq^{a+b−c} Sq^c` (`0 < a < 2b`).
fn adem_terms(a: u32, b: u32) -> Vec<u32> {
    (0..=a / 2)
        .filter(|&c| binom_odd(b - c - 1, a - 2 * c))
        .collect()
}

/// `Sq5 + Sq4 Sq1` for the terms `[0, 1]` of total degree 5; `0` if none.
fn format_adem_sum(total: u32, terms: &[u32]) -> String {
    if terms.is_empty() {
        return "0".to_string();
    }
    let parts: Vec<String> = terms
        .iter()
        .map(|&c| {
            if c == 0 {
                format!("Sq{total}")
            } else {
                format!("Sq{} Sq{c}", total - c)
            }
        })
        .collect();
    parts.join(" + ")
}

/// `ρ(Sq^i)` on every basis element, `i ≤ span`: `sq[i][t − min][x] = Sq^i x ∈ M_{t+i}`,
/// empty when `t + i > max`.
struct Squares<'a> {
    basis: &'a Basis<fp::P2>,
    sq: Vec<Vec<Vec<FpVector>>>,
}

impl Squares<'_> {
    /// `Sq^i v` for `v ∈ M_t` (length `dim M_{t+i}`; zero beyond the top).
    fn apply(&self, i: u64, t: i64, v: &FpVector) -> FpVector {
        let target = t.saturating_add(i64::try_from(i).unwrap_or(i64::MAX));
        let mut out = self.basis.zero(target);
        if out.is_empty() || t < self.basis.min {
            return out;
        }
        let column = &self.sq[i as usize][(t - self.basis.min) as usize];
        for x in v.iter_ones() {
            out.add(&column[x]);
        }
        out
    }

    /// `Sq^a Sq^b x`, `x` the `x`-th basis element of `M_t`.
    fn apply_two(&self, a: u64, b: u64, t: i64, x: usize) -> FpVector {
        self.apply(a, t + b as i64, &self.apply(b, t, &self.basis.unit(t, x)))
    }
}

/// `sq[0]` = identity; `sq[2^k]` from the file (unlisted: zero); `sq[i]`, `i` not a power
/// of two, from the Adem relation with `a = i − 2^k`, `b = 2^k`:
/// `Sq^i = Sq^a Sq^b + Σ_{c ≥ 1} binom(b−c−1, a−2c) Sq^{i−c} Sq^c` (the `c = 0`
/// coefficient `binom(2^k − 1, a)` is odd), all terms of smaller index.
fn squares<'a>(basis: &'a Basis<fp::P2>, generators: &[Operation<MilnorAlgebra>]) -> Squares<'a> {
    let span = (basis.max - basis.min) as u64;
    let mut squares = Squares {
        basis,
        sq: Vec::with_capacity(span as usize + 1),
    };
    for i in 0..=span {
        let column = (basis.min..=basis.max)
            .map(|t| {
                if t + i as i64 > basis.max {
                    return Vec::new();
                }
                (0..basis.dim(t))
                    .map(|x| square_of(&squares, generators, i, t, x))
                    .collect()
            })
            .collect();
        squares.sq.push(column);
    }
    squares
}

/// `Sq^i x` for the `x`-th basis element of `M_t` (`t + i ≤ max`), from the squares of
/// smaller index ([`squares`]).
fn square_of(
    squares: &Squares,
    generators: &[Operation<MilnorAlgebra>],
    i: u64,
    t: i64,
    x: usize,
) -> FpVector {
    let e = squares.basis.unit(t, x);
    if i == 0 {
        return e;
    }
    if i.is_power_of_two() {
        let g = generators.iter().find(|g| u64::from(g.degree) == i);
        return g.map_or_else(
            || squares.basis.zero(t + i as i64),
            |g| g.apply(squares.basis, t, &e),
        );
    }
    let b = 1u64 << (63 - i.leading_zeros());
    let a = i - b;
    let mut v = squares.apply_two(a, b, t, x);
    for c in 1..=a / 2 {
        if binom_odd((b - c - 1) as u32, (a - 2 * c) as u32) {
            v.add(&squares.apply_two(i - c, c, t, x));
        }
    }
    v
}

/// Every Adem relation `Sq^a Sq^b = Σ_c binom(b−c−1, a−2c) Sq^{a+b−c} Sq^c`, `0 < a < 2b`,
/// `a + b ≤ span`, on every basis element, the `Sq^i` derived from the `Sq^(2^k)` in
/// `generators`: then the squares `Sq^i`, `1 ≤ i ≤ span`, highest first. Error:
/// [`ModuleError::NotAModule`] naming the relation, the generator and both sides, e.g.
/// `Sq1 Sq1 = 0 … (Sq1 Sq1 x0 = x2)`.
pub(super) fn check_adem(
    file: &str,
    basis: &Basis<fp::P2>,
    generators: &[Operation<MilnorAlgebra>],
) -> Result<Vec<Operation<MilnorAlgebra>>, ModuleError> {
    let squares = squares(basis, generators);
    let span = (basis.max - basis.min) as u32;
    for total in 2..=span {
        for b in 1..total {
            let a = total - b;
            if a >= 2 * b {
                continue;
            }
            let terms = adem_terms(a, b);
            for t in basis.min..=basis.max - i64::from(total) {
                for x in 0..basis.dim(t) {
                    let lhs = squares.apply_two(a.into(), b.into(), t, x);
                    let mut rhs = basis.zero(t + i64::from(total));
                    for &c in &terms {
                        rhs.add(&squares.apply_two((total - c).into(), c.into(), t, x));
                    }
                    if lhs != rhs {
                        return Err(failure(file, basis, (a, b), &terms, (t, x), (&lhs, &rhs)));
                    }
                }
            }
        }
    }
    let operations = squares.sq.into_iter().enumerate().skip(1).rev();
    Ok(operations
        .map(|(i, action)| Operation {
            degree: i as u32,
            element: PPart::from_slice(&[i as u32]),
            name: format!("Sq{i}"),
            action,
        })
        .collect())
}

/// The error of the relation `Sq^a Sq^b = Σ_{c ∈ terms} Sq^{a+b−c} Sq^c` failing on the
/// `x`-th basis element of `M_t`, its sides `lhs` and `rhs`.
fn failure(
    file: &str,
    basis: &Basis<fp::P2>,
    (a, b): (u32, u32),
    terms: &[u32],
    (t, x): (i64, usize),
    (lhs, rhs): (&FpVector, &FpVector),
) -> ModuleError {
    let total = a + b;
    let top = t + i64::from(total);
    let name = basis.name(t, x);
    let sum = format_adem_sum(total, terms);
    let detail = if terms.is_empty() {
        format!("Sq{a} Sq{b} {name} = {}", basis.format(top, lhs))
    } else {
        let applied = if terms.len() == 1 {
            format!("{sum} {name}")
        } else {
            format!("({sum}) {name}")
        };
        format!(
            "Sq{a} Sq{b} {name} = {} but {applied} = {}",
            basis.format(top, lhs),
            basis.format(top, rhs)
        )
    };
    ModuleError::NotAModule {
        file: file.to_string(),
        relation: format!("Sq{a} Sq{b} = {sum}"),
        generator: name.to_string(),
        detail,
    }
}

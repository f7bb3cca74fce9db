//! The Adem relations at an odd prime, checked on a module's tabulated actions.
//!
//! For `a, b ≥ 1` (Steenrod–Epstein, "Cohomology operations", Ch. VI, §1; May,
//! "A general algebraic approach to Steenrod operations", Thm 4.7):
//!
//! * `a < pb`: `P^a P^b = Σ_j (−1)^{a+j} binom((p−1)(b−j)−1, a−pj) P^{a+b−j} P^j`;
//! * `a ≤ pb`: `P^a β P^b = Σ_j (−1)^{a+j} binom((p−1)(b−j), a−pj) β P^{a+b−j} P^j
//!   + Σ_j (−1)^{a+j+1} binom((p−1)(b−j)−1, a−pj−1) P^{a+b−j} β P^j`;
//!
//! and `β β = 0`. Together they present the mod p Steenrod algebra on `β` and
//! the `P^i`, so a module on which they hold is an A-module.

use fp::{FqVector, ValidPrime};

use super::super::build::Tables;
use super::super::kinds::binom_mod;
use super::super::ModuleError;
use crate::MilnorAlgebra;
use crate::MilnorQP;

/// A letter of a word in the generators: `β` or `P^n` (`n ≥ 1`).
#[derive(Clone, Copy)]
enum Letter {
    Beta,
    P(u32),
}

/// `c · w` (a word, leftmost letter applied last).
type Term = (u32, Vec<Letter>);

/// `(−1)^sign · binom(n, k) mod p`, `n ≥ 0`.
fn signed_binom(sign: u32, n: u32, k: u32, p: u32) -> u32 {
    let b = binom_mod(i64::from(n), i64::from(k), p);
    if sign.is_multiple_of(2) || b == 0 {
        b
    } else {
        p - b
    }
}

/// The right side of `P^a P^b` (`a < pb`), zero terms left out.
fn p_p(a: u32, b: u32, p: u32) -> Vec<Term> {
    (0..=a / p)
        .map(|j| {
            let c = signed_binom(a + j, (p - 1) * (b - j) - 1, a - p * j, p);
            (c, word(&[Letter::P(a + b - j), Letter::P(j)]))
        })
        .filter(|(c, _)| *c != 0)
        .collect()
}

/// The right side of `P^a β P^b` (`a ≤ pb`), zero terms left out.
fn p_beta_p(a: u32, b: u32, p: u32) -> Vec<Term> {
    let mut terms = Vec::new();
    for j in 0..=a / p {
        let c = signed_binom(a + j, (p - 1) * (b - j), a - p * j, p);
        terms.push((c, word(&[Letter::Beta, Letter::P(a + b - j), Letter::P(j)])));
    }
    for j in (0..=a / p).filter(|&j| a > p * j) {
        let c = signed_binom(a + j + 1, (p - 1) * (b - j) - 1, a - p * j - 1, p);
        terms.push((c, word(&[Letter::P(a + b - j), Letter::Beta, Letter::P(j)])));
    }
    terms.retain(|(c, _)| *c != 0);
    terms
}

/// The letters without `P^0 = 1`.
fn word(letters: &[Letter]) -> Vec<Letter> {
    letters
        .iter()
        .copied()
        .filter(|l| !matches!(l, Letter::P(0)))
        .collect()
}

fn format_word(w: &[Letter]) -> String {
    let parts: Vec<String> = w
        .iter()
        .map(|l| match l {
            Letter::Beta => "b".to_string(),
            Letter::P(n) => format!("P{n}"),
        })
        .collect();
    parts.join(" ")
}

/// `2 P2 + b P1`, or `0`.
fn format_sum(terms: &[Term]) -> String {
    if terms.is_empty() {
        return "0".to_string();
    }
    let parts: Vec<String> = terms
        .iter()
        .map(|(c, w)| {
            if *c == 1 {
                format_word(w)
            } else {
                format!("{c} {}", format_word(w))
            }
        })
        .collect();
    parts.join(" + ")
}

/// Words applied to the module through its tables.
struct Words<'a, 'b> {
    tables: &'a Tables<'b, MilnorAlgebra<ValidPrime>>,
    /// Index of `P(n)` in degree `2n(p−1)`, for `n ≤ span / 2(p−1)`.
    p_index: Vec<usize>,
    beta_index: Option<usize>,
    p: u32,
}

impl Words<'_, '_> {
    /// `w·v` for `v ∈ M_t` (rightmost letter first); a vector of `M_{t+|w|}`.
    fn apply(&self, w: &[Letter], t: i64, v: &FqVector<ValidPrime>) -> FqVector<ValidPrime> {
        let mut t = t;
        let mut v = v.clone();
        for l in w.iter().rev() {
            let (d, j) = match *l {
                Letter::Beta => (1, self.beta_index.expect("β is tabulated")),
                Letter::P(n) => (u64::from(2 * n * (self.p - 1)), self.p_index[n as usize]),
            };
            v = self.tables.apply(d, j, t, &v);
            t += d as i64;
        }
        v
    }

    fn apply_sum(&self, terms: &[Term], t: i64, top: i64, x: usize) -> FqVector<ValidPrime> {
        let basis = self.tables.basis;
        let mut out = basis.zero(top);
        for (c, w) in terms {
            out.add_scaled(&self.apply(w, t, &basis.unit(t, x)), *c);
        }
        out
    }
}

/// Every Adem relation of degree `≤ span` (and `β β = 0`) on every basis element.
/// Errors: [`ModuleError::NotAModule`] naming the relation, the generator and
/// both sides, e.g. `P1 b P1 = b P2 + P2 b … (P1 b P1 x0 = x9 but (b P2 + P2 b) x0 = 0)`.
pub(super) fn check_adem(
    file: &str,
    tables: &Tables<MilnorAlgebra<ValidPrime>>,
    algebra: &MilnorAlgebra<ValidPrime>,
) -> Result<(), ModuleError> {
    let basis = tables.basis;
    let p = algebra.prime();
    let span = (basis.max - basis.min) as u32;
    let q = 2 * (p - 1);
    let words = Words {
        tables,
        p_index: (0..=span / q)
            .map(|n| algebra.index_of(n * q, &MilnorQP::p_power(n)))
            .collect(),
        beta_index: (span >= 1).then(|| algebra.index_of(1, &MilnorQP::beta())),
        p,
    };
    let mut relations: Vec<(u32, Vec<Letter>, Vec<Term>)> = Vec::new();
    if span >= 2 {
        relations.push((2, vec![Letter::Beta, Letter::Beta], Vec::new()));
    }
    for total in 2..=span / q {
        for b in 1..total {
            let a = total - b;
            if a < p * b {
                relations.push((total * q, vec![Letter::P(a), Letter::P(b)], p_p(a, b, p)));
            }
            if a <= p * b && total * q < span {
                let lhs = vec![Letter::P(a), Letter::Beta, Letter::P(b)];
                relations.push((total * q + 1, lhs, p_beta_p(a, b, p)));
            }
        }
    }
    for (degree, lhs_word, terms) in &relations {
        let degree = i64::from(*degree);
        for t in basis.min..=basis.max - degree {
            let top = t + degree;
            for x in 0..basis.dim(t) {
                let lhs = words.apply(lhs_word, t, &basis.unit(t, x));
                let rhs = words.apply_sum(terms, t, top, x);
                if lhs != rhs {
                    let name = &basis.names[(t - basis.min) as usize][x];
                    let (lw, sum) = (format_word(lhs_word), format_sum(terms));
                    let detail = if terms.is_empty() {
                        format!("{lw} {name} = {}", basis.format(top, &lhs))
                    } else {
                        let applied = if terms.len() == 1 && terms[0].0 == 1 {
                            format!("{sum} {name}")
                        } else {
                            format!("({sum}) {name}")
                        };
                        format!(
                            "{lw} {name} = {} but {applied} = {}",
                            basis.format(top, &lhs),
                            basis.format(top, &rhs)
                        )
                    };
                    return Err(ModuleError::NotAModule {
                        file: file.to_string(),
                        relation: format!("{lw} = {sum}"),
                        generator: name.clone(),
                        detail,
                    });
                }
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lucas_binomials() {
        // binom(5, 2) = 10 ≡ 1 mod 3; binom(9, 3) = 84 ≡ 0 mod 3; binom(7, 2) = 21 ≡ 1 mod 5.
        assert_eq!(binom_mod(5, 2, 3), 1);
        assert_eq!(binom_mod(9, 3, 3), 0);
        assert_eq!(binom_mod(7, 2, 5), 1);
        assert_eq!(binom_mod(2, 3, 3), 0);
        assert_eq!(binom_mod(0, 0, 7), 1);
        // binom(−1, 3) = (−1)^3 = −1 ≡ 2 mod 3; binom(−2, 1) = −2 ≡ 1 mod 3.
        assert_eq!(binom_mod(-1, 3, 3), 2);
        assert_eq!(binom_mod(-2, 1, 3), 1);
    }

    #[test]
    fn the_first_relations_at_p_3() {
        // P^1 P^1 = −binom(1, 1) P^2 = 2 P^2 (Steenrod–Epstein VI.1 with p = 3).
        assert_eq!(format_sum(&p_p(1, 1, 3)), "2 P2");
        // P^1 β P^1 = −binom(2, 1) β P^2 + binom(1, 0) P^2 β = β P^2 + P^2 β.
        assert_eq!(format_sum(&p_beta_p(1, 1, 3)), "b P2 + P2 b");
        // P^1 P^2 = (−1)·binom(3, 1) P^3 = 0 at p = 3.
        assert_eq!(format_sum(&p_p(1, 2, 3)), "0");
        // P^3 P^1 is admissible (3 = p·1): no relation; P^2 P^1 = (+1)·binom(1, 2) = 0.
        assert_eq!(format_sum(&p_p(2, 1, 3)), "0");
    }
}

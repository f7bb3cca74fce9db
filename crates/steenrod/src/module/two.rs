//! The p = 2 part of a [`FiniteModule`], as [`ModuleAlgebra`] and [`FileAlgebra`] for
//! the Milnor basis `Sq(R)`: the notation of a factor (`Sq<i>`, `Sq(r1,r2,…)`) and of a
//! sum (generators joined by `+`, repeats cancelling mod 2), the generators `Sq^(2^k)`,
//! and the Adem relations checked (`two/adem.rs`).

mod adem;

use std::fmt;

use fp::{FpVector, P2};
use serde_json::Value;

use super::build::Tables;
use super::file_algebra::{CellsAndActions, FileAlgebra, FileObject};
use super::json::ActionSpec;
use super::keys::Notation;
use super::kinds::{exponent, lens_spec, real_projective, Kind};
use super::{build, Coproduct, ModuleAlgebra, ModuleError};
use crate::{
    available_memory, table_budget_for, MilnorAlgebra, PPart, Profile, DEFAULT_TABLE_BUDGET,
};

impl ModuleAlgebra for MilnorAlgebra {
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
}

/// The reader of `Sq^(2^k)` actions: `Sq<i>` and Milnor basis elements `Sq(r1,r2,…)` (also
/// `P(r1,…)`); a right side is generators joined by `+` (a repeat cancels mod 2).
impl FileAlgebra for MilnorAlgebra {
    type Factor = SqFactor;
    const NOTATION: Notation = Notation::Squares;
    const GENERATORS: &'static str = "the Sq^(2^k)";
    const READS_OVER_PROFILE: bool = true; // as a B-module alone: `build/sub.rs`

    fn file_prime(file: &str, p: Option<&Value>) -> Result<P2, ModuleError> {
        check_prime(file, p).map(|()| P2)
    }

    /// `Sq<i>`, or a Milnor basis element `Sq(r1,r2,…)` (also `P(r1,…)`), trailing zeros
    /// dropped.
    fn parse_factor(token: &str) -> Result<SqFactor, String> {
        let unknown = || {
            format!("unknown operation \"{token}\"; expected Sq<i> (e.g. Sq2), a Milnor element Sq(r1,r2,...) or a product of these")
        };
        let inner = token
            .strip_prefix("Sq(")
            .or_else(|| token.strip_prefix("P("))
            .and_then(|rest| rest.strip_suffix(')'));
        if let Some(inner) = inner {
            let mut r = inner
                .split(',')
                .map(|x| x.trim().parse::<u32>().map_err(|_| unknown()))
                .collect::<Result<Vec<u32>, String>>()?;
            while r.last() == Some(&0) {
                r.pop();
            }
            return Ok(match r.len() {
                0 => SqFactor::Sq(0),
                1 => SqFactor::Sq(r[0]),
                _ => SqFactor::Milnor(r),
            });
        }
        match token.strip_prefix("Sq") {
            Some(digits) if !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()) => {
                digits
                    .parse::<u32>()
                    .map(SqFactor::Sq)
                    .map_err(|_| format!("\"{token}\": the exponent is too large"))
            }
            _ => Err(unknown()),
        }
    }

    /// The degree `i`, or `Σ r_k (2^k − 1)`, saturating at `u64::MAX`.
    fn factor_degree(f: &SqFactor, _p: u32) -> u64 {
        match f {
            SqFactor::Sq(i) => u64::from(*i),
            SqFactor::Milnor(r) => r.iter().enumerate().fold(0u64, |acc, (k, &x)| {
                if x == 0 {
                    return acc;
                }
                let weight = if k + 1 >= 63 {
                    u64::MAX
                } else {
                    (1u64 << (k + 1)) - 1
                };
                acc.saturating_add(weight.saturating_mul(u64::from(x)))
            }),
        }
    }

    fn factor_element(f: &SqFactor) -> Option<PPart> {
        match f {
            SqFactor::Sq(i) => PPart::try_from_slice(&[*i]),
            SqFactor::Milnor(r) => PPart::try_from_slice(r),
        }
    }

    fn generator_degree(f: &SqFactor, _p: u32) -> Option<u64> {
        match f {
            SqFactor::Sq(i) if i.is_power_of_two() => Some(u64::from(*i)),
            _ => None,
        }
    }

    fn generator_factor(degree: u32, _p: u32) -> SqFactor {
        SqFactor::Sq(degree)
    }

    fn parse_term(term: &str, _p: u32) -> Result<(&str, u32), String> {
        if term.chars().any(char::is_whitespace) {
            return Err(format!(
                "\"{term}\" on the right side is not a generator name (terms are joined by '+')"
            ));
        }
        Ok((term, 1))
    }

    /// The real projective space and `BZ/2 = RP^∞`; the complex projective space and
    /// `BZ/2^k`, k ≥ 2, as at every prime ([`lens_spec`]).
    fn space(source: &FileObject, kind: Kind, p: u32) -> Result<CellsAndActions, ModuleError> {
        match kind {
            Kind::ClassifyingSpace if exponent(source.file, source.obj)? >= 2 => {
                lens_spec(source, p, false)
            }
            Kind::ComplexProjective => lens_spec(source, p, true),
            _ => real_projective(source),
        }
    }

    /// The Adem relations checked on the squares derived from the `Sq^(2^k)`, then the
    /// Milnor basis tabulated through those squares (`Sq(R) = Σ_k c_k Sq^{i_k}·Sq(R'_k)`).
    fn tabulate_checked<'a>(
        file: &str,
        mut tables: Tables<'a, MilnorAlgebra>,
        algebra: &MilnorAlgebra,
    ) -> Result<Tables<'a, MilnorAlgebra>, ModuleError> {
        let squares = adem::check_adem(file, tables.basis, &tables.generators)?;
        tables.milnor = build::fill_milnor(tables.basis, &squares, algebra)
            .expect("the products Sq(i)·Sq(R) span A_d");
        Ok(tables)
    }

    fn cancelled_terms(action: &ActionSpec<SqFactor>) -> Option<String> {
        cancelled_terms(action)
    }
}

/// One factor of an operation: `Sq^i` or a Milnor basis element `Sq(R)`.
///
/// Normal form: a Milnor element has at least two significant entries (no
/// trailing zeros); `Sq(i)` is stored as `Sq(i)` = `SqFactor::Sq(i)`, so that
/// `Sq2` and `Sq(2)` compare equal.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(super) enum SqFactor {
    Sq(u32),
    Milnor(Vec<u32>),
}

impl fmt::Display for SqFactor {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SqFactor::Sq(i) => write!(f, "Sq{i}"),
            SqFactor::Milnor(r) => {
                let parts: Vec<String> = r.iter().map(u32::to_string).collect();
                write!(f, "Sq({})", parts.join(","))
            }
        }
    }
}

/// The line [`FiniteModule::cancelled_terms`] keeps for `action` when its right side
/// names a generator an even number of times (`x + x = 0` in a vector space over F_2),
/// else `None`.
fn cancelled_terms(action: &ActionSpec<SqFactor>) -> Option<String> {
    // (name, count) in the order of first appearance; a right side may be long.
    let mut at: std::collections::HashMap<&str, usize> = std::collections::HashMap::new();
    let mut counts: Vec<(&str, usize)> = Vec::new();
    for (t, _) in &action.targets {
        match at.get(t.as_str()) {
            Some(&i) => counts[i].1 += 1,
            None => {
                at.insert(t, counts.len());
                counts.push((t, 1));
            }
        }
    }
    if counts.len() == action.targets.len() {
        return None;
    }
    let even: Vec<String> = counts
        .iter()
        .filter(|&&(_, n)| n % 2 == 0)
        .map(|&(name, n)| format!("{name} written {n} times"))
        .collect();
    if even.is_empty() {
        return None;
    }
    let left: Vec<&str> = counts
        .iter()
        .filter(|&&(_, n)| n % 2 == 1)
        .map(|&(name, _)| name)
        .collect();
    let read = if left.is_empty() {
        "0".to_string()
    } else {
        left.join(" + ")
    };
    Some(format!(
        "{}: {} cancels mod 2 (read as {read})",
        action.field,
        even.join(", ")
    ))
}

fn check_prime(file: &str, p: Option<&Value>) -> Result<(), ModuleError> {
    let Some(v) = p else {
        return Err(ModuleError::field(
            file,
            "p",
            "missing (the prime: 2, or an odd prime below 256)",
        ));
    };
    match v.as_i64() {
        Some(2) => Ok(()),
        Some(p) if u32::try_from(p).is_ok_and(|p| p != 2 && fp::ValidPrime::new(p).is_ok()) => {
            Err(ModuleError::OddPrime {
                file: file.to_string(),
                p: p as u32,
            })
        }
        Some(p) => Err(ModuleError::UnsupportedPrime {
            file: file.to_string(),
            p,
        }),
        None => Err(ModuleError::field(
            file,
            "p",
            format!("expected the prime as an integer (2, or an odd prime below 256), found {v}"),
        )),
    }
}

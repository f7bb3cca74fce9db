//! The odd-primary part of a [`FiniteModule`], as [`ModuleAlgebra`] and
//! [`FileAlgebra`] for the Milnor basis `Q(E)P(R)` of the mod p Steenrod algebra (files
//! with `"p": 3`, 5, 7, …; `MODULE-FORMAT.md`, "Odd primes"): the notation of a factor
//! (`b`/`β`, `P<n>`, `P^<n>`, `Q_<i>`/`Q<i>`, `P(r1,…)`, `Q(i,…)`, `Q(i,…)P(r,…)`) and of a
//! term (`[c ]GEN`, an integer `c` reduced mod p), the generators `β` and `P^(p^k)` (the
//! reduced powers), and the Adem relations checked (`reduced_powers/adem.rs`).

mod adem;

use std::fmt;

use fp::{FqVector, Prime, ValidPrime};
use serde_json::Value;

use super::build::Tables;
use super::file_algebra::{CellsAndActions, FileAlgebra, FileObject};
use super::json::ActionSpec;
use super::keys::Notation;
use super::kinds::{lens_spec, Kind};
use super::{build, Coproduct, ModuleAlgebra, ModuleError};
use crate::{MilnorAlgebra, MilnorQP, PPart, Profile};

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
}

/// The reader of `β` and `P^(p^k)` actions (see [`QpFactor`] for the factors); a right
/// side is terms `GEN` or `c GEN` joined by `+`.
impl FileAlgebra for MilnorAlgebra<ValidPrime> {
    type Factor = QpFactor;
    const NOTATION: Notation = Notation::ReducedPowers;
    const GENERATORS: &'static str = "b and the P^(p^k)";
    // A module over a profile is read as an A-module and restricted (not yet as a
    // module over the sub-Hopf algebra alone, as at p = 2).
    const READS_OVER_PROFILE: bool = false;

    fn file_prime(file: &str, p: Option<&Value>) -> Result<ValidPrime, ModuleError> {
        read_prime(file, p)
    }

    /// One factor: `b`, `β`, `Q_<i>`, `Q<i>`, `P<n>`, `P^<n>`, `P(r1,…)`,
    /// `Q(i,…)`, `Q(i,…)P(r,…)`.
    fn parse_factor(token: &str) -> Result<QpFactor, String> {
        let unknown = || {
            let hint = if token.starts_with("Sq") {
                " (Sq^i is the notation at p = 2)"
            } else {
                ""
            };
            format!("unknown operation \"{token}\"{hint}; expected b (or β), P<n> (e.g. P1), P^<n>, Q_<i>, a Milnor element P(r1,r2,...), Q(i,j,...) or Q(i,...)P(r,...), or a product of these")
        };
        if token == "b" || token == "β" {
            return Ok(QpFactor {
                e: vec![0],
                r: Vec::new(),
            });
        }
        if let Some(rest) = token.strip_prefix("Q(") {
            let (inner, tail) = rest.split_once(')').ok_or_else(unknown)?;
            let e = numbers(inner).ok_or_else(unknown)?;
            if e.windows(2).any(|w| w[0] >= w[1]) {
                return Err(format!(
                    "\"{token}\": the indices of Q(...) must increase (Q(E) is Q_i for i in E in increasing order)"
                ));
            }
            let r = if tail.is_empty() {
                Vec::new()
            } else {
                milnor_p(tail).ok_or_else(unknown)?
            };
            return Ok(QpFactor { e, r });
        }
        if let Some(r) = milnor_p(token) {
            return Ok(QpFactor { e: Vec::new(), r });
        }
        let number = |prefix: &str| {
            token
                .strip_prefix(prefix)
                .filter(|d| !d.is_empty() && d.bytes().all(|b| b.is_ascii_digit()))
        };
        if let Some(d) = number("Q_").or_else(|| number("Q")) {
            let i = d
                .parse::<u32>()
                .map_err(|_| format!("\"{token}\": the index is too large"))?;
            return Ok(QpFactor {
                e: vec![i],
                r: Vec::new(),
            });
        }
        if let Some(d) = number("P^").or_else(|| number("P")) {
            let n = d
                .parse::<u32>()
                .map_err(|_| format!("\"{token}\": the exponent is too large"))?;
            let r = if n == 0 { Vec::new() } else { vec![n] };
            return Ok(QpFactor { e: Vec::new(), r });
        }
        Err(unknown())
    }

    /// `|Q(E)P(R)| = Σ_{i∈E} (2p^i − 1) + Σ_k r_k·2(p^k − 1)`, saturating at
    /// `u64::MAX`.
    fn factor_degree(f: &QpFactor, p: u32) -> u64 {
        let power = |i: u32| u64::from(p).checked_pow(i).unwrap_or(u64::MAX);
        let q: u64 = f.e.iter().fold(0u64, |acc, &i| {
            acc.saturating_add(power(i).saturating_mul(2).saturating_sub(1))
        });
        f.r.iter().enumerate().fold(q, |acc, (k, &x)| {
            let weight = power(k as u32 + 1).saturating_sub(1).saturating_mul(2);
            acc.saturating_add(weight.saturating_mul(u64::from(x)))
        })
    }

    /// The Milnor basis element `Q(E)P(R)` of the factor, if it has one (every `Q_i` index
    /// below 32, `R` of at most `MAX_PPART_LEN` entries: true of every
    /// factor of a degree a module can tabulate).
    fn factor_element(f: &QpFactor) -> Option<MilnorQP> {
        let e =
            f.e.iter()
                .try_fold(0u32, |acc, &i| (i < 32).then(|| acc | (1 << i)))?;
        Some(MilnorQP {
            e,
            r: PPart::try_from_slice(&f.r)?,
        })
    }

    /// The degree of the algebra generator this factor is at `p`, if it is one: `β = Q_0`
    /// (degree 1), or `P^{p^k} = P(p^k)` (degree `2(p − 1)p^k`).
    fn generator_degree(f: &QpFactor, p: u32) -> Option<u64> {
        match (f.e.as_slice(), f.r.as_slice()) {
            ([0], []) => Some(1),
            ([], [n]) => {
                let mut q = 1u32;
                while q < *n {
                    q = q.checked_mul(p)?;
                }
                (q == *n).then(|| 2 * u64::from(p - 1) * u64::from(q))
            }
            _ => None,
        }
    }

    fn generator_factor(degree: u32, p: u32) -> QpFactor {
        match degree {
            1 => QpFactor {
                e: vec![0],
                r: Vec::new(),
            },
            _ => QpFactor {
                e: Vec::new(),
                r: vec![degree / (2 * (p - 1))],
            },
        }
    }

    fn parse_term(term: &str, p: u32) -> Result<(&str, u32), String> {
        let words: Vec<&str> = term.split_whitespace().collect();
        match words.as_slice() {
            [name] => Ok((name, 1)),
            [c, name] => Ok((name, coefficient(c, p)?)),
            _ => Err(format!(
                "\"{term}\" on the right side is not a term (a generator name, or an integer coefficient, a space and a generator name; terms are joined by '+')"
            )),
        }
    }

    /// `BZ/p^k` and the complex projective space ([`lens_spec`]; the real projective
    /// space is refused before, by its type).
    fn space(source: &FileObject, kind: Kind, p: u32) -> Result<CellsAndActions, ModuleError> {
        let complex = kind == Kind::ComplexProjective;
        lens_spec(source, p, complex)
    }

    /// The Milnor basis tabulated through the generators, then the Adem relations checked
    /// on the tables.
    fn tabulate_checked<'a>(
        file: &str,
        mut tables: Tables<'a, MilnorAlgebra<ValidPrime>>,
        algebra: &MilnorAlgebra<ValidPrime>,
    ) -> Result<Tables<'a, MilnorAlgebra<ValidPrime>>, ModuleError> {
        tables.milnor = build::fill_milnor(tables.basis, &tables.generators, algebra)
            .expect("the products g·y span A_d");
        adem::check_adem(file, &tables, algebra)?;
        Ok(tables)
    }

    /// None: a coefficient is written as a number, and a repeat is that many copies.
    fn cancelled_terms(_: &ActionSpec<QpFactor>) -> Option<String> {
        None
    }
}

/// A Milnor basis element `Q(E)P(R)` as a factor of an operation (Milnor 1958,
/// §6–7). Normal form: `e` strictly increasing, `r` without trailing zeros, so
/// `b`, `β`, `Q_0`, `Q(0)` compare equal, and so do `P1`, `P^1` and `P(1)`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(super) struct QpFactor {
    /// The exterior indices `E` (`Q_i` for `i ∈ E`), increasing.
    pub e: Vec<u32>,
    /// `R = (r_1, r_2, …)`.
    pub r: Vec<u32>,
}

/// Prints `b`, `P3`, `Q_1`, `Q(0,1)P(2,1)`, `1`.
impl fmt::Display for QpFactor {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let list = |v: &[u32]| v.iter().map(u32::to_string).collect::<Vec<_>>().join(",");
        match (self.e.as_slice(), self.r.as_slice()) {
            ([], []) => f.write_str("1"),
            ([0], []) => f.write_str("b"),
            ([i], []) => write!(f, "Q_{i}"),
            ([], [n]) => write!(f, "P{n}"),
            (e, []) => write!(f, "Q({})", list(e)),
            ([], r) => write!(f, "P({})", list(r)),
            (e, r) => write!(f, "Q({})P({})", list(e), list(r)),
        }
    }
}

/// An integer coefficient (optionally negative) reduced into `0..p`.
fn coefficient(c: &str, p: u32) -> Result<u32, String> {
    let digits = c.strip_prefix('-').unwrap_or(c);
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Err(format!(
            "\"{c}\" is not an integer coefficient (write the coefficient, a space, then the generator: 2 x4)"
        ));
    }
    // Reduce digit by digit: any length of digits is read exactly.
    let p64 = u64::from(p);
    let r = digits
        .bytes()
        .fold(0u64, |acc, b| (acc * 10 + u64::from(b - b'0')) % p64);
    Ok(if c.starts_with('-') {
        ((p64 - r) % p64) as u32
    } else {
        r as u32
    })
}

/// `P(r1,…)` as `R` without trailing zeros; `None` if it is not that.
fn milnor_p(token: &str) -> Option<Vec<u32>> {
    let inner = token.strip_prefix("P(")?.strip_suffix(')')?;
    let mut r = numbers(inner)?;
    while r.last() == Some(&0) {
        r.pop();
    }
    Some(r)
}

/// `1, 2,3` as numbers; `None` on anything else (an empty list included).
fn numbers(inner: &str) -> Option<Vec<u32>> {
    inner
        .split(',')
        .map(|x| {
            let x = x.trim();
            if x.bytes().all(|b| b.is_ascii_digit()) {
                x.parse::<u32>().ok()
            } else {
                None
            }
        })
        .collect()
}

/// The file's `p` as an odd prime. Errors: missing, not an integer, not a
/// prime below 256 (fp's message), or 2.
fn read_prime(file: &str, p: Option<&Value>) -> Result<ValidPrime, ModuleError> {
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

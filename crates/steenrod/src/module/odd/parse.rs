//! The syntax of `actions` at an odd prime (see `MODULE-FORMAT.md`):
//! `"OP GEN = SUM"`, `OP` a product of factors `b`/`β`, `P<n>`, `P^<n>`,
//! `Q_<i>`/`Q<i>`, `P(r1,…)`, `Q(i,…)`, `Q(i,…)P(r,…)`, `SUM` terms
//! `[c ]GEN` joined by `+` (an integer `c`, reduced mod p), or `0`.

use std::fmt;

use super::super::json::{split_action, ActionParts};
use super::super::presented::RelationNotation;
use super::super::shape::ListedAction;
use super::super::ModuleError;
use crate::PPart;
use crate::{odd::MilnorQP, MilnorAlgebra};
use fp::ValidPrime;

/// One entry of `actions` at an odd prime, syntax checked.
#[derive(Debug)]
pub(super) struct OddActionSpec {
    /// How errors name it: `actions[3] "P1 b x0 = 2 x5"`.
    pub field: String,
    /// The left side as written, trimmed: `P1 b x0`.
    pub lhs: String,
    /// The operation as written, trimmed: `P1 b`.
    pub op_text: String,
    /// The factors, leftmost first (applied right to left).
    pub op: Vec<OddFactor>,
    /// The operation's degree at the file's prime (saturating).
    pub degree: u64,
    /// The generator acted on.
    pub source: String,
    /// The right side: `(generator, coefficient in 0..p)` in the file's order
    /// (a generator named twice: the coefficients add).
    pub targets: Vec<(String, u32)>,
}

impl ListedAction for OddActionSpec {
    type Key = Vec<OddFactor>;
    fn field(&self) -> &str {
        &self.field
    }
    fn lhs(&self) -> &str {
        &self.lhs
    }
    fn op_text(&self) -> &str {
        &self.op_text
    }
    fn op_key(&self) -> &Vec<OddFactor> {
        &self.op
    }
    fn op_degree(&self) -> u64 {
        self.degree
    }
    fn source(&self) -> &str {
        &self.source
    }
    fn target_names(&self) -> Vec<&str> {
        self.targets.iter().map(|(n, _)| n.as_str()).collect()
    }
}

/// A Milnor basis element `Q(E)P(R)` as a factor of an operation (Milnor 1958,
/// §6–7). Normal form: `e` strictly increasing, `r` without trailing zeros, so
/// `b`, `β`, `Q_0`, `Q(0)` compare equal, and so do `P1`, `P^1` and `P(1)`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(super) struct OddFactor {
    /// The exterior indices `E` (`Q_i` for `i ∈ E`), increasing.
    pub e: Vec<u32>,
    /// `R = (r_1, r_2, …)`.
    pub r: Vec<u32>,
}

impl OddFactor {
    /// `|Q(E)P(R)| = Σ_{i∈E} (2p^i − 1) + Σ_k r_k·2(p^k − 1)`, saturating at
    /// `u64::MAX`.
    pub fn degree(&self, p: u32) -> u64 {
        let power = |i: u32| u64::from(p).checked_pow(i).unwrap_or(u64::MAX);
        let q: u64 = self.e.iter().fold(0u64, |acc, &i| {
            acc.saturating_add(power(i).saturating_mul(2).saturating_sub(1))
        });
        self.r.iter().enumerate().fold(q, |acc, (k, &x)| {
            let weight = power(k as u32 + 1).saturating_sub(1).saturating_mul(2);
            acc.saturating_add(weight.saturating_mul(u64::from(x)))
        })
    }

    /// The algebra generator this factor is at `p`, if it is one: `β = Q_0`, or
    /// `P^{p^k} = P(p^k)`.
    pub fn generator(&self, p: u32) -> Option<Generator> {
        match (self.e.as_slice(), self.r.as_slice()) {
            ([0], []) => Some(Generator::Beta),
            ([], [n]) => {
                let mut q = 1u32;
                let mut k = 0u32;
                while q < *n {
                    q = q.checked_mul(p)?;
                    k += 1;
                }
                (q == *n).then_some(Generator::P(k))
            }
            _ => None,
        }
    }

    /// The Milnor basis element `Q(E)P(R)` of the factor, if it has one (every `Q_i` index
    /// below 32, `R` of at most `MAX_PPART_LEN` entries: true of every
    /// factor of a degree a module can tabulate).
    pub fn milnor_element(&self) -> Option<MilnorQP> {
        let e = self
            .e
            .iter()
            .try_fold(0u32, |acc, &i| (i < 32).then(|| acc | (1 << i)))?;
        Some(MilnorQP {
            e,
            r: PPart::try_from_slice(&self.r)?,
        })
    }

    /// The sum of the degrees of `op`'s factors (saturating).
    pub fn total_degree(op: &[OddFactor], p: u32) -> u64 {
        op.iter()
            .fold(0u64, |acc, f| acc.saturating_add(f.degree(p)))
    }
}

/// An algebra generator of the mod p Steenrod algebra: `β` or `P^{p^k}`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Generator {
    Beta,
    /// `P^{p^k}`.
    P(u32),
}

/// Prints `b`, `P3`, `Q_1`, `Q(0,1)P(2,1)`, `1`.
impl fmt::Display for OddFactor {
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

impl RelationNotation for MilnorAlgebra<ValidPrime> {
    /// `b` (or `β`), `P<n>`, `P^<n>`, `Q_<i>`, `P(r1,…)`, `Q(i,…)`, `Q(i,…)P(r,…)`.
    fn factor(token: &str, p: u32) -> Result<(u64, Option<MilnorQP>), String> {
        let f = parse_factor(token)?;
        Ok((f.degree(p), f.milnor_element()))
    }
}

/// Parse `"OP GEN = SUM"` at the prime `p` (entry `i` of `actions` in `file`).
pub(super) fn parse_action(
    file: &str,
    i: usize,
    text: &str,
    p: u32,
) -> Result<OddActionSpec, ModuleError> {
    let field = format!("actions[{i}] {text:?}");
    let err = |reason: String| ModuleError::field(file, &field, reason);
    let ActionParts {
        lhs,
        factors,
        source,
        op_text,
        rhs,
    } = split_action(text).map_err(&err)?;
    let op = factors
        .iter()
        .map(|t| parse_factor(t))
        .collect::<Result<Vec<_>, _>>()
        .map_err(&err)?;
    let targets = parse_sum(rhs.trim(), p).map_err(&err)?;
    Ok(OddActionSpec {
        field,
        lhs: lhs.to_string(),
        op_text,
        degree: OddFactor::total_degree(&op, p),
        op,
        source: source.to_string(),
        targets,
    })
}

/// `0`, or terms `GEN` / `c GEN` joined by `+` (`c` an integer, `-` allowed,
/// reduced mod p).
fn parse_sum(rhs: &str, p: u32) -> Result<Vec<(String, u32)>, String> {
    if rhs.is_empty() {
        return Err("the right side is empty (write 0 for zero)".into());
    }
    let mut targets = Vec::new();
    for term in rhs.split('+') {
        let term = term.trim();
        if term.is_empty() {
            return Err("an empty term on the right side".into());
        }
        let words: Vec<&str> = term.split_whitespace().collect();
        let (c, name) = match words.as_slice() {
            [name] => (1, *name),
            [c, name] => (coefficient(c, p)?, *name),
            _ => {
                return Err(format!(
                    "\"{term}\" on the right side is not a term (a generator name, or an integer coefficient, a space and a generator name; terms are joined by '+')"
                ))
            }
        };
        if name != "0" {
            targets.push((name.to_string(), c));
        }
    }
    Ok(targets)
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

/// One factor: `b`, `β`, `Q_<i>`, `Q<i>`, `P<n>`, `P^<n>`, `P(r1,…)`,
/// `Q(i,…)`, `Q(i,…)P(r,…)`.
fn parse_factor(token: &str) -> Result<OddFactor, String> {
    let unknown = || {
        let hint = if token.starts_with("Sq") {
            " (Sq^i is the notation at p = 2)"
        } else {
            ""
        };
        format!("unknown operation \"{token}\"{hint}; expected b (or β), P<n> (e.g. P1), P^<n>, Q_<i>, a Milnor element P(r1,r2,...), Q(i,j,...) or Q(i,...)P(r,...), or a product of these")
    };
    if token == "b" || token == "β" {
        return Ok(OddFactor {
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
        return Ok(OddFactor { e, r });
    }
    if let Some(r) = milnor_p(token) {
        return Ok(OddFactor { e: Vec::new(), r });
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
        return Ok(OddFactor {
            e: vec![i],
            r: Vec::new(),
        });
    }
    if let Some(d) = number("P^").or_else(|| number("P")) {
        let n = d
            .parse::<u32>()
            .map_err(|_| format!("\"{token}\": the exponent is too large"))?;
        let r = if n == 0 { Vec::new() } else { vec![n] };
        return Ok(OddFactor { e: Vec::new(), r });
    }
    Err(unknown())
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

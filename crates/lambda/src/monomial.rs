//! Monomials `λ_I = λ_{i_1} ⋯ λ_{i_s}` of the Lambda algebra and its admissible basis.

use std::fmt;

/// A monomial `λ_{i_1} ⋯ λ_{i_s}` (the empty one is the unit): filtration `s` (its length)
/// and stem `Σ i_j` (internal degree `t = stem + s`). Admissible when `2 i_j ≥ i_{j+1}` for
/// every `j` (Ravenel §3.3); the admissible monomials are a basis of `Λ`.
#[derive(Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Debug, Default)]
pub struct Monomial(pub Vec<u16>);

impl Monomial {
    /// The indices `i_1, …, i_s`.
    pub fn indices(&self) -> &[u16] {
        &self.0
    }

    /// Filtration `s`: the number of factors.
    pub fn s(&self) -> u32 {
        self.0.len() as u32
    }

    /// Stem `Σ i_j`.
    pub fn stem(&self) -> i32 {
        self.0.iter().map(|&i| i as i32).sum()
    }

    /// Whether `2 i_j ≥ i_{j+1}` for every `j`.
    pub fn is_admissible(&self) -> bool {
        self.0.windows(2).all(|w| 2 * w[0] >= w[1])
    }
}

impl fmt::Display for Monomial {
    /// `λ_{3,1,1}` style: `λ(3,1,1)`; the unit is `1`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.0.is_empty() {
            return write!(f, "1");
        }
        let parts: Vec<String> = self.0.iter().map(|i| i.to_string()).collect();
        write!(f, "λ({})", parts.join(","))
    }
}

/// The admissible monomials of filtration `s` and stem `stem` whose first index is below
/// `first_below` (`None`: no bound, all of `Λ`; `Some(N)`: the basis of `Λ(N)`), in
/// lexicographic order of their indices. Empty for a negative stem.
pub fn basis(s: u32, stem: i32, first_below: Option<u32>) -> Vec<Monomial> {
    let mut out = Vec::new();
    if stem < 0 {
        return out;
    }
    let bound = first_below.map_or(stem as u32, |n| (n.max(1) - 1).min(stem as u32));
    if first_below == Some(0) {
        return out;
    }
    let mut prefix = Vec::with_capacity(s as usize);
    extend(&mut prefix, s as usize, stem as u32, bound, &mut out);
    out
}

/// Every admissible completion of `prefix` by `left` more factors of total stem `stem`,
/// the next factor at most `max_next`.
fn extend(prefix: &mut Vec<u16>, left: usize, stem: u32, max_next: u32, out: &mut Vec<Monomial>) {
    if left == 0 {
        if stem == 0 {
            out.push(Monomial(prefix.clone()));
        }
        return;
    }
    // The rest, `left − 1` factors after `i`, has stem at most `i (2 + 4 + …)`: prune
    // the `i` too small to reach `stem`.
    let reach = |i: u32| -> u64 { i as u64 * ((1u64 << left.min(40)) - 1) };
    for i in 0..=max_next.min(stem) {
        if reach(i) < stem as u64 {
            continue;
        }
        prefix.push(i as u16);
        extend(prefix, left - 1, stem - i, 2 * i, out);
        prefix.pop();
    }
}

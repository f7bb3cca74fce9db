//! Monomials `λ_I = λ_{i_1} ⋯ λ_{i_s}` of the Lambda algebra and its admissible basis.

use std::fmt;

/// The most factors a [`Monomial`] holds.
pub const MAX_FACTORS: usize = 47;

/// A monomial `λ_{i_1} ⋯ λ_{i_s}` (the empty one is the unit): filtration `s` (its length)
/// and stem `Σ i_j` (internal degree `t = stem + s`). Admissible when `2 i_j ≥ i_{j+1}` for
/// every `j` (Ravenel §3.3); the admissible monomials are a basis of `Λ`.
///
/// Held inline (a copy, no allocation): at most [`MAX_FACTORS`] factors, each index `≤ 255`
/// (stems beyond every range this crate is used for).
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct Monomial {
    len: u8,
    factors: [u8; MAX_FACTORS],
}

impl Default for Monomial {
    /// The unit: no factors.
    fn default() -> Self {
        Monomial {
            len: 0,
            factors: [0; MAX_FACTORS],
        }
    }
}

impl Monomial {
    /// `λ_{i_1} ⋯ λ_{i_s}`. Panics beyond [`MAX_FACTORS`] factors or an index above 255.
    pub fn new(indices: &[u16]) -> Self {
        assert!(indices.len() <= MAX_FACTORS, "{} factors", indices.len());
        let mut factors = [0u8; MAX_FACTORS];
        for (f, &i) in factors.iter_mut().zip(indices) {
            *f = u8::try_from(i).expect("a λ index above 255");
        }
        Monomial {
            len: indices.len() as u8,
            factors,
        }
    }

    /// The indices `i_1, …, i_s`.
    pub fn indices(&self) -> &[u8] {
        &self.factors[..self.len as usize]
    }

    /// `λ_i` times this monomial, as a word (not reduced).
    pub(crate) fn prepend(&self, i: u16) -> Monomial {
        let mut out = Monomial::new(&[i]);
        out.factors[1..=self.len as usize].copy_from_slice(self.indices());
        out.len = self.len + 1;
        out
    }

    /// The monomial without its first factor.
    pub(crate) fn tail(&self) -> Monomial {
        let mut out = Monomial::default();
        out.factors[..self.len as usize - 1].copy_from_slice(&self.indices()[1..]);
        out.len = self.len - 1;
        out
    }

    /// This monomial times `λ_0` on the right (admissible when this one is).
    pub(crate) fn times_lambda0(&self) -> Monomial {
        let mut out = *self;
        out.factors[self.len as usize] = 0;
        out.len = self.len + 1;
        out
    }

    /// `λ_J` when this monomial is `λ_J λ_0`, else `None`.
    pub(crate) fn over_lambda0(&self) -> Option<Monomial> {
        let (&last, _) = self.indices().split_last()?;
        (last == 0).then(|| {
            let mut out = *self;
            out.len -= 1;
            out.factors[out.len as usize] = 0;
            out
        })
    }

    /// Filtration `s`: the number of factors.
    pub fn s(&self) -> u32 {
        self.len as u32
    }

    /// Stem `Σ i_j`.
    pub fn stem(&self) -> i32 {
        self.indices().iter().map(|&i| i as i32).sum()
    }

    /// Whether `2 i_j ≥ i_{j+1}` for every `j`.
    pub fn is_admissible(&self) -> bool {
        self.indices()
            .windows(2)
            .all(|w| 2 * w[0] as u16 >= w[1] as u16)
    }
}

impl fmt::Display for Monomial {
    /// `λ_{3,1,1}` style: `λ(3,1,1)`; the unit is `1`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.len == 0 {
            return write!(f, "1");
        }
        let parts: Vec<String> = self.indices().iter().map(|i| i.to_string()).collect();
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
            out.push(Monomial::new(prefix));
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

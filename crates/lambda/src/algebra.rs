//! Products and the differential of `Λ` in the admissible basis.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};
use std::rc::Rc;

use crate::monomial::Monomial;

/// A sum of distinct admissible monomials (coefficients in F_2), sorted.
pub type Sum = Vec<Monomial>;

/// A multiply-and-rotate hash (the one rustc uses for its own tables, written out here):
/// the memo's keys are short byte strings whose hashing by the standard SipHash was a fifth
/// of the Curtis table's time (docs/EXPERIMENTS.md, 2026-12-03).
#[derive(Default, Clone, Copy)]
struct FastHasher(u64);

impl Hasher for FastHasher {
    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut word = [0u8; 8];
            word[..chunk.len()].copy_from_slice(chunk);
            self.write_u64(u64::from_le_bytes(word));
        }
    }

    fn write_u64(&mut self, x: u64) {
        self.0 = (self.0.rotate_left(5) ^ x).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }

    fn finish(&self) -> u64 {
        self.0
    }
}

type FastMap<K, V> = HashMap<K, V, BuildHasherDefault<FastHasher>>;

/// The Lambda algebra's product and differential in the admissible basis, with the
/// products `λ_i · λ_J` that need rewriting and the differentials `d(λ_J)` already computed
/// kept for reuse.
///
/// Formulas (module docs of the crate; Ravenel §3.3, Tangora 1985): a pair `λ_i λ_j` with
/// `2i < j` is rewritten by the relation with `n = j − 2i − 1`; a product `λ_i λ_J` with
/// `J` admissible is admissible or is rewritten at its first pair, then the rest
/// recursively; `d` is a derivation.
#[derive(Default)]
pub struct Lambda {
    products: FastMap<(u16, Monomial), Rc<Sum>>,
    differentials: FastMap<Monomial, Rc<Sum>>,
}

/// Whether the binomial coefficient `C(a, b)` is odd, zero outside `0 ≤ b ≤ a` (Lucas:
/// odd exactly when the binary digits of `b` are among those of `a`).
fn binomial_odd(a: i64, b: i64) -> bool {
    a >= 0 && b >= 0 && b <= a && (b & !a) == 0
}

/// The admissible pairs `(a, b)` with `λ_i λ_j = Σ λ_a λ_b`, for `2i < j`: with
/// `n = j − 2i − 1`, `λ_i λ_{2i+1+n} = Σ_{k ≥ 0} C(n−k−1, k) λ_{i+n−k} λ_{2i+1+k}`.
fn relation(i: u16, j: u16) -> Vec<(u16, u16)> {
    debug_assert!(2 * i < j);
    let n = (j - 2 * i - 1) as i64;
    (0..=n / 2)
        .filter(|&k| binomial_odd(n - k - 1, k))
        .map(|k| ((i as i64 + n - k) as u16, (2 * i as i64 + 1 + k) as u16))
        .collect()
}

/// The pairs `(a, b)` of `d(λ_n) = Σ_{j ≥ 1} C(n−j, j) λ_{n−j} λ_{j−1}` (all admissible).
fn generator_differential(n: u16) -> Vec<(u16, u16)> {
    let n = n as i64;
    (1..=n / 2)
        .filter(|&j| binomial_odd(n - j, j))
        .map(|j| ((n - j) as u16, (j - 1) as u16))
        .collect()
}

/// A list of monomials made a sum over F_2: sorted, each kept once if it occurs an odd
/// number of times.
fn cancel(mut terms: Vec<Monomial>) -> Sum {
    terms.sort_unstable();
    let mut out = Vec::with_capacity(terms.len());
    for m in terms {
        if out.last() == Some(&m) {
            out.pop();
        } else {
            out.push(m);
        }
    }
    out
}

impl Lambda {
    /// An empty table of products and differentials.
    pub fn new() -> Self {
        Self::default()
    }

    /// `λ_i · λ_J` in the admissible basis, for `J` admissible.
    pub fn left_multiply(&mut self, i: u16, j: &Monomial) -> Rc<Sum> {
        let mut out = Vec::new();
        self.push_product(i, j, &mut out);
        Rc::new(out)
    }

    /// Appends the terms of `λ_i λ_J` (for `J` admissible) to `out`: `λ_i λ_J` itself when
    /// admissible, else the rewritten product (computed once).
    fn push_product(&mut self, i: u16, j: &Monomial, out: &mut Vec<Monomial>) {
        let first = j.indices().first().map(|&f| f as u16);
        let Some(first) = first.filter(|&f| 2 * i < f) else {
            out.push(j.prepend(i));
            return;
        };
        let key = (i, *j);
        if let Some(done) = self.products.get(&key) {
            out.extend_from_slice(done);
            return;
        }
        let rest = j.tail();
        let mut acc = Vec::new();
        for (a, b) in relation(i, first) {
            self.push_pair_product(a, b, std::slice::from_ref(&rest), &mut acc);
        }
        let result = Rc::new(cancel(acc));
        out.extend_from_slice(&result);
        self.products.insert(key, result);
    }

    /// Appends the terms of `λ_a λ_b c` (for `c` a sum of admissibles) to `out`, the
    /// intermediate `λ_b c` summed (cancelled) first.
    fn push_pair_product(&mut self, a: u16, b: u16, c: &[Monomial], out: &mut Vec<Monomial>) {
        let mut inner = Vec::new();
        for m in c {
            self.push_product(b, m, &mut inner);
        }
        for k in &cancel(inner) {
            self.push_product(a, k, out);
        }
    }

    /// `d(λ_k) · c` in the admissible basis, for a sum `c` of admissible monomials (sorted,
    /// distinct; the result likewise): for `c` in `Λ(2k+1)` this is `d(λ_k c) − λ_k d(c)`,
    /// which lies in `Λ(k)` (the algebraic EHP sequence, Curtis 1971; tested).
    pub fn generator_differential_times(&mut self, k: u16, c: &[Monomial]) -> Sum {
        let mut acc = Vec::new();
        for (a, b) in generator_differential(k) {
            self.push_pair_product(a, b, c, &mut acc);
        }
        cancel(acc)
    }

    /// Any monomial `λ_{i_1} ⋯ λ_{i_s}`, admissible or not, in the admissible basis
    /// (multiplied out from the right).
    pub fn reduce(&mut self, m: &Monomial) -> Sum {
        let mut current = vec![Monomial::default()];
        for i in m.indices().iter().rev().map(|&i| i as u16) {
            let mut next = Vec::new();
            for k in &current {
                self.push_product(i, k, &mut next);
            }
            current = cancel(next);
        }
        current
    }

    /// `d(λ_I)` in the admissible basis, for `λ_I` admissible: filtration `s + 1`, stem
    /// one less. By the Leibniz rule `d(λ_i λ_J) = d(λ_i) λ_J + λ_i d(λ_J)`.
    pub fn differential(&mut self, m: &Monomial) -> Rc<Sum> {
        if let Some(done) = self.differentials.get(m) {
            return done.clone();
        }
        let Some(&i) = m.indices().first() else {
            return Rc::new(Vec::new());
        };
        let (i, rest) = (i as u16, m.tail());
        let mut acc = Vec::new();
        for (a, b) in generator_differential(i) {
            self.push_pair_product(a, b, std::slice::from_ref(&rest), &mut acc);
        }
        let d_rest = self.differential(&rest);
        for k in d_rest.iter() {
            self.push_product(i, k, &mut acc);
        }
        let result = Rc::new(cancel(acc));
        self.differentials.insert(*m, result.clone());
        result
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn low_relations_and_differentials() {
        // λ_i λ_{2i+1} = 0; λ_0 λ_2 = λ_1 λ_1 (n = 1); d λ_2 = λ_1 λ_0; d λ_4 = λ_3 λ_0 + λ_2 λ_1.
        assert!(relation(0, 1).is_empty());
        assert!(relation(3, 7).is_empty());
        assert_eq!(relation(0, 2), vec![(1, 1)]);
        assert_eq!(generator_differential(2), vec![(1, 0)]);
        assert_eq!(generator_differential(4), vec![(3, 0), (2, 1)]);
        for k in 0..8 {
            assert!(
                generator_differential((1u16 << k) - 1).is_empty(),
                "λ_(2^{k}-1) is a cycle"
            );
        }
    }
}

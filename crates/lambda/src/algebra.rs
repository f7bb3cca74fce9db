//! Products and the differential of `Λ` in the admissible basis.

use std::collections::{HashMap, HashSet};
use std::rc::Rc;

use crate::monomial::Monomial;

/// A sum of distinct admissible monomials (coefficients in F_2), sorted.
pub type Sum = Vec<Monomial>;

/// The Lambda algebra's product and differential in the admissible basis, with the
/// products `λ_i · λ_J` and differentials `d(λ_J)` already computed kept for reuse.
///
/// Formulas (module docs of the crate; Ravenel §3.3, Tangora 1985): a pair `λ_i λ_j` with
/// `2i < j` is rewritten by the relation with `n = j − 2i − 1`; a product `λ_i λ_J` with
/// `J` admissible is admissible or is rewritten at its first pair, then the rest
/// recursively; `d` is a derivation.
#[derive(Default)]
pub struct Lambda {
    products: HashMap<(u16, Monomial), Rc<Sum>>,
    differentials: HashMap<Monomial, Rc<Sum>>,
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

/// Adds `m` to a sum over F_2.
fn toggle(acc: &mut HashSet<Monomial>, m: Monomial) {
    if !acc.remove(&m) {
        acc.insert(m);
    }
}

fn sorted(acc: HashSet<Monomial>) -> Sum {
    let mut v: Sum = acc.into_iter().collect();
    v.sort_unstable();
    v
}

impl Lambda {
    /// An empty table of products and differentials.
    pub fn new() -> Self {
        Self::default()
    }

    /// `λ_i · λ_J` in the admissible basis, for `J` admissible.
    pub fn left_multiply(&mut self, i: u16, j: &Monomial) -> Rc<Sum> {
        let key = (i, *j);
        if let Some(done) = self.products.get(&key) {
            return done.clone();
        }
        let result = match j.indices().first().map(|&f| f as u16) {
            Some(first) if 2 * i < first => {
                let rest = j.tail();
                let mut acc = HashSet::new();
                for (a, b) in relation(i, first) {
                    self.multiply_pair_into(a, b, &rest, &mut acc);
                }
                sorted(acc)
            }
            _ => vec![j.prepend(i)],
        };
        let result = Rc::new(result);
        self.products.insert(key, result.clone());
        result
    }

    /// Adds `λ_a λ_b λ_J` (for `J` admissible) to `acc`, in the admissible basis.
    fn multiply_pair_into(&mut self, a: u16, b: u16, j: &Monomial, acc: &mut HashSet<Monomial>) {
        let inner = self.left_multiply(b, j);
        for k in inner.iter() {
            for m in self.left_multiply(a, k).iter() {
                toggle(acc, *m);
            }
        }
    }

    /// Any monomial `λ_{i_1} ⋯ λ_{i_s}`, admissible or not, in the admissible basis
    /// (multiplied out from the right).
    pub fn reduce(&mut self, m: &Monomial) -> Sum {
        let mut current: HashSet<Monomial> = HashSet::from([Monomial::default()]);
        for i in m.indices().iter().rev().map(|&i| i as u16) {
            let mut next = HashSet::new();
            for k in &current {
                for p in self.left_multiply(i, k).iter() {
                    toggle(&mut next, *p);
                }
            }
            current = next;
        }
        sorted(current)
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
        let mut acc = HashSet::new();
        for (a, b) in generator_differential(i) {
            self.multiply_pair_into(a, b, &rest, &mut acc);
        }
        let d_rest = self.differential(&rest);
        for k in d_rest.iter() {
            for p in self.left_multiply(i, k).iter() {
                toggle(&mut acc, *p);
            }
        }
        let result = Rc::new(sorted(acc));
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

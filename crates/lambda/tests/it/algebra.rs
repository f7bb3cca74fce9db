//! The Lambda algebra's structure: `d∘d = 0`, associativity, `Λ(N)` closed under `d`.

use lambda::{basis, Lambda, Monomial};

/// `d(d(λ_I)) = 0` for every admissible `λ_I` of stem ≤ 18 and `s ≤ 4`: a wrong relation
/// or differential breaks it (the relations are what make `d` well defined, BCKQRS 1966).
#[test]
fn differential_squares_to_zero() {
    let mut lambda = Lambda::new();
    let mut checked = 0;
    for stem in 0..=18 {
        for s in 1..=4 {
            for m in basis(s, stem, None) {
                let dm = lambda.differential(&m);
                let mut acc = std::collections::HashSet::new();
                for y in dm.iter() {
                    assert!(y.is_admissible() && y.s() == s + 1 && y.stem() == stem - 1);
                    for z in lambda.differential(y).iter() {
                        if !acc.remove(z) {
                            acc.insert(*z);
                        }
                    }
                }
                assert!(acc.is_empty(), "d(d({m})) = {acc:?}");
                checked += 1;
            }
        }
    }
    assert!(checked > 1000, "{checked} monomials");
}

/// `(λ_a λ_b) λ_c` and `λ_a (λ_b λ_c)` agree for all `a, b, c ≤ 12`, and `d(xy) = d(x) y
/// + x d(y)` on such products: the rewriting is a well-defined associative product.
#[test]
fn product_is_associative() {
    let mut lambda = Lambda::new();
    for a in 0..=12u16 {
        for b in 0..=12u16 {
            for c in 0..=12u16 {
                let left = lambda.reduce(&Monomial::new(&[a, b, c]));
                let mut right = std::collections::BTreeSet::new();
                for bc in lambda.reduce(&Monomial::new(&[b, c])) {
                    for x in lambda.left_multiply(a, &bc).iter() {
                        if !right.remove(x) {
                            right.insert(*x);
                        }
                    }
                }
                assert_eq!(
                    left,
                    right.into_iter().collect::<Vec<_>>(),
                    "λ_{a} λ_{b} λ_{c}"
                );
            }
        }
    }
}

/// `Λ(N)` is a sub-complex: `d` of an admissible `λ_I` with `i_1 < N` has only terms with
/// first index `< N` (BCKQRS 1966; Ravenel §3.3).
#[test]
fn unstable_subcomplexes_are_closed() {
    let mut lambda = Lambda::new();
    for stem in 0..=20 {
        for s in 1..=4 {
            for m in basis(s, stem, None) {
                let first = m.indices()[0];
                for y in lambda.differential(&m).iter() {
                    assert!(y.indices()[0] <= first, "d({m}) has {y}");
                }
            }
        }
    }
}

/// The basis counts against an independent count: the admissible sequences of length
/// `s` and sum `n`, counted by the recursion on the first index (`c(s, n, m)` = those
/// with first index `≤ m`).
#[test]
fn basis_sizes() {
    fn count(s: u32, n: i32, max_first: i32) -> usize {
        if s == 0 {
            return usize::from(n == 0);
        }
        (0..=n.min(max_first))
            .map(|i| count(s - 1, n - i, 2 * i))
            .sum()
    }
    for n in 0..=20 {
        for s in 0..=5 {
            assert_eq!(basis(s, n, None).len(), count(s, n, n), "s = {s}, stem {n}");
            for big_n in 1..=8 {
                assert_eq!(
                    basis(s, n, Some(big_n)).len(),
                    count(s, n, big_n as i32 - 1)
                );
            }
        }
    }
}

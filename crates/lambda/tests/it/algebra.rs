//! The Lambda algebra's structure: `d∘d = 0`, associativity, `Λ(N)` closed under `d`.

use std::collections::BTreeSet;

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

/// Every term of `d(λ_I)` is below `λ_I` in the lexicographic order of the Curtis table:
/// it agrees with `I` up to some place `p < s` and is smaller there (the property that makes
/// the spans of initial segments sub-complexes; Curtis 1971, Tangora 1985). For every
/// admissible `λ_I` of stem ≤ 20 and `s ≤ 5`.
#[test]
fn differential_lowers_the_order() {
    let mut lambda = Lambda::new();
    let mut terms = 0;
    for stem in 0..=20 {
        for s in 1..=5 {
            for m in basis(s, stem, None) {
                for y in lambda.differential(&m).iter() {
                    let p = (0..s as usize).find(|&p| y.indices()[p] != m.indices()[p]);
                    let p = p.unwrap_or_else(|| panic!("d({m}) has {y}, which extends it"));
                    assert!(y.indices()[p] < m.indices()[p], "d({m}) has {y}");
                    terms += 1;
                }
            }
        }
    }
    assert!(terms > 10_000, "{terms} terms");
}

/// `d(λ_i) λ_J` lies in `Λ(i)` for every admissible `λ_i λ_J` (so `λ_i λ_J ↦ λ_J` is a chain
/// map `Λ(i+1) → σ^i Λ(2i+1)` with kernel `Λ(i)`: the algebraic EHP sequence, BCKQRS 1966;
/// Curtis 1971), stems ≤ 22, `s ≤ 5`; and it is `d(λ_i λ_J) − λ_i d(λ_J)`.
#[test]
fn ehp_quotient_is_a_chain_map() {
    let mut lambda = Lambda::new();
    let mut nonzero = 0;
    for stem in 1..=22 {
        for s in 1..=5 {
            for m in basis(s, stem, None) {
                let (i, j) = (
                    m.indices()[0] as u16,
                    Monomial::new(&as_u16(&m.indices()[1..])),
                );
                let below = lambda.generator_differential_times(i, &[j]);
                assert!(
                    below.iter().all(|y| (y.indices()[0] as u16) < i),
                    "d(λ_{i}) {j}"
                );
                let mut sum: BTreeSet<Monomial> = below.iter().copied().collect();
                for y in lambda.differential(&j).iter() {
                    toggle(
                        &mut sum,
                        Monomial::new(&[&[i], &as_u16(y.indices())[..]].concat()),
                    );
                }
                let dm: BTreeSet<Monomial> = lambda.differential(&m).iter().copied().collect();
                assert_eq!(sum, dm, "d({m})");
                nonzero += usize::from(!below.is_empty());
            }
        }
    }
    assert!(nonzero > 1000, "{nonzero}");
}

/// Right multiplication by `λ_0` is a chain map (`d(λ_0) = 0`, and `λ_I λ_0` is admissible
/// when `λ_I` is) and a bijection of bases `Λ^{s}_n(N) → Λ^{s+1}_n(N)` once `s ≥ n`: an
/// admissible sequence longer than its sum `n` has a 0, and only 0s follow a 0. So the
/// homology at `(n, s)` — cycles of `(n, s)` into `(n − 1, s + 1)`, boundaries from
/// `(n + 1, s − 1)` — is `λ_0`-periodic, `H^{s}_n ≅ H^{s+1}_n`, for `s ≥ n + 2`: what lets
/// the tests stop at `s = n + 2` and still cover every filtration. Checked for stems ≤ 14
/// and `Λ`, `Λ(1) … Λ(9)`.
#[test]
fn lambda_0_periodicity() {
    let times_0 = |m: &Monomial| Monomial::new(&[&as_u16(m.indices())[..], &[0]].concat());
    for n in 0..=14 {
        for s in n as u32..=n as u32 + 3 {
            for bound in std::iter::once(None).chain((1..=9).map(Some)) {
                let shifted: Vec<Monomial> = basis(s, n, bound).iter().map(times_0).collect();
                assert_eq!(
                    shifted,
                    basis(s + 1, n, bound),
                    "stem {n}, s = {s}, {bound:?}"
                );
            }
        }
    }
    let mut lambda = Lambda::new();
    for n in 0..=12 {
        for s in 1..=4 {
            for m in basis(s, n, None) {
                let d0: Vec<Monomial> = lambda.differential(&m).iter().map(times_0).collect();
                assert_eq!(*lambda.differential(&times_0(&m)), d0, "d({m} λ_0)");
            }
        }
    }
}

fn as_u16(indices: &[u8]) -> Vec<u16> {
    indices.iter().map(|&i| i as u16).collect()
}

fn toggle(set: &mut BTreeSet<Monomial>, m: Monomial) {
    if !set.remove(&m) {
        set.insert(m);
    }
}

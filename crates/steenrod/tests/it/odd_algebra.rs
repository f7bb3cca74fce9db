//! The mod p Steenrod algebra (p = 3, 5, 7) in the Milnor basis, checked
//! against facts that do not come from this crate's product:
//!
//! * dimensions: the Poincaré series of `A_p`,
//!   `Π_{i≥0} (1 + x^{2p^i−1}) / Π_{i≥1} (1 − x^{2(p^i−1)})` (Milnor, "The
//!   Steenrod algebra and its dual", Ann. of Math. 67 (1958), §6: the dual is
//!   `E(τ_0, τ_1, …) ⊗ P(ξ_1, ξ_2, …)`), by a separate power-series routine;
//! * the Adem relations (Steenrod–Epstein, "Cohomology operations", Ch. VI,
//!   §1; May, "A general algebraic approach to Steenrod operations", Thm 4.7);
//! * `β² = 0` and Milnor's primitives `Q_{k+1} = P^{p^k} Q_k − Q_k P^{p^k}`
//!   (Milnor 1958, §6);
//! * associativity on seeded random triples.
//!
//! Printing and parsing: `odd_parse.rs`.

use fp::ValidPrime;
use steenrod::{MilnorAlgebra, MilnorQP, PPart};

const PRIMES: [u32; 3] = [3, 5, 7];

/// `C(n, k) mod p` from Pascal's rule (independent of the crate's Lucas code).
fn binom_table(n_max: usize, p: u32) -> Vec<Vec<u32>> {
    let mut t = vec![vec![0u32; n_max + 1]; n_max + 1];
    for n in 0..=n_max {
        t[n][0] = 1;
        for k in 1..=n {
            t[n][k] = (t[n - 1][k - 1] + t[n - 1][k]) % p;
        }
    }
    t
}

/// Dense vector of the single basis element `x`.
fn unit_vec(a: &MilnorAlgebra<ValidPrime>, x: &MilnorQP) -> (u32, Vec<u32>) {
    let d = x.degree(a.prime());
    let mut v = vec![0; a.dim(d)];
    v[a.index_of(d, x)] = 1;
    (d, v)
}

/// The product of the basis elements `xs`, left to right, as a dense vector.
fn product(a: &MilnorAlgebra<ValidPrime>, xs: &[MilnorQP]) -> (u32, Vec<u32>) {
    let mut acc = (0, vec![1]);
    for x in xs {
        let (d, v) = unit_vec(a, x);
        acc = (acc.0 + d, a.multiply(acc.0, &acc.1, d, &v));
    }
    acc
}

fn add_scaled(acc: &mut [u32], v: &[u32], c: u32, p: u32) {
    for (x, y) in acc.iter_mut().zip(v) {
        *x = (*x + c * y) % p;
    }
}

/// `(−1)^k` mod p.
fn sign(k: u32, p: u32) -> u32 {
    if k.is_multiple_of(2) {
        1
    } else {
        p - 1
    }
}

fn pw(n: u32) -> MilnorQP {
    MilnorQP::p_power(n)
}

fn q(i: u32) -> MilnorQP {
    MilnorQP {
        e: 1 << i,
        r: PPart::ONE,
    }
}

#[test]
fn dimensions_match_the_poincare_series() {
    const T: usize = 300;
    for p in PRIMES {
        let a = MilnorAlgebra::new_at(p, T as u32);
        let mut series = vec![0u64; T + 1];
        series[0] = 1;
        let mut pi = 1usize; // p^i
        while 2 * pi - 1 <= T {
            // × (1 + x^{2p^i − 1})
            let d = 2 * pi - 1;
            for t in (d..=T).rev() {
                series[t] += series[t - d];
            }
            pi *= p as usize;
            // × 1/(1 − x^{2(p^i − 1)}) for the next i ≥ 1
            let w = 2 * (pi - 1);
            for t in w..=T {
                series[t] += series[t - w];
            }
        }
        for (t, &n) in series.iter().enumerate() {
            assert_eq!(a.dim(t as u32) as u64, n, "dim A_{t} at p = {p}");
            for (k, x) in a.basis(t as u32).iter().enumerate() {
                assert_eq!(a.index_of(t as u32, x), k, "index of {x} at p = {p}");
            }
        }
        assert_eq!(a.basis(0), &[MilnorQP::ONE]);
    }
}

#[test]
fn p1_p1_is_twice_p2_at_3() {
    // Adem: P^1 P^1 = (−1)^1 C(1, 1) P^2 = −P^2 = 2 P^2 at p = 3; in the Milnor
    // basis (Theorem 4b) P(1)·P(1) = (2; 1, 1) P(2) = 2 P(2).
    let a = MilnorAlgebra::new_at(3, 50);
    let mut terms = Vec::new();
    a.multiply_basis(&pw(1), &pw(1), |k, c| terms.push((k, c)));
    assert_eq!(terms, vec![(a.index_of(8, &pw(2)), 2)]);
    assert_eq!(a.parse("P1 P1").unwrap(), a.parse("2 P2").unwrap());
    assert_eq!(a.parse("P(1) P(1)").unwrap(), a.parse("2P(2)").unwrap());
}

/// Checks both Adem relations for all `P^a (β) P^b` of degree `≤ max` at `p`;
/// returns how many were checked.
fn check_adem(p: u32, max: u32) -> usize {
    let a = MilnorAlgebra::new_at(p, max);
    let unit = 2 * (p - 1);
    let c = binom_table(((p - 1) * (max / unit)) as usize, p);
    let binom = |n: u32, k: u32| c[n as usize][k as usize];
    let beta = MilnorQP::beta();
    let mut checked = 0;
    for b in 1..=max / unit {
        for a_ in (1..).take_while(|a_| unit * (a_ + b) < max) {
            // P^a P^b, a < pb.
            if a_ < p * b {
                let (d, lhs) = product(&a, &[pw(a_), pw(b)]);
                let mut rhs = vec![0; a.dim(d)];
                for j in 0..=a_ / p {
                    let k = binom((p - 1) * (b - j) - 1, a_ - p * j);
                    let (_, v) = product(&a, &[pw(a_ + b - j), pw(j)]);
                    add_scaled(&mut rhs, &v, sign(a_ + j, p) * k, p);
                }
                assert_eq!(lhs, rhs, "P^{a_} P^{b} at p = {p}");
                checked += 1;
            }
            // P^a β P^b, a ≤ pb.
            if a_ <= p * b {
                let (d, lhs) = product(&a, &[pw(a_), beta, pw(b)]);
                let mut rhs = vec![0; a.dim(d)];
                for j in 0..=a_ / p {
                    let k = binom((p - 1) * (b - j), a_ - p * j);
                    let (_, v) = product(&a, &[beta, pw(a_ + b - j), pw(j)]);
                    add_scaled(&mut rhs, &v, sign(a_ + j, p) * k, p);
                    if a_ > p * j {
                        let k = binom((p - 1) * (b - j) - 1, a_ - p * j - 1);
                        let (_, v) = product(&a, &[pw(a_ + b - j), beta, pw(j)]);
                        add_scaled(&mut rhs, &v, sign(a_ + j + 1, p) * k, p);
                    }
                }
                assert_eq!(lhs, rhs, "P^{a_} β P^{b} at p = {p}");
                checked += 1;
            }
        }
    }
    checked
}

#[test]
fn adem_relations_hold() {
    for p in PRIMES {
        let checked = check_adem(p, 200);
        assert!(checked > 20, "only {checked} relations at p = {p}");
    }
    // p = 7 through degree 1000: exponents up to 83, past the 49 = 7^2 where
    // the binomials mod p need more than one table digit.
    assert!(check_adem(7, 1000) > 1000);
    // Larger primes, where the degrees grow fast: P^a β P^b with a + b ≤ 9.
    for p in [11, 13, 251] {
        let checked = check_adem(p, 10 * 2 * (p - 1));
        assert!(checked > 20, "only {checked} relations at p = {p}");
    }
}

#[test]
fn beta_squared_and_milnor_primitives() {
    for p in PRIMES {
        let a = MilnorAlgebra::new_at(p, 4 * p * p * p);
        let beta = MilnorQP::beta();
        let (_, bb) = product(&a, &[beta, beta]);
        assert!(bb.iter().all(|&x| x == 0), "β² ≠ 0 at p = {p}");
        // Q_{k+1} = P^{p^k} Q_k − Q_k P^{p^k} (Milnor 1958, §6), k = 0, 1, 2.
        let mut pk = 1;
        for k in 0..3 {
            let (d, left) = product(&a, &[pw(pk), q(k)]);
            let (_, right) = product(&a, &[q(k), pw(pk)]);
            let (dq, expected) = unit_vec(&a, &q(k + 1));
            assert_eq!(d, dq);
            let mut diff = left;
            add_scaled(&mut diff, &right, p - 1, p);
            assert_eq!(diff, expected, "Q_{} at p = {p}", k + 1);
            // The Q_i anticommute: Q_k Q_{k+1} = −Q_{k+1} Q_k.
            let (_, x) = product(&a, &[q(k), q(k + 1)]);
            let (_, y) = product(&a, &[q(k + 1), q(k)]);
            let mut sum = x;
            add_scaled(&mut sum, &y, 1, p);
            assert!(sum.iter().all(|&c| c == 0), "Q_{k} Q_{} at p = {p}", k + 1);
            pk *= p;
        }
    }
}

/// `(xy)z = x(yz)` for `count` seeded random triples of basis elements of total
/// degree `≤ max` at `p`.
fn check_associativity(p: u32, max: u32, count: usize) {
    // xorshift64*, seeded: reproducible random triples of basis elements.
    let mut state = 0x9E37_79B9_7F4A_7C15u64 ^ u64::from(p * max);
    let mut next = move |n: u32| {
        state ^= state >> 12;
        state ^= state << 25;
        state ^= state >> 27;
        (state.wrapping_mul(0x2545_F491_4F6C_DD1D) >> 33) as u32 % n
    };
    let a = MilnorAlgebra::new_at(p, max);
    let mut checked = 0;
    while checked < count {
        let d1 = next(max + 1);
        let d2 = next(max + 1 - d1);
        let d3 = next(max + 1 - d1 - d2);
        if a.dim(d1) == 0 || a.dim(d2) == 0 || a.dim(d3) == 0 {
            continue;
        }
        let pick = |d: u32, k: u32| a.basis(d)[k as usize % a.dim(d)];
        let x = [
            pick(d1, next(1 << 20)),
            pick(d2, next(1 << 20)),
            pick(d3, next(1 << 20)),
        ];
        let (dab, ab) = product(&a, &x[..2]);
        let (_, c) = unit_vec(&a, &x[2]);
        let left = a.multiply(dab, &ab, d3, &c);
        let (dbc, bc) = product(&a, &x[1..]);
        let (_, av) = unit_vec(&a, &x[0]);
        let right = a.multiply(d1, &av, dbc, &bc);
        assert_eq!(left, right, "({} {}) {} at p = {p}", x[0], x[1], x[2]);
        checked += 1;
    }
}

#[test]
fn products_are_associative() {
    for p in PRIMES {
        check_associativity(p, 150, 2000);
    }
}

#[test]
fn products_are_associative_in_high_degrees() {
    // Exponents past the first digit of the binomial table (243 at p = 3).
    check_associativity(3, 1100, 150);
    check_associativity(5, 1100, 150);
}

#[test]
fn degrees_above_the_maximum_give_nothing() {
    let a = MilnorAlgebra::new_at(5, 40);
    let mut called = false;
    // |P(5)| = 40 and |β| = 1: the product lies above max_degree.
    a.multiply_basis(&pw(5), &MilnorQP::beta(), |_, _| called = true);
    assert!(!called);
    assert_eq!(a.dim(41), 0);
    assert_eq!(a.try_index_of(8, &pw(2)), None);
    assert_eq!(a.try_index_of(16, &pw(2)), Some(0));
}

#[test]
fn p01_is_a_commutator_at_3() {
    // P(0,1) = P^3 P^1 − P^1 P^3 at p = 3, by hand from Milnor 1958, Thm 4b:
    // P(1)·P(3) has the one matrix x_10 = 1, x_01 = 3, so it is (4; 3, 1) P(4) = P(4);
    // P(3)·P(1) has x_10 = 3, x_01 = 1, giving (4; 1, 3) P(4) = P(4), and
    // x_11 = 1, giving P(0,1).
    let a = MilnorAlgebra::new_at(3, 40);
    let (d, x) = product(&a, &[pw(3), pw(1)]);
    let (_, y) = product(&a, &[pw(1), pw(3)]);
    let mut diff = x;
    add_scaled(&mut diff, &y, 2, 3);
    let p01 = MilnorQP {
        e: 0,
        r: PPart::from_slice(&[0, 1]),
    };
    assert_eq!((d, diff), unit_vec(&a, &p01));
}

#[test]
fn basis_order_is_the_documented_one() {
    fn shared<T: Clone + std::fmt::Debug + Send + Sync>() {}
    shared::<MilnorAlgebra<ValidPrime>>();
    let a = MilnorAlgebra::new_at(3, 40);
    let names = |t| {
        a.basis(t)
            .iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>()
    };
    assert_eq!(names(5), ["Q(0)P(1)", "Q(1)"]);
    assert_eq!(names(16), ["P(4)", "P(0,1)"]);
    assert_eq!(names(6), ["Q(0,1)"]);
    assert!(names(3).is_empty());
    // 2(3^9 − 1) − 1: P(0,…,0,1) with the 1 in position 9 does not fit.
    assert_eq!(steenrod::max_odd_degree(3), 39_363);
    assert_eq!(steenrod::max_odd_degree(251), i32::MAX as u32);
}

#[test]
#[should_panic(expected = "not an odd prime")]
fn two_is_refused() {
    MilnorAlgebra::new_at(2, 10);
}

#[test]
#[should_panic(expected = "not an odd prime")]
fn nine_is_refused() {
    MilnorAlgebra::new_at(9, 10);
}

#[test]
#[should_panic(expected = "need more than 8 exponents")]
fn degrees_beyond_the_element_type_are_refused() {
    MilnorAlgebra::new_at(3, 39_364);
}

#[test]
fn multiply_basis_into_accumulates_the_same_sums() {
    for p in PRIMES {
        let a = MilnorAlgebra::new_at(p, 60);
        for t in 0..=60 {
            let (mut sorted, mut into) = (vec![0; a.dim(t)], vec![0; a.dim(t)]);
            for dx in 0..=t {
                for x in a.basis(dx) {
                    for y in a.basis(t - dx) {
                        a.multiply_basis(x, y, |k, c| sorted[k] = (sorted[k] + 2 * c) % p);
                        a.multiply_basis_into(x, y, p + 2, &mut into);
                    }
                }
            }
            assert_eq!(sorted, into, "degree {t} at p = {p}");
        }
    }
}

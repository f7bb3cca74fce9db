//! Products that keep only the terms of one signature ([`TermFilter`], Nassau's blocks;
//! arXiv:1910.04063, §2), and products term by term ([`MilnorAlgebra::for_each_term_index`]),
//! checked against the whole product of [`MilnorAlgebra::multiply_basis`] — with the
//! admissible-matrix tables and by direct enumeration.

use std::collections::BTreeSet;

use steenrod::{AdmissibleMatrices, MilnorAlgebra, PPart, TermFilter};

const MAX: u32 = 30;

/// The residues `T_i mod 2^{e_i}` of `t`, one per profile entry.
fn signature(t: &PPart, profile: &[u8]) -> Vec<u32> {
    profile
        .iter()
        .enumerate()
        .map(|(i, &e)| t.0[i] & ((1 << e) - 1))
        .collect()
}

/// The XOR-sum of the indices `f` is called with, as a set.
fn odd_indices(run: impl FnOnce(&mut dyn FnMut(usize))) -> BTreeSet<usize> {
    let mut set = BTreeSet::new();
    run(&mut |i| {
        if !set.remove(&i) {
            set.insert(i);
        }
    });
    set
}

#[test]
fn term_indices_sum_to_the_product() {
    for budget in [0, 32 << 20] {
        let a = MilnorAlgebra::with_table_budget(MAX, budget);
        for dr in 0..=MAX {
            for r in a.basis(dr) {
                let left = a.left_factor(r);
                for ds in 0..=MAX - dr {
                    for s in a.basis(ds) {
                        let mut expected = BTreeSet::new();
                        a.multiply_basis(r, s, |i| {
                            expected.insert(i);
                        });
                        let got = odd_indices(|f| a.for_each_term_index(&left, s, ds, f));
                        assert_eq!(got, expected, "{r}·{s} (table budget {budget})");
                    }
                }
            }
        }
    }
}

#[test]
fn a_filter_keeps_exactly_the_terms_of_its_signature() {
    // [10, 9]: exponents wider than the packed lanes (cut to them: T_1 < 2^9 anyway).
    for profile in [&[1u8][..], &[2, 1], &[3, 2, 1], &[2, 2, 1], &[10, 9]] {
        for budget in [0, 32 << 20] {
            let a = MilnorAlgebra::with_table_budget(MAX, budget);
            for dr in 0..=MAX {
                for r in a.basis(dr) {
                    let left = a.left_factor(r);
                    for ds in 0..=MAX - dr {
                        let basis = a.basis(dr + ds);
                        let signatures: BTreeSet<Vec<u32>> =
                            basis.iter().map(|t| signature(t, profile)).collect();
                        for s in a.basis(ds) {
                            let mut product = BTreeSet::new();
                            a.multiply_basis(r, s, |i| {
                                product.insert(i);
                            });
                            for sigma in &signatures {
                                let filter = TermFilter::signature(profile, sigma);
                                let expected: BTreeSet<usize> = product
                                    .iter()
                                    .copied()
                                    .filter(|&i| &signature(&basis[i], profile) == sigma)
                                    .collect();
                                let got = odd_indices(|f| {
                                    a.for_each_filtered_term_index(&left, s, ds, &filter, f)
                                });
                                assert_eq!(got, expected, "{r}·{s}, signature {sigma:?}");
                            }
                        }
                    }
                }
            }
        }
    }
}

#[test]
fn a_signature_past_every_exponent_keeps_nothing() {
    // σ_1 = 600 does not fit T_1 ≤ 510: no term has it, whatever the profile says — not
    // even Sq(88) (600 cut to the lane's 9 bits is 88), a term of Sq(80)·Sq(8).
    let a = MilnorAlgebra::new(90);
    let (r, s) = (PPart::from_slice(&[80]), PPart::from_slice(&[8]));
    let mut product = Vec::new();
    a.multiply_basis(&r, &s, |i| product.push(a.basis(88)[i]));
    assert!(product.contains(&PPart::from_slice(&[88])), "{product:?}");
    let left = a.left_factor(&r);
    let mut hits = 0;
    let filter = TermFilter::signature(&[12], &[600]);
    a.for_each_filtered_term_index(&left, &s, 8, &filter, |_| hits += 1);
    assert_eq!(hits, 0);
    // The same product with σ_1 = 88 keeps Sq(88).
    let filter = TermFilter::signature(&[12], &[88]);
    a.for_each_filtered_term_index(&left, &s, 8, &filter, |_| hits += 1);
    assert_eq!(hits, 1);
}

#[test]
fn products_with_nine_bit_exponents_agree_with_direct_enumeration() {
    // r_1 ≥ 256 fills the widest lane of the packed tables; |R| + |S| ≤ 262.
    const TOP: u32 = 262;
    // The tables are built here, not by a cache: a cache fills the lower degrees first
    // and never reaches |R| = 256 at this range.
    let direct = MilnorAlgebra::with_table_budget(TOP, 0);
    let lefts = [
        &[256u32][..],
        &[257],
        &[259],
        &[255, 1],
        &[256, 1],
        &[1, 85],
        &[0, 86],
        &[3, 0, 36],
        &[0, 0, 0, 17],
    ];
    for r in lefts {
        let r = PPart::from_slice(r);
        let dr = r.degree();
        let table = AdmissibleMatrices::with_max_s_degree(&r, TOP - dr);
        for ds in 0..=TOP - dr {
            for s in direct.basis(ds) {
                let words = direct.dim(dr + ds).div_ceil(64);
                let (mut want, mut got) = (vec![0u64; words], vec![0u64; words]);
                direct.multiply_basis_into(&r, s, &mut want, 0);
                direct.multiply_admissible_into(&table, s, &mut got, 0);
                assert_eq!(got, want, "{r}·{s}");
            }
        }
    }
}

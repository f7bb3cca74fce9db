//! Admissible matrices of `R` (the rows `i ≥ 1` of Milnor's matrices) and the
//! products computed from them.
#![allow(clippy::needless_range_loop)] // matrix indices mirror the formula

use steenrod::{AdmissibleMatrices, MilnorAlgebra, PPart};

const N: usize = 8;

/// The admissible matrices of `R` straight from the definition: every choice
/// of `x_ij ∈ 0..=r_i / 2^j` (`i, j ≥ 1`, `i + j ≤ 8`, `i ≤ len R`), kept when
/// `x_i0 = r_i − Σ_j 2^j x_ij ≥ 0` and each anti-diagonal's entries (`i ≥ 1`)
/// have pairwise disjoint binary digits. Returns the sorted list of
/// (column sums, anti-diagonal sums).
fn reference(r: &PPart) -> Vec<([u32; N], [u32; N])> {
    let rows = r.len();
    let cells: Vec<(usize, usize)> = (1..=rows)
        .flat_map(|i| (1..=N - i).map(move |j| (i, j)))
        .collect();
    let mut x = vec![0u32; cells.len()];
    let mut out = Vec::new();
    loop {
        let mut m = [[0u32; N + 1]; N + 1];
        for (&(i, j), &v) in cells.iter().zip(&x) {
            m[i][j] = v;
        }
        let mut ok = true;
        for i in 1..=rows {
            let used: u32 = (1..=N - i).map(|j| m[i][j] << j).sum();
            ok &= used <= r.0[i - 1];
            m[i][0] = r.0[i - 1].wrapping_sub(used);
        }
        let mut sums = [0u32; N];
        for n in 1..=N {
            let mut seen = 0u32;
            for i in 1..=n.min(rows) {
                let v = m[i][n - i];
                ok &= seen & v == 0;
                seen |= v;
                sums[n - 1] = sums[n - 1].wrapping_add(v);
            }
        }
        if ok {
            let colsums: [u32; N] = std::array::from_fn(|k| (1..=rows).map(|i| m[i][k + 1]).sum());
            out.push((colsums, sums));
        }
        let mut k = 0;
        loop {
            if k == x.len() {
                out.sort_unstable();
                return out;
            }
            let (i, j) = cells[k];
            if x[k] < r.0[i - 1] >> j {
                x[k] += 1;
                break;
            }
            x[k] = 0;
            k += 1;
        }
    }
}

#[test]
fn admissible_matrices_match_the_definition() {
    let a = MilnorAlgebra::new(26);
    for d in 0..=26 {
        for r in a.basis(d) {
            let table = AdmissibleMatrices::new(r);
            let mut got: Vec<_> = (0..table.len()).map(|k| table.matrix(k)).collect();
            got.sort_unstable();
            assert_eq!(got, reference(r), "admissible matrices of {r}");
            assert!(!table.is_empty());
            assert_eq!(table.r(), r);
        }
    }
}

#[test]
fn products_from_tables_match_direct_enumeration() {
    const MAX: u32 = 40;
    // Direct enumeration only, so that the two sides share no table code.
    let a = MilnorAlgebra::with_table_budget(MAX, 0);
    for dr in 0..=MAX {
        for r in a.basis(dr) {
            let full = AdmissibleMatrices::new(r);
            let bounded = AdmissibleMatrices::with_max_s_degree(r, MAX - dr);
            assert!(bounded.len() <= full.len());
            for ds in 0..=MAX - dr {
                let words = a.dim(dr + ds).div_ceil(64) + 1;
                for s in a.basis(ds) {
                    let mut expected = vec![0u64; words];
                    a.multiply_basis_into(r, s, &mut expected, 5);
                    for table in [&full, &bounded] {
                        let mut got = vec![0u64; words];
                        a.multiply_admissible_into(table, s, &mut got, 5);
                        assert_eq!(got, expected, "{r}·{s}");
                    }
                }
            }
        }
    }
}

#[test]
#[should_panic(expected = "above the bound")]
fn bounded_table_rejects_larger_s() {
    let a = MilnorAlgebra::new(40);
    let r = PPart::from_slice(&[4, 1]);
    let table = AdmissibleMatrices::with_max_s_degree(&r, 5);
    let mut out = vec![0u64; 4];
    a.multiply_admissible_into(&table, &PPart::from_slice(&[0, 2]), &mut out, 0);
}

#[test]
fn a_partly_spent_cache_gives_the_same_products() {
    const MAX: u32 = 36;
    // 40 kB holds the tables of some left factors but not all of them.
    let partial = MilnorAlgebra::with_table_budget(MAX, 40_000);
    let direct = MilnorAlgebra::with_table_budget(MAX, 0);
    assert_eq!(partial.table_budget(), 40_000);
    let (mut with, mut without) = (0, 0);
    for dr in 0..=MAX {
        for r in partial.basis(dr) {
            for ds in 0..=MAX - dr {
                let words = partial.dim(dr + ds).div_ceil(64);
                for s in partial.basis(ds) {
                    let (mut x, mut y) = (vec![0u64; words], vec![0u64; words]);
                    partial.multiply_basis_into(r, s, &mut x, 0);
                    direct.multiply_basis_into(r, s, &mut y, 0);
                    assert_eq!(x, y, "{r}·{s}");
                }
            }
            match partial.admissible_matrices(r) {
                Some(table) => {
                    assert_eq!(table.max_s_degree(), MAX - dr);
                    with += 1;
                }
                None => without += 1,
            }
        }
    }
    assert!(
        with > 0 && without > 0,
        "{with} tables built, {without} over budget"
    );
}

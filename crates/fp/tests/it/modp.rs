//! Property tests of the F_p types (`FqVector`, `FqMatrix`, `Subspace<F>`,
//! `fq_kernel_image`) against a naive elimination over `Vec<u32>` written here, at
//! p = 2 (through `ValidPrime` and `P2`), 3, 5, 7 and 11; and of `FqMatrix<P2>`
//! against the F_2 fast path `fp::Matrix`.

use fp::{
    fq_kernel_image, fq_kernel_with_image_pivots, Field, FpVector, FqMatrix, FqVector, LimbsError,
    Matrix, MatrixOf, Prime, PrimeError, QuasiInverse, Subspace, ValidPrime, P2,
};
use proptest::collection::vec;
use proptest::prelude::*;

/// Textbook Gauss–Jordan over F_p on rows of `u32`: (RREF with zero rows dropped,
/// pivot columns). Inverses by search, so nothing is shared with the crate.
fn naive_rref(p: u32, m: &[Vec<u32>], cols: usize) -> (Vec<Vec<u32>>, Vec<usize>) {
    let mut a: Vec<Vec<u32>> = m
        .iter()
        .map(|r| r.iter().map(|&x| x % p).collect())
        .collect();
    let mut pivots = Vec::new();
    for c in 0..cols {
        let r = pivots.len();
        let Some(i) = (r..a.len()).find(|&i| a[i][c] != 0) else {
            continue;
        };
        a.swap(r, i);
        let inv = (1..p).find(|&x| x * a[r][c] % p == 1).unwrap();
        a[r].iter_mut().for_each(|x| *x = *x * inv % p);
        let pivot = a[r].clone();
        for (k, row) in a.iter_mut().enumerate() {
            let e = row[c];
            if k != r && e != 0 {
                for j in 0..cols {
                    row[j] = (row[j] + (p - e) * pivot[j]) % p;
                }
            }
        }
        pivots.push(c);
    }
    a.truncate(pivots.len());
    (a, pivots)
}

/// `v·M` entrywise.
fn naive_apply(p: u32, v: &[u32], m: &[Vec<u32>], cols: usize) -> Vec<u32> {
    let mut out = vec![0; cols];
    for (i, &c) in v.iter().enumerate() {
        for j in 0..cols {
            out[j] = (out[j] + c * m[i][j]) % p;
        }
    }
    out
}

fn to_matrix<P: Prime>(p: P, m: &[Vec<u32>], cols: usize) -> FqMatrix<P> {
    FqMatrix::from_rows(
        p,
        cols,
        m.iter().map(|r| FqVector::from_entries(p, r)).collect(),
    )
}

fn rows_of<P: Prime>(m: &FqMatrix<P>) -> Vec<Vec<u32>> {
    (0..m.rows()).map(|i| m.row(i).entries()).collect()
}

/// The rows of a subspace's basis as entries.
fn basis_of<F: Field<Vector = FqVector<F>>>(s: &Subspace<F>) -> Vec<Vec<u32>> {
    s.basis_vectors().iter().map(FqVector::entries).collect()
}

/// A prime among 2, 3, 5, 7, 11.
fn prime() -> impl Strategy<Value = ValidPrime> {
    prop::sample::select(vec![2u32, 3, 5, 7, 11]).prop_map(|p| ValidPrime::new(p).unwrap())
}

/// Entries below 11 (reduced mod p where used), zero half of the time so that
/// ranks fall short.
fn entries(len: usize) -> impl Strategy<Value = Vec<u32>> {
    vec(prop_oneof![Just(0u32), 0u32..11], len)
}

/// `(rows, cols, matrix)` with up to 12 rows and up to 150 columns (several limbs
/// at every p, 64 entries a limb at p = 2).
fn shape_matrix() -> impl Strategy<Value = (usize, usize, Vec<Vec<u32>>)> {
    (0usize..12, 0usize..150).prop_flat_map(|(r, c)| (Just(r), Just(c), vec(entries(c), r)))
}

fn reduced(p: u32, v: &[u32]) -> Vec<u32> {
    v.iter().map(|x| x % p).collect()
}

/// The row reduction, kernel, image and quasi-inverse checks, at any prime type.
fn check_linear_algebra<P: Field<Vector = FqVector<P>>>(
    p: P,
    rows: usize,
    cols: usize,
    m: &[Vec<u32>],
    v: &[u32],
) {
    let q = p.value();
    let (want, want_pivots) = naive_rref(q, m, cols);
    let mut a = to_matrix(p, m, cols);
    let pivots = a.row_reduce();
    assert_eq!(pivots, want_pivots);
    let got = rows_of(&a);
    assert_eq!(&got[..pivots.len()], &want[..]);
    assert!(got[pivots.len()..]
        .iter()
        .all(|r| r.iter().all(|&x| x == 0)));

    let a = to_matrix(p, m, cols);
    let ki = fq_kernel_image(&a);
    assert_eq!(ki.kernel.dim() + ki.image.dim(), rows);
    assert_eq!(ki.image.pivots(), &want_pivots[..]);
    assert_eq!(basis_of(&ki.image), want);
    assert_eq!(ki.image, Subspace::span(p, cols, a.clone().into_rows()));
    assert_eq!(ki.kernel.ambient_dim(), rows);
    // The echelon route gives the same kernel (RREF) and image pivots.
    let (kernel, image_pivots) = fq_kernel_with_image_pivots(&a);
    assert_eq!(kernel, ki.kernel);
    assert_eq!(image_pivots, want_pivots);
    for k in 0..ki.kernel.dim() {
        assert!(
            a.apply(&ki.kernel.basis().row_vector(k)).is_zero(),
            "kernel row {k} maps to nonzero"
        );
    }
    // The kernel is all of it: its dimension is rows − rank by the naive rank.
    assert_eq!(ki.kernel.dim(), rows - want_pivots.len());
    let qi = &ki.quasi_inverse;
    assert_eq!((qi.source_dim(), qi.target_dim()), (rows, cols));
    assert_eq!(qi.image(), &ki.image);
    for k in 0..qi.preimages().rows() {
        assert_eq!(
            a.apply(&qi.preimages().row_vector(k)),
            ki.image.basis().row_vector(k)
        );
    }
    // v·M lies in the image; its quasi-inverse maps back onto it.
    let v = FqVector::from_entries(p, &v[..rows]);
    let target = a.apply(&v);
    assert_eq!(target.entries(), naive_apply(q, &v.entries(), m, cols));
    let u = qi.apply(&target).expect("v·M is in the image");
    assert_eq!(a.apply(&u), target);
    // A vector outside the image: a unit vector at a non-pivot column.
    if let Some(c) = (0..cols).find(|c| !want_pivots.contains(c)) {
        let mut w = target.clone();
        w.add_basis_element(c, 1);
        assert_eq!(qi.apply(&w), None);
        assert!(!ki.image.contains(&w));
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn linear_algebra_matches_naive(p in prime(), (rows, cols, m) in shape_matrix(), v in entries(12)) {
        check_linear_algebra(p, rows, cols, &m, &v);
    }

    /// Tall enough for the reduction to take several pivots at a time (a table of
    /// p^k combinations, k ≥ 2, from 4·p² rows).
    #[test]
    fn tall_matrices_match_naive(
        p in prop::sample::select(vec![2u32, 3, 5]).prop_map(|p| ValidPrime::new(p).unwrap()),
        (rows, cols, m) in (36usize..120, 0usize..100).prop_flat_map(|(r, c)| (Just(r), Just(c), vec(entries(c), r))),
        v in entries(120),
    ) {
        check_linear_algebra(p, rows, cols, &m, &v);
    }

    #[test]
    fn linear_algebra_matches_naive_p2_type((rows, cols, m) in shape_matrix(), v in entries(12)) {
        check_linear_algebra(P2, rows, cols, &m, &v);
    }

    #[test]
    fn vector_arithmetic_matches_entrywise(
        p in prime(),
        (a, b, short) in (0usize..200).prop_flat_map(|n| (entries(n), entries(n), (0..=n).prop_flat_map(entries))),
        c in 0u32..40,
        offset_seed in 0usize..1000,
    ) {
        let q = p.value();
        let (ra, rb) = (reduced(q, &a), reduced(q, &b));
        let mut x = FqVector::from_entries(p, &a);
        let y = FqVector::from_entries(p, &b);
        prop_assert_eq!(x.entries(), ra.clone());
        prop_assert_eq!(x.len(), a.len());
        x.add_scaled(&y, c);
        let sum: Vec<u32> = ra.iter().zip(&rb).map(|(s, t)| (s + c % q * t) % q).collect();
        prop_assert_eq!(x.entries(), sum.clone());
        prop_assert_eq!(x.is_zero(), sum.iter().all(|&e| e == 0));
        let nonzero: Vec<(usize, u32)> = sum.iter().copied().enumerate().filter(|&(_, e)| e != 0).collect();
        prop_assert_eq!(x.iter_nonzero().collect::<Vec<_>>(), nonzero.clone());
        prop_assert_eq!(x.first_nonzero(), nonzero.first().copied());

        let mut s = FqVector::from_entries(p, &a);
        s.scale(c);
        prop_assert_eq!(s.entries(), ra.iter().map(|e| e * (c % q) % q).collect::<Vec<_>>());

        // add_at with an offset anywhere the short vector fits.
        let offset = offset_seed % (a.len() - short.len() + 1);
        let mut z = FqVector::from_entries(p, &a);
        z.add_at(&FqVector::from_entries(p, &short), c, offset);
        let mut want = ra.clone();
        for (j, &e) in short.iter().enumerate() {
            want[offset + j] = (want[offset + j] + c % q * (e % q)) % q;
        }
        prop_assert_eq!(z.entries(), want);

        // slice, set_entry, add_basis_element.
        let (start, end) = (offset, offset + short.len());
        prop_assert_eq!(FqVector::from_entries(p, &a).slice(start, end).entries(), ra[start..end].to_vec());
        if !a.is_empty() {
            let i = offset_seed % a.len();
            let mut w = FqVector::from_entries(p, &a);
            w.set_entry(i, c);
            prop_assert_eq!(w.entry(i), c % q);
            w.add_basis_element(i, c + 1);
            prop_assert_eq!(w.entry(i), (2 * c + 1) % q);
            w.clear();
            prop_assert!(w.is_zero());
        }
    }

    #[test]
    fn limbs_round_trip(p in prime(), a in (0usize..200).prop_flat_map(entries)) {
        let v = FqVector::from_entries(p, &a);
        let back = FqVector::try_from_limbs(p, v.len(), v.limbs().to_vec());
        prop_assert_eq!(back, Ok(v));
    }

    #[test]
    fn subspace_add_contains_reduce(p in prime(), (_, cols, m) in shape_matrix(), v in entries(150)) {
        let q = p.value();
        let mut s = Subspace::zero(p, cols);
        let mut dim = 0;
        for (i, row) in m.iter().enumerate() {
            let row = FqVector::from_entries(p, row);
            let grew = s.add_vector(&row);
            // It grows exactly when the naive rank of the rows so far grows.
            let rank = naive_rref(q, &m[..=i], cols).1.len();
            prop_assert_eq!(grew, rank > dim);
            dim = rank;
            prop_assert!(s.contains(&row));
        }
        prop_assert_eq!(&s, &Subspace::from_matrix(to_matrix(p, &m, cols)));
        let v = FqVector::from_entries(p, &v[..cols]);
        let mut r = v.clone();
        s.reduce(&mut r);
        prop_assert!(s.pivots().iter().all(|&c| r.entry(c) == 0));
        let mut diff = v.clone();
        diff.add_scaled(&r, q - 1);
        prop_assert!(s.contains(&diff), "v − reduce(v) lies in the subspace");
        prop_assert_eq!(s.contains(&v), r.is_zero());
    }

    #[test]
    fn dot_transpose_identity_and_assembly(p in prime(), (rows, cols, m) in shape_matrix(), v in entries(150), w in entries(150)) {
        let q = p.value();
        let (a, b) = (FqVector::from_entries(p, &v[..cols]), FqVector::from_entries(p, &w[..cols]));
        let naive_dot = v[..cols].iter().zip(&w[..cols]).fold(0, |s, (x, y)| (s + x % q * (y % q)) % q);
        prop_assert_eq!(a.dot(&b), naive_dot);
        let mat = to_matrix(p, &m, cols);
        let t = mat.transpose();
        prop_assert_eq!((t.rows(), t.cols()), (cols, rows));
        for (i, row) in m.iter().enumerate() {
            for (j, &e) in row.iter().enumerate() {
                prop_assert_eq!(t.entry(j, i), e % q);
            }
        }
        prop_assert_eq!(FqMatrix::identity(p, cols).apply(&a), a.clone());
        let s = Subspace::span(p, cols, mat.clone().into_rows());
        prop_assert_eq!(&s, &Subspace::from_matrix(mat.clone()));
        for (k, &c) in s.pivots().iter().enumerate() {
            prop_assert_eq!(s.pivot_row(c), Some(k));
        }
        let qi = fq_kernel_image(&mat).quasi_inverse;
        let rebuilt = QuasiInverse::new(qi.image().clone(), qi.preimages().clone());
        prop_assert_eq!(rebuilt, qi);
    }

    /// At p = 2 the generic type has the F_2 layout and the F_2 fast path's RREF.
    #[test]
    fn p2_matches_f2_matrix((rows, cols, m) in (0usize..80, 0usize..300).prop_flat_map(|(r, c)| (Just(r), Just(c), vec(vec(any::<bool>(), c), r)))) {
        let f2_rows: Vec<FpVector> = m.iter().map(|r| FpVector::from_bools(r)).collect();
        let mut f2 = Matrix::from_rows(cols, &f2_rows);
        let bits: Vec<Vec<u32>> = m.iter().map(|r| r.iter().map(|&b| u32::from(b)).collect()).collect();
        let mut fq = to_matrix(P2, &bits, cols);
        for i in 0..rows {
            prop_assert_eq!(fq.row(i).limbs(), f2.row(i));
        }
        prop_assert_eq!(fq.row_reduce(), f2.row_reduce());
        for i in 0..rows {
            prop_assert_eq!(fq.row(i).limbs(), f2.row(i));
        }
    }
}

#[test]
fn from_limbs_rejects_bad_limbs() {
    let p3 = ValidPrime::new(3).unwrap();
    // 21 entries of 3 bits a limb at p = 3: length 22 needs 2 limbs.
    assert_eq!(
        FqVector::try_from_limbs(p3, 22, vec![0]),
        Err(LimbsError::WrongLimbCount {
            p: 3,
            len: 22,
            expected: 2,
            got: 1
        })
    );
    // Entry 1 set to 3 (not in 0..3).
    assert_eq!(
        FqVector::try_from_limbs(p3, 5, vec![3 << 3]),
        Err(LimbsError::EntryTooLarge {
            p: 3,
            index: 1,
            value: 3
        })
    );
    // A bit in the field of entry 5 of a length-5 vector, and bit 63 above the 21 fields.
    assert_eq!(
        FqVector::try_from_limbs(p3, 5, vec![1 << 15]),
        Err(LimbsError::PaddingNotZero { limb: 0, len: 5 })
    );
    assert_eq!(
        FqVector::try_from_limbs(p3, 30, vec![0, 1 << 63]),
        Err(LimbsError::PaddingNotZero { limb: 1, len: 30 })
    );
    assert_eq!(
        FqVector::try_from_limbs(p3, 21, vec![1 << 63]),
        Err(LimbsError::PaddingNotZero { limb: 0, len: 21 })
    );
    assert_eq!(
        FqVector::try_from_limbs(P2, 3, vec![0b1000]),
        Err(LimbsError::PaddingNotZero { limb: 0, len: 3 })
    );
    let err = FqVector::try_from_limbs(p3, 5, vec![3 << 3]).unwrap_err();
    assert_eq!(err.to_string(), "entry 1 is 3, not in 0..3");
}

#[test]
fn valid_prime_accepts_primes_and_refuses_the_rest() {
    for p in [2, 3, 5, 7, 11, 251] {
        let vp = ValidPrime::new(p).unwrap();
        assert_eq!(vp.value(), p);
        assert_eq!(vp.to_string(), p.to_string());
    }
    for p in [0, 1, 4, 9, 255] {
        assert_eq!(ValidPrime::new(p), Err(PrimeError::NotPrime(p)));
    }
    for p in [256, 257] {
        assert_eq!(ValidPrime::new(p), Err(PrimeError::TooLarge(p)));
    }
    assert_eq!(
        ValidPrime::new(4).unwrap_err().to_string(),
        "p = 4 is not a prime"
    );
    assert_eq!(
        ValidPrime::new(257).unwrap_err().to_string(),
        "p = 257 is too large (p < 256)"
    );
}

#[test]
fn a_known_kernel_at_p3() {
    // Rows (1,2,0,1), (2,1,0,2) = 2·row 0, (0,1,1,1): kernel spanned by e0 + e1.
    let p = ValidPrime::new(3).unwrap();
    let m = to_matrix(
        p,
        &[vec![1, 2, 0, 1], vec![2, 1, 0, 2], vec![0, 1, 1, 1]],
        4,
    );
    let ki = fq_kernel_image(&m);
    assert_eq!(rows_of(ki.kernel.basis()), vec![vec![1, 1, 0]]);
    assert_eq!(
        rows_of(ki.image.basis()),
        vec![vec![1, 0, 1, 2], vec![0, 1, 1, 1]]
    );
}

//! Property tests: the M4RI paths against plain Gauss–Jordan reduction, byte
//! for byte (the RREF is unique), on random matrices of odd shapes — empty,
//! 1 × 1, widths 1, 63, 64, 65, 130, 257 and 1000+, dense, sparse, low rank,
//! with repeated rows.

use crate::common;

use common::*;
use fp::{kernel_image, kernel_image_m4ri, kernel_image_simple, Matrix};
use proptest::prelude::*;

/// How a test matrix is filled.
#[derive(Clone, Copy, Debug)]
enum Fill {
    Dense,
    /// Each entry one with probability 2^-p.
    Sparse(u32),
    /// A product through an inner dimension of this size.
    LowRank(usize),
    /// Dense rows, many of them copies of earlier rows or zero.
    Repeats,
    /// A few ones per row, near the diagonal (band), as in triangular-ish
    /// matrices of differentials.
    Band,
}

/// splitmix64: seeds → well-mixed words.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
}

fn random_dense(rows: usize, cols: usize, rng: &mut Rng, sparsity: u32) -> Matrix {
    let mut m = Matrix::new(rows, cols);
    let stride = m.stride();
    let tail = cols % 64;
    if stride == 0 {
        return m;
    }
    for row in m.data_mut().chunks_mut(stride) {
        for w in row.iter_mut() {
            let mut x = rng.next();
            for _ in 0..sparsity {
                x &= rng.next();
            }
            *w = x;
        }
        if tail != 0 {
            *row.last_mut().unwrap() &= (1u64 << tail) - 1;
        }
    }
    m
}

fn build(rows: usize, cols: usize, fill: Fill, seed: u64) -> Matrix {
    let mut rng = Rng(seed);
    match fill {
        Fill::Dense => random_dense(rows, cols, &mut rng, 0),
        Fill::Sparse(p) => random_dense(rows, cols, &mut rng, p),
        Fill::LowRank(k) => {
            let a = random_dense(rows, k, &mut rng, 0);
            let b = random_dense(k, cols, &mut rng, 0);
            a.mul(&b)
        }
        Fill::Repeats => {
            let mut m = random_dense(rows, cols, &mut rng, 0);
            for i in 1..rows {
                match rng.next() % 4 {
                    0 => {
                        let src = (rng.next() % i as u64) as usize;
                        let row = m.row(src).to_vec();
                        m.row_mut(i).copy_from_slice(&row);
                    }
                    1 => m.row_mut(i).fill(0),
                    _ => {}
                }
            }
            m
        }
        Fill::Band => {
            let mut m = Matrix::new(rows, cols);
            if cols > 0 {
                for i in 0..rows {
                    let centre = i * cols / rows.max(1);
                    for _ in 0..3 {
                        let j = (centre + (rng.next() % 9) as usize)
                            .saturating_sub(4)
                            .min(cols - 1);
                        m.set(i, j, !m.get(i, j));
                    }
                }
            }
            m
        }
    }
}

fn fill() -> impl Strategy<Value = Fill> {
    prop_oneof![
        3 => Just(Fill::Dense),
        1 => (1u32..8).prop_map(Fill::Sparse),
        2 => (0usize..80).prop_map(Fill::LowRank),
        1 => Just(Fill::Repeats),
        1 => Just(Fill::Band),
    ]
}

fn rows() -> impl Strategy<Value = usize> {
    prop_oneof![
        Just(0usize),
        Just(1),
        0usize..8,
        60usize..70,
        0usize..200,
        Just(257),
        250usize..400,
    ]
}

fn cols() -> impl Strategy<Value = usize> {
    prop_oneof![
        Just(0usize),
        Just(1),
        Just(63),
        Just(64),
        Just(65),
        Just(130),
        Just(257),
        0usize..300,
        1000usize..1100,
    ]
}

fn arb() -> impl Strategy<Value = (usize, usize, Fill, u64)> {
    (rows(), cols(), fill(), any::<u64>())
}

/// RREF shape: ascending pivots, leading ones, pivot columns clean, zero rows
/// at the bottom.
fn assert_rref(m: &Matrix, pivots: &[usize]) {
    assert!(
        pivots.windows(2).all(|w| w[0] < w[1]),
        "pivots not ascending"
    );
    for (k, &p) in pivots.iter().enumerate() {
        assert_eq!(m.row_vector(k).first_one(), Some(p), "row {k} leading one");
        for i in 0..m.rows() {
            assert_eq!(m.get(i, p), i == k, "pivot column {p} row {i}");
        }
    }
    for i in pivots.len()..m.rows() {
        assert!(
            m.row_vector(i).is_zero(),
            "row {i} below the rank is nonzero"
        );
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn m4ri_equals_simple((rows, cols, fill, seed) in arb()) {
        let m = build(rows, cols, fill, seed);
        let mut simple = m.clone();
        let want = simple.row_reduce_simple();
        let mut fast = m.clone();
        let got = fast.row_reduce_m4ri();
        prop_assert_eq!(&got, &want);
        prop_assert_eq!(&fast, &simple);
        assert_rref(&fast, &got);
        let mut auto = m.clone();
        prop_assert_eq!(auto.row_reduce(), want);
        prop_assert_eq!(auto, simple);
    }

    #[test]
    fn m4ri_tuned_equals_simple(
        (rows, cols, fill, seed) in arb(),
        k in 1usize..=8,
        block in prop_oneof![Just(1usize), 2usize..6, Just(1000)],
    ) {
        let m = build(rows, cols, fill, seed);
        let mut simple = m.clone();
        let want = simple.row_reduce_simple();
        let mut fast = m.clone();
        prop_assert_eq!(fast.row_reduce_m4ri_tuned(k, block), want);
        prop_assert_eq!(fast, simple);
    }

    #[test]
    fn kernel_image_m4ri_equals_simple((rows, cols, fill, seed) in arb()) {
        let m = build(rows, cols, fill, seed);
        let want = kernel_image_simple(&m);
        prop_assert_eq!(&kernel_image_m4ri(&m), &want);
        prop_assert_eq!(&kernel_image(&m), &want);
    }
}

// Small cases also against the independent boolean Gauss–Jordan of `common`.
proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn m4ri_matches_naive((cols, bits) in arb_matrix()) {
        let mut m = to_matrix(&bits, cols);
        let pivots = m.row_reduce_m4ri();
        let (naive, naive_piv) = naive_rref(&bits, cols);
        prop_assert_eq!(&pivots, &naive_piv);
        prop_assert_eq!(&from_matrix(&m)[..pivots.len()], &naive[..]);
        assert_rref(&m, &pivots);
    }
}

/// Large square and rectangular matrices through both kernel paths (the
/// pivot-order identity part is used from 1024 rows).
#[test]
fn large_kernel_images_agree() {
    for (rows, cols, fill) in [
        (1024, 1024, Fill::Dense),
        (1100, 700, Fill::Dense),
        (1030, 1500, Fill::LowRank(600)),
        (1200, 900, Fill::Repeats),
        (1050, 1050, Fill::Sparse(5)),
        (1100, 1000, Fill::Band),
    ] {
        let m = build(rows, cols, fill, rows as u64 * 31 + cols as u64);
        assert_eq!(
            kernel_image_m4ri(&m),
            kernel_image_simple(&m),
            "{rows}x{cols} {fill:?}"
        );
    }
}

/// Large matrices with every row reduction path.
#[test]
fn large_row_reductions_agree() {
    for (rows, cols, fill) in [
        (1000, 1000, Fill::Dense),
        (2100, 1300, Fill::Dense),
        (700, 2500, Fill::LowRank(650)),
        (1500, 1500, Fill::Sparse(6)),
        (1600, 1200, Fill::Band),
        (1300, 1000, Fill::Repeats),
    ] {
        let m = build(rows, cols, fill, rows as u64 ^ (cols as u64) << 20);
        let mut a = m.clone();
        let pa = a.row_reduce_simple();
        let mut b = m.clone();
        assert_eq!(b.row_reduce_m4ri(), pa, "{rows}x{cols} {fill:?}");
        assert_eq!(b, a, "{rows}x{cols} {fill:?}");
    }
}

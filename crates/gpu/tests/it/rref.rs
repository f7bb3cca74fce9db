//! Device row reduction against `fp::Matrix::row_reduce`.

use crate::common;

use std::sync::Arc;

use gpu::{GpuConfig, RowReduction};
use steenrod::MilnorAlgebra;

fn random(rows: usize, cols: usize, rng: &mut common::Rng, density_per_8: u64) -> fp::Matrix {
    let mut m = fp::Matrix::new(rows, cols);
    for i in 0..rows {
        for j in 0..cols {
            if rng.next() % 8 < density_per_8 {
                m.set(i, j, true);
            }
        }
    }
    m
}

/// Every limb from the generator's full 64-bit outputs (bits past the last
/// column cleared): a uniformly random matrix, unlike [`random`]'s low bits.
fn dense(rows: usize, cols: usize, rng: &mut common::Rng) -> fp::Matrix {
    let mut m = fp::Matrix::new(rows, cols);
    let stride = m.stride();
    for (k, limb) in m.data_mut().iter_mut().enumerate() {
        let last = k % stride == stride - 1 && !cols.is_multiple_of(64);
        *limb = rng.next() & if last { (1u64 << (cols % 64)) - 1 } else { !0 };
    }
    m
}

/// Both device methods against `fp`'s reduction (M4RI or Gauss–Jordan by
/// size) and, as an independent reference, `fp`'s plain Gauss–Jordan.
fn check(gpu: &gpu::Gpu, m: &fp::Matrix, what: &str) {
    let mut want = m.clone();
    let want_piv = want.row_reduce();
    let mut simple = m.clone();
    assert_eq!(
        simple.row_reduce_simple(),
        want_piv,
        "{what}: fp's two methods"
    );
    for method in [RowReduction::Columns, RowReduction::Panels] {
        let mut got = m.clone();
        let got_piv = gpu
            .row_reduce_by(&mut got, method)
            .expect("device row_reduce");
        assert_eq!(got_piv, want_piv, "{what} by {method:?}: pivots");
        assert_eq!(
            got.data(),
            want.data(),
            "{what} by {method:?}: reduced matrix"
        );
    }
}

/// `rows` rows, each a random sum of `rank` random dense rows: rank at most
/// `rank`, every row in their span.
fn low_rank(rows: usize, cols: usize, rank: usize, rng: &mut common::Rng) -> fp::Matrix {
    let base = dense(rank, cols, rng);
    let mut m = fp::Matrix::new(rows, cols);
    for i in 0..rows {
        for k in 0..rank {
            if rng.next() % 2 == 1 {
                for (d, s) in m.row_mut(i).iter_mut().zip(base.row(k)) {
                    *d ^= s;
                }
            }
        }
    }
    m
}

#[test]
fn row_reduce_matches_cpu_on_odd_shapes() {
    let _turn = common::shared_turn();
    let gpu = common::open(Arc::new(MilnorAlgebra::new(4)), GpuConfig::default());
    let mut rng = common::Rng(0x9e37_79b9_7f4a_7c15);
    let shapes = [
        (1, 1),
        (0, 5),
        (5, 0),
        (63, 65),
        (65, 63),
        (100, 300),
        (300, 100),
        (513, 129),
    ];
    for &(r, c) in &shapes {
        for density in [1, 4] {
            check(
                &gpu,
                &random(r, c, &mut rng, density),
                &format!("{r}x{c} density {density}/8"),
            );
        }
    }
    // Low rank: rows repeated, so most rows reduce to zero.
    let base = random(20, 150, &mut rng, 4);
    let mut low = fp::Matrix::new(200, 150);
    for i in 0..200 {
        low.row_mut(i).copy_from_slice(base.row(i % 20));
    }
    check(&gpu, &low, "200x150 rank 20");
    check(&gpu, &fp::Matrix::new(70, 90), "all zero");
    check(&gpu, &fp::Matrix::identity(130), "identity");
    let mut one = fp::Matrix::new(1, 1);
    one.set(0, 0, true);
    check(&gpu, &one, "1x1 one");
}

#[test]
fn panels_match_cpu_on_many_shapes() {
    let _turn = common::shared_turn();
    let gpu = common::open(Arc::new(MilnorAlgebra::new(4)), GpuConfig::default());
    let mut rng = common::Rng(0x2545_f491_4f6c_dd1d);
    // Wide (rank reaches the rows early), tall, exact multiples of 64 and not.
    let shapes = [
        (64, 64),
        (128, 192),
        (1, 700),
        (700, 1),
        (100, 1000),
        (1000, 200),
        (257, 257),
        (2000, 130),
    ];
    for &(r, c) in &shapes {
        for density in [1, 4, 7] {
            check(
                &gpu,
                &random(r, c, &mut rng, density),
                &format!("{r}x{c} density {density}/8"),
            );
        }
        check(&gpu, &dense(r, c, &mut rng), &format!("{r}x{c} uniform"));
    }
    // Rank-deficient, with the span's pivots spread over several panels.
    for &(r, c, k) in &[(300, 500, 40), (500, 300, 130), (190, 640, 70)] {
        check(
            &gpu,
            &low_rank(r, c, k, &mut rng),
            &format!("{r}x{c} rank ≤ {k}"),
        );
    }
    // Columns repeated: many non-pivot columns inside each panel.
    let base = random(400, 40, &mut rng, 4);
    let mut rep = fp::Matrix::new(400, 320);
    for i in 0..400 {
        for j in 0..320 {
            if base.get(i, j % 40) {
                rep.set(i, j, true);
            }
        }
    }
    check(&gpu, &rep, "400x320, 40 distinct columns");
}

/// A size of the resolution's matrices near stem 100 (thousands of rows and
/// columns), uniformly random with one row repeated. A uniformly random
/// 1800 × 2500 matrix over F_2 has full row rank with probability above
/// 1 − 2^-700 (the chance that some nonzero combination of rows vanishes),
/// so the rank is 1799.
#[test]
fn panels_match_cpu_at_resolution_sizes() {
    let _turn = common::shared_turn();
    let gpu = common::open(Arc::new(MilnorAlgebra::new(4)), GpuConfig::default());
    let mut rng = common::Rng(0x0123_4567_89ab_cdef);
    let mut m = dense(1800, 2500, &mut rng);
    let dup = m.row(7).to_vec();
    m.row_mut(1000).copy_from_slice(&dup);
    let mut want = m.clone();
    let want_piv = want.row_reduce();
    let mut got = m.clone();
    let got_piv = gpu.row_reduce(&mut got).expect("device row_reduce");
    assert_eq!(got_piv, want_piv, "1800x2500: pivots");
    assert_eq!(got.data(), want.data(), "1800x2500: reduced matrix");
    assert_eq!(want_piv.len(), 1799, "1800x2500 with a repeated row");
}

//! Device row reduction against `fp::Matrix::row_reduce`.

mod common;

use std::sync::Arc;

use gpu::GpuConfig;
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

fn check(gpu: &gpu::Gpu, m: &fp::Matrix, what: &str) {
    let mut want = m.clone();
    let want_piv = want.row_reduce();
    let mut got = m.clone();
    let got_piv = gpu.row_reduce(&mut got).expect("device row_reduce");
    assert_eq!(got_piv, want_piv, "{what}: pivots");
    assert_eq!(got.data(), want.data(), "{what}: reduced matrix");
}

#[test]
fn row_reduce_matches_cpu_on_odd_shapes() {
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

//! The batched Milnor product on the device against
//! `MilnorAlgebra::multiply_basis_into`.

use crate::common;

use std::sync::Arc;

use gpu::{GpuConfig, GpuError, InvalidRequest, ProductBatch};
use steenrod::{MilnorAlgebra, PPart};

use common::{batches, check};

#[test]
fn products_match_cpu_through_degree_30() {
    let _turn = common::shared_turn();
    let max = 30;
    let alg = Arc::new(MilnorAlgebra::new(max));
    let gpu = common::open(alg.clone(), GpuConfig::default());
    let (batches, cols) = batches(&alg, max, 2000);
    let nonzero: usize = batches.iter().map(|b| b.terms.len()).sum();
    assert!(nonzero > 10_000, "only {nonzero} products");
    check(&gpu, &alg, &batches, cols, 3);
    assert_eq!(gpu.segments(), 1);
    assert!(gpu.peak_device_bytes() > 0);
}

#[test]
fn products_match_cpu_across_many_segments_and_blocks() {
    let _turn = common::shared_turn();
    let max = 26;
    let alg = Arc::new(MilnorAlgebra::new(max));
    // 16 matrices per segment (some R need more and get their own), and
    // blocks of a few rows only.
    let config = GpuConfig {
        segment_bytes: 16 * 32,
        block_bytes: 3 * 64,
    };
    let gpu = common::open(alg.clone(), config);
    let (batches, cols) = batches(&alg, max, 700);
    check(&gpu, &alg, &batches, cols, 2);
    assert!(
        gpu.segments() > 20,
        "master used only {} segments",
        gpu.segments()
    );
    // Same R again: nothing new is interned.
    let before = gpu.segments();
    check(&gpu, &alg, &batches[..1], cols, 1);
    assert_eq!(gpu.segments(), before);
}

#[test]
fn bad_batches_are_errors() {
    let _turn = common::shared_turn();
    let alg = Arc::new(MilnorAlgebra::new(10));
    let gpu = common::open(alg.clone(), GpuConfig::default());
    let sq = |r: &[u32]| PPart::from_slice(r);
    let mut out = fp::Matrix::new(1, 64);
    let range = ProductBatch {
        rows: vec![(sq(&[1]), 0, 2)],
        terms: vec![(sq(&[1]), 0)],
    };
    assert!(matches!(
        gpu.multiply_rows(&range, &mut out),
        Err(GpuError::Invalid(InvalidRequest::TermRange {
            row: 0,
            start: 0,
            end: 2,
            terms: 1
        }))
    ));
    let degree = ProductBatch {
        rows: vec![(sq(&[6]), 0, 1)],
        terms: vec![(sq(&[5]), 0)],
    };
    assert!(matches!(
        gpu.multiply_rows(&degree, &mut out),
        Err(GpuError::Invalid(InvalidRequest::Degree {
            row: 0,
            degree: 11,
            max_degree: 10,
            ..
        }))
    ));
    let past = ProductBatch {
        rows: vec![(sq(&[2]), 0, 1)],
        terms: vec![(sq(&[2]), 63)],
    };
    assert!(matches!(
        gpu.multiply_rows(&past, &mut out),
        Err(GpuError::Invalid(InvalidRequest::PastRow {
            row: 0,
            term: 0,
            offset: 63,
            bits: 2,
            cols: 64
        }))
    ));
    let mut two = fp::Matrix::new(2, 64);
    let ok = ProductBatch {
        rows: vec![(sq(&[2]), 0, 1)],
        terms: vec![(sq(&[2]), 0)],
    };
    assert!(matches!(
        gpu.multiply_rows(&ok, &mut two),
        Err(GpuError::Invalid(InvalidRequest::RowCount {
            out_rows: 2,
            batch_rows: 1
        }))
    ));
    assert!(out.is_zero());
}

//! A panic of the GPU runtime comes back as a typed error at the device
//! boundary. Mesa's lavapipe allocates no buffer above 128 MiB
//! (`maxStorageBufferRange`, and the limit wgpu reports for it); cubecl's
//! device thread unwraps the failed allocation and panics. Through the
//! public API, a master segment or an output block above that limit makes it
//! panic; the call must return `GpuError::RuntimePanic` with the runtime's
//! message.
//!
//! The panic slot is per process (one runtime server per device), so a
//! concurrent device test could report this test's panic: it runs with the
//! device to itself (`common::sole_turn`).

use crate::common;

use std::sync::Arc;

use gpu::{GpuConfig, GpuError, ProductBatch};
use steenrod::{MilnorAlgebra, PPart};

/// `rows` rows, the first and last with the product `Sq(1)·Sq(2)` at bit 0
/// (so one output block spans them all).
fn spanning_batch(rows: usize) -> ProductBatch {
    let mut batch = ProductBatch {
        rows: vec![(PPart::from_slice(&[1]), 0, 0); rows],
        terms: vec![(PPart::from_slice(&[2]), 0)],
    };
    batch.rows[0].2 = 1;
    batch.rows[rows - 1].2 = 1;
    batch
}

fn assert_runtime_panic(got: Result<(), GpuError>, what: &str, bytes: u64) {
    match got {
        Err(GpuError::RuntimePanic {
            thread,
            panic_message,
            ..
        }) => {
            assert!(
                panic_message.contains(&bytes.to_string()),
                "{what}: the message does not name the {bytes}-byte allocation: {panic_message}"
            );
            assert!(!thread.is_empty());
        }
        other => panic!("{what}: expected GpuError::RuntimePanic, got {other:?}"),
    }
}

#[test]
fn allocations_above_the_device_limit_are_typed_errors() {
    let _alone = common::sole_turn();
    let alg = Arc::new(MilnorAlgebra::new(10));
    // An output block of 4096 rows × 5000 limbs = 163 840 000 bytes > 128 MiB.
    let (rows, limbs) = (4096usize, 5000usize);
    let block = rows as u64 * limbs as u64 * 8;
    let config = GpuConfig {
        segment_bytes: 1 << 20,
        block_bytes: 1 << 30,
    };
    let gpu = common::open(alg.clone(), config);
    let mut out = fp::Matrix::new(rows, limbs * 64);
    assert_runtime_panic(
        gpu.multiply_rows(&spanning_batch(rows), &mut out),
        "output block",
        block,
    );
    // Reported once: a small product on the same device still works.
    let mut one = fp::Matrix::new(1, 64);
    gpu.multiply_rows(&spanning_batch(1), &mut one)
        .expect("a small product after the failed block");
    let mut want = fp::Matrix::new(1, 64);
    let (sq1, sq2) = (PPart::from_slice(&[1]), PPart::from_slice(&[2]));
    alg.multiply_basis_into(&sq1, &sq2, want.row_mut(0), 0);
    assert!(!want.is_zero());
    assert_eq!(one.row(0), want.row(0));

    // A master segment of 4 GiB (the first left factor allocates it): above
    // lavapipe's 128 MiB and above the 32-bit byte range that bounds a storage
    // buffer on most Vulkan devices.
    let segment = 4u64 << 30;
    let config = GpuConfig {
        segment_bytes: segment as usize,
        block_bytes: 128 << 20,
    };
    let gpu = common::open(alg, config);
    assert_runtime_panic(
        gpu.multiply_rows(&spanning_batch(1), &mut fp::Matrix::new(1, 64)),
        "master segment",
        segment,
    );
}

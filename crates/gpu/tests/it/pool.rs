//! Several logical devices behind one `Gpu` (`PoolConfig::devices`) and the
//! byte budgets (`device_bytes`, `host_bytes`), on wgpu's adapter (in CI,
//! Mesa's lavapipe opened as several Vulkan devices): products against
//! `MilnorAlgebra::multiply_basis_into`, reductions against
//! `fp::Matrix::row_reduce`.

use crate::common;

use std::sync::Arc;

use gpu::{Gpu, GpuConfig, GpuError, Platform, PoolConfig};
use steenrod::MilnorAlgebra;

use common::{batches, check};

fn open(alg: Arc<MilnorAlgebra>, config: GpuConfig, pool: PoolConfig) -> Result<Gpu, GpuError> {
    Gpu::open(Platform::Wgpu, alg, config, pool)
}

/// Small segments so that each device's share of the master spans many.
const SMALL: GpuConfig = GpuConfig {
    segment_bytes: 16 * 32,
    block_bytes: 3 * 64,
};

#[test]
fn three_devices_match_the_cpu_each_holding_a_shard_of_the_master() {
    let _turn = common::shared_turn();
    let max = 26;
    let alg = Arc::new(MilnorAlgebra::new(max));
    let (batches, cols) = batches(&alg, max, 700);
    let one = common::open(alg.clone(), SMALL);
    check(&one, &alg, &batches, cols, 2);
    let pool = PoolConfig {
        devices: Some(3),
        ..PoolConfig::default()
    };
    let three = open(alg.clone(), SMALL, pool).expect("three logical devices");
    assert_eq!(three.devices(), 3);
    // The summary names every device, not only the first.
    let names = three.device_name();
    assert!(
        names.starts_with("3 devices: ") && (0..3).all(|i| names.contains(&format!("#{i}"))),
        "device names {names}"
    );
    check(&three, &alg, &batches, cols, 3);
    // Each device interned only its shard: every device some, none all.
    let each = three.segments_each();
    assert!(
        each.iter().all(|&s| s > 0 && s < one.segments()),
        "segments per device {each:?}, one device {}",
        one.segments()
    );
    assert!(three.peak_device_bytes_each().iter().all(|&b| b > 0));
    // Row reductions go round the devices; each result is the CPU's.
    let mut rng = common::Rng(0x2545_f491_4f6c_dd1d);
    for k in 0..6 {
        let (rows, cols) = (40 + 7 * k, 90 - 5 * k);
        let mut m = fp::Matrix::new(rows, cols);
        for i in 0..rows {
            for j in 0..cols {
                if rng.next() % 8 < 3 {
                    m.set(i, j, true);
                }
            }
        }
        let mut want = m.clone();
        let want_piv = want.row_reduce();
        let got_piv = three.row_reduce(&mut m).expect("device row_reduce");
        assert_eq!(got_piv, want_piv, "reduction {k}: pivots");
        assert_eq!(m.data(), want.data(), "reduction {k}: matrix");
    }
}

#[test]
fn budgets_bound_the_peaks_and_a_hopeless_one_is_an_error() {
    let _turn = common::shared_turn();
    let max = 24;
    let alg = Arc::new(MilnorAlgebra::new(max));
    let (batches, cols) = batches(&alg, max, 500);
    let (device, host) = (8u64 << 20, 1u64 << 20);
    let pool = PoolConfig {
        devices: Some(2),
        device_bytes: Some(device),
        host_bytes: Some(host),
    };
    let config = GpuConfig {
        segment_bytes: 64 << 10,
        block_bytes: 64 << 10,
    };
    let gpu = open(alg.clone(), config, pool).expect("two budgeted devices");
    check(&gpu, &alg, &batches, cols, 4);
    for (d, peak) in gpu.peak_device_bytes_each().into_iter().enumerate() {
        assert!(peak > 0 && peak <= device, "device {d}: peak {peak} bytes");
    }
    let peak = gpu.peak_host_bytes();
    assert!(peak > 0 && peak <= host, "host peak {peak} bytes");

    // 64 bytes of device memory cannot hold the resident basis.
    let tiny = PoolConfig {
        device_bytes: Some(64),
        ..pool
    };
    match open(alg.clone(), GpuConfig::default(), tiny) {
        Err(e @ GpuError::Budget { flag, .. }) => {
            assert_eq!(flag, "--gpu-memory");
            assert!(e.to_string().contains("is too small"), "{e}");
        }
        Err(e) => panic!("expected a --gpu-memory error, got {e}"),
        Ok(_) => panic!("a 64-byte device budget was accepted"),
    }
    // 64 bytes of host memory cannot hold one build's buffers: an error, and
    // the output untouched.
    let tiny = PoolConfig {
        host_bytes: Some(64),
        devices: Some(1),
        ..pool
    };
    let gpu = open(alg.clone(), GpuConfig::default(), tiny).expect("one device");
    let mut out = fp::Matrix::new(batches[0].rows.len(), cols);
    match gpu.multiply_rows(&batches[0], &mut out) {
        Err(GpuError::Budget { flag, .. }) => assert_eq!(flag, "--host-memory"),
        other => panic!("expected a --host-memory error, got {other:?}"),
    }
    assert!(out.is_zero());
}

//! Backend selection errors.

use crate::common;

use std::sync::Arc;

use gpu::{Gpu, GpuConfig, GpuError, InvalidRequest, Platform};
use steenrod::MilnorAlgebra;

#[cfg(not(feature = "cuda"))]
#[test]
fn cuda_without_the_feature_is_a_clear_error() {
    let _turn = common::shared_turn();
    let alg = Arc::new(MilnorAlgebra::new(4));
    match Gpu::new(Platform::Cuda, alg, GpuConfig::default()) {
        Err(e @ GpuError::NoDevice(gpu::NoDevice::NotBuilt { backend, feature })) => {
            assert_eq!((backend, feature), (Platform::Cuda, "cuda"));
            assert!(e.to_string().contains("`cuda` feature"), "{e}");
        }
        Err(e) => panic!("wrong error: {e}"),
        Ok(_) => panic!("Platform::Cuda opened without the cuda feature"),
    }
}

#[test]
fn zero_knobs_are_rejected() {
    let _turn = common::shared_turn();
    let alg = Arc::new(MilnorAlgebra::new(4));
    let config = GpuConfig {
        segment_bytes: 0,
        block_bytes: 1 << 20,
    };
    assert!(matches!(
        Gpu::new(Platform::Wgpu, alg.clone(), config),
        Err(GpuError::Invalid(InvalidRequest::Knob {
            knob: "segment_bytes",
            value: 0,
            least: 32,
            ..
        }))
    ));
    let config = GpuConfig {
        segment_bytes: 1 << 20,
        block_bytes: 7,
    };
    assert!(matches!(
        Gpu::new(Platform::Wgpu, alg, config),
        Err(GpuError::Invalid(InvalidRequest::Knob {
            knob: "block_bytes",
            value: 7,
            least: 8,
            ..
        }))
    ));
}

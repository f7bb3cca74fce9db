//! Shared helpers of the device tests: open the software Vulkan device (or
//! fail saying how to install it) and a small deterministic generator.

#![allow(dead_code)]

use std::sync::Arc;

use gpu::{Gpu, GpuConfig, Platform};
use steenrod::MilnorAlgebra;

/// The wgpu device, or a test failure naming the packages to install.
pub fn open(alg: Arc<MilnorAlgebra>, config: GpuConfig) -> Gpu {
    match Gpu::new(Platform::Wgpu, alg, config) {
        Ok(g) => g,
        Err(e) => panic!(
            "cannot open the Vulkan device ({e}); the tests need one: install \
             Mesa's software driver with `apt-get install -y mesa-vulkan-drivers libvulkan1`"
        ),
    }
}

/// xorshift64* (deterministic test data).
pub struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }
}

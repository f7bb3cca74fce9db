//! Shared helpers of the device tests: open the software Vulkan device (or
//! fail saying how to install it) and a small deterministic generator.

#![allow(dead_code)]

use std::sync::{Arc, RwLock, RwLockReadGuard, RwLockWriteGuard};

use gpu::{Gpu, GpuConfig, Platform, ProductBatch};
use steenrod::{MilnorAlgebra, PPart};

/// Turns at the device. A panic on a runtime thread is kept in one slot per process and
/// returned by the next call at the device boundary of any `Gpu` (`boundary::guard`), so
/// the test that provokes one runs with no other device test beside it in this process;
/// the others share the device.
static DEVICE: RwLock<()> = RwLock::new(());

/// A turn at the device shared with the other device tests (held for the whole test).
pub fn shared_turn() -> RwLockReadGuard<'static, ()> {
    DEVICE.read().unwrap_or_else(|e| e.into_inner())
}

/// The device alone: no other device test runs while this is held.
pub fn sole_turn() -> RwLockWriteGuard<'static, ()> {
    DEVICE.write().unwrap_or_else(|e| e.into_inner())
}

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

/// Terms per row and the spacing of their bit offsets (offsets overlap the
/// previous term's bits, so the XOR of overlapping products is checked too).
const PER_ROW: usize = 5;
const SPACING: u64 = 29;

/// Every pair `Sq(R)·Sq(S)` with `|R| + |S| ≤ max`, grouped `PER_ROW` terms
/// to a row at offsets `3 + k·SPACING`, as several batches.
pub fn batches(alg: &MilnorAlgebra, max: u32, per_batch: usize) -> (Vec<ProductBatch>, usize) {
    let mut cols = 0;
    let mut all = Vec::new();
    let mut cur = ProductBatch::default();
    for a in 0..=max {
        for r in alg.basis(a) {
            let ss: Vec<PPart> = (0..=max - a)
                .flat_map(|b| alg.basis(b).iter().copied())
                .collect();
            for chunk in ss.chunks(PER_ROW) {
                let start = cur.terms.len() as u32;
                for (k, s) in chunk.iter().enumerate() {
                    let off = 3 + k as u64 * SPACING;
                    cols = cols.max(off as usize + alg.dim(a + s.degree()));
                    cur.terms.push((*s, off));
                }
                cur.rows.push((*r, start, cur.terms.len() as u32));
                if cur.rows.len() == per_batch {
                    all.push(std::mem::take(&mut cur));
                }
            }
        }
    }
    if !cur.rows.is_empty() {
        all.push(cur);
    }
    (all, cols)
}

pub fn cpu(alg: &MilnorAlgebra, batch: &ProductBatch, cols: usize) -> fp::Matrix {
    let mut m = fp::Matrix::new(batch.rows.len(), cols);
    for (i, &(r, start, end)) in batch.rows.iter().enumerate() {
        for &(s, off) in &batch.terms[start as usize..end as usize] {
            alg.multiply_basis_into(&r, &s, m.row_mut(i), off as usize);
        }
    }
    m
}

/// Runs every batch on `threads` threads at once and compares with the CPU.
pub fn check(
    gpu: &gpu::Gpu,
    alg: &MilnorAlgebra,
    batches: &[ProductBatch],
    cols: usize,
    threads: usize,
) {
    std::thread::scope(|sc| {
        for t in 0..threads {
            sc.spawn(move || {
                for (b, batch) in batches.iter().enumerate().skip(t).step_by(threads) {
                    let mut got = fp::Matrix::new(batch.rows.len(), cols);
                    gpu.multiply_rows(batch, &mut got).expect("device multiply");
                    let want = cpu(alg, batch, cols);
                    for i in 0..batch.rows.len() {
                        assert_eq!(
                            got.row(i),
                            want.row(i),
                            "batch {b} row {i}: {:?}",
                            batch.rows[i]
                        );
                    }
                }
            });
        }
    });
}

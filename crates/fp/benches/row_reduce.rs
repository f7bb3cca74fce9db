//! Criterion benchmarks of F_2 row reduction and kernel/image computation on
//! random dense square matrices.
//!
//! `cargo bench -p fp --bench row_reduce` runs everything; a filter selects a
//! group, e.g. `cargo bench -p fp --bench row_reduce -- 'row_reduce/'`.
//!
//! Groups:
//! - `row_reduce/N`: [`Matrix::row_reduce`] (the size-dispatched entry point) on
//!   a random dense `N × N` matrix, N = 1024, 2048, 4096, 8192.
//! - `row_reduce_simple/N`: [`Matrix::row_reduce_simple`] (plain Gauss–Jordan),
//!   N = 1024, 2048, 4096 (8192 takes tens of seconds per iteration).
//! - `kernel_image/N`: [`fp::kernel_image`] of a random dense `N × N` matrix,
//!   N = 1024, 2048.
//! - `kernel_image_simple/N`: [`fp::kernel_image_simple`] (plain Gauss–Jordan
//!   of `[M | I]`, the implementation before M4RI), N = 1024, 2048.
//!
//! Criterion writes each median to
//! `target/criterion/GROUP/N/new/estimates.json` (`median.point_estimate`, ns).
//!
//! Matrices come from a fixed-seed xorshift generator, so runs are comparable.

use criterion::{criterion_group, criterion_main, BatchSize, BenchmarkId, Criterion};
use fp::{kernel_image, kernel_image_simple, Matrix};
use std::hint::black_box;
use std::time::Duration;

/// xorshift64* (Vigna, "An experimental exploration of Marsaglia's xorshift
/// generators, scrambled", 2016): enough randomness for benchmark inputs.
struct XorShift(u64);

impl XorShift {
    fn next(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.0 = x;
        x.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
}

/// A uniformly random `rows × cols` matrix (fixed seed per shape).
fn random_matrix(rows: usize, cols: usize) -> Matrix {
    let mut rng = XorShift(0x9E37_79B9_7F4A_7C15 ^ ((rows as u64) << 32) ^ cols as u64);
    let mut m = Matrix::new(rows, cols);
    let stride = m.stride();
    let tail = cols % 64;
    for row in m.data_mut().chunks_mut(stride.max(1)) {
        for w in row.iter_mut() {
            *w = rng.next();
        }
        if tail != 0 {
            if let Some(last) = row.last_mut() {
                *last &= (1u64 << tail) - 1;
            }
        }
    }
    m
}

fn bench_row_reduce(c: &mut Criterion) {
    let mut g = c.benchmark_group("row_reduce");
    g.sample_size(10)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(5));
    for n in [1024usize, 2048, 4096, 8192] {
        let m = random_matrix(n, n);
        g.bench_with_input(BenchmarkId::from_parameter(n), &m, |b, m| {
            b.iter_batched(
                || m.clone(),
                |mut a| black_box(a.row_reduce()),
                BatchSize::LargeInput,
            )
        });
    }
    g.finish();

    let mut g = c.benchmark_group("row_reduce_simple");
    g.sample_size(10)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(5));
    for n in [1024usize, 2048, 4096] {
        let m = random_matrix(n, n);
        g.bench_with_input(BenchmarkId::from_parameter(n), &m, |b, m| {
            b.iter_batched(
                || m.clone(),
                |mut a| black_box(a.row_reduce_simple()),
                BatchSize::LargeInput,
            )
        });
    }
    g.finish();
}

fn bench_kernel_image(c: &mut Criterion) {
    let mut g = c.benchmark_group("kernel_image");
    g.sample_size(10)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(5));
    for n in [1024usize, 2048] {
        let m = random_matrix(n, n);
        g.bench_with_input(BenchmarkId::from_parameter(n), &m, |b, m| {
            b.iter(|| black_box(kernel_image(m)))
        });
    }
    g.finish();

    let mut g = c.benchmark_group("kernel_image_simple");
    g.sample_size(10)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(5));
    for n in [1024usize, 2048] {
        let m = random_matrix(n, n);
        g.bench_with_input(BenchmarkId::from_parameter(n), &m, |b, m| {
            b.iter(|| black_box(kernel_image_simple(m)))
        });
    }
    g.finish();
}

criterion_group!(benches, bench_row_reduce, bench_kernel_image);
criterion_main!(benches);

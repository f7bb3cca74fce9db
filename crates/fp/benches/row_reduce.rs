//! Criterion benchmarks of F_2 row reduction and kernel/image computation on
//! random dense square matrices.
//!
//! `cargo bench -p fp --bench row_reduce` runs everything; a filter selects
//! groups, e.g. `cargo bench -p fp --bench row_reduce -- 'row_reduce/'`.
//!
//! Groups:
//! - `row_reduce/N`: [`Matrix::row_reduce`] (the size-dispatched entry point,
//!   M4RI at these sizes) on a random dense `N × N` matrix, N = 1024, 2048,
//!   4096, 8192.
//! - `row_reduce_simple/N`: [`Matrix::row_reduce_simple`] (plain Gauss–Jordan,
//!   the implementation before M4RI), N = 1024, 2048, 4096 (8192 takes about
//!   10 s an iteration).
//! - `kernel_image/N`: [`fp::kernel_image`] of a random dense `N × N` matrix,
//!   N = 1024, 2048.
//! - `kernel_image_simple/N`: [`fp::kernel_image_simple`] (plain Gauss–Jordan
//!   of `[M | I]`, the implementation before M4RI), N = 1024, 2048.
//!
//! - `fq_row_reduce/pP/ROWSxCOLS`: [`FqMatrix::row_reduce`] over F_P on a random
//!   dense matrix, P = 3 and 5, 2000 × 2000 and 4000 × 3000.
//! - `fq_kernel_image/pP/N`: [`fp::fq_kernel_image`] of a random dense `N × N` matrix
//!   over F_P, P = 3 and 5, N = 1000, 2000.
//!
//! Sampling is flat with 30 samples of few iterations each, so that the
//! median resists the bursts of load of a shared machine. Criterion writes
//! each median to `target/criterion/GROUP/N/new/estimates.json`
//! (`median.point_estimate`, ns). Matrices come from a fixed-seed xorshift
//! generator, so runs are comparable.

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, SamplingMode};
use fp::{
    fq_kernel_image, kernel_image, kernel_image_simple, FqMatrix, FqVector, Matrix, Prime,
    ValidPrime,
};
use std::hint::black_box;
use std::time::{Duration, Instant};

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

/// A uniformly random `rows × cols` matrix over F_p (fixed seed per shape).
fn random_fq_matrix(p: u32, rows: usize, cols: usize) -> FqMatrix<ValidPrime> {
    let p = ValidPrime::new(p).expect("a prime");
    let mut rng = XorShift(0x9E37_79B9_7F4A_7C15 ^ ((rows as u64) << 32) ^ cols as u64);
    let rows = (0..rows)
        .map(|_| {
            let entries: Vec<u32> = (0..cols)
                .map(|_| ((rng.next() >> 32) % u64::from(p.value())) as u32)
                .collect();
            FqVector::from_entries(p, &entries)
        })
        .collect();
    FqMatrix::from_rows(p, cols, rows)
}

/// Time `f` on a fresh copy of `m` per iteration (the copy is not timed).
fn timed_on_copies(m: &Matrix, iters: u64, f: impl Fn(&mut Matrix) -> Vec<usize>) -> Duration {
    let mut total = Duration::ZERO;
    for _ in 0..iters {
        let mut a = m.clone();
        let t = Instant::now();
        black_box(f(&mut a));
        total += t.elapsed();
    }
    total
}

fn group<'a>(
    c: &'a mut Criterion,
    name: &str,
) -> criterion::BenchmarkGroup<'a, criterion::measurement::WallTime> {
    let mut g = c.benchmark_group(name);
    g.sampling_mode(SamplingMode::Flat)
        .sample_size(30)
        .warm_up_time(Duration::from_millis(300))
        .measurement_time(Duration::from_secs(4));
    g
}

fn bench_row_reduce(c: &mut Criterion) {
    let mut g = group(c, "row_reduce");
    for n in [1024usize, 2048, 4096, 8192] {
        let m = random_matrix(n, n);
        g.bench_with_input(BenchmarkId::from_parameter(n), &m, |b, m| {
            b.iter_custom(|iters| timed_on_copies(m, iters, Matrix::row_reduce))
        });
    }
    g.finish();

    let mut g = group(c, "row_reduce_simple");
    for n in [1024usize, 2048, 4096] {
        let m = random_matrix(n, n);
        g.bench_with_input(BenchmarkId::from_parameter(n), &m, |b, m| {
            b.iter_custom(|iters| timed_on_copies(m, iters, Matrix::row_reduce_simple))
        });
    }
    g.finish();
}

fn bench_kernel_image(c: &mut Criterion) {
    let mut g = group(c, "kernel_image");
    for n in [1024usize, 2048] {
        let m = random_matrix(n, n);
        g.bench_with_input(BenchmarkId::from_parameter(n), &m, |b, m| {
            b.iter(|| black_box(kernel_image(m)))
        });
    }
    g.finish();

    let mut g = group(c, "kernel_image_simple");
    for n in [1024usize, 2048] {
        let m = random_matrix(n, n);
        g.bench_with_input(BenchmarkId::from_parameter(n), &m, |b, m| {
            b.iter(|| black_box(kernel_image_simple(m)))
        });
    }
    g.finish();
}

fn bench_fq(c: &mut Criterion) {
    let mut g = group(c, "fq_row_reduce");
    for (p, rows, cols) in [
        (3, 2000, 2000),
        (5, 2000, 2000),
        (3, 4000, 3000),
        (5, 4000, 3000),
    ] {
        let m = random_fq_matrix(p, rows, cols);
        let id = BenchmarkId::new(format!("p{p}"), format!("{rows}x{cols}"));
        g.bench_with_input(id, &m, |b, m| {
            b.iter_custom(|iters| {
                let mut total = Duration::ZERO;
                for _ in 0..iters {
                    let mut a = m.clone();
                    let t = Instant::now();
                    black_box(a.row_reduce());
                    total += t.elapsed();
                }
                total
            })
        });
    }
    g.finish();

    let mut g = group(c, "fq_kernel_image");
    for (p, n) in [(3, 1000), (5, 1000), (3, 2000), (5, 2000)] {
        let m = random_fq_matrix(p, n, n);
        g.bench_with_input(BenchmarkId::new(format!("p{p}"), n), &m, |b, m| {
            b.iter(|| black_box(fq_kernel_image(m)))
        });
    }
    g.finish();
}

criterion_group!(benches, bench_row_reduce, bench_kernel_image, bench_fq);
criterion_main!(benches);

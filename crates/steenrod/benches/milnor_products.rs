//! Criterion benchmarks of Milnor products `Sq(R)·Sq(S)` by degree.
//!
//! `cargo bench -p steenrod --bench milnor_products` runs everything.
//!
//! Groups (one iteration = every product `Sq(R)·Sq(S)` with `|R| + |S| = t`, each
//! XORed into a packed output row as the resolution's row builds do):
//! - `products_tables/t`: [`MilnorAlgebra::multiply_basis_into`] with the default
//!   admissible-matrix table budget (tables built during warm-up, so this times the
//!   table scan — the resolution's hot path), t = 20, 40, 60, 80, 100.
//! - `products_direct/t`: the same products by direct enumeration of Milnor matrices
//!   (table budget 0), t = 20, 40, 60, 80.
//!
//! Throughput is reported in products per second (criterion's "elements"); the median
//! of each group is in `target/criterion/GROUP/t/new/estimates.json` (ns per iteration).

use criterion::{
    criterion_group, criterion_main, BenchmarkId, Criterion, SamplingMode, Throughput,
};
use std::hint::black_box;
use std::time::Duration;
use steenrod::{MilnorAlgebra, DEFAULT_TABLE_BUDGET};

/// Every product of total degree `t`; returns a checksum of the output rows.
fn all_products(a: &MilnorAlgebra, t: u32, out: &mut [u64]) -> u64 {
    let mut check = 0u64;
    for dr in 0..=t {
        for r in a.basis(dr) {
            out.fill(0);
            for s in a.basis(t - dr) {
                a.multiply_basis_into(r, s, out, 0);
            }
            check = check.rotate_left(5) ^ out.iter().fold(0, |h, &x| h ^ x);
        }
    }
    check
}

fn pairs(a: &MilnorAlgebra, t: u32) -> u64 {
    (0..=t).map(|d| (a.dim(d) * a.dim(t - d)) as u64).sum()
}

fn bench(c: &mut Criterion, name: &str, budget: usize, degrees: &[u32]) {
    let mut g = c.benchmark_group(name);
    g.sampling_mode(SamplingMode::Flat)
        .sample_size(20)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(3));
    for &t in degrees {
        let a = MilnorAlgebra::with_table_budget(t, budget);
        let mut out = vec![0u64; a.dim(t).div_ceil(64)];
        g.throughput(Throughput::Elements(pairs(&a, t)));
        g.bench_with_input(BenchmarkId::from_parameter(t), &t, |b, &t| {
            b.iter(|| black_box(all_products(&a, t, &mut out)))
        });
    }
    g.finish();
}

fn products(c: &mut Criterion) {
    bench(
        c,
        "products_tables",
        DEFAULT_TABLE_BUDGET,
        &[20, 40, 60, 80, 100],
    );
    bench(c, "products_direct", 0, &[20, 40, 60, 80]);
}

criterion_group!(benches, products);
criterion_main!(benches);

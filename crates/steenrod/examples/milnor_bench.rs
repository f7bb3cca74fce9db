//! Times `multiply_basis_into` over all pairs `Sq(R)·Sq(S)` with
//! `|R| + |S| = t` for each `t` in a range.
//! Usage: `cargo run --release -p steenrod --example milnor_bench -- [lo] [hi]`.

use std::time::Instant;

use steenrod::{AdmissibleMatrices, MilnorAlgebra};

fn main() {
    let args: Vec<u32> = std::env::args()
        .skip(1)
        .map(|a| a.parse().expect("degree"))
        .collect();
    let lo = args.first().copied().unwrap_or(60);
    let hi = args.get(1).copied().unwrap_or(lo + 10);
    let a = MilnorAlgebra::new(hi);
    let start = Instant::now();
    let mut products = 0u64;
    let mut checksum: u64 = 0;
    for t in lo..=hi {
        let mut out = vec![0u64; a.dim(t).div_ceil(64)];
        for dr in 0..=t {
            for r in a.basis(dr) {
                for s in a.basis(t - dr) {
                    a.multiply_basis_into(r, s, &mut out, 0);
                    products += 1;
                }
            }
        }
        checksum ^= out.iter().fold(0u64, |h: u64, &x| h.rotate_left(7) ^ x);
    }
    report(
        "tree",
        lo,
        hi,
        products,
        start.elapsed().as_secs_f64(),
        checksum,
    );

    let start = Instant::now();
    let tables: Vec<Vec<AdmissibleMatrices>> = (0..=hi)
        .map(|d| {
            a.basis(d)
                .iter()
                .map(|r| AdmissibleMatrices::with_max_s_degree(r, hi - d))
                .collect()
        })
        .collect();
    let matrices: usize = tables.iter().flatten().map(AdmissibleMatrices::len).sum();
    println!(
        "  built {matrices} admissible matrices in {:.3} s",
        start.elapsed().as_secs_f64()
    );
    let start = Instant::now();
    let mut checksum: u64 = 0;
    for t in lo..=hi {
        let mut out = vec![0u64; a.dim(t).div_ceil(64)];
        for dr in 0..=t {
            for table in &tables[dr as usize] {
                for s in a.basis(t - dr) {
                    a.multiply_admissible_into(table, s, &mut out, 0);
                }
            }
        }
        checksum ^= out.iter().fold(0u64, |h: u64, &x| h.rotate_left(7) ^ x);
    }
    report(
        "tables",
        lo,
        hi,
        products,
        start.elapsed().as_secs_f64(),
        checksum,
    );
}

fn report(what: &str, lo: u32, hi: u32, products: u64, secs: f64, checksum: u64) {
    println!(
        "{what}: degrees {lo}..={hi}: {products} products in {secs:.3} s ({:.1} ns each), checksum {checksum:016x}",
        secs * 1e9 / products as f64
    );
}

//! Times `multiply_basis_into` over all pairs `Sq(R)·Sq(S)` with
//! `|R| + |S| = t` for each `t` in a range.
//! Usage: `cargo run --release -p steenrod --example milnor_bench -- [lo] [hi]`.

use std::time::Instant;

use steenrod::MilnorAlgebra;

fn main() {
    let args: Vec<u32> = std::env::args().skip(1).map(|a| a.parse().expect("degree")).collect();
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
    let secs = start.elapsed().as_secs_f64();
    println!(
        "degrees {lo}..={hi}: {products} products in {secs:.3} s ({:.1} ns each), checksum {checksum:016x}",
        secs * 1e9 / products as f64
    );
}

//! Times `MilnorAlgebra::<ValidPrime>::multiply_basis` over all pairs `x·y` of Milnor
//! basis elements with `|x| + |y| = t`, for each `t` in a range, at a prime p.
//! Usage: `cargo run --release -p steenrod --example odd_milnor_bench -- [p] [lo] [hi]`
//! (defaults: p = 3, t = 200 only).

use std::time::Instant;

use steenrod::MilnorAlgebra;

fn main() {
    let args: Vec<u32> = std::env::args()
        .skip(1)
        .map(|a| a.parse().expect("usage: odd_milnor_bench [p] [lo] [hi]"))
        .collect();
    let p = args.first().copied().unwrap_or(3);
    let lo = args.get(1).copied().unwrap_or(200);
    let hi = args.get(2).copied().unwrap_or(lo);
    let start = Instant::now();
    let a = MilnorAlgebra::new_at(p, hi);
    let elements: usize = (0..=hi).map(|t| a.dim(t)).sum();
    println!(
        "A_{p} through degree {hi}: {elements} basis elements, built in {:.3} s",
        start.elapsed().as_secs_f64()
    );
    let start = Instant::now();
    let (mut products, mut terms, mut checksum) = (0u64, 0u64, 0u64);
    for t in lo..=hi {
        let mut out = vec![0u32; a.dim(t)];
        for dx in 0..=t {
            for x in a.basis(dx) {
                for y in a.basis(t - dx) {
                    a.multiply_basis(x, y, |k, c| {
                        out[k] = (out[k] + c) % p;
                        terms += 1;
                    });
                    products += 1;
                }
            }
        }
        checksum = out
            .iter()
            .fold(checksum, |h, &c| h.rotate_left(5) ^ u64::from(c));
    }
    report("multiply_basis", p, (lo, hi), products, start, checksum);
    println!("  {terms} nonzero terms");

    let start = Instant::now();
    let mut checksum = 0u64;
    for t in lo..=hi {
        let mut out = vec![0u32; a.dim(t)];
        for dx in 0..=t {
            for x in a.basis(dx) {
                for y in a.basis(t - dx) {
                    a.multiply_basis_into(x, y, 1, &mut out);
                }
            }
        }
        checksum = out
            .iter()
            .fold(checksum, |h, &c| h.rotate_left(5) ^ u64::from(c));
    }
    report(
        "multiply_basis_into",
        p,
        (lo, hi),
        products,
        start,
        checksum,
    );
}

fn report(what: &str, p: u32, (lo, hi): (u32, u32), products: u64, start: Instant, sum: u64) {
    let secs = start.elapsed().as_secs_f64();
    println!(
        "{what}: p = {p}, t = {lo}..={hi}: {products} products in {secs:.3} s = {:.3e} \
         products/s (checksum {sum:016x})",
        products as f64 / secs
    );
}

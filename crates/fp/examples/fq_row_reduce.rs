//! Timing of [`fp::FqMatrix::row_reduce`] on random dense matrices over F_p.
//!
//! `cargo run --release -p fp --example fq_row_reduce -- [kernel] P ROWS COLS [RUNS]`
//! prints the minimum and the median wall time of `RUNS` (default 5) reductions of a
//! random dense `ROWS × COLS` matrix over F_P (fixed seed); with `kernel`, of
//! [`fp::fq_kernel_image`] of it.

use fp::{fq_kernel_image, FqMatrix, FqVector, Prime, ValidPrime};
use std::time::Instant;

/// A random `rows × cols` matrix over F_p from an xorshift64* generator (Vigna 2016).
fn random_matrix(p: ValidPrime, rows: usize, cols: usize, seed: u64) -> FqMatrix<ValidPrime> {
    let mut x = seed | 1;
    let mut next = move || {
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        x.wrapping_mul(0x2545_F491_4F6C_DD1D)
    };
    let rows = (0..rows)
        .map(|_| {
            let entries: Vec<u32> = (0..cols)
                .map(|_| ((next() >> 32) % u64::from(p.value())) as u32)
                .collect();
            FqVector::from_entries(p, &entries)
        })
        .collect();
    FqMatrix::from_rows(p, cols, rows)
}

fn main() {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let kernel = args.first().is_some_and(|a| a == "kernel");
    if kernel {
        args.remove(0);
    }
    let args: Vec<usize> = args
        .iter()
        .map(|a| a.parse().unwrap_or_else(|_| usage()))
        .collect();
    let (p, rows, cols) = match args[..] {
        [p, r, c] | [p, r, c, _] => (p, r, c),
        _ => usage(),
    };
    let runs = args.get(3).copied().unwrap_or(5).max(1);
    let p = ValidPrime::new(p as u32).unwrap_or_else(|e| {
        eprintln!("error: {e}");
        std::process::exit(2)
    });
    let m = random_matrix(p, rows, cols, 0x9E37_79B9_7F4A_7C15);
    let mut times = Vec::new();
    let mut rank = 0;
    for _ in 0..runs {
        let mut a = m.clone();
        let start = Instant::now();
        rank = if kernel {
            fq_kernel_image(&a).image.dim()
        } else {
            a.row_reduce().len()
        };
        times.push(start.elapsed().as_secs_f64());
    }
    times.sort_by(f64::total_cmp);
    println!(
        "{}p = {p}, {rows} x {cols}, rank {rank}: min {:.3} s, median {:.3} s ({runs} runs)",
        if kernel { "kernel_image, " } else { "" },
        times[0],
        times[runs / 2]
    );
}

fn usage() -> ! {
    eprintln!("usage: fq_row_reduce [kernel] P ROWS COLS [RUNS]");
    std::process::exit(2)
}

//! Timing of the row reductions for tuning: median of a few runs per shape.
//!
//! `cargo run --release -p fp --example m4ri_tune -- MODE N [ROWS]` with MODE one of
//! `simple`, `m4ri`, `auto`, `tuned K BLOCK`, `kernel`, `kernel_simple`, `kernel_m4ri`,
//! `kernel_plain` (M4RI on `[M | I]` built here, without the narrow identity part),
//! prints the minimum and the median wall time of reducing a random dense
//! `ROWS × N` matrix (`ROWS = N` by default). On a busy machine the minimum is
//! the steadier figure.

use fp::{kernel_image, kernel_image_m4ri, kernel_image_simple, Matrix};
use std::time::Instant;

fn random_matrix(rows: usize, cols: usize, seed: u64) -> Matrix {
    let mut x = seed | 1;
    let mut m = Matrix::new(rows, cols);
    let stride = m.stride();
    for row in m.data_mut().chunks_mut(stride.max(1)) {
        for w in row.iter_mut() {
            x ^= x >> 12;
            x ^= x << 25;
            x ^= x >> 27;
            *w = x.wrapping_mul(0x2545_F491_4F6C_DD1D);
        }
        if !cols.is_multiple_of(64) {
            if let Some(last) = row.last_mut() {
                *last &= (1u64 << (cols % 64)) - 1;
            }
        }
    }
    m
}

const USAGE: &str = "usage: m4ri_tune MODE N [ROWS], MODE = simple | m4ri | auto | tuned K BLOCK | kernel | kernel_simple | kernel_m4ri | kernel_plain";

/// Argument `i` of `args` parsed as a number, or a message naming it.
fn number(args: &[String], i: usize, name: &str) -> usize {
    let Some(text) = args.get(i) else {
        eprintln!("error: missing {name}; {USAGE}");
        std::process::exit(2);
    };
    text.parse().unwrap_or_else(|e| {
        eprintln!("error: {name} {text:?}: {e}; {USAGE}");
        std::process::exit(2);
    })
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some((mode, rest)) = args.split_first() else {
        eprintln!("error: {USAGE}");
        std::process::exit(2);
    };
    let (k, block, rest) = if mode == "tuned" {
        (
            number(rest, 0, "K"),
            number(rest, 1, "BLOCK"),
            rest.get(2..).unwrap_or(&[]),
        )
    } else {
        (0, 0, rest)
    };
    let n = number(rest, 0, "N");
    let rows = if rest.len() > 1 {
        number(rest, 1, "ROWS")
    } else {
        n
    };
    let m = random_matrix(rows, n, 0x9E37_79B9_7F4A_7C15);
    let reps = if rows * n > 16_000_000 {
        5
    } else if rows * n > 1_000_000 {
        15
    } else {
        101
    };
    let mut times = Vec::new();
    for _ in 0..reps {
        let mut a = m.clone();
        let t = Instant::now();
        match mode.as_str() {
            "simple" => drop(a.row_reduce_simple()),
            "m4ri" => drop(a.row_reduce_m4ri()),
            "auto" => drop(a.row_reduce()),
            "tuned" => drop(a.row_reduce_m4ri_tuned(k, block)),
            "kernel" => drop(kernel_image(&a)),
            "kernel_simple" => drop(kernel_image_simple(&a)),
            "kernel_m4ri" => drop(kernel_image_m4ri(&a)),
            "kernel_plain" => {
                // M4RI on [M | I] without the pivot-order identity part.
                let mut aug = Matrix::new(rows, n + rows);
                for i in 0..rows {
                    aug.row_mut(i)[..a.stride()].copy_from_slice(a.row(i));
                    aug.set(i, n + i, true);
                }
                drop(aug.row_reduce_m4ri())
            }
            other => panic!("unknown mode {other}"),
        }
        times.push(t.elapsed().as_secs_f64() * 1e3);
    }
    times.sort_by(f64::total_cmp);
    println!(
        "{mode} {rows}x{n} k={k} block={block}: min {:.3} ms median {:.3} ms",
        times[0],
        times[times.len() / 2]
    );
}

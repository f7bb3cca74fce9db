//! Wall times of F_2 row reduction: the CPU (`fp::Matrix::row_reduce`) and
//! both device methods ([`gpu::RowReduction`]), with their launch counts, on
//! uniformly random matrices. Every device result is compared with the
//! CPU's, bit for bit.
//!
//! Usage: `cargo run --release -p gpu --example rref_bench -- [--platform
//! wgpu|cuda] [--columns-up-to N] SHAPE...`, a shape `N` (square) or
//! `ROWSxCOLS` (default 4096; the per-column method is timed only while
//! rows and columns are at most `--columns-up-to`, default 4096).

use std::process::ExitCode;
use std::sync::Arc;
use std::time::Instant;

use gpu::{Gpu, GpuConfig, Platform, RowReduction};
use steenrod::MilnorAlgebra;

/// A uniformly random `rows × cols` matrix from splitmix64 (deterministic data).
fn random(rows: usize, cols: usize, seed: u64) -> fp::Matrix {
    let mut x = seed;
    let mut m = fp::Matrix::new(rows, cols);
    for limb in m.data_mut() {
        x = x.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = x;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        *limb = z ^ (z >> 31);
    }
    // Clear the bits past the last column of each row.
    let stride = cols.div_ceil(64);
    if !cols.is_multiple_of(64) {
        for r in 0..rows {
            m.data_mut()[r * stride + stride - 1] &= (1u64 << (cols % 64)) - 1;
        }
    }
    m
}

/// `N` (square) or `ROWSxCOLS`.
fn parse_shape(s: &str) -> Option<(usize, usize)> {
    match s.split_once('x') {
        Some((r, c)) => Some((r.parse().ok()?, c.parse().ok()?)),
        None => s.parse().ok().map(|n| (n, n)),
    }
}

fn main() -> ExitCode {
    let mut platform = Platform::Wgpu;
    let mut columns_up_to = 4096;
    let mut sizes = Vec::new();
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        match a.as_str() {
            "--platform" => match args.next().as_deref() {
                Some("wgpu") => platform = Platform::Wgpu,
                Some("cuda") => platform = Platform::Cuda,
                other => {
                    eprintln!("rref_bench: --platform: expected wgpu or cuda, got {other:?}");
                    return ExitCode::from(2);
                }
            },
            "--columns-up-to" => match args.next().and_then(|v| v.parse().ok()) {
                Some(v) => columns_up_to = v,
                None => {
                    eprintln!("rref_bench: --columns-up-to: expected a number");
                    return ExitCode::from(2);
                }
            },
            n => match parse_shape(n) {
                Some(v) => sizes.push(v),
                None => {
                    eprintln!("rref_bench: expected a size N or ROWSxCOLS, got {n:?}");
                    return ExitCode::from(2);
                }
            },
        }
    }
    if sizes.is_empty() {
        sizes.push((4096, 4096));
    }
    let gpu = match Gpu::new(
        platform,
        Arc::new(MilnorAlgebra::new(4)),
        GpuConfig::default(),
    ) {
        Ok(g) => g,
        Err(e) => {
            eprintln!("rref_bench: {e}");
            return ExitCode::from(3);
        }
    };
    println!("device: {}", gpu.device_name());
    // Compile every kernel before timing.
    for method in [RowReduction::Panels, RowReduction::Columns] {
        if let Err(e) = gpu.row_reduce_by(&mut random(130, 130, 1), method) {
            eprintln!("rref_bench: warm-up by {method:?}: {e}");
            return ExitCode::from(3);
        }
    }
    println!("n\tmethod\tlaunches\twall_s\trank");
    for (rows, cols) in sizes {
        let n = format!("{rows}x{cols}");
        let m = random(rows, cols, 0x9e37_79b9_7f4a_7c15 ^ (rows * cols) as u64);
        let mut want = m.clone();
        let t = Instant::now();
        let want_piv = want.row_reduce();
        println!(
            "{n}\tcpu\t-\t{:.3}\t{}",
            t.elapsed().as_secs_f64(),
            want_piv.len()
        );
        for method in [RowReduction::Panels, RowReduction::Columns] {
            if method == RowReduction::Columns && rows.max(cols) > columns_up_to {
                continue;
            }
            let mut got = m.clone();
            let t = Instant::now();
            let piv = match gpu.row_reduce_by(&mut got, method) {
                Ok(p) => p,
                Err(e) => {
                    eprintln!("rref_bench: {n} by {method:?}: {e}");
                    return ExitCode::from(3);
                }
            };
            let wall = t.elapsed().as_secs_f64();
            if piv != want_piv || got.data() != want.data() {
                eprintln!("rref_bench: {n} by {method:?} differs from the CPU");
                return ExitCode::from(1);
            }
            println!(
                "{n}\t{method:?}\t{}\t{wall:.3}\t{}",
                method.launches(cols),
                piv.len()
            );
        }
    }
    ExitCode::SUCCESS
}

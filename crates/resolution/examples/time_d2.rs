//! Times the sphere's Adams `d2` (`resolution::secondary`): resolve with Nassau's algorithm,
//! then `SecondaryLift::new`, on a pool of `THREADS` threads.
//!
//! `cargo run --release -p resolution --example time_d2 -- STEM S [THREADS] [D2_LIST]`
//!
//! Prints one line per phase (wall seconds, CPU seconds of the process from
//! `/proc/self/stat`) and the number of nonzero `d2` entries; with `D2_LIST`, writes every
//! nonzero `d2` there, one line `s,t,class,target-bits` per source class (`target-bits`:
//! the image over the target's dual-generator basis, `0`/`1` characters), so two builds'
//! outputs can be compared with `cmp`. Peak memory: run it under `/usr/bin/time -v`.
use std::fmt::Write as _;
use std::time::Instant;

use resolution::secondary::SecondaryLift;
use resolution::{Bidegree, Resolution, ResolutionConfig, RunOptions};
use steenrod::module::FiniteModule;

/// CPU seconds (user + system) of this process so far, from `/proc/self/stat` (Linux;
/// 0 elsewhere). Fields 14 and 15 are `utime`, `stime` in clock ticks (100 per second).
fn cpu_seconds() -> f64 {
    let Ok(stat) = std::fs::read_to_string("/proc/self/stat") else {
        return 0.0;
    };
    // The command name (field 2) is in parentheses and may hold spaces: split after it.
    let rest = stat.rsplit_once(')').map_or("", |(_, r)| r);
    let fields: Vec<&str> = rest.split_whitespace().collect();
    let ticks = |i: usize| fields.get(i).and_then(|f| f.parse::<f64>().ok());
    // After ")", field 3 (state) is index 0, so utime (14) is index 11, stime (15) index 12.
    ticks(11).unwrap_or(0.0) / 100.0 + ticks(12).unwrap_or(0.0) / 100.0
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let max_stem: i32 = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(40);
    let max_s: u32 = args.get(2).and_then(|a| a.parse().ok()).unwrap_or(20);
    let threads: usize = args.get(3).and_then(|a| a.parse().ok()).unwrap_or(2);
    let list = args.get(4);
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .expect("thread pool");

    let (wall, cpu) = (Instant::now(), cpu_seconds());
    let mut res = Resolution::new(FiniteModule::sphere(), ResolutionConfig { max_stem, max_s })
        .expect("range");
    res.run(RunOptions {
        threads,
        ..RunOptions::default()
    })
    .expect("resolve");
    let (res_wall, res_cpu) = (wall.elapsed().as_secs_f64(), cpu_seconds() - cpu);
    println!("stem {max_stem} s {max_s}, {threads} threads: resolution {res_wall:.2} s wall, {res_cpu:.2} s CPU");

    let (wall, cpu) = (Instant::now(), cpu_seconds());
    let lift = pool
        .install(|| SecondaryLift::new(&res))
        .expect("the sphere lifts");
    let (lift_wall, lift_cpu) = (wall.elapsed().as_secs_f64(), cpu_seconds() - cpu);

    let mut out = String::new();
    let mut entries = 0;
    for s in 0..=max_s {
        for t in s as i32..=s as i32 + max_stem {
            let Some(m) = lift.d2(Bidegree::s_t(s, t)) else {
                continue;
            };
            for k in 0..m.rows() {
                let bits: String = (0..m.cols())
                    .map(|j| if m.get(k, j) { '1' } else { '0' })
                    .collect();
                let ones = bits.bytes().filter(|&b| b == b'1').count();
                if ones > 0 {
                    entries += ones;
                    writeln!(out, "{s},{t},{k},{bits}").expect("write to a String");
                }
            }
        }
    }
    println!("d2 lift {lift_wall:.2} s wall, {lift_cpu:.2} s CPU; {entries} nonzero d2 entries");
    if let Some(path) = list {
        std::fs::write(path, out).expect("write the d2 list");
    }
}

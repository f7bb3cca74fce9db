//! Times the secondary lift of the sphere (Adams `d2`, `resolution::secondary`) in its two
//! orders: `s` in turn through the per-`s` entry point (`SecondaryLift::serial`)
//! and split by `s` (`SecondaryLift::new`: steps 1–2 of every `s` at once, step 3 swept
//! over `t`), on the same resolution, and checks that they give the same `λ`.
//!
//! `cargo run --release -p resolution --example d2_drivers -- MAX_STEM MAX_S [RUNS] [serial|split]`
//! (with `serial` or `split`, only that order is run: for its own time and memory).

use std::time::Instant;

use resolution::secondary::SecondaryLift;
use resolution::{Algorithm, Resolution, ResolutionConfig};
use steenrod::module::FiniteModule;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let arg = |k: usize, default: u32| {
        args.get(k)
            .map_or(default, |a| a.parse().expect("a number"))
    };
    let (max_stem, max_s, runs) = (arg(1, 60) as i32, arg(2, 30), arg(3, 3));
    let config = ResolutionConfig { max_stem, max_s };
    let mut res = Resolution::new(FiniteModule::sphere(), config).expect("range");
    let started = Instant::now();
    res.resolve_with(Algorithm::Nassau).expect("resolution");
    println!(
        "resolution through stem {max_stem}, s <= {max_s}: {:.2} s",
        started.elapsed().as_secs_f64()
    );
    if let Some(only) = args.get(4) {
        let t = Instant::now();
        let _lift = match only.as_str() {
            "serial" => SecondaryLift::serial(&res),
            _ => SecondaryLift::new(&res),
        }
        .expect("lift");
        println!("{only}: {:.2} s", t.elapsed().as_secs_f64());
        return;
    }
    let mut serial = Vec::new();
    let mut split = Vec::new();
    for _ in 0..runs {
        let t = Instant::now();
        let a = SecondaryLift::serial(&res).expect("lift");
        serial.push(t.elapsed().as_secs_f64());
        let t = Instant::now();
        let b = SecondaryLift::new(&res).expect("lift");
        split.push(t.elapsed().as_secs_f64());
        assert!(
            (0..=max_s).all(|s| a.lambda(s) == b.lambda(s)),
            "the two orders differ"
        );
    }
    let median = |v: &mut Vec<f64>| {
        v.sort_by(f64::total_cmp);
        v[v.len() / 2]
    };
    let (a, b) = (median(&mut serial), median(&mut split));
    println!("secondary lift, median of {runs}: serial order {a:.2} s, split by s {b:.2} s (ratio {:.2}); same λ", b / a);
}

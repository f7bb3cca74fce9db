//! Times a resolution of the sphere: `cargo run --release -p resolution --example time_sphere -- STEM S [classical|nassau]`.
use resolution::{Algorithm, Resolution, ResolutionConfig};
use steenrod::module::FiniteModule;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let max_stem: i32 = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(40);
    let max_s: u32 = args.get(2).and_then(|a| a.parse().ok()).unwrap_or(20);
    let algorithm = match args.get(3).map(String::as_str) {
        Some("classical") => Algorithm::Classical,
        _ => Algorithm::Nassau,
    };
    let start = std::time::Instant::now();
    let mut res = Resolution::new(FiniteModule::sphere(), ResolutionConfig { max_stem, max_s }).expect("range");
    res.resolve_with(algorithm).expect("resolve");
    let total: usize = res.ext().iter().map(|e| e.dim).sum();
    println!("{algorithm:?} stem {max_stem} s {max_s}: {total} classes in {:.2?}", start.elapsed());
}

//! `adams products` and `adams massey`: their flags, and the range flags every command
//! that lifts classes shares.

use std::path::PathBuf;

use chart::class_spec::ClassSpec;
use clap::Args;

#[derive(Debug, Args)]
pub struct ProductsArgs {
    /// The module (as for `adams resolve`; p = 2, or an odd prime: docs/guide/06-products-and-massey.md).
    #[arg(value_name = "MODULE", default_value = "S_2")]
    pub module: String,
    /// A class of Ext(S_2) to multiply by: h3, h2^2, h1h3, or (stem,s,index); at odd p also a0 (repeatable).
    #[arg(long, value_name = "CLASS", required = true)]
    pub by: Vec<ClassSpec>,
    #[command(flatten)]
    pub range: ExtRangeArgs,
    /// Folder for products.json, chart.json and chart.svg. Default: output/<MODULE>-products.
    #[arg(long, value_name = "DIR")]
    pub output: Option<PathBuf>,
    /// Resume the module's resolution from DIR and save it there (as `adams resolve
    /// --save-dir DIR --no-save-quasi-inverses`), and keep each lift in DIR/lifts/ (a
    /// checksummed file per class): a second run by the same class reads it back. A
    /// damaged lift file is reported and recomputed.
    #[arg(long, value_name = "DIR")]
    pub save_dir: Option<PathBuf>,
    /// With --save-dir: when another adams process holds DIR (its pid is in DIR/lock), wait
    /// for it to end instead of exit 2.
    #[arg(long, requires = "save_dir")]
    pub wait: bool,
    /// No lines on stderr but errors.
    #[arg(long, short)]
    pub quiet: bool,
}

#[derive(Debug, Args)]
pub struct MasseyArgs {
    /// The module (as for `adams resolve`; p = 2, or an odd prime: docs/guide/06-products-and-massey.md).
    #[arg(value_name = "MODULE")]
    pub module: String,
    /// A: a class of Ext(S_2) (h3, h2^2, (stem,s,index)).
    #[arg(value_name = "A")]
    pub a: ClassSpec,
    /// B: a class of Ext(S_2).
    #[arg(value_name = "B")]
    pub b: ClassSpec,
    /// C: a class of Ext(MODULE), or - for every class of the sphere's range.
    #[arg(value_name = "C", allow_hyphen_values = true)]
    pub c: String,
    #[command(flatten)]
    pub range: ExtRangeArgs,
    /// Folder for massey.json (with C = -). Default: output/S_2-massey.
    #[arg(long, value_name = "DIR")]
    pub output: Option<PathBuf>,
    /// No lines on stderr but errors (the product itself is printed on stdout).
    #[arg(long, short)]
    pub quiet: bool,
}

/// The range, module folder, memory bound, threads and log level every command that
/// resolves a module shares (`adams resolve`, `products`, `massey`, `d2`, `map`, `cofiber`).
#[derive(Debug, Args)]
pub struct ExtRangeArgs {
    /// Largest stem n = t - s to resolve (at least the module's bottom cell). Every
    /// bidegree with stem <= N and Adams filtration <= S is computed; N + S, the largest
    /// internal degree t, may be at most 510 above the bottom cell, the top degree of the
    /// Milnor basis tables. Cells of the module above t = N + S are dropped.
    #[arg(
        long,
        value_name = "N",
        default_value_t = 40,
        allow_negative_numbers = true
    )]
    pub max_stem: i64,
    /// Largest Adams filtration (homological degree) s to resolve, s >= 0: C_0, ..., C_S
    /// of the minimal resolution are built.
    #[arg(
        long = "max-s",
        value_name = "S",
        default_value_t = 20,
        allow_negative_numbers = true
    )]
    pub max_s: i64,
    /// Folder of module files, looked up by NAME as DIR/NAME.json before the bundled
    /// modules (e.g. ../shared/reference/modules).
    #[arg(long, value_name = "DIR")]
    pub modules_dir: Option<PathBuf>,
    /// A memory budget of GB gigabytes. Every command refuses (exit 2, before any work) a
    /// range whose projected peak memory — a lower bound from the Milnor basis sizes — is
    /// above it. `adams resolve` also runs within it: the product tables take at most a
    /// quarter, the rows of the resolution kept in memory another quarter; the rows are
    /// resolved a band at a time, and the finished rows no later step reads are spilled to
    /// --save-dir (a temporary directory without it, removed at the end) and read back for
    /// the chart. The result does not depend on it; the summary gives the peak against
    /// the budget. Not with --certify or across MPI ranks; a cofiber file's run and the
    /// other commands take it as a refusal only. Default: the refusal above the memory
    /// available (MemAvailable, or less under a memory cgroup's limit; the environment
    /// variable ADAMS_AVAILABLE_MEMORY=GB sets it), and `adams resolve` keeps under 80% of
    /// it: every row stays in memory until the process passes half of that, then the run
    /// goes on within it, spilling as above.
    #[arg(long, value_name = "GB", allow_negative_numbers = true, value_parser = parse_gb)]
    pub max_memory: Option<f64>,
    /// Worker threads (bidegrees whose inputs are complete run concurrently; large matrix
    /// builds and the lifts of chain maps also split across threads); 0 means one per
    /// core. The result does not depend on it.
    #[arg(long, value_name = "N", default_value_t = 0)]
    pub threads: usize,
    /// Log level for structured logs on stderr (error, warn, info, debug, trace; or a
    /// RUST_LOG-style filter such as resolution=debug). `debug` logs one line per
    /// bidegree with its step time. Default: the RUST_LOG environment variable, else off.
    #[arg(long, value_name = "LEVEL")]
    pub log: Option<String>,
}

/// The largest `--max-memory`, GB (a petabyte): above it the byte count would lose its
/// meaning long before a machine could hold it.
pub const MAX_GB: f64 = 1e6;

/// `--max-memory GB`: a finite number of gigabytes above 0 and at most [`MAX_GB`]. Checked
/// when the command line is parsed, so a bad value is refused before any folder is made.
pub fn parse_gb(text: &str) -> Result<f64, String> {
    match text.trim().parse::<f64>() {
        Ok(gb) if gb.is_finite() && gb > 0.0 && gb <= MAX_GB => match gb * 1e9 >= 1.0 {
            true => Ok(gb),
            false => Err("below one byte: give the budget in GB, e.g. 0.5".to_string()),
        },
        Ok(gb) if gb.is_nan() || gb.is_infinite() => {
            Err("expected a finite number of GB, e.g. 0.5".to_string())
        }
        Ok(_) => Err(format!(
            "expected a number of GB above 0 and at most {MAX_GB:.0}, e.g. 0.5"
        )),
        Err(_) => Err("expected a number of GB, e.g. 0.5".to_string()),
    }
}

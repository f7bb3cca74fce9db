//! `adams bench`: its flags.

use std::path::PathBuf;

use chart::class_spec::ClassSpec;
use clap::Args;

use super::Algorithm;

#[derive(Debug, Args)]
pub struct BenchArgs {
    /// The module to resolve (as for `adams resolve`).
    #[arg(value_name = "MODULE", default_value = "S_2")]
    pub module: String,

    /// Ranges to time, each STEM:S (largest stem n, largest Adams filtration s).
    #[arg(
        long,
        value_name = "STEM:S",
        value_delimiter = ',',
        default_value = "80:43,100:53"
    )]
    pub ranges: Vec<bench::BenchRange>,

    /// Worker-thread counts to time each range with (0 = one per core); the speedup
    /// column is relative to the first.
    #[arg(long, value_name = "N,...", value_delimiter = ',', default_value = "0")]
    pub threads: Vec<usize>,

    /// Runs per range; the table reports medians.
    #[arg(long, value_name = "N", default_value_t = 3)]
    pub runs: usize,

    /// Algorithm that builds the minimal resolution. Default: nassau at p = 2, classical
    /// at odd primes (the only one there).
    #[arg(long, value_enum)]
    pub algorithm: Option<Algorithm>,

    /// Folder of module files, as for `adams resolve`.
    #[arg(long, value_name = "DIR")]
    pub modules_dir: Option<PathBuf>,

    /// Time resolutions over the sub-Hopf algebra A(n), as `adams resolve --algebra`
    /// (sseq is given the module file with that profile).
    #[arg(long, value_name = "A(n)", conflicts_with = "profile")]
    pub algebra: Option<String>,

    /// Time resolutions over the sub-Hopf algebra of this profile, as `adams resolve
    /// --profile`.
    #[arg(long, value_name = "H1,H2,...")]
    pub profile: Option<String>,

    /// Another adams executable (e.g. a build from before a change) to time in the same
    /// runs, interleaved run by run with this one; the table then gives both medians and
    /// their ratio (this one over the baseline) per range and thread count.
    #[arg(long, value_name = "EXE")]
    pub baseline: Option<PathBuf>,

    /// The established open-source resolver (sseq's `ext` example `resolve_through_stem`,
    /// a release build) to time on the same module file, range and thread count
    /// (`RAYON_NUM_THREADS`), interleaved run by run with this one; the table then gives
    /// both medians (wall, CPU and peak memory of each whole child process) and their
    /// ratio, this one over sseq. Not with --baseline.
    #[arg(long, value_name = "EXE", conflicts_with = "baseline")]
    pub sseq: Option<PathBuf>,

    /// Time `adams products MODULE --by CLASS` instead (each run in its own process): the
    /// medians of the resolution's wall time and of the products' (lift and read-off),
    /// and their ratio. Not with --baseline or --sseq.
    #[arg(long, value_name = "CLASS", conflicts_with_all = ["baseline", "sseq"])]
    pub products: Option<ClassSpec>,
}

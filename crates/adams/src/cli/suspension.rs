//! `adams suspension`: its flags.

use std::path::PathBuf;

use clap::Args;

#[derive(Debug, Args)]
pub struct SuspensionArgs {
    /// The module M, as for `adams resolve` (`S_2`, `S_3`, … for the spheres).
    #[arg(value_name = "MODULE")]
    pub module: String,

    /// The first suspension: the map starts at Σ^N M (S^N for a sphere).
    #[arg(long, value_name = "N")]
    pub from: u32,

    /// The last suspension: the map ends at Σ^K M; K > N.
    #[arg(long, value_name = "K")]
    pub to: u32,

    /// Largest stem above the bottom class (the relative stem n = t − s − the bottom
    /// degree, the same on every Σ^j M).
    #[arg(
        long,
        value_name = "n",
        default_value_t = 20,
        allow_negative_numbers = true
    )]
    pub max_stem: i32,

    /// Largest Adams filtration.
    #[arg(long = "max-s", value_name = "S", default_value_t = 10)]
    pub max_s: u32,

    /// Folder of module files, as for `adams resolve`.
    #[arg(long, value_name = "DIR")]
    pub modules_dir: Option<PathBuf>,

    /// Output folder (default: output/MODULE-suspension-N-K).
    #[arg(long, value_name = "DIR")]
    pub output: Option<PathBuf>,

    /// Worker threads (each resolution's filtrations in parallel); 0 means one per core.
    #[arg(long, value_name = "N", default_value_t = 0)]
    pub threads: usize,

    /// No summary on stderr.
    #[arg(long)]
    pub quiet: bool,
}

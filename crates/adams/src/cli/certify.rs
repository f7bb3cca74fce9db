//! `adams certify`: its flags.

use std::path::PathBuf;

use clap::Args;

#[derive(Debug, Args)]
pub struct CertifyArgs {
    /// The save directory (`adams resolve --save-dir DIR`).
    #[arg(value_name = "SAVE_DIR")]
    pub dir: PathBuf,

    /// The module, as for `adams resolve`; default: the `module` named in the directory's
    /// header. Its definition must hash to the header's `module-hash`.
    #[arg(long, value_name = "MODULE")]
    pub module: Option<String>,

    /// Folder of module files, as for `adams resolve`.
    #[arg(long, value_name = "DIR")]
    pub modules_dir: Option<PathBuf>,

    /// Smash --module with this module, as `adams resolve --smash` did (repeatable).
    #[arg(long, value_name = "OTHER", requires = "module")]
    pub smash: Vec<String>,

    /// Largest stem to certify. Default: the largest range stem <= N, s <= S all of
    /// whose bidegrees the directory holds.
    #[arg(long, value_name = "N", allow_negative_numbers = true)]
    pub max_stem: Option<i64>,

    /// Largest Adams filtration to certify (default: as for --max-stem).
    #[arg(long = "max-s", value_name = "S", allow_negative_numbers = true)]
    pub max_s: Option<i64>,

    /// Worker threads (bidegrees are checked in parallel); 0 means one per core.
    #[arg(long, value_name = "N", default_value_t = 0)]
    pub threads: usize,
}

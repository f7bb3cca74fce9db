//! `adams map` and `adams cofiber`: their flags.

use std::path::PathBuf;

use clap::Args;

use super::ExtRangeArgs;

#[derive(Debug, Args)]
pub struct MapArgs {
    /// The map file (crates/steenrod/MAP-FORMAT.md).
    #[arg(value_name = "FILE")]
    pub file: PathBuf,
    #[command(flatten)]
    pub range: ExtRangeArgs,
    /// Folder for map.json. Default: output/<FILE's name>-map.
    #[arg(long, value_name = "DIR")]
    pub output: Option<PathBuf>,
    /// No lines on stderr but errors, as for the other commands (map writes none: its
    /// summary goes to stdout).
    #[arg(long, short)]
    pub quiet: bool,
}

#[derive(Debug, Args)]
pub struct CofiberArgs {
    /// The module file with a "cofiber" key.
    #[arg(value_name = "FILE")]
    pub file: PathBuf,
    #[command(flatten)]
    pub range: ExtRangeArgs,
    /// Folder for ext.csv. Default: output/<FILE's name>.
    #[arg(long, value_name = "DIR")]
    pub output: Option<PathBuf>,
    /// No lines on stderr but errors.
    #[arg(long, short)]
    pub quiet: bool,
}

//! `adams d2`: its flags.

use std::path::PathBuf;

use chart::class_spec::ClassSpec;
use clap::Args;

use super::{DrawArgs, ExportArgs, ExtRangeArgs};

#[derive(Debug, Args)]
pub struct D2Args {
    /// The module: any module over A at p = 2 (S_2, C2, Ceta, Cnu, a module file, a shift
    /// NAME[k]); one whose secondary structure is obstructed exits 2 naming the bidegree.
    #[arg(value_name = "MODULE", default_value = "S_2")]
    pub module: String,
    /// The range, and `--threads` (the resolution's and the secondary lift's workers).
    #[command(flatten)]
    pub range: ExtRangeArgs,
    /// Resume the resolution from DIR and save it there (as `adams resolve --save-dir DIR
    /// --no-save-quasi-inverses`), and keep the secondary lift λ in DIR/secondary/ (one
    /// checksummed file per bidegree): a second run reads them and computes only what is
    /// missing. A damaged λ file, or one made over another resolution: exit 2 naming it.
    #[arg(long, value_name = "DIR")]
    pub save_dir: Option<PathBuf>,
    /// With --save-dir: when another adams process holds DIR (its pid is in DIR/lock), wait
    /// for it to end instead of exit 2.
    #[arg(long, requires = "save_dir")]
    pub wait: bool,
    /// Folder for the results. Default: output/MODULE-d2 (beside, never over, adams resolve's output/MODULE).
    #[arg(long, short = 'o', value_name = "DIR")]
    pub output: Option<PathBuf>,

    /// Also check the Leibniz rule d2(x·y) = d2(x)·y + x·d2(y) for the products by this
    /// class of Ext(S_2) (h4, c0, d0, (stem,s,index); repeatable) at every class x of the
    /// range where both sides are computed; the sphere only. A failure is exit 1.
    #[arg(long, value_name = "CLASS")]
    pub leibniz: Vec<ClassSpec>,

    #[command(flatten)]
    pub draw: DrawArgs,

    #[command(flatten)]
    pub export: ExportArgs,
    /// No lines on stderr but errors.
    #[arg(long, short)]
    pub quiet: bool,
}

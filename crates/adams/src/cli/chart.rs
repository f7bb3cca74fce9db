//! `adams chart` and `adams verify`: their flags, and the drawing and export flags of
//! every command that writes a chart.

use std::path::PathBuf;

use clap::{Args, ValueEnum};

#[derive(Debug, Args)]
pub struct ChartArgs {
    /// The chart.json to draw.
    #[arg(value_name = "CHART.json")]
    pub chart: PathBuf,

    /// Where to write the drawing (with --format svg also the page FILE.html beside it, as
    /// chart.html). Default: CHART.json with the extension of the format (.svg, .tex,
    /// .seqsee.json).
    #[arg(long, value_name = "FILE")]
    pub output: Option<PathBuf>,

    /// What to write: svg (the chart), tikz (a standalone LaTeX document drawing the same
    /// chart with TikZ), seqsee (the SeqSee viewer's JSON input).
    #[arg(long, value_enum, default_value_t = ChartFormat::Svg)]
    pub format: ChartFormat,

    #[command(flatten)]
    pub draw: DrawArgs,
}

/// How charts are drawn: `--lines`, `--labels` (chart.svg and the exports; chart.json
/// keeps every product and name either way).
#[derive(Debug, Clone, Args)]
pub struct DrawArgs {
    /// Line families to draw, keys separated by commas: h0,h1,h2,h3,… (a0 at odd p), d2,
    /// any class as `adams products --by` writes it (h2^2, (8,3,0)); `all` for every family
    /// chart.json carries. Default: h0 (vertical), h1 (diagonal), h2 (lighter, dashed),
    /// the d2 arrows and the --by products; not the h3, h4, … that chart.json carries.
    #[arg(long, value_name = "KEYS", default_value = "default", value_parser = parse_lines)]
    pub lines: ::chart::svg::Lines,

    /// Which class names to write beside the dots: indecomposables (the named classes: h1,
    /// c0, Ph1, d0, …), all (products too: h1 c0, h0^2 d0), none. Labels never overlap a
    /// dot or each other; one without room is left out (the legend says how many).
    #[arg(long, value_enum, default_value_t = LabelsArg::Indecomposables)]
    pub labels: LabelsArg,
}

impl DrawArgs {
    /// The drawing options of these flags.
    pub fn options(&self) -> ::chart::svg::Options {
        ::chart::svg::Options {
            lines: self.lines.clone(),
            labels: match self.labels {
                LabelsArg::Indecomposables => ::chart::svg::Labels::Indecomposables,
                LabelsArg::All => ::chart::svg::Labels::All,
                LabelsArg::None => ::chart::svg::Labels::None,
            },
            page: None,
        }
    }
}

fn parse_lines(text: &str) -> Result<::chart::svg::Lines, String> {
    ::chart::svg::Lines::parse(text)
}

/// `--labels`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum LabelsArg {
    Indecomposables,
    All,
    None,
}

/// The exports written beside chart.svg: `--format`.
#[derive(Debug, Clone, Args)]
pub struct ExportArgs {
    /// Also write the chart in these formats (separated by commas): tikz (DIR/chart.tex, a
    /// standalone LaTeX document: pdflatex chart.tex), seqsee (DIR/chart.seqsee.json, the
    /// input of the SeqSee viewer, github.com/JoeyBF/SeqSee). Drawn as --lines and
    /// --labels say.
    #[arg(long, value_enum, value_delimiter = ',', value_name = "FORMAT")]
    pub format: Vec<ExportFormat>,
}

/// A format of `--format` beside chart.svg.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum ExportFormat {
    Tikz,
    Seqsee,
}

/// The format of `adams chart --format`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum ChartFormat {
    Svg,
    Tikz,
    Seqsee,
}

#[derive(Debug, Args)]
pub struct VerifyArgs {
    /// Our table: an ext.csv written by `adams resolve` (or any stem,s,t,dim table).
    #[arg(value_name = "CSV")]
    pub csv: PathBuf,

    /// The reference table to compare against, e.g. tests/data/ext/S_2.csv.
    #[arg(long, value_name = "REF.csv")]
    pub against: PathBuf,

    /// Compare tables whose first lines name different algebras (refused otherwise), for a
    /// change of rings: Ext over A of A//A(1) is Ext over A(1) of F_2.
    #[arg(long)]
    pub any_algebra: bool,
}

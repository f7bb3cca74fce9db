//! The errors that end an `adams` command, and the one place that maps each to its exit
//! status and its one-line message ([`Error::exit_code`], [`report`]).
//!
//! Exit status: 1 a failed check (a certificate that fails), 2 bad input (module file,
//! range, table, chart, save directory made for something else, command line), 3 a
//! failure while computing or writing results. A disagreement found by `adams verify`
//! is not an error: that command prints it and exits 1 itself.

use std::path::PathBuf;

use bench::BenchError;
use chart::chart_json::ChartError;
use resolution::save::SaveError;
use resolution::{CertifyError, ResolutionError};

use crate::certify::{SavedCut, Unusable, Wanted};
use crate::modules::LookupError;
use crate::range::RangeError;

/// Why a command stopped.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// A range, thread count or run count on the command line that cannot be run.
    #[error(transparent)]
    Range(#[from] RangeError),
    /// The module named on the command line cannot be found or read.
    #[error(transparent)]
    Module(#[from] LookupError),
    /// The module and the range do not fit together (`Resolution::new`).
    #[error("module {name}: {source}")]
    ModuleRange {
        name: String,
        source: ResolutionError,
    },
    /// A flag that exists only at p = 2, given for an odd-primary module (`what`: the flag
    /// and why, in parentheses).
    #[error("module {name}: {what} is not available at p = {p}")]
    NotAtOddPrimes { name: String, p: u32, what: String },
    /// `--unstable N` (`adams suspension --from N`) with a module, range or flag it cannot
    /// run (exit 2); `flag` names it with its value.
    #[error("{flag}: {why}")]
    Unstable { flag: String, why: String },
    /// `--motivic` refused: a module other than the sphere, a flag it does not have, a
    /// range past the algebra's tables (exit 2).
    #[error("--motivic: {why}")]
    Motivic { why: String },
    /// `--algebra`/`--profile`, or a flag refused over a sub-Hopf algebra (exit 2).
    #[error("{what}: {reason}")]
    SubAlgebra { what: String, reason: String },
    /// `--output` names something that is not a folder.
    #[error("--output {}: exists and is not a folder", .path.display())]
    OutputNotFolder { path: PathBuf },
    /// `--output` cannot be created.
    #[error("--output {}: cannot create the folder: {source}", .path.display())]
    OutputCreate {
        path: PathBuf,
        source: std::io::Error,
    },
    /// The output folder cannot be written (found before any work).
    #[error("--output {}: cannot write in the folder: {source}", .path.display())]
    OutputNotWritable {
        path: PathBuf,
        source: std::io::Error,
    },
    /// `--backend`, `--verify-sample` or the device knobs cannot be used.
    #[error(transparent)]
    Backend(#[from] crate::offload::SetupError),
    /// `--log` is not a log filter.
    #[error("--log {value:?}: {source}")]
    LogFlag {
        value: String,
        source: tracing_subscriber::filter::ParseError,
    },
    /// The pool of `--threads` workers could not be made.
    #[error("cannot start {threads} worker threads: {source}")]
    Threads {
        threads: usize,
        source: rayon::ThreadPoolBuildError,
    },
    /// `RUST_LOG` is not a log filter.
    #[error("RUST_LOG={value:?}: {source}")]
    LogEnv {
        value: String,
        source: tracing_subscriber::filter::ParseError,
    },
    /// The save directory: refused (exit 2) or a file that cannot be read or written
    /// (exit 3).
    #[error(transparent)]
    Save(SaveError),
    /// The save directory was made for a module whose hash differs.
    #[error("{0} (a module's cells above t = max_stem + max_s are dropped before it is hashed, so ranges \
             that drop different cells of one file resolve different modules)")]
    SaveModuleHash(SaveError),
    /// `adams certify`: the module named by the save directory (or `--module`).
    #[error("save directory {}: module {name}{}: {source}", .dir.display(),
            if *.from_header { " (named in its header; give --module)" } else { "" })]
    SavedModule {
        dir: PathBuf,
        name: String,
        from_header: bool,
        source: Box<LookupError>,
    },
    /// `adams certify`: the range does not fit the saved module.
    #[error("save directory {}: {source}", .dir.display())]
    SavedRange {
        dir: PathBuf,
        source: ResolutionError,
    },
    /// `adams certify`: the requested range reaches above the cells the save kept.
    #[error("save directory {}: --max-stem {max_stem} --max-s {max_s} reaches t = {}, but {cut}",
            .dir.display(), .max_stem + *.max_s as i32)]
    AboveSavedCells {
        dir: PathBuf,
        max_stem: i32,
        max_s: u32,
        cut: SavedCut,
    },
    /// `adams certify`: no rectangle of records (`what`: "bidegree records", "loadable
    /// records") in the range asked for.
    #[error("save directory {}: no complete range of {what} {wanted}", .dir.display())]
    NoCompleteRange {
        dir: PathBuf,
        what: &'static str,
        wanted: Wanted,
    },
    /// `adams certify`: a bidegree of the requested range did not load.
    #[error("save directory {}: bidegree (stem {}, s {}, t {}) of the requested range is not usable: {why}",
            .dir.display(), .at.n(), .at.s(), .at.t())]
    NotUsable {
        dir: PathBuf,
        at: resolution::Bidegree,
        why: Unusable,
    },
    /// A certificate: failed (exit 1), a range not resolved (exit 2), no threads (exit 3).
    #[error("{context}: {source}")]
    Certificate {
        context: String,
        source: CertifyError,
    },
    /// The resolution stopped.
    #[error("resolving {name}: {source}")]
    Resolve {
        name: String,
        source: ResolutionError,
    },
    /// An output file cannot be written.
    #[error("cannot write {}: {source}", .path.display())]
    Write {
        path: PathBuf,
        source: std::io::Error,
    },
    /// chart.json or chart.svg cannot be written (exit 3), or `adams chart` cannot read
    /// a chart.json (exit 2).
    #[error(transparent)]
    Chart(#[from] chart::chart_json::ChartError),
    /// summary.json cannot be made.
    #[error("summary: {0}")]
    Summary(serde_json::Error),
    /// `adams chart`: `--output` is the chart.json itself.
    #[error("--output {} is the chart.json itself", .0.display())]
    ChartOverwrite(PathBuf),
    /// `adams chart`: the SVG's page (`FILE.html`) would be the SVG itself.
    #[error("--output {}: the page written beside the SVG would be the same file; give the SVG a name ending in .svg", .0.display())]
    ChartPageIsOutput(PathBuf),
    /// `adams chart`: `--output` is a folder.
    #[error("--output {}: is a folder; give the SVG file's path", .0.display())]
    ChartOutputFolder(PathBuf),
    /// `adams chart`: `--output`'s folder does not exist.
    #[error("--output {}: no such folder {}", .path.display(), .parent.display())]
    ChartNoFolder { path: PathBuf, parent: PathBuf },
    /// `adams chart`: the chart cannot be drawn.
    #[error("chart {}: {source}", .chart.display())]
    ChartDraw {
        chart: PathBuf,
        source: chart::svg::TooLarge,
    },
    /// `adams verify`: a table cannot be read.
    #[error(transparent)]
    Table(#[from] chart::csv::CsvError),
    /// `adams verify`: the tables' common range holds no class.
    #[error("{} against {}: {source}", .ours.display(), .reference.display())]
    NothingCompared {
        ours: PathBuf,
        reference: PathBuf,
        source: chart::verify::NothingCompared,
    },
    /// `adams verify`: the tables name different primes.
    #[error("{} against {}: {source}", .ours.display(), .reference.display())]
    PrimesDiffer {
        ours: PathBuf,
        reference: PathBuf,
        source: chart::verify::PrimesDiffer,
    },
    /// `adams verify`: the tables name different algebras (`A`, `A(1)`, …).
    #[error("{} against {}: {source}", .ours.display(), .reference.display())]
    AlgebrasDiffer {
        ours: PathBuf,
        reference: PathBuf,
        source: chart::verify::AlgebrasDiffer,
    },
    /// `adams bench`: a run failed.
    #[error(transparent)]
    Bench(#[from] BenchError),
    /// `adams products` / `adams massey`: a class, product or Massey product that cannot
    /// be taken (outside the range, undefined: exit 2), or a lift that failed (exit 3).
    #[error("{what}: {source}")]
    Lift {
        what: String,
        source: resolution::chain_map::ChainMapError,
    },
    /// A module map file (`adams map`) that cannot be read, or is not a map of modules.
    #[error("{message}")]
    MapFile { message: String },
    /// A cofiber file (`adams cofiber`) that cannot be read.
    #[error("{message}")]
    CofiberFile { message: String },
    /// `adams products` / `adams massey` over a module other than the sphere's kind.
    #[error("module {name}: {why}")]
    ProductsModule { name: String, why: String },
    /// `--max-memory` asked of what cannot run within it (exit 2).
    #[error("--max-memory: {why}")]
    MaxMemory { why: String },
    /// The temporary save directory `--max-memory` spills rows to cannot be made (exit 3).
    #[error("--max-memory: cannot make a temporary save directory to spill rows to (give --save-dir DIR): {source}")]
    SpillDir { source: std::io::Error },
    /// A save of an unstable run that cannot be used (exit 2).
    #[error("{message}")]
    UnstableSave { message: String },
    /// An unstable resolution that fails its check (`resolve --unstable N --certify`, exit 1).
    #[error("certify: {why}")]
    UnstableCertificate { why: String },
    /// A suspension whose chain map could not be lifted (exit 3: the resolutions disagree).
    #[error("{what}")]
    Suspension { what: String },
    /// A table of names that cannot be read, or a definition that does not hold (exit 2).
    #[error(transparent)]
    Names(#[from] chart::names::NamesError),
    /// `adams d2`: a module other than the sphere, a λ file that cannot be used (exit 2),
    /// or a lift that failed (exit 3).
    #[error(transparent)]
    D2(#[from] resolution::secondary::LiftError),
    /// `adams d2`: a self-check of d2 that fails (exit 1).
    #[error(transparent)]
    D2Check(#[from] resolution::secondary::CheckFailure),
    /// `adams d2 --leibniz CLASS`: the rule fails (exit 1), or it cannot be checked for that
    /// class (not the sphere, `d2` of the class outside the range: exit 2).
    #[error("d2 --leibniz {class}: {source}")]
    D2Leibniz {
        class: String,
        source: resolution::secondary::LeibnizError,
    },
}

impl Error {
    /// The exit status: 1 a failed check, 2 bad input, 3 a failure while computing or
    /// writing results.
    pub fn exit_code(&self) -> u8 {
        use Error::*;
        match self {
            D2(e) => crate::d2::exit_code(e),
            D2Check(_) => 1,
            D2Leibniz { source, .. } => match source {
                resolution::secondary::LeibnizError::Fails { .. } => 1,
                resolution::secondary::LeibnizError::Product { .. } => 3,
                _ => 2,
            },
            UnstableCertificate { .. } => 1,
            Certificate { source, .. } => match source {
                CertifyError::Failed(_) => 1,
                CertifyError::Range(_) | CertifyError::NotResolved { .. } => 2,
                CertifyError::Threads { .. } => 3,
            },
            Save(e) | SaveModuleHash(e) => match e {
                SaveError::Refused { .. } | SaveError::AlgorithmMismatch { .. } => 2,
                SaveError::Io { .. }
                | SaveError::Unreadable { .. }
                | SaveError::Corrupt { .. }
                | SaveError::WriterThreads { .. }
                | SaveError::WriterStopped => 3,
            },
            Range(_)
            | Module(_)
            | ModuleRange { .. }
            | NotAtOddPrimes { .. }
            | Unstable { .. }
            | Motivic { .. }
            | SubAlgebra { .. }
            | OutputNotFolder { .. }
            | OutputCreate { .. }
            | OutputNotWritable { .. }
            | Backend(_)
            | LogFlag { .. }
            | LogEnv { .. }
            | SavedModule { .. }
            | SavedRange { .. }
            | AboveSavedCells { .. }
            | NoCompleteRange { .. }
            | NotUsable { .. }
            | Chart(ChartError::Read { .. })
            | ChartOverwrite(_)
            | ChartPageIsOutput(_)
            | ChartOutputFolder(_)
            | ChartNoFolder { .. }
            | ChartDraw { .. }
            | Table(_)
            | NothingCompared { .. }
            | PrimesDiffer { .. }
            | AlgebrasDiffer { .. }
            | MapFile { .. }
            | CofiberFile { .. }
            | ProductsModule { .. }
            | UnstableSave { .. }
            | MaxMemory { .. }
            | Names(_) => 2,
            Lift { source, .. } => match source {
                resolution::chain_map::ChainMapError::NotInImage { .. } => 3,
                _ => 2,
            },
            Bench(e) => e.exit_code(),
            // Stopped by a signal (crate::interrupt): 128 + its number, as a shell reports it.
            Resolve {
                source: ResolutionError::Stopped { .. },
                ..
            } => crate::interrupt::stopped_exit_code(),
            Resolve { .. }
            | Write { .. }
            | Chart(ChartError::Write { .. } | ChartError::Draw { .. })
            | Summary(_)
            | Suspension { .. }
            | SpillDir { .. }
            | Threads { .. } => 3,
        }
    }
}

impl From<SaveError> for Error {
    fn from(e: SaveError) -> Self {
        Error::Save(e)
    }
}

/// A class that cannot be taken, as the product commands report it (the same message).
impl From<adams::classes::ClassError> for Error {
    fn from(e: adams::classes::ClassError) -> Self {
        use adams::classes::ClassError;
        match e {
            ClassError::Refused { name, why } => Error::ProductsModule { name, why },
            ClassError::Lift { what, source } => Error::Lift { what, source },
            ClassError::Names(e) => Error::Names(e),
        }
    }
}

/// Print `error` as one line on stderr (`error: …`); returns the exit status. A panic
/// of the GPU runtime is part of the error itself (`gpu::GpuError::RuntimePanic`).
pub fn report(error: &Error) -> u8 {
    resolution::report::print_error_line(&error.to_string());
    error.exit_code()
}

/// Collapse a message onto one line (errors from below may carry newlines).
pub fn one_line(message: &str) -> String {
    message.split_whitespace().collect::<Vec<_>>().join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn io(path: &str) -> Error {
        Error::Write {
            path: PathBuf::from(path),
            source: std::io::Error::new(std::io::ErrorKind::PermissionDenied, "denied"),
        }
    }

    #[test]
    fn exit_codes_follow_the_kind_of_failure() {
        assert_eq!(Error::from(RangeError::NoRuns).exit_code(), 2);
        assert_eq!(io("out/ext.csv").exit_code(), 3);
        let refused = SaveError::Refused {
            dir: "d".into(),
            reason: resolution::save::Refusal::ModuleMismatch {
                saved_module: "S_2".into(),
                saved_hash: "0123456789ab".into(),
                run_module: "C2".into(),
                run_hash: "ba9876543210".into(),
            },
        };
        assert_eq!(Error::SaveModuleHash(refused).exit_code(), 2);
        let unreadable = SaveError::Io {
            path: "d/s000/t000.rec".into(),
            source: std::io::Error::from(std::io::ErrorKind::PermissionDenied),
        };
        assert_eq!(Error::from(unreadable).exit_code(), 3);
        let not_resolved = CertifyError::NotResolved(resolution::Bidegree::n_s(1, 1));
        let e = Error::Certificate {
            context: "save directory d".into(),
            source: not_resolved,
        };
        assert_eq!(e.exit_code(), 2);
    }

    #[test]
    fn messages_are_the_context_then_the_cause() {
        assert_eq!(
            io("out/ext.csv").to_string(),
            "cannot write out/ext.csv: denied"
        );
        assert_eq!(one_line("a\n  b\tc "), "a b c");
    }
}

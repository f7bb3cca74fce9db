//! Errors of `adams bench`, and the check of an executable to time beside adams.

use std::path::{Path, PathBuf};

/// Why a benchmark stopped: exit 3, but 2 for `Baseline`, `SseqExe` and `NoSummary` (bad
/// input; [`BenchError::exit_code`]).
#[derive(Debug, thiserror::Error)]
pub enum BenchError {
    /// `--baseline EXE` is not a file that can be run (exit 2).
    #[error("--baseline {}: {why} (give the path of another adams executable)", .path.display())]
    Baseline { path: PathBuf, why: BaselineProblem },
    #[error("cannot find the adams executable: {0}")]
    CurrentExe(std::io::Error),
    #[error("cannot start {}: {source}", .exe.display())]
    Start {
        exe: PathBuf,
        source: std::io::Error,
    },
    #[error("{who} resolve at stem {max_stem}, s {max_s} failed ({status}): {last}")]
    Failed {
        /// `adams`, `baseline PATH` or `sseq PATH`.
        who: String,
        max_stem: i32,
        max_s: u32,
        status: std::process::ExitStatus,
        /// The child's last line on stderr.
        last: String,
    },
    /// `--sseq EXE` is not a file that can be run (exit 2).
    #[error("--sseq {}: {why} (give the path of sseq's resolve_through_stem example, built in release mode)", .path.display())]
    SseqExe { path: PathBuf, why: BaselineProblem },
    /// The copy of the module file for sseq cannot be made.
    #[error("module file for sseq {}: {source}", .path.display())]
    ModuleCopy {
        path: PathBuf,
        source: std::io::Error,
    },
    /// The module adams resolves has no file to give sseq.
    #[error("module {module}: no module file to give sseq")]
    NoModuleFile { module: String },
    /// The child exited 0 but the kernel reported no peak memory for it.
    #[error("{who} resolve at stem {max_stem}, s {max_s} exited 0 but no figures came back (peak memory 0)")]
    NoFigures {
        who: String,
        max_stem: i32,
        max_s: u32,
    },
    /// The child exited 0 without writing `summary.json`: not an `adams` executable.
    #[error("{who} resolve at stem {max_stem}, s {max_s} exited 0 but wrote no summary.json: not an adams executable")]
    NoSummary {
        who: String,
        max_stem: i32,
        max_s: u32,
    },
    #[error("{}: {source}", .path.display())]
    ReadSummary {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("{}: {source}", .path.display())]
    ParseSummary {
        path: PathBuf,
        source: serde_json::Error,
    },
}

impl BenchError {
    /// The exit status: 2 for bad input (an executable that cannot be run, a baseline
    /// that is not adams), 3 for a run that failed.
    pub fn exit_code(&self) -> u8 {
        match self {
            Self::Baseline { .. } | Self::SseqExe { .. } | Self::NoSummary { .. } => 2,
            _ => 3,
        }
    }
}

/// Why `--baseline EXE` or `--sseq EXE` cannot be run (checked before any run).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BaselineProblem {
    Missing,
    Folder,
    NotRegular,
    NotExecutable,
}

impl std::fmt::Display for BaselineProblem {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Self::Missing => "no such file",
            Self::Folder => "is a folder, not an executable",
            Self::NotRegular => "not a regular file",
            Self::NotExecutable => "not executable (no execute permission)",
        })
    }
}

/// `--baseline EXE` or `--sseq EXE` as the path to run: an executable regular file, made
/// absolute so that a bare name (`adams-before`) runs the file in the current folder,
/// never a program of that name found on `PATH`.
pub fn executable(exe: &Path) -> Result<PathBuf, BaselineProblem> {
    use std::os::unix::fs::PermissionsExt;
    let meta = std::fs::metadata(exe).map_err(|_| BaselineProblem::Missing)?;
    if meta.is_dir() {
        return Err(BaselineProblem::Folder);
    }
    if !meta.is_file() {
        return Err(BaselineProblem::NotRegular);
    }
    if meta.permissions().mode() & 0o111 == 0 {
        return Err(BaselineProblem::NotExecutable);
    }
    std::path::absolute(exe).map_err(|_| BaselineProblem::Missing)
}

//! `adams bench --sseq EXE`: the established open-source resolver (SpectralSequences/sseq,
//! its `ext` crate's example `resolve_through_stem`) timed on the same module and range.
//!
//! That program reads its answers from its arguments in order — module, save directory
//! (`""`: none), largest stem, largest `s` — and takes its worker count from
//! `RAYON_NUM_THREADS`. It looks a module name up first in its working directory as
//! `NAME.json`, and reads a shift written `NAME[k]`, as adams does. So each run starts in
//! a folder holding `module.json`, a copy of the text of the module file that adams
//! resolves (the file named, the `--modules-dir` file, or the bundled module's own file),
//! and is given `module` (or `module[k]`).

use std::path::{Path, PathBuf};
use std::process::Command;

use steenrod::module::bundled;
use steenrod::Profile;

use super::{child, BenchError, BenchRange, SseqAsked};

/// The module as sseq is given it: a folder to start in and the name to pass.
pub struct SseqModule {
    /// Holds `module.json`.
    dir: PathBuf,
    /// `module` or `module[k]`.
    arg: String,
}

/// Writes the text of the module file that `adams resolve MODULE` would read into
/// `SCRATCH/sseq-module/module.json` (the lookup order of `modules::find_module`, which
/// has already accepted `module`, split into its file and shift as `asked` says), with
/// the key `profile` set to `asked.profile` if given
/// (`--algebra`, `--profile`: the field's form, `{"truncated": true, "p_part": [3, 2, 1]}`).
///
/// Errors: the file cannot be read again or the copy written (exit 3).
pub fn prepare(
    module: &str,
    asked: &SseqAsked<'_>,
    modules_dir: Option<&Path>,
    scratch: &Path,
) -> Result<SseqModule, BenchError> {
    let (base, shift) = (asked.base, asked.shift);
    let mut text = module_text(base, modules_dir)?;
    if let Some(p) = asked.profile {
        text = with_profile(&text, p).ok_or_else(|| BenchError::NoModuleFile {
            module: module.to_string(),
        })?;
    }
    let dir = scratch.join("sseq-module");
    let path = dir.join("module.json");
    std::fs::create_dir_all(&dir)
        .and_then(|()| std::fs::write(&path, text))
        .map_err(|source| BenchError::ModuleCopy { path, source })?;
    let arg = match shift {
        Some(k) => format!("module[{k}]"),
        None => "module".to_string(),
    };
    Ok(SseqModule { dir, arg })
}

/// The text of the module file behind `name` (no shift): a file of that path, else
/// `--modules-dir`'s `NAME.json`, else the bundled module's text.
fn module_text(name: &str, modules_dir: Option<&Path>) -> Result<String, BenchError> {
    let read = |path: &Path| {
        std::fs::read_to_string(path).map_err(|source| BenchError::ModuleCopy {
            path: path.to_path_buf(),
            source,
        })
    };
    if Path::new(name).is_file() {
        return read(Path::new(name));
    }
    if let Some(candidate) = modules_dir.map(|d| d.join(format!("{name}.json"))) {
        if candidate.is_file() {
            return read(&candidate);
        }
    }
    bundled(name)
        .map(str::to_string)
        .ok_or_else(|| BenchError::NoModuleFile {
            module: name.to_string(),
        })
}

/// The module file's text with its `profile` key set to `profile` (the rest of the object
/// as it was, pretty-printed); `None` when the text is not a JSON object.
fn with_profile(text: &str, profile: &Profile) -> Option<String> {
    let mut value: serde_json::Value = serde_json::from_str(text).ok()?;
    value.as_object_mut()?.insert(
        "profile".to_string(),
        serde_json::json!({"truncated": profile.truncated(), "p_part": profile.p_part()}),
    );
    serde_json::to_string_pretty(&value).ok().map(|t| t + "\n")
}

/// sseq's worker count for `--threads N`: `N`, or one per core for 0 (as adams reads 0).
fn rayon_threads(threads: usize) -> usize {
    match threads {
        0 => std::thread::available_parallelism().map_or(1, |n| n.get()),
        n => n,
    }
}

/// Runs `EXE MODULE "" MAX_STEM MAX_S` once with `RAYON_NUM_THREADS`, in the module's
/// folder; its figures, or why it failed (`who` names it in errors).
pub fn run_once(
    exe: &Path,
    who: &str,
    module: &SseqModule,
    range: &BenchRange,
    threads: usize,
) -> Result<super::Sample, BenchError> {
    let mut command = Command::new(exe);
    command
        .arg(&module.arg)
        .arg("")
        .arg(range.max_stem.to_string())
        .arg(range.max_s.to_string())
        .env("RAYON_NUM_THREADS", rayon_threads(threads).to_string())
        .current_dir(&module.dir);
    let done = child::run(command).map_err(|source| BenchError::Start {
        exe: exe.to_path_buf(),
        source,
    })?;
    super::finished_ok(&done, who, range)?;
    Ok(super::Sample::external(&done))
}

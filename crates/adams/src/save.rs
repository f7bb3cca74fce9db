//! `adams resolve --save-dir DIR`: open (or create) the save directory, resume from it, and
//! report its disk use. The format is `crates/resolution/SAVE-FORMAT.md`.

use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};

use resolution::save::{Refusal, ResumeReport, SaveDir, SaveError, SaveOptions};
use resolution::{Algorithm, Resolution};

use crate::error::Error;
use crate::prime::PrimeModule;

/// Whether this process waits for a save directory another process holds (`--wait`).
static WAIT_FOR_LOCKS: AtomicBool = AtomicBool::new(false);

/// Sets whether the save directories this command opens wait for another process's lock
/// (`--wait`) or refuse at once (exit 2, naming the holder's pid).
pub fn wait_for_locks(wait: bool) {
    WAIT_FOR_LOCKS.store(wait, Ordering::Relaxed);
}

/// What [`SaveDir::open`] does when another process holds the directory.
fn on_lock() -> Option<resolution::save::OnWait> {
    WAIT_FOR_LOCKS
        .load(Ordering::Relaxed)
        .then_some(announce_wait as resolution::save::OnWait)
}

/// The line printed before waiting for another process's lock (even with `--quiet`: a
/// command that seems to hang must say why).
fn announce_wait(dir: &Path, pid: Option<u32>) {
    let holder = pid.map_or(String::new(), |pid| format!(" (pid {pid})"));
    eprintln!(
        "save: {} is in use by another adams process{holder}; waiting for it to end",
        dir.display()
    );
}

/// Opens `dir` for this run (of `algorithm`, keeping `quasi_inverses` at p = 2) and
/// loads what it holds into `res`, at any prime (the header names it: a directory made at
/// another prime is refused naming both). Warnings (corrupt records, each naming its file)
/// go to stderr even with `--quiet`; the resume line only without it.
///
/// Errors: a directory made for another module, prime, algorithm or format version, a
/// non-empty folder that is not a save directory, one another process holds (without
/// `--wait`) or one that cannot be written: exit 2, nothing in it changed. A file
/// that cannot be read or written: exit 3.
pub fn resume<M: PrimeModule>(
    dir: &Path,
    res: &mut Resolution<M>,
    algorithm: Algorithm,
    quasi_inverses: bool,
    quiet: bool,
) -> Result<ResumeReport, Error> {
    let options = SaveOptions {
        quasi_inverses,
        wait_for_lock: on_lock(),
        ..SaveOptions::default()
    };
    let save = M::open_save(dir, res.module(), algorithm, options).map_err(open_error)?;
    let created = save.created();
    let report = res.resume(save)?;
    announce(dir, created, &report, quiet);
    Ok(report)
}

/// The error of a directory [`SaveDir::open`] refused.
fn open_error(e: SaveError) -> Error {
    match e {
        // The module is hashed after the cells above t = max_stem + max_s were dropped.
        SaveError::Refused {
            reason: Refusal::ModuleMismatch { .. },
            ..
        } => Error::SaveModuleHash(e),
        e => Error::Save(e),
    }
}

/// The corrupt records' warnings (always) and the resume line (without `--quiet`).
fn announce(dir: &Path, created: bool, report: &ResumeReport, quiet: bool) {
    for w in report.warnings() {
        eprintln!("warning: {w}");
    }
    if !quiet {
        if created {
            eprintln!("save: created {}", dir.display());
        } else {
            eprintln!(
                "resume: loaded {} of {} bidegrees from {} in {:.2} s; {} to compute",
                report.loaded,
                report.bidegrees,
                dir.display(),
                report.elapsed.as_secs_f64(),
                report.bidegrees - report.loaded
            );
        }
    }
}

/// The size of the run's save directory (`save`: the one attached to the resolution, if
/// any) after the run, in bytes, and the summary line for stderr.
pub fn summary(save: Option<&SaveDir>) -> Option<Result<(u64, String), Error>> {
    let save = save?;
    let usage = match save.disk_usage() {
        Ok(u) => u,
        Err(e) => return Some(Err(Error::Save(e))),
    };
    let stats = save.stats();
    let mb = |b: u64| b as f64 / 1e6;
    let per = |bytes: u64, n: usize| {
        if n == 0 {
            0.0
        } else {
            bytes as f64 / n as f64 / 1e3
        }
    };
    let line = format!(
        "save: {} holds {:.2} MB in {} files: {} bidegree records ({:.2} kB each), {} of them in {} row packs; {:.2} MB allocated on disk; this run wrote {} records: differentials {:.2} MB \
         (payloads {:.2} MB before compression, the rest each record's header and checksum), quasi-inverses {:.2} MB in {} records (payloads {:.2} MB before compression)",
        save.dir().display(),
        mb(usage.total_bytes),
        usage.file_count,
        usage.files,
        per(usage.record_bytes, usage.files),
        usage.packed_records,
        usage.packs,
        mb(usage.allocated_bytes),
        stats.files,
        mb(stats.gens_bytes),
        mb(stats.gens_raw_bytes),
        mb(stats.qi_bytes),
        stats.qi_records,
        mb(stats.qi_raw_bytes),
    );
    Some(Ok((usage.total_bytes, line)))
}

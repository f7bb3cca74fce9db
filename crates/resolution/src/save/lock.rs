//! One writer per save directory: an advisory lock on `DIR/lock`, held by the run for as
//! long as its [`super::SaveDir`] lives, with the holder's process id written in the file;
//! and unique temporary names for every file written into the directory.
//!
//! The lock is `flock(2)` (through [`std::fs::File::try_lock`] on Linux and the BSDs):
//! the kernel drops it when its holder exits, however it exits (`kill -9` included), so a
//! lock left by a dead process is free for the next run, which overwrites the stale process
//! id. Nothing ever has to be removed by hand. The lock is advisory: it orders adams
//! processes, not other programs that write into the folder.

use std::fs::{self, File, OpenOptions};
use std::io::{Read, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, Weak};

use super::{io_error, refused, Refusal, SaveError};

/// Name of the lock file inside a save directory.
pub const LOCK_FILE: &str = "lock";

/// Called once, with the directory and the holder's process id (when the lock file names
/// one), before a run waits for the lock of a directory another process holds.
pub type OnWait = fn(&Path, Option<u32>);

/// The lock of one save directory, shared by every [`super::SaveDir`] of it this process
/// opens; released when the last is dropped (or when the process ends).
#[derive(Debug, Clone)]
pub(crate) struct DirLock {
    _held: Arc<Held>,
    /// Whether this open took the lock (rather than sharing this process's).
    pub(crate) first: bool,
}

/// The open, locked lock file.
#[derive(Debug)]
struct Held {
    file: File,
}

impl Drop for Held {
    /// Empties the lock file before the lock is released, so that a directory a run
    /// finished with names no process (and is byte-identical to any other run's); one
    /// killed leaves its pid, which the next run overwrites.
    fn drop(&mut self) {
        let _ = self.file.set_len(0);
    }
}

/// The save directories this process holds, by canonical path: the directory is owned by
/// one process at a time, and a second open in the owner (a resolution resumed again
/// while an earlier one lives) shares its lock.
static HELD: Mutex<Vec<(PathBuf, Weak<Held>)>> = Mutex::new(Vec::new());

/// Takes the lock of the save directory `dir` (which exists), creating `DIR/lock` if
/// needed, and writes this process's id in it; shares it when this process holds it
/// already. When another process holds it: with `wait`, calls it and blocks until the
/// holder ends; without, refuses.
///
/// Errors: [`Refusal::Locked`] naming the holder's process id; [`Refusal::LockNotRegular`]
/// when `DIR/lock` is a link, a folder or a device; [`Refusal::NotWritable`] when the lock
/// file cannot be created or written (a read-only folder or file system).
pub(crate) fn acquire(dir: &Path, wait: Option<OnWait>) -> Result<DirLock, SaveError> {
    let canonical = fs::canonicalize(dir).map_err(|e| io_error(dir, e))?;
    let mut held = HELD.lock().expect("save directory locks");
    held.retain(|(_, w)| w.strong_count() > 0);
    if let Some(shared) = held
        .iter()
        .find(|(p, _)| *p == canonical)
        .and_then(|(_, w)| w.upgrade())
    {
        return Ok(DirLock {
            _held: shared,
            first: false,
        });
    }
    let file = lock_file(dir, wait)?;
    let shared = Arc::new(Held { file });
    held.push((canonical, Arc::downgrade(&shared)));
    Ok(DirLock {
        _held: shared,
        first: true,
    })
}

/// Opens `DIR/lock`, takes its flock (as [`acquire`] says) and writes this process's id.
fn lock_file(dir: &Path, wait: Option<OnWait>) -> Result<File, SaveError> {
    let path = dir.join(LOCK_FILE);
    match fs::symlink_metadata(&path) {
        Ok(meta) if !meta.is_file() => return Err(refused(dir, Refusal::LockNotRegular)),
        _ => {}
    }
    let not_writable = |source| {
        refused(
            dir,
            Refusal::NotWritable {
                path: path.clone(),
                source,
            },
        )
    };
    let mut file = OpenOptions::new()
        .read(true)
        .write(true)
        .create(true)
        .truncate(false)
        .open(&path)
        .map_err(not_writable)?;
    match file.try_lock() {
        Ok(()) => {}
        Err(fs::TryLockError::WouldBlock) => {
            let holder = holder_pid(&mut file);
            let Some(announce) = wait else {
                return Err(refused(dir, Refusal::Locked { pid: holder }));
            };
            announce(dir, holder);
            file.lock().map_err(|e| io_error(&path, e))?;
        }
        Err(fs::TryLockError::Error(e)) => return Err(io_error(&path, e)),
    }
    let pid = std::process::id();
    file.set_len(0)
        .and_then(|()| file.seek(SeekFrom::Start(0)))
        .and_then(|_| writeln!(file, "{pid}"))
        .and_then(|()| file.flush())
        .map_err(not_writable)?;
    Ok(file)
}

/// The process id written in a lock file (`None`: empty, being written, or not a number).
fn holder_pid(file: &mut File) -> Option<u32> {
    let mut text = String::new();
    file.seek(SeekFrom::Start(0)).ok()?;
    file.take(64).read_to_string(&mut text).ok()?;
    text.trim().parse().ok()
}

/// Fails unless a file can be created in the folder `dir` (and removed again): a probe
/// made before any work, so that a read-only folder is refused at once, not after hours.
///
/// Errors: [`Refusal::NotWritable`] of `save_dir` naming `dir`.
pub(crate) fn check_writable(save_dir: &Path, dir: &Path) -> Result<(), SaveError> {
    let probe = temporary_path(&dir.join(".write-probe"));
    File::create_new(&probe)
        .and_then(|f| {
            drop(f);
            fs::remove_file(&probe)
        })
        .map_err(|source| {
            refused(
                save_dir,
                Refusal::NotWritable {
                    path: dir.to_path_buf(),
                    source,
                },
            )
        })
}

/// Counter that makes this process's temporary names unique.
static TEMPORARIES: AtomicU64 = AtomicU64::new(0);

/// A temporary name beside `path`, unique to this process and call:
/// `.{name}.{pid}.{n}.tmp` in the same folder (so that a rename over `path` is atomic).
pub fn temporary_path(path: &Path) -> PathBuf {
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let n = TEMPORARIES.fetch_add(1, Ordering::Relaxed);
    path.with_file_name(format!(".{name}.{}.{n}.tmp", std::process::id()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_lock_held_elsewhere_is_refused_naming_its_pid_and_shared_within_its_owner() {
        let tmp = tempfile::tempdir().expect("tempdir");
        let held = acquire(tmp.path(), None).expect("first lock");
        let text = fs::read_to_string(tmp.path().join(LOCK_FILE)).expect("read");
        assert_eq!(text.trim(), std::process::id().to_string());
        // The owner opening it again shares the lock.
        let again = acquire(tmp.path(), None).expect("shared within the process");
        drop(held);
        // flock locks belong to the open file description: a lock file opened apart
        // conflicts as another process's would.
        match lock_file(tmp.path(), None) {
            Err(SaveError::Refused {
                reason: Refusal::Locked { pid },
                ..
            }) => assert_eq!(pid, Some(std::process::id())),
            other => panic!("a held lock was taken again: {other:?}"),
        }
        drop(again);
        let text = fs::read_to_string(tmp.path().join(LOCK_FILE)).expect("read");
        assert_eq!(text, "", "a released lock names no process");
        lock_file(tmp.path(), None).expect("the lock is free once the last holder is dropped");
    }

    #[test]
    fn temporary_names_are_unique_and_beside_the_target() {
        let a = temporary_path(Path::new("d/s001/t002.rec"));
        let b = temporary_path(Path::new("d/s001/t002.rec"));
        assert_ne!(a, b);
        assert_eq!(a.parent(), Some(Path::new("d/s001")));
        let name = a.file_name().unwrap().to_string_lossy().into_owned();
        assert!(
            name.starts_with(".t002.rec.") && name.ends_with(".tmp"),
            "{name}"
        );
    }

    #[cfg(unix)]
    #[test]
    fn a_lock_file_that_is_a_link_is_refused() {
        let tmp = tempfile::tempdir().expect("tempdir");
        let elsewhere = tmp.path().join("elsewhere");
        fs::write(&elsewhere, "").expect("write");
        let dir = tmp.path().join("save");
        fs::create_dir(&dir).expect("mkdir");
        std::os::unix::fs::symlink(&elsewhere, dir.join(LOCK_FILE)).expect("symlink");
        assert!(matches!(
            acquire(&dir, None),
            Err(SaveError::Refused {
                reason: Refusal::LockNotRegular,
                ..
            })
        ));
    }
}

//! The writer threads: write each completed bidegree's records atomically. Several threads,
//! because an fsync waits for the disk: on the development machine's virtual disk one
//! record's fsync takes 6.5 ms alone, 0.67 ms each with 4 concurrent writers and 0.37 ms
//! with 16 (the file system commits concurrent fsyncs together). Records of different
//! bidegrees may reach the disk in any order: resuming loads only a set closed under
//! dependencies (`load.rs`), so a gap costs a recomputation, never a wrong result.

use std::collections::BTreeSet;
use std::fs;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::Receiver;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use super::{io_error, sync_dir, write_atomic, SaveDir, SaveError};

/// Bidegrees whose records may wait for the writers before `on_done` blocks.
pub(crate) const QUEUE: usize = 64;

/// Writer threads (see the module doc for the measurement).
pub(crate) const WRITERS: usize = 8;

/// Longest time between fsyncs of the row folders records were renamed into.
const DIR_SYNC_EVERY: Duration = Duration::from_secs(1);

/// One bidegree's file to write.
pub(crate) struct Job {
    pub path: PathBuf,
    pub bytes: Vec<u8>,
    /// Bytes of the generators record, and of its payload uncompressed.
    pub gens_len: usize,
    pub gens_raw: usize,
    /// The same for the quasi-inverse record (0 when there is none).
    pub qi_len: usize,
    pub qi_raw: usize,
}

/// What the writer tells the driving thread.
#[derive(Default)]
pub(crate) struct WriterShared {
    failed: AtomicBool,
    error: Mutex<Option<SaveError>>,
}

impl WriterShared {
    /// The first write error, if one happened (taken once).
    pub fn take_error(&self) -> Option<SaveError> {
        if !self.failed.load(Ordering::Acquire) {
            return None;
        }
        self.error.lock().expect("writer error").take()
    }

    /// Whether a write failed.
    pub fn failed(&self) -> bool {
        self.failed.load(Ordering::Acquire)
    }
}

impl SaveDir {
    /// One of [`WRITERS`] writer threads: writes every batch it receives until the sender
    /// is dropped (one file per bidegree).
    /// Directories renamed into are fsynced at most every [`DIR_SYNC_EVERY`] and at the
    /// end. After the first error (any thread) nothing more is written; batches are still
    /// received, so the sender never blocks forever.
    pub(crate) fn write_loop(&self, rx: &Mutex<Receiver<Job>>, shared: &WriterShared) {
        let mut dirty: BTreeSet<PathBuf> = BTreeSet::new();
        let mut last_sync = Instant::now();
        let fail = |e: SaveError| {
            let mut slot = shared.error.lock().expect("writer error");
            if slot.is_none() {
                *slot = Some(e);
            }
            shared.failed.store(true, Ordering::Release);
        };
        loop {
            let batch = rx.lock().expect("writer queue").recv();
            let Ok(job) = batch else { break };
            if shared.failed() {
                continue;
            }
            if let Err(e) = self.write_job(job, &mut dirty) {
                fail(e);
                continue;
            }
            if last_sync.elapsed() >= DIR_SYNC_EVERY {
                if let Err(e) = sync_all(&mut dirty) {
                    fail(e);
                }
                last_sync = Instant::now();
            }
        }
        if !shared.failed() {
            if let Err(e) = sync_all(&mut dirty) {
                fail(e);
            }
        }
    }

    fn write_job(&self, job: Job, dirty: &mut BTreeSet<PathBuf>) -> Result<(), SaveError> {
        let parent = job
            .path
            .parent()
            .expect("records live in a row folder")
            .to_path_buf();
        if !parent.is_dir() {
            fs::create_dir_all(&parent).map_err(|e| io_error(&parent, e))?;
            dirty.insert(self.dir.clone());
        }
        write_atomic(&job.path, &job.bytes)?;
        dirty.insert(parent);
        let mut stats = self.stats.lock().expect("save stats");
        stats.files += 1;
        stats.gens_bytes += job.gens_len as u64;
        stats.gens_raw_bytes += job.gens_raw as u64;
        if job.qi_len > 0 {
            stats.qi_records += 1;
            stats.qi_bytes += job.qi_len as u64;
            stats.qi_raw_bytes += job.qi_raw as u64;
        }
        Ok(())
    }
}

fn sync_all(dirty: &mut BTreeSet<PathBuf>) -> Result<(), SaveError> {
    for d in std::mem::take(dirty) {
        sync_dir(&d)?;
    }
    Ok(())
}

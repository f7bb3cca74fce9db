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
use std::sync::mpsc::{Receiver, SyncSender};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use steenrod::Algebra;

use super::{io_error, sync_dir, write_atomic, SaveDir, SaveError};
use crate::bidegree::Bidegree;
use crate::free_module::Differential;
use crate::step::StepQuasiInverse;
use crate::store::Store;

/// Bidegrees whose records may wait for the writers before `on_done` blocks.
pub(crate) const QUEUE: usize = 64;

/// Writer threads (see the module doc for the measurement).
pub(crate) const WRITERS: usize = 8;

/// Longest time between fsyncs of the row folders records were renamed into.
const DIR_SYNC_EVERY: Duration = Duration::from_secs(1);

/// One bidegree's file to write.
pub(crate) struct Job {
    pub bidegree: Bidegree,
    pub path: PathBuf,
    pub bytes: Vec<u8>,
    /// Bytes of the generators record, and of its payload uncompressed.
    pub gens_len: usize,
    pub gens_raw: usize,
    /// The same for the quasi-inverse record (0 when there is none).
    pub qi_len: usize,
    pub qi_raw: usize,
}

/// What the writers tell the workers and the driving thread.
#[derive(Default)]
struct WriterShared {
    failed: AtomicBool,
    error: Mutex<Option<SaveError>>,
}

impl WriterShared {
    /// The first write error, if one happened (taken once).
    fn take_error(&self) -> Option<SaveError> {
        if !self.failed.load(Ordering::Acquire) {
            return None;
        }
        self.error.lock().expect("writer error").take()
    }

    /// Whether a write failed.
    fn failed(&self) -> bool {
        self.failed.load(Ordering::Acquire)
    }
}

/// The queue to the writer threads while they run: a send hands one bidegree's file over.
pub(crate) struct JobQueue<'a> {
    tx: SyncSender<Job>,
    shared: &'a WriterShared,
}

impl JobQueue<'_> {
    /// Queues `job` (blocks while [`QUEUE`] files wait). Errors: the first write error of
    /// any writer (once; later sends get [`SaveError::WriterStopped`]).
    pub(crate) fn send(&self, job: Job) -> Result<(), SaveError> {
        if self.shared.failed() {
            return Err(self.shared.take_error().unwrap_or(SaveError::WriterStopped));
        }
        self.tx.send(job).map_err(|_| SaveError::WriterStopped)
    }
}

/// The save directory as a [`Store`] while its writer threads run: a put encodes (and
/// compresses) the bidegree's file on the calling worker and queues it for the writers.
struct SaveWriters<'a> {
    save: &'a SaveDir,
    queue: &'a JobQueue<'a>,
}

impl<A: Algebra> Store<A> for SaveWriters<'_> {
    fn is_complete(&self, b: Bidegree) -> bool {
        self.save.has_record(b)
    }

    fn keeps_quasi_inverses(&self) -> bool {
        self.save.options().quasi_inverses
    }

    /// Errors: the first write error of any writer (once; later puts get
    /// [`SaveError::WriterStopped`]).
    fn put(
        &self,
        b: Bidegree,
        gens: &[Differential<A>],
        qi: Option<&StepQuasiInverse>,
    ) -> Result<(), SaveError> {
        self.queue.send(self.save.encode_step(b, gens, qi))
    }
}

impl SaveDir {
    /// Runs `f` with this directory as a [`Store`]: starts [`WRITERS`] writer threads,
    /// calls `f`, then waits until the writers have written every queued bidegree. Steps
    /// never wait on the disk unless it falls [`QUEUE`] bidegrees behind.
    ///
    /// Errors: `f`'s error first; then [`SaveError::WriterThreads`] when a writer thread
    /// cannot start, or the first write error not yet returned by a put.
    pub fn with_writers<A: Algebra, R, E: From<SaveError>>(
        &self,
        f: impl FnOnce(&dyn Store<A>) -> Result<R, E>,
    ) -> Result<R, E> {
        self.with_queue(|queue| f(&SaveWriters { save: self, queue }))
    }

    /// [`SaveDir::with_writers`] for any encoder: `f` gets the queue to the writer threads.
    pub(crate) fn with_queue<R, E: From<SaveError>>(
        &self,
        f: impl FnOnce(&JobQueue<'_>) -> Result<R, E>,
    ) -> Result<R, E> {
        let shared = WriterShared::default();
        let (tx, rx) = std::sync::mpsc::sync_channel::<Job>(QUEUE);
        let rx = Mutex::new(rx);
        // The queue owns the sender: it is dropped when `f` returns, and the writers then
        // finish their queue before the scope ends.
        let result = std::thread::scope(|scope| {
            for w in 0..WRITERS {
                let (shared, rx) = (&shared, &rx);
                std::thread::Builder::new()
                    .name(format!("adams-save-writer-{w}"))
                    .spawn_scoped(scope, move || self.write_loop(rx, shared))
                    .map_err(|source| SaveError::WriterThreads {
                        threads: WRITERS,
                        source,
                    })?;
            }
            let queue = JobQueue {
                tx,
                shared: &shared,
            };
            f(&queue)
        })?;
        match shared.take_error() {
            Some(e) => Err(e.into()),
            None => Ok(result),
        }
    }

    /// One of [`WRITERS`] writer threads: writes every batch it receives until the sender
    /// is dropped (one file per bidegree).
    /// Directories renamed into are fsynced at most every [`DIR_SYNC_EVERY`] and at the
    /// end. After the first error (any thread) nothing more is written; batches are still
    /// received, so the sender never blocks forever.
    fn write_loop(&self, rx: &Mutex<Receiver<Job>>, shared: &WriterShared) {
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
        drop(stats);
        self.after_write(job.bidegree.s())
    }
}

fn sync_all(dirty: &mut BTreeSet<PathBuf>) -> Result<(), SaveError> {
    for d in std::mem::take(dirty) {
        sync_dir(&d)?;
    }
    Ok(())
}

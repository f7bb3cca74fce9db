//! Admission by bytes (`--gpu-memory`, `--host-memory`): a [`Budget`] of
//! `limit` bytes hands out [`Permit`]s; a request that does not fit waits
//! until permits are returned, and fails at once when nothing that could be
//! returned is outstanding (the request can never fit). Resident bytes (the
//! basis, the master's segments) are taken for good by [`Budget::hold`];
//! transients (a launch block, a row reduction, a build's host buffers) by
//! [`Budget::admit`], returned when the permit drops.
//!
//! The port this design follows ran out of host memory when 16 workers
//! marshalled at once (`shared/seeds/pr15`); its later byte-weighted admission
//! (`shared/seeds/pr18`) is the model. A thread never waits while holding a
//! permit of the same budget (one permit per call), so waiting cannot deadlock.

use std::sync::{Arc, Condvar, Mutex, MutexGuard};

use crate::GpuError;

/// Which budget a request was refused by, for messages.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BudgetKind {
    /// `--gpu-memory`: bytes requested on one device.
    Device,
    /// `--host-memory`: host buffers of device builds, all workers together.
    Host,
}

impl BudgetKind {
    /// The command-line flag that sets it.
    pub fn flag(self) -> &'static str {
        match self {
            BudgetKind::Device => "--gpu-memory",
            BudgetKind::Host => "--host-memory",
        }
    }
}

#[derive(Default)]
struct State {
    /// Bytes held now (resident and admitted).
    held: u64,
    /// Bytes held for good.
    resident: u64,
    /// Outstanding permits.
    permits: usize,
    /// High-water mark of `held`.
    peak: u64,
}

/// A byte budget shared by threads (see the module documentation).
pub struct Budget {
    kind: BudgetKind,
    /// `u64::MAX` when unlimited.
    limit: u64,
    state: Mutex<State>,
    returned: Condvar,
}

/// Bytes admitted by a [`Budget`], returned when dropped.
pub struct Permit {
    budget: Arc<Budget>,
    bytes: u64,
}

impl Drop for Permit {
    fn drop(&mut self) {
        let mut st = self.budget.lock();
        st.held -= self.bytes;
        st.permits -= 1;
        drop(st);
        self.budget.returned.notify_all();
    }
}

impl Budget {
    /// A budget of `limit` bytes (`None`: unlimited, only the peak is kept).
    pub fn new(kind: BudgetKind, limit: Option<u64>) -> Arc<Budget> {
        Arc::new(Budget {
            kind,
            limit: limit.unwrap_or(u64::MAX),
            state: Mutex::new(State::default()),
            returned: Condvar::new(),
        })
    }

    fn lock(&self) -> MutexGuard<'_, State> {
        // The state is updated atomically under the lock: a poisoned lock is usable.
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// High-water mark of the bytes held, in bytes.
    pub fn peak(&self) -> u64 {
        self.lock().peak
    }

    /// Waits until `bytes` fit, then counts them; `resident` ones are never returned.
    fn take(&self, bytes: u64, resident: bool, what: &'static str) -> Result<(), GpuError> {
        let mut st = self.lock();
        loop {
            if st.held.saturating_add(bytes) <= self.limit {
                st.held += bytes;
                st.peak = st.peak.max(st.held);
                if resident {
                    st.resident += bytes;
                } else {
                    st.permits += 1;
                }
                return Ok(());
            }
            if st.permits == 0 {
                return Err(GpuError::Budget {
                    flag: self.kind.flag(),
                    what,
                    bytes,
                    resident: st.resident,
                    limit: self.limit,
                });
            }
            st = self.returned.wait(st).unwrap_or_else(|e| e.into_inner());
        }
    }

    /// Admits `bytes` for `what` until the permit drops.
    ///
    /// Errors: [`GpuError::Budget`] when they cannot fit even once every
    /// outstanding permit is returned.
    pub fn admit(self: &Arc<Self>, bytes: u64, what: &'static str) -> Result<Permit, GpuError> {
        self.take(bytes, false, what)?;
        Ok(Permit {
            budget: self.clone(),
            bytes,
        })
    }

    /// Takes `bytes` for `what` for good (resident tables).
    ///
    /// Errors: as [`Budget::admit`].
    pub fn hold(&self, bytes: u64, what: &'static str) -> Result<(), GpuError> {
        self.take(bytes, true, what)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_request_waits_for_returned_bytes_and_a_hopeless_one_fails() {
        let b = Budget::new(BudgetKind::Host, Some(100));
        b.hold(30, "tables").unwrap();
        let p = b.admit(60, "first").unwrap();
        let waiter = {
            let b = b.clone();
            std::thread::spawn(move || b.admit(50, "second").map(|_| ()))
        };
        std::thread::sleep(std::time::Duration::from_millis(50));
        drop(p);
        assert!(waiter.join().unwrap().is_ok());
        assert_eq!(b.peak(), 90);
        match b.admit(71, "too much") {
            Err(GpuError::Budget {
                flag: "--host-memory",
                bytes: 71,
                resident: 30,
                limit: 100,
                ..
            }) => {}
            other => panic!("{:?}", other.map(|_| ())),
        }
    }
}

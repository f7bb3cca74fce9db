//! Ctrl-C during a resolution: SIGINT sets the run's stop flag
//! (`resolution::RunOptions::stop`), so the run stops at its next completed bidegree, the
//! steps in flight finish and the save directory's writers flush; `adams` then exits 130
//! (128 + SIGINT) with one line, and the same command resumes from `--save-dir`. A second
//! Ctrl-C is the default action (the process ends at once; the records written stay valid).

use std::sync::atomic::{AtomicBool, Ordering};

/// Set by the first SIGINT.
static STOP: AtomicBool = AtomicBool::new(false);

/// The SIGINT handler: an atomic store and `signal(2)`, both async-signal-safe (POSIX).
extern "C" fn on_sigint(_: libc::c_int) {
    STOP.store(true, Ordering::SeqCst);
    // SAFETY: restores the default action; `signal` may be called from a handler.
    unsafe {
        libc::signal(libc::SIGINT, libc::SIG_DFL);
    }
}

/// Installs the SIGINT handler and returns the flag it sets, for `RunOptions::stop`.
pub(crate) fn stop_on_sigint() -> &'static AtomicBool {
    let handler = on_sigint as extern "C" fn(libc::c_int);
    // SAFETY: the handler only touches an atomic and calls `signal`.
    unsafe {
        libc::signal(libc::SIGINT, handler as libc::sighandler_t);
    }
    &STOP
}

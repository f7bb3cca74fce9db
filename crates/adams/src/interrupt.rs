//! Ctrl-C during a resolution: SIGINT sets the run's stop flag
//! (`resolution::RunOptions::stop`), so the run stops at its next completed bidegree, the
//! steps in flight finish and the save directory's writers flush; `adams` then exits 130
//! (128 + SIGINT) with one line, and the same command resumes from `--save-dir`. A second
//! Ctrl-C is the default action (the process ends at once; the records written stay valid).
//! The handlers are `signal-hook`'s (`flag::register`, `flag::register_conditional_default`).

use std::sync::atomic::AtomicBool;
use std::sync::{Arc, OnceLock};

/// Set by the first SIGINT.
static STOP: OnceLock<Arc<AtomicBool>> = OnceLock::new();

/// Installs the SIGINT handlers (once) and returns the flag the first SIGINT sets, for
/// `RunOptions::stop`; a SIGINT while it is set ends the process. Where a handler cannot
/// be installed, Ctrl-C keeps its default action (the process ends; records stay valid).
pub(crate) fn stop_on_sigint() -> &'static AtomicBool {
    STOP.get_or_init(|| {
        let flag = Arc::new(AtomicBool::new(false));
        let sigint = signal_hook::consts::SIGINT;
        // The conditional default first: it sees the flag before the second handler sets it.
        let installed = signal_hook::flag::register_conditional_default(sigint, flag.clone())
            .and_then(|_| signal_hook::flag::register(sigint, flag.clone()));
        if let Err(e) = installed {
            eprintln!("warning: cannot handle Ctrl-C ({e}): it ends the run at once");
        }
        flag
    })
}

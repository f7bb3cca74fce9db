//! Ctrl-C, `kill` and a closed terminal during a resolution: SIGINT, SIGTERM and SIGHUP
//! set the run's stop flag (`resolution::RunOptions::stop`), so the run stops at its next
//! completed bidegree, the steps in flight finish, the save directory's writers flush and
//! a temporary spill directory (`--max-memory` without `--save-dir`) is removed; `adams`
//! then exits 128 + the signal's number (130, 143, 129, as a shell reports it) with one
//! line, and the same command resumes from `--save-dir`. A second signal of any of the
//! three is the default action (the process ends at once; the records written stay valid).
//! The handlers are `signal-hook`'s (`flag::register`, `flag::register_conditional_default`).

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, OnceLock};

use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};

/// The signals that stop a run, each with the flag it sets besides the stop flag.
struct Flags {
    stop: Arc<AtomicBool>,
    each: Vec<(i32, Arc<AtomicBool>)>,
}

static FLAGS: OnceLock<Flags> = OnceLock::new();

/// Installs the handlers (once) and returns the flag the first SIGINT, SIGTERM or SIGHUP
/// sets, for `RunOptions::stop`; a second one while it is set ends the process. Where a
/// handler cannot be installed, that signal keeps its default action (the process ends;
/// records stay valid).
pub(crate) fn stop_on_sigint() -> &'static AtomicBool {
    &FLAGS
        .get_or_init(|| {
            let stop = Arc::new(AtomicBool::new(false));
            let mut each = Vec::new();
            for signal in [SIGINT, SIGTERM, SIGHUP] {
                let mine = Arc::new(AtomicBool::new(false));
                // The conditional default first: it sees the flag before the others set it.
                let installed =
                    signal_hook::flag::register_conditional_default(signal, stop.clone())
                        .and_then(|_| signal_hook::flag::register(signal, mine.clone()))
                        .and_then(|_| signal_hook::flag::register(signal, stop.clone()));
                match installed {
                    Ok(_) => each.push((signal, mine)),
                    Err(e) => eprintln!(
                        "warning: cannot handle signal {signal} ({e}): it ends the run at once"
                    ),
                }
            }
            Flags { stop, each }
        })
        .stop
}

/// The exit status of a run stopped by a signal: 128 + the number of the first signal
/// received (130 for SIGINT when none is recorded).
pub(crate) fn stopped_exit_code() -> u8 {
    let received = FLAGS.get().and_then(|f| {
        f.each
            .iter()
            .find(|(_, mine)| mine.load(Ordering::SeqCst))
            .map(|(signal, _)| *signal)
    });
    128 + received.unwrap_or(SIGINT) as u8
}

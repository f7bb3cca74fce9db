//! The device boundary: every public call into the runtime goes through
//! [`guard`], and a panic of the runtime becomes a [`GpuError::RuntimePanic`]
//! there instead of reaching the program's panic hook as a bug.
//!
//! Two kinds of panic are caught:
//! - on the calling thread, inside [`guard`] (cubecl's client unwraps
//!   internally): `catch_unwind` returns the payload;
//! - on the runtime's own device thread. cubecl 0.10 runs each device's
//!   server on a thread it names `DS{U|D}-{type id}-{device index}`
//!   (`cubecl-common`, `device/handle/channel.rs`) and catches each task's
//!   panic there, so the caller only sees a later `ServerError` or a lost
//!   reply. [`install_hook`] chains a panic hook that records such a panic
//!   (recognised by the thread's name) in [`RUNTIME_PANIC`]; [`guard`]
//!   returns it from the call that is running or the next one.
//!
//! Both kinds are kept from the previous hook (which would print them as a
//! bug of the program); every other panic goes to the previous hook.
//! Limits: the panic slot is per process (one runtime server serves every
//! [`crate::Gpu`] of a device), so with calls on several threads at once the
//! call that reports a server-thread panic may not be the one that caused
//! it. Panics on the runtime's unnamed helper threads (wgpu's poll thread,
//! CUDA's event collector) are not recognised and reach the previous hook.

use std::any::Any;
use std::cell::Cell;
use std::panic::{catch_unwind, AssertUnwindSafe, PanicHookInfo};
use std::sync::{Mutex, Once};

use crate::GpuError;

/// A panic recorded by the hook: thread name, location, message.
#[derive(Clone, Debug)]
struct Recorded {
    thread: String,
    location: Option<String>,
    message: String,
}

/// The first panic on a runtime thread not yet returned by a call.
static RUNTIME_PANIC: Mutex<Option<Recorded>> = Mutex::new(None);

thread_local! {
    /// Depth of [`guard`] calls on this thread.
    static GUARDED: Cell<u32> = const { Cell::new(0) };
    /// Location of the last panic inside [`guard`] on this thread.
    static LAST_LOCATION: Cell<Option<String>> = const { Cell::new(None) };
}

/// Whether `name` is a cubecl 0.10 device-server thread's name:
/// `DS` + `U` or `D` + `-` + type id + `-` + device index (decimal).
pub(crate) fn is_runtime_thread(name: &str) -> bool {
    let Some(rest) = name
        .strip_prefix("DSU-")
        .or_else(|| name.strip_prefix("DSD-"))
    else {
        return false;
    };
    let mut parts = rest.split('-');
    let number =
        |p: Option<&str>| p.is_some_and(|p| !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit()));
    number(parts.next()) && number(parts.next()) && parts.next().is_none()
}

/// Chains the crate's panic hook in front of the current one (once per
/// process; called by [`crate::Gpu::new`]).
pub(crate) fn install_hook() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        let previous = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            if !record(info) {
                previous(info);
            }
        }));
    });
}

/// Records a device panic; returns false for any other panic.
fn record(info: &PanicHookInfo<'_>) -> bool {
    let location = info
        .location()
        .map(|l| format!("{}:{}", l.file(), l.line()));
    if GUARDED.with(Cell::get) > 0 {
        LAST_LOCATION.with(|c| c.set(location));
        return true;
    }
    let thread = std::thread::current();
    let Some(name) = thread.name().filter(|n| is_runtime_thread(n)) else {
        return false;
    };
    if let Ok(mut slot) = RUNTIME_PANIC.lock() {
        slot.get_or_insert_with(|| Recorded {
            thread: name.to_string(),
            location,
            message: panic_message(info.payload()),
        });
    }
    true
}

/// Runs `f` at the device boundary: a panic inside it, or one recorded on a
/// runtime thread before it returns, becomes [`GpuError::RuntimePanic`]
/// (a recorded one takes precedence: it is the cause of what `f` saw).
pub(crate) fn guard<T>(
    what: &'static str,
    f: impl FnOnce() -> Result<T, GpuError>,
) -> Result<T, GpuError> {
    LAST_LOCATION.with(|c| c.set(None));
    GUARDED.with(|g| g.set(g.get() + 1));
    let outcome = catch_unwind(AssertUnwindSafe(f));
    GUARDED.with(|g| g.set(g.get() - 1));
    if let Some(p) = RUNTIME_PANIC.lock().ok().and_then(|mut s| s.take()) {
        return Err(GpuError::RuntimePanic {
            what,
            thread: p.thread,
            location: p.location,
            panic_message: p.message,
        });
    }
    outcome.unwrap_or_else(|payload| {
        let thread = std::thread::current();
        Err(GpuError::RuntimePanic {
            what,
            thread: thread.name().unwrap_or("unnamed").to_string(),
            location: LAST_LOCATION.with(Cell::take),
            panic_message: panic_message(payload.as_ref()),
        })
    })
}

/// A panic payload's text (`&str` or `String`), on one line.
pub(crate) fn panic_message(p: &(dyn Any + Send)) -> String {
    let text = p
        .downcast_ref::<String>()
        .map(String::as_str)
        .or_else(|| p.downcast_ref::<&str>().copied())
        .unwrap_or("a panic without a message");
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The panic slot is per process: these tests take turns.
    static SERIAL: Mutex<()> = Mutex::new(());

    #[test]
    fn runtime_thread_names() {
        for name in ["DSD-4-0", "DSU-12-3"] {
            assert!(is_runtime_thread(name), "{name}");
        }
        for name in [
            "main",
            "DSD-4",
            "DSX-4-0",
            "DSD-4-0-1",
            "DSD--0",
            "DSD-a-0",
            "xDSD-4-0",
        ] {
            assert!(!is_runtime_thread(name), "{name}");
        }
    }

    #[test]
    fn a_panic_inside_guard_is_a_typed_error() {
        let _turn = SERIAL.lock().unwrap_or_else(|e| e.into_inner());
        install_hook();
        let got: Result<(), GpuError> = guard("a test call", || panic!("boom {}", 7));
        match got {
            Err(GpuError::RuntimePanic {
                what,
                panic_message,
                location,
                ..
            }) => {
                assert_eq!(what, "a test call");
                assert_eq!(panic_message, "boom 7");
                assert!(location.is_some_and(|l| l.contains("boundary.rs")));
            }
            other => panic!("expected RuntimePanic, got {other:?}"),
        }
    }

    #[test]
    fn a_panic_on_a_runtime_thread_is_returned_by_the_next_call() {
        let _turn = SERIAL.lock().unwrap_or_else(|e| e.into_inner());
        install_hook();
        let joined = std::thread::Builder::new()
            .name("DSD-99-7".into())
            .spawn(|| panic!("server task failed"))
            .map(|h| h.join());
        assert!(matches!(joined, Ok(Err(_))), "the thread did not panic");
        match guard("the next call", || Ok(1)) {
            Err(GpuError::RuntimePanic {
                thread,
                panic_message,
                ..
            }) => {
                assert_eq!(thread, "DSD-99-7");
                assert_eq!(panic_message, "server task failed");
            }
            other => panic!("expected RuntimePanic, got {other:?}"),
        }
        // Reported once.
        assert!(matches!(guard("a later call", || Ok(2)), Ok(2)));
    }
}

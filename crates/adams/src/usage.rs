//! Resource use of this process: CPU time and peak resident memory, from `getrusage(2)`.

use std::time::Duration;

/// CPU time (user + system) and peak resident set size of the current process so far.
#[derive(Clone, Copy, Debug)]
pub struct Usage {
    /// User plus system CPU time.
    pub cpu: Duration,
    /// Peak resident set size in bytes (`ru_maxrss`; Linux reports KiB).
    pub peak_rss_bytes: u64,
}

/// Reads `getrusage(RUSAGE_SELF)`; zeros if the call fails.
pub fn current() -> Usage {
    // SAFETY: getrusage writes a plain C struct we own; a zeroed rusage is a valid value.
    let mut ru: libc::rusage = unsafe { std::mem::zeroed() };
    let ok = unsafe { libc::getrusage(libc::RUSAGE_SELF, &mut ru) } == 0;
    if !ok {
        return Usage { cpu: Duration::ZERO, peak_rss_bytes: 0 };
    }
    let tv = |t: libc::timeval| Duration::new(t.tv_sec.max(0) as u64, (t.tv_usec.max(0) as u32) * 1000);
    Usage { cpu: tv(ru.ru_utime) + tv(ru.ru_stime), peak_rss_bytes: (ru.ru_maxrss.max(0) as u64) * 1024 }
}

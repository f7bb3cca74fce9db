//! Resource use of this process: CPU time from `getrusage(2)`, peak resident memory from
//! `VmHWM` in `/proc/self/status` (which, unlike `ru_maxrss`, starts afresh at `exec`, so
//! `cargo run` does not add cargo's own memory).

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
        return Usage {
            cpu: Duration::ZERO,
            peak_rss_bytes: 0,
        };
    }
    let tv =
        |t: libc::timeval| Duration::new(t.tv_sec.max(0) as u64, (t.tv_usec.max(0) as u32) * 1000);
    let peak = peak_rss_from_proc().unwrap_or((ru.ru_maxrss.max(0) as u64) * 1024);
    Usage {
        cpu: tv(ru.ru_utime) + tv(ru.ru_stime),
        peak_rss_bytes: peak,
    }
}

/// `VmHWM` of `/proc/self/status` in bytes (Linux), if readable.
fn peak_rss_from_proc() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kib * 1024)
}

impl Usage {
    /// CPU time since `start` (CPU spent before it, e.g. by `cargo run` before it
    /// exec'd this program, is not counted); peak memory as measured now.
    pub fn since(&self, start: &Usage) -> Usage {
        Usage {
            cpu: self.cpu.saturating_sub(start.cpu),
            peak_rss_bytes: self.peak_rss_bytes,
        }
    }
}

//! The process's CPU time (user + system, all threads), for the CPU-time fields of
//! `products.json`: on a shared machine the ratio of the products' CPU time to the
//! resolution's is steadier than that of wall times (docs/EXPERIMENTS.md, 2026-11-30).

/// Seconds of CPU time this process has used so far (`getrusage(RUSAGE_SELF)`, user +
/// system); 0 if the call fails.
pub(crate) fn seconds() -> f64 {
    // SAFETY: getrusage writes a plain C struct that we own; a zeroed rusage is a valid
    // value.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    if unsafe { libc::getrusage(libc::RUSAGE_SELF, &mut usage) } != 0 {
        return 0.0;
    }
    let of = |t: libc::timeval| t.tv_sec as f64 + t.tv_usec as f64 * 1e-6;
    of(usage.ru_utime) + of(usage.ru_stime)
}

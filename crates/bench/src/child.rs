//! One timed child process: wall time around it, and its CPU time and peak resident
//! memory as the kernel reports them to the parent that reaps it (`wait4(2)`).
//!
//! Peak memory is the child's `ru_maxrss`. Rust starts children with `posix_spawn`
//! (a `vfork`-style clone sharing this process's memory until `exec`), and Linux keeps the
//! larger of the peak before `exec` and the program's own: the figure is the program's
//! peak, or this (small: about 5 MB) process's peak when the program stays below that.

use std::io::{BufRead, BufReader, Read};
use std::os::unix::process::ExitStatusExt;
use std::process::{Command, ExitStatus, Stdio};
use std::time::{Duration, Instant};

/// What one child left behind.
pub struct Finished {
    pub status: ExitStatus,
    /// From just before the spawn to the return of `wait4`.
    pub wall: Duration,
    /// User plus system CPU time of the child (its threads included).
    pub cpu: Duration,
    /// The child's `ru_maxrss`, in bytes (Linux reports KiB).
    pub peak_rss_bytes: u64,
    /// The child's last non-empty line on stderr, or `(nothing on stderr)`.
    pub last_stderr: String,
}

/// Runs `command` to its end with no standard input, its standard output discarded and
/// its standard error read (for the last line); returns its exit status and figures.
///
/// Errors: the spawn failed, or `wait4` failed (the child is then killed and reaped).
pub fn run(mut command: Command) -> std::io::Result<Finished> {
    command
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped());
    let started = Instant::now();
    let mut child = command.spawn()?;
    let reader = child
        .stderr
        .take()
        .map(|stderr| std::thread::spawn(move || last_line(stderr)));
    let waited = wait4(child.id());
    let wall = started.elapsed();
    let (raw, usage) = match waited {
        Ok(done) => done,
        Err(e) => {
            let _ = child.kill();
            let _ = child.wait();
            return Err(e);
        }
    };
    let last_stderr = reader
        .and_then(|r| r.join().ok())
        .flatten()
        .unwrap_or_else(|| "(nothing on stderr)".to_string());
    let time =
        |t: libc::timeval| Duration::new(t.tv_sec.max(0) as u64, (t.tv_usec.max(0) as u32) * 1000);
    Ok(Finished {
        status: ExitStatus::from_raw(raw),
        wall,
        cpu: time(usage.ru_utime) + time(usage.ru_stime),
        peak_rss_bytes: (usage.ru_maxrss.max(0) as u64) * 1024,
        last_stderr,
    })
}

/// Reaps the child `pid`: its raw wait status and resource use. Retries on `EINTR`.
fn wait4(pid: u32) -> std::io::Result<(libc::c_int, libc::rusage)> {
    let pid = libc::pid_t::try_from(pid).map_err(std::io::Error::other)?;
    loop {
        let mut status: libc::c_int = 0;
        // SAFETY: wait4 writes the status and a plain C struct that we own; a zeroed
        // rusage is a valid value. `pid` is our own child, not yet reaped.
        let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
        let got = unsafe { libc::wait4(pid, &mut status, 0, &mut usage) };
        if got == pid {
            return Ok((status, usage));
        }
        let e = std::io::Error::last_os_error();
        if e.kind() != std::io::ErrorKind::Interrupted {
            return Err(e);
        }
    }
}

/// What `stream` says went wrong (lossy UTF-8, trimmed), read to its end: the last line
/// starting `Error:` or `error:` (with the first line under a following `Caused by:`, as
/// anyhow prints the cause), else the last non-empty line — a backtrace's last frame says
/// nothing.
fn last_line(stream: impl Read) -> Option<String> {
    let mut reader = BufReader::new(stream);
    let mut line = Vec::new();
    let (mut last, mut error, mut cause_next) = (None, None::<String>, false);
    while matches!(reader.read_until(b'\n', &mut line), Ok(n) if n > 0) {
        let text = String::from_utf8_lossy(&line).trim().to_string();
        line.clear();
        if text.is_empty() {
            continue;
        }
        if text.starts_with("Error:") || text.starts_with("error:") {
            error = Some(text.clone());
            cause_next = false;
        } else if text == "Caused by:" {
            cause_next = error.is_some();
        } else if cause_next {
            let cause = text.trim_start_matches(|c: char| c.is_ascii_digit() || c == ':');
            error = error.map(|e| format!("{e}: {}", cause.trim()));
            cause_next = false;
        }
        last = Some(text);
    }
    error.or(last)
}

#[cfg(test)]
mod tests {
    use super::last_line;

    #[test]
    fn the_error_and_its_cause_win_over_a_backtrace() {
        let text = "Module: S_3\nError: Failed to load module\n\nCaused by:\n    0: Nassau's algorithm does not support odd primes\n\nStack backtrace:\n  21: _start\n";
        assert_eq!(
            last_line(text.as_bytes()).as_deref(),
            Some("Error: Failed to load module: Nassau's algorithm does not support odd primes")
        );
        assert_eq!(last_line("a\nb\n\n".as_bytes()).as_deref(), Some("b"));
        assert_eq!(last_line("".as_bytes()), None);
        assert_eq!(
            last_line("error: no module\n".as_bytes()).as_deref(),
            Some("error: no module")
        );
    }
}

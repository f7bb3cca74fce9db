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

/// The last non-empty line of `stream` (lossy UTF-8, trimmed), read to its end.
fn last_line(stream: impl Read) -> Option<String> {
    let mut reader = BufReader::new(stream);
    let mut line = Vec::new();
    let mut last = None;
    while matches!(reader.read_until(b'\n', &mut line), Ok(n) if n > 0) {
        let text = String::from_utf8_lossy(&line);
        if !text.trim().is_empty() {
            last = Some(text.trim().to_string());
        }
        line.clear();
    }
    last
}

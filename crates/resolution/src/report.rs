//! What a run reports: progress after each bidegree, the run's measurements, and the Ext
//! table it resolved.

use std::cmp::Ordering;
use std::time::Duration;

use crate::bidegree::Bidegree;
use crate::sample::Checks;

/// One nonzero entry of the Ext table: `dim Ext^{s,t} = dim` at `bidegree`.
///
/// Ordered by stem `n`, then `s` (the order of an Adams chart's columns).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ExtEntry {
    /// Where: filtration `s`, internal degree `t`, stem `n = t − s`.
    pub bidegree: Bidegree,
    /// Dimension over F_2.
    pub dim: usize,
}

impl ExtEntry {
    /// Stem `n = t − s`.
    pub fn stem(&self) -> i32 {
        self.bidegree.n()
    }

    /// Adams filtration (homological degree).
    pub fn s(&self) -> u32 {
        self.bidegree.s()
    }

    /// Internal degree.
    pub fn t(&self) -> i32 {
        self.bidegree.t()
    }
}

impl Ord for ExtEntry {
    fn cmp(&self, other: &Self) -> Ordering {
        (self.stem(), self.s(), self.dim).cmp(&(other.stem(), other.s(), other.dim))
    }
}

impl PartialOrd for ExtEntry {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

/// One completed bidegree, as reported to a progress callback.
#[derive(Clone, Copy, Debug)]
pub struct Progress {
    /// The bidegree just completed.
    pub bidegree: Bidegree,
    /// Time its step took.
    pub step_time: Duration,
    /// Bidegrees completed so far.
    pub done: usize,
    /// Bidegrees in the run.
    pub total: usize,
    /// Smallest stem with a bidegree not yet completed (the front of the wavefront).
    pub stem_front: i32,
}

/// What a run measured.
#[derive(Clone, Debug, Default)]
pub struct RunReport {
    /// Wall time of the whole run.
    pub wall: Duration,
    /// Bidegrees (steps) run.
    pub steps: usize,
    /// Mean number of bidegrees in flight, sampled at each completion.
    pub mean_in_flight: f64,
    /// Times a bidegree was parked because it landed inside a parallel section.
    pub parked: usize,
    /// Worker threads used.
    pub threads: usize,
    /// The time of every step, slowest first.
    pub step_times: Vec<(Bidegree, Duration)>,
    /// The offloaded builds and reductions redone on the CPU and compared
    /// ([`crate::Offload::check`]); empty without offload.
    pub checks: Checks,
    /// How a run within a memory budget went ([`crate::RunOptions::hold`]); `None` for
    /// a run that kept every row in memory.
    pub held: Option<crate::HoldReport>,
}

/// Writes `error: MESSAGE` on one line of stderr (the message's whitespace, newlines
/// included, collapsed to single spaces) in one `write(2)`, so that a launcher forwarding
/// several processes' output (mpirun) cannot print its own lines inside it: `eprintln!`
/// writes its pieces one by one, and mpirun's abort notice was seen between `error: ` and
/// the message.
pub fn print_error_line(message: &str) {
    use std::io::Write;
    let words: Vec<&str> = message.split_whitespace().collect();
    let line = format!("error: {}\n", words.join(" "));
    let mut stderr = std::io::stderr().lock();
    // A failed write to stderr leaves no better place to say so.
    let _ = stderr
        .write_all(line.as_bytes())
        .and_then(|()| stderr.flush());
}

//! Which offloaded builds and row reductions are redone on the CPU and compared
//! (`--verify-sample FRACTION`; `--verify` is the fraction 1).
//!
//! The decision for one call depends only on the run's seed and on what the call is —
//! its bidegree `(s, t)`, whether it is a matrix build or a row reduction, and which
//! matrix of the step ([`crate::MatrixName`], as text: Nassau's zero-signature matrix of
//! `d_{s−1}`, zero-signature image of `d_s`, or matrix of `d_{s−1}` at a named signature;
//! the classical old-part matrix of `d_s`) — never on thread timing: the first 8 bytes of the BLAKE3 hash of
//! `(seed, s, t, kind, what)`, read as a number `u` uniform in `[0, 1)` (53 bits), and
//! the call is sampled when `u < fraction`. So the same run samples the same calls with
//! any thread count, each offloaded call is sampled with probability `fraction`, and
//! the fraction `1` samples every call, `0` none.

use std::fmt;
use std::time::Duration;

/// A fraction of offloaded calls to redo on the CPU: a number in `[0, 1]`.
#[derive(Clone, Copy, Debug, PartialEq, PartialOrd)]
pub struct SampleFraction(f64);

impl SampleFraction {
    /// Every offloaded call (`--verify`).
    pub const ALL: SampleFraction = SampleFraction(1.0);
    /// No call.
    pub const NONE: SampleFraction = SampleFraction(0.0);

    /// `fraction` if it is a number in `[0, 1]`; otherwise an error saying why (one line).
    pub fn new(fraction: f64) -> Result<SampleFraction, FractionError> {
        Self::checked(fraction, None)
    }

    /// `fraction` if in `[0, 1]`; errors name `text`, the text it was parsed from, if any.
    fn checked(fraction: f64, text: Option<&str>) -> Result<SampleFraction, FractionError> {
        let text = || text.map(str::to_string);
        if fraction.is_nan() {
            return Err(FractionError::NaN { text: text() });
        }
        if !(0.0..=1.0).contains(&fraction) {
            return Err(FractionError::OutOfRange {
                text: text(),
                value: fraction,
            });
        }
        Ok(SampleFraction(fraction))
    }

    /// The fraction, in `[0, 1]`.
    pub fn get(self) -> f64 {
        self.0
    }
}

/// Why a text or a number is not a [`SampleFraction`]; `text` is what was parsed, when
/// the value came from text (it is then named first, in backquotes).
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum FractionError {
    /// The text is not a decimal number.
    #[error("`{text}` is not a number: give a fraction between 0 and 1")]
    Unparsable {
        /// The text.
        text: String,
    },
    /// The number is NaN.
    #[error("{}is not a number: give a fraction between 0 and 1", quoted(.text))]
    NaN {
        /// The text it was parsed from.
        text: Option<String>,
    },
    /// The number is outside `[0, 1]`.
    #[error("{}{value} is not between 0 and 1", quoted(.text))]
    OutOfRange {
        /// The text it was parsed from.
        text: Option<String>,
        /// The number.
        value: f64,
    },
}

/// "`text`: " when there is a text.
fn quoted(text: &Option<String>) -> String {
    text.as_ref().map_or(String::new(), |t| format!("`{t}`: "))
}

impl std::str::FromStr for SampleFraction {
    type Err = FractionError;

    /// A decimal number in `[0, 1]` (`0.01`, `1e-3`, `1`); errors name the text.
    fn from_str(text: &str) -> Result<SampleFraction, FractionError> {
        let value: f64 = text.trim().parse().map_err(|_| FractionError::Unparsable {
            text: text.to_string(),
        })?;
        SampleFraction::checked(value, Some(text))
    }
}

impl fmt::Display for SampleFraction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// The seed of [`crate::Offload::seed`] unless a caller picks another.
pub const DEFAULT_SEED: u64 = 0x6164_616d_735f_7632; // "adams_v2"

/// What kind of offloaded call.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum CallKind {
    /// A matrix of Milnor products ([`crate::Backend::build`]).
    Build,
    /// A row reduction ([`crate::Backend::row_reduce`]).
    Reduction,
}

impl CallKind {
    fn tag(self) -> u8 {
        match self {
            CallKind::Build => 0,
            CallKind::Reduction => 1,
        }
    }
}

/// One offloaded call that was redone on the CPU and agreed with it.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct CheckedCall {
    /// Filtration of its bidegree.
    pub s: u32,
    /// Internal degree of its bidegree.
    pub t: i32,
    /// Build or reduction.
    pub kind: CallKind,
    /// Which build or reduction of the step, as in error messages.
    pub what: String,
}

/// The offloaded calls a run redid on the CPU ([`crate::RunReport::checks`]).
#[derive(Clone, Debug, Default)]
pub struct Checks {
    /// Every checked call, sorted (the same set for the same run with any thread count).
    pub calls: Vec<CheckedCall>,
    /// The time each took to redo on the CPU and compare, in the order of `calls`.
    pub times: Vec<Duration>,
    /// Their sum (over the workers).
    pub cpu_time: Duration,
}

impl Checks {
    /// Records a checked call that took `time`.
    pub(crate) fn push(&mut self, call: CheckedCall, time: Duration) {
        self.calls.push(call);
        self.times.push(time);
        self.cpu_time += time;
    }

    /// Moves the calls of `other` here.
    pub(crate) fn append(&mut self, other: &mut Checks) {
        self.calls.append(&mut other.calls);
        self.times.append(&mut other.times);
        self.cpu_time += std::mem::take(&mut other.cpu_time);
    }

    /// Sorts the calls (their times along).
    pub(crate) fn sort(&mut self) {
        let mut both: Vec<(CheckedCall, Duration)> =
            self.calls.drain(..).zip(self.times.drain(..)).collect();
        both.sort();
        (self.calls, self.times) = both.into_iter().unzip();
    }

    /// Checked matrix builds.
    pub fn builds(&self) -> usize {
        self.calls
            .iter()
            .filter(|c| c.kind == CallKind::Build)
            .count()
    }

    /// Checked row reductions.
    pub fn reductions(&self) -> usize {
        self.calls
            .iter()
            .filter(|c| c.kind == CallKind::Reduction)
            .count()
    }
}

/// Whether the call `(s, t, kind, what)` is in the sample of `fraction` for `seed`
/// (see the module documentation).
pub fn is_sampled(
    fraction: SampleFraction,
    seed: u64,
    s: u32,
    t: i32,
    kind: CallKind,
    what: &str,
) -> bool {
    if fraction.0 >= 1.0 {
        return true;
    }
    if fraction.0 <= 0.0 {
        return false;
    }
    let mut hasher = blake3::Hasher::new();
    hasher.update(&seed.to_le_bytes());
    hasher.update(&s.to_le_bytes());
    hasher.update(&t.to_le_bytes());
    hasher.update(&[kind.tag()]);
    hasher.update(what.as_bytes());
    let bytes: [u8; 8] = hasher.finalize().as_bytes()[..8]
        .try_into()
        .expect("8 bytes");
    let u = (u64::from_le_bytes(bytes) >> 11) as f64 / (1u64 << 53) as f64;
    u < fraction.0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fractions_parse_and_bad_ones_say_why() {
        for (text, value) in [
            ("0", 0.0),
            ("1", 1.0),
            ("0.01", 0.01),
            (" 1e-3 ", 0.001),
            ("1.0", 1.0),
        ] {
            assert_eq!(
                text.parse::<SampleFraction>().unwrap().get(),
                value,
                "{text}"
            );
        }
        for (text, says) in [
            ("-0.1", "is not between 0 and 1"),
            ("1.5", "is not between 0 and 1"),
            ("NaN", "is not a number"),
            ("inf", "is not between 0 and 1"),
            ("abc", "is not a number"),
            ("", "is not a number"),
            ("0.5%", "is not a number"),
        ] {
            let e = text.parse::<SampleFraction>().unwrap_err().to_string();
            assert!(
                e.contains(says) && e.contains(&format!("`{text}`")),
                "{text}: {e}"
            );
        }
    }

    #[test]
    fn the_sample_is_a_function_of_the_call_with_the_asked_frequency() {
        let calls: Vec<(u32, i32, CallKind, String)> = (2..40u32)
            .flat_map(|s| (0..100).map(move |t| (s, s as i32 + t)))
            .flat_map(|(s, t)| {
                [CallKind::Build, CallKind::Reduction].map(|k| {
                    (
                        s,
                        t,
                        k,
                        format!("the matrix of d_{{s-1}} at signature ({})", t % 3),
                    )
                })
            })
            .collect();
        let count = |f: f64, seed: u64| {
            calls
                .iter()
                .filter(|(s, t, k, w)| {
                    is_sampled(SampleFraction::new(f).unwrap(), seed, *s, *t, *k, w)
                })
                .count()
        };
        assert_eq!(count(0.0, 1), 0);
        assert_eq!(count(1.0, 1), calls.len());
        // 7600 calls: the count is binomial, within 5 standard deviations of f·n.
        for f in [0.01, 0.1, 0.5] {
            let n = calls.len() as f64;
            let sd = (n * f * (1.0 - f)).sqrt();
            for seed in [1, 2, DEFAULT_SEED] {
                let got = count(f, seed) as f64;
                assert!(
                    (got - n * f).abs() < 5.0 * sd,
                    "fraction {f}, seed {seed}: {got} of {n}"
                );
            }
        }
        // Another seed picks other calls; the same seed the same ones.
        let pick = |seed: u64| -> Vec<bool> {
            calls
                .iter()
                .map(|(s, t, k, w)| {
                    is_sampled(SampleFraction::new(0.1).unwrap(), seed, *s, *t, *k, w)
                })
                .collect()
        };
        assert_eq!(pick(7), pick(7));
        assert_ne!(pick(7), pick(8));
    }
}

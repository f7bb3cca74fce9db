//! The range a command is asked for (`--max-stem N --max-s S`, `--ranges`, `--threads`,
//! `--runs`), checked before any work, then against the module's bottom cell.

use resolution::{ResolutionConfig, MAX_ALGEBRA_DEGREE};

/// The most worker threads `--threads` accepts (far above any useful count: each
/// worker holds its own stack and scratch).
pub const MAX_THREADS: usize = 1024;

/// The largest `|--max-stem|` looked at further: beyond every module degree
/// (`2^20`), so that the sums below stay far inside `i32`.
pub const MAX_ABS_STEM: i64 = 1 << 22;

/// A range, thread count or run count that cannot be run (exit 2).
#[derive(Debug, thiserror::Error)]
pub enum RangeError {
    #[error("--max-s {0} is negative: the Adams filtration s range is 0..=S")]
    NegativeS(i64),
    #[error(
        "--max-stem {0} is below the bottom cell of every module (degrees are at least -2^20)"
    )]
    StemBelowEveryModule(i64),
    #[error("--max-s {0} is above {MAX_ALGEBRA_DEGREE}: t = stem + s may be at most {MAX_ALGEBRA_DEGREE} \
             above the module's bottom cell, the top degree of the Milnor basis tables")]
    SAboveTables(i64),
    #[error("--max-stem {0} is above {MAX_ABS_STEM}: module cells lie within ±2^20 and t = stem + s may be at \
             most {MAX_ALGEBRA_DEGREE} above the bottom cell")]
    StemAboveEveryModule(i64),
    #[error("--threads {0} is more than {MAX_THREADS}; use 0 for one worker per core")]
    Threads(usize),
    #[error("--max-stem {max_stem} is {}: the stem n = t - s of {name} runs from its bottom cell, degree {bottom}, to N",
            if *.max_stem < 0 { "negative" } else { "below the bottom cell" })]
    StemBelowBottom {
        max_stem: i32,
        name: String,
        bottom: i32,
    },
    #[error("--max-stem {max_stem} --max-s {max_s} reaches internal degree t = {top_t}, {} above the bottom cell of \
             {name} (degree {bottom}); t may be at most {MAX_ALGEBRA_DEGREE} above it, the top degree of the Milnor basis tables",
            .top_t - i64::from(*.bottom))]
    AboveTables {
        max_stem: i32,
        max_s: u32,
        top_t: i64,
        name: String,
        bottom: i32,
    },
    #[error("--ranges {max_stem}:{max_s}: the stem must be at least the bottom cell's degree {bottom} and t = stem + s at most \
             {MAX_ALGEBRA_DEGREE} above it")]
    BenchRange {
        max_stem: i32,
        max_s: u32,
        bottom: i64,
    },
    #[error("{name} through stem {max_stem}, s <= {max_s}: projected peak memory at least {} (the row s = 0 keeps a \
             reduced {largest_dim} x {largest_dim} matrix in degree t = {top_t}, and one in each degree below), above \
             the limit of {} ({limit_from}); give a smaller --max-stem, or --max-memory GB",
            human_bytes(*.bytes), human_bytes(*.limit))]
    MemoryEstimate {
        name: String,
        max_stem: i32,
        max_s: u32,
        bytes: u64,
        top_t: i32,
        largest_dim: u64,
        limit: u64,
        limit_from: &'static str,
    },
    #[error("--max-memory {0}: must be a positive number of GB")]
    MaxMemory(f64),
    #[error("environment variable {AVAILABLE_MEMORY_VAR}: {text:?}: {why}")]
    AvailableMemory { text: String, why: String },
    #[error("--runs 0: at least one run per range is needed")]
    NoRuns,
    #[error("{flag} {value}: must be between {lo} and {hi}")]
    Bound {
        flag: &'static str,
        value: i64,
        lo: i64,
        hi: i64,
    },
}

/// `--threads N` at most [`MAX_THREADS`].
pub fn check_threads(threads: usize) -> Result<(), RangeError> {
    if threads > MAX_THREADS {
        return Err(RangeError::Threads(threads));
    }
    Ok(())
}

/// `--max-stem N --max-s S` before any work (the module is not read yet): `S` in
/// `0..=MAX_ALGEBRA_DEGREE`, `|N|` at most [`MAX_ABS_STEM`]. The range is checked against
/// the module's bottom cell by [`check_module_range`].
pub fn check_range(max_stem: i64, max_s: i64) -> Result<ResolutionConfig, RangeError> {
    if max_s < 0 {
        return Err(RangeError::NegativeS(max_s));
    }
    if max_stem < -MAX_ABS_STEM {
        return Err(RangeError::StemBelowEveryModule(max_stem));
    }
    if max_s > i64::from(MAX_ALGEBRA_DEGREE) {
        return Err(RangeError::SAboveTables(max_s));
    }
    if max_stem > MAX_ABS_STEM {
        return Err(RangeError::StemAboveEveryModule(max_stem));
    }
    // Both fit: |max_stem| <= 2^22 and 0 <= max_s <= MAX_ALGEBRA_DEGREE.
    Ok(ResolutionConfig {
        max_stem: max_stem as i32,
        max_s: max_s as u32,
    })
}

/// The range against the module's bottom cell `b` (after the cells above
/// `t = max_stem + max_s` were dropped): the stems run from `b` to `max_stem`, so
/// `max_stem >= b`; and the algebra is needed through degree
/// `max_stem + max_s - b`, at most [`MAX_ALGEBRA_DEGREE`].
pub fn check_module_range(
    name: &str,
    bottom: i32,
    range: ResolutionConfig,
) -> Result<(), RangeError> {
    let ResolutionConfig { max_stem, max_s } = range;
    let name = name.to_string();
    if max_stem < bottom {
        return Err(RangeError::StemBelowBottom {
            max_stem,
            name,
            bottom,
        });
    }
    let top_t = i64::from(max_stem) + i64::from(max_s);
    if top_t - i64::from(bottom) > i64::from(MAX_ALGEBRA_DEGREE) {
        return Err(RangeError::AboveTables {
            max_stem,
            max_s,
            top_t,
            name,
            bottom,
        });
    }
    Ok(())
}

/// A bound from the command line within `lo..=hi` (checked against the module's bottom
/// cell once it is found).
pub fn bound(
    v: Option<i64>,
    flag: &'static str,
    lo: i64,
    hi: i64,
) -> Result<Option<i32>, RangeError> {
    match v {
        Some(value) if !(lo..=hi).contains(&value) => Err(RangeError::Bound {
            flag,
            value,
            lo,
            hi,
        }),
        v => Ok(v.map(|x| x as i32)),
    }
}

/// Bytes in words: `512.0 MB`, `7.9 GB`, `7332.6 TB` (powers of 10).
fn human_bytes(bytes: u64) -> String {
    let b = bytes as f64;
    match bytes {
        0..1_000_000_000 => format!("{:.1} MB", b / 1e6),
        1_000_000_000..1_000_000_000_000 => format!("{:.1} GB", b / 1e9),
        _ => format!("{:.1} TB", b / 1e12),
    }
}

/// The environment variable that sets the memory a run takes as available (GB, as
/// `--max-memory`): the limit of the projected-peak refusal without `--max-memory`, and
/// what `adams resolve`'s default budget is a share of. For a machine shared with other
/// jobs, or where `MemAvailable` does not see the limit the run lives under.
pub const AVAILABLE_MEMORY_VAR: &str = "ADAMS_AVAILABLE_MEMORY";

/// The memory this run takes as available, bytes: [`AVAILABLE_MEMORY_VAR`] when set, else
/// [`steenrod::available_memory`] (`MemAvailable`, or less under a cgroup's limit);
/// `None` where neither is known.
///
/// Errors: [`RangeError::AvailableMemory`] for a value of the variable that is not a
/// number of GB above 0.
pub fn available_memory() -> Result<Option<u64>, RangeError> {
    match std::env::var(AVAILABLE_MEMORY_VAR) {
        Ok(text) => match crate::cli::parse_gb(&text) {
            Ok(gb) => Ok(Some((gb * 1e9) as u64)),
            Err(why) => Err(RangeError::AvailableMemory { text, why }),
        },
        Err(std::env::VarError::NotPresent) => Ok(steenrod::available_memory().map(|b| b as u64)),
        Err(std::env::VarError::NotUnicode(raw)) => Err(RangeError::AvailableMemory {
            text: raw.to_string_lossy().into_owned(),
            why: "not UTF-8".to_string(),
        }),
    }
}

/// Refuses a run whose projected peak memory ([`resolution::projected_peak`], a lower
/// bound from the Milnor basis sizes) is above `--max-memory GB`, else above the memory
/// available; before anything is allocated. A module over a sub-Hopf algebra (`over_a`
/// false) is not estimated: its algebra is finite and small.
pub fn check_memory(
    name: &str,
    prime: u32,
    bottom: i32,
    over_a: bool,
    range: ResolutionConfig,
    max_memory: Option<f64>,
) -> Result<(), RangeError> {
    let (limit, limit_from) = match max_memory {
        Some(gb) if !(gb > 0.0 && gb.is_finite()) => return Err(RangeError::MaxMemory(gb)),
        Some(gb) => ((gb * 1e9) as u64, "--max-memory"),
        None => match available_memory()? {
            Some(bytes) => (bytes, "the memory available"),
            None => return Ok(()),
        },
    };
    let Some(peak) = over_a
        .then(|| resolution::projected_peak(prime, bottom, range))
        .flatten()
    else {
        return Ok(());
    };
    if peak.bytes <= limit {
        return Ok(());
    }
    Err(RangeError::MemoryEstimate {
        name: name.to_string(),
        max_stem: range.max_stem,
        max_s: range.max_s,
        bytes: peak.bytes,
        top_t: peak.top_t,
        largest_dim: peak.largest_dim,
        limit,
        limit_from,
    })
}

//! `adams resolve --max-memory GB` for a module's run: the budget shared between the
//! product tables (a quarter at most) and the rows of the resolution kept in memory (a
//! quarter; the Milnor basis, a step's matrices and the rest of the process take the other
//! half), the save directory finished rows are spilled to (`--save-dir`, else a temporary
//! one removed at the end), and the summary line of such a run. The engine's side is
//! `resolution::Hold`.
//!
//! Without `--max-memory` the budget is [`DEFAULT_SHARE`] of the memory available
//! ([`crate::range::available_memory`]) and the run is watched (`resolution::Watch`): it
//! keeps every row, as a run without a budget, until its resident memory passes half of
//! the budget, then goes on within it.

use resolution::{Hold, HoldReport, ResolutionConfig, Watch};

use crate::error::Error;
use crate::plan::{Limits, Plan};

/// The share of the memory available that a run without `--max-memory` keeps under: the
/// rest is the margin for the machine's other work and for a step's matrices past the
/// watch's reading.
pub const DEFAULT_SHARE: f64 = 0.8;

/// What a run within `--max-memory` needs beyond its plan.
pub(crate) struct Spill {
    /// The engine's budget for the rows in memory.
    pub hold: Hold,
    /// `--max-memory`, bytes.
    pub budget: u64,
    /// The temporary save directory when no `--save-dir` was given (removed when dropped).
    pub temp: Option<tempfile::TempDir>,
    /// The default budget (no `--max-memory`): the run is watched, and holds its rows only
    /// past half of the budget (the engine then makes the temporary directory).
    pub watched: bool,
}

impl Spill {
    /// The spill of `plan` (`None` without `--max-memory`): a temporary directory is made
    /// when the plan has no save directory.
    ///
    /// Errors: [`Error::SpillDir`] when the temporary directory cannot be made.
    pub fn for_plan(plan: &Plan) -> Result<Option<Spill>, Error> {
        let Some(budget) = budget_bytes(&plan.limits) else {
            return default_budget(plan);
        };
        let temp = match plan.save {
            Some(_) => None,
            None => Some(
                tempfile::Builder::new()
                    .prefix("adams-spill-")
                    .tempdir()
                    .map_err(|source| Error::SpillDir { source })?,
            ),
        };
        Ok(Some(Spill {
            hold: Hold {
                row_bytes: budget / 4,
            },
            budget,
            temp,
            watched: false,
        }))
    }

    /// The engine's options for this spill: a [`Hold`] from the start for `--max-memory`,
    /// a [`Watch`] at half of the budget for the default one.
    pub fn options(spill: Option<&Spill>) -> (Option<Hold>, Option<Watch>) {
        match spill {
            Some(s) if s.watched => (
                None,
                Some(Watch {
                    trip_bytes: s.budget / 2,
                    hold: s.hold,
                }),
            ),
            Some(s) => (Some(s.hold), None),
            None => (None, None),
        }
    }
}

/// The watched default of a plan without `--max-memory`: [`DEFAULT_SHARE`] of the memory
/// available; `None` where that is unknown, and for what cannot run held (`--certify`
/// reads every row at once; a run across MPI ranks keeps every row on each).
fn default_budget(plan: &Plan) -> Result<Option<Spill>, Error> {
    #[cfg(feature = "mpi")]
    let across_ranks = crate::cluster::active();
    #[cfg(not(feature = "mpi"))]
    let across_ranks = false;
    if plan.certify || across_ranks {
        return Ok(None);
    }
    let Some(available) = crate::range::available_memory()? else {
        return Ok(None);
    };
    let budget = (available as f64 * DEFAULT_SHARE) as u64;
    Ok(Some(Spill {
        hold: Hold {
            row_bytes: budget / 4,
        },
        budget,
        temp: None,
        watched: true,
    }))
}

/// `--max-memory` in bytes.
fn budget_bytes(limits: &Limits) -> Option<u64> {
    limits.max_memory.map(|gb| (gb * 1e9) as u64)
}

/// The product tables' budget of a run over `range` of a module with bottom cell `bottom`:
/// `--memory` as given; else, under `--max-memory`, the budget the range would choose on a
/// machine whose free memory is the budget (at most a quarter of it,
/// `steenrod::table_budget_for`); else `None` (chosen by the engine).
pub(crate) fn table_budget(limits: &Limits, range: ResolutionConfig, bottom: i32) -> Option<usize> {
    limits.table_memory.or_else(|| {
        let top = i64::from(range.max_stem) + i64::from(range.max_s) - i64::from(bottom);
        let degree = u32::try_from(top.max(0)).unwrap_or(u32::MAX);
        // Under ADAMS_AVAILABLE_MEMORY, the tables of a machine with that much free.
        let free = std::env::var_os(crate::range::AVAILABLE_MEMORY_VAR)
            .and_then(|_| crate::range::available_memory().ok().flatten());
        budget_bytes(limits)
            .or(free)
            .map(|b| steenrod::table_budget_for(degree, Some(b as usize)))
    })
}

/// The summary line of a run within `--max-memory`, or of a watched one that went on within
/// the default budget: the process's peak against the budget, and where the rows went.
pub(crate) fn summary_line(spill: &Spill, held: &HoldReport, peak_rss: u64, rows: usize) -> String {
    let mb = |b: u64| b as f64 / 1e6;
    let budget = match held.watch_resident {
        Some(resident) => format!(
            "the default budget {:.1} MB ({:.0}% of the memory available; the run went on \
             within it at {:.1} MB resident)",
            mb(spill.budget),
            DEFAULT_SHARE * 100.0,
            mb(resident)
        ),
        None => format!("the --max-memory budget {:.1} MB", mb(spill.budget)),
    };
    let over = match peak_rss > spill.budget {
        true => " (above it: the Milnor basis, the product tables and a step's matrices took more than the budget leaves them)",
        false => "",
    };
    let bands = match held.bands {
        0 => "no band resolved (every bidegree was loaded)".to_string(),
        1 => "in 1 band".to_string(),
        n => format!("in {n} bands"),
    };
    format!(
        "memory: peak {:.1} MB of {budget}{over}; {} of {rows} rows spilled to the save \
         directory, {bands}, the rows in memory at most {:.1} MB",
        mb(peak_rss),
        held.spilled_rows,
        mb(held.peak_row_bytes),
    )
}

//! `adams resolve --max-memory GB` for a module's run: the budget shared between the
//! product tables (a quarter at most) and the rows of the resolution kept in memory (a
//! quarter; the Milnor basis, a step's matrices and the rest of the process take the other
//! half), the save directory finished rows are spilled to (`--save-dir`, else a temporary
//! one removed at the end), and the summary line of such a run. The engine's side is
//! `resolution::Hold`.

use resolution::{Hold, HoldReport, ResolutionConfig};

use crate::error::Error;
use crate::plan::{Limits, Plan};

/// What a run within `--max-memory` needs beyond its plan.
pub(crate) struct Spill {
    /// The engine's budget for the rows in memory.
    pub hold: Hold,
    /// `--max-memory`, bytes.
    pub budget: u64,
    /// The temporary save directory when no `--save-dir` was given (removed when dropped).
    pub temp: Option<tempfile::TempDir>,
}

impl Spill {
    /// The spill of `plan` (`None` without `--max-memory`): a temporary directory is made
    /// when the plan has no save directory.
    ///
    /// Errors: [`Error::SpillDir`] when the temporary directory cannot be made.
    pub fn for_plan(plan: &Plan) -> Result<Option<Spill>, Error> {
        let Some(budget) = budget_bytes(&plan.limits) else {
            return Ok(None);
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
        }))
    }
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
        budget_bytes(limits).map(|b| steenrod::table_budget_for(degree, Some(b as usize)))
    })
}

/// The summary line of a run within `--max-memory`: the process's peak against the
/// budget, and where the rows went.
pub(crate) fn summary_line(spill: &Spill, held: &HoldReport, peak_rss: u64, rows: usize) -> String {
    let mb = |b: u64| b as f64 / 1e6;
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
        "memory: peak {:.1} MB of the --max-memory budget {:.1} MB{over}; {} of {rows} rows \
         spilled to the save directory, {bands}, the rows in memory at most {:.1} MB",
        mb(peak_rss),
        mb(spill.budget),
        held.spilled_rows,
        mb(held.peak_row_bytes),
    )
}

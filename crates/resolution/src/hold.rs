//! A run within a memory budget ([`Hold`]): the rows are resolved a band at a time, and
//! each row no later step reads is spilled to the save directory — its generators' counts
//! and degrees stay in memory (the Ext table, the offsets of every later degree), their
//! differentials are read back when something asks for them ([`Resolution::load_row`],
//! [`chart_products_loading`]).
//!
//! Which rows a step reads (`graph.rs`): a Nassau step at `(s, t)` reads `C_s`, `C_{s−1}`
//! and `C_{s−2}` (Nassau, arXiv:1910.04063, §2: the kernel of `d_{s−1}` against the image
//! of `d_s`); a classical one `C_s` and `C_{s−1}`, the kernel of `d_{s−1}` coming from the
//! step below. So once the rows `≤ hi` are complete, the steps of rows `> hi` read only
//! rows `≥ hi − 1`, and the rows `< hi − 1` are spilled. The results are those of a run
//! that keeps every row: a step reads only completed bidegrees, in any order (`scheduler.rs`).
//! Only as many of those rows are spilled, lowest first, as the budget needs: a budget the
//! rows fit writes nothing back.
//!
//! The height of the next band follows the budget: as many rows as the budget left over
//! holds at the size of the largest row just resolved, at most twice the last band, and at
//! least one row more than the run has workers (the first band's height): a band's rows
//! run as a wavefront, one worker per row at most. So a budget below that many rows is
//! exceeded, as is one a row much larger than those before it meets;
//! [`HoldReport::peak_row_bytes`] says by how much.

use fp::Vector;
use steenrod::Algebra;

use crate::bidegree::Bidegree;
use crate::error::ResolutionError;
use crate::free_module::{decode_with_degrees, Differential, Term};
use crate::products::{class_products, ClassProducts, Primitive, ReadOff};
use crate::run::{Pass, Resolvable};
use crate::save::SaveError;
use crate::scheduler::RunStats;
use crate::step_algebra::StepAlgebra;
use crate::tracker::Tracker;
use crate::Resolution;

/// A budget for the differentials a run keeps in memory ([`crate::RunOptions::hold`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Hold {
    /// Bytes the differentials of the rows in memory may take (their dense values and
    /// their terms, [`Resolution::resident_row_bytes`]). The run's other memory — the
    /// product tables, the Milnor basis, one step's matrices — is outside it. The rows one
    /// step reads (three for Nassau's) stay in memory whatever the budget.
    pub row_bytes: u64,
}

/// A run that keeps every row in memory until the process grows past a mark, then goes on
/// within a budget ([`crate::RunOptions::watch`]): a run that fits pays nothing (no bands,
/// no records written), and one that does not is not lost to the machine running out.
///
/// The resident set (`VmRSS`, [`crate::resident_bytes`]) is read on the driving thread
/// after a completed bidegree, at most every [`WATCH_EVERY`]. Past `trip_bytes` the pass
/// stops dispatching (the steps in flight finish), every completed bidegree is written to
/// the attached save directory or, without one, to a temporary one the resolution owns
/// (removed when it is dropped), and the rest of the range is resolved within `hold` as a
/// [`Hold`] run resumed at that point. The results are those of a run without a watch.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Watch {
    /// Resident bytes of the process past which the run goes on within `hold`.
    pub trip_bytes: u64,
    /// The budget after the switch.
    pub hold: Hold,
}

/// How often at most a watched run reads its resident memory.
pub const WATCH_EVERY: std::time::Duration = std::time::Duration::from_millis(50);

/// How a run within a memory budget went.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct HoldReport {
    /// Bands of rows resolved (one pass of the scheduler each).
    pub bands: usize,
    /// Rows spilled to the save directory at the end of the run.
    pub spilled_rows: u32,
    /// The most bytes the rows in memory took, measured at the end of each band (when
    /// they are largest).
    pub peak_row_bytes: u64,
    /// For a watched run ([`Watch`]), the resident bytes when it went on within its
    /// budget; `None` for a run held from the start.
    pub watch_resident: Option<u64>,
}

/// [`Resolution::run`] within `hold`: the active nodes of `pass` a band of rows at a time,
/// spilling the rows no later band reads after each. Errors: those of the run, and
/// [`ResolutionError::HoldWithoutSave`].
pub(crate) fn run_held<M: Resolvable>(
    res: &mut Resolution<M>,
    hold: Hold,
    pass: &mut Pass<'_, M>,
    tracker: &mut Tracker<'_, '_>,
) -> Result<(RunStats, HoldReport), ResolutionError> {
    if res.save.is_none() {
        return Err(ResolutionError::HoldWithoutSave);
    }
    let (plan, active) = (pass.plan, pass.active);
    let row_of: Vec<u32> = active
        .nodes
        .iter()
        .map(|&i| plan.nodes[i].bidegree.s())
        .collect();
    let max_s = res.config.max_s;
    let mut lo = row_of.iter().copied().min().unwrap_or(max_s + 1);
    // A resumed run: the rows below what its first band reads are complete.
    res.spill_rows_below(lo.saturating_sub(2), hold.row_bytes);
    let (mut stats, mut report) = (RunStats::default(), HoldReport::default());
    report.peak_row_bytes = res.resident_row_bytes();
    // A band's rows run as a wavefront (a bidegree waits for the one below it and the one
    // before it in its row), so a band shorter than the workers leaves some idle.
    let least = (pass.threads as u32 + 1).max(2);
    let mut height = least;
    while lo <= max_s {
        let hi = (lo + height - 1).min(max_s);
        let band: Vec<usize> = (0..row_of.len())
            .filter(|&j| (lo..=hi).contains(&row_of[j]))
            .collect();
        stats = merged(stats, pass.run(res, &band, tracker)?);
        report.bands += 1;
        let peak = res.resident_row_bytes();
        report.peak_row_bytes = report.peak_row_bytes.max(peak);
        let per_row = (lo..=hi)
            .map(|s| res.row_bytes(s))
            .max()
            .unwrap_or(0)
            .max(1);
        // Room for the next band's least height at the size of the largest row just made.
        let room = hold.row_bytes.saturating_sub(u64::from(least) * per_row);
        res.spill_rows_below(hi.saturating_sub(1), room);
        let left = hold.row_bytes.saturating_sub(res.resident_row_bytes());
        height = ((left / per_row) as u32).clamp(least, 2 * height);
        lo = hi + 1;
    }
    report.spilled_rows = res.rows.iter().filter(|r| r.is_spilled()).count() as u32;
    Ok((stats, report))
}

/// The statistics of two passes as one run's.
fn merged(a: RunStats, b: RunStats) -> RunStats {
    let completed = a.completed + b.completed;
    let weighted = a.mean_in_flight * a.completed as f64 + b.mean_in_flight * b.completed as f64;
    RunStats {
        completed,
        parked: a.parked + b.parked,
        mean_in_flight: if completed > 0 {
            weighted / completed as f64
        } else {
            0.0
        },
    }
}

impl<M: Resolvable> Resolution<M> {
    /// Bytes the differentials of the rows in memory take: their dense values and their
    /// terms (spilled rows take none).
    pub fn resident_row_bytes(&self) -> u64 {
        (0..self.rows.len() as u32).map(|s| self.row_bytes(s)).sum()
    }

    /// Bytes the differentials of row `s` take in memory (0 when spilled or outside the
    /// range).
    fn row_bytes(&self, s: u32) -> u64 {
        let term = std::mem::size_of::<Term<M::Algebra>>();
        let Some(row) = self.rows.get(s as usize).filter(|r| !r.is_spilled()) else {
            return 0;
        };
        let bytes: usize = (row.min_degree()..=row.max_degree())
            .flat_map(|t| row.gens(t))
            .map(|d| d.value.limbs().len() * 8 + d.terms.capacity() * term)
            .sum();
        bytes as u64
    }

    /// The rows whose differentials are in the save directory only.
    pub fn spilled_rows(&self) -> Vec<u32> {
        (0u32..)
            .zip(&self.rows)
            .filter(|(_, r)| r.is_spilled())
            .map(|(s, _)| s)
            .collect()
    }

    /// Spills rows `s < below`, lowest first, until the rows in memory take at most
    /// `budget` bytes (their records are in the save directory: a band's writers have
    /// finished before this is called). A budget the rows fit spills nothing.
    fn spill_rows_below(&mut self, below: u32, budget: u64) {
        let mut resident = self.resident_row_bytes();
        for s in 0..below.min(self.rows.len() as u32) {
            if resident <= budget {
                return;
            }
            let bytes = self.row_bytes(s);
            if bytes > 0 {
                self.rows[s as usize].spill();
                resident -= bytes;
            }
        }
    }

    /// Reads row `s`'s differentials back from the save directory if it was spilled
    /// (values and terms, as a run left them); a row in memory is left as it is.
    ///
    /// Errors: [`SaveError::Unreadable`] for a record that is missing or cannot be read,
    /// [`SaveError::Corrupt`] for one that does not parse or whose generators differ from
    /// the row's (the field at fault and why).
    pub fn load_row(&mut self, s: u32) -> Result<(), SaveError> {
        let Some(row) = self.rows.get(s as usize).filter(|r| r.is_spilled()) else {
            return Ok(());
        };
        let save = self
            .save
            .as_ref()
            .expect("a spilled row has a save directory");
        let (m, alg) = (&self.module, &self.algebra);
        let ts: Vec<i32> = (row.min_degree()..=row.max_degree())
            .filter(|&t| row.gens_in_degree(t) > 0)
            .collect();
        let below: Vec<i32> = match s {
            0 => Vec::new(),
            _ => {
                let lower = &self.rows[s as usize - 1];
                lower.gen_degrees(lower.gens_below(lower.max_degree() + 1))
            }
        };
        let expected = |t: i32| match s {
            0 => m.dim(t),
            _ => below
                .iter()
                .filter(|&&d| d < t)
                .map(|&d| alg.dim((t - d) as u32))
                .sum(),
        };
        let values = save.read_row(&alg.save_codec(), s, &ts, expected)?;
        let mut read: Vec<(i32, Vec<Differential<M::Algebra>>)> = ts
            .iter()
            .zip(values)
            .map(|(&t, vs)| {
                let gens = vs.into_iter().map(|value| Differential {
                    terms: match s {
                        0 => Vec::new(),
                        _ => decode_with_degrees(alg, t, &below, &value),
                    },
                    value,
                });
                (t, gens.collect())
            })
            .collect();
        read.reverse();
        let restored = self.rows[s as usize].restore(|t| match read.last() {
            Some((at, _)) if *at == t => read.pop().map(|(_, g)| g).unwrap_or_default(),
            _ => Vec::new(),
        });
        restored
            .map_err(|(t, kept, found)| save.generators_differ(Bidegree::s_t(s, t), kept, found))
    }
}

/// [`crate::products::chart_products`] of a resolution whose rows may be spilled: the
/// classes of each row `s` with their products by `xs`, read off the differentials of row
/// `s + 1`, which is read back from the save directory for the purpose and spilled again
/// after (one row in memory at a time beyond those a run left). Ordered as
/// `chart_products`: by stem, then `s`, then index.
///
/// Errors: those of [`Resolution::load_row`].
pub fn chart_products_loading<M: Resolvable>(
    res: &mut Resolution<M>,
    xs: &[Primitive],
) -> Result<Vec<ClassProducts>, SaveError>
where
    M::Algebra: ReadOff,
{
    let entries = res.ext();
    let mut out = Vec::new();
    for s in 0..=res.config.max_s {
        let target = s + 1;
        let spilled = res
            .rows
            .get(target as usize)
            .is_some_and(|r| r.is_spilled());
        if spilled {
            res.load_row(target)?;
        }
        for e in entries.iter().filter(|e| e.s() == s) {
            class_products(res, *e, xs, &mut out);
        }
        if spilled {
            res.rows[target as usize].spill();
        }
    }
    out.sort_by_key(|c| (c.class.stem, c.class.s, c.class.index));
    Ok(out)
}

//! The checks both readers (p = 2: `build.rs`, odd p: `odd/`) make before any
//! algebra: every action's names, degrees and repetition against the whole file,
//! the shift, the cells kept below a top degree, the span limit and the size of
//! the action tables.

use std::collections::HashMap;
use std::hash::Hash;

use super::{LoadOptions, ModuleError, MAX_ABS_DEGREE, MAX_SPAN};

/// One syntax-checked entry of `actions`, as the whole-file checks see it.
pub(super) trait ListedAction {
    /// The operation in a normal form: two entries with equal keys on one
    /// generator are a repeated action (`Sq2` and `Sq(2)`, `P1` and `P^1`).
    type Key: Hash + Eq;
    /// How errors name it: `actions[3] "Sq2 Sq1 x0 = x3 + x4"`.
    fn field(&self) -> &str;
    /// The left side as written, trimmed: `Sq2 Sq1 x0`.
    fn lhs(&self) -> &str;
    /// The operation as written, trimmed: `Sq2 Sq1`.
    fn op_text(&self) -> &str;
    fn op_key(&self) -> &Self::Key;
    /// The operation's degree (saturating at `u64::MAX`).
    fn op_degree(&self) -> u64;
    /// The generator acted on.
    fn source(&self) -> &str;
    /// The generators named on the right side.
    fn target_names(&self) -> Vec<&str>;
}

/// The generators kept after the shift and the top degree, and their degrees.
pub(super) struct Kept {
    /// `(name, shifted degree)` in the file's order.
    pub gens: Vec<(String, i32)>,
    /// How many generators lie above the top degree.
    pub dropped: usize,
    pub min: i64,
    pub span: usize,
}

/// The checks of every reader, in order: [`check_actions`] on the whole file,
/// then [`kept_gens`], then the span limit ([`MAX_SPAN`], on the cells kept).
pub(super) fn kept_module<A: ListedAction>(
    file: &str,
    gens: &[(String, i32)],
    actions: &[A],
    file_shift: i32,
    options: &LoadOptions,
) -> Result<Kept, ModuleError> {
    let file_degrees: HashMap<&str, i64> = gens
        .iter()
        .map(|(g, d)| (g.as_str(), i64::from(*d)))
        .collect();
    check_actions(file, &file_degrees, actions)?;
    let shift = i64::from(file_shift) + i64::from(options.shift);
    let kept = kept_gens(file, gens, shift, options.top_degree)?;
    let dropped = gens.len() - kept.len();

    let (min, max) = kept.iter().fold((i64::MAX, i64::MIN), |(lo, hi), g| {
        (lo.min(i64::from(g.1)), hi.max(i64::from(g.1)))
    });
    let span = max - min;
    if span > i64::from(MAX_SPAN) {
        let after = match options.top_degree {
            Some(top) if dropped > 0 => {
                format!(" (after dropping the {dropped} generators above degree {top})")
            }
            _ => String::new(),
        };
        return Err(ModuleError::field(
            file,
            "gens",
            format!(
                "the degrees run from {min} to {max}{after}, a span of {span}; at most {MAX_SPAN} is supported"
            ),
        ));
    }
    Ok(Kept {
        gens: kept,
        dropped,
        min,
        span: span as usize,
    })
}

/// The largest action tables a module may need, in bytes ([`MAX_TABLE_BYTES`]).
///
/// The tables hold `a·x` for every Milnor basis element `a` of degree `d ≤ span`
/// (`ops(d)` of them) and basis element `x`: `Σ_{d,t} dim A_d · dim M_t · dim M_{t+d}`
/// entries, packed `per_limb` to a u64, which grows with the square of the dimension
/// (a file of 100 000 cells in one degree would need 1.25 GB at p = 2 for `Sq(0)`
/// alone). Errors: over the limit, naming `gens`.
pub(super) fn check_table_size(
    file: &str,
    kept: &Kept,
    ops: impl Fn(u32) -> usize,
    per_limb: u64,
) -> Result<(), ModuleError> {
    let mut dims = vec![0u64; kept.span + 1];
    for (_, d) in &kept.gens {
        dims[(i64::from(*d) - kept.min) as usize] += 1;
    }
    check_table_dims(file, &dims, ops, per_limb, "")
}

/// [`check_table_size`] of a module with `dims[i]` cells in its `i`-th degree from the
/// bottom (known before it is built: a smash product's from its factors'); `note` follows
/// the figures in the message.
pub(super) fn check_table_dims(
    file: &str,
    dims: &[u64],
    ops: impl Fn(u32) -> usize,
    per_limb: u64,
    note: &str,
) -> Result<(), ModuleError> {
    let span = dims.len().saturating_sub(1);
    let mut bytes: u64 = 0;
    for d in 0..=span {
        let ops = ops(d as u32) as u64;
        for t in 0..=span - d {
            // One vector per (operation, source element): its limbs and its header.
            let vectors = ops.saturating_mul(dims[t]);
            let per_vector = dims[t + d].div_ceil(per_limb) * 8 + 32;
            bytes = bytes.saturating_add(vectors.saturating_mul(per_vector));
        }
    }
    if bytes > MAX_TABLE_BYTES {
        return Err(ModuleError::field(
            file,
            "gens",
            format!(
                "{} cells whose action tables would take {} MB{note}; at most {} MB are supported (the tables grow with the square of the number of cells in nearby degrees)",
                dims.iter().sum::<u64>(),
                bytes / 1_000_000,
                MAX_TABLE_BYTES / 1_000_000
            ),
        ));
    }
    Ok(())
}

/// Largest action tables of a module ([`check_table_size`]): far above the field's modules
/// (a few hundred cells, a few MB).
pub(super) const MAX_TABLE_BYTES: u64 = 1 << 30;

/// The generators of degree (after `shift`) at most `top`, shifted. Errors: a
/// shifted degree beyond [`MAX_ABS_DEGREE`], or no generator left.
fn kept_gens(
    file: &str,
    gens: &[(String, i32)],
    shift: i64,
    top: Option<i32>,
) -> Result<Vec<(String, i32)>, ModuleError> {
    let mut kept = Vec::with_capacity(gens.len());
    for (g, d) in gens {
        let deg = i64::from(*d) + shift;
        if deg.unsigned_abs() > u64::from(MAX_ABS_DEGREE) {
            return Err(ModuleError::field(
                file,
                format!("gens {g:?}"),
                format!(
                    "degree {d} shifted by {shift} is {deg}; degrees may be at most {MAX_ABS_DEGREE} in absolute value"
                ),
            ));
        }
        if top.is_none_or(|top| deg <= i64::from(top)) {
            kept.push((g.clone(), deg as i32));
        }
    }
    if kept.is_empty() {
        // `gens` is never empty (json::parse_gens), so a top was given.
        let lowest = gens.iter().map(|g| i64::from(g.1) + shift).min();
        return Err(ModuleError::AboveRange {
            file: file.to_string(),
            top: top.unwrap_or(i32::MAX),
            lowest: lowest.unwrap_or(0),
        });
    }
    Ok(kept)
}

/// Every action against the whole file: its generators exist, the right side
/// lies in the degree of the left side, and no operation is given twice on one
/// generator. `degrees` holds the file's degrees (unshifted: the checks do not
/// depend on a shift).
fn check_actions<A: ListedAction>(
    file: &str,
    degrees: &HashMap<&str, i64>,
    actions: &[A],
) -> Result<(), ModuleError> {
    let mut seen: HashMap<(&A::Key, &str), usize> = HashMap::new();
    for (k, a) in actions.iter().enumerate() {
        let find = |name: &str| {
            degrees.get(name).copied().ok_or_else(|| {
                ModuleError::field(file, a.field(), format!("unknown generator \"{name}\""))
            })
        };
        let t = find(a.source())?;
        let target = i128::from(t) + i128::from(a.op_degree());
        for name in a.target_names() {
            let tt = find(name)?;
            if i128::from(tt) != target {
                return Err(ModuleError::field(
                    file,
                    a.field(),
                    format!(
                        "{name} has degree {tt} but {} lies in degree {target}",
                        a.lhs()
                    ),
                ));
            }
        }
        if let Some(first) = seen.insert((a.op_key(), a.source()), k) {
            return Err(ModuleError::field(
                file,
                a.field(),
                format!(
                    "a second action of {} on {} (the first is actions[{first}])",
                    a.op_text(),
                    a.source()
                ),
            ));
        }
    }
    Ok(())
}

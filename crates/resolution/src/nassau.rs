//! Nassau's algorithm for one bidegree `(s, t)`, `s ≥ 2` (C. Nassau, "Computing a minimal
//! resolution over the Steenrod algebra", arXiv:1910.04063, §2–3).
//!
//! Let `B` be the sub-Hopf algebra chosen for `(s, t)` ([`MilnorSubalgebra::optimal_for`]).
//! Split the Milnor bases of `C_s`, `C_{s−1}`, `C_{s−2}` in degree `t` by signature.
//! 1. **Zero signature.** Row reduce `d_{s−1}` restricted to zero-signature rows and
//!    columns: its kernel `K_0`. Row reduce `d_s` restricted to zero-signature rows and
//!    columns: its image `B_0`. The new generators are a basis of `K_0` modulo `B_0`
//!    (the rows of `K_0` whose pivot is not a pivot of `B_0`).
//! 2. **Lift.** Each new generator `x` (zero-signature coordinates) is corrected, one
//!    nonzero signature `σ` at a time in the order of Lemma 2.4, by a preimage of the
//!    `σ`-part of `d(x)` under `d_{s−1}` restricted to signature `σ` (a per-signature
//!    quasi-inverse). Afterwards `d(x) = 0` is checked: a violation aborts the run with
//!    the bidegree named. That check is necessary, not sufficient: a wrong product or
//!    row reduction can leave `d∘d = 0` and a complex that is not exact, hence a wrong
//!    Ext table (6 of 127 seeded single-bit faults did; `tests/fault_injection.rs`).
//!    Exactness and minimality are what [`crate::certify`] checks, independently of this
//!    step.
//!
//! Restriction (what makes bidegrees independent): `C_{s−1}` is treated as having no
//! generators in degree `≥ t` and `C_{s−2}` none in degree `≥ t − 1`; by minimality the
//! differentials of the remaining generators never reach them.

use std::collections::HashMap;

use fp::{FpVector, QuasiInverse};
use steenrod::{MilnorAlgebra, TermFilter};

use crate::backend::{BlockColumns, ProductBatch, WholeRows};
use crate::bidegree::Bidegree;
use crate::free_module::{Differential, FreeModule};
use crate::signature_basis::{
    batch_rows, positions, restrict, split_by_signature, zero_signature_basis, BasisElement, Walked,
};
use crate::step::{QuasiInverseKind, StepQuasiInverse};
use crate::step_context::{StepContext, StepEnv};
use crate::step_errors::{Inconsistency, MatrixName};
use crate::subalgebra::{MilnorSubalgebra, Signature};
use crate::{Resolution, ResolutionError, StepOutput};

/// The spaces of a step at `(s, t)`: `C_{s−1}` (target of `d_s`) and `C_{s−2}` in degree
/// `t`, restricted as the module documentation says, split by signature.
struct Spaces<'a> {
    alg: &'a MilnorAlgebra,
    sub: &'a MilnorSubalgebra,
    t: i32,
    /// Generator offsets of `C_{s−1}` in degree `t` (last entry: its dimension).
    tgt_off: Vec<usize>,
    /// Generator offsets of `C_{s−2}` in degree `t`.
    next_off: Vec<usize>,
    /// The basis of `C_{s−1}` by signature (signatures are removed as they are used).
    tgt: Walked<'a, HashMap<Signature, Vec<BasisElement>>>,
    /// The basis of `C_{s−2}` by signature.
    next: HashMap<Signature, Vec<BasisElement>>,
}

impl<'a> Spaces<'a> {
    fn new(res: &'a Resolution, at: Bidegree, sub: &'a MilnorSubalgebra) -> Self {
        let (s, t) = (at.s(), at.t());
        let alg = &res.algebra;
        let (source, target) = (&res.rows[s as usize], &res.rows[s as usize - 1]);
        let next = &res.rows[s as usize - 2];
        // Checks that C_s is resolved below t (panics on a scheduler bug).
        source.gens_below(t);
        let n_tgt = target.gens_below(t);
        let n_next = next.gens_below(t - 1);
        Spaces {
            alg,
            sub,
            t,
            tgt_off: target.offsets(alg, t, n_tgt),
            next_off: next.offsets(alg, t, n_next),
            tgt: split_by_signature(alg, target, t, t, sub),
            next: split_by_signature(alg, next, t, t - 1, sub).elements,
        }
    }

    fn tgt_dim(&self) -> usize {
        *self.tgt_off.last().expect("offsets end with the dimension")
    }

    fn next_dim(&self) -> usize {
        *self
            .next_off
            .last()
            .expect("offsets end with the dimension")
    }

    /// Keeps the terms of signature `sig`.
    fn filter(&self, sig: Signature) -> TermFilter {
        let entries: Vec<u32> = signature_entries(self.sub, sig)
            .into_iter()
            .map(u32::from)
            .collect();
        TermFilter::signature(self.sub.profile(), &entries)
    }

    /// The rows `Sq(R)·d(g)` of `elements` of `C_{s−1}`, in `C_{s−2}`.
    fn target_batch(&self, elements: &[BasisElement]) -> ProductBatch<'_> {
        ProductBatch::new(
            self.alg,
            &self.tgt.gens,
            batch_rows(elements),
            &self.next_off,
        )
    }
}

/// New generators being lifted: `x` (coordinates in `C_{s−1}`) and `d(x)` (in `C_{s−2}`).
struct Lifts {
    xs: Vec<FpVector>,
    dxs: Vec<FpVector>,
}

/// One Nassau step at `at = (s, t)`, `s ≥ 2`: the new generators of `C_s` in degree `t`.
/// With `want_qi`, also the quasi-inverses of `d_{s−1}` it reduced, one per signature
/// ([`StepQuasiInverse`], kept by a save directory). Its builds and reductions go through
/// the backend of `env` ([`StepContext`]).
pub(crate) fn step(
    res: &Resolution,
    at: Bidegree,
    want_qi: bool,
    env: &StepEnv<'_>,
) -> Result<StepOutput, ResolutionError> {
    let (s, t) = (at.s(), at.t());
    debug_assert!(s >= 2);
    let sub = MilnorSubalgebra::optimal_for(at, res.module.max_degree());
    let ctx = StepContext::new(env, at, Some(sub.name()));
    let mut spaces = Spaces::new(res, at, &sub);
    let source = &res.rows[s as usize];
    let target = &res.rows[s as usize - 1];

    let (mut lifts, qi0) = zero_signature(&ctx, &mut spaces, source)?;
    // With `want_qi`, the quasi-inverses of d_{s−1} this step reduces, signature by signature.
    let mut qis = want_qi.then(|| vec![(0, qi0)]);
    if !lifts.xs.is_empty() || want_qi {
        lift(&ctx, &mut spaces, target.min_degree(), &mut lifts, &mut qis)?;
    }
    if lifts.dxs.iter().any(|dx| !dx.is_zero()) {
        return Err(ctx.inconsistent(Inconsistency::NonzeroAfterLift {
            subalgebra: sub.name(),
        }));
    }

    let quasi_inverse = qis.map(|parts| StepQuasiInverse {
        kind: QuasiInverseKind::Nassau,
        profile: sub.profile().to_vec(),
        parts,
    });
    let gens = lifts
        .xs
        .into_iter()
        .map(|x| {
            let terms = target.decode(&res.algebra, t, &x);
            Differential { value: x, terms }
        })
        .collect();
    Ok(StepOutput {
        gens,
        quasi_inverse,
        checks: ctx.into_checks(),
        ..StepOutput::default()
    })
}

/// Step 1, zero signature: the kernel `K_0` of `d_{s−1}` and the image `B_0` of `d_s`; the
/// new generators are the rows of `K_0` whose pivot is not a pivot of `B_0`. Returns
/// them with their differentials, and the quasi-inverse of `d_{s−1}` at signature zero.
/// Both matrices are built as blocks (only their zero-signature terms); the whole rows
/// of `d_{s−1}` are built only for the basis elements the new generators use.
fn zero_signature(
    ctx: &StepContext<'_>,
    sp: &mut Spaces<'_>,
    source: &FreeModule,
) -> Result<(Lifts, QuasiInverse), ResolutionError> {
    let (alg, t) = (sp.alg, sp.t);
    let tgt0 = sp.tgt.elements.remove(&0).unwrap_or_default();
    let next0 = sp.next.remove(&0).unwrap_or_default();
    let tgt0_pos = positions(&tgt0, sp.tgt_dim());
    let next0_pos = positions(&next0, sp.next_dim());
    let filter = sp.filter(0);

    let what = MatrixName::ZeroSignatureTarget;
    let block = BlockColumns {
        pos: &next0_pos,
        len: next0.len(),
        filter,
    };
    let ki0 = ctx.kernel_image(
        &ctx.build_block(&sp.target_batch(&tgt0), &block, false, &what)?
            .block,
        &what,
    )?;

    let what = MatrixName::ZeroSignatureImage;
    let src0 = zero_signature_basis(alg, source, t, t, sp.sub);
    let batch = ProductBatch::new(alg, &src0.gens, batch_rows(&src0.elements), &sp.tgt_off);
    let block = BlockColumns {
        pos: &tgt0_pos,
        len: tgt0.len(),
        filter,
    };
    let mut image = ctx.build_block(&batch, &block, false, &what)?.block;
    let image_pivots = ctx.row_reduce(&mut image, &what)?;

    let kernel = ki0.kernel;
    let new_rows = ctx.complement_rows(kernel.pivots(), &image_pivots, tgt0.len())?;
    let ys: Vec<FpVector> = new_rows
        .iter()
        .map(|&k| FpVector::from_limbs(tgt0.len(), kernel.row(k).to_vec()))
        .collect();
    let mut lifts = Lifts {
        xs: vec![FpVector::new(sp.tgt_dim()); ys.len()],
        dxs: vec![FpVector::new(sp.next_dim()); ys.len()],
    };
    let what = MatrixName::ZeroSignatureRows;
    let ys = ys.into_iter().map(Some).collect();
    apply_lifts(ctx, sp, &tgt0, ys, &mut lifts, None, &what)?;
    Ok((lifts, ki0.quasi_inverse))
}

/// Adds `Σ_j y_j e_j` to each lift's `x` and its differential to `dx`, `e_j` the basis
/// elements `elements` of `C_{s−1}` (`None`: nothing to add). The differentials are the
/// rows of `whole`, or, without it, whole rows of `d_{s−1}` built now for the `e_j` some
/// `y` uses.
fn apply_lifts(
    ctx: &StepContext<'_>,
    sp: &Spaces<'_>,
    elements: &[BasisElement],
    ys: Vec<Option<FpVector>>,
    lifts: &mut Lifts,
    whole: Option<&WholeRows>,
    what: &MatrixName,
) -> Result<(), ResolutionError> {
    let built;
    let (whole, row_of) = match whole {
        Some(whole) => (whole, None),
        None => {
            let mut row_of = vec![u32::MAX; elements.len()];
            let mut used = Vec::new();
            for j in ys.iter().flatten().flat_map(FpVector::iter_ones) {
                if row_of[j] == u32::MAX {
                    row_of[j] = 0;
                    used.push(j);
                }
            }
            if used.is_empty() {
                return Ok(());
            }
            used.sort_unstable();
            for (k, &j) in used.iter().enumerate() {
                row_of[j] = k as u32;
            }
            let rows: Vec<BasisElement> = used.iter().map(|&j| elements[j]).collect();
            built = WholeRows::Dense(ctx.build(&sp.target_batch(&rows), what)?);
            (&built, Some(row_of))
        }
    };
    for ((x, dx), y) in lifts.xs.iter_mut().zip(lifts.dxs.iter_mut()).zip(ys) {
        for j in y.iter().flat_map(FpVector::iter_ones) {
            x.flip(elements[j].index);
            let row = row_of.as_ref().map_or(j, |r| r[j] as usize);
            whole.add_row(row, dx.limbs_mut());
        }
    }
    Ok(())
}

/// Step 2: corrects each new generator through every nonzero signature in the order of
/// Lemma 2.4 by a preimage under `d_{s−1}` at that signature (with `qis`, reducing each
/// signature even when there is nothing to lift, and keeping its quasi-inverse). With
/// generators to lift, each signature's block is built with the column of every term of
/// its rows kept (`WholeRows`), for the rows a preimage uses; without, from the block's
/// own terms only.
fn lift(
    ctx: &StepContext<'_>,
    sp: &mut Spaces<'_>,
    target_min_degree: i32,
    lifts: &mut Lifts,
    qis: &mut Option<Vec<(Signature, QuasiInverse)>>,
) -> Result<(), ResolutionError> {
    for sig in sp.sub.nonzero_signatures(sp.t - target_min_degree) {
        let Some(tgt_sig) = sp.tgt.elements.remove(&sig) else {
            continue;
        };
        if tgt_sig.is_empty() {
            continue;
        }
        let next_sig = sp.next.remove(&sig).unwrap_or_default();
        let next_pos = positions(&next_sig, sp.next_dim());
        let entries = signature_entries(sp.sub, sig);
        let what = MatrixName::AtSignature(entries.clone());
        let block = BlockColumns {
            pos: &next_pos,
            len: next_sig.len(),
            filter: sp.filter(sig),
        };
        let built = ctx.build_block(
            &sp.target_batch(&tgt_sig),
            &block,
            !lifts.xs.is_empty(),
            &what,
        )?;
        let qi = ctx.kernel_image(&built.block, &what)?.quasi_inverse;
        let mut ys = Vec::with_capacity(lifts.dxs.len());
        for dx in &lifts.dxs {
            let part = restrict(dx.limbs(), &next_pos, next_sig.len());
            if part.is_zero() {
                ys.push(None);
                continue;
            }
            let y = qi.apply(&part).ok_or_else(|| {
                ctx.inconsistent(Inconsistency::LiftFails {
                    signature: entries.clone(),
                    subalgebra: ctx.subalgebra().to_string(),
                })
            })?;
            ys.push(Some(y));
        }
        let whole = built.whole.as_ref();
        apply_lifts(ctx, sp, &tgt_sig, ys, lifts, whole, &what)?;
        if let Some(qis) = qis.as_mut() {
            qis.push((sig, qi));
        }
    }
    Ok(())
}

/// The entries of a packed signature, one per entry of the profile of `sub`.
fn signature_entries(sub: &MilnorSubalgebra, sig: Signature) -> Vec<u8> {
    (0..sub.profile().len())
        .map(|i| ((sig >> (8 * i)) & 0xff) as u8)
        .collect()
}

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
//!    Ext table (issue 12: 6 of 127 single-bit faults did). Exactness and minimality
//!    are what [`crate::certify`] checks, independently of this step.
//!
//! Restriction (what makes bidegrees independent): `C_{s−1}` is treated as having no
//! generators in degree `≥ t` and `C_{s−2}` none in degree `≥ t − 1`; by minimality the
//! differentials of the remaining generators never reach them.

use std::cell::RefCell;
use std::collections::HashMap;
use std::time::{Duration, Instant};

use fp::{FpVector, Matrix};
use steenrod::PPart;

use crate::backend::{first_difference, Offload};
use crate::classical::fill_rows;
use crate::free_module::{Differential, FreeModule};
use crate::sample::{CallKind, CheckedCall, Checks};
use crate::step::{QuasiInverseKind, StepQuasiInverse};
use crate::subalgebra::{MilnorSubalgebra, Signature};
use crate::{Resolution, ResolutionError, StepOutput};

/// A basis element `Sq(R)·g` of a free module in degree `t`: (index in the degree-`t`
/// basis, `d(g)`, `R`).
type BasisElement<'a> = (usize, &'a Differential, PPart);

/// The basis elements of a free module in degree `t` (generators of degree `< bound`),
/// split by the signature of `R`: one pass over the basis, each list in basis order.
fn split_by_signature<'a>(
    res: &Resolution,
    module: &'a FreeModule,
    t: i32,
    bound: i32,
    sub: &MilnorSubalgebra,
) -> HashMap<Signature, Vec<BasisElement<'a>>> {
    let mask = sub.signature_mask();
    let mut out: HashMap<Signature, Vec<BasisElement<'a>>> = HashMap::new();
    let mut offset = 0;
    for g_deg in module.min_degree()..bound.min(t + 1) {
        let basis = res.algebra.basis((t - g_deg) as u32);
        for dg in module.gens(g_deg) {
            for (i, r) in basis.iter().enumerate() {
                let sig = MilnorSubalgebra::packed_residue(r) & mask;
                out.entry(sig).or_default().push((offset + i, dg, *r));
            }
            offset += basis.len();
        }
    }
    out
}

/// The basis elements of signature zero only (for the source `C_s`, where no other
/// signature is needed).
fn zero_signature_basis<'a>(
    res: &Resolution,
    module: &'a FreeModule,
    t: i32,
    bound: i32,
    sub: &MilnorSubalgebra,
) -> Vec<BasisElement<'a>> {
    let mask = sub.signature_mask();
    let mut out = Vec::new();
    let mut offset = 0;
    for g_deg in module.min_degree()..bound.min(t + 1) {
        let basis = res.algebra.basis((t - g_deg) as u32);
        for dg in module.gens(g_deg) {
            for (i, r) in basis.iter().enumerate() {
                if MilnorSubalgebra::packed_residue(r) & mask == 0 {
                    out.push((offset + i, dg, *r));
                }
            }
            offset += basis.len();
        }
    }
    out
}

/// One Nassau step's context: where its matrices are built and reduced.
struct StepContext<'a> {
    res: &'a Resolution,
    s: u32,
    t: i32,
    sub: &'a MilnorSubalgebra,
    offload: Option<Offload<'a>>,
    /// The offloaded calls this step redid on the CPU, and the time that took.
    checks: RefCell<Checks>,
}

impl StepContext<'_> {
    fn error(&self, reason: String) -> ResolutionError {
        ResolutionError::Offload {
            s: self.s,
            t: self.t,
            stem: self.t - self.s as i32,
            reason,
        }
    }

    /// Whether the offloaded call `(kind, what)` of this step is redone on the CPU.
    fn is_checked(&self, off: &Offload<'_>, kind: CallKind, what: &str) -> bool {
        off.samples(self.s, self.t, kind, what)
    }

    /// Records a check of `(kind, what)` that took `time` on the CPU.
    fn checked(&self, kind: CallKind, what: &str, time: Duration) {
        self.checks.borrow_mut().push(
            CheckedCall {
                s: self.s,
                t: self.t,
                kind,
                what: what.to_string(),
            },
            time,
        );
    }

    /// Rows `Sq(R)·d(g)` for each listed basis element, in the target's degree-`t` basis
    /// given by `target_offsets` (generator offsets, last entry the dimension). `what`
    /// names the build in messages. On the backend when it takes the build (and, when
    /// [`Offload::check`] samples it, compared with the CPU's rows).
    fn differential_rows(
        &self,
        elements: &[BasisElement<'_>],
        target_offsets: &[usize],
        what: &str,
    ) -> Result<Matrix, ResolutionError> {
        let dim = *target_offsets
            .last()
            .expect("offsets end with the dimension");
        let mut m = Matrix::new(elements.len(), dim);
        let specs: Vec<(&Differential, PPart)> =
            elements.iter().map(|(_, dg, r)| (*dg, *r)).collect();
        if let Some(off) = self.offload {
            let terms: usize = specs.iter().map(|(dg, _)| dg.terms.len()).sum();
            if off.backend.takes_rows(specs.len(), terms) {
                off.backend
                    .fill_rows(&self.res.algebra, &specs, target_offsets, &mut m)
                    .map_err(|e| {
                        self.error(format!(
                            "{} failed building {what}: {e}",
                            off.backend.name()
                        ))
                    })?;
                if self.is_checked(&off, CallKind::Build, what) {
                    let started = Instant::now();
                    let mut cpu = Matrix::new(elements.len(), dim);
                    fill_rows(self.res, &mut cpu, &specs, target_offsets);
                    let difference = first_difference(&m, &cpu);
                    self.checked(CallKind::Build, what, started.elapsed());
                    if let Some(row) = difference {
                        return Err(self.error(format!(
                            "verify: {} differs from the CPU building {what} (subalgebra {}), row {row} of {}",
                            off.backend.name(),
                            self.sub.name(),
                            m.rows()
                        )));
                    }
                }
                return Ok(m);
            }
        }
        fill_rows(self.res, &mut m, &specs, target_offsets);
        Ok(m)
    }

    /// `m` row reduced in place (RREF), its pivots returned; on the backend when it
    /// takes the matrix (when [`Offload::check`] samples it, compared with the CPU's
    /// reduction).
    fn row_reduce(&self, m: &mut Matrix, what: &str) -> Result<Vec<usize>, ResolutionError> {
        match self.offload {
            Some(off) if off.backend.takes_row_reduce(m.rows(), m.cols()) => {
                let copied = Instant::now();
                let cpu = self
                    .is_checked(&off, CallKind::Reduction, what)
                    .then(|| m.clone());
                let copy_time = copied.elapsed();
                let pivots = off.backend.row_reduce(m).map_err(|e| {
                    self.error(format!(
                        "{} failed row reducing {what}: {e}",
                        off.backend.name()
                    ))
                })?;
                check_pivots(&pivots, m.rows(), m.cols()).map_err(|e| {
                    self.error(format!("{}: row reducing {what}: {e}", off.backend.name()))
                })?;
                if let Some(mut cpu) = cpu {
                    let started = Instant::now();
                    let cpu_pivots = cpu.row_reduce();
                    let difference = first_difference(m, &cpu);
                    self.checked(CallKind::Reduction, what, copy_time + started.elapsed());
                    if cpu_pivots != pivots {
                        return Err(self.error(format!(
                            "verify: {} found pivots differing from the CPU's row reducing {what}",
                            off.backend.name()
                        )));
                    }
                    if let Some(row) = difference {
                        return Err(self.error(format!(
                            "verify: {} differs from the CPU row reducing {what}, row {row} of {}",
                            off.backend.name(),
                            m.rows()
                        )));
                    }
                }
                Ok(pivots)
            }
            _ => Ok(m.row_reduce()),
        }
    }

    /// Kernel, image and quasi-inverse of `m` ([`fp::kernel_image`]), the reduction of
    /// `[m | I]` on the backend when it takes it.
    fn kernel_image(&self, m: &Matrix, what: &str) -> Result<fp::KernelImage, ResolutionError> {
        match self.offload {
            Some(off) if off.backend.takes_row_reduce(m.rows(), m.cols() + m.rows()) => {
                fp::kernel_image_with(m, |aug| self.row_reduce(aug, what))
            }
            _ => Ok(fp::kernel_image(m)),
        }
    }
}

/// A backend's pivots must be `≤ rows` strictly increasing columns below `cols`.
fn check_pivots(pivots: &[usize], rows: usize, cols: usize) -> Result<(), String> {
    if pivots.len() > rows
        || pivots.windows(2).any(|w| w[0] >= w[1])
        || pivots.last().is_some_and(|&p| p >= cols)
    {
        return Err(format!(
            "invalid pivot list of length {} for a {rows} × {cols} matrix",
            pivots.len()
        ));
    }
    Ok(())
}

/// Position of each basis index in a signature's list (`u32::MAX` when absent).
fn positions(elements: &[BasisElement<'_>], dim: usize) -> Vec<u32> {
    let mut pos = vec![u32::MAX; dim];
    for (k, (i, _, _)) in elements.iter().enumerate() {
        pos[*i] = k as u32;
    }
    pos
}

/// The coordinates of `row` (full basis) on the listed basis elements.
fn restrict(row: &[u64], pos: &[u32], len: usize) -> FpVector {
    let mut v = FpVector::new(len);
    for (w, &limb) in row.iter().enumerate() {
        let mut bits = limb;
        while bits != 0 {
            let b = w * 64 + bits.trailing_zeros() as usize;
            bits &= bits - 1;
            let p = pos[b];
            if p != u32::MAX {
                v.flip(p as usize);
            }
        }
    }
    v
}

fn restrict_matrix(m: &Matrix, pos: &[u32], len: usize) -> Matrix {
    let mut out = Matrix::new(m.rows(), len);
    for i in 0..m.rows() {
        out.row_mut(i)
            .copy_from_slice(restrict(m.row(i), pos, len).limbs());
    }
    out
}

/// One Nassau step at `(s, t)`, `s ≥ 2`: the new generators of `C_s` in degree `t`. With
/// `want_qi`, also the quasi-inverses of `d_{s−1}` it reduced, one per signature
/// ([`StepQuasiInverse`], kept by a save directory).
///
/// With `offload`, the matrix builds and large row reductions run on its backend.
pub(crate) fn step(
    res: &Resolution,
    s: u32,
    t: i32,
    want_qi: bool,
    offload: Option<Offload<'_>>,
) -> Result<StepOutput, ResolutionError> {
    debug_assert!(s >= 2);
    let sub = MilnorSubalgebra::optimal_for(s, t - res.module.max_degree());
    let ctx = StepContext {
        res,
        s,
        t,
        sub: &sub,
        offload,
        checks: RefCell::default(),
    };
    let alg = &res.algebra;
    let source = &res.rows[s as usize];
    let target = &res.rows[s as usize - 1];
    let next = &res.rows[s as usize - 2];

    // Checks that C_s is resolved below t (panics on a scheduler bug).
    source.gens_below(t);
    let n_tgt = target.gens_below(t);
    let n_next = next.gens_below(t - 1);
    let tgt_off = target.offsets(alg, t, n_tgt);
    let next_off = next.offsets(alg, t, n_next);
    let tgt_dim = tgt_off[n_tgt];
    let next_dim = next_off[n_next];

    // 1. Zero signature: kernel of d_{s−1}, image of d_s.
    let mut tgt_split = split_by_signature(res, target, t, t, &sub);
    let mut next_split = split_by_signature(res, next, t, t - 1, &sub);
    let tgt0 = tgt_split.remove(&0).unwrap_or_default();
    let next0 = next_split.remove(&0).unwrap_or_default();
    let tgt0_pos = positions(&tgt0, tgt_dim);
    let next0_pos = positions(&next0, next_dim);
    let full0 = ctx.differential_rows(&tgt0, &next_off, "the zero-signature matrix of d_{s-1}")?;
    let ki0 = ctx.kernel_image(
        &restrict_matrix(&full0, &next0_pos, next0.len()),
        "the zero-signature matrix of d_{s-1}",
    )?;
    let kernel = ki0.kernel;
    // With `want_qi`, the quasi-inverses of d_{s−1} this step reduces, signature by signature.
    let mut qis = want_qi.then(|| vec![(0, ki0.quasi_inverse)]);

    let src0 = zero_signature_basis(res, source, t, t, &sub);
    let image_rows = ctx.differential_rows(&src0, &tgt_off, "the zero-signature image of d_s")?;
    let mut image = restrict_matrix(&image_rows, &tgt0_pos, tgt0.len());
    let image_pivots = ctx.row_reduce(&mut image, "the zero-signature image of d_s")?;

    let kernel_pivots = kernel.pivots();
    let mut is_image_pivot = vec![false; tgt0.len()];
    for &p in &image_pivots {
        if kernel_pivots.binary_search(&p).is_err() {
            return Err(inconsistent(
                s,
                t,
                &sub,
                "d∘d ≠ 0 on the zero signature: the image of d_s is not in the kernel of d_{s−1}",
            ));
        }
        is_image_pivot[p] = true;
    }

    // New generators x (target coordinates) and d(x) (next coordinates).
    let mut xs = Vec::new();
    let mut dxs = Vec::new();
    for (k, &p) in kernel_pivots.iter().enumerate() {
        if is_image_pivot[p] {
            continue;
        }
        let mut x = FpVector::new(tgt_dim);
        let mut dx = FpVector::new(next_dim);
        for j in fp::FpVector::from_limbs(tgt0.len(), kernel.row(k).to_vec()).iter_ones() {
            x.flip(tgt0[j].0);
            dx.add_limbs(full0.row(j));
        }
        xs.push(x);
        dxs.push(dx);
    }

    // 2. Lift through every nonzero signature (with `want_qi`, reduce each signature even
    //    when there is nothing to lift).
    if !xs.is_empty() || want_qi {
        for sig in sub.nonzero_signatures(t - target.min_degree()) {
            let Some(tgt_sig) = tgt_split.remove(&sig) else {
                continue;
            };
            if tgt_sig.is_empty() {
                continue;
            }
            let next_sig = next_split.remove(&sig).unwrap_or_default();
            let next_pos = positions(&next_sig, next_dim);
            let what = format!(
                "the matrix of d_{{s-1}} at signature {}",
                signature_name(&sub, sig)
            );
            let full = ctx.differential_rows(&tgt_sig, &next_off, &what)?;
            let qi = ctx
                .kernel_image(&restrict_matrix(&full, &next_pos, next_sig.len()), &what)?
                .quasi_inverse;
            for (x, dx) in xs.iter_mut().zip(dxs.iter_mut()) {
                let part = restrict(dx.limbs(), &next_pos, next_sig.len());
                if part.is_zero() {
                    continue;
                }
                let y = qi.apply(&part).ok_or_else(|| {
                    inconsistent(
                        s,
                        t,
                        &sub,
                        &format!("the lift fails at signature {}", signature_name(&sub, sig)),
                    )
                })?;
                for j in y.iter_ones() {
                    x.flip(tgt_sig[j].0);
                    dx.add_limbs(full.row(j));
                }
            }
            if let Some(qis) = qis.as_mut() {
                qis.push((sig, qi));
            }
        }
    }
    if dxs.iter().any(|dx| !dx.is_zero()) {
        return Err(inconsistent(
            s,
            t,
            &sub,
            "d∘d ≠ 0 on a new generator after the lift",
        ));
    }

    let quasi_inverse = qis.map(|parts| StepQuasiInverse {
        kind: QuasiInverseKind::Nassau,
        profile: sub.profile().to_vec(),
        parts,
    });
    let mut out = StepOutput {
        quasi_inverse,
        checks: ctx.checks.into_inner(),
        ..StepOutput::default()
    };
    for x in xs {
        let terms = target.decode(alg, t, &x);
        out.gens.push(Differential { value: x, terms });
    }
    Ok(out)
}

fn signature_name(sub: &MilnorSubalgebra, sig: Signature) -> String {
    let entries: Vec<String> = (0..sub.profile().len())
        .map(|i| ((sig >> (8 * i)) & 0xff).to_string())
        .collect();
    format!("({})", entries.join(","))
}

fn inconsistent(s: u32, t: i32, sub: &MilnorSubalgebra, reason: &str) -> ResolutionError {
    ResolutionError::Inconsistent {
        s,
        t,
        stem: t - s as i32,
        reason: format!("{reason} (subalgebra {})", sub.name()),
    }
}

//! [`Verified`]: a device backend whose offloaded calls are checked against the CPU —
//! every one (`--verify`), none, or a seeded, deterministic sample
//! ([`crate::sample::is_sampled`], `--verify-sample`). The first difference is an error
//! naming the matrix and the row ([`OffloadError`]); a reduction's pivot list is always
//! checked for shape. Calls the device does not take are not checked (they ran on the
//! CPU already).

use std::sync::Mutex;
use std::time::{Duration, Instant};

use fp::Matrix;

use crate::backend::{Backend, Call, ProductBatch};
use crate::cpu_backend::CpuBackend;
use crate::sample::{is_sampled, CallKind, CheckedCall, Checks, SampleFraction};
use crate::step_errors::OffloadError;

/// `inner`, with the fraction `check` of the calls it offloads redone on the CPU.
pub struct Verified<B> {
    inner: B,
    check: SampleFraction,
    seed: u64,
    /// The calls checked, with the CPU time each took.
    checks: Mutex<Checks>,
}

impl<B: Backend> Verified<B> {
    /// `inner`, checking the fraction `check` of its offloaded calls, sampled with `seed`.
    pub fn new(inner: B, check: SampleFraction, seed: u64) -> Self {
        Verified {
            inner,
            check,
            seed,
            checks: Mutex::default(),
        }
    }

    /// The calls checked so far (each with the time its check took).
    pub fn into_checks(self) -> Checks {
        self.checks.into_inner().expect("checks")
    }

    /// Whether the offloaded call `(call, kind)` is redone on the CPU.
    fn samples(&self, call: &Call<'_>, kind: CallKind) -> bool {
        let (s, t) = (call.at.s(), call.at.t());
        is_sampled(self.check, self.seed, s, t, kind, &call.what.to_string())
    }

    fn record(&self, call: &Call<'_>, kind: CallKind, time: Duration) {
        let checked = CheckedCall {
            s: call.at.s(),
            t: call.at.t(),
            kind,
            what: call.what.to_string(),
        };
        self.checks.lock().expect("checks").push(checked, time);
    }
}

impl<B: Backend> Backend for Verified<B> {
    fn name(&self) -> String {
        self.inner.name()
    }

    fn offloads_build(&self, batch: &ProductBatch<'_>) -> bool {
        self.inner.offloads_build(batch)
    }

    fn offloads_reduction(&self, rows: usize, cols: usize) -> bool {
        self.inner.offloads_reduction(rows, cols)
    }

    fn build(&self, call: &Call<'_>, batch: &ProductBatch<'_>) -> Result<Matrix, OffloadError> {
        if !self.inner.offloads_build(batch) {
            return self.inner.build(call, batch);
        }
        let m = self.inner.build(call, batch)?;
        let (rows, cols) = (batch.rows.len(), batch.cols());
        if (m.rows(), m.cols()) != (rows, cols) {
            return Err(OffloadError::Shape {
                backend: self.name(),
                what: call.what.clone(),
                rows: m.rows(),
                cols: m.cols(),
                expected_rows: rows,
                expected_cols: cols,
            });
        }
        if self.samples(call, CallKind::Build) {
            let started = Instant::now();
            let cpu = CpuBackend.build(call, batch)?;
            let difference = first_difference(&m, &cpu);
            self.record(call, CallKind::Build, started.elapsed());
            if let Some(row) = difference {
                return Err(OffloadError::BuildDiffers {
                    backend: self.name(),
                    what: call.what.clone(),
                    subalgebra: call.subalgebra.map(str::to_string),
                    row,
                    rows,
                });
            }
        }
        Ok(m)
    }

    fn row_reduce(&self, call: &Call<'_>, m: &mut Matrix) -> Result<Vec<usize>, OffloadError> {
        if !self.inner.offloads_reduction(m.rows(), m.cols()) {
            return self.inner.row_reduce(call, m);
        }
        let copied = Instant::now();
        let cpu = self.samples(call, CallKind::Reduction).then(|| m.clone());
        let copy_time = copied.elapsed();
        let pivots = self.inner.row_reduce(call, m)?;
        self.check_pivots(call, &pivots, m)?;
        if let Some(mut cpu) = cpu {
            let started = Instant::now();
            let cpu_pivots = cpu.row_reduce();
            let difference = first_difference(m, &cpu);
            self.record(call, CallKind::Reduction, copy_time + started.elapsed());
            if cpu_pivots != pivots {
                return Err(OffloadError::PivotsDiffer {
                    backend: self.name(),
                    what: call.what.clone(),
                });
            }
            if let Some(row) = difference {
                return Err(OffloadError::ReductionDiffers {
                    backend: self.name(),
                    what: call.what.clone(),
                    row,
                    rows: m.rows(),
                });
            }
        }
        Ok(pivots)
    }
}

impl<B: Backend> Verified<B> {
    /// A device's pivots must be `≤ rows` strictly increasing columns below `cols`.
    fn check_pivots(
        &self,
        call: &Call<'_>,
        pivots: &[usize],
        m: &Matrix,
    ) -> Result<(), OffloadError> {
        let (rows, cols) = (m.rows(), m.cols());
        if pivots.len() > rows
            || pivots.windows(2).any(|w| w[0] >= w[1])
            || pivots.last().is_some_and(|&p| p >= cols)
        {
            return Err(OffloadError::InvalidPivots {
                backend: self.name(),
                what: call.what.clone(),
                len: pivots.len(),
                rows,
                cols,
            });
        }
        Ok(())
    }
}

/// The first row where `a` and `b` (same shape) differ.
fn first_difference(a: &Matrix, b: &Matrix) -> Option<usize> {
    (0..a.rows()).find(|&i| a.row(i) != b.row(i))
}

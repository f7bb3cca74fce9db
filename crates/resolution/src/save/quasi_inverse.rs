//! The quasi-inverses a step row reduced, kept on disk for later lifting work (chain maps,
//! products beyond `h_i`); the payload of a `.qi` record (`SAVE-FORMAT.md`).
//!
//! * A **classical** step at `(s, t)` row reduces the matrix of `d_s` on the old part of
//!   `(C_s)_t` (generators of degree `< t`): its record holds that map's quasi-inverse —
//!   the RREF basis of its image in `(C_{s−1})_t` and one preimage per basis row.
//! * A **Nassau** step at `(s, t)` row reduces `d_{s−1}` on `(C_{s−1})_t` (generators of
//!   degree `< t`, target generators of degree `< t − 1`) one signature at a time for the
//!   sub-Hopf algebra `B` it chose: its record holds `B`'s profile and, for the zero
//!   signature and every nonzero signature with basis elements, the quasi-inverse of
//!   `d_{s−1}` restricted to that signature (source and target coordinates are the
//!   signature's basis elements in basis order). Lifting a cycle of `(C_{s−2})_t` through
//!   `d_{s−1}` uses them in the stored order, as the step's own lift does (Nassau,
//!   Lemma 2.4).

use fp::{limbs_for, Matrix, QuasiInverse, Subspace};

use super::record::{corrupt, Corrupt, Reader, Writer};
use crate::subalgebra::Signature;

/// Which map a [`StepQuasiInverse`] inverts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum QuasiInverseKind {
    /// `d_s` on the old part of `(C_s)_t` (a classical step at `(s, t)`).
    Classical,
    /// `d_{s−1}` on `(C_{s−1})_t`, signature by signature (a Nassau step at `(s, t)`).
    Nassau,
}

/// The quasi-inverses one step computed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StepQuasiInverse {
    /// Which map.
    pub kind: QuasiInverseKind,
    /// Profile of the sub-Hopf algebra (empty for classical).
    pub profile: Vec<u8>,
    /// `(signature, quasi-inverse)` in the order the lift uses them (zero signature
    /// first); one entry with signature 0 for classical.
    pub parts: Vec<(Signature, QuasiInverse)>,
}

impl StepQuasiInverse {
    /// Bytes of the matrices (before compression).
    pub fn payload(&self) -> Vec<u8> {
        let mut w = Writer::default();
        w.u8(match self.kind {
            QuasiInverseKind::Classical => 0,
            QuasiInverseKind::Nassau => 1,
        });
        w.u8(self.profile.len() as u8);
        for &p in &self.profile {
            w.u8(p);
        }
        w.u64(self.parts.len() as u64);
        for (sig, qi) in &self.parts {
            w.u64(*sig);
            w.u64(qi.source_dim() as u64);
            w.u64(qi.target_dim() as u64);
            w.u64(qi.image().dim() as u64);
            for &p in qi.image().pivots() {
                w.u32(p as u32);
            }
            w.limbs(qi.image().basis().data());
            w.limbs(qi.preimages().data());
        }
        w.bytes
    }

    /// Parses a payload written by [`Self::payload`].
    pub fn from_payload(bytes: &[u8]) -> Result<Self, Corrupt> {
        let mut r = Reader::new(bytes);
        let kind = match r.u8("quasi-inverse kind")? {
            0 => QuasiInverseKind::Classical,
            1 => QuasiInverseKind::Nassau,
            k => return Err(corrupt("quasi-inverse kind", format!("unknown kind {k}"))),
        };
        let n = r.u8("profile length")? as usize;
        let profile = (0..n).map(|_| r.u8("profile")).collect::<Result<Vec<_>, _>>()?;
        let parts_len = r.len("parts", 32)?;
        let mut parts = Vec::with_capacity(parts_len);
        for _ in 0..parts_len {
            let sig = r.u64("signature")?;
            let source = r.len("source dimension", 0)?;
            let target = r.len("target dimension", 0)?;
            let rank = r.len("rank", 4)?;
            if rank > target || rank > source {
                return Err(corrupt("rank", format!("{rank} for a map from dimension {source} to {target}")));
            }
            let pivots = (0..rank).map(|_| r.u32("pivots").map(|p| p as usize)).collect::<Result<Vec<_>, _>>()?;
            if pivots.windows(2).any(|w| w[0] >= w[1]) || pivots.last().is_some_and(|&p| p >= target) {
                return Err(corrupt("pivots", "not increasing inside the target"));
            }
            let image = matrix(&mut r, rank, target, "image rows")?;
            let preimages = matrix(&mut r, rank, source, "preimage rows")?;
            let image = Subspace::from_matrix(image);
            if image.pivots() != pivots {
                return Err(corrupt("image rows", "not in reduced row echelon form with the stored pivots"));
            }
            parts.push((sig, QuasiInverse::new(image, preimages)));
        }
        r.finish()?;
        Ok(Self { kind, profile, parts })
    }
}

fn matrix(r: &mut Reader<'_>, rows: usize, cols: usize, field: &'static str) -> Result<Matrix, Corrupt> {
    let stride = limbs_for(cols);
    let limbs = r.limbs(rows.checked_mul(stride).ok_or_else(|| corrupt(field, "size overflows"))?, field)?;
    let mut m = Matrix::new(rows, cols);
    m.data_mut().copy_from_slice(&limbs);
    if cols % 64 != 0 && stride > 0 {
        let mask = !0u64 << (cols % 64);
        if (0..rows).any(|i| m.row(i)[stride - 1] & mask != 0) {
            return Err(corrupt(field, "bits set past the last column"));
        }
    }
    Ok(m)
}

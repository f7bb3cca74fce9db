//! The quasi-inverses a step row reduced, kept on disk for later lifting work (chain maps,
//! products beyond `h_i`); the payload of a quasi-inverse record (`SAVE-FORMAT.md`).
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

use super::corrupt::{corrupt, Corrupt, CorruptReason as Why};
use super::record::{Reader, Writer};
use crate::step::{QuasiInverseKind, StepQuasiInverse};

/// The payload of the quasi-inverse record of `step`: bytes of the matrices (before
/// compression).
pub(crate) fn payload(step: &StepQuasiInverse) -> Vec<u8> {
    let mut w = Writer::default();
    w.u8(match step.kind {
        QuasiInverseKind::Classical => 0,
        QuasiInverseKind::Nassau => 1,
    });
    w.u8(step.profile.len() as u8);
    for &p in &step.profile {
        w.u8(p);
    }
    w.u64(step.parts.len() as u64);
    for (sig, qi) in &step.parts {
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

/// Parses a payload written by [`payload`].
pub(crate) fn from_payload(bytes: &[u8]) -> Result<StepQuasiInverse, Corrupt> {
    let mut r = Reader::new(bytes);
    let kind = match r.u8("quasi-inverse kind")? {
        0 => QuasiInverseKind::Classical,
        1 => QuasiInverseKind::Nassau,
        kind => {
            return Err(corrupt(
                "quasi-inverse kind",
                Why::QuasiInverseKind { kind },
            ))
        }
    };
    let n = r.u8("profile length")? as usize;
    let profile = (0..n)
        .map(|_| r.u8("profile"))
        .collect::<Result<Vec<_>, _>>()?;
    let parts_len = r.len("parts", 32)?;
    let mut parts = Vec::with_capacity(parts_len);
    for _ in 0..parts_len {
        let sig = r.u64("signature")?;
        let source = r.len("source dimension", 0)?;
        let target = r.len("target dimension", 0)?;
        let rank = r.len("rank", 4)?;
        if rank > target || rank > source {
            let reason = Why::Rank {
                rank,
                source_dim: source,
                target_dim: target,
            };
            return Err(corrupt("rank", reason));
        }
        let pivots = (0..rank)
            .map(|_| r.u32("pivots").map(|p| p as usize))
            .collect::<Result<Vec<_>, _>>()?;
        if pivots.windows(2).any(|w| w[0] >= w[1]) || pivots.last().is_some_and(|&p| p >= target) {
            return Err(corrupt("pivots", Why::Pivots));
        }
        let image = matrix(&mut r, rank, target, "image rows")?;
        let preimages = matrix(&mut r, rank, source, "preimage rows")?;
        let image = Subspace::from_matrix(image);
        if image.pivots() != pivots {
            return Err(corrupt("image rows", Why::NotReduced));
        }
        parts.push((sig, QuasiInverse::new(image, preimages)));
    }
    r.finish()?;
    Ok(StepQuasiInverse {
        kind,
        profile,
        parts,
    })
}

fn matrix(
    r: &mut Reader<'_>,
    rows: usize,
    cols: usize,
    field: &'static str,
) -> Result<Matrix, Corrupt> {
    let stride = limbs_for(cols);
    let limbs = r.limbs(
        rows.checked_mul(stride)
            .ok_or_else(|| corrupt(field, Why::SizeOverflows))?,
        field,
    )?;
    let mut m = Matrix::new(rows, cols);
    m.data_mut().copy_from_slice(&limbs);
    if !cols.is_multiple_of(64) && stride > 0 {
        let mask = !0u64 << (cols % 64);
        if (0..rows).any(|i| m.row(i)[stride - 1] & mask != 0) {
            return Err(corrupt(field, Why::BitsPastLastColumn));
        }
    }
    Ok(m)
}

#[cfg(test)]
mod tests {
    use fp::{FpVector, Matrix, Subspace};
    use steenrod::module::FiniteModule;
    use steenrod::PPart;

    use super::*;
    use crate::classical::old_part_matrix;
    use crate::save::{SaveDir, SaveOptions};
    use crate::subalgebra::MilnorSubalgebra;
    use crate::{Algorithm, Resolution, ResolutionConfig, RunOptions};

    /// The `R` of each basis element of `(C_s)_t` over generators of degree `< bound`.
    fn basis_ops(res: &Resolution, at: crate::Bidegree, bound: i32) -> Vec<PPart> {
        let (s, t) = (at.s(), at.t());
        let module = &res.rows[s as usize];
        let mut out = Vec::new();
        for g_deg in module.min_degree()..bound.min(t + 1) {
            for _ in module.gens(g_deg) {
                out.extend_from_slice(res.algebra.basis((t - g_deg) as u32));
            }
        }
        out
    }

    /// Row `k` of the preimages maps to image row `k` under `m` (with rows `rows` and
    /// columns `cols` of it), and the image is the whole row space.
    fn check(m: &Matrix, rows: &[usize], cols: &[usize], qi: &QuasiInverse, what: &str) {
        assert_eq!(
            (qi.source_dim(), qi.target_dim()),
            (rows.len(), cols.len()),
            "{what}: shape"
        );
        let restricted = |full_row: &FpVector| {
            FpVector::from_bools(&cols.iter().map(|&c| full_row.get(c)).collect::<Vec<_>>())
        };
        let mut all = Vec::new();
        for &r in rows {
            all.push(restricted(&m.row_vector(r)));
        }
        assert_eq!(
            &Subspace::from_vectors(cols.len(), &all),
            qi.image(),
            "{what}: image"
        );
        for k in 0..qi.image().dim() {
            let mut v = FpVector::new(cols.len());
            for j in qi.preimages().row_vector(k).iter_ones() {
                v.add(&all[j]);
            }
            assert_eq!(v, qi.image().basis().row_vector(k), "{what}: preimage {k}");
        }
    }

    #[test]
    fn saved_quasi_inverses_invert_the_differentials() {
        let module = FiniteModule::from_bundled("C2").expect("C2");
        let tmp = tempfile::tempdir().expect("tempdir");
        for algorithm in [Algorithm::Nassau, Algorithm::Classical] {
            let dir = tmp.path().join(format!("{algorithm:?}"));
            let config = ResolutionConfig {
                max_stem: 24,
                max_s: 8,
            };
            let mut res = Resolution::new(module.clone(), config).expect("range");
            res.resume(
                SaveDir::open(&dir, &module, algorithm, SaveOptions::default()).expect("open"),
            )
            .expect("resume");
            res.run(RunOptions {
                algorithm,
                threads: 2,
                progress: None,
                offload: None,
                stop: None,
                hold: None,
                watch: None,
            })
            .expect("resolve");
            let save = res.save_dir().expect("attached");
            let (mut classical, mut signatures) = (0, 0);
            for s in 0..=config.max_s {
                for t in s as i32..=config.max_stem + s as i32 {
                    let qi = save
                        .read_quasi_inverse(crate::Bidegree::s_t(s, t))
                        .expect("readable")
                        .expect("every full step keeps one");
                    let what = format!("{algorithm:?} (s {s}, t {t})");
                    match qi.kind {
                        QuasiInverseKind::Classical => {
                            let m = old_part_matrix(&res, crate::Bidegree::s_t(s, t));
                            let (rows, cols): (Vec<usize>, Vec<usize>) =
                                ((0..m.rows()).collect(), (0..m.cols()).collect());
                            check(&m, &rows, &cols, &qi.parts[0].1, &what);
                            classical += 1;
                        }
                        QuasiInverseKind::Nassau => {
                            // d_{s−1} on (C_{s−1})_t, generators of degree < t, into (C_{s−2})_t
                            // over generators of degree < t − 1 (a prefix of the columns).
                            let m = old_part_matrix(&res, crate::Bidegree::s_t(s - 1, t));
                            let sub = MilnorSubalgebra::new(qi.profile.clone());
                            let sig_of = |r: &PPart| {
                                MilnorSubalgebra::packed_residue(r) & sub.signature_mask()
                            };
                            let src = basis_ops(&res, crate::Bidegree::s_t(s - 1, t), t);
                            let tgt = basis_ops(&res, crate::Bidegree::s_t(s - 2, t), t - 1);
                            assert_eq!(src.len(), m.rows(), "{what}: rows");
                            for (sig, part) in &qi.parts {
                                let rows: Vec<usize> = (0..src.len())
                                    .filter(|&i| sig_of(&src[i]) == *sig)
                                    .collect();
                                let cols: Vec<usize> = (0..tgt.len())
                                    .filter(|&i| sig_of(&tgt[i]) == *sig)
                                    .collect();
                                check(
                                    &m,
                                    &rows,
                                    &cols,
                                    part,
                                    &format!("{what}, signature {sig:#x}"),
                                );
                                signatures += 1;
                            }
                        }
                    }
                }
            }
            assert!(
                classical > 0,
                "{algorithm:?}: no classical quasi-inverse checked"
            );
            if algorithm == Algorithm::Nassau {
                assert!(signatures > 100, "only {signatures} signatures checked");
            }
        }
    }
}

//! Block builds ([`Backend::build_block`]): the CPU's, which ranks only the terms of one
//! signature (Nassau, arXiv:1910.04063, §2), must equal the whole build restricted to the
//! block's columns — what the default of a device backend returns, checked through
//! `CpuDevice` taking every build — and its whole rows (sparse on the CPU, dense on a
//! device) must be the whole build's rows. Checked on the differentials of the sphere's
//! resolution through stem 24, for every signature of several sub-Hopf algebras.

use fp::Matrix;
use resolution::subalgebra::MilnorSubalgebra;
use resolution::workers::Serial;
use resolution::{
    Backend, BlockColumns, Call, CpuBackend, CpuDevice, MatrixName, ProductBatch, Resolution,
    ResolutionConfig,
};
use steenrod::module::FiniteModule;
use steenrod::TermFilter;

const STEM: i32 = 24;
const MAX_S: u32 = 8;

#[test]
fn block_builds_equal_whole_builds_restricted() {
    let config = ResolutionConfig {
        max_stem: STEM,
        max_s: MAX_S,
    };
    let mut res = Resolution::new(FiniteModule::sphere(), config).expect("range");
    res.resolve().expect("resolves");
    let alg = res.algebra();
    let what = MatrixName::OldPart;
    let mut blocks = 0;
    for s in 2..=MAX_S {
        let (source, target) = (res.free_module(s - 1), res.free_module(s - 2));
        for t in s as i32..=STEM + s as i32 - 1 {
            // Rows: every basis element Sq(R)·g of C_{s−1} in degree t, |g| < t.
            let n_src = source.gens_below(t);
            let gens: Vec<_> = (0..n_src).map(|g| source.differential(g)).collect();
            let mut rows = Vec::new();
            for (g, &(deg, _)) in gens.iter().enumerate() {
                rows.extend(alg.basis((t - deg) as u32).iter().map(|r| (g as u32, *r)));
            }
            let dgs: Vec<_> = gens.iter().map(|(_, d)| *d).collect();
            let n_tgt = target.gens_below(t);
            let offsets = target.offsets(alg, t, n_tgt);
            let batch = ProductBatch::new(alg, &dgs, rows, &offsets);
            let call = Call {
                at: resolution::Bidegree::s_t(s, t),
                what: &what,
                subalgebra: None,
                workers: &Serial,
            };
            let whole = CpuBackend.build(&call, &batch).expect("cpu");
            // The signature of each column of C_{s−2} in degree t.
            let mut column_r = Vec::new();
            for g in 0..n_tgt {
                let (deg, _) = target.differential(g);
                column_r.extend(alg.basis((t - deg) as u32).iter().copied());
            }
            for sub in MilnorSubalgebra::sequence().take(4) {
                let profile = sub.profile().to_vec();
                let sigs: std::collections::BTreeSet<u64> =
                    column_r.iter().map(|r| sub.signature(r)).collect();
                for sig in sigs {
                    let mut pos = vec![u32::MAX; column_r.len()];
                    let mut len = 0;
                    for (i, r) in column_r.iter().enumerate() {
                        if sub.signature(r) == sig {
                            pos[i] = len;
                            len += 1;
                        }
                    }
                    let entries: Vec<u32> = (0..profile.len())
                        .map(|i| ((sig >> (8 * i)) & 0xff) as u32)
                        .collect();
                    let block = BlockColumns {
                        pos: &pos,
                        len: len as usize,
                        filter: TermFilter::signature(&profile, &entries),
                    };
                    let want = block.restrict(&whole);
                    // The CPU's own block build, and the default of a device backend that
                    // takes every build (whole rows built, then restricted: dense).
                    let device = CpuDevice::new(0, usize::MAX);
                    let backends: [&dyn Backend; 2] = [&CpuBackend, &device];
                    for (backend, keep_whole) in
                        backends.into_iter().flat_map(|b| [(b, false), (b, true)])
                    {
                        let got = backend
                            .build_block(&call, &batch, &block, keep_whole)
                            .expect("build");
                        assert_eq!(rows_of(&got.block), rows_of(&want), "({s}, {t}) {sig:x}");
                        assert_eq!(got.whole.is_some(), keep_whole);
                        if let Some(w) = got.whole {
                            for i in 0..whole.rows() {
                                let mut row = vec![0u64; whole.row(i).len()];
                                w.add_row(i, &mut row);
                                assert_eq!(row, whole.row(i), "({s}, {t}) row {i}");
                            }
                        }
                    }
                    blocks += 1;
                }
            }
        }
    }
    assert!(blocks > 500, "only {blocks} blocks checked");
}

fn rows_of(m: &Matrix) -> Vec<Vec<u64>> {
    (0..m.rows()).map(|i| m.row(i).to_vec()).collect()
}

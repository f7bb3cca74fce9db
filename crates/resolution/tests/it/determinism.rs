//! The resolution itself — every generator's differential, in order — is the same for
//! every thread count, not only the Ext dimensions.

use resolution::{Algorithm, Resolution, ResolutionConfig, RunOptions};
use steenrod::module::FiniteModule;

fn differentials(threads: usize, algorithm: Algorithm) -> Vec<(u32, i32, Vec<Vec<u64>>)> {
    let config = ResolutionConfig {
        max_stem: 36,
        max_s: 16,
    };
    let mut res = Resolution::new(FiniteModule::sphere(), config).expect("range");
    res.run(RunOptions {
        algorithm,
        threads,
        progress: None,
        offload: None,
        stop: None,
        hold: None,
        watch: None,
    })
    .expect("resolve");
    let mut out = Vec::new();
    for s in 0..=config.max_s {
        for t in s as i32..=config.max_stem + s as i32 {
            let gens = res.free_module(s).gens(t);
            out.push((
                s,
                t,
                gens.iter().map(|d| d.value.limbs().to_vec()).collect(),
            ));
        }
    }
    out
}

#[test]
fn generators_and_differentials_do_not_depend_on_threads() {
    for algorithm in [Algorithm::Nassau, Algorithm::Classical] {
        let one = differentials(1, algorithm);
        assert!(one.iter().map(|(_, _, g)| g.len()).sum::<usize>() > 150);
        for threads in [2, 3, 8] {
            assert!(
                one == differentials(threads, algorithm),
                "{algorithm:?}: {threads} threads differ from 1"
            );
        }
    }
}

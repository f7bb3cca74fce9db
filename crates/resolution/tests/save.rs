//! Save and resume through the library: a resolution resumed from a save directory — whole,
//! with records missing (a killed run), or extended to a larger range — has the same
//! generators and differentials as one computed in one go, for both algorithms (the
//! classical one exercises the kernel-only steps a resumed classical row needs).

use std::path::Path;

use resolution::save::{SaveDir, SaveOptions};
use resolution::{Algorithm, Resolution, ResolutionConfig, RunOptions};
use steenrod::module::FiniteModule;

type Differentials = Vec<(u32, i32, Vec<Vec<u64>>)>;

fn differentials(res: &Resolution) -> Differentials {
    let config = res.config();
    let min = res.module().min_degree();
    let mut out = Vec::new();
    for s in 0..=config.max_s {
        for t in min + s as i32..=config.max_stem + s as i32 {
            out.push((s, t, res.free_module(s).gens(t).iter().map(|d| d.value.limbs().to_vec()).collect()));
        }
    }
    out
}

fn run(module: &FiniteModule, max_stem: i32, max_s: u32, algorithm: Algorithm, save: Option<&Path>) -> (Resolution, usize) {
    let mut res = Resolution::new(module.clone(), ResolutionConfig { max_stem, max_s }).expect("range");
    let mut loaded = 0;
    if let Some(dir) = save {
        let save = SaveDir::open(dir, module, algorithm, SaveOptions::default()).expect("open save dir");
        let report = res.resume(save).expect("resume");
        assert!(report.warnings.is_empty(), "{:?}", report.warnings);
        loaded = report.loaded;
    }
    res.run(RunOptions { algorithm, threads: 2, progress: None, offload: None }).expect("resolve");
    (res, loaded)
}

#[test]
fn resumed_and_extended_resolutions_equal_fresh_ones() {
    let c2 = FiniteModule::from_bundled("C2").expect("C2");
    for module in [FiniteModule::sphere(), c2] {
        for algorithm in [Algorithm::Nassau, Algorithm::Classical] {
            let what = format!("{} {algorithm:?}", module.name());
            let fresh = differentials(&run(&module, 30, 12, algorithm, None).0);
            let tmp = tempfile::tempdir().expect("tempdir");
            let dir = tmp.path().join("save");

            // A smaller range first, then extended: only the new bidegrees are computed.
            let (small, loaded) = run(&module, 20, 8, algorithm, Some(&dir));
            assert_eq!(loaded, 0, "{what}");
            let (extended, loaded) = run(&module, 30, 12, algorithm, Some(&dir));
            assert_eq!(loaded, differentials(&small).len(), "{what}: everything saved by the small run loads");
            assert!(differentials(&extended) == fresh, "{what}: extended run differs from a fresh one");

            // Records missing at random places (a killed run's writers lose the last few):
            // the rest reloads and the result is the same.
            let mut removed = 0;
            for (k, entry) in walk(&dir).into_iter().enumerate() {
                if k % 7 == 3 {
                    std::fs::remove_file(entry).expect("remove");
                    removed += 1;
                }
            }
            let (resumed, loaded) = run(&module, 30, 12, algorithm, Some(&dir));
            assert!(loaded > 0 && loaded + removed <= fresh.len(), "{what}: loaded {loaded}, removed {removed}");
            assert!(differentials(&resumed) == fresh, "{what}: resumed run differs from a fresh one");
            let (_, loaded) = run(&module, 30, 12, algorithm, Some(&dir));
            assert_eq!(loaded, fresh.len(), "{what}: everything loads after the resumed run");
        }
    }
}

fn walk(dir: &Path) -> Vec<std::path::PathBuf> {
    let mut out = Vec::new();
    let mut rows: Vec<_> = std::fs::read_dir(dir).expect("dir").map(|e| e.expect("entry").path()).filter(|p| p.is_dir()).collect();
    rows.sort();
    for row in rows {
        let mut files: Vec<_> = std::fs::read_dir(&row).expect("row").map(|e| e.expect("entry").path()).collect();
        files.sort();
        out.extend(files);
    }
    out
}

#[test]
fn a_run_with_another_algorithm_than_the_save_directory_is_refused() {
    let tmp = tempfile::tempdir().expect("tempdir");
    let dir = tmp.path().join("save");
    let sphere = FiniteModule::sphere();
    run(&sphere, 10, 5, Algorithm::Nassau, Some(&dir));
    let Err(err) = SaveDir::open(&dir, &sphere, Algorithm::Classical, SaveOptions::default()) else { panic!("a classical run opened a Nassau save directory") };
    assert!(err.to_string().contains("field algorithm"), "{err}");
    // And through run(): a directory opened for Nassau cannot serve a classical run.
    let mut res = Resolution::new(sphere.clone(), ResolutionConfig { max_stem: 12, max_s: 5 }).expect("range");
    res.resume(SaveDir::open(&dir, &sphere, Algorithm::Nassau, SaveOptions::default()).expect("open")).expect("resume");
    let err = res.run(RunOptions { algorithm: Algorithm::Classical, threads: 1, progress: None, offload: None }).expect_err("refused");
    assert!(err.to_string().contains("field algorithm"), "{err}");
}

#[test]
fn a_failed_write_stops_the_run_naming_the_file() {
    let tmp = tempfile::tempdir().expect("tempdir");
    let dir = tmp.path().join("save");
    let sphere = FiniteModule::sphere();
    let mut res = Resolution::new(sphere.clone(), ResolutionConfig { max_stem: 20, max_s: 8 }).expect("range");
    res.resume(SaveDir::open(&dir, &sphere, Algorithm::Nassau, SaveOptions::default()).expect("open")).expect("resume");
    // Row 5's folder cannot be created: a file is in the way.
    std::fs::write(dir.join("s005"), "in the way").expect("write");
    let err = res.run(RunOptions { algorithm: Algorithm::Nassau, threads: 2, progress: None, offload: None }).expect_err("the write fails");
    let text = err.to_string();
    assert!(text.contains("s005"), "{text}");
    assert_eq!(text.lines().count(), 1, "{text}");
}

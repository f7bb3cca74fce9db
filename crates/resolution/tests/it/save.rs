//! Save and resume through the library: a resolution resumed from a save directory — whole,
//! with records missing (a killed run), or extended to a larger range — has the same
//! generators and differentials as one computed in one go, at p = 2 and p = 3, for both
//! algorithms (the classical one exercises the kernel-only steps a resumed classical row
//! needs). What only an odd prime has is in `odd_save.rs`.

use std::path::Path;

use fp::{ValidPrime, Vector};
use resolution::save::{CorruptReason, ReadError, SaveAlgebra, SaveDir, SaveOptions};
use resolution::{Algorithm, Bidegree, Resolution, ResolutionConfig, Resolvable, RunOptions};
use steenrod::module::FiniteModule;
use steenrod::MilnorAlgebra;

type Differentials = Vec<(u32, i32, Vec<Vec<u64>>)>;

/// Every bidegree of the range with the differentials of its generators (their limbs: bits
/// at p = 2, packed entries at odd p).
fn differentials<A: SaveAlgebra>(res: &Resolution<FiniteModule<A>>) -> Differentials
where
    FiniteModule<A>: Resolvable,
{
    let config = res.config();
    let min = res.module().min_degree();
    let mut out = Vec::new();
    for s in 0..=config.max_s {
        for t in min + s as i32..=config.max_stem + s as i32 {
            out.push((
                s,
                t,
                res.free_module(s)
                    .gens(t)
                    .iter()
                    .map(|d| d.value.limbs().to_vec())
                    .collect(),
            ));
        }
    }
    out
}

/// Resolves `module` over the range by `algorithm`, resuming from `save` first if given;
/// also the number of bidegrees loaded.
fn run<A: SaveAlgebra>(
    module: &FiniteModule<A>,
    max_stem: i32,
    max_s: u32,
    algorithm: Algorithm,
    save: Option<&Path>,
) -> (Resolution<FiniteModule<A>>, usize)
where
    FiniteModule<A>: Resolvable,
{
    let mut res =
        Resolution::new(module.clone(), ResolutionConfig { max_stem, max_s }).expect("range");
    let mut loaded = 0;
    if let Some(dir) = save {
        let save =
            SaveDir::open(dir, module, algorithm, SaveOptions::default()).expect("open save dir");
        let report = res.resume(save).expect("resume");
        assert!(report.corrupt.is_empty(), "{:?}", report.corrupt);
        loaded = report.loaded;
    }
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
    (res, loaded)
}

/// At every prime (S_2, C2 by both algorithms; S_3, C3 by the classical one, the only one
/// at odd p, whose resumed rows need kernel-only steps).
#[test]
fn resumed_and_extended_resolutions_equal_fresh_ones() {
    let c2 = FiniteModule::from_bundled("C2").expect("C2");
    for module in [FiniteModule::sphere(), c2] {
        for algorithm in [Algorithm::Nassau, Algorithm::Classical] {
            resume_and_extend(&module, algorithm);
        }
    }
    let p3 = ValidPrime::new(3).expect("3");
    let c3 = FiniteModule::<MilnorAlgebra<ValidPrime>>::from_bundled_module("C3").expect("C3");
    for module in [FiniteModule::sphere_at(p3), c3] {
        resume_and_extend(&module, Algorithm::Classical);
    }
}

/// A smaller range saved, then extended; then records removed and resumed: each time the
/// differentials of a fresh run through stem 30, s ≤ 12.
fn resume_and_extend<A: SaveAlgebra>(module: &FiniteModule<A>, algorithm: Algorithm)
where
    FiniteModule<A>: Resolvable,
{
    let what = format!("{} {algorithm:?}", module.name());
    let fresh = differentials(&run(module, 30, 12, algorithm, None).0);
    let tmp = tempfile::tempdir().expect("tempdir");
    let dir = tmp.path().join("save");

    // A smaller range first, then extended: only the new bidegrees are computed.
    let (small, loaded) = run(module, 20, 8, algorithm, Some(&dir));
    assert_eq!(loaded, 0, "{what}");
    let (extended, loaded) = run(module, 30, 12, algorithm, Some(&dir));
    assert_eq!(
        loaded,
        differentials(&small).len(),
        "{what}: everything saved by the small run loads"
    );
    assert!(
        differentials(&extended) == fresh,
        "{what}: extended run differs from a fresh one"
    );

    // Records missing at random places (a killed run's writers lose the last few):
    // the rest reloads and the result is the same.
    let mut removed = 0;
    for (k, entry) in walk(&dir).into_iter().enumerate() {
        if k % 7 == 3 {
            std::fs::remove_file(entry).expect("remove");
            removed += 1;
        }
    }
    let (resumed, loaded) = run(module, 30, 12, algorithm, Some(&dir));
    assert!(
        loaded > 0 && loaded + removed <= fresh.len(),
        "{what}: loaded {loaded}, removed {removed}"
    );
    assert!(
        differentials(&resumed) == fresh,
        "{what}: resumed run differs from a fresh one"
    );
    // The recomputed bidegrees were written again: everything loads now.
    let (_, loaded) = run(module, 30, 12, algorithm, Some(&dir));
    assert_eq!(
        loaded,
        fresh.len(),
        "{what}: everything loads after the resumed run"
    );
}

fn walk(dir: &Path) -> Vec<std::path::PathBuf> {
    let mut out = Vec::new();
    let mut rows: Vec<_> = std::fs::read_dir(dir)
        .expect("dir")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.is_dir())
        .collect();
    rows.sort();
    for row in rows {
        let mut files: Vec<_> = std::fs::read_dir(&row)
            .expect("row")
            .map(|e| e.expect("entry").path())
            .collect();
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
    let Err(err) = SaveDir::open(&dir, &sphere, Algorithm::Classical, SaveOptions::default())
    else {
        panic!("a classical run opened a Nassau save directory")
    };
    assert!(err.to_string().contains("field algorithm"), "{err}");
    // And through run(): a directory opened for Nassau cannot serve a classical run.
    let mut res = Resolution::new(
        sphere.clone(),
        ResolutionConfig {
            max_stem: 12,
            max_s: 5,
        },
    )
    .expect("range");
    res.resume(
        SaveDir::open(&dir, &sphere, Algorithm::Nassau, SaveOptions::default()).expect("open"),
    )
    .expect("resume");
    let err = res
        .run(RunOptions {
            algorithm: Algorithm::Classical,
            threads: 1,
            progress: None,
            offload: None,
            stop: None,
            hold: None,
            watch: None,
        })
        .expect_err("refused");
    assert!(err.to_string().contains("field algorithm"), "{err}");
}

#[test]
fn a_failed_write_stops_the_run_naming_the_file() {
    let tmp = tempfile::tempdir().expect("tempdir");
    let dir = tmp.path().join("save");
    let sphere = FiniteModule::sphere();
    let mut res = Resolution::new(
        sphere.clone(),
        ResolutionConfig {
            max_stem: 20,
            max_s: 8,
        },
    )
    .expect("range");
    res.resume(
        SaveDir::open(&dir, &sphere, Algorithm::Nassau, SaveOptions::default()).expect("open"),
    )
    .expect("resume");
    // Row 5's folder cannot be created: a file is in the way.
    std::fs::write(dir.join("s005"), "in the way").expect("write");
    let err = res
        .run(RunOptions {
            algorithm: Algorithm::Nassau,
            threads: 2,
            progress: None,
            offload: None,
            stop: None,
            hold: None,
            watch: None,
        })
        .expect_err("the write fails");
    let text = err.to_string();
    assert!(text.contains("s005"), "{text}");
    assert_eq!(text.lines().count(), 1, "{text}");
}

/// A generators record for `(s, t)` of the directory with `identity`, with a valid checksum,
/// its payload zstd-compressed but declared `raw_len` bytes long (`SAVE-FORMAT.md`,
/// "Record files": magic, version, kind, method, identity, s, t, raw and stored length,
/// payload, BLAKE3).
fn record_declaring(identity: &[u8; 16], s: u32, t: i32, raw_len: u64) -> Vec<u8> {
    let stored = zstd::bulk::compress(&[0u8; 4096], 3).expect("compress");
    let mut bytes = b"ADAMSREC".to_vec();
    bytes.extend_from_slice(&resolution::save::FORMAT_VERSION.to_le_bytes());
    bytes.extend_from_slice(&[1, 1]);
    bytes.extend_from_slice(identity);
    bytes.extend_from_slice(&s.to_le_bytes());
    bytes.extend_from_slice(&t.to_le_bytes());
    bytes.extend_from_slice(&raw_len.to_le_bytes());
    bytes.extend_from_slice(&(stored.len() as u64).to_le_bytes());
    bytes.extend_from_slice(&stored);
    let sum = blake3::hash(&bytes);
    bytes.extend_from_slice(sum.as_bytes());
    bytes
}

#[test]
fn a_record_declaring_a_huge_payload_is_corrupt_and_nothing_is_allocated_from_it() {
    let sphere = FiniteModule::sphere();
    let fresh = differentials(&run(&sphere, 20, 8, Algorithm::Nassau, None).0);
    // 8 GiB (above the global limit, 1 GiB) and 512 MiB (below it, but far more than the
    // generators of the bidegree can take).
    for (raw_len, above_limit) in [(8u64 << 30, true), (512 << 20, false)] {
        let tmp = tempfile::tempdir().expect("tempdir");
        let dir = tmp.path().join("save");
        run(&sphere, 20, 8, Algorithm::Nassau, Some(&dir));
        let save =
            SaveDir::open(&dir, &sphere, Algorithm::Nassau, SaveOptions::default()).expect("open");
        let (s, t) = (3u32, 10i32);
        std::fs::write(
            save.record_path(Bidegree::s_t(s, t)),
            record_declaring(&save.header().identity(), s, t, raw_len),
        )
        .expect("write");
        let mut res = Resolution::new(
            sphere.clone(),
            ResolutionConfig {
                max_stem: 20,
                max_s: 8,
            },
        )
        .expect("range");
        let report = res.resume(save).expect("resume");
        assert_eq!(report.corrupt.len(), 1, "{:?}", report.corrupt);
        let c = &report.corrupt[0];
        assert_eq!(
            (c.bidegree, c.reason.field),
            (Bidegree::s_t(s, t), "payload length"),
            "{}",
            c.reason
        );
        let expected = match c.reason.reason {
            CorruptReason::AboveLimit { declared, limit } => {
                above_limit && declared == raw_len && limit == 1 << 30
            }
            CorruptReason::MoreThanGenerators { declared, .. } => {
                !above_limit && declared as u64 == raw_len
            }
            _ => false,
        };
        assert!(expected, "{}", c.reason);
        // Recomputed: the same resolution as a fresh run.
        res.run(RunOptions {
            algorithm: Algorithm::Nassau,
            threads: 2,
            progress: None,
            offload: None,
            stop: None,
            hold: None,
            watch: None,
        })
        .expect("resolve");
        assert!(
            differentials(&res) == fresh,
            "{raw_len}: the resumed run differs from a fresh one"
        );
    }
}

#[cfg(unix)]
#[test]
fn a_record_that_is_not_a_regular_file_is_corrupt_and_never_opened() {
    let sphere = FiniteModule::sphere();
    let tmp = tempfile::tempdir().expect("tempdir");
    let dir = tmp.path().join("save");
    run(&sphere, 12, 5, Algorithm::Nassau, Some(&dir));
    let save =
        SaveDir::open(&dir, &sphere, Algorithm::Nassau, SaveOptions::default()).expect("open");
    let rec = save.record_path(Bidegree::s_t(2, 8));
    std::fs::remove_file(&rec).expect("remove");
    std::os::unix::fs::symlink("/dev/zero", &rec).expect("symlink");
    let mut res = Resolution::new(
        sphere.clone(),
        ResolutionConfig {
            max_stem: 12,
            max_s: 5,
        },
    )
    .expect("range");
    let report = res.resume(save).expect("resume");
    assert_eq!(report.corrupt.len(), 1, "{:?}", report.corrupt);
    let reason = &report.corrupt[0].reason;
    assert!(
        matches!(reason.reason, CorruptReason::File(ReadError::NotRegular)),
        "{reason}"
    );
    assert_eq!(reason.to_string(), "field file: not a regular file");
    let warning = report.warnings().next().expect("one warning").to_string();
    assert!(warning.contains(&rec.display().to_string()), "{warning}");
}

/// A save directory written by main's build before headers recorded a profile
/// (2026-11-30, before sub-Hopf algebras were recorded in the header: `adams resolve S_2 --max-stem 4 --max-s 2 --save-dir S_2-main --no-save-quasi-inverses`,
/// kept in `tests/data/saves/S_2-main`) opens unchanged — this build writes the very same
/// header for it — and resumes to a larger range as a fresh run.
#[test]
fn a_save_written_before_profiles_still_resumes() {
    let fixture = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/data/saves/S_2-main");
    let tmp = tempfile::tempdir().expect("tempdir");
    let dir = tmp.path().join("save");
    let files = walk(&fixture);
    assert_eq!(files.len(), 15, "the fixture's bidegree files");
    for f in files.iter().chain([&fixture.join("header")]) {
        let to = dir.join(f.strip_prefix(&fixture).unwrap());
        std::fs::create_dir_all(to.parent().unwrap()).unwrap();
        std::fs::copy(f, to).unwrap();
    }
    let sphere = FiniteModule::sphere();
    let header = std::fs::read_to_string(dir.join("header")).unwrap();
    assert!(!header.contains("profile"), "{header}");
    assert_eq!(
        resolution::save::Header::for_run(&sphere, Algorithm::Nassau).to_text(),
        header,
        "the header this build writes over A is the old one"
    );
    let (extended, loaded) = run(&sphere, 12, 6, Algorithm::Nassau, Some(&dir));
    assert_eq!(loaded, 15, "every old record loads");
    let fresh = differentials(&run(&sphere, 12, 6, Algorithm::Nassau, None).0);
    assert!(
        differentials(&extended) == fresh,
        "resumed run differs from a fresh one"
    );
}

/// A run stopped by its stop flag returns `Stopped` after the bidegree that set it, keeps
/// what it computed, and both the same resolution run again and a fresh one resumed from
/// its save directory end with the generators and differentials of an uninterrupted run.
#[test]
fn a_stopped_run_resumes_to_the_uninterrupted_result() {
    use std::sync::atomic::{AtomicBool, Ordering};
    let module = FiniteModule::sphere();
    let (max_stem, max_s) = (30, 12);
    let fresh = differentials(&run(&module, max_stem, max_s, Algorithm::Nassau, None).0);
    let tmp = tempfile::tempdir().expect("tempdir");
    let dir = tmp.path().join("save");
    let mut res =
        Resolution::new(module.clone(), ResolutionConfig { max_stem, max_s }).expect("range");
    let save = SaveDir::open(&dir, &module, Algorithm::Nassau, SaveOptions::default())
        .expect("open save dir");
    res.resume(save).expect("resume");
    let stop = AtomicBool::new(false);
    let mut progress = |p: &resolution::Progress| {
        if p.done == 10 {
            stop.store(true, Ordering::Relaxed);
        }
    };
    let err = res
        .run(RunOptions {
            algorithm: Algorithm::Nassau,
            threads: 2,
            progress: Some(&mut progress),
            offload: None,
            stop: Some(&stop),
            hold: None,
            watch: None,
        })
        .expect_err("stopped");
    match err {
        resolution::ResolutionError::Stopped { completed, total } => {
            assert_eq!(completed, 10, "stops after the bidegree that set the flag");
            assert!(total > completed, "{total}");
        }
        other => panic!("expected Stopped, got {other}"),
    }
    let (resumed, loaded) = run(&module, max_stem, max_s, Algorithm::Nassau, Some(&dir));
    assert!(
        loaded >= 10,
        "the stopped run's bidegrees are saved: {loaded}"
    );
    assert!(
        differentials(&resumed) == fresh,
        "resumed from the save directory"
    );
    res.run(RunOptions {
        algorithm: Algorithm::Nassau,
        threads: 2,
        ..RunOptions::default()
    })
    .expect("run to the end");
    assert!(
        differentials(&res) == fresh,
        "the stopped resolution run again"
    );
}

//! Row packs (`SaveOptions::pack_at`): a save directory whose record files were gathered
//! into packs holds far fewer files, resumes to the same resolution as an unpacked one and
//! as a run without a save directory (the independent computation here), serves the
//! quasi-inverses and a held run's spilled rows from its packs, and survives each state a
//! kill or a damaged disk leaves: a record both loose and packed, a pack's temporary file,
//! altered bytes in a packed record, a truncated pack, an altered pack index.

use std::fs;
use std::path::{Path, PathBuf};

use resolution::save::{SaveDir, SaveOptions, PACK_AT};
use resolution::{Algorithm, Bidegree, Hold, Resolution, ResolutionConfig, RunOptions};
use steenrod::module::FiniteModule;
use steenrod::MilnorAlgebra;

type Sphere = Resolution<FiniteModule<MilnorAlgebra>>;

const RANGE: ResolutionConfig = ResolutionConfig {
    max_stem: 30,
    max_s: 10,
};

fn options(pack_at: usize) -> SaveOptions {
    SaveOptions {
        pack_at,
        ..SaveOptions::default()
    }
}

/// The sphere through [`RANGE`] by Nassau's algorithm, resumed from `save` (opened with
/// `pack_at`) first when given, within `hold` when given; also the bidegrees loaded and
/// the corrupt records the resume reported.
fn run(save: Option<(&Path, usize)>, hold: Option<Hold>) -> (Sphere, usize, Vec<PathBuf>) {
    let module = FiniteModule::sphere();
    let mut res = Resolution::new(module.clone(), RANGE).expect("range");
    let (mut loaded, mut corrupt) = (0, Vec::new());
    if let Some((dir, pack_at)) = save {
        let save = SaveDir::open(dir, &module, Algorithm::Nassau, options(pack_at)).expect("open");
        let report = res.resume(save).expect("resume");
        loaded = report.loaded;
        corrupt = report.corrupt.iter().map(|c| c.path.clone()).collect();
        corrupt.extend(report.bad_packs.iter().map(|(p, _)| p.clone()));
        // One warning per bad pack, not one per record it held.
        let warned: Vec<String> = report.warnings().map(|w| w.to_string()).collect();
        let mut unique = warned.clone();
        unique.dedup();
        assert_eq!(unique, warned, "a warning repeated");
    }
    res.run(nassau(hold)).expect("resolve");
    (res, loaded, corrupt)
}

/// Nassau's algorithm on two threads, within `hold` when given.
fn nassau(hold: Option<Hold>) -> RunOptions<'static> {
    RunOptions {
        algorithm: Algorithm::Nassau,
        threads: 2,
        progress: None,
        offload: None,
        stop: None,
        hold,
        watch: None,
    }
}

/// Every generator's differential, bidegree by bidegree, reading spilled rows back.
fn differentials(res: &mut Sphere) -> Vec<(u32, i32, Vec<Vec<u64>>)> {
    let mut out = Vec::new();
    for s in 0..=RANGE.max_s {
        res.load_row(s).expect("row reads back");
        for t in s as i32..=RANGE.max_stem + s as i32 {
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

/// The files under `dir` (the lock file left out), and the row packs among them.
fn files(dir: &Path) -> (Vec<PathBuf>, Vec<PathBuf>) {
    let mut all = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for e in fs::read_dir(&d).expect("list") {
            let p = e.expect("entry").path();
            if p.is_dir() {
                stack.push(p);
            } else if p.file_name().is_some_and(|n| n != "lock") {
                all.push(p);
            }
        }
    }
    all.sort();
    let packs = all
        .iter()
        .filter(|p| p.extension().is_some_and(|e| e == "pack"))
        .cloned()
        .collect();
    (all, packs)
}

/// The record files in the row folder `row`.
fn loose_in(row: &Path) -> usize {
    fs::read_dir(row)
        .expect("row")
        .filter(|e| {
            let p = e.as_ref().expect("entry").path();
            p.extension().is_some_and(|x| x == "rec")
        })
        .count()
}

#[test]
fn a_packed_save_holds_few_files_and_resumes_to_the_same_resolution() {
    assert_eq!(
        PACK_AT, 64,
        "the default the guide and SAVE-FORMAT.md state"
    );
    let (mut fresh, _, _) = run(None, None);
    let expected = differentials(&mut fresh);
    let tmp = tempfile::tempdir().expect("tempdir");
    let (packed, loose) = (tmp.path().join("packed"), tmp.path().join("loose"));
    run(Some((&packed, 4)), None);
    run(Some((&loose, usize::MAX)), None);
    let bidegrees = expected.len();
    let (loose_files, no_packs) = files(&loose);
    assert!(no_packs.is_empty());
    assert_eq!(
        loose_files.len(),
        bidegrees + 1,
        "one file per bidegree and the header"
    );
    let (packed_files, packs) = files(&packed);
    assert!(!packs.is_empty());
    // Every row keeps fewer record files than make a pack.
    for s in 0..=RANGE.max_s {
        let row = packed.join(format!("s{s:03}"));
        assert!(
            loose_in(&row) < 4,
            "row {s}: {} record files",
            loose_in(&row)
        );
    }
    assert!(
        packed_files.len() * 3 < loose_files.len(),
        "{} files packed, {} unpacked",
        packed_files.len(),
        loose_files.len()
    );
    // Both resume whole, to the resolution computed without a save directory.
    for dir in [&packed, &loose] {
        let (mut again, loaded, corrupt) = run(Some((dir, 4)), None);
        assert_eq!((loaded, corrupt), (bidegrees, vec![]), "{}", dir.display());
        assert!(differentials(&mut again) == expected, "{}", dir.display());
    }
    // The quasi-inverses read from a pack are those read from a bidegree's own file.
    let module = FiniteModule::sphere();
    let a = SaveDir::open_existing(&packed, &module).expect("packed");
    let b = SaveDir::open_existing(&loose, &module).expect("loose");
    let mut packed_qi = 0;
    for &(s, t, _) in &expected {
        let at = Bidegree::s_t(s, t);
        let qa = a.read_quasi_inverse(at).expect("packed quasi-inverse");
        assert_eq!(qa, b.read_quasi_inverse(at).expect("own file"), "{at:?}");
        packed_qi +=
            usize::from(qa.is_some() && a.location(at).extension().is_some_and(|e| e == "pack"));
    }
    assert!(
        packed_qi > bidegrees / 2,
        "{packed_qi} quasi-inverses read from packs"
    );
    assert_eq!(a.bidegree_files().expect("list").len(), bidegrees);
}

#[test]
fn a_held_run_reads_its_spilled_rows_from_packs() {
    let (mut fresh, _, _) = run(None, None);
    let expected = differentials(&mut fresh);
    let tmp = tempfile::tempdir().expect("tempdir");
    let dir = tmp.path().join("save");
    let (mut held, _, _) = run(Some((&dir, 3)), Some(Hold { row_bytes: 1 }));
    assert!(!held.spilled_rows().is_empty());
    assert!(!files(&dir).1.is_empty(), "packs were made");
    assert!(differentials(&mut held) == expected);
}

/// A packed save of the sphere through [`RANGE`] in `tmp/name`, and the bidegrees of the
/// range.
fn packed_save(tmp: &Path, name: &str) -> (PathBuf, usize) {
    let dir = tmp.join(name);
    let (res, _, _) = run(Some((&dir, 4)), None);
    drop(res);
    let (mut fresh, _, _) = run(None, None);
    (dir, differentials(&mut fresh).len())
}

/// The first pack of row 3.
fn a_pack(dir: &Path) -> PathBuf {
    let p = dir.join("s003").join("pack0000.pack");
    assert!(p.is_file(), "{}", p.display());
    p
}

#[test]
fn what_a_kill_leaves_resumes_whole() {
    let tmp = tempfile::tempdir().expect("tempdir");
    let (dir, bidegrees) = packed_save(tmp.path(), "save");
    let (loose, _) = {
        let d = tmp.path().join("loose");
        run(Some((&d, usize::MAX)), None);
        (d, ())
    };
    // Killed after the pack was renamed in, before its record files were removed: the
    // records are both loose and packed, with the same bytes.
    let row = dir.join("s003");
    let mut copied = 0;
    for e in fs::read_dir(loose.join("s003")).expect("row") {
        let p = e.expect("entry").path();
        let to = row.join(p.file_name().expect("name"));
        if !to.exists() {
            fs::copy(&p, &to).expect("copy");
            copied += 1;
        }
    }
    assert!(copied >= 4, "{copied} records copied back beside the packs");
    // Killed while writing a pack: its temporary file.
    let tmp_pack = row.join(".pack0009.pack.12345.0.tmp");
    fs::write(&tmp_pack, b"ADAMSPAK half a pack").expect("write");
    let (mut again, loaded, corrupt) = run(Some((&dir, 4)), None);
    assert_eq!((loaded, corrupt), (bidegrees, vec![]));
    assert!(!tmp_pack.exists(), "the temporary pack is removed");
    let (mut fresh, _, _) = run(None, None);
    assert!(differentials(&mut again) == differentials(&mut fresh));
}

/// Resumes `dir` after damaging it with `damage`: the records of row 3 that were in its
/// first pack are reported corrupt, naming the pack, and recomputed to the fresh result;
/// the next resume loads every bidegree.
fn damaged_pack_is_recomputed(name: &str, damage: impl Fn(&Path)) {
    let tmp = tempfile::tempdir().expect("tempdir");
    let (dir, bidegrees) = packed_save(tmp.path(), name);
    let pack = a_pack(&dir);
    damage(&pack);
    let (mut again, loaded, corrupt) = run(Some((&dir, 4)), None);
    assert!(loaded < bidegrees, "{name}: {loaded} of {bidegrees} loaded");
    assert!(!corrupt.is_empty(), "{name}: no corrupt record reported");
    assert!(corrupt.iter().all(|p| p == &pack), "{name}: {corrupt:?}");
    let (mut fresh, _, _) = run(None, None);
    assert!(
        differentials(&mut again) == differentials(&mut fresh),
        "{name}"
    );
    drop(again);
    let (_, loaded, corrupt) = run(Some((&dir, 4)), None);
    assert_eq!(
        (loaded, corrupt),
        (bidegrees, vec![]),
        "{name}: the recomputed records"
    );
}

#[test]
fn an_altered_packed_record_is_recomputed() {
    damaged_pack_is_recomputed("record", |pack| {
        let mut bytes = fs::read(pack).expect("read");
        let at = bytes.len() - 40;
        bytes[at] ^= 0x10;
        fs::write(pack, bytes).expect("write");
    });
}

#[test]
fn a_truncated_pack_is_recomputed() {
    damaged_pack_is_recomputed("truncated", |pack| {
        let len = fs::metadata(pack).expect("meta").len();
        let f = fs::OpenOptions::new().write(true).open(pack).expect("open");
        f.set_len(len - 7).expect("truncate");
    });
}

#[test]
fn an_altered_pack_index_is_recomputed() {
    damaged_pack_is_recomputed("index", |pack| {
        let mut bytes = fs::read(pack).expect("read");
        bytes[20] ^= 0x01;
        fs::write(pack, bytes).expect("write");
    });
}

#[test]
fn a_pack_of_the_last_number_is_never_replaced_and_odd_names_are_reported() {
    let tmp = tempfile::tempdir().expect("tempdir");
    let dir = tmp.path().join("save");
    let module = FiniteModule::sphere();
    let small = ResolutionConfig {
        max_stem: 10,
        max_s: 1,
    };
    let resolve = |config: ResolutionConfig| {
        let mut res = Resolution::new(module.clone(), config).expect("range");
        let save = SaveDir::open(&dir, &module, Algorithm::Nassau, options(4)).expect("open");
        let report = res.resume(save).expect("resume");
        res.run(nassau(None)).expect("resolve");
        report
    };
    resolve(small);
    let row = dir.join("s000");
    let first = fs::read(row.join("pack0000.pack")).expect("the first pack");
    // A pack numbered u32::MAX (an empty file: its index does not check) leaves no number
    // for the next pack: the row stays unpacked, and pack 0 is untouched.
    fs::write(row.join("pack4294967295.pack"), b"").expect("write");
    fs::write(row.join("pack7.pack"), b"not ours").expect("write");
    let report = resolve(ResolutionConfig {
        max_stem: 30,
        max_s: 1,
    });
    assert_eq!(fs::read(row.join("pack0000.pack")).expect("pack 0"), first);
    let bad: Vec<String> = report
        .bad_packs
        .iter()
        .map(|(p, c)| format!("{} {c}", p.file_name().unwrap().to_string_lossy()))
        .collect();
    assert_eq!(bad.len(), 2, "{bad:?}");
    assert!(
        bad.iter()
            .any(|b| b.starts_with("pack4294967295.pack field pack index")),
        "{bad:?}"
    );
    assert!(
        bad.iter()
            .any(|b| b.starts_with("pack7.pack field pack name")),
        "{bad:?}"
    );
    assert!(loose_in(&row) > 4, "the row was left unpacked");
    // Every record is still found.
    let again = resolve(ResolutionConfig {
        max_stem: 30,
        max_s: 1,
    });
    assert_eq!(again.loaded, again.bidegrees);
}

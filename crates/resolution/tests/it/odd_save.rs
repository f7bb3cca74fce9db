//! Save and resume at odd primes through the library (`SAVE-FORMAT.md`, "Odd primes"): a
//! resolution resumed from a save directory — whole, or with a corrupted record — has the
//! same generators and differentials as one computed in one go (the classical algorithm);
//! a directory made at another prime is refused naming both primes. Records missing and a
//! range extended are tested at every prime in `save.rs`.

use std::path::{Path, PathBuf};

use fp::{Prime, ValidPrime};
use resolution::save::{module_hash, CorruptReason, ResumeReport, SaveDir, SaveError, SaveOptions};
use resolution::Resolution;
use resolution::{Algorithm, Bidegree, ResolutionConfig, RunOptions};
use steenrod::module::FiniteModule;
use steenrod::MilnorAlgebra;

/// Every bidegree of the range with the differentials of its generators (as entries).
type Differentials = Vec<(Bidegree, Vec<Vec<u32>>)>;

fn differentials(res: &Resolution<FiniteModule<MilnorAlgebra<ValidPrime>>>) -> Differentials {
    let config = res.config();
    let min = res.module().min_degree();
    let mut out = Vec::new();
    for s in 0..=config.max_s {
        for n in min..=config.max_stem {
            let b = Bidegree::n_s(n, s);
            let gens = res.free_module(s).gens(b.t());
            out.push((b, gens.iter().map(|d| d.value.entries()).collect()));
        }
    }
    out
}

fn sphere(p: u32) -> FiniteModule<MilnorAlgebra<ValidPrime>> {
    FiniteModule::<MilnorAlgebra<ValidPrime>>::sphere_at(ValidPrime::new(p).expect("a prime"))
}

/// Opens `dir` for a classical run on `module` (`SaveDir::open`, as `adams resolve` at an
/// odd prime: no quasi-inverse records there).
fn open_classical(
    dir: &Path,
    module: &FiniteModule<MilnorAlgebra<ValidPrime>>,
) -> Result<SaveDir, SaveError> {
    SaveDir::open(dir, module, Algorithm::Classical, SaveOptions::default())
}

fn config(max_stem: i32, max_s: u32) -> ResolutionConfig {
    ResolutionConfig { max_stem, max_s }
}

/// Resolves `module` over the range, resuming from `save` first if given.
fn run(
    module: &FiniteModule<MilnorAlgebra<ValidPrime>>,
    max_stem: i32,
    max_s: u32,
    save: Option<&Path>,
) -> (
    Resolution<FiniteModule<MilnorAlgebra<ValidPrime>>>,
    ResumeReport,
) {
    let mut res = Resolution::<FiniteModule<MilnorAlgebra<ValidPrime>>>::new(
        module.clone(),
        config(max_stem, max_s),
    )
    .expect("range");
    let mut report = ResumeReport::default();
    if let Some(dir) = save {
        let save = open_classical(dir, module).expect("open save dir");
        report = res.resume(save).expect("resume");
    }
    resolve_rest(&mut res);
    (res, report)
}

/// Computes what `res` does not hold yet (classical, 2 threads).
fn resolve_rest(res: &mut Resolution<FiniteModule<MilnorAlgebra<ValidPrime>>>) {
    res.run(RunOptions {
        algorithm: Algorithm::Classical,
        threads: 2,
        ..RunOptions::default()
    })
    .expect("resolve");
}

/// The bidegree files of a save directory, in path order.
fn records(dir: &Path) -> Vec<PathBuf> {
    let mut out: Vec<PathBuf> = std::fs::read_dir(dir)
        .expect("dir")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.is_dir())
        .flat_map(|row| {
            std::fs::read_dir(row)
                .expect("row")
                .map(|e| e.expect("e").path())
        })
        .collect();
    out.sort();
    out
}

/// A run of `module` over the range without a save directory, and one that creates a save
/// directory (in a temporary folder, deleted with the returned guard): it loads nothing and
/// finds the same differentials. Returns the fresh run and the directory.
fn fresh_and_saved(
    module: &FiniteModule<MilnorAlgebra<ValidPrime>>,
    max_stem: i32,
    max_s: u32,
) -> (
    Resolution<FiniteModule<MilnorAlgebra<ValidPrime>>>,
    tempfile::TempDir,
    PathBuf,
) {
    let (fresh, _) = run(module, max_stem, max_s, None);
    let tmp = tempfile::tempdir().expect("tempdir");
    let dir = tmp.path().join("save");
    let (saved, report) = run(module, max_stem, max_s, Some(&dir));
    assert_eq!(report.loaded, 0);
    assert!(differentials(&saved) == differentials(&fresh));
    (fresh, tmp, dir)
}

#[test]
fn a_resumed_run_has_the_same_ext_and_differentials() {
    let s3 = sphere(3);
    let (fresh, _tmp, dir) = fresh_and_saved(&s3, 30, 10);
    let header = std::fs::read_to_string(dir.join("header")).expect("header");
    assert!(header.contains("\nprime = 3\n"), "{header}");
    assert!(header.contains("\nalgorithm = classical\n"), "{header}");
    // Every full bidegree of the range has its file, and a second run loads them all.
    let all = differentials(&fresh).len();
    assert_eq!(records(&dir).len(), all);
    let (resumed, report) = run(&s3, 30, 10, Some(&dir));
    assert_eq!((report.loaded, report.bidegrees), (all, all));
    assert!(report.corrupt.is_empty(), "{:?}", report.corrupt);
    assert_eq!(resumed.ext(), fresh.ext());
    assert!(differentials(&resumed) == differentials(&fresh));
    // What was loaded is an exact, minimal complex (the certificate's own checks).
    resumed
        .certify(resumed.config(), 2)
        .expect("the loaded resolution is certified");
}

#[test]
fn a_flipped_byte_is_reported_and_recomputed() {
    let s3 = sphere(3);
    let (fresh, _tmp, dir) = fresh_and_saved(&s3, 30, 10);
    // h_0 at (stem 3, s 1): t = 4.
    let b = Bidegree::n_s(3, 1);
    let path = open_classical(&dir, &s3).expect("open").record_path(b);
    let mut bytes = std::fs::read(&path).expect("read");
    let middle = bytes.len() / 2;
    bytes[middle] ^= 0x04;
    std::fs::write(&path, bytes).expect("write");
    let (resumed, report) = run(&s3, 30, 10, Some(&dir));
    assert_eq!(report.corrupt.len(), 1, "{:?}", report.corrupt);
    let c = &report.corrupt[0];
    assert_eq!((c.bidegree, c.reason.field), (b, "checksum"));
    assert!(matches!(c.reason.reason, CorruptReason::Checksum));
    let warning = report.warnings().next().expect("a warning").to_string();
    assert!(
        warning.contains(&path.display().to_string()) && warning.contains("(stem 3, s 1)"),
        "{warning}"
    );
    // It and every bidegree above and to the right of it (s ≥ 1, stem ≥ 3: 10 rows of 28
    // stems) were recomputed, the rest loaded.
    assert_eq!(report.loaded, differentials(&fresh).len() - 10 * 28);
    assert_eq!(report.not_loaded_dependents, 10 * 28 - 1);
    assert!(differentials(&resumed) == differentials(&fresh));
}

/// A generators record of `(s, t)` for the directory with `identity`, with a valid
/// checksum and an uncompressed `payload` (`SAVE-FORMAT.md`, "Bidegree files").
fn record(identity: &[u8; 16], b: Bidegree, payload: &[u8]) -> Vec<u8> {
    let mut bytes = b"ADAMSREC".to_vec();
    bytes.extend_from_slice(&resolution::save::FORMAT_VERSION.to_le_bytes());
    bytes.extend_from_slice(&[1, 0]);
    bytes.extend_from_slice(identity);
    bytes.extend_from_slice(&b.s().to_le_bytes());
    bytes.extend_from_slice(&b.t().to_le_bytes());
    bytes.extend_from_slice(&(payload.len() as u64).to_le_bytes());
    bytes.extend_from_slice(&(payload.len() as u64).to_le_bytes());
    bytes.extend_from_slice(payload);
    let sum = blake3::hash(&bytes);
    bytes.extend_from_slice(sum.as_bytes());
    bytes
}

#[test]
fn packed_entries_that_are_not_mod_p_are_corrupt() {
    let s3 = sphere(3);
    let (fresh, _tmp, dir) = fresh_and_saved(&s3, 12, 4);
    let save = open_classical(&dir, &s3).expect("open");
    // Asked for quasi-inverses (the default), an odd-primary directory keeps none.
    assert!(!save.options().quasi_inverses);
    // a_0 at (s 1, t 1): d(a_0) = β·ι, one entry of (C_0)_1 = A_1 (3 bits at p = 3).
    let b = Bidegree::s_t(1, 1);
    let identity = save.header().identity();
    for (limb, why) in [(3u64, "entry 0 is 3"), (1 << 5, "bits set outside")] {
        let mut payload = 1u32.to_le_bytes().to_vec();
        payload.extend_from_slice(&1u64.to_le_bytes());
        payload.extend_from_slice(&limb.to_le_bytes());
        std::fs::write(save.record_path(b), record(&identity, b, &payload)).expect("write");
        let mut res =
            Resolution::<FiniteModule<MilnorAlgebra<ValidPrime>>>::new(s3.clone(), config(12, 4))
                .expect("range");
        let report = res
            .resume(open_classical(&dir, &s3).expect("open"))
            .expect("resume");
        assert_eq!(report.corrupt.len(), 1, "{:?}", report.corrupt);
        let c = &report.corrupt[0];
        assert_eq!((c.bidegree, c.reason.field), (b, "differentials"));
        assert!(
            matches!(c.reason.reason, CorruptReason::Limbs(_)),
            "{}",
            c.reason
        );
        assert!(c.reason.to_string().contains(why), "{}", c.reason);
        resolve_rest(&mut res);
        assert!(differentials(&res) == differentials(&fresh));
    }
}

/// The refusal of opening `dir`, with its field and message.
fn refusal(result: Result<SaveDir, SaveError>) -> (String, String) {
    let Err(e) = result else {
        panic!("the directory was opened")
    };
    let SaveError::Refused { reason, .. } = &e else {
        panic!("not a refusal: {e}")
    };
    (reason.field().into_owned(), e.to_string())
}

#[test]
fn a_directory_of_another_prime_is_refused_naming_both() {
    let tmp = tempfile::tempdir().expect("tempdir");
    let (d2, d3) = (tmp.path().join("p2"), tmp.path().join("p3"));
    let s2 = FiniteModule::sphere();
    let options = SaveOptions::default();
    SaveDir::open(&d2, &s2, Algorithm::Classical, options).expect("create p = 2");
    open_classical(&d3, &sphere(3)).expect("create p = 3");
    for (field, text) in [
        refusal(open_classical(&d2, &sphere(3))),
        refusal(SaveDir::open(&d3, &s2, Algorithm::Classical, options)),
        refusal(SaveDir::open(&d3, &s2, Algorithm::Nassau, options)),
        refusal(open_classical(&d3, &sphere(5))),
    ] {
        assert_eq!(field, "prime", "{text}");
        assert!(text.contains("made at p = "), "{text}");
    }
    let (_, text) = refusal(open_classical(&d2, &sphere(3)));
    assert!(
        text.contains("made at p = 2, this run is at p = 3"),
        "{text}"
    );
    let (_, text) = refusal(SaveDir::open(&d3, &s2, Algorithm::Nassau, options));
    assert!(
        text.contains("made at p = 3, this run is at p = 2"),
        "{text}"
    );
    let (_, text) = refusal(open_classical(&d3, &sphere(5)));
    assert!(
        text.contains("made at p = 3, this run is at p = 5"),
        "{text}"
    );
    // The same prime and another module: the module hash.
    let c3 = FiniteModule::<MilnorAlgebra<ValidPrime>>::from_bundled_module("C3").expect("C3");
    let (field, _) = refusal(open_classical(&d3, &c3));
    assert_eq!(field, "module-hash");
    // Nothing was written to a refused directory.
    assert_eq!(records(&d2).len() + records(&d3).len(), 0);
}

#[test]
fn the_odd_module_hash_fixes_the_action_not_the_names() {
    let module = |names: [&str; 2], action: &str| {
        let text = format!(
            r#"{{"p": 3, "type": "finite dimensional module", "gens": {{"{}": 0, "{}": 4}}, "actions": [{action}]}}"#,
            names[0], names[1]
        );
        FiniteModule::<MilnorAlgebra<ValidPrime>>::from_text("m.json", &text).expect("module")
    };
    let a = module(["x0", "x4"], r#""P1 x0 = x4""#);
    let renamed = module(["y0", "y4"], r#""P1 y0 = y4""#);
    let twice = module(["x0", "x4"], r#""P1 x0 = 2 x4""#);
    let none = module(["x0", "x4"], "");
    assert_eq!(module_hash(&a), module_hash(&renamed));
    assert_ne!(module_hash(&a), module_hash(&twice));
    assert_ne!(module_hash(&a), module_hash(&none));
    assert_ne!(module_hash(&sphere(3)), module_hash(&sphere(5)));
    assert_eq!(a.prime().value(), 3);
}

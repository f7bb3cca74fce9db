//! A run within a memory budget ([`resolution::Hold`]): resolved a band of rows at a time,
//! the rows no later step reads spilled to the save directory. Its Ext, its differentials
//! (read back) and its chart products equal those of a run that keeps every row — the
//! independent computation here is the unbudgeted run itself — at p = 2 by both
//! algorithms (the classical one hands kernels from one band to the next) and at p = 3.
//! The rows in memory stay within the budget, and a corrupt record of a spilled row is
//! reported when the row is read back, naming the field.

use fp::{ValidPrime, Vector};
use resolution::products::{chart_products, Primitive};
use resolution::save::{SaveAlgebra, SaveDir, SaveError, SaveOptions};
use resolution::{
    chart_products_loading, Algorithm, Bidegree, Hold, Resolution, ResolutionConfig, Resolvable,
    RunOptions, Watch,
};
use steenrod::module::FiniteModule;
use steenrod::MilnorAlgebra;

/// Resolves `module` through the range by `algorithm`, within `hold` (then with a fresh
/// save directory in `dir`) or keeping every row.
fn resolve<A: SaveAlgebra>(
    module: &FiniteModule<A>,
    config: ResolutionConfig,
    algorithm: Algorithm,
    hold: Option<(Hold, &std::path::Path)>,
) -> (Resolution<FiniteModule<A>>, Option<resolution::HoldReport>)
where
    FiniteModule<A>: Resolvable,
{
    let mut res = Resolution::new(module.clone(), config).expect("range");
    if let Some((_, dir)) = hold {
        let options = SaveOptions {
            quasi_inverses: false,
            ..SaveOptions::default()
        };
        let save = SaveDir::open(dir, module, algorithm, options).expect("open save dir");
        res.resume(save).expect("fresh directory");
    }
    let report = res
        .run(RunOptions {
            algorithm,
            // One worker for a held run: its bands are then at least two rows (one more
            // than the workers), so the rows in memory can be held to about half here.
            threads: if hold.is_some() { 1 } else { 2 },
            hold: hold.map(|(h, _)| h),
            ..RunOptions::default()
        })
        .expect("resolve");
    (res, report.held)
}

/// The limbs of every generator's differential, row by row, reading spilled rows back.
fn differentials<A: SaveAlgebra>(res: &mut Resolution<FiniteModule<A>>) -> Vec<Vec<Vec<u64>>>
where
    FiniteModule<A>: Resolvable,
{
    let config = res.config();
    (0..=config.max_s)
        .map(|s| {
            res.load_row(s).expect("spilled row reads back");
            let row = res.free_module(s);
            (s as i32..=config.max_stem + s as i32)
                .flat_map(|t| row.gens(t).iter().map(|d| d.value.limbs().to_vec()))
                .collect()
        })
        .collect()
}

#[test]
fn a_held_run_equals_one_that_keeps_every_row() {
    let config = ResolutionConfig {
        max_stem: 36,
        max_s: 18,
    };
    let sphere = FiniteModule::<MilnorAlgebra>::from_bundled("S_2").expect("S_2");
    let s3 = FiniteModule::<MilnorAlgebra<ValidPrime>>::sphere_at(ValidPrime::new(3).expect("3"));
    for (algorithm, p3) in [
        (Algorithm::Nassau, false),
        (Algorithm::Classical, false),
        (Algorithm::Classical, true),
    ] {
        let tmp = tempfile::tempdir().expect("tempdir");
        if p3 {
            let (mut whole, _) = resolve(&s3, config, algorithm, None);
            let budget = Hold {
                row_bytes: whole.resident_row_bytes() / 8,
            };
            let (mut held, report) = resolve(&s3, config, algorithm, Some((budget, tmp.path())));
            let report = report.expect("a held run reports");
            assert!(report.spilled_rows > 0 && report.bands > 1, "{report:?}");
            assert_eq!(held.ext(), whole.ext());
            let xs = [Primitive::A0, Primitive::H(0)];
            let loaded = chart_products_loading(&mut held, &xs).expect("rows read back");
            assert_eq!(loaded, chart_products(&whole, &xs));
            assert_eq!(differentials(&mut held), differentials(&mut whole));
            continue;
        }
        let (mut whole, _) = resolve(&sphere, config, algorithm, None);
        let whole_bytes = whole.resident_row_bytes();
        // 60% of what the rows take together; the four largest rows (two kept and a band
        // of two) take about half here (stem 36), so the bands must be short to hold it.
        let budget = Hold {
            row_bytes: whole_bytes * 3 / 5,
        };
        let (mut held, report) = resolve(&sphere, config, algorithm, Some((budget, tmp.path())));
        let report = report.expect("a held run reports");
        assert!(
            report.spilled_rows > 0 && report.bands > 1,
            "{algorithm:?}: {report:?}"
        );
        assert!(
            report.peak_row_bytes <= budget.row_bytes,
            "{algorithm:?}: rows in memory peaked at {} bytes, budget {}",
            report.peak_row_bytes,
            budget.row_bytes
        );
        assert_eq!(held.ext(), whole.ext(), "{algorithm:?}");
        let xs = [0, 1, 2, 3].map(Primitive::H);
        let loaded = chart_products_loading(&mut held, &xs).expect("rows read back");
        assert_eq!(loaded, chart_products(&whole, &xs), "{algorithm:?}");
        assert_eq!(differentials(&mut held), differentials(&mut whole));
    }
}

#[test]
fn a_corrupt_record_of_a_spilled_row_is_reported_when_read_back() {
    let config = ResolutionConfig {
        max_stem: 20,
        max_s: 10,
    };
    let sphere = FiniteModule::<MilnorAlgebra>::from_bundled("S_2").expect("S_2");
    let tmp = tempfile::tempdir().expect("tempdir");
    let hold = Hold { row_bytes: 1 };
    let (mut held, _) = resolve(&sphere, config, Algorithm::Nassau, Some((hold, tmp.path())));
    assert!(
        held.spilled_rows().contains(&3),
        "{:?}",
        held.spilled_rows()
    );
    let b = (3..=23)
        .map(|t| Bidegree::s_t(3, t))
        .find(|&b| held.free_module(3).gens_in_degree(b.t()) > 0)
        .expect("row 3 has generators");
    let path = held.save_dir().expect("attached").record_path(b);
    let mut bytes = std::fs::read(&path).expect("record");
    let last = bytes.len() - 1;
    bytes[last] ^= 0x55;
    std::fs::write(&path, &bytes).expect("rewrite");
    match held.load_row(3) {
        Err(SaveError::Corrupt { .. }) => {}
        other => panic!("a corrupt record of a spilled row read back as {other:?}"),
    }
    let message = held.load_row(3).unwrap_err().to_string();
    assert!(message.contains(&path.display().to_string()), "{message}");
}

/// Resolves `module` without a save directory, watched at `trip` resident bytes and then
/// within `hold`.
fn watched<A: SaveAlgebra>(
    module: &FiniteModule<A>,
    config: ResolutionConfig,
    algorithm: Algorithm,
    watch: Watch,
) -> (Resolution<FiniteModule<A>>, resolution::RunReport)
where
    FiniteModule<A>: Resolvable,
{
    let mut res = Resolution::new(module.clone(), config).expect("range");
    let report = res
        .run(RunOptions {
            algorithm,
            threads: 1,
            watch: Some(watch),
            ..RunOptions::default()
        })
        .expect("resolve");
    (res, report)
}

#[test]
fn a_watched_run_past_its_mark_goes_on_within_its_budget_to_the_same_resolution() {
    let config = ResolutionConfig {
        max_stem: 36,
        max_s: 18,
    };
    let sphere = FiniteModule::<MilnorAlgebra>::from_bundled("S_2").expect("S_2");
    for algorithm in [Algorithm::Nassau, Algorithm::Classical] {
        let (mut whole, _) = resolve(&sphere, config, algorithm, None);
        // Any process is past one byte: the switch comes at the first completed bidegree.
        let watch = Watch {
            trip_bytes: 1,
            hold: Hold {
                row_bytes: whole.resident_row_bytes() / 8,
            },
        };
        let (mut held, report) = watched(&sphere, config, algorithm, watch);
        let held_report = report.held.expect("a run past its mark goes on held");
        assert!(
            held_report.watch_resident.is_some_and(|r| r > 1),
            "{held_report:?}"
        );
        assert!(
            held_report.spilled_rows > 0,
            "{algorithm:?}: {held_report:?}"
        );
        let spill = held
            .save_dir()
            .expect("a temporary save directory")
            .dir()
            .to_path_buf();
        assert!(spill.is_dir());
        assert_eq!(held.ext(), whole.ext(), "{algorithm:?}");
        let xs = [0, 1, 2, 3].map(Primitive::H);
        let loaded = chart_products_loading(&mut held, &xs).expect("rows read back");
        assert_eq!(loaded, chart_products(&whole, &xs), "{algorithm:?}");
        assert_eq!(differentials(&mut held), differentials(&mut whole));
        drop(held);
        assert!(
            !spill.exists(),
            "the temporary save directory is removed with the resolution"
        );
    }
    // At p = 3 (no quasi-inverse records, F_3 limbs).
    let s3 = FiniteModule::<MilnorAlgebra<ValidPrime>>::sphere_at(ValidPrime::new(3).expect("3"));
    let (mut whole, _) = resolve(&s3, config, Algorithm::Classical, None);
    let watch = Watch {
        trip_bytes: 1,
        hold: Hold {
            row_bytes: whole.resident_row_bytes() / 8,
        },
    };
    let (mut held, report) = watched(&s3, config, Algorithm::Classical, watch);
    assert!(
        report.held.is_some_and(|h| h.spilled_rows > 0),
        "{:?}",
        report.held
    );
    assert_eq!(held.ext(), whole.ext());
    assert_eq!(differentials(&mut held), differentials(&mut whole));
}

#[test]
fn a_watched_run_below_its_mark_keeps_every_row_and_writes_nothing() {
    let config = ResolutionConfig {
        max_stem: 30,
        max_s: 15,
    };
    let sphere = FiniteModule::<MilnorAlgebra>::from_bundled("S_2").expect("S_2");
    let (whole, _) = resolve(&sphere, config, Algorithm::Nassau, None);
    let watch = Watch {
        trip_bytes: u64::MAX,
        hold: Hold { row_bytes: 1 },
    };
    let (res, report) = watched(&sphere, config, Algorithm::Nassau, watch);
    assert!(report.held.is_none(), "{:?}", report.held);
    assert!(res.save_dir().is_none(), "no save directory is made");
    assert!(res.spilled_rows().is_empty());
    assert_eq!(res.ext(), whole.ext());
}

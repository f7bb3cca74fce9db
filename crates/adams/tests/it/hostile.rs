//! Misuse and faults, as a new user meets them: each numbered case of the hostile-input
//! report keeps a test here, asserting the exit status and the first words of the
//! message. (Two concurrent runs and `kill -9` of a holder, with real processes on both
//! sides: `save_lock.rs`.)
//!
//! Running as root (where a folder's mode does not stop a write), the runs that must
//! meet a read-only folder are started as the unprivileged uid 65534, so that each test
//! fails if the check it is about is missing.

use std::fs;
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::time::{Duration, Instant};

use crate::common::{adams_in, assert_one_line_error, ok, stderr};

/// `adams ARGS` in `cwd`, as an unprivileged user when this test runs as root.
fn adams_unprivileged(cwd: &Path, args: &[&str]) -> Output {
    let mut c = Command::new(env!("CARGO_BIN_EXE_adams"));
    c.args(args).current_dir(cwd);
    // SAFETY: geteuid has no preconditions.
    if unsafe { libc::geteuid() } == 0 {
        use std::os::unix::process::CommandExt;
        c.uid(65534).gid(65534);
    }
    c.output().expect("cannot start the adams binary")
}

/// A temporary folder any user may write in (the runs of [`adams_unprivileged`] work there).
fn open_tempdir() -> tempfile::TempDir {
    let tmp = tempfile::tempdir().expect("tempdir");
    fs::set_permissions(tmp.path(), fs::Permissions::from_mode(0o777)).expect("chmod");
    tmp
}

/// Makes `path` and everything under it read-only (folders stay listable).
fn read_only(path: &Path) {
    let meta = fs::metadata(path).expect("stat");
    let mode = if meta.is_dir() { 0o555 } else { 0o444 };
    if meta.is_dir() {
        for e in fs::read_dir(path).expect("list") {
            read_only(&e.expect("entry").path());
        }
    }
    fs::set_permissions(path, fs::Permissions::from_mode(mode)).expect("chmod");
}

/// Asserts the one-line error with exit `code` starting with `first` (the message's first
/// words, after `error: `).
fn refused_with(o: &Output, code: i32, first: &str) {
    assert_one_line_error(o, code, &[]);
    let err = stderr(o);
    assert!(
        err.starts_with(&format!("error: {first}")),
        "stderr {err:?} should start with {first:?}"
    );
}

/// `adams resolve --max-stem 10 --max-s 5 -q --save-dir DIR` in `cwd`, asserting success.
fn save_small_sphere(cwd: &Path, dir: &str) {
    let range = ["--max-stem", "10", "--max-s", "5", "-q"];
    let mut args = vec!["resolve"];
    args.extend(range);
    args.extend(["--save-dir", dir]);
    ok(adams_in(cwd, &args));
}

// Case 1: two processes on one --save-dir.

#[test]
fn case_1_a_save_dir_another_process_holds_is_refused_naming_its_pid() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("save");
    save_small_sphere(tmp.path(), "save");
    // This test process holds the lock, as a running adams does (flock on DIR/lock).
    let lock = fs::OpenOptions::new()
        .write(true)
        .open(dir.join("lock"))
        .unwrap();
    lock.lock().unwrap();
    fs::write(dir.join("lock"), format!("{}\n", std::process::id())).unwrap();
    let before = crate::common::files(&dir);
    for command in [
        "resolve --max-stem 12 --max-s 6 --save-dir save",
        "d2 --max-stem 10 --max-s 5 --save-dir save",
        "products --by h0 --max-stem 10 --max-s 5 --save-dir save",
    ] {
        let args: Vec<&str> = command.split(' ').collect();
        let o = adams_in(tmp.path(), &args);
        refused_with(
            &o,
            2,
            &format!(
                "save directory save: field lock: another adams process (pid {}) holds it",
                std::process::id()
            ),
        );
    }
    assert_eq!(
        crate::common::files(&dir),
        before,
        "a refused run changed the folder"
    );
    drop(lock);
    ok(adams_in(
        tmp.path(),
        &[
            "resolve",
            "--max-stem",
            "12",
            "--max-s",
            "6",
            "-q",
            "--save-dir",
            "save",
        ],
    ));
}

// Case 2: certify --module OTHER.

#[test]
fn case_2_certify_refuses_another_module_at_either_prime() {
    let tmp = tempfile::tempdir().unwrap();
    for (module, save) in [("S_2", "s2"), ("S_3", "s3")] {
        ok(adams_in(
            tmp.path(),
            &[
                "resolve",
                module,
                "--max-stem",
                "10",
                "--max-s",
                "4",
                "-q",
                "--no-chart",
                "--save-dir",
                save,
            ],
        ));
    }
    for (save, other) in [("s2", "C2"), ("s2", "Ceta"), ("s2", "Joker"), ("s3", "C3")] {
        let o = adams_in(tmp.path(), &["certify", save, "--module", other]);
        refused_with(&o, 2, &format!("save directory {save}: field module-hash"));
    }
}

// Case 3: read-only folders are found before any work.

/// A map file of the project (crates/steenrod/MAP-FORMAT.md).
const MAP: &str = "C2-pinch.json";

#[test]
fn case_3_a_read_only_output_folder_is_refused_before_any_work() {
    let tmp = open_tempdir();
    let out = tmp.path().join("ro");
    fs::create_dir(&out).unwrap();
    read_only(&out);
    let root = crate::common::repository_root();
    let map = root.join("maps").join(MAP);
    let cofiber = root.join("tests/data/sseq-input/cofiber_C4.json");
    let (map, cofiber) = (map.to_str().unwrap(), cofiber.to_str().unwrap());
    let commands: Vec<Vec<&str>> = vec![
        vec!["map", map, "--max-stem", "40", "--max-s", "20"],
        vec!["cofiber", cofiber, "--max-stem", "40", "--max-s", "20"],
        vec!["resolve", "--max-stem", "40", "--max-s", "20"],
        vec![
            "products",
            "--by",
            "h1",
            "--max-stem",
            "40",
            "--max-s",
            "20",
        ],
        vec![
            "massey",
            "S_2",
            "h0",
            "h1",
            "-",
            "--max-stem",
            "40",
            "--max-s",
            "20",
        ],
        vec!["d2", "--max-stem", "40", "--max-s", "20"],
    ];
    for mut args in commands {
        args.extend(["--output", "ro"]);
        let started = Instant::now();
        let o = adams_unprivileged(tmp.path(), &args);
        refused_with(&o, 2, "--output ro: cannot write in the folder");
        assert!(
            started.elapsed() < Duration::from_secs(5),
            "{args:?}: refused only after {:?}",
            started.elapsed()
        );
    }
    // `adams chart`: the SVG's folder.
    let chart = tmp.path().join("chart.json");
    ok(adams_in(
        tmp.path(),
        &[
            "resolve",
            "--max-stem",
            "6",
            "--max-s",
            "3",
            "-q",
            "--output",
            "small",
        ],
    ));
    fs::copy(tmp.path().join("small/chart.json"), &chart).unwrap();
    let o = adams_unprivileged(
        tmp.path(),
        &["chart", "chart.json", "--output", "ro/chart.svg"],
    );
    refused_with(&o, 2, "--output ro: cannot write in the folder");
}

#[test]
fn case_3_a_read_only_save_dir_empty_or_to_extend_is_refused_at_once() {
    let tmp = open_tempdir();
    let empty = tmp.path().join("empty");
    fs::create_dir(&empty).unwrap();
    read_only(&empty);
    let o = adams_unprivileged(
        tmp.path(),
        &[
            "resolve",
            "--max-stem",
            "10",
            "--max-s",
            "5",
            "--save-dir",
            "empty",
            "--output",
            "o1",
        ],
    );
    refused_with(
        &o,
        2,
        "save directory empty: field path: cannot write in empty/lock",
    );
    // A save directory made earlier, now read-only: extending it is refused before work.
    save_small_sphere(tmp.path(), "save");
    read_only(&tmp.path().join("save"));
    let o = adams_unprivileged(
        tmp.path(),
        &[
            "resolve",
            "--max-stem",
            "30",
            "--max-s",
            "15",
            "--save-dir",
            "save",
            "--output",
            "o2",
        ],
    );
    refused_with(
        &o,
        2,
        "save directory save: field path: cannot write in save",
    );
    assert!(!tmp.path().join("o2/ext.csv").exists());
}

// Case 4: writes never follow links.

#[test]
fn case_4_an_output_file_that_is_a_link_is_replaced_not_followed() {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("out");
    fs::create_dir(&out).unwrap();
    let elsewhere: PathBuf = tmp.path().join("elsewhere");
    fs::create_dir(&elsewhere).unwrap();
    fs::write(elsewhere.join("kept.csv"), "kept\n").unwrap();
    for name in ["ext.csv", "chart.json", "chart.svg", "summary.json"] {
        // One link to an existing file, the others to paths that do not exist.
        let target = match name {
            "ext.csv" => elsewhere.join("kept.csv"),
            _ => elsewhere.join(name),
        };
        std::os::unix::fs::symlink(&target, out.join(name)).unwrap();
    }
    ok(adams_in(
        tmp.path(),
        &[
            "resolve",
            "--max-stem",
            "8",
            "--max-s",
            "4",
            "-q",
            "--output",
            "out",
        ],
    ));
    assert_eq!(
        fs::read_to_string(elsewhere.join("kept.csv")).unwrap(),
        "kept\n"
    );
    let names: Vec<_> = fs::read_dir(&elsewhere)
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert_eq!(
        names,
        vec![std::ffi::OsString::from("kept.csv")],
        "a write followed a link"
    );
    for name in ["ext.csv", "chart.json", "chart.svg", "summary.json"] {
        let meta = fs::symlink_metadata(out.join(name)).unwrap();
        assert!(meta.file_type().is_file(), "{name} is still a link");
    }
    let table = fs::read_to_string(out.join("ext.csv")).unwrap();
    assert!(
        table.starts_with("# complete for stem <= 8, s <= 4"),
        "{table}"
    );
}

// Case 5: size estimates before allocation.

#[test]
fn case_5_a_smash_product_too_large_is_refused_from_its_factors_cells() {
    let tmp = tempfile::tempdir().unwrap();
    let mut args = vec!["resolve", "Joker"];
    for _ in 0..6 {
        args.extend(["--smash", "Joker"]);
    }
    args.extend(["--max-stem", "30", "--max-s", "10"]);
    let o = adams_in(tmp.path(), &args);
    refused_with(
        &o,
        2,
        "Joker_sm_Joker_sm_Joker_sm_Joker_sm_Joker_sm_Joker_sm_Joker: gens: 78125 cells",
    );
    assert!(
        stderr(&o).contains("(from the factors' 15625 and 5 cells, before building the product)"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn case_5_a_range_whose_projected_peak_is_too_large_is_refused_before_work() {
    let tmp = open_tempdir();
    let map = crate::common::repository_root().join("maps").join(MAP);
    for args in [
        vec!["resolve", "S_2", "--max-stem", "500", "--max-s", "10"],
        vec![
            "map",
            map.to_str().unwrap(),
            "--max-stem",
            "500",
            "--max-s",
            "10",
        ],
        vec!["d2", "--max-stem", "500", "--max-s", "10"],
    ] {
        let started = Instant::now();
        let o = adams_in(tmp.path(), &args);
        // The map's source, S_2, is resolved first.
        refused_with(
            &o,
            2,
            "S_2 through stem 500, s <= 10: projected peak memory at least",
        );
        assert!(stderr(&o).contains("reduced 1020411 x 1020411 matrix in degree t = 501"));
        assert!(started.elapsed() < Duration::from_secs(10), "{args:?}");
    }
    // --max-memory sets the limit: the sphere through stem 100 keeps at least 2.6 MB.
    let o = adams_in(
        tmp.path(),
        &[
            "resolve",
            "--max-stem",
            "100",
            "--max-s",
            "10",
            "--max-memory",
            "0.001",
        ],
    );
    refused_with(
        &o,
        2,
        "S_2 through stem 100, s <= 10: projected peak memory at least 2.6 MB",
    );
    assert!(stderr(&o).contains("above the limit of 1.0 MB (--max-memory)"));
    // A budget that is not a number of GB is refused when the command line is read,
    // before the output folder is made.
    for (value, why) in [
        ("0", "above 0 and at most 1000000"),
        ("-1", "above 0 and at most 1000000"),
        ("1e30", "above 0 and at most 1000000"),
        ("nan", "a finite number of GB"),
        ("inf", "a finite number of GB"),
        ("1e-12", "below one byte"),
        ("lots", "a number of GB"),
    ] {
        let args = ["resolve", "--output", "out", "--max-memory", value];
        let o = adams_in(tmp.path(), &args);
        assert_one_line_error(&o, 2, &["--max-memory", why]);
        assert!(!tmp.path().join("out").exists(), "{value}: out/ was made");
    }
}

// Case 6: messages that point the right way.

#[test]
fn case_6_messages_name_what_is_wrong() {
    let tmp = tempfile::tempdir().unwrap();
    // `cofiber NAME`: a module's name where a file is wanted.
    let o = adams_in(tmp.path(), &["cofiber", "C2"]);
    refused_with(
        &o,
        2,
        "C2: no such file; adams cofiber FILE takes a module file",
    );
    // `d2 FILE` with ko in it (over A(1)): named as given, with the name the file carries.
    let ko = crate::common::project_module("ko");
    let file = ko.to_str().unwrap();
    let o = adams_in(tmp.path(), &["d2", file, "--max-stem", "5", "--max-s", "2"]);
    refused_with(
        &o,
        2,
        &format!("d2: module {file} (ko): the resolution is over a sub-Hopf algebra"),
    );
    // A 20 000-entry --profile is not echoed back whole.
    let long = vec!["1"; 20_000].join(",");
    let o = adams_in(tmp.path(), &["resolve", "--profile", &long]);
    refused_with(
        &o,
        2,
        "--profile 1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,… (39999 characters, 20000 entries): p_part has 20000 entries",
    );
    assert!(stderr(&o).len() < 400, "{}", stderr(&o).len());
    // Over A(1) (ko = F_2 over A(1)) there is no h2: Sq^4 is not in A(1), so Ext^(1, 4)
    // over A(1) is 0 (its Ext^1 is spanned by h0, h1: Adams–Priddy, "Uniqueness of BSO",
    // 1976, §2), a fact about the algebra, not the range; and the sphere's names (c0 over
    // A) are not names over A(1).
    let range = ["--max-stem", "12", "--max-s", "5"];
    let h2 = "module ko: class h2: h2 is not a class over A(1): the operation it is dual to is not in that algebra, so Ext^(s 1, stem 3) is 0 there";
    let o = adams_in(
        tmp.path(),
        &[&["products", "ko", "--by", "h2"][..], &range].concat(),
    );
    refused_with(&o, 2, h2);
    let o = adams_in(
        tmp.path(),
        &[&["massey", "ko", "h2", "h1", "h2"][..], &range].concat(),
    );
    refused_with(&o, 2, h2);
    let o = adams_in(
        tmp.path(),
        &[&["products", "ko", "--by", "c0"][..], &range].concat(),
    );
    refused_with(
        &o,
        2,
        "module ko: class c0: the table of names (crates/chart/data/names-S_2.csv) names classes of Ext over A, not over A(1)",
    );
    ok(adams_in(
        tmp.path(),
        &[&["products", "ko", "--by", "h1", "-q"][..], &range].concat(),
    ));
}

// Case 8: the summary's figures.

/// The `(X cores busy on average)` figure of a run's summary line.
fn cores_busy(err: &str) -> f64 {
    let at = err.find(" cores busy").expect("a cores busy figure");
    let open = err[..at].rfind('(').expect("(");
    err[open + 1..at].parse().expect("a number")
}

#[test]
fn case_8_the_summary_of_a_resumed_run_measures_cpu_and_wall_over_one_interval() {
    let tmp = tempfile::tempdir().unwrap();
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get()) as f64;
    let args = [
        "resolve",
        "--max-stem",
        "40",
        "--max-s",
        "20",
        "--threads",
        "1",
        "--no-chart",
        "--save-dir",
        "save",
    ];
    for run in ["fresh", "resumed"] {
        let err = stderr(&ok(adams_in(tmp.path(), &args)));
        let busy = cores_busy(&err);
        // CPU time over the wall time it was measured in: at most every core (and a
        // clock tick), never 80 cores of a 2-core machine.
        assert!(
            busy <= cores + 0.5,
            "{run}: {busy} cores busy on {cores}: {err}"
        );
        assert!(err.contains(", 1 thread, "), "{run}: {err}");
        // A run that only resumes computes no bidegree, not even the kernel at stem 41
        // a fresh classical step of row 1 at stem 40 needs.
        if run == "resumed" {
            assert!(err.contains(", 0 bidegrees, "), "{err}");
        }
        assert!(
            err.contains("before compression, the rest each record's header and checksum"),
            "{err}"
        );
    }
}

// Case 7: what was silent says so on stderr.

#[test]
fn case_7_a_zero_class_to_multiply_by_is_said_to_be_zero() {
    let tmp = tempfile::tempdir().unwrap();
    let o = ok(adams_in(
        tmp.path(),
        &[
            "products",
            "--by",
            "h1^4",
            "--by",
            "h0h1",
            "--by",
            "h1",
            "--max-stem",
            "10",
            "--max-s",
            "5",
        ],
    ));
    let err = stderr(&o);
    // Both are 0 because their bidegrees are: the reference table tests/data/ext/S_2.csv
    // has no row at (stem 1, s 2) nor at (stem 4, s 4).
    for zero in [
        "h1^4 is 0 in Ext^(s 4, stem 4)",
        "h0h1 is 0 in Ext^(s 2, stem 1)",
    ] {
        assert!(
            err.contains(&format!(
                "note: {zero} of the sphere: every product by it is 0"
            )),
            "{err}"
        );
    }
    assert!(!err.contains("note: h1 is 0"), "{err}");
}

// Case 9: every command that computes takes --threads, --quiet and --log; the thread count
// changes no output.

#[test]
fn case_9_products_and_massey_take_threads_quiet_and_log() {
    let tmp = tempfile::tempdir().unwrap();
    let range = ["--max-stem", "20", "--max-s", "8"];
    let run = |extra: &[&str], out: &str| {
        let mut args = vec!["products", "C2", "--by", "h1", "--output", out];
        args.extend_from_slice(&range);
        args.extend_from_slice(extra);
        ok(adams_in(tmp.path(), &args))
    };
    let one = run(&["--threads", "1", "--quiet", "--log", "warn"], "p1");
    assert_eq!(stderr(&one), "", "--quiet: nothing on stderr");
    run(&["--threads", "2"], "p2");
    let chart = |d: &str| fs::read_to_string(tmp.path().join(d).join("chart.json")).unwrap();
    assert_eq!(chart("p1"), chart("p2"), "--threads changes no product");
    let massey = |extra: &[&str], out: &str| {
        let mut args = vec!["massey", "S_2", "h0", "h1", "-", "--output", out];
        args.extend_from_slice(&range);
        args.extend_from_slice(extra);
        ok(adams_in(tmp.path(), &args))
    };
    let quiet = massey(&["--threads", "1", "--quiet", "--log", "warn"], "m1");
    assert_eq!(stderr(&quiet), "", "massey --quiet: nothing on stderr");
    let loud = massey(&["--threads", "2"], "m2");
    assert!(
        stderr(&loud).starts_with("<h0, h1, x> for "),
        "{}",
        stderr(&loud)
    );
    let json = |d: &str| fs::read_to_string(tmp.path().join(d).join("massey.json")).unwrap();
    assert_eq!(
        json("m1"),
        json("m2"),
        "--threads changes no Massey product"
    );
    let bad = adams_in(
        tmp.path(),
        &["massey", "S_2", "h0", "h1", "-", "--log", "[", "-q"],
    );
    refused_with(&bad, 2, "--log \"[\"");
}

#[test]
fn case_7_a_repeated_term_that_cancels_mod_2_is_noted() {
    let tmp = tempfile::tempdir().unwrap();
    // C2 written with a doubled term: x + x = 0 over F_2, so the file is the sum of two
    // spheres, S^0 ∨ S^1, and says so on stderr; nothing else changes.
    fs::write(
        tmp.path().join("twice.json"),
        r#"{"type": "finite dimensional module", "p": 2, "gens": {"x0": 0, "x1": 1},
            "actions": ["Sq1 x0 = x1 + x1"]}"#,
    )
    .unwrap();
    let o = ok(adams_in(
        tmp.path(),
        &[
            "resolve",
            "twice.json",
            "--max-stem",
            "4",
            "--max-s",
            "2",
            "--no-chart",
        ],
    ));
    let err = stderr(&o);
    assert!(
        err.contains(
            r#"note: twice: actions[0] "Sq1 x0 = x1 + x1": x1 written 2 times cancels mod 2 (read as 0)"#
        ),
        "{err}"
    );
    let quiet = ok(adams_in(
        tmp.path(),
        &[
            "resolve",
            "twice.json",
            "--max-stem",
            "4",
            "--max-s",
            "2",
            "--no-chart",
            "--quiet",
        ],
    ));
    assert!(stderr(&quiet).is_empty(), "{}", stderr(&quiet));
}

#[test]
fn case_7_a_class_named_modulo_decomposables_says_which_basis_class_it_takes() {
    let tmp = tempfile::tempdir().unwrap();
    let args = |quiet: bool| {
        let mut a = vec!["products", "--by", "f0", "--max-stem", "24", "--max-s", "8"];
        a.extend(quiet.then_some("--quiet"));
        a
    };
    let o = ok(adams_in(tmp.path(), &args(false)));
    let err = stderr(&o);
    // Ext^(s 4, stem 18) of the sphere has dimension 2 (tests/data/ext/S_2.csv), f0 and
    // the product h0^2 h2 h4 (Isaksen, "Stable stems", Mem. AMS 1269, 2019, chart): f0 is
    // named only modulo that product.
    let note = err
        .lines()
        .find(|l| l.starts_with("note: f0 is named modulo decomposables"))
        .unwrap_or_else(|| panic!("no note: {err}"));
    assert!(
        note.contains(
            "Ext^(s 4, stem 18) has dimension 2, the products of the classes named below it span 1"
        ) && (note.contains("taken as (18,4,0)") || note.contains("taken as (18,4,1)")),
        "{note}"
    );
    let quiet = ok(adams_in(tmp.path(), &args(true)));
    assert!(stderr(&quiet).is_empty(), "{}", stderr(&quiet));
    // A class named exactly (h1) gets no such note.
    let h1 = ok(adams_in(
        tmp.path(),
        &["products", "--by", "h2", "--max-stem", "24", "--max-s", "8"],
    ));
    assert!(
        !stderr(&h1).contains("modulo decomposables"),
        "{}",
        stderr(&h1)
    );
}

#[test]
fn case_7_a_lift_file_swapped_for_another_class_is_reported_and_recomputed() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    let args = |out: &'static str, stem: &'static str| {
        vec![
            "products",
            "S_2",
            "--by",
            "h1",
            "--by",
            "h2",
            "--save-dir",
            "save",
            "--max-stem",
            stem,
            "--max-s",
            "8",
            "--output",
            out,
            "--quiet",
        ]
    };
    ok(adams_in(dir, &args("a", "20")));
    let (h1, h2) = (
        dir.join("save/lifts/s001-t002-0.lift"),
        dir.join("save/lifts/s001-t004-0.lift"),
    );
    assert!(
        h1.is_file() && h2.is_file(),
        "the lifts of h1 and h2 are kept"
    );
    let products = |out: &str| {
        let text = fs::read_to_string(dir.join(out).join("products.json")).unwrap();
        let v: serde_json::Value = serde_json::from_str(&text).unwrap();
        let by = v["by"].as_array().unwrap().clone();
        by.into_iter()
            .map(|b| b["matrices"].clone())
            .collect::<Vec<_>>()
    };
    // h1's lift put in h2's place: said on stderr, recomputed, the same products.
    fs::copy(&h1, &h2).unwrap();
    let o = ok(adams_in(dir, &args("b", "20")));
    let err = stderr(&o);
    assert!(
        err.contains("s001-t004-0.lift holds the lift of another class")
            && err.contains("recomputed")
            && err.lines().count() == 1,
        "{err}"
    );
    assert_eq!(products("a"), products("b"));
    // Written again: the next run reads it back, quietly.
    let o = ok(adams_in(dir, &args("c", "20")));
    assert!(stderr(&o).is_empty(), "{}", stderr(&o));
    // The same class through a larger range (the run extended): recomputed silently.
    let o = ok(adams_in(dir, &args("d", "24")));
    assert!(stderr(&o).is_empty(), "{}", stderr(&o));
}

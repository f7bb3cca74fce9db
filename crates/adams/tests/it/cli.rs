//! The command line: verify, errors and exit codes, help, default output.

use crate::common;

use std::fs;
use std::path::Path;

use common::*;

/// ext.csv of S_2 through stem 20, s <= 10, in `dir`.
fn small_sphere_table(dir: &Path) -> String {
    resolve("S_2", 20, 10, dir, &["--no-chart"]);
    fs::read_to_string(dir.join("ext.csv")).unwrap()
}

#[test]
fn verify_finds_planted_disagreements_and_exits_1() {
    let dir = tempfile::tempdir().unwrap();
    let original = small_sphere_table(dir.path());
    assert!(
        original.lines().any(|l| l == "14,4,18,1"),
        "d0 missing:\n{original}"
    );
    assert!(
        original.lines().any(|l| l == "8,3,11,1"),
        "c0 missing:\n{original}"
    );

    // d0 doubled and c0 dropped. (A row outside the table's own range is refused:
    // tests/bad_input.rs.)
    let altered: String = original
        .lines()
        .filter(|l| *l != "8,3,11,1")
        .map(|l| if l == "14,4,18,1" { "14,4,18,2" } else { l })
        .collect::<Vec<_>>()
        .join("\n");
    let planted = dir.path().join("planted.csv");
    fs::write(&planted, altered).unwrap();

    let reference = dir.path().join("ext.csv");
    let o = adams_in(
        dir.path(),
        &[
            "verify",
            planted.to_str().unwrap(),
            "--against",
            reference.to_str().unwrap(),
        ],
    );
    let out = stdout(&o);
    assert_eq!(o.status.code(), Some(1), "{out}{}", stderr(&o));
    let reported: Vec<&str> = out.lines().filter(|l| l.starts_with("stem ")).collect();
    assert_eq!(
        reported,
        [
            "stem 8, s 3 (t 11): ours 0, reference 1",
            "stem 14, s 4 (t 18): ours 2, reference 1",
        ]
    );
    assert!(out.contains("DISAGREE in 2 of"), "{out}");

    // Against the independent reference table the altered copy fails the same way.
    let o = adams_in(
        dir.path(),
        &[
            "verify",
            planted.to_str().unwrap(),
            "--against",
            reference_ext("S_2").to_str().unwrap(),
        ],
    );
    assert_eq!(o.status.code(), Some(1), "{}", stdout(&o));
}

#[test]
fn verify_exits_0_on_agreement() {
    let dir = tempfile::tempdir().unwrap();
    small_sphere_table(dir.path());
    let ours = dir.path().join("ext.csv");
    for against in [ours.clone(), reference_ext("S_2")] {
        let o = adams_in(
            dir.path(),
            &[
                "verify",
                ours.to_str().unwrap(),
                "--against",
                against.to_str().unwrap(),
            ],
        );
        assert_eq!(o.status.code(), Some(0), "{}{}", stdout(&o), stderr(&o));
        assert!(
            !stdout(&o).lines().any(|l| l.starts_with("stem ")),
            "{}",
            stdout(&o)
        );
    }
}

#[test]
fn verify_rejects_a_malformed_table_naming_file_and_line() {
    let dir = tempfile::tempdir().unwrap();
    let bad = dir.path().join("bad.csv");
    fs::write(&bad, "stem,s,t,dim\n0,0,0,1\n1,1,3,1\n").unwrap();
    let o = adams_in(
        dir.path(),
        &[
            "verify",
            bad.to_str().unwrap(),
            "--against",
            reference_ext("S_2").to_str().unwrap(),
        ],
    );
    assert_one_line_error(&o, 2, &["bad.csv", "line 3", "t 3"]);

    let missing = dir.path().join("missing.csv");
    let o = adams_in(
        dir.path(),
        &[
            "verify",
            reference_ext("S_2").to_str().unwrap(),
            "--against",
            missing.to_str().unwrap(),
        ],
    );
    assert_one_line_error(&o, 2, &["missing.csv"]);
}

/// Write `json` as `dir/name.json` and resolve it: one line on stderr, exit 2.
fn assert_module_rejected(name: &str, json: &str, mentions: &[&str]) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join(format!("{name}.json"));
    fs::write(&path, json).unwrap();
    let o = adams_in(
        dir.path(),
        &["resolve", path.to_str().unwrap(), "--max-stem", "10"],
    );
    let mut all = vec![name];
    all.extend_from_slice(mentions);
    assert_one_line_error(&o, 2, &all);
    assert!(
        !dir.path().join("output").exists(),
        "{name}: output written for a bad module"
    );

    // The same file found by name in --modules-dir fails the same way.
    let o = adams_in(
        dir.path(),
        &[
            "resolve",
            name,
            "--modules-dir",
            dir.path().to_str().unwrap(),
            "--max-stem",
            "10",
        ],
    );
    assert_one_line_error(&o, 2, &all);
}

#[test]
fn module_file_with_bad_json_is_rejected() {
    assert_module_rejected(
        "bad_json",
        r#"{ "p": 2, "type": "finite dimensional module", "gens": { "x0": 0 "#,
        &[],
    );
}

#[test]
fn module_file_with_unknown_generator_is_rejected() {
    assert_module_rejected(
        "unknown_gen",
        r#"{ "p": 2, "type": "finite dimensional module", "gens": { "x0": 0, "x1": 1 }, "actions": ["Sq1 x0 = y7"] }"#,
        &["y7"],
    );
}

#[test]
fn module_file_with_action_of_wrong_degree_is_rejected() {
    // Sq2 raises degree by 2, but x1 is in degree 1.
    assert_module_rejected(
        "wrong_degree",
        r#"{ "p": 2, "type": "finite dimensional module", "gens": { "x0": 0, "x1": 1 }, "actions": ["Sq2 x0 = x1"] }"#,
        &[],
    );
}

#[test]
fn module_file_breaking_an_adem_relation_is_rejected() {
    // Sq1 Sq1 = 0 in A, but here Sq1 Sq1 x0 = x2.
    assert_module_rejected(
        "not_a_module",
        r#"{ "p": 2, "type": "finite dimensional module", "gens": { "x0": 0, "x1": 1, "x2": 2 },
            "actions": ["Sq1 x0 = x1", "Sq1 x1 = x2"] }"#,
        &[],
    );
}

#[test]
fn unknown_module_name_is_rejected() {
    let dir = tempfile::tempdir().unwrap();
    let o = adams_in(dir.path(), &["resolve", "NoSuchSpectrum"]);
    assert_one_line_error(&o, 2, &["NoSuchSpectrum"]);
    let o = adams_in(dir.path(), &["resolve", "missing/dir/X.json"]);
    assert_one_line_error(&o, 2, &["missing/dir/X.json"]);
}

#[test]
fn bad_ranges_are_rejected_with_exit_2() {
    let dir = tempfile::tempdir().unwrap();
    let cases: [(&[&str], &str); 6] = [
        (&["--max-stem", "-3"], "--max-stem"),
        (&["--max-s", "-1"], "--max-s"),
        (&["--max-stem", "600"], "at most 510"),
        (&["--max-stem", "400", "--max-s", "200"], "t = 600"),
        // Not numbers, and unknown flags: clap's usage errors, also one line.
        (&["--max-stem", "forty"], "--max-stem"),
        (&["--algorithm", "fastest"], "classical"),
    ];
    for (flags, mention) in cases {
        let mut args = vec!["resolve", "S_2"];
        args.extend_from_slice(flags);
        let o = adams_in(dir.path(), &args);
        assert_one_line_error(&o, 2, &[mention]);
    }
    assert!(!dir.path().join("output").exists());
}

#[test]
fn resolve_writes_output_module_name_ext_csv_by_default() {
    let dir = tempfile::tempdir().unwrap();
    let o = adams_in(dir.path(), &["resolve", "--max-stem", "8", "--max-s", "4"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let table = read_table(&dir.path().join("output/S_2/ext.csv"));
    assert_eq!(table.complete, Some((8, 4)));
    // Through stem 8, s <= 4: 1, h0..h0^4, h1, h1^2, h1^3 = h0^2 h2, h2, h0 h2, h2^2... as
    // in the reference.
    let reference = read_table(&reference_ext("S_2"));
    assert_eq!(differences(&table, &reference, 8, 4), []);
    let text = fs::read_to_string(dir.path().join("output/S_2/ext.csv")).unwrap();
    assert!(text.starts_with(
        "# complete for stem <= 8, s <= 4; Ext of S_2 over the mod 2 Steenrod algebra, computed by adams (nassau)\nstem,s,t,dim\n0,0,0,1\n"
    ));
    assert!(
        stdout(&o).contains("stem n = t - s"),
        "chart: {}",
        stdout(&o)
    );
}

#[test]
fn help_explains_the_flags_in_the_fields_words() {
    let dir = tempfile::tempdir().unwrap();
    let o = adams_in(dir.path(), &["resolve", "--help"]);
    assert_eq!(o.status.code(), Some(0));
    let help = stdout(&o);
    for needle in [
        "--max-stem",
        "--max-s",
        "--output",
        "--modules-dir",
        "--algorithm",
        "stem n = t - s",
        "Adams filtration",
        "internal degree",
        "ext.csv",
    ] {
        assert!(
            help.contains(needle),
            "resolve --help lacks {needle:?}:\n{help}"
        );
    }
    let o = adams_in(dir.path(), &["verify", "--help"]);
    let help = stdout(&o);
    for needle in ["--against", "# complete for stem <= N, s <= S", "largest t"] {
        assert!(
            help.contains(needle),
            "verify --help lacks {needle:?}:\n{help}"
        );
    }
}

#[test]
fn a_folder_given_as_the_module_file_is_called_a_folder() {
    // `adams resolve ./C2.json` where C2.json is a folder used to say "no such
    // file", which sends the user looking for a file that is right there.
    let dir = tempfile::tempdir().unwrap();
    fs::create_dir(dir.path().join("C2.json")).unwrap();
    let o = adams_in(dir.path(), &["resolve", "./C2.json", "--max-stem", "4"]);
    assert_one_line_error(&o, 2, &["./C2.json", "folder"]);
    assert!(!stderr(&o).contains("no such file"), "{}", stderr(&o));
    assert!(!dir.path().join("output").exists());
}

#[test]
fn a_missing_modules_dir_is_an_error_not_a_fallback_to_the_bundled_module() {
    // A mistyped --modules-dir used to fall back silently to the bundled
    // module of the same name: a table of some other C2 than the one asked for.
    let dir = tempfile::tempdir().unwrap();
    let missing = dir.path().join("no-such-modules");
    let o = adams_in(
        dir.path(),
        &[
            "resolve",
            "C2",
            "--modules-dir",
            missing.to_str().unwrap(),
            "--max-stem",
            "4",
        ],
    );
    assert_one_line_error(&o, 2, &["--modules-dir", "no-such-modules"]);
    assert!(!dir.path().join("output").exists());

    // A file given as --modules-dir is no folder either.
    let file = dir.path().join("a-file");
    fs::write(&file, "").unwrap();
    let o = adams_in(
        dir.path(),
        &[
            "resolve",
            "C2",
            "--modules-dir",
            file.to_str().unwrap(),
            "--max-stem",
            "4",
        ],
    );
    assert_one_line_error(&o, 2, &["--modules-dir", "a-file"]);

    // DIR/NAME.json that is a folder is named, not skipped for the bundled C2.
    let modules = dir.path().join("modules");
    fs::create_dir_all(modules.join("C2.json")).unwrap();
    let o = adams_in(
        dir.path(),
        &[
            "resolve",
            "C2",
            "--modules-dir",
            modules.to_str().unwrap(),
            "--max-stem",
            "4",
        ],
    );
    assert_one_line_error(&o, 2, &["C2.json", "folder"]);
    assert!(!dir.path().join("output").exists());
}

#[test]
fn verify_reads_a_complete_line_written_without_the_space_or_in_capitals() {
    // `#complete for stem <= 8, s <= 4` used to be taken for a comment: the table
    // then counted as complete only up to its largest t, and a missing class
    // above that t went unreported (exit 0, "agree").
    let dir = tempfile::tempdir().unwrap();
    for first in [
        "#complete for stem <= 8, s <= 4",
        "#  Complete for stem <= 8, s <= 4",
        "# COMPLETE FOR STEM <= 8, S <= 4",
    ] {
        // Through stem 8, s <= 4, but h2^2 (6,2), h3 (7,1) and the rest are missing.
        let ours = dir.path().join("ours.csv");
        fs::write(
            &ours,
            format!("{first}\nstem,s,t,dim\n0,0,0,1\n0,1,1,1\n1,1,2,1\n"),
        )
        .unwrap();
        let o = adams_in(
            dir.path(),
            &[
                "verify",
                ours.to_str().unwrap(),
                "--against",
                reference_ext("S_2").to_str().unwrap(),
            ],
        );
        assert_eq!(
            o.status.code(),
            Some(1),
            "{first}: {}{}",
            stdout(&o),
            stderr(&o)
        );
        assert!(
            stdout(&o).contains("stem 7, s 1 (t 8): ours 0, reference 1"),
            "{first}: {}",
            stdout(&o)
        );
        assert!(
            stdout(&o).contains("stem <= 8, s <= 4"),
            "{first}: {}",
            stdout(&o)
        );
    }
}

#[test]
fn verify_reads_a_table_saved_with_a_byte_order_mark() {
    let dir = tempfile::tempdir().unwrap();
    let ours = dir.path().join("ours.csv");
    let text = small_sphere_table(dir.path());
    fs::write(&ours, format!("\u{feff}{text}")).unwrap();
    let o = adams_in(
        dir.path(),
        &[
            "verify",
            ours.to_str().unwrap(),
            "--against",
            reference_ext("S_2").to_str().unwrap(),
        ],
    );
    assert_eq!(o.status.code(), Some(0), "{}{}", stdout(&o), stderr(&o));
    assert!(stdout(&o).contains("agree"), "{}", stdout(&o));
}

#[test]
fn backend_flags_are_checked_before_any_work() {
    let dir = tempfile::tempdir().unwrap();
    let o = adams_in(dir.path(), &["resolve", "S_2", "--verify"]);
    assert_one_line_error(&o, 2, &["--verify", "--backend gpu"]);
    let o = adams_in(dir.path(), &["resolve", "S_2", "--backend", "quantum"]);
    assert_one_line_error(&o, 2, &["--backend"]);
    let o = adams_in(
        dir.path(),
        &["resolve", "S_2", "--backend", "gpu", "--gpu-block-mb", "0"],
    );
    assert_one_line_error(&o, 2, &["--gpu-block-mb", "between 1 and"]);
    // MiB sizes that would overflow bytes are refused, naming the flag.
    let o = adams_in(
        dir.path(),
        &[
            "resolve",
            "S_2",
            "--backend",
            "gpu",
            "--gpu-segment-mb",
            "1000000000000000",
        ],
    );
    assert_one_line_error(&o, 2, &["--gpu-segment-mb", "between 1 and"]);
    // A negative count or budget is refused by the flag's own range, not clap's tip
    // to pass `-- -1` (which would not work).
    for flag in ["--gpus", "--gpu-memory", "--host-memory"] {
        let o = adams_in(
            dir.path(),
            &["resolve", "S_2", "--backend", "gpu", flag, "-1"],
        );
        assert_one_line_error(&o, 2, &[flag, "between 1 and"]);
    }
    assert!(!dir.path().join("output/S_2/ext.csv").exists());
}

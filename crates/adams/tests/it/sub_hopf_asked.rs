//! `--algebra`/`--profile` on a module file with no `profile` that is not an A-module:
//! read over the algebra asked for (as if the file named it), so `A(1)//A(0)` written
//! without its profile resolves over `A(1)` to the independent resolver's table.

use crate::common;

use std::fs;

use common::*;

/// `A(1)//A(0)` without a profile: cells 0, 2, 3, 5 with `Sq2 Sq1 Sq2 x0 = x5`, not an
/// A-module (`Sq2 Sq3 = Sq5 + Sq4 Sq1` in `A`, no cell in degree 4).
const PLAIN: &str = r#"{"p": 2, "algebra": ["milnor"],
    "type": "finite dimensional module",
    "gens": {"x0": 0, "x2": 2, "x3": 3, "x5": 5},
    "actions": ["Sq2 x0 = x2", "Sq1 x2 = x3", "Sq2 x3 = x5"]}"#;

#[test]
fn a_file_without_profile_is_read_over_the_algebra_asked() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("plain.json");
    fs::write(&file, PLAIN).unwrap();
    let with_profile = dir.path().join("own.json");
    fs::write(
        &with_profile,
        PLAIN.replace(
            r#""type""#,
            r#""profile": {"truncated": true, "p_part": [2, 1]}, "type""#,
        ),
    )
    .unwrap();
    let theirs = read_table(&reference_ext("A1_Sq2Sq1Sq2"));
    let path = file.to_str().unwrap();
    for d in ["own", "algebra", "profile"] {
        fs::create_dir_all(dir.path().join(d)).unwrap();
    }
    let (own, _) = resolve(
        with_profile.to_str().unwrap(),
        40,
        20,
        &dir.path().join("own"),
        &["--no-chart"],
    );
    for flags in [["--algebra", "A(1)"], ["--profile", "2,1"]] {
        let out = dir.path().join(flags[0].trim_start_matches('-'));
        let mut extra = vec!["--no-chart"];
        extra.extend_from_slice(&flags);
        let (ours, _) = resolve(path, 40, 20, &out, &extra);
        assert_eq!(differences(&ours, &theirs, 40, 20), vec![], "{flags:?}");
        assert_eq!(ours.dims, own.dims, "{flags:?}");
    }
    // The default folder names the algebra asked for, as for a module over A restricted.
    resolve_default_folder(dir.path(), 10, 4, &[path, "--algebra", "A(1)"]);
    assert_eq!(summary_in(dir.path(), "plain_A1")["algebra"], "A(1)");
    // Saved over A(1) and certified over it: certify reads the file as that run did.
    let save = [
        "--algebra",
        "A(1)",
        "--save-dir",
        "save",
        "-q",
        "--no-chart",
    ];
    ok(resolve_in(dir.path(), path, 12, 4, "saved", &save));
    let o = ok(adams_in(dir.path(), &["certify", "save", "--module", path]));
    assert!(
        stdout(&o).starts_with("certified 65 bidegrees (stem ≤ 12, s ≤ 4) of "),
        "{}",
        stdout(&o)
    );
    assert!(
        stdout(&o).contains("(classical, over A(1))"),
        "{}",
        stdout(&o)
    );
    // Not an A(0)-module either (Sq2 is not in A(0)): the reading over A(0) is refused.
    assert_one_line_error(
        &adams_in(dir.path(), &["resolve", path, "--algebra", "A(0)"]),
        2,
        &["plain.json", "Sq2", "A(0)"],
    );
    // Without a flag it is refused as before: not an A-module.
    assert_one_line_error(
        &adams_in(dir.path(), &["resolve", path, "--max-stem", "10"]),
        2,
        &["plain.json", "not an A-module"],
    );
}

//! Bad input found by hand: absurd ranges in a chart.json or an Ext
//! table, files that are FIFOs, devices or huge, and garbage in the `ADAMS_GPU_*`
//! variables. Each is one line on stderr naming the file (or variable) and the field,
//! exit 2 — never a hang, a huge allocation or a panic trace.

use crate::common;

use std::fs;
use std::path::{Path, PathBuf};

use common::*;

/// A valid chart.json of two classes, with `header` replacing the range keys.
fn chart_json(header: &str) -> String {
    format!(
        r#"{{"format": "adams-chart", "version": 1, "module": "S_2", "algorithm": "nassau",
  {header},
  "classes": [
    {{"stem":0,"s":0,"t":0,"index":0,"h0":[0],"h1":null,"h2":null}},
    {{"stem":0,"s":1,"t":1,"index":0,"h0":null,"h1":null,"h2":null}}
  ]
}}
"#
    )
}

/// `adams chart FILE` in `dir`: must fail with exit 2 and one line mentioning `mentions`.
fn assert_chart_refused(dir: &Path, file: &Path, mentions: &[&str]) {
    let o = adams_in(
        dir,
        &[
            "chart",
            file.to_str().unwrap(),
            "--output",
            dir.join("out.svg").to_str().unwrap(),
        ],
    );
    assert_one_line_error(&o, 2, mentions);
    assert!(
        !dir.join("out.svg").exists(),
        "an SVG was written for {}",
        file.display()
    );
}

#[test]
fn chart_json_with_an_absurd_range_is_refused_naming_field_and_limit() {
    let dir = tempfile::tempdir().unwrap();
    let cases: [(&str, &[&str]); 7] = [
        (
            r#""min_stem": 0, "max_stem": 1000000000, "max_s": 1"#,
            &["\"max_stem\"", "1000000000", "2097152"],
        ),
        (
            r#""min_stem": -1000, "max_stem": 1000, "max_s": 1"#,
            &["\"max_stem\"", "2000 stems", "510"],
        ),
        (
            r#""min_stem": -1000000000, "max_stem": 0, "max_s": 1"#,
            &["\"min_stem\"", "-1000000000", "2097152"],
        ),
        (
            r#""min_stem": 0, "max_stem": 2147483647, "max_s": 1"#,
            &["\"max_stem\"", "2097152"],
        ),
        (
            r#""min_stem": 0, "max_stem": 1, "max_s": 1000000000"#,
            &["\"max_s\"", "1000000000", "510"],
        ),
        // Beyond the type: serde's message, with the key added.
        (
            r#""min_stem": 0, "max_stem": 1, "max_s": 99999999999"#,
            &["\"max_s\"", "99999999999", "u32"],
        ),
        (
            r#""min_stem": 5, "max_stem": 1, "max_s": 1"#,
            &["min_stem 5 is above max_stem 1"],
        ),
    ];
    for (k, (header, mentions)) in cases.into_iter().enumerate() {
        let file = dir.path().join(format!("absurd{k}.json"));
        fs::write(&file, chart_json(header)).unwrap();
        let mut all = vec![file.file_name().unwrap().to_str().unwrap()];
        all.extend_from_slice(mentions);
        assert_chart_refused(dir.path(), &file, &all);
    }
    // The same file with a sane range draws.
    let good = dir.path().join("good.json");
    fs::write(
        &good,
        chart_json(r#""min_stem": 0, "max_stem": 1, "max_s": 1"#),
    )
    .unwrap();
    let o = adams_in(dir.path(), &["chart", good.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
}

#[test]
fn chart_json_with_huge_indices_or_filtrations_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let header = r#""min_stem": 0, "max_stem": 3, "max_s": 2"#;
    let cases: [(&str, &[&str]); 4] = [
        (
            r#"{"stem":0,"s":0,"t":0,"index":18446744073709551615}"#,
            &["index 18446744073709551615", "expected index 0"],
        ),
        (
            r#"{"stem":0,"s":4294967295,"t":-1,"index":0}"#,
            &["s 4294967295", "outside the range"],
        ),
        (
            r#"{"stem":0,"s":0,"t":0,"index":0,"h0":[18446744073709551615]}"#,
            &["h0 names class 18446744073709551615"],
        ),
        (
            r#"{"stem":0,"s":0,"t":0,"index":0,"h0":[0,0]}"#,
            &["h0 lists class 0 twice"],
        ),
    ];
    for (k, (class, mentions)) in cases.into_iter().enumerate() {
        let file = dir.path().join(format!("class{k}.json"));
        let text = format!(
            r#"{{"format": "adams-chart", "version": 1, "module": "M", {header}, "classes": [{class}, {{"stem":0,"s":1,"t":1,"index":0}}]}}"#
        );
        fs::write(&file, text).unwrap();
        let mut all = vec![file.file_name().unwrap().to_str().unwrap()];
        all.extend_from_slice(mentions);
        assert_chart_refused(dir.path(), &file, &all);
    }
}

#[test]
fn chart_json_whose_svg_would_be_gigabytes_is_refused() {
    // 2000 classes at (0, 0), each with h0 = every one of the 2000 classes at (0, 1): a
    // consistent chart of 24 MB whose SVG would hold 4 million lines (about 260 MB).
    let n = 2000;
    let mut text = String::from(
        r#"{"format": "adams-chart", "version": 1, "module": "M", "min_stem": 0, "max_stem": 0, "max_s": 1, "classes": ["#,
    );
    let all: Vec<String> = (0..n).map(|k| k.to_string()).collect();
    let all = all.join(",");
    for index in 0..n {
        text.push_str(&format!(
            r#"{{"stem":0,"s":0,"t":0,"index":{index},"h0":[{all}]}},"#
        ));
    }
    for index in 0..n {
        let sep = if index + 1 == n { "" } else { "," };
        text.push_str(&format!(r#"{{"stem":0,"s":1,"t":1,"index":{index}}}{sep}"#));
    }
    text.push_str("]}");
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("dense.json");
    fs::write(&file, text).unwrap();
    assert_chart_refused(
        dir.path(),
        &file,
        &[
            "dense.json",
            "192 MiB",
            "4000 classes",
            "4000000 product lines",
        ],
    );
}

/// A FIFO at `path` (no writer ever opens it: reading it naively would hang).
fn mkfifo(path: &Path) {
    let c = std::ffi::CString::new(path.to_str().unwrap()).unwrap();
    // SAFETY: a valid NUL-terminated path; mkfifo has no other preconditions.
    assert_eq!(
        unsafe { libc::mkfifo(c.as_ptr(), 0o600) },
        0,
        "mkfifo {}",
        path.display()
    );
}

/// A sparse file of `bytes` bytes (no disk space used).
fn sparse(path: &Path, bytes: u64) {
    fs::File::create(path).unwrap().set_len(bytes).unwrap();
}

#[test]
fn chart_json_that_is_a_fifo_a_device_or_huge_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let fifo = dir.path().join("pipe.json");
    mkfifo(&fifo);
    assert_chart_refused(
        dir.path(),
        &fifo,
        &["pipe.json", "FIFO", "not a regular file"],
    );
    assert_chart_refused(
        dir.path(),
        Path::new("/dev/zero"),
        &["/dev/zero", "character device"],
    );
    let huge = dir.path().join("huge.json");
    sparse(&huge, 65 << 20);
    assert_chart_refused(
        dir.path(),
        &huge,
        &["huge.json", "68157440 bytes", "64 MiB"],
    );
    let binary = dir.path().join("binary.json");
    fs::write(&binary, b"{\"format\": \"\xff\"}").unwrap();
    assert_chart_refused(
        dir.path(),
        &binary,
        &["binary.json", "not UTF-8", "offset 12"],
    );
}

/// `adams verify OURS --against THEIRS` in `dir`.
fn verify(dir: &Path, ours: &Path, theirs: &Path) -> std::process::Output {
    adams_in(
        dir,
        &[
            "verify",
            ours.to_str().unwrap(),
            "--against",
            theirs.to_str().unwrap(),
        ],
    )
}

/// A small table of the sphere written by hand: 1, h0, h1, h0^2 through stem 1, s <= 2.
const SMALL: &str =
    "# complete for stem <= 1, s <= 2\nstem,s,t,dim\n0,0,0,1\n0,1,1,1\n0,2,2,1\n1,1,2,1\n";

fn write(dir: &Path, name: &str, text: &str) -> PathBuf {
    let path = dir.join(name);
    fs::write(&path, text).unwrap();
    path
}

#[test]
fn verify_refuses_empty_negative_and_absurd_ranges_naming_file_line_and_bound() {
    let dir = tempfile::tempdir().unwrap();
    let good = write(dir.path(), "good.csv", SMALL);
    let cases: [(&str, &[&str]); 6] = [
        (
            // A negative stem bound is a range (a module with cells below 0), but this
            // one holds no class the other table's range holds: nothing is compared.
            "# complete for stem <= -1, s <= 3\nstem,s,t,dim\n",
            &["stem <= -1", "nothing to compare"],
        ),
        (
            "# complete for stem <= 5, s <= -2\nstem,s,t,dim\n",
            &["line 1", "s <= -2", "negative"],
        ),
        (
            "# complete for stem <= 1000000000, s <= 3\nstem,s,t,dim\n0,0,0,1\n",
            &["line 1", "stem <= 1000000000", "limit ±2097152"],
        ),
        (
            "# complete for stem <= 5, s <= 99999999999999999999999\nstem,s,t,dim\n",
            &[
                "line 1",
                "s <= 99999999999999999999999",
                "not a whole number",
            ],
        ),
        // A row outside the stated range, before or after the range line.
        (
            "# complete for stem <= 1, s <= 2\nstem,s,t,dim\n0,0,0,1\n25,1,26,7\n",
            &["line 4", "stem 25, s 1", "outside the range", "line 1"],
        ),
        (
            "stem,s,t,dim\n0,3,3,1\n# complete for stem <= 1, s <= 2\n",
            &["line 2", "stem 0, s 3", "outside the range", "line 3"],
        ),
    ];
    for (k, (text, mentions)) in cases.into_iter().enumerate() {
        let name = format!("bad{k}.csv");
        let bad = write(dir.path(), &name, text);
        let mut all = vec![name.as_str()];
        all.extend_from_slice(mentions);
        // As either table.
        assert_one_line_error(&verify(dir.path(), &bad, &good), 2, &all);
        assert_one_line_error(&verify(dir.path(), &good, &bad), 2, &all);
    }
    // A row beyond the limit in a table without a range line.
    let far = write(dir.path(), "far.csv", "stem,s,t,dim\n3000000,0,3000000,1\n");
    assert_one_line_error(
        &verify(dir.path(), &far, &good),
        2,
        &["far.csv", "line 2", "stem 3000000", "2097152"],
    );
    // Ranges that share no class: nothing was compared, which is not agreement.
    let high = write(
        dir.path(),
        "high.csv",
        "# complete for stem <= 9, s <= 2\nstem,s,t,dim\n8,1,9,1\n",
    );
    let zeros = write(
        dir.path(),
        "zeros.csv",
        "# complete for stem <= 3, s <= 0\nstem,s,t,dim\n",
    );
    assert_one_line_error(
        &verify(dir.path(), &zeros, &high),
        2,
        &["zeros.csv", "high.csv", "nothing to compare"],
    );
    // The good table agrees with itself.
    let o = verify(dir.path(), &good, &good);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
}

#[test]
fn verify_refuses_a_fifo_a_device_or_a_huge_table() {
    let dir = tempfile::tempdir().unwrap();
    let good = write(dir.path(), "good.csv", SMALL);
    let fifo = dir.path().join("pipe.csv");
    mkfifo(&fifo);
    let huge = dir.path().join("huge.csv");
    sparse(&huge, 17 << 20);
    let cases: [(&Path, &[&str]); 3] = [
        (&fifo, &["pipe.csv", "FIFO"]),
        (Path::new("/dev/zero"), &["/dev/zero", "character device"]),
        (&huge, &["huge.csv", "17825792 bytes", "16 MiB"]),
    ];
    for (bad, mentions) in cases {
        assert_one_line_error(&verify(dir.path(), bad, &good), 2, mentions);
        assert_one_line_error(&verify(dir.path(), &good, bad), 2, mentions);
    }
}

/// `adams resolve` of a tiny range with `var=value` in the environment and `flags`.
fn resolve_with_env(dir: &Path, var: &str, value: &str, flags: &[&str]) -> std::process::Output {
    let mut args = vec![
        "resolve",
        "--max-stem",
        "2",
        "--max-s",
        "2",
        "--quiet",
        "--no-chart",
    ];
    args.extend_from_slice(flags);
    std::process::Command::new(env!("CARGO_BIN_EXE_adams"))
        .args(&args)
        .env(var, value)
        .current_dir(dir)
        .output()
        .expect("cannot start the adams binary")
}

#[test]
fn garbage_in_an_adams_gpu_variable_names_the_variable() {
    let dir = tempfile::tempdir().unwrap();
    let cases = [
        ("ADAMS_GPU_MIN_WORK", "abc"),
        ("ADAMS_GPU_MIN_WORK", ""),
        ("ADAMS_GPU_MIN_WORK", "-5"),
        ("ADAMS_GPU_MIN_WORK", "1e99"),
        ("ADAMS_GPU_RREF_MIN", "99999999999999999999999"),
        ("ADAMS_GPU_BLOCK_MB", "0"),
        ("ADAMS_GPU_BLOCK_MB", "12.5"),
        ("ADAMS_GPU_SEGMENT_MB", "16384"),
    ];
    // The CPU backend ignores the knobs but still refuses garbage in them; with --backend
    // gpu the variable is named before the (absent, here) GPU support.
    for backend in [&[][..], &["--backend", "gpu"][..]] {
        for (var, value) in cases {
            let o = resolve_with_env(dir.path(), var, value, backend);
            let flag = format!(
                "--{}",
                var.trim_start_matches("ADAMS_")
                    .to_lowercase()
                    .replace('_', "-")
            );
            assert_one_line_error(&o, 2, &[&format!("environment variable {var}"), &flag]);
        }
    }
    assert!(!dir.path().join("output").exists());
    // A bad flag given on the command line is the flag's error, even with the variable set.
    let o = resolve_with_env(
        dir.path(),
        "ADAMS_GPU_MIN_WORK",
        "5",
        &["--gpu-min-work", "abc"],
    );
    assert_one_line_error(&o, 2, &["--gpu-min-work"]);
    assert!(
        !stderr(&o).contains("environment variable"),
        "{}",
        stderr(&o)
    );
    // Good values run.
    let o = resolve_with_env(dir.path(), "ADAMS_GPU_BLOCK_MB", "16", &[]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
}

//! `adams products` and `adams massey` from the command line, and the `h_i` (`i ≥ 3`) keys
//! of `adams resolve`'s chart.json.
//!
//! (The products by `h1`, `h2`, `h3` against the read-off of `adams resolve`'s chart.json,
//! on the sphere and on C2, are in `products_primes.rs`, one body at p = 2 and p = 3.)
//! - `⟨h1, h0, h2^2⟩ = c0`, the one class at `(8, 3)`, with zero indeterminacy (D. C.
//!   Isaksen, "Stable stems", Mem. AMS 262 (2019), Table 4); `⟨h3, h0^4, −⟩` gives `Ph1`
//!   at `(9, 5)` on `h1` (ibid.).
//! - Bad input: an undefined Massey product, a class outside the range, a malformed
//!   class: one line, exit 2.

use crate::common;

use std::fs;
use std::path::Path;

use common::*;
use serde_json::Value;

fn json(path: &Path) -> Value {
    serde_json::from_str(&fs::read_to_string(path).unwrap()).unwrap()
}

fn run_ok(dir: &Path, args: &[&str]) -> String {
    let out = adams_in(dir, args);
    assert!(
        out.status.success(),
        "adams {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn massey_products_on_the_command_line() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    let out = run_ok(
        dir,
        &[
            "massey",
            "S_2",
            "h1",
            "h0",
            "h2^2",
            "--max-stem",
            "12",
            "--max-s",
            "6",
        ],
    );
    assert_eq!(
        out.trim(),
        "<h1, h0, h2^2> = (8,3,0) at (stem 8, s 3); indeterminacy 0"
    );
    // A = 1 (s = 0; then B = 0): <1, b, c> contains 0 and its indeterminacy 1·Ext is the
    // whole group, here Ext^{2,5} = {0, h0h2} (the sphere's table, tests/data/ext).
    let range = ["--max-stem", "10", "--max-s", "4"];
    let mut args = vec!["massey", "S_2", "(0,0,0)", "h0h1", "h1"];
    args.extend(range);
    assert_eq!(
        run_ok(dir, &args).trim(),
        "<(0,0,0), h0h1, h1> = 0 at (stem 3, s 2); indeterminacy spanned by (3,2,0)"
    );
    run_ok(
        dir,
        &[
            "massey",
            "S_2",
            "h3",
            "h0^4",
            "-",
            "--max-stem",
            "16",
            "--max-s",
            "8",
            "--output",
            "m",
        ],
    );
    let all = json(&dir.join("m/massey.json"));
    let ph1 = all
        .as_array()
        .unwrap()
        .iter()
        .find(|e| e["stem"] == 1 && e["s"] == 1)
        .expect("<h3, h0^4, h1>");
    assert_eq!(
        (ph1["value_stem"].as_i64(), ph1["value_s"].as_i64()),
        (Some(9), Some(5))
    );
    assert_eq!(ph1["value"], serde_json::json!([0]));
    for (args, needle) in [
        (&["massey", "S_2", "h0", "h0", "h1"][..], "a·b is not zero"),
        (
            &["massey", "S_2", "h1", "h0", "(50,3,0)", "--max-stem", "20"][..],
            "outside the resolved range",
        ),
        (&["products", "S_2", "--by", "h9"][..], "h9"),
        (&["products", "S_2", "--by", "(8,3)"][..], "(stem,s,index)"),
        // In range but not a class: said so, not "outside the resolved range".
        (
            &["products", "S_2", "--by", "(1,1,5)", "--max-stem", "20"][..],
            "no class of index 5 at (s = 1, t = 2, stem 1): Ext has dimension 1 there",
        ),
        (
            &["massey", "S_2", "h1", "h0", "(2,1,0)", "--max-stem", "20"][..],
            "Ext is 0 at (s = 1, t = 3, stem 2)",
        ),
    ] {
        let out = adams_in(dir, args);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{args:?}: one line: {err}");
        assert!(err.contains(needle), "{args:?}: {err}");
    }
}

/// `adams products S_2 --by h2` through stem 20, `s ≤ 8`, lifts kept in `save/`, written
/// to `out`.
fn products_by_h2_saved(out: &str) -> Vec<&str> {
    let range = ["--max-stem", "20", "--max-s", "8"];
    let mut args = vec!["products", "S_2", "--by", "h2", "--save-dir", "save"];
    args.extend(range);
    args.extend(["--output", out, "-q"]);
    args
}

#[test]
fn lifts_are_kept_in_the_save_directory() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    let args = products_by_h2_saved;
    run_ok(dir, &args("a"));
    let lift = dir.join("save/lifts/s001-t004-0.lift");
    assert!(lift.is_file(), "the lift of h2 is kept");
    // A second run reads it back: the same products.
    run_ok(dir, &args("b"));
    let matrices =
        |out: &str| json(&dir.join(out).join("products.json"))["by"][0]["matrices"].clone();
    assert_eq!(matrices("a"), matrices("b"));
    // A damaged file: reported (one warning naming it) and recomputed, same products.
    let mut bytes = fs::read(&lift).unwrap();
    let last = bytes.len() - 1;
    bytes[last] ^= 0x10;
    fs::write(&lift, bytes).unwrap();
    let out = adams_in(dir, &args("c"));
    assert!(out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("s001-t004-0.lift is damaged"), "{err}");
    assert_eq!(matrices("a"), matrices("c"));
    // Recomputed and written again: the next run is quiet.
    let out = adams_in(dir, &args("d"));
    assert!(
        out.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// A lift file that is a FIFO, a link to `/dev/zero` or a file cut inside its header is
/// reported as damaged and recomputed: never read until a writer comes or memory runs
/// out, never taken silently for another class's lift.
#[test]
fn lift_files_that_are_not_files_or_cut_short_are_recomputed() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    let args = products_by_h2_saved;
    run_ok(dir, &args("a"));
    let lift = dir.join("save/lifts/s001-t004-0.lift");
    let bytes = fs::read(&lift).unwrap();
    let matrices =
        |out: &str| json(&dir.join(out).join("products.json"))["by"][0]["matrices"].clone();
    let fifo = |p: &Path| {
        let c = std::ffi::CString::new(p.to_str().unwrap()).unwrap();
        // SAFETY: a valid NUL-terminated path; mkfifo has no other preconditions.
        assert_eq!(unsafe { libc::mkfifo(c.as_ptr(), 0o600) }, 0);
    };
    let zero = |p: &Path| std::os::unix::fs::symlink("/dev/zero", p).unwrap();
    let cut = |p: &Path| fs::write(p, &bytes[..40]).unwrap();
    let damage: [&dyn Fn(&Path); 3] = [&fifo, &zero, &cut];
    for (out, make) in ["b", "c", "d"].into_iter().zip(damage) {
        fs::remove_file(&lift).unwrap();
        make(&lift);
        let o = adams_within(dir, &args(out), std::time::Duration::from_secs(60));
        assert!(o.status.success(), "{}", stderr(&o));
        let err = stderr(&o);
        assert!(err.contains("s001-t004-0.lift is damaged"), "{out}: {err}");
        assert_eq!(err.lines().count(), 1, "{err}");
        assert_eq!(matrices("a"), matrices(out));
        assert!(lift.is_file(), "{out}: written again as a regular file");
    }
}

/// An `--output` that is a file is refused (exit 2, one line) before any work: before the
/// resolution (no save directory made) and before the inputs are read (a missing module
/// or file is not what is reported).
#[test]
fn an_output_that_cannot_be_a_folder_is_refused_first() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    fs::write(dir.join("taken"), "").unwrap();
    let mut products = products_by_h2_saved("taken");
    products.pop();
    let cases: [&[&str]; 4] = [
        &products,
        &[
            "massey",
            "NoSuchModule",
            "h1",
            "h0",
            "-",
            "--output",
            "taken",
        ],
        &["map", "no-such-map.json", "--output", "taken"],
        &["cofiber", "no-such-file.json", "--output", "taken"],
    ];
    for args in cases {
        let o = adams_in(dir, args);
        assert_one_line_error(&o, 2, &["--output taken: exists and is not a folder"]);
    }
    assert!(!dir.join("save").exists(), "no resolution was saved");
}

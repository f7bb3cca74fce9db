//! Malformed module files: each gives one error line naming the file, the
//! field and the reason.

use crate::common;

use std::path::Path;

use steenrod::module::{FiniteModule, ModuleError};

fn error(file: &str, text: &str) -> ModuleError {
    match FiniteModule::from_json_str(file, text) {
        Ok(m) => panic!("{file} loaded as {m:?}"),
        Err(e) => e,
    }
}

fn message(file: &str, text: &str) -> String {
    let e = error(file, text);
    let s = e.to_string();
    assert!(!s.contains('\n'), "one line: {s}");
    assert!(s.starts_with(&format!("{file}: ")), "names the file: {s}");
    assert_eq!(e.file(), file);
    s
}

/// A valid header and the given `gens` and `actions` (raw JSON).
fn fd(gens: &str, actions: &str) -> String {
    format!(
        r#"{{"p": 2, "type": "finite dimensional module", "gens": {gens}, "actions": {actions}}}"#
    )
}

#[test]
fn bad_json_reports_line_and_column() {
    let text = "{\n  \"p\": 2,\n  \"gens\": {\"x0\": 0,}\n}";
    let e = error("bad.json", text);
    match &e {
        ModuleError::Json { line, column, .. } => assert_eq!((*line, *column), (3, 20)),
        other => panic!("{other:?}"),
    }
    let s = e.to_string();
    assert!(s.starts_with("bad.json: invalid JSON: "), "{s}");
    assert!(s.ends_with("at line 3 column 20"), "{s}");
}

#[test]
fn unknown_generator() {
    let text = fd(r#"{"x0": 0, "x2": 2}"#, r#"["Sq1 x0 = 0", "Sq2 x0 = x5"]"#);
    assert_eq!(
        message("C2bad.json", &text),
        r#"C2bad.json: actions[1] "Sq2 x0 = x5": unknown generator "x5""#
    );
    let text = fd(r#"{"x0": 0, "x2": 2}"#, r#"["Sq2 y0 = x2"]"#);
    assert_eq!(
        message("bad.json", &text),
        r#"bad.json: actions[0] "Sq2 y0 = x2": unknown generator "y0""#
    );
}

#[test]
fn wrong_degree() {
    let text = fd(r#"{"x0": 0, "x1": 1}"#, r#"["Sq2 x0 = x1"]"#);
    assert_eq!(
        message("bad.json", &text),
        r#"bad.json: actions[0] "Sq2 x0 = x1": x1 has degree 1 but Sq2 x0 lies in degree 2"#
    );
    // Also for composites and Milnor elements, and above the top of the module.
    let text = fd(r#"{"x0": 0, "x3": 3}"#, r#"["Sq(0,1) x3 = x0"]"#);
    assert_eq!(
        message("bad.json", &text),
        r#"bad.json: actions[0] "Sq(0,1) x3 = x0": x0 has degree 0 but Sq(0,1) x3 lies in degree 6"#
    );
}

#[test]
fn adem_relation_fails() {
    let text = fd(
        r#"{"x0": 0, "x1": 1, "x2": 2}"#,
        r#"["Sq1 x0 = x1", "Sq1 x1 = x2"]"#,
    );
    let e = error("bad.json", &text);
    assert!(matches!(e, ModuleError::NotAModule { .. }), "{e:?}");
    assert_eq!(
        e.to_string(),
        "bad.json: not an A-module: the Adem relation Sq1 Sq1 = 0 fails on generator x0 (Sq1 Sq1 x0 = x2)"
    );
    // Sq2 Sq2 = Sq3 Sq1 fails when Sq2 Sq2 x0 ≠ 0 but nothing else acts.
    let text = fd(
        r#"{"x0": 0, "x2": 2, "x4": 4}"#,
        r#"["Sq2 x0 = x2", "Sq2 x2 = x4"]"#,
    );
    assert_eq!(
        message("bad.json", &text),
        "bad.json: not an A-module: the Adem relation Sq2 Sq2 = Sq3 Sq1 fails on generator x0 \
         (Sq2 Sq2 x0 = x4 but Sq3 Sq1 x0 = 0)"
    );
}

#[test]
fn unsupported_prime_type_and_profile() {
    let text = r#"{"p": 3, "type": "finite dimensional module", "gens": {"x0": 0}, "actions": ["P1 x0 = 0"]}"#;
    assert_eq!(
        message("S_3.json", text),
        "S_3.json: p = 3 is an odd prime, which the mod 2 reader does not read: load the file as \
         an odd-primary module (steenrod::module::AnyModule or FiniteModule<MilnorAlgebra<ValidPrime>>)"
    );
    let text = r#"{"p": 4, "type": "finite dimensional module", "gens": {"x0": 0}, "actions": []}"#;
    assert_eq!(
        message("bad.json", text),
        "bad.json: p = 4 is not supported; only p = 2"
    );
    let text = r#"{"p": 2, "type": "Steenrod module", "min": 1}"#;
    let e = error("RP.json", text);
    assert!(matches!(e, ModuleError::UnsupportedType { .. }));
    assert_eq!(
        e.to_string(),
        r#"RP.json: type "Steenrod module" is not supported; supported: "finite dimensional module", "finitely presented module", "real projective space", "complex projective space", "classifying space BCp""#
    );
}

#[test]
fn the_reference_files_that_are_not_supported_say_why() {
    let Some(dir) = common::field_modules_dir("the field's unsupported module files") else {
        return;
    };
    for (file, kind) in [
        ("C3.json", "p = 3"),
        ("RP_inf.json", "max"),
        ("j.json", "needs a range"),
        ("C4.json", "\"cofiber\""),
        ("Ceta2.json", "\"cofiber\""),
        ("C2v14.json", "\"cofiber\""),
    ] {
        let e = FiniteModule::load(&dir.join(file)).unwrap_err().to_string();
        assert!(e.contains(kind), "{file}: {e}");
        assert!(e.contains(file), "{file}: {e}");
    }
}

#[test]
fn unknown_and_duplicate_keys() {
    let text = r#"{"p": 2, "type": "finite dimensional module", "gens": {"x0": 0}, "actions": [], "colour": "red"}"#;
    assert_eq!(
        message("bad.json", text),
        r#"bad.json: unknown key "colour""#
    );
    let text = r#"{"p": 2, "type": "finite dimensional module", "gens": {"x0": 0, "x0": 1}, "actions": []}"#;
    assert_eq!(
        message("bad.json", text),
        r#"bad.json: gens: the key "x0" appears twice"#
    );
    // self_maps and products are accepted and ignored (cofiber is refused:
    // tests/module_load_options.rs).
    let text = r#"{"p": 2, "type": "finite dimensional module", "gens": {"x0": 0}, "actions": [],
                   "self_maps": [{"hom_deg": 1}], "products": []}"#;
    assert_eq!(
        FiniteModule::from_json_str("ok.json", text)
            .unwrap()
            .total_dim(),
        1
    );
}

#[test]
fn malformed_fields() {
    let cases = [
        (r#"{"type": "finite dimensional module", "gens": {"x0": 0}}"#, "bad.json: p: missing (the prime: 2, or an odd prime below 256)"),
        (r#"{"p": 2, "gens": {"x0": 0}}"#, r#"bad.json: type: missing (expected "finite dimensional module")"#),
        (r#"{"p": 2, "type": "finite dimensional module"}"#, "bad.json: gens: missing (an object mapping generator names to degrees)"),
        (&fd("{}", "[]"), "bad.json: gens: no generators (the zero module is not supported)"),
        (&fd(r#"{"x0": 0.5}"#, "[]"), r#"bad.json: gens "x0": expected an integer degree of absolute value at most 1048576, found 0.5"#),
        (&fd(r#"{"x 0": 0}"#, "[]"), r#"bad.json: gens "x 0": a generator name must not contain white space"#),
        (&fd(r#"{"x0": 0, "x200": 200}"#, "[]"), "bad.json: gens: the degrees run from 0 to 200, a span of 200; at most 128 is supported"),
        (&fd(r#"{"x0": 0}"#, r#""Sq1 x0 = 0""#), "bad.json: actions: expected an array of strings, found a string"),
        (&fd(r#"{"x0": 0}"#, "[3]"), "bad.json: actions[0]: expected a string, found 3"),
        (&fd(r#"{"x0": 0}"#, r#"["Sq1 x0"]"#), r#"bad.json: actions[0] "Sq1 x0": expected "OPERATION GENERATOR = SUM OF GENERATORS" with exactly one '='"#),
        (&fd(r#"{"x0": 0}"#, r#"["x0 = 0"]"#), r#"bad.json: actions[0] "x0 = 0": the left side "x0" has no operation before the generator"#),
        (&fd(r#"{"x0": 0}"#, r#"["Sq1 x0 = "]"#), r#"bad.json: actions[0] "Sq1 x0 = ": the right side is empty (write 0 for zero)"#),
        (&fd(r#"{"x0": 0}"#, r#"["Sqa x0 = 0"]"#), r#"bad.json: actions[0] "Sqa x0 = 0": unknown operation "Sqa"; expected Sq<i> (e.g. Sq2), a Milnor element Sq(r1,r2,...) or a product of these"#),
        (&fd(r#"{"x0": 0}"#, r#"["Sq(0,1 x0 = 0"]"#), r#"bad.json: actions[0] "Sq(0,1 x0 = 0": unbalanced '(' in "Sq(0,1 x0""#),
        (&fd(r#"{"x0": 0, "x1": 1}"#, r#"["Sq1 x0 = x1", "Sq(1) x0 = x1"]"#), r#"bad.json: actions[1] "Sq(1) x0 = x1": a second action of Sq(1) on x0 (the first is actions[0])"#),
        (r#"[1, 2]"#, "bad.json: top level: expected a JSON object, found an array"),
    ];
    for (text, expected) in cases {
        assert_eq!(message("bad.json", text), expected, "{text}");
    }
}

#[test]
fn io_error_names_the_path() {
    let e = FiniteModule::load(Path::new("/nonexistent/M.json")).unwrap_err();
    assert!(matches!(e, ModuleError::Io { .. }));
    assert!(
        e.to_string()
            .starts_with("/nonexistent/M.json: cannot read the file: "),
        "{e}"
    );
}

#[test]
fn a_byte_order_mark_is_not_invalid_json() {
    // Editors on Windows save UTF-8 with a BOM; serde_json then reported
    // "expected value at line 1 column 1" for a file that looks valid.
    let text = format!(
        "\u{feff}{}",
        fd(r#"{"x0": 0, "x1": 1}"#, r#"["Sq1 x0 = x1"]"#)
    );
    let m = FiniteModule::from_json_str("C2bom.json", &text).unwrap();
    assert_eq!(m.name(), "C2bom");
    assert_eq!(m.total_dim(), 2);
    // A BOM anywhere else is still an error.
    let text = fd(r#"{"x0": 0}"#, "[]").replacen('{', "{\u{feff}", 1);
    assert!(message("bad.json", &text).starts_with("bad.json: invalid JSON: "));
}

/// A file within the size limit whose action tables would not fit in memory (they grow
/// with the square of the number of cells in nearby degrees) is refused before any table
/// is built: 100 000 cells in degree 0 need 1.25 GB for `Sq(0)` alone.
#[test]
fn action_tables_too_large_are_refused_naming_gens() {
    let gens: Vec<String> = (0..100_000).map(|i| format!("\"x{i}\": 0")).collect();
    let s = message("wide.json", &fd(&format!("{{{}}}", gens.join(", ")), "[]"));
    assert!(s.contains("wide.json: gens: 100000 cells"), "{s}");
    assert!(s.contains("action tables would take 1253 MB"), "{s}");
    // 2 000 cells in one degree (4 MB of tables) still load.
    let gens: Vec<String> = (0..2_000).map(|i| format!("\"x{i}\": 0")).collect();
    let m = FiniteModule::from_json_str("ok.json", &fd(&format!("{{{}}}", gens.join(", ")), "[]"))
        .unwrap();
    assert_eq!(m.dim(0), 2_000);
}

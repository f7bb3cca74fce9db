//! What a module file's keys do (read, accepted as metadata, refused), the
//! shift, the cells dropped above a degree, and which files are read at all.

use crate::common::projective;

use std::path::Path;

use fp::FpVector;
use projective::projective;
use steenrod::module::{FiniteModule, LoadOptions, ModuleError, MAX_FILE_BYTES};

const HEADER: &str = r#""p": 2, "type": "finite dimensional module""#;

fn c2_with(extra: &str) -> String {
    format!(r#"{{{HEADER}, "gens": {{"x0": 0, "x1": 1}}, "actions": ["Sq1 x0 = x1"]{extra}}}"#)
}

fn refused(file: &str, text: &str) -> String {
    let e = FiniteModule::from_json_str(file, text).expect_err(text);
    let s = e.to_string();
    assert!(!s.contains('\n'), "one line: {s}");
    assert!(s.starts_with(&format!("{file}: ")), "names the file: {s}");
    s
}

/// `Sq(R)·x` for every Milnor basis element and basis element of `m`, as
/// `(op degree, op index, degree, index) → vector`: the whole module structure.
fn structure(m: &FiniteModule) -> Vec<(u32, usize, i32, usize, FpVector)> {
    let mut out = Vec::new();
    let span = (m.max_degree() - m.min_degree()) as u32;
    for t in m.min_degree()..=m.max_degree() {
        for x in 0..m.dim(t) {
            for d in 0..=span {
                if t + d as i32 > m.max_degree() {
                    continue;
                }
                for j in 0..m.algebra().dim(d) {
                    let mut v = FpVector::new(m.dim(t + d as i32));
                    m.act_on_basis(d, j, t, x, &mut v);
                    out.push((d, j, t - m.min_degree(), x, v));
                }
            }
        }
    }
    out
}

#[test]
fn cofiber_is_refused_naming_the_file_and_the_key() {
    // The field's C4.json: the cofiber of h0^2 on the sphere, not the sphere.
    let c4 = format!(
        r#"{{{HEADER}, "gens": {{"x0": 0}}, "actions": [], "cofiber": {{"idx": 0, "s": 2, "t": 2}}}}"#
    );
    let s = refused("C4.json", &c4);
    assert!(
        s.starts_with(r#"C4.json: key "cofiber" is not supported: "#),
        "{s}"
    );
    assert!(s.contains("cofiber of an Ext class"), "{s}");
    let e = FiniteModule::from_json_str("C4.json", &c4).unwrap_err();
    assert!(matches!(e, ModuleError::RefusedKey { ref key, .. } if key == "cofiber"));
    // Any value but null (which the field's resolver reads as "no cofiber").
    refused("C.json", &c2_with(r#", "cofiber": {}"#));
    refused("C.json", &c2_with(r#", "cofiber": 3"#));
    let m = FiniteModule::from_json_str("C.json", &c2_with(r#", "cofiber": null"#)).unwrap();
    assert_eq!(m.total_dim(), 2);
}

#[test]
fn generic_true_is_refused_false_is_accepted() {
    let s = refused("G.json", &c2_with(r#", "generic": true"#));
    assert!(
        s.starts_with(
            r#"G.json: key "generic" is not supported: true asks for the odd-primary notation"#
        ),
        "{s}"
    );
    let s = refused("G.json", &c2_with(r#", "generic": "no""#));
    assert_eq!(
        s,
        r#"G.json: generic: expected false (or true), found "no""#
    );
    let m = FiniteModule::from_json_str("G.json", &c2_with(r#", "generic": false"#)).unwrap();
    assert_eq!((m.min_degree(), m.max_degree()), (0, 1));
}

#[test]
fn files_written_by_the_fields_tools_load() {
    // As sseq's `ext/convert.py` writes them, and with its writers' labels.
    let text =
        r#"{"type": "finite dimensional module", "p": 2, "generic": false, "file_name": "C2.txt",
            "algebra": ["milnor"], "name": "$C(2)$", "description": "the Moore spectrum",
            "gens": {"x0": 0, "x1": 1}, "actions": ["Sq1 x0 = x1"],
            "self_maps": [{"hom_deg": 4, "int_deg": 12, "map_data": [[1]], "name": "v_1^4"}],
            "products": [{"class": [1], "hom_deg": 1, "int_deg": 2, "name": "h_0"}]}"#
            .to_string();
    let m = FiniteModule::from_json_str("C2conv.json", &text).unwrap();
    let plain = FiniteModule::from_json_str("C2.json", &c2_with("")).unwrap();
    assert_eq!(structure(&m), structure(&plain));
    assert_eq!(
        m.name(),
        "C2conv",
        "the name label does not rename the module"
    );
    // Labels must be strings; other keys stay refused.
    let s = refused("L.json", &c2_with(r#", "name": 3"#));
    assert_eq!(s, "L.json: name: expected a string, found 3");
    let s = refused("L.json", &c2_with(r#", "min": 3"#));
    assert_eq!(s, r#"L.json: unknown key "min""#);
}

#[test]
fn the_shift_key_and_the_shift_option_add() {
    let plain = FiniteModule::from_json_str("C2.json", &c2_with("")).unwrap();
    let keyed = FiniteModule::from_json_str("C2.json", &c2_with(r#", "shift": 3"#)).unwrap();
    assert_eq!((keyed.min_degree(), keyed.max_degree()), (3, 4));
    assert_eq!(structure(&keyed), structure(&plain));
    let opts = LoadOptions {
        shift: -5,
        top_degree: None,
    };
    let both =
        FiniteModule::from_json_str_with("C2.json", &c2_with(r#", "shift": 3"#), &opts).unwrap();
    assert_eq!((both.min_degree(), both.max_degree()), (-2, -1));
    assert_eq!(both.basis_element("x1"), Some((-1, 0)));
    assert_eq!(structure(&both), structure(&plain));
    let s = refused("S.json", &c2_with(r#", "shift": 0.5"#));
    assert!(s.starts_with("S.json: shift: expected an integer"), "{s}");
    // A shift past the degree limit names the generator.
    let opts = LoadOptions {
        shift: 1 << 20,
        top_degree: None,
    };
    let e = FiniteModule::from_json_str_with("S.json", &c2_with(""), &opts).unwrap_err();
    assert_eq!(
        e.to_string(),
        r#"S.json: gens "x1": degree 1 shifted by 1048576 is 1048577; degrees may be at most 1048576 in absolute value"#
    );
}

#[test]
fn cells_above_the_top_degree_are_dropped() {
    // RP_1^140: span 139, over the limit of 128 when loaded whole.
    let rp140 = projective(1, 140);
    let s = refused("RP_1_140.json", &rp140);
    assert!(s.contains("a span of 139; at most 128"), "{s}");
    // Cut at 48 it is RP_1^48, the same file cut by hand.
    let opts = LoadOptions {
        shift: 0,
        top_degree: Some(48),
    };
    let cut = FiniteModule::from_json_str_with("RP_1_140.json", &rp140, &opts).unwrap();
    let by_hand = FiniteModule::from_json_str("RP_1_48.json", &projective(1, 48)).unwrap();
    assert_eq!((cut.min_degree(), cut.max_degree()), (1, 48));
    assert_eq!(cut.dropped_generators(), 92);
    assert_eq!(by_hand.dropped_generators(), 0);
    assert_eq!(structure(&cut), structure(&by_hand));
    // Cut too high it is still over the span, and the error says what was dropped.
    let opts = LoadOptions {
        shift: 0,
        top_degree: Some(135),
    };
    let e = FiniteModule::from_json_str_with("RP.json", &rp140, &opts)
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("after dropping the 5 generators above degree 135"),
        "{e}"
    );
    // The top applies after the shift: RP_1^140[600] cut at 648 is RP_1^48[600].
    let opts = LoadOptions {
        shift: 600,
        top_degree: Some(648),
    };
    let moved = FiniteModule::from_json_str_with("RP.json", &rp140, &opts).unwrap();
    assert_eq!((moved.min_degree(), moved.max_degree()), (601, 648));
    assert_eq!(structure(&moved), structure(&by_hand));
}

#[test]
fn dropping_keeps_the_checks_of_the_whole_file() {
    let opts = LoadOptions {
        shift: 0,
        top_degree: Some(3),
    };
    // An unknown generator or a wrong degree among the dropped cells is still an error.
    let text = format!(r#"{{{HEADER}, "gens": {{"x0": 0, "x8": 8}}, "actions": ["Sq8 x0 = x9"]}}"#);
    let e = FiniteModule::from_json_str_with("B.json", &text, &opts).unwrap_err();
    assert_eq!(
        e.to_string(),
        r#"B.json: actions[0] "Sq8 x0 = x9": unknown generator "x9""#
    );
    let text = format!(
        r#"{{{HEADER}, "gens": {{"x0": 0, "x8": 8, "x9": 9}}, "actions": ["Sq1 x8 = x8"]}}"#
    );
    let e = FiniteModule::from_json_str_with("B.json", &text, &opts).unwrap_err();
    assert!(
        e.to_string()
            .contains("x8 has degree 8 but Sq1 x8 lies in degree 9"),
        "{e}"
    );
    // An action into a dropped cell is zero in the quotient M/M_{>3}: S^0 ∨ S^8 joined
    // by Sq8 is the sphere below degree 8.
    let text = format!(r#"{{{HEADER}, "gens": {{"x0": 0, "x8": 8}}, "actions": ["Sq8 x0 = x8"]}}"#);
    let m = FiniteModule::from_json_str_with("Csigma.json", &text, &opts).unwrap();
    assert_eq!(structure(&m), structure(&FiniteModule::sphere()));
    // Nothing left: an error that gives the degrees.
    let opts = LoadOptions {
        shift: 0,
        top_degree: Some(-1),
    };
    let e = FiniteModule::from_json_str_with("C.json", &c2_with(""), &opts).unwrap_err();
    assert_eq!(
        e.to_string(),
        "C.json: gens: every generator lies above degree -1, the highest that can affect the range asked for (the lowest is in degree 0)"
    );
}

#[test]
fn the_adem_check_runs_on_the_module_kept() {
    // Sq1 Sq1 x0 = x2 breaks Sq1 Sq1 = 0, but only through x2: without it the
    // quotient is C2, an honest A-module.
    let text = format!(
        r#"{{{HEADER}, "gens": {{"x0": 0, "x1": 1, "x2": 2}}, "actions": ["Sq1 x0 = x1", "Sq1 x1 = x2"]}}"#
    );
    assert!(matches!(
        FiniteModule::from_json_str("B.json", &text),
        Err(ModuleError::NotAModule { .. })
    ));
    let opts = LoadOptions {
        shift: 0,
        top_degree: Some(1),
    };
    let m = FiniteModule::from_json_str_with("B.json", &text, &opts).unwrap();
    let c2 = FiniteModule::from_json_str("C2.json", &c2_with("")).unwrap();
    assert_eq!(structure(&m), structure(&c2));
}

#[cfg(unix)]
#[test]
fn only_regular_files_are_read() {
    // A folder of this test's own (tests share the process, so not one named by its id).
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    // A FIFO with no writer: opening it would block for ever.
    let fifo = dir.join("M.json");
    let status = std::process::Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .unwrap();
    assert!(status.success());
    let e = FiniteModule::load(&fifo).unwrap_err();
    assert!(matches!(e, ModuleError::NotAFile { .. }), "{e:?}");
    assert_eq!(
        e.to_string(),
        format!(
            "{}: not a regular file (a FIFO); a module file must be a regular file",
            fifo.display()
        )
    );
    let e = FiniteModule::load(Path::new("/dev/zero")).unwrap_err();
    assert_eq!(
        e.to_string(),
        "/dev/zero: not a regular file (a character device); a module file must be a regular file"
    );
    // A file over the size limit is refused without being read (a sparse file).
    let big = dir.join("big.json");
    std::fs::File::create(&big)
        .unwrap()
        .set_len(MAX_FILE_BYTES + 1)
        .unwrap();
    let e = FiniteModule::load(&big).unwrap_err();
    assert_eq!(
        e.to_string(),
        format!(
            "{}: larger than 16777216 bytes, the most a module file may hold",
            big.display()
        )
    );
    // Not UTF-8.
    let bin = dir.join("bin.json");
    std::fs::write(&bin, b"{\"p\": 2, \xff}").unwrap();
    let e = FiniteModule::load(&bin).unwrap_err().to_string();
    assert!(
        e.contains("not UTF-8 text (an invalid byte at offset 9)"),
        "{e}"
    );
}

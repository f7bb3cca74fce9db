//! The table of names: the bundled one parses; bad tables are refused naming line and field.
use super::*;

fn parse(text: &str) -> Result<NameTable, NamesError> {
    NameTable::parse(text, Path::new("t.csv"), 2)
}

const HEAD: &str = "name,stem,s,definition,source\nh0,0,1,unique,Adams60\nh1,1,1,unique,Adams60\nh2,3,1,unique,Adams60\n";

#[test]
fn the_bundled_table_parses() {
    let t = NameTable::bundled();
    let c0 = t.row("c0").unwrap();
    assert_eq!((c0.stem, c0.s), (8, 3));
    assert!(matches!(c0.definition, Definition::Massey(_)));
    assert_eq!(t.monomial("h1c0").unwrap().1, (9, 4));
    assert!(t.rows.iter().all(|r| !r.source.is_empty()));
}

#[test]
fn a_byte_order_mark_is_not_part_of_the_header() {
    let t = parse(&format!("\u{feff}{HEAD}")).unwrap();
    assert_eq!(t.rows.len(), 3);
}

#[test]
fn definitions() {
    let t = parse(&format!(
        "{HEAD}c0,8,3,\"<h1, h0, h2^2>\",Isaksen19\nx,9,4,h1 c0,Isaksen19\ny,8,3,indecomposable,z\n"
    ))
    .unwrap();
    assert_eq!(
        t.rows[4].definition,
        Definition::Product(vec![("h1".into(), 1), ("c0".into(), 1)])
    );
    assert_eq!(t.rows[5].definition, Definition::Indecomposable);
}

#[test]
fn bad_tables_name_line_and_field() {
    let cases = [
        ("h0,0,1,unique,a\n", "line 1, field (header)"),
        (
            "name,stem,s,definition,source\nh0,0,1,unique\n",
            "line 2, field (line): 4 fields",
        ),
        (
            "name,stem,s,definition,source\nh0,0,1,unique,\n",
            "line 2, field source",
        ),
        (
            "name,stem,s,definition,source\nh0,x,1,unique,a\n",
            "line 2, field stem",
        ),
        (
            "name,stem,s,definition,source\nh0,0,0,unique,a\n",
            "line 2, field s",
        ),
        (
            "name,stem,s,definition,source\nh0,1,1,unique,a\n",
            "line 2, field name: h0 is the name of h_0",
        ),
        (
            "name,stem,s,definition,source\n0a,1,1,unique,a\n",
            "line 2, field name",
        ),
        (
            &format!("{HEAD}h0,0,1,unique,a\n"),
            "line 5, field name: \"h0\" is named twice",
        ),
        (
            &format!("{HEAD}c0,8,3,\"<h1, h0, q>\",a\n"),
            "line 5, field definition",
        ),
        (
            &format!("{HEAD}c0,8,4,\"<h1, h0, h2^2>\",a\n"),
            "line 5, field definition: the Massey product lies at (stem 8, s 3)",
        ),
        (
            &format!("{HEAD}c0,8,3,\"<h1, h0, h2^2,a\n"),
            "line 5, field (line)",
        ),
        (
            &format!("{HEAD}c0,8,3,h1 c0,a\n"),
            "line 5, field definition",
        ),
        ("", "no header"),
    ];
    for (text, expected) in cases {
        let e = parse(text).unwrap_err().to_string();
        assert!(e.starts_with("names table t.csv"), "{e}");
        assert!(e.contains(expected), "{text:?}: {e}");
    }
}

#[test]
fn the_bundled_preferred_names_parse_and_lie_where_their_factors_put_them() {
    let t = NameTable::bundled();
    let p = t.preferred_bundled();
    assert!(p.len() >= 6);
    let e0 = p.iter().find(|p| p.text == "h1^2 d0").unwrap();
    assert_eq!((e0.stem, e0.s), (16, 6));
    assert!(p.iter().all(|p| p.source.starts_with("Isaksen19")));
    let bad = t.preferred("name,stem,s,source\nh1^2 d0,16,5,x\n", Path::new("p.csv"));
    assert_eq!(
        bad.unwrap_err().to_string(),
        "names table p.csv line 2, field stem: h1^2 d0 lies at (stem 16, s 6), not (16, 5)"
    );
    let mine = parse(HEAD).unwrap();
    assert!(
        mine.preferred_bundled().is_empty(),
        "no d0, e0, Pd0 in the table"
    );
}

/// At odd p the `h_i` lie at `(stem 2(p − 1)p^i − 1, s 1)` and `a0` at `(stem 0, s 1)`
/// (Milnor 1958, §6; Liulevicius 1962); at p = 2 `a0` is a name like any other.
#[test]
fn the_h_i_and_a0_lie_where_the_prime_puts_them() {
    let at = |p: u32, rows: &str| {
        NameTable::parse(
            &format!("name,stem,s,definition,source\n{rows}"),
            Path::new("t.csv"),
            p,
        )
    };
    let t = at(3, "a0,0,1,unique,L\nh0,3,1,unique,L\nh1,11,1,unique,L\n").unwrap();
    assert_eq!(t.prime, 3);
    assert!(at(5, "h0,7,1,unique,L\nh1,39,1,unique,L\n").is_ok());
    assert!(at(2, "a0,0,2,unique,x\n").is_ok());
    let err = |p, rows| at(p, rows).unwrap_err().to_string();
    assert_eq!(
        err(3, "h0,0,1,unique,L\n"),
        "names table t.csv line 2, field name: at p = 3, h0 is the name of h_0, at (stem 2(p - 1)p^0 - 1 = 3, s 1)"
    );
    assert_eq!(
        err(3, "a0,0,2,unique,L\n"),
        "names table t.csv line 2, field name: at p = 3, a0 is the name of a_0, at (stem 0, s 1)"
    );
    assert!(err(3, "h30,1,1,unique,L\n").contains("h_30 lies beyond stem"));
}

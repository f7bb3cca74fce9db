//! chart.json: round trips and the checks of [`Chart::check`] at p = 2 and at odd p.
use super::*;

fn class(stem: i32, s: u32, index: usize, h0: Option<Vec<usize>>) -> Class {
    Class {
        h0: Product::from_indices(h0),
        ..Class::new(stem, s, index)
    }
}

fn chart(classes: Vec<Class>) -> Chart {
    Chart {
        format: FORMAT.into(),
        version: VERSION,
        module: "M".into(),
        algorithm: "nassau".into(),
        prime: 2,
        algebra: None,
        unstable: false,
        min_stem: 0,
        max_stem: 3,
        max_s: 2,
        classes,
    }
}

#[test]
fn json_round_trips_and_marks_unknown_products_null() {
    let c = chart(vec![
        class(0, 0, 0, Some(vec![0])),
        class(0, 1, 0, Some(vec![])),
        class(0, 2, 0, None),
    ]);
    assert_eq!(c.check(), Ok(()));
    let text = c.to_json();
    assert!(text.contains("\"h0\":null"), "{text}");
    assert!(text.contains("\"h0\":[]"), "{text}");
    let back: Chart = serde_json::from_str(&text).expect("valid JSON");
    assert_eq!(back, c);
    let empty = chart(vec![]);
    assert_eq!(
        serde_json::from_str::<Chart>(&empty.to_json()).expect("valid JSON"),
        empty
    );
}

#[test]
fn check_rejects_inconsistent_charts() {
    let bad_index = chart(vec![class(0, 0, 1, None)]);
    assert!(bad_index.check().unwrap_err().contains("expected index 0"));
    let out_of_order = chart(vec![class(1, 0, 0, None), class(0, 0, 0, None)]);
    assert!(out_of_order.check().unwrap_err().contains("ordered"));
    let dangling = chart(vec![class(0, 0, 0, Some(vec![0]))]);
    assert!(dangling.check().unwrap_err().contains("which has 0"));
    let outside = chart(vec![class(0, 2, 0, Some(vec![]))]);
    assert!(outside.check().unwrap_err().contains("outside the range"));
    let mut wrong_t = chart(vec![class(0, 0, 0, None)]);
    wrong_t.classes[0].t = 5;
    assert!(wrong_t.check().unwrap_err().contains("t = 5"));
}

/// A chart at p = 3 through stem 3, `s ≤ 2`, its classes set as the odd-primary resolution
/// hands them over: out of order, one class beyond the range, unknown products where the
/// target leaves the range. The products are synthetic (a test of the format, not of Ext): two classes at
/// (3, 1), so that indices and coefficients 2 occur.
fn odd_chart() -> Chart {
    let class = |stem: i32, s: u32, index, [a0, h0]: [Option<Vec<(usize, u32)>>; 2]| Class {
        a0: Product::from_pairs(a0),
        h0: Product::from_pairs(h0),
        ..Class::new(stem, s, index)
    };
    let mut chart = Chart::new("S_3", "classical", 3, 0, 3, 2);
    chart.set_classes([
        class(3, 1, 1, [Some(vec![(0, 2)]), None]),
        class(0, 0, 0, [Some(vec![(0, 1)]), Some(vec![(0, 1), (1, 2)])]),
        class(0, 1, 0, [Some(vec![(0, 1)]), Some(vec![])]),
        class(0, 2, 0, [None, None]),
        class(3, 1, 0, [Some(vec![]), None]),
        class(3, 2, 0, [None, None]),
        class(4, 0, 0, [None, None]),
    ]);
    chart
}

#[test]
fn odd_chart_is_built_in_order_and_round_trips() {
    let c = odd_chart();
    assert_eq!(c.check(), Ok(()));
    let order: Vec<(i32, u32, usize)> = c.classes.iter().map(|c| (c.stem, c.s, c.index)).collect();
    assert_eq!(
        order,
        [
            (0, 0, 0),
            (0, 1, 0),
            (0, 2, 0),
            (3, 1, 0),
            (3, 1, 1),
            (3, 2, 0)
        ]
    );
    let unit = &c.classes[0];
    assert_eq!(unit.a0, Product::Known(vec![Term::Scaled(0, 1)]));
    assert_eq!(
        unit.h0,
        Product::Known(vec![Term::Scaled(0, 1), Term::Scaled(1, 2)])
    );
    assert!(unit.h1.is_absent() && unit.h2.is_absent());

    let text = c.to_json();
    assert!(
        text.contains("\"module\": \"S_3\", \"algorithm\": \"classical\", \"prime\": 3,\n"),
        "{text}"
    );
    assert!(
        text.contains(r#"{"stem":0,"s":0,"t":0,"index":0,"a0":[[0,1]],"h0":[[0,1],[1,2]]}"#),
        "{text}"
    );
    assert!(
        text.contains(r#"{"stem":3,"s":1,"t":4,"index":1,"a0":[[0,2]],"h0":null}"#),
        "{text}"
    );
    assert!(!text.contains("h1") && !text.contains("h2"), "{text}");
    assert_eq!(Chart::parse(&text), Ok(c));

    // At p = 2 neither the prime nor a0 is written.
    let two = chart(vec![class(0, 0, 0, None)]).to_json();
    assert!(!two.contains("prime") && !two.contains("a0"), "{two}");
    assert_eq!(Chart::parse(&two).map(|c| c.prime), Ok(2));
}

/// `odd_chart()` with its unit's product by `g` replaced.
fn odd_with(g: Generator, product: Product) -> Chart {
    let mut c = odd_chart();
    *c.classes[0].product_mut(g) = product;
    c
}

#[test]
fn products_of_the_wrong_prime_or_form_are_refused_naming_class_and_key() {
    let unit = "class (stem 0, s 0, index 0): ";
    let known = |terms: Vec<Term>| Product::Known(terms);
    let cases = [
        (
            odd_with(Generator::H1, known(vec![])),
            "\"h1\" is not a product of a chart at p = 3, whose products are a0, h0",
        ),
        (
            odd_with(Generator::H2, Product::Unknown),
            "\"h2\" is not a product of a chart at p = 3, whose products are a0, h0",
        ),
        (
            odd_with(Generator::A0, known(vec![Term::Index(0)])),
            "a0 has the term 0; at p = 3 a term is an [index, coefficient] pair",
        ),
        (
            odd_with(Generator::A0, known(vec![Term::Scaled(0, 0)])),
            "a0 gives class 0 the coefficient 0, outside 1..=2 (nonzero in F_3)",
        ),
        (
            odd_with(Generator::H0, known(vec![Term::Scaled(1, 3)])),
            "h0 gives class 1 the coefficient 3, outside 1..=2 (nonzero in F_3)",
        ),
        (
            odd_with(
                Generator::H0,
                known(vec![Term::Scaled(1, 1), Term::Scaled(1, 2)]),
            ),
            "h0 lists class 1 twice (a sum of distinct classes: give each class once, with its coefficient)",
        ),
        (
            odd_with(Generator::H0, known(vec![Term::Scaled(2, 1)])),
            "h0 names class 2 of (stem 3, s 1), which has 2",
        ),
    ];
    for (c, expected) in cases {
        assert_eq!(c.check(), Err(format!("{unit}{expected}")));
    }
    // The keys and terms of p = 2 in a chart at p = 2.
    let mut two = chart(vec![class(0, 0, 0, None), class(0, 1, 0, None)]);
    two.classes[0].a0 = Product::Known(vec![Term::Index(0)]);
    assert_eq!(
        two.check(),
        Err(format!(
            "{unit}\"a0\" is not a product of a chart at p = 2, whose products are h0, h1, h2"
        ))
    );
    two.classes[0].a0 = Product::Absent;
    two.classes[0].h0 = Product::Known(vec![Term::Scaled(0, 1)]);
    assert_eq!(
        two.check(),
        Err(format!(
            "{unit}h0 has the term [0, 1]; at p = 2 a term is a class index alone"
        ))
    );
}

#[test]
fn the_prime_must_be_a_prime_below_256() {
    for (p, expected) in [
        (0, "\"prime\" is 0, which is not a prime"),
        (1, "\"prime\" is 1, which is not a prime"),
        (9, "\"prime\" is 9, which is not a prime"),
        (
            257,
            "\"prime\" is 257, beyond the largest prime adams computes at, 251",
        ),
    ] {
        let mut c = chart(vec![]);
        c.prime = p;
        assert_eq!(c.check(), Err(expected.to_string()));
    }
    let mut c = chart(vec![]);
    c.prime = 251;
    assert_eq!(c.check(), Ok(()));
}

#[test]
fn reading_names_the_file_the_class_and_the_key() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("chart.json");
    let text = odd_chart().to_json().replace(
        r#""index":0,"a0":[[0,1]],"h0":[[0,1],[1,2]]}"#,
        r#""index":0,"a0":[[0,1]],"h0":[[0,1],[1,2]],"h1":[]}"#,
    );
    std::fs::write(&path, text).unwrap();
    let err = Chart::read(&path).unwrap_err().to_string();
    assert_eq!(
        err,
        format!(
            "chart {}: class (stem 0, s 0, index 0): \"h1\" is not a product of a chart at p = 3, whose products are a0, h0",
            path.display()
        )
    );
    // A term of neither form: the message names the key and both forms.
    let text = odd_chart().to_json().replace(
        r#""a0":[[0,1]],"h0":[[0,1],[1,2]]"#,
        r#""a0":[[0,-1]],"h0":[]"#,
    );
    let err = Chart::parse(&text).unwrap_err();
    assert_eq!(
        err,
        "not an adams chart.json: \"a0\": an index (p = 2) or an [index, coefficient] pair (line 6, column 49)"
    );
}

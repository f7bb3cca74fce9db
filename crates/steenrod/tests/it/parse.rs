//! Parsing and printing elements of the Steenrod algebra.

use fp::FpVector;
use steenrod::{MilnorAlgebra, PPart, ParseError};

fn ones(v: &FpVector) -> Vec<usize> {
    v.iter_ones().collect()
}

#[test]
fn milnor_basis_elements() {
    let a = MilnorAlgebra::new(40);
    let (d, v) = a.parse("Sq(1,2)").unwrap();
    assert_eq!(d, 7);
    assert_eq!(ones(&v), [a.index_of(&PPart::from_slice(&[1, 2]))]);
    let (d, v) = a.parse("Sq(0)").unwrap();
    assert_eq!((d, ones(&v)), (0, vec![0]));
    let (d, v) = a.parse("1").unwrap();
    assert_eq!((d, ones(&v)), (0, vec![0]));
    let (d, v) = a.parse(" Sq( 3 , 0 , 1 )  ").unwrap();
    assert_eq!(d, 10);
    assert_eq!(a.element_to_string(d, &v), "Sq(3,0,1)");
}

#[test]
fn composites_are_products() {
    let a = MilnorAlgebra::new(40);
    // Adem: Sq^2 Sq^2 = Sq^3 Sq^1, and in the Milnor basis both are Sq(1,1)
    // (Milnor's formula: Sq(3)·Sq(1) has the matrices x_11 = 0, coefficient
    // C(4,1) = 4, and x_11 = 1, giving T = (1,1)).
    for text in ["Sq2 Sq2", "Sq^2 Sq^2", "Sq3 Sq1", "Sq^3*Sq^1", "Sq(3)Sq(1)"] {
        let (d, v) = a.parse(text).unwrap();
        assert_eq!(d, 4, "{text}");
        assert_eq!(a.element_to_string(d, &v), "Sq(1,1)", "{text}");
    }
    // Adem: Sq^1 Sq^1 = 0, so Sq1 Sq1 + Sq2 is Sq(2).
    let (d, v) = a.parse("Sq1 Sq1 + Sq2").unwrap();
    assert_eq!((d, a.element_to_string(d, &v)), (2, "Sq(2)".to_string()));
    // Sq^2 Sq^1 = Sq(3) + Sq(0,1), so adding Sq(3) leaves Sq(0,1).
    let (d, v) = a.parse("Sq^2 Sq^1 + Sq(3)").unwrap();
    assert_eq!((d, a.element_to_string(d, &v)), (3, "Sq(0,1)".to_string()));
    // Sq^0 is the unit; equal terms cancel.
    let (d, v) = a.parse("Sq^0 Sq(1,1) + Sq(1,1)").unwrap();
    assert_eq!((d, a.element_to_string(d, &v)), (4, "0".to_string()));
}

#[test]
fn zero() {
    let a = MilnorAlgebra::new(10);
    let (d, v) = a.parse("0").unwrap();
    assert_eq!(d, 0);
    assert!(v.is_zero());
    assert_eq!(a.element_to_string(d, &v), "0");
    let (d, v) = a.parse("0 + Sq(0,1) + 0").unwrap();
    assert_eq!((d, a.element_to_string(d, &v)), (3, "Sq(0,1)".to_string()));
}

#[test]
fn print_parse_round_trip() {
    let a = MilnorAlgebra::new(30);
    let mut state = 0x9e37_79b9_7f4a_7c15u64;
    for t in 0..=30u32 {
        for _ in 0..20 {
            let mut v = FpVector::new(a.dim(t));
            for i in 0..a.dim(t) {
                state = state
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                v.set(i, state >> 63 == 1);
            }
            let text = a.element_to_string(t, &v);
            if v.is_zero() {
                assert_eq!(text, "0");
                continue;
            }
            let (d, w) = a.parse(&text).unwrap();
            assert_eq!(d, t, "{text}");
            assert_eq!(ones(&w), ones(&v), "{text}");
        }
    }
}

#[test]
fn errors_name_the_offending_text() {
    let a = MilnorAlgebra::new(20);
    assert_eq!(
        a.parse("  "),
        Err(ParseError::Empty {
            example: "Sq(1,2) + Sq3 Sq1"
        })
    );
    match a.parse("Sq1 + Sq2") {
        Err(ParseError::DegreeMismatch {
            term,
            degree: 2,
            expected: 1,
        }) => assert_eq!(term, "Sq2"),
        other => panic!("{other:?}"),
    }
    match a.parse("Sq(1,2") {
        Err(e @ ParseError::Unexpected { .. }) => {
            assert!(e.to_string().contains("end of input"), "{e}")
        }
        other => panic!("{other:?}"),
    }
    match a.parse("Sq3 Sqx") {
        Err(e @ ParseError::Unexpected { pos: 6, .. }) => {
            assert!(e.to_string().contains("`x`"), "{e}")
        }
        other => panic!("{other:?}"),
    }
    match a.parse("Sq(0,0,0,0,0,0,0,0,1)") {
        Err(ParseError::TooManyExponents { factor }) => assert_eq!(factor, "Sq(0,0,0,0,0,0,0,0,1)"),
        other => panic!("{other:?}"),
    }
    match a.parse("Sq(0,0,0,2)") {
        Err(ParseError::DegreeTooLarge {
            term,
            degree: 30,
            max: 20,
        }) => assert_eq!(term, "Sq(0,0,0,2)"),
        other => panic!("{other:?}"),
    }
    // |Sq(0,…,0,4000000000)| = 4·10^9 · 255 does not fit in 32 bits.
    match a.parse("Sq(0,0,0,0,0,0,0,4000000000) + Sq1") {
        Err(ParseError::DegreeTooLarge { degree, .. }) => assert_eq!(degree, 4_000_000_000 * 255),
        other => panic!("{other:?}"),
    }
    match a.parse("Sq99999999999") {
        Err(ParseError::NumberTooLarge { number, .. }) => assert_eq!(number, "99999999999"),
        other => panic!("{other:?}"),
    }
    assert!(matches!(
        a.parse("Sq2 + "),
        Err(ParseError::Unexpected { .. })
    ));
    assert!(matches!(
        a.parse("Sq2 0"),
        Err(ParseError::Unexpected { .. })
    ));
    assert!(matches!(a.parse("2"), Err(ParseError::Unexpected { .. })));
    assert!(matches!(
        a.parse("Sq(1))"),
        Err(ParseError::Unexpected { .. })
    ));
}

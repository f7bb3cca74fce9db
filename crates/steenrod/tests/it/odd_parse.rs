//! Printing and parsing elements of the mod p Steenrod algebra (p = 3, 5, 7):
//! the round trip `parse(element_to_string(v)) = v`, the spellings of the
//! grammar (`P1`, `P^1`, `b`, `β`, `Q_1`, `Q(0,1)`, coefficients, signs), and
//! each parse error. The relations used (`Q(1,0) = −Q(0,1)`, `Q_0 = β`) are
//! Milnor's, "The Steenrod algebra and its dual", Ann. of Math. 67 (1958), §6.

use steenrod::{MilnorAlgebra, ParseError};

const PRIMES: [u32; 3] = [3, 5, 7];

#[test]
fn print_and_parse_round_trip() {
    for p in PRIMES {
        let a = MilnorAlgebra::new_at(p, 120);
        for t in 0..=120 {
            let dim = a.dim(t);
            for k in 0..dim.min(40) {
                let mut v = vec![0; dim];
                v[k] = 1 + (k as u32) % (p - 1);
                if k + 1 < dim {
                    v[k + 1] = p - 1;
                }
                let s = a.element_to_string(t, &v);
                assert_eq!(a.parse(&s), Ok((t, v.clone())), "`{s}` at p = {p}");
            }
        }
    }
    let a = MilnorAlgebra::new_at(3, 100);
    assert_eq!(a.element_to_string(0, &[0]), "0");
    assert_eq!(a.element_to_string(0, &[2]), "2");
    assert_eq!(a.parse("0"), Ok((0, vec![0])));
    let (d, v) = a.parse("Q(0,2)P(1,2)").unwrap();
    assert_eq!((d, a.element_to_string(d, &v)), (54, "Q(0,2)P(1,2)".into()));
    // Spellings of the same elements.
    assert_eq!(a.parse("b"), a.parse("β"));
    assert_eq!(a.parse("b"), a.parse("Q_0"));
    assert_eq!(a.parse("Q1"), a.parse("Q(1)"));
    assert_eq!(a.parse("P^2"), a.parse("P(2)"));
    assert_eq!(a.parse("P2 1"), a.parse("1*P2"));
    assert_eq!(a.parse("4 P1"), a.parse("P1"));
    assert_eq!(a.parse("-P1"), a.parse("2 P1"));
    assert_eq!(a.parse("Q(1,0)"), a.parse("-Q(0,1)"));
    assert_eq!(a.parse("Q(0,0)").unwrap(), (2, vec![0; a.dim(2)]));
    assert_eq!(a.parse("b P1 + 2·Q(0)P(1)"), a.parse("0 Q(0)P(1)"));
}

#[test]
fn parse_errors_name_the_token() {
    let a = MilnorAlgebra::new_at(3, 100);
    assert_eq!(
        a.parse("  "),
        Err(ParseError::Empty {
            example: "2 P1 + Q(0)P(1)"
        })
    );
    let unknown = a.parse("P1 + Sq2").unwrap_err();
    assert!(
        matches!(&unknown, ParseError::Unexpected { pos: 5, found, .. } if found == "`S`"),
        "{unknown:?}"
    );
    assert!(unknown.to_string().contains("unexpected `S` at byte 5"));
    assert!(matches!(
        a.parse("P1 2"),
        Err(ParseError::Unexpected { pos: 3, .. })
    ));
    assert!(matches!(
        a.parse("P(1,2"),
        Err(ParseError::Unexpected { pos: 5, .. })
    ));
    assert_eq!(
        a.parse("P99999999999"),
        Err(ParseError::NumberTooLarge {
            input: "P99999999999".into(),
            number: "99999999999".into()
        })
    );
    // |P(0,7)| = 7·16 = 112 > 100.
    assert_eq!(
        a.parse("P1 + P(0,7)"),
        Err(ParseError::DegreeTooLarge {
            term: "P(0,7)".into(),
            degree: 112,
            max: 100
        })
    );
    assert_eq!(
        a.parse("P1 + b"),
        Err(ParseError::DegreeMismatch {
            term: "b".into(),
            degree: 1,
            expected: 4
        })
    );
    assert!(matches!(
        a.parse("P1 + 2"),
        Err(ParseError::DegreeMismatch { degree: 0, .. })
    ));
}

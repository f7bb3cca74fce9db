//! The prime of an Ext table: written on the first line, read back from `mod p`.

use super::*;
use crate::verify::{check_primes, PrimesDiffer};

/// The first lines of the reference tables at odd primes (`../shared/reference/ext/`),
/// as they are.
const S_3_FIRST: &str = "# complete for stem <= 100, s <= 40; Ext over the mod 3 Steenrod algebra of F_3 (the sphere at p = 3), computed by an independent open-source Rust resolver (sseq, classical algorithm); columns stem,s,t,dim (t = stem + s), zeros omitted";
const S_5_FIRST: &str = "# complete for stem <= 100, s <= 30; Ext over the mod 5 Steenrod algebra of F_5 (the sphere at p = 5); computed by an independent open-source Rust resolver (sseq, classical algorithm); columns stem,s,t,dim (t = stem + s), zeros omitted";
const CALPHA_FIRST: &str = "# complete for stem <= 60, s <= 30; p = 3: Ext over the mod 3 Steenrod algebra of the two-cell complex C(alpha_1) (cells in 0 and 4 joined by P^1); computed by an independent open-source Rust resolver (sseq, classical algorithm); columns stem,s,t,dim (t = stem + s), zeros omitted";
/// The reference over A(1) names no prime.
const KO_FIRST: &str = "# complete for stem <= 60, s <= 30; Ext over A(1) (profile (2,1)) of F_2, i.e. the Adams E2 page of ko; computed by an independent open-source Rust resolver (sseq, classical algorithm); columns stem,s,t,dim (t = stem + s), zeros omitted";

fn table(first: &str) -> Result<ExtTable, CsvError> {
    parse_table("f.csv", &format!("{first}\nstem,s,t,dim\n0,0,0,1\n"))
}

#[test]
fn the_first_line_names_the_prime_and_reads_back() {
    let mut out = Vec::new();
    let rows = [tests::row(0, 0, 1), tests::row(0, 1, 1)];
    write_table(
        &mut out,
        &complete_line(10, 4, "S_3", "classical", 3, None),
        &rows,
    )
    .unwrap();
    let text = String::from_utf8(out).unwrap();
    assert_eq!(
        text.lines().next(),
        Some("# complete for stem <= 10, s <= 4; Ext of S_3 over the mod 3 Steenrod algebra, computed by adams (classical)")
    );
    assert_eq!(parse_table("x.csv", &text).unwrap().prime, Some(3));
    assert_eq!(
        complete_line(40, 20, "S_2", "nassau", 2, None),
        "# complete for stem <= 40, s <= 20; Ext of S_2 over the mod 2 Steenrod algebra, computed by adams (nassau)"
    );
}

#[test]
fn the_reference_tables_first_lines_give_their_primes() {
    for (first, prime) in [
        (S_3_FIRST, Some(3)),
        (S_5_FIRST, Some(5)),
        (CALPHA_FIRST, Some(3)),
        (KO_FIRST, None),
        ("# hand-made", None),
        ("# computed MOD 7 by hand; modules mod", Some(7)),
        ("# over A(1), as in ../modules/C2.json", None),
    ] {
        let t = table(first).unwrap_or_else(|e| panic!("{first}: {e}"));
        assert_eq!(t.prime, prime, "{first}");
    }
    // `mod` must be a word: `modulo 4`, `C2mod 9` name no prime.
    assert_eq!(table("# modulo 4; C2mod 9").unwrap().prime, None);
}

#[test]
fn a_mod_that_names_no_prime_is_refused_with_its_line() {
    for (first, n) in [("# Ext over the mod 4 algebra", "4"), ("# mod 1", "1")] {
        let err = table(first).unwrap_err().to_string();
        assert_eq!(
            err,
            format!("f.csv, line 1: `mod {n}` names no prime (the table's prime is read from `mod p` on its first line)")
        );
    }
}

#[test]
fn tables_of_different_primes_are_not_compared() {
    let three = table(S_3_FIRST).unwrap();
    let two = table("# complete for stem <= 4, s <= 2; Ext of S_2 over the mod 2 Steenrod algebra, computed by adams (nassau)").unwrap();
    let unstated = table(KO_FIRST).unwrap();
    let err = check_primes(&two, &three).unwrap_err();
    assert_eq!(
        err,
        PrimesDiffer {
            ours: 2,
            reference: 3
        }
    );
    assert_eq!(
        err.to_string(),
        "the tables are over different primes (mod 2 and mod 3): Ext at one prime says nothing about the other"
    );
    assert_eq!(check_primes(&three, &table(CALPHA_FIRST).unwrap()), Ok(()));
    assert_eq!(check_primes(&unstated, &three), Ok(()));
    assert_eq!(check_primes(&two, &unstated), Ok(()));
}

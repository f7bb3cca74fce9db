//! Comparison of two Ext tables over the bidegrees both cover.

use std::collections::BTreeSet;
use std::fmt;

use crate::csv::algebra::describe;
use crate::csv::{Coverage, ExtTable};

/// A bidegree where the two tables give different `dim Ext^{s,t}`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Disagreement {
    pub stem: i32,
    pub s: u32,
    pub ours: usize,
    pub reference: usize,
}

impl fmt::Display for Disagreement {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let t = i64::from(self.stem) + i64::from(self.s);
        write!(
            f,
            "stem {}, s {} (t {t}): ours {}, reference {}",
            self.stem, self.s, self.ours, self.reference
        )
    }
}

/// The outcome of [`compare`].
#[derive(Debug, Clone)]
pub struct Comparison {
    pub ours: Coverage,
    pub reference: Coverage,
    /// Bidegrees in the common range where either table has a nonzero entry.
    pub compared: usize,
    pub disagreements: Vec<Disagreement>,
}

impl Comparison {
    /// The common range in words, e.g. `stem <= 40, s <= 20 and t <= 236`.
    pub fn common_range(&self) -> String {
        if self.ours == self.reference {
            self.ours.to_string()
        } else {
            format!("{} and {}", self.ours, self.reference)
        }
    }

    /// An error when nothing was compared: no bidegree inside both tables' ranges holds a
    /// class in either (the ranges do not meet, or meet where both are zero). "Agree" would
    /// then claim a check that did not happen.
    pub fn check_something_compared(&self) -> Result<(), NothingCompared> {
        if self.compared > 0 {
            return Ok(());
        }
        Err(NothingCompared {
            range: self.common_range(),
        })
    }

    pub fn summary(&self) -> String {
        let range = self.common_range();
        if self.disagreements.is_empty() {
            format!(
                "agree: {} nonzero bidegrees compared over {range}",
                self.compared
            )
        } else {
            format!(
                "DISAGREE in {} of {} nonzero bidegrees compared over {range}",
                self.disagreements.len(),
                self.compared
            )
        }
    }
}

/// Two tables over the Steenrod algebras of different primes (from the `mod p` of their
/// first lines): their dimensions are not comparable.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("the tables are over different primes (mod {ours} and mod {reference}): Ext at one prime says nothing about the other")]
pub struct PrimesDiffer {
    pub ours: u32,
    pub reference: u32,
}

/// Refuses two tables that name different primes; a table naming none (`mod p` absent
/// from its first line) is compared with any.
pub fn check_primes(ours: &ExtTable, reference: &ExtTable) -> Result<(), PrimesDiffer> {
    match (ours.prime, reference.prime) {
        (Some(a), Some(b)) if a != b => Err(PrimesDiffer {
            ours: a,
            reference: b,
        }),
        _ => Ok(()),
    }
}

/// Two tables over different algebras (from their first lines: the whole Steenrod
/// algebra, `A(n)`, `profile (…)`): Ext over one is not Ext over the other.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("the tables are over different algebras ({} and {}): Ext over one is not Ext over the other, so they are not compared (for a change of rings, --any-algebra compares them)", describe(ours), describe(reference))]
pub struct AlgebrasDiffer {
    pub ours: String,
    pub reference: String,
}

/// Refuses two tables that name different algebras; a table naming none is compared with
/// any.
pub fn check_algebras(ours: &ExtTable, reference: &ExtTable) -> Result<(), AlgebrasDiffer> {
    match (&ours.algebra, &reference.algebra) {
        (Some(a), Some(b)) if a != b => Err(AlgebrasDiffer {
            ours: a.clone(),
            reference: b.clone(),
        }),
        _ => Ok(()),
    }
}

/// No bidegree inside both tables' ranges holds a class (see
/// [`Comparison::check_something_compared`]).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("nothing to compare: no bidegree in both tables' ranges ({range}) holds a class")]
pub struct NothingCompared {
    /// The common range, as [`Comparison::common_range`] writes it.
    pub range: String,
}

/// Compare `ours` with `reference` in every bidegree both tables cover. A
/// bidegree outside either table's range is not compared; inside it, an absent
/// row is a zero. (The primes are [`check_primes`]'s to check.)
pub fn compare(ours: &ExtTable, reference: &ExtTable) -> Comparison {
    let keys: BTreeSet<(i32, u32)> = ours
        .dims
        .keys()
        .chain(reference.dims.keys())
        .copied()
        .collect();
    let mut compared = 0;
    let mut disagreements = Vec::new();
    for (stem, s) in keys {
        if !(ours.coverage.contains(stem, s) && reference.coverage.contains(stem, s)) {
            continue;
        }
        let (a, b) = (ours.dim(stem, s), reference.dim(stem, s));
        if a == 0 && b == 0 {
            continue;
        }
        compared += 1;
        if a != b {
            disagreements.push(Disagreement {
                stem,
                s,
                ours: a,
                reference: b,
            });
        }
    }
    Comparison {
        ours: ours.coverage,
        reference: reference.coverage,
        compared,
        disagreements,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::csv::parse_table;

    #[test]
    fn finds_disagreements_only_inside_the_common_range() {
        let ours = parse_table(
            "ours",
            "# complete for stem <= 4, s <= 2\nstem,s,t,dim\n0,0,0,1\n0,1,1,1\n1,1,2,1\n3,1,4,2\n",
        )
        .unwrap();
        // The reference has h0^3 (s = 3: outside ours), misses h1 (a disagreement),
        // has 3,1 with dim 1 (a disagreement), and stem 9 (outside ours).
        let reference = parse_table(
            "ref",
            "stem,s,t,dim\n0,0,0,1\n0,1,1,1\n0,3,3,1\n3,1,4,1\n9,1,10,1\n",
        )
        .unwrap();
        let c = compare(&ours, &reference);
        assert_eq!(
            c.disagreements,
            [
                Disagreement {
                    stem: 1,
                    s: 1,
                    ours: 1,
                    reference: 0
                },
                Disagreement {
                    stem: 3,
                    s: 1,
                    ours: 2,
                    reference: 1
                },
            ]
        );
        assert_eq!(c.compared, 4);
        assert_eq!(
            c.disagreements[0].to_string(),
            "stem 1, s 1 (t 2): ours 1, reference 0"
        );
        assert_eq!(
            c.summary(),
            "DISAGREE in 2 of 4 nonzero bidegrees compared over stem <= 4, s <= 2 and t <= 10"
        );
    }

    #[test]
    fn tables_whose_ranges_share_no_class_compare_nothing() {
        // A table of zeros (a module with no cell below stem 4) and one with a class above.
        let low = parse_table("low", "# complete for stem <= 3, s <= 1\nstem,s,t,dim\n").unwrap();
        let high = parse_table("high", "stem,s,t,dim\n8,1,9,1\n").unwrap();
        let c = compare(&low, &high);
        assert_eq!(c.compared, 0);
        assert_eq!(
            c.check_something_compared().unwrap_err().to_string(),
            "nothing to compare: no bidegree in both tables' ranges (stem <= 3, s <= 1 and t <= 9) holds a class"
        );
        assert_eq!(compare(&high, &high).check_something_compared(), Ok(()));
    }

    #[test]
    fn identical_tables_agree() {
        let text = "# complete for stem <= 4, s <= 2\nstem,s,t,dim\n0,0,0,1\n1,1,2,1\n";
        let a = parse_table("a", text).unwrap();
        let c = compare(&a, &a);
        assert!(c.disagreements.is_empty());
        assert_eq!(
            c.summary(),
            "agree: 2 nonzero bidegrees compared over stem <= 4, s <= 2"
        );
    }
}

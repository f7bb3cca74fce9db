//! `adams verify CSV --against REF.csv`: compare two Ext tables bidegree by bidegree.

use std::io::Write;

use chart::{csv, verify};

use crate::cli::VerifyArgs;
use crate::error::Error;

/// `adams verify`: prints each disagreement and a summary; `Ok(true)` when the tables
/// agree on their common range, `Ok(false)` on a disagreement (exit 1).
pub fn run(args: VerifyArgs) -> Result<bool, Error> {
    let ours = csv::read_table(&args.csv)?;
    let reference = csv::read_table(&args.against)?;
    verify::check_primes(&ours, &reference).map_err(|source| Error::PrimesDiffer {
        ours: args.csv.clone(),
        reference: args.against.clone(),
        source,
    })?;
    if !args.any_algebra {
        verify::check_algebras(&ours, &reference).map_err(|source| Error::AlgebrasDiffer {
            ours: args.csv.clone(),
            reference: args.against.clone(),
            source,
        })?;
    }
    let comparison = verify::compare(&ours, &reference);
    comparison
        .check_something_compared()
        .map_err(|source| Error::NothingCompared {
            ours: args.csv.clone(),
            reference: args.against.clone(),
            source,
        })?;
    let mut text = String::new();
    for d in &comparison.disagreements {
        text.push_str(&format!("{d}\n"));
    }
    text.push_str(&format!(
        "{}: {} (against {})\n",
        args.csv.display(),
        comparison.summary(),
        args.against.display()
    ));
    let _ = std::io::stdout().lock().write_all(text.as_bytes());
    Ok(comparison.disagreements.is_empty())
}

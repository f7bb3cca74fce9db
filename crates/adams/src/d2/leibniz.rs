//! `adams d2 --leibniz CLASS`: the Leibniz rule `d2(x·y) = d2(x)·y + x·d2(y)` checked for
//! the products by each named class `y` over the whole range (the sphere only;
//! `resolution::secondary::check_leibniz`).

use adams::classes::element;
use chart::class_spec::ClassSpec;
use resolution::secondary::{check_leibniz, SecondaryLift};

use crate::error::Error;

/// For each class of `specs`, in order: its text and the number of bidegrees where the
/// rule was checked. Errors: a spec that names no class ([`Error::ProductsModule`],
/// [`Error::Lift`]), or [`Error::D2Leibniz`] (not the sphere, `d2(y)` out of range, or a
/// failure of the rule). A class that is zero (`h1h2`) is checked all the same (trivially)
/// and, unless `quiet`, named on stderr.
pub(super) fn check(
    lift: &SecondaryLift,
    specs: &[ClassSpec],
    quiet: bool,
) -> Result<Vec<(String, usize)>, Error> {
    specs
        .iter()
        .map(|spec| {
            let y = element(lift.resolution(), spec)?;
            if y.is_zero() && !quiet {
                eprintln!("note: --leibniz {spec}: the class is zero, so its rule holds trivially");
            }
            let n = check_leibniz(lift, &y).map_err(|source| Error::D2Leibniz {
                class: spec.to_string(),
                source,
            })?;
            Ok((spec.to_string(), n))
        })
        .collect()
}

/// The line the run prints: `d2(x·y) = d2(x)·y + x·d2(y) for y = h4 at 120 bidegrees, …`.
pub(super) fn line(checked: &[(String, usize)]) -> Option<String> {
    if checked.is_empty() {
        return None;
    }
    let each: Vec<String> = checked
        .iter()
        .map(|(y, n)| format!("y = {y} at {n} bidegrees"))
        .collect();
    Some(format!(
        "checked: d2(x·y) = d2(x)·y + x·d2(y) for {}",
        each.join(", ")
    ))
}

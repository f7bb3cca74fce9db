//! `adams massey S_p A B -` at an odd prime: `⟨A, B, x⟩` for every class `x` of the
//! sphere's range (the periodicity-operator form; `resolution::chain_map::massey`),
//! written to `massey.json`: an array with, per class `x` (`stem`, `s`, `index`) for which
//! the product is defined and in range, where it lies (`value_stem`, `value_s`), one value
//! as `[index, c]` pairs (`c` in `1..p`; `[]`: zero) and a basis of the indeterminacy
//! `A·Ext + Ext·x`, each vector as such pairs. The value is `⟨A, B, x⟩` up to a sign
//! depending only on the degrees (the odd-primary convention of `adams massey`, README
//! "At odd primes").

use std::time::Instant;

use fp::{FqVector, Prime, ValidPrime};
use resolution::chain_map::massey::massey_range;
use resolution::chain_map::yoneda::ExtElement;
use resolution::chain_map::LiftTarget;

use crate::cli::MasseyArgs;
use crate::error::Error;
use crate::massey::Entry;
use resolution::Resolution;
use steenrod::module::OddModule;

fn pairs(v: &FqVector<ValidPrime>) -> Vec<(usize, u32)> {
    v.iter_nonzero().collect()
}

/// Writes `massey.json` of `⟨a, b, −⟩` over `sphere` (the resolution of F_p) and a line on
/// stderr; `resolve_s`: the resolution's wall time, seconds.
///
/// Errors: `ab ≠ 0`, a product out of range, a failed lift ([`Error::Lift`]); the file
/// not written.
pub(crate) fn range(
    args: &MasseyArgs,
    sphere: &Resolution<OddModule>,
    a: &ExtElement<FqVector<ValidPrime>>,
    b: &ExtElement<FqVector<ValidPrime>>,
    resolve_s: f64,
) -> Result<(), Error> {
    let started = Instant::now();
    let tgt = LiftTarget::new(sphere);
    let all = massey_range(&tgt, a, b).map_err(|source| Error::Lift {
        what: format!("<{}, {}, ->", args.a, args.b),
        source,
    })?;
    let massey_s = started.elapsed().as_secs_f64();
    let entries: Vec<Entry<(usize, u32)>> = all
        .iter()
        .map(|(x, m)| Entry {
            stem: x.bidegree.n(),
            s: x.bidegree.s(),
            index: x.vector.iter_nonzero().next().map_or(0, |(k, _)| k),
            value_stem: m.value.bidegree.n(),
            value_s: m.value.bidegree.s(),
            value: pairs(&m.value.vector),
            indeterminacy: (0..m.indeterminacy.dim())
                .map(|k| pairs(m.indeterminacy.row(k)))
                .collect(),
        })
        .collect();
    let note = format!(
        "; p = {}, each up to a sign depending on the degrees",
        sphere.prime().value()
    );
    let name = sphere.module().name();
    crate::massey::write_entries(args, name, &entries, &note, (resolve_s, massey_s))
}

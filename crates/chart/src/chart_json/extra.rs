//! Products by further classes in a chart (issue 16): `h_i` for `i ≥ 3` in the chart of
//! `adams resolve`, any class in that of `adams products`. A class's key in chart.json is
//! the class as [`ClassSpec`] writes it, which names where its products land.

use resolution::products::MAX_HOPF_INDEX;
use resolution::Resolution;
use steenrod::PPart;

use crate::class_spec::ClassSpec;

/// The key of the Adams differential `d2` (`adams d2`): from `(stem, s)` to
/// `(stem − 1, s + 2)`, its value the target's indices as a product's.
pub const D2_KEY: &str = "d2";

/// Where a product by the class `key` lands from a class at `(stem, s)`: `(stem + n,
/// s + k)` for the key's bidegree `(n, k)`. Error (one line): the key is not a class.
pub fn shift(key: &str) -> Result<(i32, u32), String> {
    if key == D2_KEY {
        return Ok((-1, 2));
    }
    let spec: ClassSpec = key
        .parse()
        .map_err(|why: String| format!("product key {}", crate::input::excerpt(&why)))?;
    Ok(spec.stem_s())
}

/// The `i ≥ 3` whose `h_i` the algebra of `res` holds (`Sq(2^i)`) and whose products can
/// land in its range (`2^i − 1` stems at most the range's width, `max_s ≥ 1`).
pub fn further_hopf(res: &Resolution, min_stem: i32) -> Vec<u32> {
    let config = res.config();
    (3..=MAX_HOPF_INDEX)
        .filter(|&i| {
            config.max_s >= 1
                && (1i64 << i) - 1 <= i64::from(config.max_stem) - i64::from(min_stem)
                && res.algebra().contains(&PPart::from_slice(&[1u32 << i]))
        })
        .collect()
}

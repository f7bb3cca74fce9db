//! Products by further classes in a chart: `h_i` for `i ≥ 3` in the chart of
//! `adams resolve`, any class in that of `adams products`. A class's key in chart.json is
//! the class as [`ClassSpec`] writes it, which names where its products land.

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

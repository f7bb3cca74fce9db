//! Launch geometry and the narrowing of lengths to the kernels' 32-bit
//! fields: tile shape of the multiply kernel, cube sizes, 2-D grids.

use cubecl::prelude::*;
use steenrod::MAX_PPART_LEN;

use crate::GpuError;

/// Matrices per tile of the multiply kernel.
pub(crate) const TILE_M: u32 = 4;
/// Terms per tile of the multiply kernel.
pub(crate) const TILE_T: u32 = 2;
/// Units per cube of the 1-D kernels.
pub(crate) const CUBE: u32 = 64;
/// Most tiles (= units) of one multiply launch: under 2^32 with room for
/// rounding up to whole cubes (unit positions are 32-bit).
pub(crate) const MAX_TILES: u64 = 3_900_000_000;
/// Most cubes along one grid dimension (wgpu's limit).
const MAX_GRID_DIM: u64 = 65535;
/// Units of one launch: unit positions are 32-bit.
const MAX_UNITS: u64 = 1 << 32;

/// Launch geometry for `units` units in cubes of `cube`: a 2-D grid (each
/// dimension ≤ 65535, the wgpu limit) whose unit count stays within 2^32.
///
/// Errors: [`GpuError::Overflow`] when no such grid holds `units`.
pub(crate) fn grid(units: u64, cube: u32) -> Result<CubeCount, GpuError> {
    let cubes = units.div_ceil(cube as u64).max(1);
    let x = cubes.min(MAX_GRID_DIM);
    let y = cubes.div_ceil(x);
    if y > MAX_GRID_DIM || x * y * cube as u64 > MAX_UNITS {
        return Err(GpuError::Overflow {
            quantity: "units of one launch",
            value: units,
            limit: MAX_UNITS,
        });
    }
    Ok(CubeCount::Static(x as u32, y as u32, 1))
}

/// `n` as `u32`, or a [`GpuError::Overflow`] naming `quantity`.
pub(crate) fn narrow(n: u64, quantity: &'static str) -> Result<u32, GpuError> {
    u32::try_from(n).map_err(|_| GpuError::Overflow {
        quantity,
        value: n,
        limit: u32::MAX as u64,
    })
}

/// The Milnor basis p-part packed as four `u32` of two 16-bit lanes
/// (lane `k` = `r_{k+1}`), the layout the multiply kernel reads.
pub(crate) fn pack_lanes(r: &[u32; MAX_PPART_LEN]) -> [u32; 4] {
    std::array::from_fn(|w| r[2 * w] | (r[2 * w + 1] << 16))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn grids_hold_their_units_within_the_limits() {
        for units in [0, 1, 63, 64, 65, 65535 * 64, 65535 * 64 + 1, 3_900_000_000] {
            let Ok(CubeCount::Static(x, y, 1)) = grid(units, CUBE) else {
                panic!("no grid for {units} units");
            };
            let held = x as u64 * y as u64 * CUBE as u64;
            assert!(held >= units && held <= MAX_UNITS, "{units}: {x} × {y}");
            assert!(x as u64 <= MAX_GRID_DIM && y as u64 <= MAX_GRID_DIM);
        }
        assert!(matches!(
            grid(MAX_UNITS + 1, CUBE),
            Err(GpuError::Overflow { value, .. }) if value == MAX_UNITS + 1
        ));
    }

    #[test]
    fn narrow_names_the_quantity() {
        assert_eq!(narrow(7, "x").ok(), Some(7));
        match narrow(1 << 32, "tile count") {
            Err(GpuError::Overflow {
                quantity,
                value,
                limit,
            }) => assert_eq!(
                (quantity, value, limit),
                ("tile count", 1 << 32, u32::MAX as u64)
            ),
            other => panic!("{other:?}"),
        }
    }
}

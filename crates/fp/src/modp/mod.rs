//! Linear algebra over F_p for any prime p < 256, generic over [`Prime`].
//!
//! Storage: a vector of length `len` is `⌈len / e⌉` little-endian `u64` limbs with
//! `e = p.entries_per_limb()` entries each; entry `j` is the field of
//! `b = p.bits()` bits at bit `(j % e)·b` of limb `j / e`, a number in `0..p`. Bits
//! of a limb above its `e` fields and the fields of entries `>= len` are zero. At
//! p = 2 (`b = 1`, `e = 64`) this is exactly the layout of [`crate::FpVector`].
//!
//! Arithmetic is limb-wise (SWAR): at p = 2 a sum is XOR; at odd p, `b` is chosen so
//! that `x + y < 2p ≤ 2^b` fits each field, and the sum is brought back to `0..p`
//! on the whole limb at once by one comparison trick ([`limb::LimbField::reduce`]).
//!
//! - [`FqVector`]: a vector in F_p^n.
//! - [`FqMatrix`]: an m×n matrix (rows are [`FqVector`]s) with Gauss–Jordan
//!   reduction [`FqMatrix::row_reduce`].
//! - [`fq_kernel_image`]: kernel, image and [`crate::QuasiInverse`] of `v ↦ v·M`
//!   (subspaces are [`crate::Subspace`], one type for every prime).
//!
//! Pivot convention (as in the F_2 types): the pivot of a nonzero row is its
//! lowest-index nonzero entry, and in RREF it is 1.

mod grease;
mod kernel;
pub(crate) mod limb;
mod matrix;
mod reduce;
mod vector;

pub use kernel::{fq_kernel_image, fq_kernel_with_image_pivots};
pub use matrix::FqMatrix;
pub(crate) use vector::packed_range_into;
pub use vector::{FqVector, LimbsError, NonzeroEntries};

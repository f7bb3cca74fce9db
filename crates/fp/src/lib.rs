//! Linear algebra over F_p for every prime p < 256, one implementation per idea,
//! generic over the prime ([`Prime`], [`Field`]); at p = 2 bit-packed, with M4RI.
//!
//! # Storage
//!
//! A vector of length `len` is packed into little-endian `u64` limbs,
//! [`Prime::entries_per_limb`] entries of [`Prime::bits`] bits each (none straddling
//! two limbs); every bit outside the entries is zero. At p = 2 an entry is one bit:
//! bit `j` is `limbs[j / 64] >> (j % 64) & 1`, `limbs_for(len)` limbs. A [`Matrix`]
//! (F_2) stores its rows contiguously, row-major, each row occupying
//! `stride = limbs_for(cols)` limbs in the same convention.
//!
//! # Contents
//!
//! The prime is a type: the zero-sized [`P2`] (p = 2 known at compile time) or
//! [`ValidPrime`] (checked at run time, [`PrimeError`]).
//! - [`FqVector`]: a vector in F_p^n, added limb-wise (XOR at p = 2, a branch-free
//!   fieldwise reduction at odd p); [`FqVector::limbs`] /
//!   [`FqVector::try_from_limbs`] (checked, [`LimbsError`]) for save files.
//!   [`FpVector`] is `FqVector<P2>`, with the methods that read entries as bits
//!   (`iter_ones`, `flip`, XOR `add`).
//! - [`Matrix`]: an m×n matrix over F_2 with in-place Gauss–Jordan reduction by M4RI
//!   ([`Matrix::row_reduce`]); [`FqMatrix`]: an m×n matrix of [`FqVector`] rows,
//!   reduced by the Method of Four Russians over F_p ([`FqMatrix::row_reduce`]).
//!   AVX2 / AVX-512 chosen at run time for both.
//! - [`Subspace`]: a subspace of F_p^n kept as its basis in reduced row echelon form
//!   (RREF), one type for every prime (`Subspace<F>`, F_2 by default).
//! - [`QuasiInverse`] and [`KernelImage`] (generic likewise): kernel, image and
//!   preimages of the map `v ↦ v·M`, computed over F_2 by [`kernel_image`] (M4RI) and
//!   from an [`FqMatrix`] by [`fq_kernel_image`], both by one augmented-matrix split.
//!
//! Pivot convention: the pivot of a nonzero row is its *leading* (lowest-index)
//! nonzero entry, 1 in RREF. For subspaces U ⊆ V both in RREF, pivots(U) ⊆ pivots(V).
//!
//! # One interface for every prime
//!
//! [`Field`] (implemented by [`P2`] and [`ValidPrime`]) names the vector, matrix and
//! subspace types of a prime, and [`Vector`] / [`MatrixOf`] / [`SubspaceOf`] the
//! operations they share, so code above this crate is written once, generic over
//! `F: Field`, and monomorphised: at [`P2`] it runs on bit-packed limbs and M4RI, with
//! no coefficient stored per term ([`One`]).

mod field;
mod kernel;
mod m4ri;
mod matrix;
mod modp;
mod prime;
mod subspace;
mod vector;

pub use field::{Field, MatrixOf, One, SubspaceOf, Vector};
pub use kernel::{
    kernel_image, kernel_image_m4ri, kernel_image_simple, kernel_image_with, KernelImage,
    QuasiInverse,
};
pub use matrix::Matrix;
pub use modp::{
    fq_kernel_image, fq_kernel_with_image_pivots, FqMatrix, FqVector, LimbsError, NonzeroEntries,
};
pub use prime::{Prime, PrimeError, ValidPrime, P2};
pub use subspace::Subspace;
pub use vector::{FpVector, Ones};

/// Bits per limb.
pub const LIMB_BITS: usize = 64;

/// Number of `u64` limbs needed to hold `bits` bits: `ceil(bits / 64)`.
///
/// `limbs_for(0) == 0`, `limbs_for(64) == 1`, `limbs_for(65) == 2`.
#[inline]
pub const fn limbs_for(bits: usize) -> usize {
    bits.div_ceil(LIMB_BITS)
}

/// Mask of the valid bits in the last limb of a `len`-bit vector
/// (all ones when `len` is a positive multiple of 64; all ones for `len == 0`,
/// where there is no last limb).
#[inline]
pub(crate) const fn last_limb_mask(len: usize) -> u64 {
    match len % LIMB_BITS {
        0 => !0,
        r => (1u64 << r) - 1,
    }
}

/// Copy bits `start..start + len` of the limb slice `src` into `out`
/// (`limbs_for(len)` limbs; bits past `len` zero), without allocating.
///
/// Panics if `start + len` exceeds `64 * src.len()` or `out` has the wrong length.
pub(crate) fn extract_bits_into(src: &[u64], start: usize, len: usize, out: &mut [u64]) {
    assert!(
        start + len <= src.len() * LIMB_BITS,
        "extract_bits: range {start}..{} out of {} bits",
        start + len,
        src.len() * LIMB_BITS
    );
    assert_eq!(
        out.len(),
        limbs_for(len),
        "extract_bits_into: output length"
    );
    let first = start / LIMB_BITS;
    let sh = start % LIMB_BITS;
    for (i, o) in out.iter_mut().enumerate() {
        let lo = src[first + i] >> sh;
        let hi = if sh != 0 && first + i + 1 < src.len() {
            src[first + i + 1] << (LIMB_BITS - sh)
        } else {
            0
        };
        *o = lo | hi;
    }
    if let Some(last) = out.last_mut() {
        *last &= last_limb_mask(len);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn limbs_for_values() {
        assert_eq!(limbs_for(0), 0);
        assert_eq!(limbs_for(1), 1);
        assert_eq!(limbs_for(63), 1);
        assert_eq!(limbs_for(64), 1);
        assert_eq!(limbs_for(65), 2);
        assert_eq!(limbs_for(130), 3);
    }

    #[test]
    fn extract_bits_crosses_limbs() {
        let src = [0xF000_0000_0000_0000u64, 0b1011];
        // bits 60..68 = 1111 1101 (bit 60..63 ones, 64 one, 65 one, 66 zero, 67 one)
        let extract = |start, len| {
            let mut out = vec![0; limbs_for(len)];
            extract_bits_into(&src, start, len, &mut out);
            out
        };
        assert_eq!(extract(60, 8), vec![0b1011_1111]);
        assert_eq!(extract(0, 0), Vec::<u64>::new());
        assert_eq!(extract(64, 64), vec![0b1011]);
    }
}

//! Row operations of the M4RI passes: whole-row swaps and XORs of equal-length limb
//! slices. All `#[inline(always)]`, so that they are compiled into the AVX2 / AVX-512
//! wrappers of [`super`] and vectorised there (the loops index with explicit bounds so
//! that the compiler can drop the checks and vectorise them).

/// Swap rows `a` and `b` (whole rows).
#[inline(always)]
pub(super) fn swap_rows(data: &mut [u64], s: usize, a: usize, b: usize) {
    let (lo, hi) = if a < b { (a, b) } else { (b, a) };
    let (x, y) = data.split_at_mut(hi * s);
    x[lo * s..(lo + 1) * s].swap_with_slice(&mut y[..s]);
}

/// Row `dst` ^= row `src`, limbs `from..to`.
#[inline(always)]
pub(super) fn xor_rows(data: &mut [u64], s: usize, src: usize, dst: usize, from: usize, to: usize) {
    debug_assert_ne!(src, dst);
    if src < dst {
        let (x, y) = data.split_at_mut(dst * s);
        xor_into(&mut y[from..to], &x[src * s + from..src * s + to]);
    } else {
        let (x, y) = data.split_at_mut(src * s);
        xor_into(&mut x[dst * s + from..dst * s + to], &y[from..to]);
    }
}

/// `dst ^= src` (equal lengths).
#[inline(always)]
pub(super) fn xor_into(dst: &mut [u64], src: &[u64]) {
    let n = dst.len();
    let src = &src[..n];
    for i in 0..n {
        dst[i] ^= src[i];
    }
}

/// `dst = a ^ b` (equal lengths).
#[inline(always)]
pub(super) fn xor3(dst: &mut [u64], a: &[u64], b: &[u64]) {
    let n = dst.len();
    let (a, b) = (&a[..n], &b[..n]);
    for i in 0..n {
        dst[i] = a[i] ^ b[i];
    }
}

/// `dst ^= s[0] ^ … ^ s[7]` (equal lengths).
#[inline(always)]
pub(super) fn xor8(dst: &mut [u64], s: [&[u64]; 8]) {
    let n = dst.len();
    let (a, b, c, d) = (&s[0][..n], &s[1][..n], &s[2][..n], &s[3][..n]);
    let (e, f, g, h) = (&s[4][..n], &s[5][..n], &s[6][..n], &s[7][..n]);
    for i in 0..n {
        dst[i] ^= a[i] ^ b[i] ^ c[i] ^ d[i] ^ e[i] ^ f[i] ^ g[i] ^ h[i];
    }
}

/// `dst ^= a ^ b ^ c ^ d` (equal lengths).
#[inline(always)]
pub(super) fn xor4(dst: &mut [u64], a: &[u64], b: &[u64], c: &[u64], d: &[u64]) {
    let n = dst.len();
    let (a, b, c, d) = (&a[..n], &b[..n], &c[..n], &d[..n]);
    for i in 0..n {
        dst[i] ^= a[i] ^ b[i] ^ c[i] ^ d[i];
    }
}

/// `dst ^= a ^ b ^ c` (equal lengths).
#[inline(always)]
pub(super) fn xor_3src(dst: &mut [u64], a: &[u64], b: &[u64], c: &[u64]) {
    let n = dst.len();
    let (a, b, c) = (&a[..n], &b[..n], &c[..n]);
    for i in 0..n {
        dst[i] ^= a[i] ^ b[i] ^ c[i];
    }
}

/// `dst ^= a ^ b` (equal lengths).
#[inline(always)]
pub(super) fn xor_2src(dst: &mut [u64], a: &[u64], b: &[u64]) {
    let n = dst.len();
    let (a, b) = (&a[..n], &b[..n]);
    for i in 0..n {
        dst[i] ^= a[i] ^ b[i];
    }
}

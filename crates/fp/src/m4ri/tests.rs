//! M4RI against plain Gauss–Jordan elimination (the reference), for every table size,
//! SIMD level and fill, plain and augmented; and the bit-block helpers.

use super::*;
use crate::Matrix;

/// xorshift64* random bits for test matrices.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
}

/// How a test matrix is filled.
#[derive(Clone, Copy, Debug)]
enum Fill {
    Dense,
    /// Each bit one with probability 1/2^p.
    Sparse(u32),
    /// Product of random `rows × rank` and `rank × cols` matrices.
    LowRank(usize),
    /// Dense, then every row copied from a random earlier row or zeroed
    /// with probability 1/2 (many equal rows, zero rows in between).
    Repeats,
}

fn random(rows: usize, cols: usize, fill: Fill, rng: &mut Rng) -> Matrix {
    let mut m = Matrix::new(rows, cols);
    let fill_bits = |m: &mut Matrix, rng: &mut Rng, p: u32| {
        for i in 0..m.rows() {
            for j in 0..m.cols() {
                let mut one = true;
                for _ in 0..p {
                    one &= rng.next() & 1 == 1;
                }
                if one && rng.next() & 1 == 1 {
                    m.set(i, j, true);
                }
            }
        }
    };
    match fill {
        Fill::Dense => fill_bits(&mut m, rng, 0),
        Fill::Sparse(p) => fill_bits(&mut m, rng, p),
        Fill::LowRank(k) => {
            let mut a = Matrix::new(rows, k);
            let mut b = Matrix::new(k, cols);
            fill_bits(&mut a, rng, 0);
            fill_bits(&mut b, rng, 0);
            m = a.mul(&b);
        }
        Fill::Repeats => {
            fill_bits(&mut m, rng, 0);
            for i in 1..rows {
                match rng.next() % 4 {
                    0 => {
                        let src = (rng.next() % i as u64) as usize;
                        let row = m.row(src).to_vec();
                        m.row_mut(i).copy_from_slice(&row);
                    }
                    1 => m.row_mut(i).fill(0),
                    _ => {}
                }
            }
        }
    }
    m
}

fn fills() -> Vec<Fill> {
    vec![
        Fill::Dense,
        Fill::Sparse(3),
        Fill::Sparse(6),
        Fill::LowRank(0),
        Fill::LowRank(3),
        Fill::LowRank(70),
        Fill::Repeats,
    ]
}

/// Every k, every SIMD level of this CPU, tiny and odd column blocks: the
/// result must equal plain Gauss–Jordan's, byte for byte.
#[test]
fn m4ri_matches_simple_all_params() {
    let mut rng = Rng(0x1234_5678_9ABC_DEF1);
    let shapes = [
        (0, 0),
        (0, 5),
        (5, 0),
        (1, 1),
        (3, 1),
        (1, 64),
        (70, 63),
        (64, 64),
        (65, 65),
        (130, 130),
        (40, 257),
        (257, 40),
        (200, 129),
    ];
    for &(rows, cols) in &shapes {
        for fill in fills() {
            let m = random(rows, cols, fill, &mut rng);
            let mut want = m.clone();
            let want_p = want.row_reduce_simple();
            for simd in Simd::available() {
                for k in 1..=8 {
                    for block in [1, 3, 1000] {
                        let mut got = m.clone();
                        let params = Params { k, block, simd };
                        let p = got.row_reduce_with(params);
                        assert_eq!(p, want_p, "{rows}x{cols} {fill:?} {params:?}");
                        assert_eq!(got, want, "{rows}x{cols} {fill:?} {params:?}");
                    }
                }
            }
        }
    }
}

/// The augmented reduction of [M | I] equals plain Gauss–Jordan on it.
#[test]
fn augmented_matches_simple() {
    let mut rng = Rng(0xDEAD_BEEF_0BAD_F00D);
    let shapes = [
        (0, 0),
        (0, 7),
        (1, 0),
        (6, 0),
        (1, 1),
        (3, 5),
        (63, 1),
        (64, 64),
        (65, 63),
        (100, 30),
        (30, 100),
        (130, 130),
        (200, 64),
        (129, 257),
    ];
    for &(rows, n) in &shapes {
        for fill in fills() {
            let m = random(rows, n, fill, &mut rng);
            let mut aug = Matrix::new(rows, n + rows);
            for i in 0..rows {
                for j in 0..n {
                    aug.set(i, j, m.get(i, j));
                }
                aug.set(i, n + i, true);
            }
            let mut want = aug.clone();
            let want_p = want.row_reduce_simple();
            for simd in Simd::available() {
                for k in [1, 3, 4, 8] {
                    let mut got = aug.clone();
                    let params = Params { k, block: 5, simd };
                    let stride = got.stride();
                    let p = echelonize_augmented(got.data_mut(), rows, n, stride, params);
                    assert_eq!(p, want_p, "{rows}x{n} {fill:?} {params:?}");
                    assert_eq!(got, want, "{rows}x{n} {fill:?} {params:?}");
                }
            }
        }
    }
}

/// A few large ones with the default parameters.
#[test]
fn m4ri_matches_simple_large() {
    let mut rng = Rng(42);
    for &(rows, cols) in &[(1000, 1000), (1100, 1030), (300, 2000), (2000, 300)] {
        for fill in [
            Fill::Dense,
            Fill::Sparse(4),
            Fill::LowRank(500),
            Fill::Repeats,
        ] {
            let m = random(rows, cols, fill, &mut rng);
            let mut want = m.clone();
            let want_p = want.row_reduce_simple();
            let mut got = m.clone();
            assert_eq!(got.row_reduce_m4ri(), want_p);
            assert_eq!(got, want, "{rows}x{cols} {fill:?}");
        }
    }
}

#[test]
#[allow(clippy::needless_range_loop)]
fn transpose64_matches_naive() {
    let mut rng = Rng(7);
    for _ in 0..20 {
        let mut a = [0u64; 64];
        for w in a.iter_mut() {
            *w = rng.next();
        }
        let mut t = a;
        transpose64(&mut t);
        for i in 0..64 {
            for j in 0..64 {
                assert_eq!((t[i] >> j) & 1, (a[j] >> i) & 1);
            }
        }
    }
}

#[test]
fn read_write_bits_roundtrip() {
    let mut rng = Rng(9);
    for start in [0, 1, 63, 64, 65, 130] {
        let mut row: Vec<u64> = (0..5).map(|_| rng.next()).collect();
        let orig = row.clone();
        let nbits: usize = 5 * 64 - start;
        let mut buf = vec![0u64; nbits.div_ceil(64)];
        read_bits(&row, start, &mut buf);
        for b in 0..nbits {
            let want = (orig[(start + b) / 64] >> ((start + b) % 64)) & 1;
            assert_eq!((buf[b / 64] >> (b % 64)) & 1, want);
        }
        write_bits(&mut row, start, &buf);
        assert_eq!(row, orig);
        let zeros = vec![0u64; buf.len()];
        write_bits(&mut row, start, &zeros);
        for b in 0..5 * 64 {
            let bit = (row[b / 64] >> (b % 64)) & 1;
            let want = if b < start {
                (orig[b / 64] >> (b % 64)) & 1
            } else {
                0
            };
            assert_eq!(bit, want);
        }
    }
}

#[test]
fn params_shape() {
    assert_eq!(Params::for_shape(1024, 16).k, 6);
    assert_eq!(Params::for_shape(0, 0).k, 5);
    assert_eq!(Params::for_shape(5000, 1).k, 7);
    assert_eq!(Params::for_shape(1 << 20, 1).k, 8);
    assert_eq!(Params::with_k(8, 1000, Simd::Portable).block, 1000);
    assert_eq!(Params::with_k(3, 0, Simd::Portable).block, 1);
}

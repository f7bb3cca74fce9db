//! Construction of `MilnorAlgebra<ValidPrime>`: the basis of each degree, the offsets of
//! the exterior parts behind its rank formula, and the binomials mod p (see [`QTables`]).

use fp::{Prime, ValidPrime};

use super::{MilnorQP, QTables};
use crate::algebra::{part_weights, PartRanks};
use crate::milnor::MAX_PPART_LEN;

/// The basis of every degree `0..=max_degree` and the tables; the caller has checked
/// `p` and `max_degree`.
pub(crate) fn basis_and_tables(
    field: ValidPrime,
    ranks: &PartRanks,
    max_degree: u32,
) -> (Vec<Vec<MilnorQP>>, QTables) {
    let p = field.value();
    let mut pow = [1u64; MAX_PPART_LEN + 1];
    for j in 1..=MAX_PPART_LEN {
        pow[j] = pow[j - 1].saturating_mul(u64::from(p));
    }
    let weights = part_weights(p);
    // Q_i has degree 2p^i − 1; those of degree ≤ max_degree are Q_0 … Q_{n_q − 1}.
    let n_q = (0..=MAX_PPART_LEN)
        .take_while(|&i| 2 * pow[i] - 1 <= u64::from(max_degree))
        .count() as u32;
    let q_deg: Vec<u32> = (0..1u32 << n_q)
        .map(|e| {
            (0..n_q)
                .filter(|i| e >> i & 1 == 1)
                .map(|i| (2 * pow[i as usize] - 1) as u32)
                .sum()
        })
        .collect();

    let stride = max_degree as usize + 1;
    let mut offsets = vec![0usize; stride << n_q];
    let mut basis = Vec::with_capacity(stride);
    for t in 0..=max_degree {
        let mut offset = 0;
        let mut elements = Vec::new();
        for (e, &qd) in q_deg.iter().enumerate() {
            offsets[(t as usize) << n_q | e] = offset;
            if qd <= t {
                offset += ranks.count(t - qd);
                PartRanks::for_each_part(&weights, t - qd, |r| {
                    elements.push(MilnorQP { e: e as u32, r })
                });
            }
        }
        debug_assert_eq!(elements.len(), offset);
        basis.push(elements);
    }

    let (binom, binom_base) = binomials(p);
    let tables = QTables {
        pow,
        weights,
        n_q,
        q_deg,
        offsets,
        binom,
        binom_base,
    };
    (basis, tables)
}

/// `C(a, b) mod p` for `a, b < L`, `L` the largest power of p not above 256 (Pascal's
/// rule), and `L`.
fn binomials(p: u32) -> (Vec<u8>, u32) {
    let base = (1..)
        .map(|m| p.pow(m))
        .take_while(|&l| l <= 256)
        .last()
        .unwrap_or(p);
    let l = base as usize;
    let mut binom = vec![0u8; l * l];
    for a in 0..l {
        binom[a * l] = 1;
        for b in 1..=a {
            let above = binom[(a - 1) * l + b - 1] as u32 + binom[(a - 1) * l + b] as u32;
            binom[a * l + b] = (above % p) as u8;
        }
    }
    (binom, base)
}

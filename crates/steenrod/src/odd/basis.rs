//! Construction of [`OddMilnorAlgebra`]: the basis of each degree and the
//! tables behind its rank formula (see the type's documentation).

use super::{MilnorQP, OddMilnorAlgebra};
use crate::milnor::{PPart, MAX_PPART_LEN};

/// Builds the algebra; the caller has checked `p` and `max_degree`.
pub(super) fn build(p: u32, max_degree: u32) -> OddMilnorAlgebra {
    let mut pow = [1u64; MAX_PPART_LEN + 1];
    for j in 1..=MAX_PPART_LEN {
        pow[j] = pow[j - 1].saturating_mul(u64::from(p));
    }
    let mut weight = [0u64; MAX_PPART_LEN];
    for (k, w) in weight.iter_mut().enumerate() {
        *w = (pow[k + 1] - 1).saturating_mul(2);
    }
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

    // N_0(d) = [d = 0]; N_k(d) = N_{k−1}(d) + N_k(d − w_k).
    let stride = max_degree as usize + 1;
    let mut counts = vec![0usize; (MAX_PPART_LEN + 1) * stride];
    counts[0] = 1;
    for k in 1..=MAX_PPART_LEN {
        let w = weight[k - 1];
        for d in 0..stride {
            let mut n = counts[(k - 1) * stride + d];
            if (d as u64) >= w {
                n += counts[k * stride + d - w as usize];
            }
            counts[k * stride + d] = n;
        }
    }
    let n_p = |d: u32| counts[MAX_PPART_LEN * stride + d as usize];

    let mut offsets = vec![0usize; stride << n_q];
    let mut basis = Vec::with_capacity(stride);
    for t in 0..=max_degree {
        let mut offset = 0;
        let mut elements = Vec::new();
        for (e, &qd) in q_deg.iter().enumerate() {
            offsets[(t as usize) << n_q | e] = offset;
            if qd <= t {
                offset += n_p(t - qd);
                p_parts(&weight, u64::from(t - qd), |r| {
                    elements.push(MilnorQP { e: e as u32, r })
                });
            }
        }
        debug_assert_eq!(elements.len(), offset);
        basis.push(elements);
    }

    // C(a, b) mod p for a, b < L, L the largest power of p not above 256.
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

    OddMilnorAlgebra {
        p,
        max_degree,
        pow,
        weight,
        n_q,
        q_deg,
        basis,
        counts,
        offsets,
        binom,
        binom_base: base,
        sub: None,
    }
}

/// Calls `f(R)` for each `P(R)` of degree `d` in basis order: `r_8, r_7, …,
/// r_2` ascending (outermost first), `r_1` what is left, when `w_1` divides it.
fn p_parts(weight: &[u64; MAX_PPART_LEN], d: u64, mut f: impl FnMut(PPart)) {
    fn fill(
        weight: &[u64; MAX_PPART_LEN],
        k: usize,
        left: u64,
        cur: &mut [u32; MAX_PPART_LEN],
        f: &mut dyn FnMut(PPart),
    ) {
        if k == 0 {
            if left.is_multiple_of(weight[0]) {
                cur[0] = (left / weight[0]) as u32;
                f(PPart(*cur));
            }
            return;
        }
        for r in 0..=left / weight[k] {
            cur[k] = r as u32;
            fill(weight, k - 1, left - r * weight[k], cur, f);
        }
        cur[k] = 0;
    }
    fill(
        weight,
        MAX_PPART_LEN - 1,
        d,
        &mut [0; MAX_PPART_LEN],
        &mut f,
    );
}

//! The stunted real projective space `RP_lo^hi` as a module file, shared by
//! tests of several crates (`#[path]`-included).

/// `RP_lo^hi`: cells `x_n` in degree `n` (`lo ≤ n ≤ hi`), and
/// `Sq^{2^k} x_n = binom(n, 2^k) x_{n+2^k}`, odd iff bit `k` of `n` is set (Lucas'
/// theorem, also for `n < 0` in two's complement: the 2-adic digits of `n`). Only
/// the `Sq^{2^k}` are listed, the rest is derived by the reader.
pub fn projective(lo: i32, hi: i32) -> String {
    let gens: Vec<String> = (lo..=hi).map(|n| format!("\"x{n}\": {n}")).collect();
    let mut actions = Vec::new();
    for n in lo..=hi {
        let mut i = 1;
        while n + i <= hi {
            if n & i != 0 {
                actions.push(format!("\"Sq{i} x{n} = x{}\"", n + i));
            }
            i *= 2;
        }
    }
    format!(
        r#"{{"p": 2, "type": "finite dimensional module", "gens": {{{}}}, "actions": [{}]}}"#,
        gens.join(", "),
        actions.join(", ")
    )
}

//! The header's `profile` line (`SAVE-FORMAT.md`, "The header"): the sub-Hopf algebra a
//! save directory was made over, at p = 2 (`profile = 2,1` for `A(1)`) or at an odd prime
//! (`profile = 1:0,1` for `A(1)`, `profile = :0,1` for `E(1)`: the P part, a colon, the
//! indices `k` of the `Q_k` in the algebra or `all`).

use steenrod::Profile;

use super::{HeaderError, HeaderReason};

/// The value of the header's `profile` line: at p = 2 (a profile with no `q_part`) the
/// `p_part` entries separated by commas, then `,inf` when not truncated (`A(1)` is `2,1`);
/// at an odd prime the same for the P part, a colon, then the indices of the `Q_k` in the
/// algebra separated by commas, or `all` for every `Q_k` (`A(1)` is `1:0,1`, `E(1)` is
/// `:0,1`).
pub(crate) fn profile_text(p: &Profile) -> String {
    let Some(q_part) = p.q_part() else {
        return p_part_text(p);
    };
    let q = match q_part {
        Profile::ALL_Q => "all".to_string(),
        bits => (0..32u32)
            .filter(|k| bits >> k & 1 == 1)
            .map(|k| k.to_string())
            .collect::<Vec<_>>()
            .join(","),
    };
    format!("{}:{q}", p_part_text(p))
}

/// The profile of a `profile` line ([`profile_text`]) in a header of the prime `prime`,
/// checked to name a sub-Hopf algebra.
///
/// Errors (field `profile`): entries that are not numbers, a p = 2 value with a colon or
/// an odd-primary one without, a profile that names no sub-Hopf algebra.
pub(crate) fn parse_profile(value: &str, prime: u32) -> Result<Profile, HeaderError> {
    let bad = |why: String| HeaderError {
        field: "profile",
        reason: HeaderReason::NotAProfile {
            value: value.to_string(),
            why,
        },
    };
    let (p_text, q_text) = match (value.split_once(':'), prime) {
        (None, 2) => (value, None),
        (Some((p, q)), p2) if p2 != 2 => (p, Some(q)),
        (Some(_), _) => {
            return Err(bad(
                "at p = 2 expected entries such as 2,1 (A(1)), without a colon".into(),
            ))
        }
        (None, _) => {
            return Err(bad(format!(
                "at p = {prime} expected the P part, a colon and the Q part, such as 1:0,1 \
                 (A(1)) or :0,1 (E(1))"
            )))
        }
    };
    let (p_part, truncated) = parse_p_part(p_text).ok_or_else(|| {
        bad("expected entries such as 2,1 (A(1)), then ,inf when not truncated".into())
    })?;
    let Some(q_text) = q_text else {
        return Profile::new(p_part, truncated).map_err(|e| bad(e.to_string()));
    };
    let q_part = if q_text == "all" {
        Profile::ALL_Q
    } else {
        parse_q_part(q_text).ok_or_else(|| {
            bad(
                "expected after the colon the indices k < 32 of the Q_k, such as 0,1, or all"
                    .into(),
            )
        })?
    };
    Profile::with_q_part(p_part, truncated, q_part).map_err(|e| bad(e.to_string()))
}

/// A P part as the header writes it: its `p_part` entries separated by commas, then
/// `,inf` when it is not truncated (`h(i) = ∞` beyond the list).
fn p_part_text(p: &Profile) -> String {
    let mut parts: Vec<String> = p.p_part().iter().map(u32::to_string).collect();
    if !p.truncated() {
        parts.push("inf".to_string());
    }
    parts.join(",")
}

/// The entries and `truncated` of a P part ([`p_part_text`]); `None` when an entry is not
/// a number.
fn parse_p_part(text: &str) -> Option<(Vec<u32>, bool)> {
    let mut parts: Vec<&str> = if text.is_empty() {
        Vec::new()
    } else {
        text.split(',').collect()
    };
    let truncated = parts.last() != Some(&"inf");
    if !truncated {
        parts.pop();
    }
    let entries: Option<Vec<u32>> = parts.iter().map(|x| x.parse::<u32>().ok()).collect();
    entries.map(|e| (e, truncated))
}

/// The bit set of a Q part's indices (`0,1`; empty: no `Q_k`); `None` when an index is not
/// a number below 32.
fn parse_q_part(text: &str) -> Option<u32> {
    if text.is_empty() {
        return Some(0);
    }
    text.split(',').try_fold(0u32, |bits, k| {
        let k = k.parse::<u32>().ok().filter(|&k| k < 32)?;
        Some(bits | 1 << k)
    })
}

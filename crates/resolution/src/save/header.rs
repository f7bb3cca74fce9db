//! The directory header (`DIR/header`): what a save directory was made for, and the hash
//! of the module definition (`SAVE-FORMAT.md`, "The header").

use fp::{FqVector, Prime};
use steenrod::module::{FiniteModule, OddModule};
use steenrod::{OddMilnorAlgebra, PPart, Profile};

use super::{HeaderError, HeaderReason, Refusal};
use crate::Algorithm;

/// First line of every header.
pub const FIRST_LINE: &str = "adams save directory";

/// What a save directory was made for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Header {
    /// Format version of the records.
    pub format_version: u16,
    /// The prime (2, or the odd prime of an odd-primary run).
    pub prime: u32,
    /// `nassau` or `classical`.
    pub algorithm: String,
    /// The module's name (informative; not compared).
    pub module: String,
    /// BLAKE3 of the module's canonical content ([`module_hash`]), 64 hex digits.
    pub module_hash: String,
    /// The sub-Hopf algebra resolved over (the module's profile); `None` — no `profile`
    /// line, as in every header written before sub-algebras — the whole Steenrod algebra.
    pub profile: Option<Profile>,
}

/// Name of an algorithm in the header.
pub fn algorithm_name(a: Algorithm) -> &'static str {
    match a {
        Algorithm::Nassau => "nassau",
        Algorithm::Classical => "classical",
    }
}

/// BLAKE3 of the canonical content of `module`, as 64 hex digits. The content hashed:
/// the prime, the lowest and highest degree, `dim M_t` for every degree, and for each
/// basis element `x` of `M_t` (file order) and each `k` with `t + 2^k ≤ max`, the vector
/// `Sq^(2^k)·x` of `M_{t+2^k}` (its bits, in basis order). The `Sq^(2^k)` generate `A`,
/// so this determines the module with its basis — the basis the records' `s = 0`
/// differentials are written in. Names of basis elements, the module's name and the file's
/// formatting are not hashed.
pub fn module_hash(module: &FiniteModule) -> String {
    let alg = module.algebra();
    let max = module.max_degree();
    let whole = canonical_hash(
        2,
        module.min_degree(),
        max,
        |t| module.dim(t),
        |t, x, h| {
            let mut k = 0u32;
            while (t as i64) + (1i64 << k) <= max as i64 {
                let d = 1u32 << k;
                let sq = PPart::from_slice(&[d]);
                if !alg.contains(&sq) {
                    // Not in the module's sub-Hopf algebra (the profile is hashed below).
                    k += 1;
                    continue;
                }
                let op = alg.index_of(&sq);
                let mut out = fp::FpVector::new(module.dim(t + d as i32));
                module.act_on_basis(d, op, t, x, &mut out);
                hash_vector(h, out.len(), out.limbs());
                k += 1;
            }
        },
    );
    // A module over a sub-Hopf algebra is another module than the same actions over A:
    // its profile enters the hash (modules over A keep their hash).
    match module.profile() {
        None => whole,
        Some(profile) => blake3::hash(format!("adams profile v1\0{profile:?}\0{whole}").as_bytes())
            .to_hex()
            .to_string(),
    }
}

/// BLAKE3 of the canonical content of an odd-primary `module`, as 64 hex digits: as
/// [`module_hash`], with the prime `p` and, for each basis element `x` of `M_t` (file
/// order), the vectors `β·x` (when `t + 1 ≤ max`) and then `P^(p^k)·x` for each `k` with
/// `t + 2(p − 1)p^k ≤ max`, as F_p vectors (length, then the packed limbs of
/// [`fp::FqVector::limbs`]). `β` and the `P^(p^k)` generate `A_p` (Steenrod–Epstein,
/// Ch. VI), so this fixes the module with its basis.
pub fn odd_module_hash(module: &OddModule) -> String {
    let p = module.prime();
    let alg = module.algebra();
    let max = module.max_degree();
    // β, then P^1, P^p, P^(p²), … with their degrees.
    let mut generators = vec![(1u32, OddMilnorAlgebra::beta())];
    let mut power = 1u64;
    while 2 * (u64::from(p.value()) - 1) * power <= (max - module.min_degree()) as u64 {
        let d = 2 * (p.value() - 1) * power as u32;
        generators.push((d, OddMilnorAlgebra::p_power(power as u32)));
        power *= u64::from(p.value());
    }
    canonical_hash(
        p.value(),
        module.min_degree(),
        max,
        |t| module.dim(t),
        |t, x, h| {
            for (d, op) in &generators {
                if t as i64 + i64::from(*d) > max as i64 {
                    break;
                }
                let mut out = FqVector::new(p, module.dim(t + *d as i32));
                module.act_on_basis(*d, alg.index_of(*d, op), t, x, 1, &mut out, 0);
                hash_vector(h, out.len(), out.limbs());
            }
        },
    )
}

/// The hash both primes share: the tag, `prime`, the lowest and highest degree, `dim M_t`
/// for every degree, then `actions(t, x, hasher)` for every basis element `x` of every `M_t`.
fn canonical_hash(
    prime: u32,
    min: i32,
    max: i32,
    dim: impl Fn(i32) -> usize,
    mut actions: impl FnMut(i32, usize, &mut blake3::Hasher),
) -> String {
    let mut h = blake3::Hasher::new();
    h.update(b"adams module v1\0");
    h.update(&prime.to_le_bytes());
    h.update(&min.to_le_bytes());
    h.update(&max.to_le_bytes());
    for t in min..=max {
        h.update(&(dim(t) as u64).to_le_bytes());
    }
    for t in min..=max {
        for x in 0..dim(t) {
            actions(t, x, &mut h);
        }
    }
    h.finalize().to_hex().to_string()
}

/// One vector of the hash: its length, then its limbs.
fn hash_vector(h: &mut blake3::Hasher, len: usize, limbs: &[u64]) {
    h.update(&(len as u64).to_le_bytes());
    for l in limbs {
        h.update(&l.to_le_bytes());
    }
}

impl Header {
    /// The header for a run of `algorithm` on `module`.
    pub fn for_run(module: &FiniteModule, algorithm: Algorithm) -> Self {
        Self {
            format_version: super::FORMAT_VERSION,
            prime: 2,
            algorithm: algorithm_name(algorithm).to_string(),
            module: module.name().to_string(),
            module_hash: module_hash(module),
            profile: module.profile().cloned(),
        }
    }

    /// The header for a run on the odd-primary `module`: its prime, the classical
    /// algorithm (the only one at odd primes) and [`odd_module_hash`].
    pub fn for_odd_run(module: &OddModule) -> Self {
        Self {
            format_version: super::FORMAT_VERSION,
            prime: module.prime().value(),
            algorithm: algorithm_name(Algorithm::Classical).to_string(),
            module: module.name().to_string(),
            module_hash: odd_module_hash(module),
            profile: None,
        }
    }

    /// 16 bytes every record of this directory carries: BLAKE3 of the compared fields
    /// (format version, prime, algorithm, module hash, and the profile when there is one,
    /// so that a directory over `A` keeps the identity it had before profiles), truncated.
    pub fn identity(&self) -> [u8; 16] {
        let mut text = format!(
            "{}\n{}\n{}\n{}",
            self.format_version, self.prime, self.algorithm, self.module_hash
        );
        if let Some(p) = &self.profile {
            text.push_str(&format!("\n{}", profile_text(p)));
        }
        let h = blake3::hash(text.as_bytes());
        h.as_bytes()[..16].try_into().expect("16 bytes")
    }

    /// The file's text: `key = value` lines (`profile` only over a sub-Hopf algebra) and a
    /// checksum line over them.
    pub fn to_text(&self) -> String {
        let mut body = format!(
            "{FIRST_LINE}\nformat-version = {}\nprime = {}\nalgorithm = {}\nmodule = {}\nmodule-hash = {}\n",
            self.format_version, self.prime, self.algorithm, self.module, self.module_hash
        );
        if let Some(p) = &self.profile {
            body.push_str(&format!("profile = {}\n", profile_text(p)));
        }
        let sum = blake3::hash(body.as_bytes()).to_hex();
        format!("{body}checksum = {sum}\n")
    }

    /// Parses a header file's text. Errors: the field at fault and why. The format
    /// version is checked before the checksum, so that a directory of another format
    /// version is named as such.
    pub fn parse(text: &str) -> Result<Self, HeaderError> {
        let err = |field, reason| HeaderError { field, reason };
        let mut lines = text.lines();
        if lines.next() != Some(FIRST_LINE) {
            return Err(err("first line", HeaderReason::NotAHeader));
        }
        let mut fields: Vec<(&str, &str)> = Vec::new();
        for line in lines {
            let (k, v) = line.split_once(" = ").ok_or_else(|| {
                let line = line.to_string();
                err("line", HeaderReason::NotKeyValue { line })
            })?;
            fields.push((k, v));
        }
        let get = |key: &'static str| -> Result<&str, HeaderError> {
            fields
                .iter()
                .find(|(k, _)| *k == key)
                .map(|(_, v)| *v)
                .ok_or(err(key, HeaderReason::Missing))
        };
        let supported = super::FORMAT_VERSION;
        let found: u16 = number("format-version", get("format-version")?)?;
        if found != supported {
            let reason = HeaderReason::FormatVersion { found, supported };
            return Err(err("format-version", reason));
        }
        let sum = get("checksum")?;
        let body_end = text
            .rfind("\nchecksum = ")
            .ok_or(err("checksum", HeaderReason::Missing))?
            + 1;
        if blake3::hash(&text.as_bytes()[..body_end]).to_hex().as_str() != sum {
            return Err(err("checksum", HeaderReason::Checksum));
        }
        Ok(Self {
            format_version: supported,
            prime: number("prime", get("prime")?)?,
            algorithm: get("algorithm")?.to_string(),
            module: get("module")?.to_string(),
            module_hash: get("module-hash")?.to_string(),
            profile: fields
                .iter()
                .find(|(k, _)| *k == "profile")
                .map(|(_, v)| parse_profile(v))
                .transpose()?,
        })
    }

    /// Whether a directory with header `self` may be resumed by a run whose header is
    /// `run`; otherwise the first field that differs, with both values.
    pub fn check_compatible(&self, run: &Header) -> Result<(), Refusal> {
        if self.prime != run.prime {
            return Err(Refusal::PrimeMismatch {
                saved: self.prime,
                run: run.prime,
            });
        }
        // Before the algorithm: a run over a sub-algebra is classical, and the algebra is
        // what the user changed.
        if self.profile != run.profile {
            return Err(Refusal::ProfileMismatch {
                saved: self.profile.clone(),
                run: run.profile.clone(),
            });
        }
        if self.algorithm != run.algorithm {
            return Err(Refusal::AlgorithmMismatch {
                saved: self.algorithm.clone(),
                run: run.algorithm.clone(),
            });
        }
        if self.module_hash != run.module_hash {
            return Err(Refusal::ModuleMismatch {
                saved_module: self.module.clone(),
                saved_hash: self.module_hash.clone(),
                run_module: run.module.clone(),
                run_hash: run.module_hash.clone(),
            });
        }
        Ok(())
    }
}

/// A profile as the header writes it: its `p_part` entries separated by commas, then
/// `,inf` when it is not truncated (`h(i) = ∞` beyond the list): `A(1)` is `2,1`.
fn profile_text(p: &Profile) -> String {
    let mut parts: Vec<String> = p.p_part().iter().map(u32::to_string).collect();
    if !p.truncated() {
        parts.push("inf".to_string());
    }
    parts.join(",")
}

/// The profile of a header's `profile` line ([`profile_text`]), checked to name a
/// sub-Hopf algebra.
fn parse_profile(value: &str) -> Result<Profile, HeaderError> {
    let bad = |why: String| HeaderError {
        field: "profile",
        reason: HeaderReason::NotAProfile {
            value: value.to_string(),
            why,
        },
    };
    let mut parts: Vec<&str> = if value.is_empty() {
        Vec::new()
    } else {
        value.split(',').collect()
    };
    let truncated = parts.last() != Some(&"inf");
    if !truncated {
        parts.pop();
    }
    let p_part = parts
        .iter()
        .map(|x| x.parse::<u32>())
        .collect::<Result<Vec<u32>, _>>()
        .map_err(|_| {
            bad("expected entries such as 2,1 (A(1)), then ,inf when not truncated".into())
        })?;
    Profile::new(p_part, truncated).map_err(|e| bad(e.to_string()))
}

/// The number `value` of header field `key`.
fn number<N: std::str::FromStr>(key: &'static str, value: &str) -> Result<N, HeaderError> {
    value.parse().map_err(|_| HeaderError {
        field: key,
        reason: HeaderReason::NotANumber {
            value: value.to_string(),
        },
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn header_round_trips_and_detects_edits() {
        let h = Header::for_run(&FiniteModule::sphere(), Algorithm::Nassau);
        let text = h.to_text();
        assert_eq!(Header::parse(&text).unwrap(), h);
        let edited = text.replace("algorithm = nassau", "algorithm = classical");
        let checksum = HeaderError {
            field: "checksum",
            reason: HeaderReason::Checksum,
        };
        assert_eq!(Header::parse(&edited).unwrap_err(), checksum);
        let future = text.replace("format-version = 1", "format-version = 99");
        let format_version = HeaderError {
            field: "format-version",
            reason: HeaderReason::FormatVersion {
                found: 99,
                supported: 1,
            },
        };
        assert_eq!(Header::parse(&future).unwrap_err(), format_version);
        assert_eq!(Header::parse("hello\n").unwrap_err().field, "first line");
        // A value that is not a number, under a checksum that matches it.
        let body = text.split("checksum = ").next().expect("body");
        let body = body.replace("prime = 2", "prime = two");
        let sum = blake3::hash(body.as_bytes()).to_hex();
        let prime = format!("{body}checksum = {sum}\n");
        assert_eq!(
            Header::parse(&prime).unwrap_err().to_string(),
            "field prime: \"two\" is not a number"
        );
    }

    #[test]
    fn another_prime_algorithm_or_module_is_incompatible() {
        let sphere = FiniteModule::sphere();
        let h = Header::for_run(&sphere, Algorithm::Nassau);
        assert!(h.check_compatible(&h).is_ok());
        let p3 = Header {
            prime: 3,
            ..h.clone()
        };
        assert_eq!(p3.check_compatible(&h).unwrap_err().field(), "prime");
        let classical = Header::for_run(&sphere, Algorithm::Classical);
        assert_eq!(
            classical.check_compatible(&h).unwrap_err().field(),
            "algorithm"
        );
        let c2 = FiniteModule::from_bundled("C2").expect("bundled C2");
        let other = Header::for_run(&c2, Algorithm::Nassau);
        assert_eq!(
            other.check_compatible(&h).unwrap_err().field(),
            "module-hash"
        );
        assert_ne!(h.identity(), other.identity());
    }

    /// The p = 2 hash is part of format version 1: directories saved by earlier builds
    /// must still open. These are the headers' `module-hash` written by the build before
    /// odd primes (`adams resolve S_2|C2 … --save-dir` with the p = 2-only build).
    #[test]
    fn the_p2_module_hash_is_unchanged() {
        let c2 = FiniteModule::from_bundled("C2").expect("bundled C2");
        assert_eq!(
            module_hash(&FiniteModule::sphere()),
            "f72a4c2eba1c68ab98db58862863c5826f42abf8c94dae12ac7ef1095ca48556"
        );
        assert_eq!(
            module_hash(&c2),
            "272dcbb4d577474a77c237c083be5857935a0206e9bbeff4ac01891ba6fa80db"
        );
    }

    /// A header over a sub-Hopf algebra records its profile; one without a `profile` line
    /// (every header written before profiles) is over `A` and keeps its identity.
    #[test]
    fn the_profile_round_trips_and_only_a_sub_algebra_writes_one() {
        let ko = FiniteModule::from_bundled("ko").expect("bundled ko");
        let h = Header::for_run(&ko, Algorithm::Classical);
        assert_eq!(h.profile, Some(Profile::a(1)));
        let text = h.to_text();
        assert!(text.contains("\nprofile = 2,1\n"), "{text}");
        assert_eq!(Header::parse(&text).unwrap(), h);
        let not_truncated = Header {
            profile: Some(Profile::new(vec![3, 2], false).unwrap()),
            ..h.clone()
        };
        let text = not_truncated.to_text();
        assert!(text.contains("\nprofile = 3,2,inf\n"), "{text}");
        assert_eq!(Header::parse(&text).unwrap(), not_truncated);
        assert_ne!(h.identity(), not_truncated.identity());

        let sphere = Header::for_run(&FiniteModule::sphere(), Algorithm::Nassau);
        assert_eq!(sphere.profile, None);
        assert!(!sphere.to_text().contains("profile"));
        // The identity over A is BLAKE3 of the four fields as before profiles.
        let old = format!("1\n2\nnassau\n{}", sphere.module_hash);
        assert_eq!(
            sphere.identity(),
            blake3::hash(old.as_bytes()).as_bytes()[..16]
        );
    }

    #[test]
    fn a_profile_that_is_not_one_is_a_header_error() {
        let ko = FiniteModule::from_bundled("ko").expect("bundled ko");
        let text = Header::for_run(&ko, Algorithm::Classical).to_text();
        let body = text.split("checksum = ").next().expect("body");
        for (value, why) in [
            ("2,x", "expected entries"),
            ("1,2", "not a sub-Hopf algebra"),
        ] {
            let body = body.replace("profile = 2,1", &format!("profile = {value}"));
            let sum = blake3::hash(body.as_bytes()).to_hex();
            let err = Header::parse(&format!("{body}checksum = {sum}\n")).unwrap_err();
            assert_eq!(err.field, "profile");
            let message = err.to_string();
            assert!(
                message.starts_with(&format!("field profile: \"{value}\" is not a profile: ")),
                "{message}"
            );
            assert!(message.contains(why), "{message}");
        }
    }

    #[test]
    fn another_profile_is_incompatible_and_named_before_the_algorithm() {
        let ko = FiniteModule::from_bundled("ko").expect("bundled ko");
        let sphere = FiniteModule::sphere();
        let tmf = sphere.clone().restricted_to(&Profile::a(2));
        let saved = Header::for_run(&ko, Algorithm::Classical);
        let whole = Header::for_run(&sphere, Algorithm::Nassau);
        let over_a2 = Header::for_run(&tmf, Algorithm::Classical);
        assert!(saved.check_compatible(&saved).is_ok());
        let err = saved.check_compatible(&over_a2).unwrap_err();
        assert_eq!(err.field(), "profile");
        assert_eq!(
            err.to_string(),
            "field profile: the directory was made for a resolution over A(1), this run resolves over A(2)"
        );
        let err = saved.check_compatible(&whole).unwrap_err();
        assert_eq!(
            err.to_string(),
            "field profile: the directory was made for a resolution over A(1), this run resolves over A, the whole Steenrod algebra"
        );
        assert_eq!(
            whole.check_compatible(&saved).unwrap_err().field(),
            "profile"
        );
    }

    #[test]
    fn module_hash_ignores_names_and_formatting() {
        let a = FiniteModule::from_json_str("a.json", r#"{"p": 2, "type": "finite dimensional module", "gens": {"x0": 0, "x1": 1}, "actions": ["Sq1 x0 = x1"]}"#).unwrap();
        let b = FiniteModule::from_json_str(
            "b.json",
            "{\n  \"type\": \"finite dimensional module\",\n  \"p\": 2,\n  \"gens\": {\"y0\": 0, \"y1\": 1},\n  \"actions\": [\"Sq1 y0 = y1\"]\n}",
        )
        .unwrap();
        let c = FiniteModule::from_json_str("c.json", r#"{"p": 2, "type": "finite dimensional module", "gens": {"x0": 0, "x1": 1}, "actions": []}"#).unwrap();
        assert_eq!(module_hash(&a), module_hash(&b));
        assert_ne!(module_hash(&a), module_hash(&c));
    }
}

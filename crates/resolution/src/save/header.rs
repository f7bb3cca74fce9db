//! The directory header (`DIR/header`): what a save directory was made for, and the hash
//! of the module definition (`SAVE-FORMAT.md`, "The header").

use fp::{Field, Prime, Vector};
use steenrod::module::FiniteModule;
use steenrod::Profile;

use super::profile::{parse_profile, profile_text};
use super::SaveAlgebra;
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
    /// The sub-Hopf algebra resolved over (the module's profile, at p = 2 or at the odd
    /// prime); `None` — no `profile` line, as in every header written before sub-algebras
    /// — the whole Steenrod algebra.
    pub profile: Option<Profile>,
    /// The module's top kept cell when the run that made the directory dropped the cells
    /// above its top degree `t = max_stem + max_s` (`cut-above` line; `None`, no line:
    /// nothing was dropped, or a header written before the line existed). Not compared
    /// (the hash is of the module as cut) and not part of [`Header::identity`]; `adams
    /// certify` cuts a module given to it there before comparing hashes.
    pub cut_above: Option<i32>,
}

/// Name of an algorithm in the header.
pub fn algorithm_name(a: Algorithm) -> &'static str {
    match a {
        Algorithm::Nassau => "nassau",
        Algorithm::Classical => "classical",
    }
}

/// BLAKE3 of the canonical content of `module`, as 64 hex digits. The content hashed:
/// the prime `p`, the lowest and highest degree, `dim M_t` for every degree, and for each
/// basis element `x` of `M_t` (file order) and each operation `θ` of
/// [`SaveAlgebra::hashed_operations`] with `t + |θ| ≤ max`, the vector `θ·x` of
/// `M_{t+|θ|}` (its length, then the limbs of the field's vector: bits at p = 2, the
/// packing of [`fp::FqVector::limbs`] at odd p). Over the whole algebra those are
/// `Sq^(2^k)` at p = 2 and `β`, `P^(p^k)` at odd p: they generate `A` (Steenrod–Epstein,
/// Ch. VI), so this determines the module with its basis — the basis the records' `s = 0`
/// differentials are written in. Names of basis elements, the module's name and the
/// file's formatting are not hashed.
///
/// A module over a sub-Hopf algebra `B` (the module's profile) is another module than
/// the same actions over `A`: the result is then BLAKE3 of [`SaveAlgebra::PROFILE_TAG`],
/// the profile and that hash (modules over `A` keep their hash). `SAVE-FORMAT.md`,
/// "Module hash".
pub fn module_hash<A: SaveAlgebra>(module: &FiniteModule<A>) -> String {
    let field = module.prime();
    let (min, max) = (module.min_degree(), module.max_degree());
    let operations = module
        .algebra()
        .hashed_operations((max - min).max(0) as u32);
    let whole = canonical_hash(
        field.value(),
        min,
        max,
        |t| module.dim(t),
        |t, x, h| {
            for &(d, op) in &operations {
                if t as i64 + i64::from(d) > max as i64 {
                    break;
                }
                let mut out = field.zero_vector(module.dim(t + d as i32));
                module.act_on_basis_at(d, op, t, x, 1, &mut out, 0);
                hash_vector(h, out.len(), out.limbs());
            }
        },
    );
    match module.profile() {
        None => whole,
        Some(profile) => blake3::hash(
            format!("{}\0{}\0{whole}", A::PROFILE_TAG, hashed_profile(profile)).as_bytes(),
        )
        .to_hex()
        .to_string(),
    }
}

/// The text of a profile in the module hash of format v1, fixed by the directories written
/// so far: `Profile { p_part: [2, 1], truncated: true }` at p = 2 and
/// `OddProfile { p_part: Profile { p_part: [1], truncated: true }, q_part: 3 }` at an odd
/// prime (the P part `h`, `truncated`, the bit set of `Q`).
fn hashed_profile(profile: &Profile) -> String {
    let h = format!(
        "Profile {{ p_part: {:?}, truncated: {} }}",
        profile.p_part(),
        profile.truncated()
    );
    match profile.q_part() {
        None => h,
        Some(q) => format!("OddProfile {{ p_part: {h}, q_part: {q} }}"),
    }
}

/// The hash of format v1: the tag, `prime`, the lowest and highest degree, `dim M_t`
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
    /// The header for a run of `algorithm` on `module`: its prime, the algorithm the
    /// run takes at that prime ([`SaveAlgebra::run_algorithm`]: the classical one at odd
    /// p), its [`module_hash`] and its sub-Hopf algebra's profile (none over the whole
    /// algebra, as in the headers written before profiles).
    pub fn for_run<A: SaveAlgebra>(module: &FiniteModule<A>, algorithm: Algorithm) -> Self {
        Self {
            format_version: super::FORMAT_VERSION,
            prime: module.prime().value(),
            algorithm: algorithm_name(A::run_algorithm(algorithm)).to_string(),
            module: module.name().to_string(),
            module_hash: module_hash(module),
            profile: module.profile().cloned(),
            cut_above: (module.dropped_generators() > 0).then(|| module.max_degree()),
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
        if let Some(d) = self.cut_above {
            body.push_str(&format!("cut-above = {d}\n"));
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
        let prime = number("prime", get("prime")?)?;
        Ok(Self {
            format_version: supported,
            prime,
            algorithm: get("algorithm")?.to_string(),
            module: get("module")?.to_string(),
            module_hash: get("module-hash")?.to_string(),
            profile: fields
                .iter()
                .find(|(k, _)| *k == "profile")
                .map(|(_, v)| parse_profile(v, prime))
                .transpose()?,
            cut_above: fields
                .iter()
                .find(|(k, _)| *k == "cut-above")
                .map(|(_, v)| number("cut-above", v))
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
#[path = "header_tests.rs"]
mod tests;

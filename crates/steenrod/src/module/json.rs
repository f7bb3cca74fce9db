//! Reading the field's JSON module format into a [`Spec`]: the generators and
//! the parsed actions, before any algebra is done. See `MODULE-FORMAT.md`.

use std::collections::HashSet;
use std::fmt;

use serde::de::{Deserialize, Deserializer, MapAccess, SeqAccess, Visitor};
use serde_json::Value;

use super::ModuleError;

/// Top-level keys read and ignored (they matter to other tools: self maps,
/// products and cofibers used when charting, not to the module itself).
const IGNORED_KEYS: [&str; 3] = ["self_maps", "products", "cofiber"];

/// The generators and actions of a file, syntax checked.
#[derive(Debug)]
pub(super) struct Spec {
    /// `(name, degree)` in the file's order.
    pub gens: Vec<(String, i32)>,
    pub actions: Vec<ActionSpec>,
}

/// One entry of `actions`, e.g. `"Sq2 Sq1 x0 = x3 + x4"`.
#[derive(Debug)]
pub(super) struct ActionSpec {
    /// How errors name it: `actions[3] "Sq2 Sq1 x0 = x3 + x4"`.
    pub field: String,
    /// The left side as written, trimmed: `Sq2 Sq1 x0`.
    pub lhs: String,
    /// The operation as written, trimmed: `Sq2 Sq1`.
    pub op_text: String,
    /// The factors of the operation, leftmost first (applied right to left).
    pub op: Vec<Factor>,
    /// The generator acted on.
    pub source: String,
    /// The generators summed on the right side (repeats cancel mod 2).
    pub targets: Vec<String>,
}

/// One factor of an operation: `Sq^i` or a Milnor basis element `Sq(R)`.
///
/// Normal form: a Milnor element has at least two significant entries (no
/// trailing zeros); `Sq(i)` is stored as `Sq(i)` = `Factor::Sq(i)`, so that
/// `Sq2` and `Sq(2)` compare equal.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(super) enum Factor {
    Sq(u32),
    Milnor(Vec<u32>),
}

impl Factor {
    /// The degree `i`, or `Σ r_k (2^k − 1)`, saturating at `u64::MAX`.
    pub fn degree(&self) -> u64 {
        match self {
            Factor::Sq(i) => u64::from(*i),
            Factor::Milnor(r) => r.iter().enumerate().fold(0u64, |acc, (k, &x)| {
                if x == 0 {
                    return acc;
                }
                let weight = if k + 1 >= 63 {
                    u64::MAX
                } else {
                    (1u64 << (k + 1)) - 1
                };
                acc.saturating_add(weight.saturating_mul(u64::from(x)))
            }),
        }
    }

    /// The operation's degree: the sum of its factors' degrees (saturating).
    pub fn total_degree(op: &[Factor]) -> u64 {
        op.iter()
            .fold(0u64, |acc, f| acc.saturating_add(f.degree()))
    }
}

impl fmt::Display for Factor {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Factor::Sq(i) => write!(f, "Sq{i}"),
            Factor::Milnor(r) => {
                let parts: Vec<String> = r.iter().map(u32::to_string).collect();
                write!(f, "Sq({})", parts.join(","))
            }
        }
    }
}

/// Parse and syntax check a whole file. Errors: invalid JSON (with serde's
/// line and column), a duplicate key, `p ≠ 2`, a `profile`, an unsupported
/// `type`, an unknown top-level key, malformed `gens` or `actions`.
pub(super) fn parse_spec(file: &str, text: &str) -> Result<Spec, ModuleError> {
    // A byte order mark (editors on Windows write one) is not JSON; skip it.
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let value: Value = serde_json::from_str(text).map_err(|e| json_error(file, &e))?;
    let DuplicateScan(dup) = serde_json::from_str(text).map_err(|e| json_error(file, &e))?;
    if let Some((parent, key)) = dup {
        let field = if parent.is_empty() {
            "top level".to_string()
        } else {
            parent
        };
        return Err(ModuleError::field(
            file,
            field,
            format!("the key \"{key}\" appears twice"),
        ));
    }
    let Value::Object(obj) = value else {
        return Err(ModuleError::field(
            file,
            "top level",
            format!("expected a JSON object, found {}", kind_of(&value)),
        ));
    };

    match obj.get("p") {
        None => {
            return Err(ModuleError::field(
                file,
                "p",
                "missing (the prime; must be 2)",
            ))
        }
        Some(v) => match v.as_i64() {
            Some(2) => {}
            Some(p) => {
                return Err(ModuleError::UnsupportedPrime {
                    file: file.to_string(),
                    p,
                })
            }
            None => {
                return Err(ModuleError::field(
                    file,
                    "p",
                    format!("expected the integer 2, found {v}"),
                ))
            }
        },
    }
    if obj.contains_key("profile") {
        return Err(ModuleError::UnsupportedProfile {
            file: file.to_string(),
            key: "profile".to_string(),
        });
    }
    if let Some(alg) = obj.get("algebra") {
        // Without a profile, `algebra` only names the bases a tool may use for
        // the full A; accept the two the field uses, refuse anything else.
        let ok = alg.as_array().is_some_and(|a| {
            a.iter()
                .all(|x| matches!(x.as_str(), Some("adem") | Some("milnor")))
        });
        if !ok {
            return Err(ModuleError::UnsupportedProfile {
                file: file.to_string(),
                key: "algebra".to_string(),
            });
        }
    }
    match obj.get("type") {
        None => {
            return Err(ModuleError::field(
                file,
                "type",
                "missing (expected \"finite dimensional module\")",
            ))
        }
        Some(Value::String(s)) if s == "finite dimensional module" => {}
        Some(Value::String(s)) => {
            return Err(ModuleError::UnsupportedType {
                file: file.to_string(),
                kind: s.clone(),
            });
        }
        Some(v) => {
            return Err(ModuleError::field(
                file,
                "type",
                format!("expected a string, found {v}"),
            ))
        }
    }
    for key in obj.keys() {
        let known = matches!(key.as_str(), "p" | "type" | "gens" | "actions" | "algebra")
            || IGNORED_KEYS.contains(&key.as_str());
        if !known {
            return Err(ModuleError::UnknownKey {
                file: file.to_string(),
                key: key.clone(),
            });
        }
    }

    let gens = parse_gens(file, obj.get("gens"))?;
    let actions = match obj.get("actions") {
        None => Vec::new(),
        Some(Value::Array(items)) => items
            .iter()
            .enumerate()
            .map(|(i, item)| match item {
                Value::String(s) => parse_action(file, i, s),
                other => Err(ModuleError::field(
                    file,
                    format!("actions[{i}]"),
                    format!("expected a string, found {other}"),
                )),
            })
            .collect::<Result<_, _>>()?,
        Some(v) => {
            return Err(ModuleError::field(
                file,
                "actions",
                format!("expected an array of strings, found {}", kind_of(v)),
            ));
        }
    };
    Ok(Spec { gens, actions })
}

fn json_error(file: &str, e: &serde_json::Error) -> ModuleError {
    ModuleError::Json {
        file: file.to_string(),
        line: e.line(),
        column: e.column(),
        message: e.to_string(),
    }
}

fn kind_of(v: &Value) -> &'static str {
    match v {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    }
}

fn parse_gens(file: &str, gens: Option<&Value>) -> Result<Vec<(String, i32)>, ModuleError> {
    let Some(gens) = gens else {
        return Err(ModuleError::field(
            file,
            "gens",
            "missing (an object mapping generator names to degrees)",
        ));
    };
    let Value::Object(map) = gens else {
        return Err(ModuleError::field(
            file,
            "gens",
            format!(
                "expected an object mapping generator names to degrees, found {}",
                kind_of(gens)
            ),
        ));
    };
    if map.is_empty() {
        return Err(ModuleError::field(
            file,
            "gens",
            "no generators (the zero module is not supported)",
        ));
    }
    let mut out = Vec::with_capacity(map.len());
    for (name, deg) in map {
        let field = format!("gens {name:?}");
        if let Some(reason) = bad_name(name) {
            return Err(ModuleError::field(file, field, reason));
        }
        let deg = deg
            .as_i64()
            .and_then(|d| i32::try_from(d).ok())
            .filter(|d| d.unsigned_abs() <= super::MAX_ABS_DEGREE)
            .ok_or_else(|| {
                ModuleError::field(
                    file,
                    &field,
                    format!(
                        "expected an integer degree of absolute value at most {}, found {deg}",
                        super::MAX_ABS_DEGREE
                    ),
                )
            })?;
        out.push((name.clone(), deg));
    }
    Ok(out)
}

/// Why `name` cannot be a generator name, if it cannot.
fn bad_name(name: &str) -> Option<&'static str> {
    if name.is_empty() {
        Some("a generator name must not be empty")
    } else if name.chars().any(char::is_whitespace) {
        Some("a generator name must not contain white space")
    } else if name.contains(['+', '=']) {
        Some("a generator name must not contain '+' or '='")
    } else if name == "0" {
        Some("\"0\" stands for zero and cannot name a generator")
    } else {
        None
    }
}

/// Parse `"OP GEN = SUM"`, `OP` one or more factors `Sq<i>`, `Sq(r1,r2,…)`
/// (also `P(r1,…)`), `SUM` generators joined by `+`, or `0`.
fn parse_action(file: &str, i: usize, text: &str) -> Result<ActionSpec, ModuleError> {
    let field = format!("actions[{i}] {text:?}");
    let err = |reason: String| ModuleError::field(file, &field, reason);
    let mut sides = text.split('=');
    let (Some(lhs), Some(rhs), None) = (sides.next(), sides.next(), sides.next()) else {
        return Err(err(
            "expected \"OPERATION GENERATOR = SUM OF GENERATORS\" with exactly one '='".into(),
        ));
    };
    let lhs = lhs.trim();
    let tokens = tokenize(lhs).map_err(&err)?;
    let Some((source, factors)) = tokens.split_last() else {
        return Err(err("the left side is empty".into()));
    };
    if factors.is_empty() {
        return Err(err(format!(
            "the left side \"{lhs}\" has no operation before the generator"
        )));
    }
    let op = factors
        .iter()
        .map(|t| parse_factor(t))
        .collect::<Result<Vec<_>, _>>()
        .map_err(&err)?;
    let op_text = lhs[..lhs.len() - source.len()].trim_end().to_string();

    let rhs = rhs.trim();
    if rhs.is_empty() {
        return Err(err("the right side is empty (write 0 for zero)".into()));
    }
    let mut targets = Vec::new();
    for term in rhs.split('+') {
        let term = term.trim();
        if term.is_empty() {
            return Err(err("an empty term on the right side".into()));
        }
        if term.chars().any(char::is_whitespace) {
            return Err(err(format!(
                "\"{term}\" on the right side is not a generator name (terms are joined by '+')"
            )));
        }
        if term != "0" {
            targets.push(term.to_string());
        }
    }
    Ok(ActionSpec {
        field,
        lhs: lhs.to_string(),
        op_text,
        op,
        source: source.to_string(),
        targets,
    })
}

/// Split at white space outside parentheses: `Sq(0, 1) x0` → `Sq(0, 1)`, `x0`.
fn tokenize(s: &str) -> Result<Vec<&str>, String> {
    let mut tokens = Vec::new();
    let mut depth = 0usize;
    let mut start: Option<usize> = None;
    for (pos, ch) in s.char_indices() {
        match ch {
            '(' => depth += 1,
            ')' => {
                depth = depth
                    .checked_sub(1)
                    .ok_or_else(|| format!("unbalanced ')' in \"{s}\""))?;
            }
            _ => {}
        }
        if ch.is_whitespace() && depth == 0 {
            if let Some(b) = start.take() {
                tokens.push(&s[b..pos]);
            }
        } else if start.is_none() {
            start = Some(pos);
        }
    }
    if depth != 0 {
        return Err(format!("unbalanced '(' in \"{s}\""));
    }
    if let Some(b) = start {
        tokens.push(&s[b..]);
    }
    Ok(tokens)
}

fn parse_factor(token: &str) -> Result<Factor, String> {
    let unknown = || {
        format!("unknown operation \"{token}\"; expected Sq<i> (e.g. Sq2), a Milnor element Sq(r1,r2,...) or a product of these")
    };
    let inner = token
        .strip_prefix("Sq(")
        .or_else(|| token.strip_prefix("P("))
        .and_then(|rest| rest.strip_suffix(')'));
    if let Some(inner) = inner {
        let mut r = inner
            .split(',')
            .map(|x| x.trim().parse::<u32>().map_err(|_| unknown()))
            .collect::<Result<Vec<u32>, String>>()?;
        while r.last() == Some(&0) {
            r.pop();
        }
        return Ok(match r.len() {
            0 => Factor::Sq(0),
            1 => Factor::Sq(r[0]),
            _ => Factor::Milnor(r),
        });
    }
    match token.strip_prefix("Sq") {
        Some(digits) if !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()) => digits
            .parse::<u32>()
            .map(Factor::Sq)
            .map_err(|_| format!("\"{token}\": the exponent is too large")),
        _ => Err(unknown()),
    }
}

/// Deserializes any JSON value and records the first key that appears twice in
/// one object, as `(path of the object, key)`; the path of the top level is
/// empty, of the value of key `k` under it `k`, of an array entry `…[i]`.
struct DuplicateScan(Option<(String, String)>);

impl<'de> Deserialize<'de> for DuplicateScan {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_any(ScanVisitor)
    }
}

struct ScanVisitor;

fn join_path(parent: &str, child: &str) -> String {
    if parent.is_empty() {
        child.to_string()
    } else if child.starts_with('[') {
        format!("{parent}{child}")
    } else {
        format!("{parent}.{child}")
    }
}

impl<'de> Visitor<'de> for ScanVisitor {
    type Value = DuplicateScan;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("any JSON value")
    }
    fn visit_bool<E>(self, _: bool) -> Result<DuplicateScan, E> {
        Ok(DuplicateScan(None))
    }
    fn visit_i64<E>(self, _: i64) -> Result<DuplicateScan, E> {
        Ok(DuplicateScan(None))
    }
    fn visit_u64<E>(self, _: u64) -> Result<DuplicateScan, E> {
        Ok(DuplicateScan(None))
    }
    fn visit_f64<E>(self, _: f64) -> Result<DuplicateScan, E> {
        Ok(DuplicateScan(None))
    }
    fn visit_str<E>(self, _: &str) -> Result<DuplicateScan, E> {
        Ok(DuplicateScan(None))
    }
    fn visit_unit<E>(self) -> Result<DuplicateScan, E> {
        Ok(DuplicateScan(None))
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<DuplicateScan, A::Error> {
        let mut first = None;
        let mut i = 0usize;
        while let Some(DuplicateScan(inner)) = seq.next_element()? {
            if first.is_none() {
                first = inner.map(|(path, key)| {
                    let here = format!("[{i}]");
                    (
                        if path.is_empty() {
                            here
                        } else {
                            join_path(&here, &path)
                        },
                        key,
                    )
                });
            }
            i += 1;
        }
        Ok(DuplicateScan(first))
    }
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<DuplicateScan, A::Error> {
        let mut first = None;
        let mut seen = HashSet::new();
        while let Some(key) = map.next_key::<String>()? {
            let DuplicateScan(inner) = map.next_value()?;
            if first.is_some() {
                continue;
            }
            if !seen.insert(key.clone()) {
                first = Some((String::new(), key));
            } else if let Some((path, k)) = inner {
                let path = if path.is_empty() {
                    key
                } else {
                    join_path(&key, &path)
                };
                first = Some((path, k));
            }
        }
        Ok(DuplicateScan(first))
    }
}

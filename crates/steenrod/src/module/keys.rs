//! The top-level keys of a module file: which are read, which are accepted as
//! metadata, which are refused (see the table in `MODULE-FORMAT.md`).
//!
//! The rule: no key may change the module silently. A key that defines
//! structure this reader does not build (`profile`, `cofiber`,
//! `generic: true`) is an error naming the key; a key the field's tools write
//! only as a label or as charting data is accepted and ignored; any other key
//! is an error.

use serde_json::{Map, Value};

use super::kinds::Kind;
use super::ModuleError;

/// Keys read by every type: the module's prime and type, and choices that
/// must be checked (`algebra`, `generic`, `shift`); each type reads its own
/// further keys ([`Kind::keys`]).
const READ_KEYS: [&str; 5] = ["p", "type", "algebra", "generic", "shift"];

/// Keys accepted and ignored: labels written by the field's converters and
/// writers (`name`, `file_name`, `description`), and charting data that is
/// not part of the module (`self_maps`: self maps of the module's Ext to draw,
/// `products`: classes whose products to draw).
pub(super) const METADATA_KEYS: [&str; 5] =
    ["name", "file_name", "description", "self_maps", "products"];

/// Labels whose value must be a string (the field's tools write strings).
const STRING_KEYS: [&str; 3] = ["name", "file_name", "description"];

/// Which notation the actions are read in: that of p = 2 (the squares `Sq^i`), or that
/// of the odd primes (the reduced powers `P^i` and the Bockstein `b`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Notation {
    Squares,
    ReducedPowers,
}

/// Check every top-level key of `obj` (a file named `file`) but `p` (read by the
/// caller, [`super::file_algebra::FileAlgebra::file_prime`]) and return the file's own
/// `shift` (0 when absent) and its type. Errors, in this order: an `algebra` other than
/// a list of `"adem"`/`"milnor"`, `type` missing or not one of [`Kind`]'s (at odd p the
/// real projective space is refused), `profile` on a type other than a finite module,
/// `cofiber` (unless `null`), `generic` not a boolean, or `true` at p = 2 or `false` at
/// odd p (the generic Steenrod algebra is the only one there), `shift` not an integer, a
/// metadata label that is not a string, any other key (the keys read depend on the
/// type: [`Kind::keys`]).
pub(super) fn check_keys(
    file: &str,
    obj: &Map<String, Value>,
    notation: Notation,
) -> Result<(i32, Kind), ModuleError> {
    // The profile is read with the actions (`super::profile`).
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
    let kind = check_type(file, obj.get("type"), notation)?;
    // Over a sub-Hopf algebra only finite dimensional modules are read (a profile on a
    // projective space or a presented module would be ignored by their builders).
    if kind != Kind::Finite && obj.contains_key("profile") {
        return Err(ModuleError::UnsupportedProfile {
            file: file.to_string(),
            key: "profile".to_string(),
        });
    }
    // The field's resolver (sseq, `ext/src/utils.rs`) reads `"cofiber": {"s", "t",
    // "idx"}` as "the cofiber of that Ext class of the module given by gens and
    // actions", and treats `null` as absent.
    if obj.get("cofiber").is_some_and(|v| !v.is_null()) {
        return Err(ModuleError::RefusedKey {
            file: file.to_string(),
            key: "cofiber".to_string(),
            reason: "the module is the cofiber of an Ext class of the one given by gens and \
                     actions (reading gens and actions alone would give another module's Ext); \
                     adams resolve FILE and adams cofiber FILE build it as a mapping cone, \
                     other commands do not"
                .to_string(),
        });
    }
    check_generic(file, obj.get("generic"), notation)?;
    let shift = match obj.get("shift") {
        None => 0,
        Some(v) => super::json::bounded_degree(v).ok_or_else(|| {
            ModuleError::field(
                file,
                "shift",
                format!(
                    "expected an integer of absolute value at most {}, found {v}",
                    super::MAX_ABS_DEGREE
                ),
            )
        })?,
    };
    for key in STRING_KEYS {
        if let Some(v) = obj.get(key).filter(|v| !v.is_string()) {
            return Err(ModuleError::field(
                file,
                key,
                format!("expected a string, found {v}"),
            ));
        }
    }
    let known = |key: &str| {
        READ_KEYS.contains(&key)
            || kind.keys().contains(&key)
            || METADATA_KEYS.contains(&key)
            || key == "cofiber"
            || key == "profile"
    };
    if let Some(key) = obj.keys().find(|k| !known(k)) {
        return Err(ModuleError::UnknownKey {
            file: file.to_string(),
            key: key.clone(),
        });
    }
    Ok((shift, kind))
}

/// `generic`: at p = 2 `false` or absent (`true` asks for the odd-primary
/// notation, refused); at odd p `true` or absent (`false` asks for the
/// non-generic algebra, which exists only at p = 2, refused).
fn check_generic(file: &str, v: Option<&Value>, notation: Notation) -> Result<(), ModuleError> {
    let refused = |reason: &str| ModuleError::RefusedKey {
        file: file.to_string(),
        key: "generic".to_string(),
        reason: reason.to_string(),
    };
    match (v, notation) {
        (None, _) | (Some(Value::Bool(false)), Notation::Squares) => Ok(()),
        (Some(Value::Bool(true)), Notation::ReducedPowers) => Ok(()),
        (Some(Value::Bool(true)), Notation::Squares) => Err(refused(
            "true asks for the odd-primary notation (P^i and the Bockstein b) at \
             p = 2, which adams does not read; write the actions with Sq and set \
             \"generic\": false or drop the key",
        )),
        (Some(Value::Bool(false)), Notation::ReducedPowers) => Err(refused(
            "false asks for the non-generic Steenrod algebra (the Sq^i), which exists only \
             at p = 2; at an odd prime set \"generic\": true or drop the key",
        )),
        (Some(v), Notation::Squares) => Err(ModuleError::field(
            file,
            "generic",
            format!("expected false (or true), found {v}"),
        )),
        (Some(v), Notation::ReducedPowers) => Err(ModuleError::field(
            file,
            "generic",
            format!("expected true (or false), found {v}"),
        )),
    }
}

/// The module's type. At odd p every type but `"real projective space"` is read.
fn check_type(file: &str, kind: Option<&Value>, notation: Notation) -> Result<Kind, ModuleError> {
    match kind {
        None => Err(ModuleError::field(
            file,
            "type",
            "missing (expected \"finite dimensional module\")",
        )),
        Some(Value::String(s)) => match (Kind::from_type(s), notation) {
            // H^*(RP^n; F_p) is that of a point, or of S^n for n odd: the cells are joined
            // by multiplication by 2, a unit mod p.
            (Some(Kind::RealProjective), Notation::ReducedPowers) => {
                Err(ModuleError::UnsupportedType {
                    file: file.to_string(),
                    kind: s.clone(),
                    supported:
                        "at an odd prime the real projective space's cells are joined by 2, \
                    a unit mod p, so its mod p cohomology is that of at most two spheres: write \
                    those cells as a \"finite dimensional module\" (for BZ/p, the type \
                    \"classifying space BCp\")"
                            .to_string(),
                })
            }
            (Some(k), _) => Ok(k),
            (None, _) => Err(ModuleError::UnsupportedType {
                file: file.to_string(),
                kind: s.clone(),
                supported: format!("supported: {}", Kind::list()),
            }),
        },
        Some(v) => Err(ModuleError::field(
            file,
            "type",
            format!("expected a string, found {v}"),
        )),
    }
}

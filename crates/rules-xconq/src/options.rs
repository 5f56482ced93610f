//! A game's options for modules whose world is synthesised (D14, §18.2):
//! the number of sides and the module's variants.
//!
//! Variants are the module's own (`(variants …)` in `standard.g`): an
//! option is passed to the reader as the kernel passes a player's choices,
//! `(include "MODULE" (ID VALUE…)…)` after the module is loaded, so the
//! module's own forms (`add`, `set`, `table`) make the change and every
//! variant not given takes its default. Options are checked before that,
//! each with its field and what to do: a wrong type, a size out of range,
//! a variant the module does not declare, or `model1` (the alternative
//! economy, refused as D3 asks).

use gdl::Interp;
use serde_json::{Map, Value};

use crate::error::Error;

/// The fewest and most player sides a synthesised world takes.
pub const MIN_SIDES: usize = 2;
pub const MAX_SIDES: usize = 15;

/// The smallest and largest `world-size` width and height accepted.
pub const MIN_SIZE: i64 = 20;
pub const MAX_SIZE: i64 = 200;

/// How an option is given.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Form {
    Bool,
    Size,
    /// Accepted and ignored: it changes only how the original program
    /// draws or sounds.
    Display,
    /// Refused (D3).
    Refused,
}

/// Option name, the module's variant id, and its form (D14).
const VARIANTS: &[(&str, &str, Form)] = &[
    ("world-size", "world-size", Form::Size),
    ("world-seen", "world-seen", Form::Bool),
    ("see-all", "see-all", Form::Bool),
    ("sequential", "sequential", Form::Bool),
    ("more-towns", "density1", Form::Bool),
    ("mostly-land", "mostly-land", Form::Bool),
    ("all-land", "all-land", Form::Bool),
    ("ice-age", "ice-age", Form::Bool),
    ("large", "large", Form::Bool),
    ("noisy", "noisy", Form::Display),
    ("silhouettes", "silhouettes", Form::Display),
    ("classic", "classic", Form::Display),
    ("model1", "model1", Form::Refused),
    ("model1doctrine", "model1doctrine", Form::Refused),
];

/// The option names of the D14 variants this crate plays (for the ruleset's
/// option list).
pub fn variant_option_names() -> impl Iterator<Item = &'static str> {
    VARIANTS.iter().map(|v| v.0)
}

/// One variant to apply.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VariantSetting {
    /// The option it came from (for messages).
    pub option: String,
    /// The module's variant id.
    pub id: String,
    /// The GDL form `(ID VALUE…)`.
    pub form: String,
}

/// What a game's options ask of a synthesised world.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GameOptions {
    pub sides: Option<usize>,
    pub variants: Vec<VariantSetting>,
}

fn bad(field: &str, message: impl Into<String>) -> Error {
    Error::BadOption {
        field: field.to_string(),
        message: message.into(),
    }
}

/// Reads and checks the options (their shapes and ranges; whether the
/// module declares each variant is checked when it is applied).
pub fn read(options: &Map<String, Value>) -> Result<GameOptions, Error> {
    let mut out = GameOptions::default();
    if let Some(v) = options.get("sides") {
        let n = v
            .as_u64()
            .filter(|n| (MIN_SIDES as u64..=MAX_SIDES as u64).contains(n));
        out.sides = Some(n.ok_or_else(|| {
            bad(
                "sides",
                format!("must be a whole number from {MIN_SIDES} to {MAX_SIDES}, not {v}"),
            )
        })? as usize);
    }
    for &(name, id, form) in VARIANTS {
        let Some(v) = options.get(name) else { continue };
        let setting = |value: String| VariantSetting {
            option: name.to_string(),
            id: id.to_string(),
            form: format!("({id} {value})"),
        };
        match form {
            Form::Bool | Form::Display | Form::Refused => {
                let Some(on) = v.as_bool() else {
                    return Err(bad(name, format!("must be true or false, not {v}")));
                };
                if form == Form::Refused && on {
                    return Err(Error::Unsupported {
                        module: "standard".into(),
                        setting: name.into(),
                        location: format!("options.{name}"),
                        why: "the alternative backdrop economy (backdrop-model 1) is not played (D3); leave it out or set it to false".into(),
                    });
                }
                if form == Form::Bool {
                    out.variants
                        .push(setting(if on { "1" } else { "0" }.into()));
                }
            }
            Form::Size => {
                let nums: Option<Vec<i64>> = v
                    .as_array()
                    .map(|a| a.iter().map(Value::as_i64).collect::<Option<Vec<_>>>())
                    .unwrap_or(None);
                let nums = nums.filter(|n| n.len() == 2 || n.len() == 3).ok_or_else(|| {
                    bad(
                        name,
                        format!("must be [width, height] or [width, height, circumference], whole numbers, not {v}"),
                    )
                })?;
                let (w, h) = (nums[0], nums[1]);
                if !(MIN_SIZE..=MAX_SIZE).contains(&w) || !(MIN_SIZE..=MAX_SIZE).contains(&h) {
                    return Err(bad(
                        name,
                        format!("width and height must be from {MIN_SIZE} to {MAX_SIZE}, not {w} and {h}"),
                    ));
                }
                let c = nums.get(2).copied().unwrap_or(360);
                if c < w || c > 100_000 {
                    return Err(bad(
                        name,
                        format!("the circumference ({c}) must be at least the width ({w}) and at most 100000; equal to the width, the world wraps east to west"),
                    ));
                }
                out.variants.push(setting(format!("{w} {h} {c}")));
            }
        }
    }
    Ok(out)
}

/// The number of player sides: the `sides` option, else the number of
/// seats asked for, else 2; the two must agree when both are given.
pub fn sides(asked: Option<usize>, seats: usize) -> Result<usize, Error> {
    match (asked, seats) {
        (Some(n), 0) => Ok(n),
        (Some(n), s) if s == n => Ok(n),
        (Some(n), s) => Err(bad(
            "sides",
            format!("is {n} but the game has {s} seats; give as many seats as sides, or leave one of them out"),
        )),
        (None, 0) => Ok(MIN_SIDES),
        (None, s) if (MIN_SIDES..=MAX_SIDES).contains(&s) => Ok(s),
        (None, s) => Err(bad(
            "sides",
            format!("a synthesised world takes {MIN_SIDES} to {MAX_SIDES} sides, and the game has {s} seats"),
        )),
    }
}

/// Applies variants to a loaded module, as the kernel applies a player's
/// choices: every variant not given takes its default.
pub fn apply_variants(
    interp: &mut Interp,
    module: &str,
    variants: &[VariantSetting],
) -> Result<(), Error> {
    let Some(main) = interp.main_module else {
        return Ok(());
    };
    let declared: Vec<String> = interp.modules[main]
        .variants
        .iter()
        .filter_map(|v| v.id.as_sym())
        .map(|s| String::from_utf8_lossy(interp.symbols.name(s)).into_owned())
        .collect();
    for v in variants {
        if !declared.contains(&v.id) {
            return Err(bad(
                &v.option,
                format!(
                    "module {module} has no variant `{}`; its variants are: {}",
                    v.id,
                    if declared.is_empty() {
                        "none".to_string()
                    } else {
                        declared.join(", ")
                    }
                ),
            ));
        }
    }
    if declared.is_empty() {
        return Ok(());
    }
    let name = String::from_utf8_lossy(&interp.modules[main].name).into_owned();
    let forms: Vec<&str> = variants.iter().map(|v| v.form.as_str()).collect();
    let text = format!("(include \"{name}\" {})", forms.join(" "));
    interp
        .eval_text(text.as_bytes())
        .map_err(|e| Error::Module {
            module: module.to_string(),
            message: format!("applying its variants: {e}"),
        })?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn opts(v: Value) -> Map<String, Value> {
        v.as_object().cloned().unwrap()
    }

    #[test]
    fn variants_become_the_modules_forms() {
        let o = read(&opts(
            json!({"world-size": [80, 40], "more-towns": false, "noisy": true, "sides": 7}),
        ))
        .unwrap();
        assert_eq!(o.sides, Some(7));
        let forms: Vec<&str> = o.variants.iter().map(|v| v.form.as_str()).collect();
        assert_eq!(forms, ["(world-size 80 40 360)", "(density1 0)"]);
    }

    #[test]
    fn bad_options_name_their_field() {
        for (v, field) in [
            (json!({"sides": 1}), "sides"),
            (json!({"sides": 16}), "sides"),
            (json!({"world-size": [10, 30]}), "world-size"),
            (json!({"world-size": "big"}), "world-size"),
            (json!({"world-size": [60, 30, 40]}), "world-size"),
            (json!({"ice-age": "yes"}), "ice-age"),
        ] {
            match read(&opts(v.clone())) {
                Err(Error::BadOption { field: f, .. }) => assert_eq!(f, field, "{v}"),
                other => panic!("{v}: {other:?}"),
            }
        }
        assert!(matches!(
            read(&opts(json!({"model1": true}))),
            Err(Error::Unsupported { .. })
        ));
        assert!(read(&opts(json!({"model1": false}))).is_ok());
    }

    #[test]
    fn sides_follow_the_seats() {
        assert_eq!(sides(None, 0).unwrap(), 2);
        assert_eq!(sides(None, 7).unwrap(), 7);
        assert_eq!(sides(Some(5), 0).unwrap(), 5);
        assert!(sides(Some(5), 3).is_err());
        assert!(sides(None, 1).is_err());
        assert!(sides(None, 16).is_err());
    }
}

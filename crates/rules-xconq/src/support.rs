//! Which modules the kernel subset plays (D3): a module that switches on a
//! path this crate does not implement (a "dead path" of the spec) is
//! refused at setup, naming the first such setting and where the module
//! mentions it (`file:line`), rather than played wrongly.
//!
//! The lists below are the spec's dead paths, by GDL name: tables that must
//! keep their kernel default everywhere, unit and terrain properties that
//! must keep theirs, globals with the only values played, and kinds of
//! things (advances, scorekeepers other than last-side-wins) not played.

use gdl::value::{Kind, Value};
use gdl::Interp;

use crate::error::Error;

/// Tables whose every entry must be the kernel default.
const DEAD_TABLES: &[&str] = &[
    "accident-damage",
    "accident-hit-chance",
    "accident-vanish-chance",
    "acp-for-overwatch",
    "acp-to-add-terrain",
    "acp-to-be-fired-on",
    "acp-to-capture",
    "acp-to-change-type",
    "acp-to-extract",
    "acp-to-load",
    "acp-to-produce",
    "acp-to-remove-terrain",
    "acp-to-toolup",
    "acp-to-unload",
    "alter-terrain-range",
    "attrition",
    "can-change-type-to",
    "changed-type-if-captured",
    "complete-occs-on-completion",
    "incomplete-occs-on-completion",
    "constructor-absorbed-by",
    "consumption-on-creation",
    "consumption-per-build",
    "consumption-per-built",
    "consumption-per-cp",
    "consumption-per-create",
    "consumption-per-fire",
    "consumption-per-repair",
    "consumption-per-repaired",
    "consumption-per-tooledup",
    "consumption-per-toolup",
    "countercapture",
    "cxp-per-capture",
    "cxp-per-combat",
    "cxp-per-destroy",
    "detonate-on-approach-range",
    "detonate-on-capture",
    "detonate-on-hit",
    "detonation-accident-chance",
    "detonation-terrain-range",
    "detonation-unit-range",
    "fire-damage",
    "fire-hit-chance",
    "gives-to-treasury",
    "hp-to-garrison",
    "material-per-production",
    "material-to-build",
    "material-to-create",
    "material-to-repair",
    "morale-hit",
    "morale-hit-by",
    "night-adds-acp",
    "night-multiplies-acp",
    "occupant-adds-acp",
    "occupant-adds-speed",
    "occupant-multiplies-acp",
    "occupant-multiplies-speed",
    "people-consumption",
    "people-production",
    "people-see-chance",
    "people-surrender-chance",
    "production-from-terrain",
    "recycleable-material",
    "scuttle-chance",
    "see-mistake-chance",
    "spy-quality",
    "spy-track-chance",
    "supply-on-creation",
    "supply-on-completion",
    "supply-per-disband",
    "supply-potential",
    "surrender-chance",
    "surrender-chance-per-attack",
    "takes-from-treasury",
    "tech-crossover",
    "terrain-consumption",
    "terrain-production",
    "terrain-initial-supply",
    "terrain-storage-x",
    "tp-max",
    "tp-to-build",
    "tp-per-toolup",
    "track-chance",
    "unit-control-range",
    "withdraw-chance-per-attack",
    "wrecked-type-if-attrited",
    "wrecked-type-if-killed",
    "wrecked-type-if-starved",
    "wrecks-on",
    "zoc-range",
];

/// Unit properties that must keep their kernel default.
const DEAD_UNIT_PROPS: &[&str] = &[
    "acp-damage-effect",
    "acp-morale-effect",
    "acp-season-effect",
    "acp-temperature-effect",
    "acp-per-turn-max",
    "acp-per-turn-min",
    "advanced",
    "cp-attrition",
    "cp-per-self-build",
    "cp-to-self-build",
    "detonate-on-death",
    "detonate-with-attack",
    "free-acp",
    "lost-wreck-chance",
    "revolt-chance",
    "self-resurrects",
    "speed-wind-effect",
    "spy-chance",
    "tech-leakage",
    "temperature-attrition",
    "consumption-temperature-effect",
    "wrecked-type",
    "see-terrain-if-captured",
    "acp-to-fire",
];

/// Globals and the only values this crate plays.
const GLOBAL_VALUES: &[(&str, i32)] = &[
    ("combat-model", 0),
    ("backdrop-model", 0),
    ("indepside-has-ai", 0),
    ("extra-turn-chance", 0),
];

/// Where a module mentions a name: the first `file:line` whose text has it
/// as a whole word, else the main module's file.
fn mention(interp: &Interp, name: &str) -> String {
    let needle = name.as_bytes();
    for f in &interp.files {
        let b = &f.bytes;
        let mut i = 0;
        while i + needle.len() <= b.len() {
            if &b[i..i + needle.len()] == needle {
                let before = i.checked_sub(1).map(|j| b[j]);
                let after = b.get(i + needle.len()).copied();
                let word =
                    |c: Option<u8>| c.is_none_or(|c| !(c.is_ascii_alphanumeric() || c == b'-'));
                if word(before) && word(after) {
                    let line = 1 + b[..i].iter().filter(|&&c| c == b'\n').count();
                    return format!("{}:{line}", f.path.display());
                }
            }
            i += 1;
        }
    }
    interp
        .files
        .first()
        .map_or_else(|| "(module)".to_string(), |f| f.path.display().to_string())
}

fn has_word(interp: &Interp, name: &str) -> bool {
    let first = interp.files.first().map(|f| f.path.display().to_string());
    Some(mention(interp, name)) != first
}

fn refuse(interp: &Interp, module: &str, setting: &str, why: &str) -> Error {
    Error::Unsupported {
        module: module.to_string(),
        setting: setting.to_string(),
        location: mention(interp, setting),
        why: why.to_string(),
    }
}

/// Refuses a module that uses an unsupported setting (D3).
pub fn check_supported(interp: &Interp, module: &str) -> Result<(), Error> {
    if interp.type_count(Kind::Advance) > 0 {
        return Err(refuse(
            interp,
            module,
            "advance-type",
            "advances are not played",
        ));
    }
    for name in DEAD_TABLES {
        let Some(t) = interp.table_index(name) else {
            continue;
        };
        if !interp.table_is_set(t) {
            continue;
        }
        let def = &interp.defs.tables[t];
        let (rows, cols) = (interp.type_count(def.index1), interp.type_count(def.index2));
        let differs =
            (0..rows).any(|i| (0..cols).any(|j| interp.table_value(t, i, j) != def.default));
        if differs {
            return Err(refuse(
                interp,
                module,
                name,
                "this table switches on a rule that is not played",
            ));
        }
    }
    for name in DEAD_UNIT_PROPS {
        let Some(&p) = interp.defs.prop_index[Kind::Unit.index()].get(name) else {
            continue;
        };
        let def = &interp.defs.props[Kind::Unit.index()][p];
        for u in 0..interp.type_count(Kind::Unit) {
            let differs = match &def.slot {
                gdl::defaults::Slot::Int { default, .. } => {
                    interp.type_int(Kind::Unit, u, name) != *default
                }
                gdl::defaults::Slot::Obj => !interp.type_obj(Kind::Unit, u, name).is_nil(),
                gdl::defaults::Slot::Str { .. } => false,
            };
            if differs {
                return Err(refuse(
                    interp,
                    module,
                    name,
                    "this unit property switches on a rule that is not played",
                ));
            }
        }
    }
    for (name, value) in GLOBAL_VALUES {
        if interp.global_int(name) != *value {
            return Err(refuse(
                interp,
                module,
                name,
                &format!("only the value {value} is played"),
            ));
        }
    }
    for sk in &interp.scorekeepers {
        let body = gdl::print::lisp_string(&sk.body, interp);
        let plays = body == b"last-side-wins";
        if !plays || !is_always(&sk.when) {
            return Err(refuse(
                interp,
                module,
                "scorekeeper",
                "only a scorekeeper (do last-side-wins) run after each turn is played",
            ));
        }
    }
    Ok(())
}

/// Refuses a module that gives no world of its own and none can be made
/// from it (`crate::synth` makes worlds from percentile ranges, D20);
/// a module that gives its area and terrain plays from the module.
pub fn check_world(interp: &Interp, module: &str) -> Result<(), Error> {
    if interp.area.width <= 0 || interp.area.height <= 0 || interp.area.terrain.is_none() {
        return Err(refuse(
            interp,
            module,
            "synthesis-methods",
            "the module gives no area terrain and no terrain percentile ranges to make a world from (only the fractal-percentile synthesis is played)",
        ));
    }
    // The reader keeps the area's cell terrain and its `aux-terrain`
    // layers; a layer of an aux type that is neither a border nor a
    // connection (a coating) has no rule here.
    for (t, _) in &interp.area.aux {
        let subtype = interp.type_int(Kind::Terrain, *t, "subtype");
        if subtype != 1 && subtype != 2 {
            let name = String::from_utf8_lossy(interp.type_str(Kind::Terrain, *t, "name"));
            // Point at this type's layer when it is written the usual way.
            let layer = format!("aux-terrain {name}");
            let at = if has_word(interp, &layer) {
                layer.as_str()
            } else {
                "aux-terrain"
            };
            return Err(Error::Unsupported {
                module: module.to_string(),
                setting: "aux-terrain".into(),
                location: mention(interp, at),
                why: format!("its layer of `{name}` is played only for borders and connections, and `{name}` is neither"),
            });
        }
    }
    // A world with no side in it (a map, maybe with independent units,
    // made for games to include) has no one to play: 7.5 would make sides
    // up for its players, which is not played here.
    if interp.sides.len() <= 1 {
        return Err(Error::Module {
            module: module.to_string(),
            message: "it gives a world but no sides, so no one plays it (a map that games include): play a module that includes it, or declare sides in it with `(side 1 …)`"
                .into(),
        });
    }
    // Its other layers are not kept: a module that gives them would be
    // played without them.
    for layer in ["people-sides", "user"] {
        if has_word(interp, layer) {
            return Err(refuse(
                interp,
                module,
                layer,
                "this layer of the module's area is not read yet",
            ));
        }
    }
    Ok(())
}

/// A scorekeeper's `when`: nil (after each turn) or `after-turn`.
fn is_always(when: &Value) -> bool {
    when.is_nil()
}

/// One line per module: `MODULE: plays` or the reason it does not.
pub fn support_table(
    lib_dirs: &[std::path::PathBuf],
    modules: &[String],
) -> Result<Vec<String>, Error> {
    Ok(support_rows(lib_dirs, modules)?
        .into_iter()
        .map(|row| row.line)
        .collect())
}

/// One module's line of the support table.
#[derive(Clone, Debug)]
pub struct SupportRow {
    /// `MODULE: plays` or the reason it does not.
    pub line: String,
    /// The module itself is in none of the folders (one it includes
    /// missing is a reason it does not play, on `line`).
    pub not_found: bool,
}

/// The support table's rows (see [`support_table`]), each saying whether
/// its module was found at all.
pub fn support_rows(
    lib_dirs: &[std::path::PathBuf],
    modules: &[String],
) -> Result<Vec<SupportRow>, Error> {
    let mut names: Vec<String> = modules.to_vec();
    if names.is_empty() {
        if let Some(dir) = lib_dirs.first() {
            let entries = std::fs::read_dir(dir).map_err(|error| Error::Io {
                path: dir.clone(),
                error,
            })?;
            for e in entries.flatten() {
                let p = e.path();
                if p.extension().is_some_and(|x| x == "g") {
                    if let Some(stem) = p.file_stem() {
                        names.push(stem.to_string_lossy().into_owned());
                    }
                }
            }
        }
        names.sort();
    }
    let mut out = Vec::new();
    for name in names {
        let loaded = crate::replay::load_game(&name, lib_dirs, 1);
        let not_found = matches!(
            loaded,
            Err(Error::ModuleNotFound {
                needed_by: None,
                ..
            })
        );
        let line = match loaded {
            Ok(_) => format!("{name}: plays"),
            Err(Error::Unsupported { setting, .. }) if setting == "synthesis-methods" => {
                match crate::replay::load_rules(&name, lib_dirs) {
                    Ok(_) => format!("{name}: rules supported; its world cannot be made (no percentile ranges) and needs a start state"),
                    Err(e) => format!("{name}: {e}"),
                }
            }
            Err(e) => format!("{name}: {e}"),
        };
        out.push(SupportRow { line, not_found });
    }
    Ok(out)
}

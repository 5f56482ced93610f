//! Building the FT2 model from the syntax layer, block by block, with the
//! diagnostics of spec §6 that a single block can decide.
//!
//! File-wide checks (header position, association, duplicate names, orders
//! against the turn number) are in [`super::assoc`] and [`super::orders`];
//! this file handles one block at a time.

use super::grammar;
use super::model::{Ft2Block, ModelField};
use super::names::WEAPON_TYPES;
use super::parse::{parse, read_decimal, DecimalRead};
use super::values::{Arc, Value};
use super::BlockKind;
use crate::diag::{Code, Diagnostics, Pos};
use crate::syntax::Field;

/// Builds one model block from the fields of a syntax block (taken out of
/// `block`, which is left empty), reporting field-level diagnostics and the
/// block-level ones of spec §4.
pub fn build_block(block: &mut Vec<Field>, d: &mut Diagnostics) -> Ft2Block {
    let type_name = block.first().map_or("", |f| f.name.as_ref());
    let kind = BlockKind::from_name(type_name);
    let pos = block.first().map_or(Pos::default(), |f| f.pos);
    let Some(kind) = kind else {
        d.push(
            Code::W302,
            pos,
            format!("unknown block type {type_name:?} (kept, not checked)"),
        );
        return Ft2Block {
            kind: None,
            pos,
            fields: block.drain(..).map(unknown_field).collect(),
            owner: None,
        };
    };
    let label = Label {
        kind,
        id: block
            .first()
            .map(|f| f.fragments.clone())
            .unwrap_or_default(),
    };
    let mut fields: Vec<ModelField> = Vec::with_capacity(block.len());
    // The line of the first occurrence of each known field seen, by its
    // position in the block's table (no table has 64 fields).
    let mut seen_lines = [0u32; 64];
    let mut seen: u64 = 0;
    for field in block.drain(..) {
        let Some(found) = grammar::lookup_field(kind, &field) else {
            d.push(
                Code::W301,
                field.pos,
                format!("{label}: unknown field {:?} (kept)", field.name),
            );
            fields.push(unknown_field(field));
            continue;
        };
        let spec = found.spec;
        let bit = 1u64 << (found.index % 64);
        if seen & bit != 0 {
            let first = seen_lines[found.index % 64];
            if !grammar::repeats(spec.name) {
                d.push(
                    Code::E207,
                    field.pos,
                    format!(
                        "{label}: {} given twice (first on line {first}); keep one",
                        spec.name
                    ),
                );
                fields.push(ModelField {
                    name: found.written.into(),
                    known: true,
                    pos: field.pos,
                    value: None,
                    raw: field.fragments,
                });
                continue;
            }
        } else {
            seen |= bit;
            seen_lines[found.index % 64] = field.pos.line;
        }
        if found.alias {
            d.push(
                Code::W304,
                field.pos,
                format!(
                    "{label}: {} read as {}; write the long name",
                    field.name, spec.name
                ),
            );
        }
        let value = parse(spec.kind, &field, d);
        fields.push(ModelField {
            name: found.written.into(),
            known: true,
            pos: field.pos,
            value,
            raw: field.fragments,
        });
    }
    let mut out = Ft2Block {
        kind: Some(kind),
        pos,
        fields,
        owner: None,
    };
    check_block(&mut out, &label, d);
    out
}

/// A header block that is not the first block (E202): kept with its fields
/// (taken out of `block`) as written, unchecked; it still ends an
/// association (§11.18).
pub fn misplaced_header(block: &mut Vec<Field>) -> Ft2Block {
    Ft2Block {
        kind: Some(BlockKind::Header),
        pos: block.first().map_or(Pos::default(), |f| f.pos),
        fields: block.drain(..).map(unknown_field).collect(),
        owner: None,
    }
}

fn unknown_field(field: Field) -> ModelField {
    ModelField {
        name: field.name,
        known: false,
        pos: field.pos,
        value: None,
        raw: field.fragments,
    }
}

/// How messages name a block: `Ship "EUS Huron"`. Formatted only when a
/// diagnostic is made, since most blocks have none.
struct Label {
    kind: BlockKind,
    /// The identifier's fragments (shared with the block, not copied).
    id: crate::syntax::Fragments,
}

impl std::fmt::Display for Label {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let id: Vec<&str> = self.id.iter().map(|fr| fr.text.as_str()).collect();
        write!(f, "{} {:?}", self.kind.name(), id.join(" "))
    }
}

fn has(block: &Ft2Block, name: &str) -> bool {
    block.field(name).is_some()
}

/// Block-level rules: required fields, groups, and field applicability.
fn check_block(b: &mut Ft2Block, label: &Label, d: &mut Diagnostics) {
    let kind = b.kind.unwrap_or(BlockKind::Header);
    let pos = b.pos;
    for spec in grammar::fields(kind).iter().filter(|s| s.required) {
        if has(b, spec.name) {
            continue;
        }
        if spec.name == "Profile" {
            d.push(
                Code::E203,
                pos,
                "header has no Profile field; add `Profile: FT2`",
            );
        } else {
            d.push(
                Code::E204,
                pos,
                format!("{label}: required field {} is missing; add it", spec.name),
            );
        }
    }
    if kind == BlockKind::LaunchedSystem && !has(b, "Type") {
        d.push(
            Code::W316,
            pos,
            format!("{label}: no Type; what was launched is unknown"),
        );
    }
    if kind == BlockKind::System {
        if let Some(f) = b.fields.first() {
            if f.raw.iter().all(|fr| fr.text.is_empty()) {
                d.push(
                    Code::E211,
                    pos,
                    "System: empty system type; name the system",
                );
                b.fields[0].value = None;
            }
        }
    }
    // E211 at the identifier is reported by the value parser (ValueKind::Id).
    let required_position = matches!(kind, BlockKind::FighterGroup | BlockKind::LaunchedSystem);
    if !required_position && has(b, "Position-X") != has(b, "Position-Y") {
        d.push(
            Code::E208,
            pos,
            format!("{label}: Position-X and Position-Y go together; give both or neither"),
        );
    }
    if matches!(kind, BlockKind::Scenario | BlockKind::Terrain) {
        check_bounds(b, label, d);
    }
    if kind == BlockKind::Terrain {
        let round = has(b, "Position-X") || has(b, "Position-Y") || has(b, "Diameter");
        let full_round = has(b, "Position-X") && has(b, "Position-Y") && has(b, "Diameter");
        let rect = ["Low-X", "Low-Y", "High-X", "High-Y"]
            .iter()
            .any(|n| has(b, n));
        if round == rect || (round && !full_round) {
            d.push(
                Code::E208,
                pos,
                format!("{label}: give exactly one extent: Position-X, Position-Y and Diameter, or Low-X, Low-Y, High-X and High-Y"),
            );
        }
    }
    if kind == BlockKind::System {
        check_system(b, label, d);
    }
    if kind == BlockKind::Ship {
        check_hull_class(b, label, d);
    }
}

/// Bounds (spec §3.11) and the tolerated `Extent` (§4.1, §11.23).
fn check_bounds(b: &mut Ft2Block, label: &Label, d: &mut Diagnostics) {
    const NAMES: [&str; 4] = ["Low-X", "Low-Y", "High-X", "High-Y"];
    if let Some(i) = b.fields.iter().position(|f| f.known && f.name == "Extent") {
        let extent = b.fields[i].clone();
        match &extent.value {
            Some(Value::Text(nums)) if nums.len() == 4 => {
                let vals: Vec<i64> = nums
                    .iter()
                    .map(|t| match read_decimal(t) {
                        DecimalRead::Ok(h, _) => h,
                        _ => 0,
                    })
                    .collect();
                let present: Vec<(usize, i64)> = NAMES
                    .iter()
                    .enumerate()
                    .filter_map(|(k, n)| match b.get(n) {
                        Some(Value::Decimal(h)) => Some((k, *h)),
                        _ => None,
                    })
                    .collect();
                let any_bound = NAMES.iter().any(|n| has(b, n));
                if any_bound {
                    if present.iter().any(|&(k, h)| vals[k] != h) {
                        d.push(
                            Code::E208,
                            extent.value_pos(),
                            format!("{label}: Extent disagrees with the bound fields; keep only the bound fields"),
                        );
                    }
                    b.fields.remove(i);
                } else {
                    // Replaced in place by the four bound fields (§11.23).
                    b.fields.remove(i);
                    for (k, n) in NAMES.iter().enumerate().rev() {
                        let mut f = ModelField::typed(n, Value::Decimal(vals[k]));
                        f.pos = extent.pos;
                        f.raw = extent.raw.clone();
                        b.fields.insert(i, f);
                    }
                }
            }
            // An empty Extent is dropped silently.
            Some(_) => {
                b.fields.remove(i);
            }
            None => {}
        }
    }
    let count = NAMES.iter().filter(|n| has(b, n)).count();
    if count != 0 && count != 4 {
        d.push(
            Code::E208,
            b.pos,
            format!("{label}: give all four of Low-X, Low-Y, High-X, High-Y, or none"),
        );
    }
    for (low, high) in [("Low-X", "High-X"), ("Low-Y", "High-Y")] {
        if let (Some(Value::Decimal(l)), Some(Value::Decimal(h))) = (b.get(low), b.get(high)) {
            if l > h {
                let at = b.field(low).map_or(b.pos, ModelField::value_pos);
                d.push(
                    Code::E209,
                    at,
                    format!("{label}: {low} is above {high}; swap them"),
                );
            }
        }
    }
}

fn system_type(b: &Ft2Block) -> Option<&str> {
    match b.fields.first().and_then(|f| f.value.as_ref()) {
        Some(Value::Word(w)) => Some(w.as_ref()),
        _ => None,
    }
}

/// `Firing-Arc`, `Fighter-Type` and `Pilot-Quality` applicability (W309)
/// and the arc design rule of §7.4 (W310).
fn check_system(b: &Ft2Block, label: &Label, d: &mut Diagnostics) {
    let Some(ty) = system_type(b) else {
        return;
    };
    let is_weapon = WEAPON_TYPES.contains(&ty);
    let is_known = super::names::ALL_SYSTEM_TYPES.contains(&ty);
    if let Some(f) = b.field("Firing-Arc") {
        if is_known && !is_weapon {
            d.push(
                Code::W309,
                f.pos,
                format!("{label}: Firing-Arc on a system that is not a weapon (ignored)"),
            );
        }
    }
    for name in ["Fighter-Type", "Pilot-Quality"] {
        if let Some(f) = b.field(name) {
            if ty != "Fighter Bay" {
                d.push(
                    Code::W309,
                    f.pos,
                    format!("{label}: {name} only applies to a Fighter Bay (ignored)"),
                );
            }
        }
    }
    if ty == "A Battery" || ty == "B Battery" {
        if let Some(f) = b.field("Firing-Arc") {
            if let Some(Value::Arcs(arcs)) = &f.value {
                if !arcs_adjacent(arcs) || arcs.len() > 3 {
                    d.push(
                        Code::W310,
                        f.value_pos(),
                        format!("{label}: an A or B battery covers at most three adjacent arcs (ring F-S-A-P); the listed arcs are still used"),
                    );
                }
            }
        }
    }
}

/// Whether the arcs form one unbroken run on the ring F–S–A–P–F.
pub fn arcs_adjacent(arcs: &[Arc]) -> bool {
    let mut on = [false; 4];
    for a in arcs {
        on[a.ring_index() as usize] = true;
    }
    let n = on.iter().filter(|&&x| x).count();
    if n == 4 || n <= 1 {
        return true;
    }
    // A run has exactly one place where the ring goes from on to off.
    (0..4).filter(|&i| on[i] && !on[(i + 1) % 4]).count() == 1
}

/// W315: Escort, Cruiser and Capital expect 2, 3 and 4 damage-track rows.
fn check_hull_class(b: &Ft2Block, label: &Label, d: &mut Diagnostics) {
    let (Some(f), Some(Value::Track(t))) = (b.field("Hull-Class"), b.get("Damage-Track")) else {
        return;
    };
    let expected = match f.value.as_ref() {
        Some(Value::Word(w)) if w == "Escort" => 2,
        Some(Value::Word(w)) if w == "Cruiser" => 3,
        Some(Value::Word(w)) if w == "Capital" => 4,
        _ => return,
    };
    if t.rows.len() != expected {
        d.push(
            Code::W315,
            f.value_pos(),
            format!(
                "{label}: a {} has {expected} damage-track rows, this track has {}; thresholds follow the rows",
                f.written_fragments().join(" "),
                t.rows.len()
            ),
        );
    }
}

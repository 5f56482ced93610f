//! Orders in the file: the `Move` order of a ship and the fire orders of its
//! batteries (spec §3.9, §7.4), and the file diagnostics about them that
//! depend on the turn number (W313, W317).

use super::model::{Ft2Block, Ft2File, ModelField};
use super::parse::tokens;
use super::values::Value;
use super::BlockKind;
use crate::diag::{Code, Diagnostics, Pos};
use crate::rules::movement::{plan_move, DropReason};
use crate::syntax::Field;

/// The target of a fire order `Fire at <ship name>` (spec §7.4): `fire` and
/// `at` case-insensitive, separated by blanks; the rest is the name.
pub fn fire_target(entry: &str) -> Option<&str> {
    let rest = entry.trim_start_matches([' ', '\t']);
    let (word, rest) = rest.split_once([' ', '\t'])?;
    if !word.eq_ignore_ascii_case("fire") {
        return None;
    }
    let rest = rest.trim_start_matches([' ', '\t']);
    let (word, rest) = rest.split_once([' ', '\t'])?;
    if !word.eq_ignore_ascii_case("at") {
        return None;
    }
    let target = rest.trim_matches([' ', '\t']);
    (!target.is_empty()).then_some(target)
}

fn syntax_of(f: &ModelField) -> Field {
    Field {
        name: f.name.clone(),
        name_id: 0,
        pos: f.pos,
        fragments: f.raw.clone(),
    }
}

/// Files with at least twice this many blocks have their turn-0 orders
/// checked on the rayon pool, in slices of this many blocks.
const PARALLEL_BLOCKS: usize = 4096;

/// The order diagnostics of a whole file (spec §6.3, §11.13): W317 for
/// every order in a turn-0 file, W313 for the Move orders of any other.
/// `moves` holds the [`move_warning`]s of the file's blocks, in file order
/// (made while each block was read); they count only if the turn is not 0.
///
/// W317 needs association (a fire order counts on a ship's component), so
/// it is decided here; with `parallel`, a large file in slices on every
/// core, joined in file order, the order a single pass makes.
pub fn check_orders(file: &Ft2File, moves: Diagnostics, parallel: bool, d: &mut Diagnostics) {
    use rayon::prelude::*;
    if file.turn() != Some(0) {
        d.0.extend(moves.0);
        return;
    }
    if !parallel || file.blocks.len() < 2 * PARALLEL_BLOCKS {
        for b in &file.blocks {
            turn_zero_warnings(file, b, d);
        }
        return;
    }
    let found: Vec<Diagnostics> = file
        .blocks
        .par_chunks(PARALLEL_BLOCKS)
        .map(|slice| {
            let mut d = Diagnostics::default();
            for b in slice {
                turn_zero_warnings(file, b, &mut d);
            }
            d
        })
        .collect();
    for part in found {
        d.0.extend(part.0);
    }
}

/// W317 for the orders of block `b` of a turn-0 file: a ship's Move, and
/// the fire orders of a component a ship owns.
fn turn_zero_warnings(file: &Ft2File, b: &Ft2Block, d: &mut Diagnostics) {
    if b.kind == Some(BlockKind::Ship) {
        if let Some(f) = b.field("Move") {
            d.push(
                Code::W317,
                f.value_pos(),
                "Move order in a turn-0 (set-up) file is ignored",
            );
        }
    } else if b
        .owner
        .and_then(|o| file.blocks.get(o))
        .is_some_and(|o| o.kind == Some(BlockKind::Ship))
    {
        for f in b.fields.iter().filter(|f| f.known && f.name == "Orders") {
            for frag in f.raw.iter().filter(|fr| fire_target(&fr.text).is_some()) {
                d.push(
                    Code::W317,
                    frag.pos,
                    "fire order in a turn-0 (set-up) file is ignored",
                );
            }
        }
    }
}

/// W313 for a ship whose Move order spends more than it may (spec §7.2):
/// the element where planning stops and why. Nothing for other blocks,
/// destroyed ships and ships without a valid Move, Velocity and
/// Thrust-Rating.
pub fn move_warning(b: &Ft2Block, d: &mut Diagnostics) {
    if b.kind != Some(BlockKind::Ship) {
        return;
    }
    let destroyed = matches!(b.get("Status"), Some(Value::Status(s)) if s.is_destroyed());
    let (Some(Value::Int(v)), Some(Value::Int(t)), Some(f)) =
        (b.get("Velocity"), b.get("Thrust-Rating"), b.field("Move"))
    else {
        return;
    };
    let Some(Value::Move(order)) = &f.value else {
        return;
    };
    if destroyed {
        return;
    }
    let plan = plan_move(*t, *v, order);
    let Some(reason) = plan.dropped else {
        return;
    };
    let syntax = syntax_of(f);
    let at: Pos = tokens(&syntax)
        .nth(plan.applied)
        .map_or(f.value_pos(), |(_, p)| p);
    let why = match reason {
        DropReason::Thrust => format!("it would spend more than the Thrust-Rating of {t}"),
        DropReason::TurnBudget => {
            format!("it would turn more than {} steps (half the thrust)", t / 2)
        }
        DropReason::NegativeVelocity => "it would make the velocity negative".to_string(),
    };
    d.push(
        Code::W313,
        at,
        format!(
            "Ship {:?}: this Move element and the ones after it will be dropped: {why}",
            b.id()
        ),
    );
}

#[cfg(test)]
mod tests {
    use super::fire_target;

    #[test]
    fn fire_orders() {
        assert_eq!(fire_target("Fire at EUS Huron"), Some("EUS Huron"));
        assert_eq!(fire_target("FIRE   AT  x y "), Some("x y"));
        assert_eq!(fire_target("fire\tat\tX"), Some("X"));
        assert_eq!(fire_target("Fire at"), None);
        assert_eq!(fire_target("Fire on X"), None);
        assert_eq!(fire_target("Launch Rudel Group"), None);
    }
}

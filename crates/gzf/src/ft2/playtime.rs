//! The two play-time errors of spec §6.2 (E212, E213). `gzf check` does not
//! report them (§11.14); a rules engine calls these before playing a turn.

use super::model::Ft2File;
use super::values::DamageStatus;
use crate::diag::{Code, Diagnostic, Diagnostics};

/// E212: a ship on the map (with a position, not destroyed) that has no
/// valid `Course` or `Velocity`, so the turn cannot be played. Reported at
/// the ship's first line.
pub fn unplayable_ships(file: &Ft2File) -> Vec<Diagnostic> {
    let mut d = Diagnostics::default();
    for ship in file.ships() {
        let on_map = ship.position.is_some() && !ship.status.is_destroyed();
        if on_map && (ship.course.is_none() || ship.velocity.is_none()) {
            d.push(
                Code::E212,
                file.blocks[ship.block].pos,
                format!(
                    "Ship {:?} is on the map but has no valid Course or Velocity; the turn cannot be played",
                    ship.name
                ),
            );
        }
    }
    d.sorted()
}

/// E213: comparing the host's own output for a turn (`ours`) with a
/// referee-edited version of it (`edited`), every system whose damage
/// status changed in a way spec §3.8 forbids (a Destroyed system restored,
/// a Repaired one Damaged again...). Ships are matched by name, their
/// systems by order. Reported at the edited system's `Status` value (or
/// its first line when it has none).
pub fn forbidden_transitions(ours: &Ft2File, edited: &Ft2File) -> Vec<Diagnostic> {
    let mut d = Diagnostics::default();
    let edited_ships = edited.ships();
    for ship in ours.ships().into_iter().filter(|s| !s.name.is_empty()) {
        let key = super::assoc::name_key(&ship.name);
        let Some(theirs) = edited_ships
            .iter()
            .find(|s| super::assoc::name_key(&s.name) == key)
        else {
            continue;
        };
        for (mine, their) in ship.systems.iter().zip(&theirs.systems) {
            let (from, to) = (mine.status.damage, their.status.damage);
            if DamageStatus::transition_allowed(from, to) {
                continue;
            }
            let block = &edited.blocks[their.block];
            let pos = block.field("Status").map_or(block.pos, |f| f.value_pos());
            d.push(
                Code::E213,
                pos,
                format!(
                    "Ship {:?}, {}: damage status cannot go from {} to {}",
                    ship.name,
                    their.kind,
                    word(from),
                    word(to)
                ),
            );
        }
    }
    d.sorted()
}

fn word(status: Option<DamageStatus>) -> String {
    status.map_or("intact".to_string(), |s| format!("{s:?}"))
}

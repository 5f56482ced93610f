//! Beam fire arithmetic (spec §7.4): which batteries may fire at what, how
//! many dice they roll, and what each die scores against screens.
//!
//! Pure functions over [`Ship`] views. The dice come from a caller-supplied
//! `roll` function, drawn in the normative order (ships in file order,
//! batteries in file order, dice one after another), so a recorded stream
//! replays exactly.

use super::geometry::{arc_of, range_band, Position};
use crate::ft2::assoc::name_key;
use crate::ft2::values::Arc;
use crate::ft2::view::{Ship, System};

/// The beam batteries the host fires (FT1's primary, secondary, tertiary).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Battery {
    A,
    B,
    C,
}

impl Battery {
    /// The battery for a canonical system type, if it is one.
    pub fn from_system(kind: &str) -> Option<Battery> {
        match kind {
            "A Battery" => Some(Battery::A),
            "B Battery" => Some(Battery::B),
            "C Battery" => Some(Battery::C),
            _ => None,
        }
    }

    /// Dice rolled at range band 1–3 (spec §7.4 table); 0 = out of range.
    pub fn dice(self, band: u8) -> u8 {
        let reach: u8 = match self {
            Battery::A => 3,
            Battery::B => 2,
            Battery::C => 1,
        };
        (reach + 1).saturating_sub(band)
    }
}

/// Points one die scores against a screen level 0–2 (spec §7.4).
pub fn die_score(die: u8, screen: u8) -> u32 {
    match (die, screen) {
        (6, 0 | 1) => 2,
        (6, _) => 1,
        (5, _) => 1,
        (4, 0) => 1,
        _ => 0,
    }
}

/// Screen level: functioning Screen Generators, at most 2 (spec §7.4).
pub fn screen_level(ship: &Ship) -> u8 {
    let n = ship
        .systems
        .iter()
        .filter(|s| s.kind == "Screen Generator" && s.status.is_functioning())
        .count();
    n.min(2) as u8
}

/// Functioning FireCons: how many targets the ship may engage.
pub fn fire_controls(ship: &Ship) -> usize {
    ship.systems
        .iter()
        .filter(|s| s.kind == "FireCon" && s.status.is_functioning())
        .count()
}

/// Why a fire order did not fire (the turn notes of spec §6.4).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FireNote {
    /// N402: not an A, B or C battery.
    NotPlayed,
    /// N403: battery Inactive, Damaged or Destroyed.
    NotFunctioning,
    /// N409: battery has no Firing-Arc.
    NoArcs,
    /// N404: target missing, off the map, the firer, or destroyed before.
    BadTarget,
    /// N405: target beyond the battery's range.
    OutOfRange,
    /// N406: target in none of the battery's arcs.
    NotInArc,
    /// N407: no fire control left.
    NoFireControl,
    /// N408: another engaged target is in the same arc.
    SameArc,
    /// N411: a second fire order on the battery (the first is used).
    ExtraOrder,
}

impl FireNote {
    pub fn code(self) -> &'static str {
        match self {
            FireNote::NotPlayed => "N402",
            FireNote::NotFunctioning => "N403",
            FireNote::BadTarget => "N404",
            FireNote::OutOfRange => "N405",
            FireNote::NotInArc => "N406",
            FireNote::NoFireControl => "N407",
            FireNote::SameArc => "N408",
            FireNote::NoArcs => "N409",
            FireNote::ExtraOrder => "N411",
        }
    }
}

/// One fire order's fate.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Shot {
    /// The battery fires `dice` dice at ship `target` (index in the slice
    /// of ships given to [`plan_fire`]).
    Fires {
        target: usize,
        dice: u8,
    },
    Refused(FireNote),
}

/// A battery's order and what became of it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Order {
    /// Block index of the System.
    pub system: usize,
    pub shot: Shot,
}

/// Whether a ship takes part in a turn: on the map and not destroyed.
pub fn in_play(ship: &Ship) -> bool {
    ship.position.is_some() && !ship.status.is_destroyed()
}

/// Checks every fire order of `ships[firer]` in battery file order (spec
/// §7.4 "Resolving a ship's fire", steps 1–7). `ships` hold positions
/// after movement and statuses as in the input file.
pub fn plan_fire(ships: &[Ship], firer: usize) -> Vec<Order> {
    let me = &ships[firer];
    let Some(from) = me.position else {
        return Vec::new();
    };
    let course = me.course.unwrap_or(12);
    let controls = fire_controls(me);
    let mut engaged: Vec<(usize, Arc)> = Vec::new();
    let mut out = Vec::new();
    for system in &me.systems {
        let targets = system.fire_targets();
        let Some(&target_name) = targets.first() else {
            continue;
        };
        let shot = match check_shot(ships, firer, from, course, system, target_name) {
            Ok((target, arc, dice)) => {
                if engaged.iter().any(|&(t, _)| t == target) {
                    Shot::Fires { target, dice }
                } else if engaged.len() >= controls {
                    Shot::Refused(FireNote::NoFireControl)
                } else if engaged.iter().any(|&(_, a)| a == arc) {
                    Shot::Refused(FireNote::SameArc)
                } else {
                    engaged.push((target, arc));
                    Shot::Fires { target, dice }
                }
            }
            Err(note) => Shot::Refused(note),
        };
        out.push(Order {
            system: system.block,
            shot,
        });
        for _ in 1..targets.len() {
            out.push(Order {
                system: system.block,
                shot: Shot::Refused(FireNote::ExtraOrder),
            });
        }
    }
    out
}

/// Steps 1–6 for one battery: (target index, target's arc, dice).
fn check_shot(
    ships: &[Ship],
    firer: usize,
    from: Position,
    course: u8,
    system: &System,
    target_name: &str,
) -> Result<(usize, Arc, u8), FireNote> {
    let battery = Battery::from_system(&system.kind).ok_or(FireNote::NotPlayed)?;
    if !system.status.is_functioning() {
        return Err(FireNote::NotFunctioning);
    }
    let arcs = system.arcs.as_ref().ok_or(FireNote::NoArcs)?;
    let key = name_key(target_name);
    let target = ships
        .iter()
        .position(|s| name_key(&s.name) == key)
        .filter(|&t| t != firer && in_play(&ships[t]))
        .ok_or(FireNote::BadTarget)?;
    let to = ships[target].position.ok_or(FireNote::BadTarget)?;
    let dice = range_band(from, to).map_or(0, |band| battery.dice(band));
    if dice == 0 {
        return Err(FireNote::OutOfRange);
    }
    let arc = arc_of(from, course, to);
    if !arcs.contains(&arc) {
        return Err(FireNote::NotInArc);
    }
    Ok((target, arc, dice))
}

/// The fire step for all ships (spec §7.1 step 3): plans every ship in
/// play in file order, rolls the dice with `roll` and returns the damage
/// points each ship takes (by index in `ships`) and every order's fate.
/// Screens are taken from `ships` as given (the start of the fire step).
pub fn fire_step(ships: &[Ship], roll: &mut dyn FnMut() -> u8) -> (Vec<u32>, Vec<Order>) {
    let screens: Vec<u8> = ships.iter().map(screen_level).collect();
    let mut damage = vec![0u32; ships.len()];
    let mut orders = Vec::new();
    for firer in (0..ships.len()).filter(|&i| in_play(&ships[i])) {
        for order in plan_fire(ships, firer) {
            if let Shot::Fires { target, dice } = order.shot {
                for _ in 0..dice {
                    damage[target] += die_score(roll(), screens[target]);
                }
            }
            orders.push(order);
        }
    }
    (damage, orders)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dice_by_band() {
        assert_eq!([1, 2, 3].map(|b| Battery::A.dice(b)), [3, 2, 1]);
        assert_eq!([1, 2, 3].map(|b| Battery::B.dice(b)), [2, 1, 0]);
        assert_eq!([1, 2, 3].map(|b| Battery::C.dice(b)), [1, 0, 0]);
    }

    /// Spec §8 example 8.
    #[test]
    fn example_8_scores_and_screens() {
        let ft1: u32 = [1, 6, 5].iter().map(|&d| die_score(d, 0)).sum();
        assert_eq!(ft1, 3);
        let total = |screen| [4, 5, 6].iter().map(|&d| die_score(d, screen)).sum::<u32>();
        assert_eq!((total(0), total(1), total(2)), (4, 3, 2));
        assert_eq!((1..=3).map(|d| die_score(d, 0)).sum::<u32>(), 0);
    }
}

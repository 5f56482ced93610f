//! Typed views of the blocks a rules engine plays (spec §7): ships and their
//! systems, with positions, courses, move orders and damage tracks.
//!
//! Views are snapshots read from the model; a rules engine changes the file
//! through [`super::Ft2Block::set`] and friends, so that unknown material and
//! field order survive (spec §1.6, §1.8).

use super::model::{Ft2Block, Ft2File};
use super::orders::fire_target;
use super::values::{Arc, DamageTrack, MoveElement, Status, Value};
use super::BlockKind;
use crate::rules::geometry::Position;

/// A ship as the rules see it (spec §4.3).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ship {
    /// Index of the Ship block in [`Ft2File::blocks`].
    pub block: usize,
    pub name: String,
    pub hull_class: Option<String>,
    pub fleet: Option<String>,
    pub status: Status,
    pub course: Option<u8>,
    pub velocity: Option<i64>,
    /// `None` when the ship is not on the map.
    pub position: Option<Position>,
    /// The `Move` order; empty when absent (straight ahead, spec M-f).
    pub move_order: Vec<MoveElement>,
    pub thrust_rating: Option<i64>,
    pub damage_track: Option<DamageTrack>,
    /// The System blocks the ship owns, in file order (spec §5.2).
    pub systems: Vec<System>,
}

/// A system owned by a ship (spec §4.4).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct System {
    pub block: usize,
    /// The system type in canonical spelling, or as written if user-defined.
    pub kind: String,
    pub arcs: Option<Vec<Arc>>,
    pub status: Status,
    /// All `Orders` entries, in file order.
    pub orders: Vec<String>,
}

impl System {
    /// Targets of the fire orders among the entries, in order (spec §7.4).
    pub fn fire_targets(&self) -> Vec<&str> {
        self.orders.iter().filter_map(|o| fire_target(o)).collect()
    }
}

fn word(b: &Ft2Block, name: &str) -> Option<String> {
    match b.get(name) {
        Some(Value::Word(w)) => Some(w.to_string()),
        Some(Value::Text(t)) => Some(t.join(" ")),
        _ => None,
    }
}

fn int(b: &Ft2Block, name: &str) -> Option<i64> {
    match b.get(name) {
        Some(Value::Int(n)) => Some(*n),
        _ => None,
    }
}

fn status(b: &Ft2Block) -> Status {
    match b.get("Status") {
        Some(Value::Status(s)) => *s,
        _ => Status::default(),
    }
}

/// A block's position, if both coordinates are valid.
pub fn position(b: &Ft2Block) -> Option<Position> {
    match (b.get("Position-X"), b.get("Position-Y")) {
        (Some(Value::Decimal(x)), Some(Value::Decimal(y))) => Some(Position::new(*x, *y)),
        _ => None,
    }
}

impl Ft2File {
    /// The Scenario's play area as (low corner, high corner), when all four
    /// bounds are valid (spec §4.1).
    pub fn extent(&self) -> Option<(Position, Position)> {
        let s = &self.blocks[self.first(BlockKind::Scenario)?];
        let get = |n| match s.get(n) {
            Some(Value::Decimal(h)) => Some(*h),
            _ => None,
        };
        Some((
            Position::new(get("Low-X")?, get("Low-Y")?),
            Position::new(get("High-X")?, get("High-Y")?),
        ))
    }

    /// Whether a position lies outside the Scenario's extent (note N410);
    /// `false` when the file has no extent. The bounds themselves are in.
    pub fn outside_extent(&self, p: Position) -> bool {
        self.extent()
            .is_some_and(|(lo, hi)| p.x < lo.x || p.y < lo.y || p.x > hi.x || p.y > hi.y)
    }

    /// Every Ship block, in file order. The components of all ships are
    /// gathered in one pass over the file (not one pass per ship).
    pub fn ships(&self) -> Vec<Ship> {
        let owned = self.all_components();
        (0..self.blocks.len())
            .filter_map(|i| self.ship_with(i, &owned[i]))
            .collect()
    }

    /// The ship of block `i`, if that block is a Ship.
    pub fn ship(&self, i: usize) -> Option<Ship> {
        let components: Vec<usize> = self.components(i).collect();
        self.ship_with(i, &components)
    }

    /// The ship of block `i` with its components (block indices, file order).
    fn ship_with(&self, i: usize, components: &[usize]) -> Option<Ship> {
        let b = self.blocks.get(i)?;
        if b.kind != Some(BlockKind::Ship) {
            return None;
        }
        Some(Ship {
            block: i,
            name: b.id(),
            hull_class: word(b, "Hull-Class"),
            fleet: word(b, "Fleet"),
            status: status(b),
            course: match b.get("Course") {
                Some(Value::Clock(c)) => Some(*c),
                _ => None,
            },
            velocity: int(b, "Velocity"),
            position: position(b),
            move_order: match b.get("Move") {
                Some(Value::Move(m)) => m.clone(),
                _ => Vec::new(),
            },
            thrust_rating: int(b, "Thrust-Rating"),
            damage_track: match b.get("Damage-Track") {
                Some(Value::Track(t)) => Some(t.clone()),
                _ => None,
            },
            systems: components.iter().map(|&s| self.system(s)).collect(),
        })
    }

    fn system(&self, i: usize) -> System {
        let b = &self.blocks[i];
        let orders = b
            .fields
            .iter()
            .filter(|f| f.known && f.name == "Orders")
            .flat_map(|f| match &f.value {
                Some(Value::Text(t)) => t.iter().map(|s| s.to_string()).collect(),
                _ => Vec::new(),
            })
            .collect();
        System {
            block: i,
            kind: word(b, "System").unwrap_or_default(),
            arcs: match b.get("Firing-Arc") {
                Some(Value::Arcs(a)) => Some(a.clone()),
                _ => None,
            },
            status: status(b),
            orders,
        }
    }
}

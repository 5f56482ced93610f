//! The ten unit types of the April 2019 engine and their stats (spec §3.1),
//! as one table: every rule asks a type for its numbers and flags here.

use std::borrow::Cow;
use std::fmt;

use schemars::{json_schema, JsonSchema, Schema, SchemaGenerator};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// A unit type with stats. Other names the engine knew had none and cannot
/// be played.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum UnitType {
    Knight,
    Pyromancer,
    Scout,
    Cleric,
    LightningWard,
    DarkMagicWitch,
    Assassin,
    Enchantress,
    ChaosSeed,
    ChaosDragon,
}

/// How a unit moves.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Movement {
    /// Walks around obstacles (a breadth-first search, spec §5.1).
    Path,
    /// Jumps to any empty tile in its radius.
    Teleport,
    /// Never moves.
    None,
}

/// What a unit's attack does.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AttackKind {
    Melee,
    Magic,
    Heal,
    Paralyze,
}

/// A unit type's numbers and flags (spec §3.1).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Stats {
    pub name: &'static str,
    pub health: i32,
    pub power: i32,
    pub armor: i32,
    pub blocking: i32,
    pub recovery: i32,
    pub movement: Movement,
    pub radius: i32,
    pub attack: AttackKind,
    /// `(min, max)` of the attack range; `None` when it takes no target tile.
    pub range: Option<(i32, i32)>,
    /// Strikes everything in its range, with no target (Cleric, Assassin, Enchantress).
    pub all: bool,
    /// Only the first unit along the line of sight is struck.
    pub los: bool,
    /// Attack tiles are the four straight lines.
    pub linear: bool,
    /// Keeps focusing on its victims after a successful attack.
    pub focus: bool,
    /// Has a facing (can turn, can be outflanked).
    pub directional: bool,
    /// Friendly units may walk through it (when it is not focusing or paralysed).
    pub passable: bool,
}

const fn stats(
    name: &'static str,
    (health, power, armor, blocking, recovery): (i32, i32, i32, i32, i32),
    movement: Movement,
    radius: i32,
    attack: AttackKind,
    range: Option<(i32, i32)>,
) -> Stats {
    Stats {
        name,
        health,
        power,
        armor,
        blocking,
        recovery,
        movement,
        radius,
        attack,
        range,
        all: false,
        los: false,
        linear: false,
        focus: false,
        directional: true,
        passable: true,
    }
}

impl UnitType {
    /// Every type, in the order of the spec's table.
    pub const ALL: [UnitType; 10] = [
        UnitType::Knight,
        UnitType::Pyromancer,
        UnitType::Scout,
        UnitType::Cleric,
        UnitType::LightningWard,
        UnitType::DarkMagicWitch,
        UnitType::Assassin,
        UnitType::Enchantress,
        UnitType::ChaosSeed,
        UnitType::ChaosDragon,
    ];

    /// The type's stats (spec §3.1).
    pub const fn stats(self) -> Stats {
        use AttackKind::*;
        use Movement::*;
        match self {
            UnitType::Knight => stats("Knight", (50, 22, 25, 80, 1), Path, 3, Melee, Some((1, 1))),
            UnitType::Pyromancer => stats(
                "Pyromancer",
                (30, 15, 0, 33, 3),
                Path,
                3,
                Magic,
                Some((0, 3)),
            ),
            UnitType::Scout => Stats {
                los: true,
                ..stats("Scout", (40, 18, 8, 60, 2), Path, 4, Melee, Some((1, 6)))
            },
            UnitType::Cleric => Stats {
                all: true,
                ..stats("Cleric", (24, 12, 0, 0, 5), Path, 3, Heal, Option::None)
            },
            UnitType::LightningWard => Stats {
                directional: false,
                ..stats(
                    "Lightning Ward",
                    (56, 30, 18, 100, 4),
                    Movement::None,
                    0,
                    Magic,
                    Some((1, 3)),
                )
            },
            UnitType::DarkMagicWitch => Stats {
                linear: true,
                ..stats(
                    "Dark Magic Witch",
                    (28, 24, 0, 20, 3),
                    Path,
                    3,
                    Magic,
                    Some((1, 4)),
                )
            },
            UnitType::Assassin => Stats {
                all: true,
                ..stats(
                    "Assassin",
                    (35, 18, 12, 70, 1),
                    Path,
                    4,
                    Melee,
                    Some((1, 1)),
                )
            },
            UnitType::Enchantress => Stats {
                all: true,
                focus: true,
                ..stats(
                    "Enchantress",
                    (35, 0, 0, 0, 3),
                    Path,
                    3,
                    Paralyze,
                    Some((1, 2)),
                )
            },
            UnitType::ChaosSeed => Stats {
                directional: false,
                ..stats(
                    "Chaos Seed",
                    (6, 24, 99, 50, 0),
                    Movement::None,
                    0,
                    Magic,
                    Option::None,
                )
            },
            UnitType::ChaosDragon => Stats {
                los: true,
                linear: true,
                passable: false,
                ..stats(
                    "Chaos Dragon",
                    (38, 28, 30, 50, 1),
                    Teleport,
                    4,
                    Magic,
                    Some((1, 3)),
                )
            },
        }
    }

    /// The name written in records (`"DarkMagicWitch"`).
    pub fn as_str(self) -> &'static str {
        match self {
            UnitType::Knight => "Knight",
            UnitType::Pyromancer => "Pyromancer",
            UnitType::Scout => "Scout",
            UnitType::Cleric => "Cleric",
            UnitType::LightningWard => "LightningWard",
            UnitType::DarkMagicWitch => "DarkMagicWitch",
            UnitType::Assassin => "Assassin",
            UnitType::Enchantress => "Enchantress",
            UnitType::ChaosSeed => "ChaosSeed",
            UnitType::ChaosDragon => "ChaosDragon",
        }
    }

    /// The type a record name stands for, if it has stats in these rules.
    pub fn parse(s: &str) -> Option<UnitType> {
        UnitType::ALL.into_iter().find(|t| t.as_str() == s)
    }

    /// Wards keep no team alive (spec §8).
    pub fn is_ward(self) -> bool {
        self == UnitType::LightningWard
    }

    /// The Chaos team's units, which answer attacks (spec §9).
    pub fn is_chaos(self) -> bool {
        matches!(self, UnitType::ChaosSeed | UnitType::ChaosDragon)
    }
}

impl fmt::Display for UnitType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl Serialize for UnitType {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.as_str())
    }
}

/// The names [`UnitType::parse`] reads, from [`UnitType::ALL`].
impl JsonSchema for UnitType {
    fn schema_name() -> Cow<'static, str> {
        "UnitType".into()
    }

    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        let names: Vec<&str> = UnitType::ALL.iter().map(|t| t.as_str()).collect();
        json_schema!({
            "description": "A unit type with stats in these rules (spec §3.1).",
            "enum": names,
        })
    }
}

impl<'de> Deserialize<'de> for UnitType {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<UnitType, D::Error> {
        let s = String::deserialize(d)?;
        UnitType::parse(&s).ok_or_else(|| {
            serde::de::Error::custom(format!(
                "`{s}` is not a unit type with stats in these rules"
            ))
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The schema lists every type with stats, as the reader names them.
    #[test]
    fn the_unit_type_schema_lists_every_type() {
        let schema = schemars::schema_for!(UnitType).to_value();
        let listed: Vec<UnitType> = schema["enum"]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| UnitType::parse(s.as_str().unwrap()).unwrap())
            .collect();
        assert_eq!(listed, UnitType::ALL);
    }
}

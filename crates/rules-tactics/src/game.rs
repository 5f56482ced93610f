//! The state of a game (spec §2, §3.2): teams in turn order, each with its
//! living units in list order, the current turn's actions, the pass-rule
//! count and the end. How a game starts (the random first team, the Chaos
//! team, placement, ids, facings) is here too.
//!
//! Units live in their team's list because that order shows everywhere in
//! records (snapshots, Cleric draws, `endTurn` results, team scores); lookups
//! by id scan at most 21 units, which is cheaper than keeping an index right.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::action::Action;
use crate::board::{Dir, Tile};
use crate::draws::{Draw, Draws, Use};
use crate::error::Error;
use crate::units::UnitType;

/// The two game types of the April 2019 engine.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum GameKind {
    /// Two teams (`type` absent or `classic`).
    Classic,
    /// Four player teams and the Chaos team (`type` `Chaos`/`chaos`).
    Chaos,
}

impl GameKind {
    /// The game type of a record's `type`, compared without case; absent is
    /// classic (spec D9).
    pub fn from_type(t: Option<&str>) -> Option<GameKind> {
        match t.map(str::to_ascii_lowercase).as_deref() {
            None | Some("classic") => Some(GameKind::Classic),
            Some("chaos") => Some(GameKind::Chaos),
            _ => None,
        }
    }

    /// The name the project writes (`classic`, `chaos`).
    pub fn as_str(self) -> &'static str {
        match self {
            GameKind::Classic => "classic",
            GameKind::Chaos => "chaos",
        }
    }

    /// The number of player teams (slots).
    pub fn slots(self) -> usize {
        match self {
            GameKind::Classic => 2,
            GameKind::Chaos => 4,
        }
    }
}

/// A team colour (spec §2.1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
pub enum Color {
    White,
    Red,
    Yellow,
    Green,
    Blue,
}

impl Color {
    pub fn as_str(self) -> &'static str {
        match self {
            Color::White => "White",
            Color::Red => "Red",
            Color::Yellow => "Yellow",
            Color::Green => "Green",
            Color::Blue => "Blue",
        }
    }

    pub fn parse(s: &str) -> Option<Color> {
        [
            Color::White,
            Color::Red,
            Color::Yellow,
            Color::Green,
            Color::Blue,
        ]
        .into_iter()
        .find(|c| c.as_str() == s)
    }
}

/// A team's `bot` field: `true`/`false`, or a bot's name (`"Chaos"`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(untagged)]
pub enum BotFlag {
    Flag(bool),
    Name(String),
}

/// One entry of a team's set: a unit type on a tile, as seen from the north.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct SetEntry {
    /// The unit's type.
    #[serde(rename = "type")]
    pub kind: UnitType,
    /// Its starting tile, as seen from the north.
    pub assignment: Tile,
}

/// A unit on the board (spec §3.2).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct Unit {
    /// Its id, which orders name.
    pub id: u32,
    /// Its type, which decides its stats (spec §3.1).
    #[serde(rename = "type")]
    pub kind: UnitType,
    /// Where it stands.
    pub tile: Tile,
    /// Its facing; non-directional units keep `S` internally.
    pub facing: Dir,
    /// Its colour: the team's, until a `phase` changes it.
    pub color: Option<Color>,
    /// Change to its type's health: damage taken is negative; it dies at
    /// minus its type's health.
    pub m_health: i32,
    /// Change to its type's blocking (a fraction).
    pub m_blocking: f64,
    /// Change to its type's power.
    pub m_power: i32,
    /// Change to its type's armor.
    pub m_armor: i32,
    /// Turns it must wait before it acts again; 0 acts now.
    pub m_recovery: i32,
    /// The units it focuses on; `null` when it focuses on none.
    pub focusing: Option<Vec<u32>>,
    /// The units paralysing it; `null` when none (an empty list still
    /// paralyses, spec D6).
    pub paralyzed: Option<Vec<u32>>,
    /// The units poisoning it; `null` when none.
    pub poisoned: Option<Vec<u32>>,
    /// Shielded by a barrier.
    pub barriered: bool,
}

impl Unit {
    /// A fresh unit of `kind` (all modifiers at zero).
    pub fn new(id: u32, kind: UnitType, tile: Tile, facing: Dir, color: Option<Color>) -> Unit {
        Unit {
            id,
            kind,
            tile,
            facing,
            color,
            m_health: 0,
            m_blocking: 0.0,
            m_power: 0,
            m_armor: 0,
            m_recovery: 0,
            focusing: None,
            paralyzed: None,
            poisoned: None,
            barriered: false,
        }
    }

    pub fn health_left(&self) -> i32 {
        self.kind.stats().health + self.m_health
    }

    pub fn is_dead(&self) -> bool {
        self.m_health <= -self.kind.stats().health
    }

    pub fn is_paralyzed(&self) -> bool {
        self.paralyzed.is_some()
    }

    /// May act this turn (spec §4.6).
    pub fn can_act(&self) -> bool {
        self.m_recovery == 0 && self.paralyzed.is_none()
    }

    /// Friendly units may walk through it (spec §3.2).
    pub fn passable(&self) -> bool {
        self.focusing.is_none() && self.paralyzed.is_none() && self.kind.stats().passable
    }
}

/// A team (spec §2.1) with its living units in list order.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct Team {
    /// Index in `teams` (the turn order).
    pub id: usize,
    /// The slot before the turn order was rotated: decides where it stands.
    pub original_id: usize,
    /// Its name (`Chaos` for the Chaos team).
    pub name: Option<String>,
    /// Its colour.
    pub color: Option<Color>,
    /// Whether a bot plays it, as the engine records it.
    pub bot: Option<BotFlag>,
    /// The units it started with, as seen from the north.
    pub set: Vec<SetEntry>,
    /// Its living units in list order.
    pub units: Vec<Unit>,
}

impl Team {
    /// The Chaos team is recognised by its name, as the engine does (spec §2.1).
    pub fn is_chaos(&self) -> bool {
        self.name.as_deref() == Some("Chaos")
    }

    /// A team is alive while it has a unit that is neither a ward nor
    /// paralysed (spec §8).
    pub fn is_alive(&self) -> bool {
        self.units
            .iter()
            .any(|u| !u.kind.is_ward() && !u.is_paralyzed())
    }

    /// Some unit may act (spec §4.6).
    pub fn can_act(&self) -> bool {
        self.units.iter().any(Unit::can_act)
    }
}

/// A player team as asked for at the start, before the first team is drawn.
#[derive(Debug, Clone, PartialEq)]
pub struct TeamSpec {
    pub name: Option<String>,
    pub color: Option<Color>,
    pub bot: Option<BotFlag>,
    pub set: Vec<SetEntry>,
}

/// Why the game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub enum EndReason {
    /// One team is left alive: it wins.
    LastTeam,
    /// No team is alive: a draw.
    NoTeam,
    /// `3 × teams` turns of nothing but `endTurn`: a draw (spec §8).
    PassRule,
}

/// The end of a game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct End {
    /// The winning team's index; `null` for a draw.
    pub winner: Option<usize>,
    /// Why it ended.
    pub reason: EndReason,
}

/// A whole game's state.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct Game {
    /// `classic` (two teams) or `chaos`.
    pub kind: GameKind,
    /// The teams in turn order; seat `i` plays `teams[i]`.
    pub teams: Vec<Team>,
    /// The current turn's index; it belongs to team `turn mod teams.len()`.
    pub turn: usize,
    /// The current turn's actions so far.
    pub actions: Vec<Action>,
    /// Finished turns in a row, newest backwards, of nothing but `endTurn`.
    pub idle_turns: usize,
    /// How the game ended; `null` while it runs.
    pub end: Option<End>,
}

/// The classic default set ("gray", spec §2.3), in its order.
pub const CLASSIC_SET: [(UnitType, i32, i32); 10] = [
    (UnitType::Cleric, 5, 0),
    (UnitType::DarkMagicWitch, 2, 1),
    (UnitType::Pyromancer, 3, 1),
    (UnitType::Pyromancer, 7, 1),
    (UnitType::Enchantress, 8, 1),
    (UnitType::Assassin, 1, 2),
    (UnitType::Knight, 4, 2),
    (UnitType::Knight, 5, 2),
    (UnitType::Knight, 6, 2),
    (UnitType::Scout, 9, 2),
];

/// The Chaos players' set: three Knights (spec §2.3).
pub const CHAOS_SET: [(UnitType, i32, i32); 3] = [
    (UnitType::Knight, 4, 1),
    (UnitType::Knight, 5, 1),
    (UnitType::Knight, 6, 1),
];

/// A set from a table of `(type, x, y)`.
pub fn set_of(table: &[(UnitType, i32, i32)]) -> Vec<SetEntry> {
    table
        .iter()
        .map(|&(kind, x, y)| SetEntry {
            kind,
            assignment: Tile::new(x, y),
        })
        .collect()
}

/// The default teams of a game type, by slot: classic North (Red) and South
/// (Blue); Chaos Blue, Yellow, Red, Green (spec §2.3).
pub fn default_teams(kind: GameKind) -> Vec<TeamSpec> {
    let team = |name: &str, color, set: &[(UnitType, i32, i32)]| TeamSpec {
        name: Some(name.to_string()),
        color: Some(color),
        bot: None,
        set: set_of(set),
    };
    match kind {
        GameKind::Classic => vec![
            team("North", Color::Red, &CLASSIC_SET),
            team("South", Color::Blue, &CLASSIC_SET),
        ],
        GameKind::Chaos => vec![
            team("Blue", Color::Blue, &CHAOS_SET),
            team("Yellow", Color::Yellow, &CHAOS_SET),
            team("Red", Color::Red, &CHAOS_SET),
            team("Green", Color::Green, &CHAOS_SET),
        ],
    }
}

/// The Chaos Seed's tile.
pub const SEED_TILE: Tile = Tile::new(5, 5);

/// Most units one team may bring: the board could not hold many more, and a
/// bound keeps every per-turn loop small.
pub const MAX_SET: usize = 24;

impl Game {
    /// Starts a game with player teams given by slot (spec §2.2): one
    /// `firstTeam` draw rotates the turn order, the Chaos team goes first in
    /// Chaos, then sets are placed by slot and units numbered.
    pub fn start(
        kind: GameKind,
        slots: Vec<TeamSpec>,
        draws: &mut dyn Draws,
    ) -> Result<Game, Error> {
        if slots.len() != kind.slots() {
            return Err(Error::Setup {
                field: "teams".into(),
                message: format!(
                    "a {} game has {} player teams, not {}",
                    kind.as_str(),
                    kind.slots(),
                    slots.len()
                ),
            });
        }
        for (i, s) in slots.iter().enumerate() {
            if s.set.is_empty() || s.set.len() > MAX_SET {
                return Err(Error::Setup {
                    field: format!("teams[{i}].set"),
                    message: format!("a set has 1 to {MAX_SET} units, not {}", s.set.len()),
                });
            }
            if let Some(e) = s.set.iter().find(|e| e.kind.is_chaos()) {
                return Err(Error::Setup {
                    field: format!("teams[{i}].set"),
                    message: format!("{} belongs to the Chaos team only", e.kind),
                });
            }
        }
        let n = slots.len();
        let r = draws.draw(Draw::new(Use::FirstTeam, 0));
        let first = ((r * n as f64).floor() as usize).min(n - 1);
        let mut order: Vec<(usize, TeamSpec)> = slots.into_iter().enumerate().collect();
        order.rotate_left(first);
        let mut teams: Vec<Team> = vec![];
        if kind == GameKind::Chaos {
            teams.push(Team {
                id: 0,
                original_id: 0,
                name: Some("Chaos".into()),
                color: Some(Color::White),
                bot: Some(BotFlag::Name("Chaos".into())),
                set: vec![SetEntry {
                    kind: UnitType::ChaosSeed,
                    assignment: SEED_TILE,
                }],
                units: vec![],
            });
        }
        for (slot, spec) in order {
            teams.push(Team {
                id: teams.len(),
                original_id: slot,
                name: spec.name,
                color: spec.color,
                bot: spec.bot,
                set: spec.set,
                units: vec![],
            });
        }
        place(&mut teams)?;
        Ok(Game {
            kind,
            teams,
            turn: 0,
            actions: vec![],
            idle_turns: 0,
            end: None,
        })
    }

    /// The team whose turn it is.
    pub fn current_team(&self) -> usize {
        self.turn % self.teams.len()
    }

    pub fn is_over(&self) -> bool {
        self.end.is_some()
    }

    /// Every living unit, team by team in list order.
    pub fn units(&self) -> impl Iterator<Item = &Unit> {
        self.teams.iter().flat_map(|t| t.units.iter())
    }

    /// `(team, index)` of a living unit.
    pub fn locate(&self, id: u32) -> Option<(usize, usize)> {
        self.teams
            .iter()
            .enumerate()
            .find_map(|(t, team)| team.units.iter().position(|u| u.id == id).map(|i| (t, i)))
    }

    pub fn unit(&self, id: u32) -> Option<&Unit> {
        self.locate(id).map(|(t, i)| &self.teams[t].units[i])
    }

    pub fn unit_mut(&mut self, id: u32) -> Option<&mut Unit> {
        let (t, i) = self.locate(id)?;
        Some(&mut self.teams[t].units[i])
    }

    /// The team of a living unit.
    pub fn team_of(&self, id: u32) -> Option<usize> {
        self.locate(id).map(|(t, _)| t)
    }

    /// Which unit stands on each tile, by [`Tile::index`].
    pub fn occupancy(&self) -> Occupancy {
        let mut grid = Occupancy { cells: [None; 121] };
        for (t, team) in self.teams.iter().enumerate() {
            for u in &team.units {
                grid.cells[u.tile.index()] = Some((u.id, t as u8));
            }
        }
        grid
    }

    /// The teams alive now (spec §8), in order.
    pub fn alive_teams(&self) -> Vec<usize> {
        (0..self.teams.len())
            .filter(|&t| self.teams[t].is_alive())
            .collect()
    }
}

/// Which unit (and of which team) stands on each tile.
#[derive(Debug, Clone, Copy)]
pub struct Occupancy {
    cells: [Option<(u32, u8)>; 121],
}

impl Occupancy {
    /// `(unit id, team)` on a tile.
    pub fn at(&self, t: Tile) -> Option<(u32, usize)> {
        self.cells[t.index()].map(|(id, team)| (id, team as usize))
    }

    /// Moves a unit between tiles (for look-ahead without rebuilding).
    pub fn shift(&mut self, from: Tile, to: Tile) {
        let v = self.cells[from.index()].take();
        self.cells[to.index()] = v;
    }
}

/// Places every team's set by its slot, numbers units and sets facings
/// (spec §2.2 steps 4–6).
fn place(teams: &mut [Team]) -> Result<(), Error> {
    let two = teams.len() == 2;
    let mut taken = [false; 121];
    let mut next_id = 1;
    for (ti, team) in teams.iter_mut().enumerate() {
        let degrees: u32 = if two {
            [0, 180][team.original_id.min(1)]
        } else {
            [0, 90, 180, 270][team.original_id % 4]
        };
        for (k, e) in team.set.iter().enumerate() {
            let tile = e.assignment.rotated(degrees);
            if Tile::at(tile.x, tile.y).is_none()
                || Tile::at(e.assignment.x, e.assignment.y).is_none()
            {
                return Err(Error::Setup {
                    field: format!("teams[{ti}].set[{k}].assignment"),
                    message: format!("{} is not a tile of the board", e.assignment),
                });
            }
            if std::mem::replace(&mut taken[tile.index()], true) {
                return Err(Error::Setup {
                    field: format!("teams[{ti}].set[{k}].assignment"),
                    message: format!(
                        "{} lands on {}, where another unit already stands",
                        e.assignment, tile
                    ),
                });
            }
            let facing = if e.kind.stats().directional {
                Dir::S.rotate(degrees as i32)
            } else {
                Dir::S
            };
            team.units
                .push(Unit::new(next_id, e.kind, tile, facing, team.color));
            next_id += 1;
        }
    }
    Ok(())
}

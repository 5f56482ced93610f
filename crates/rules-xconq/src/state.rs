//! The game state (spec §5): units, sides, the world's layers, the history
//! and the generator.
//!
//! Units live in one vector indexed by id (ids are handed out 1, 2, 3, … and
//! never reused), so the global list "newest first" is the ids in descending
//! order among the units not yet flushed; each side keeps its own list in
//! the kernel's order (§5.1), and each cell its stack in the order of §3.7.

use serde::{Deserialize, Serialize};

use crate::geometry::Area;
use crate::history::History;
use crate::rng::Xrandom;
use crate::views::SideVision;

/// One unit (spec §5.1).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Unit {
    pub id: i32,
    pub utype: usize,
    pub side: usize,
    pub origside: usize,
    /// The cell, (−1, −1) while off the map.
    pub x: i32,
    pub y: i32,
    /// The transport's id, 0 for none.
    pub transport: i32,
    /// Occupants, in the order of §3.7.
    pub occupants: Vec<i32>,
    pub hp: i32,
    pub hp2: i32,
    pub cp: i32,
    pub supply: Vec<i32>,
    pub number: i32,
    pub name: Option<String>,
    /// Has an actor state (§7.3).
    pub actor: bool,
    pub acp: i32,
    pub acp0: i32,
    pub moves: i32,
    pub creation_id: i32,
    /// Removed from every list (dead and flushed).
    pub flushed: bool,
    /// Stays put: a seat's decision (7.5's asleep plan, or a plan to occupy
    /// its transport) that makes the unit `will_not_move` (§10.5, D6,
    /// §18.4 question 2); set by a seat's `hold` order and ended by `wake`,
    /// a move or enter order, a hit or an enemy arriving next to it
    /// (docs/xconq-decisions.md), and in tier-2 replays from the fixture's
    /// saves.
    #[serde(default)]
    pub hold: bool,
}

impl Unit {
    pub fn alive(&self) -> bool {
        self.hp > 0
    }
}

/// One side (spec §5.2).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Side {
    pub id: usize,
    pub ingame: bool,
    pub everingame: bool,
    /// 0 playing, 1 won, −1 lost.
    pub status: i32,
    pub name: Option<String>,
    pub noun: Option<String>,
    pub plural_noun: Option<String>,
    pub adjective: Option<String>,
    pub class: Option<String>,
    /// `next-numbers`: the next serial number per unit type.
    pub counts: Vec<i32>,
    pub tech: Vec<i32>,
    pub inittech: Vec<i32>,
    /// Per type, 4 reasons (§5.2).
    pub gain_counts: Vec<i32>,
    /// Per type, 7 reasons.
    pub loss_counts: Vec<i32>,
    /// `attack_stats[a * nu + d]`, and whether type a ever attacked.
    pub attack_stats: Vec<i32>,
    pub hit_stats: Vec<i32>,
    pub attacked: Vec<bool>,
    pub scores: Vec<i32>,
    /// The side's unit list, in the kernel's order.
    pub units: Vec<i32>,
    pub vision: SideVision,
    /// Not kernel state: the orders the side's seat gave for the last
    /// turn that ran and did not succeed (the kernel tells a side's
    /// display; here its next view says so).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub failed: Vec<FailedOrder>,
}

/// An order a seat gave that ran and did not succeed: its result says why
/// (`cannot-do`, `insufficient-acp`, `destination-full`, ...; §8).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct FailedOrder {
    /// The turn the order was for.
    pub turn: i32,
    /// The unit ordered.
    pub unit: i32,
    /// The action, or the seat's `hold`/`wake`.
    pub action: String,
    /// Its arguments (unit types by index).
    pub args: Vec<i32>,
    /// The unit acted upon, when not the ordered unit itself (0: itself).
    #[serde(default)]
    pub actee: i32,
    /// The action's result.
    pub result: String,
}

/// Gain reasons (§5.2).
pub const GAIN_INITIAL: usize = 0;
pub const GAIN_BUILD: usize = 1;
pub const GAIN_CAPTURE: usize = 2;
pub const GAIN_OTHER: usize = 3;
/// Loss reasons.
pub const LOSS_COMBAT: usize = 0;
pub const LOSS_CAPTURED: usize = 1;
pub const LOSS_STARVATION: usize = 2;
pub const LOSS_ACCIDENT: usize = 3;
pub const LOSS_DISBAND: usize = 5;
pub const LOSS_OTHER: usize = 6;

/// The intro rule's task stack for one home town (spec §13, D10).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TownTasks {
    pub unit: i32,
    pub tasks: Vec<Task>,
    pub reserve: bool,
}

/// One task of §13, with its retry count.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Task {
    Construct {
        run: i32,
        utype: usize,
        retries: i32,
    },
    Build {
        unit: i32,
        retries: i32,
    },
}

/// The whole game state.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct State {
    pub area: Area,
    /// Terrain type per cell (index `y * width + x`).
    pub terrain: Vec<u8>,
    /// Per auxiliary terrain type (by terrain index), a 6-bit mask per cell;
    /// empty for cell types and for aux types with no layer.
    pub aux: Vec<Vec<u8>>,
    /// People side per cell (60 = nobody), when the game has the layer.
    pub people: Option<Vec<u8>>,
    /// Index 0 is unused; unit n is at index n.
    pub units: Vec<Unit>,
    pub sides: Vec<Side>,
    /// Cell stacks, ordered (§3.7).
    pub stacks: Vec<Vec<i32>>,
    pub turn: i32,
    pub rng: Xrandom,
    pub history: History,
    pub endofgame: bool,
    /// Each side's action vector for this turn (§7.1).
    pub action_vectors: Vec<Vec<i32>>,
    /// The intro rule's state (§13), when it is on.
    pub intro_rule: bool,
    pub town_tasks: Vec<TownTasks>,
    /// The number of sides the game started with (for last-side-wins).
    pub initial_sides: usize,
}

/// People value of a cell with nobody (`NOBODY`).
pub const NOBODY: u8 = 60;

impl State {
    pub fn unit(&self, id: i32) -> &Unit {
        &self.units[id as usize]
    }

    pub fn unit_mut(&mut self, id: i32) -> &mut Unit {
        &mut self.units[id as usize]
    }

    /// The living unit with this id, if any (action arguments, §8.1 step 3).
    pub fn living(&self, id: i32) -> Option<&Unit> {
        (id > 0)
            .then(|| self.units.get(id as usize))
            .flatten()
            .filter(|u| u.alive())
    }

    pub fn cell(&self, x: i32, y: i32) -> usize {
        self.area.index(x, y)
    }

    pub fn terrain_at(&self, x: i32, y: i32) -> usize {
        usize::from(self.terrain[self.cell(x, y)])
    }

    /// The ids of the global list, newest first (not flushed).
    pub fn global_ids(&self) -> Vec<i32> {
        (1..self.units.len() as i32)
            .rev()
            .filter(|&id| !self.units[id as usize].flushed)
            .collect()
    }

    /// The mask of aux terrain type `t` at a cell (0 when none).
    pub fn aux_at(&self, t: usize, x: i32, y: i32) -> u8 {
        self.aux
            .get(t)
            .filter(|l| !l.is_empty())
            .map_or(0, |l| l[self.area.index(x, y)])
    }
}

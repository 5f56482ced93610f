//! The board: a grid of star systems, each with a fixed terrain and one
//! state (empty, a colony, a leader, destroyed) (tae spec 2).
//!
//! The board is the single source of truth for where pieces stand: a leader
//! is in its owner's hand exactly when no system holds it, so nothing else
//! keeps leader positions that could fall out of step.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// A system's coordinates; `x` grows east, `y` grows north, `(0,0)` is the
/// south-west corner (tae spec 2.1).
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, JsonSchema,
)]
pub struct Pos {
    /// Column, from 0 (west).
    pub x: u16,
    /// Row, from 0 (south).
    pub y: u16,
}

impl Pos {
    pub const fn new(x: u16, y: u16) -> Pos {
        Pos { x, y }
    }
}

impl std::fmt::Display for Pos {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "({},{})", self.x, self.y)
    }
}

/// The four civilisations. One enum serves as a colonist's type, a leader's
/// type and a score category, because the rules always pair them one to one
/// (tae spec 3.1). The declaration order is the rulebook's fixed type order.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, JsonSchema,
)]
#[serde(rename_all = "lowercase")]
pub enum Kind {
    Merchant,
    Scientist,
    Settler,
    Mining,
}

impl Kind {
    /// merchant, scientist, settler, mining.
    pub const ALL: [Kind; 4] = [Kind::Merchant, Kind::Scientist, Kind::Settler, Kind::Mining];
    /// The order in which one colony's external conflicts are queued
    /// (tae spec 9.1, decision 3).
    pub const EXTERNAL_ORDER: [Kind; 4] =
        [Kind::Settler, Kind::Scientist, Kind::Merchant, Kind::Mining];

    pub fn index(self) -> usize {
        self as usize
    }

    pub fn name(self) -> &'static str {
        match self {
            Kind::Merchant => "merchant",
            Kind::Scientist => "scientist",
            Kind::Settler => "settler",
            Kind::Mining => "mining",
        }
    }

    pub fn from_name(name: &str) -> Option<Kind> {
        Kind::ALL.into_iter().find(|k| k.name() == name)
    }

    /// The score category this type scores in.
    pub fn category(self) -> &'static str {
        match self {
            Kind::Merchant => "money",
            Kind::Scientist => "technology",
            Kind::Settler => "people",
            Kind::Mining => "raw",
        }
    }

    /// The letter of a colony of this type in pictures and view files.
    pub fn colony_letter(self) -> char {
        match self {
            Kind::Merchant => 'm',
            Kind::Scientist => 's',
            Kind::Settler => 'p',
            Kind::Mining => 'r',
        }
    }

    pub fn from_colony_letter(c: char) -> Option<Kind> {
        Kind::ALL.into_iter().find(|k| k.colony_letter() == c)
    }

    /// Mining colonies go on uninhabitable systems, the others on
    /// inhabitable ones (tae spec 3.1).
    pub fn fits(self, terrain: Terrain) -> bool {
        (self == Kind::Mining) == (terrain == Terrain::Uninhabitable)
    }
}

/// A system's fixed terrain: only inhabitable systems take colonies and
/// leaders.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum Terrain {
    Inhabitable,
    Uninhabitable,
}

/// A colony. Colonies belong to nobody; `placed_by` and `id` only say where
/// it came from (public once placed), for records and views.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct Colony {
    /// The colony's civilisation (the type of the colonist that founded it).
    pub kind: Kind,
    /// Only scientist colonies from the map carry one (tae spec 2.2).
    pub artifact: bool,
    /// The identifier of the colonist that founded it; `None` for the
    /// map's artifact colonies, which never were colonists.
    pub id: Option<u64>,
    /// The seat that placed it; `null` for the map's artifact colonies.
    pub placed_by: Option<usize>,
}

impl Colony {
    /// A scientist colony, with or without an artifact: what gives a leader
    /// support and internal strength (tae spec 9.4, 10.4).
    pub fn is_scientist(&self) -> bool {
        self.kind == Kind::Scientist
    }
}

/// A leader standing on the board: its owner's seat and its type. A player
/// has one leader of each type, so the pair names the leader.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
pub struct Leader {
    /// The seat that owns it.
    pub owner: usize,
    /// Its type.
    pub kind: Kind,
}

/// What a system holds now (tae spec 2.2), named by its `holds` field
/// (`empty`, `colony`, `leader`, `destroyed`) with the colony's or the
/// leader's fields beside it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "holds", rename_all = "lowercase")]
pub enum Cell {
    Empty,
    Colony(Colony),
    Leader(Leader),
    Destroyed,
}

impl Cell {
    /// A colony or a leader; destroyed systems are never occupied.
    pub fn is_occupied(&self) -> bool {
        matches!(self, Cell::Colony(_) | Cell::Leader(_))
    }

    pub fn colony(&self) -> Option<&Colony> {
        match self {
            Cell::Colony(c) => Some(c),
            _ => None,
        }
    }

    pub fn leader(&self) -> Option<Leader> {
        match self {
            Cell::Leader(l) => Some(*l),
            _ => None,
        }
    }

    pub fn is_scientist_colony(&self) -> bool {
        self.colony().is_some_and(Colony::is_scientist)
    }
}

/// The grid. Cells are stored row by row from `y = 0`: the system at
/// `(x, y)` is at index `y * width + x` of `terrain` and `cells`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct Board {
    /// Columns.
    pub width: u16,
    /// Rows.
    pub height: u16,
    /// Each system's terrain, `width * height` of them.
    pub terrain: Vec<Terrain>,
    /// What each system holds, `width * height` of them.
    pub cells: Vec<Cell>,
}

impl Board {
    /// An all-empty board of one terrain (fixtures and tests start here).
    pub fn new(width: u16, height: u16, terrain: Terrain) -> Board {
        let n = usize::from(width) * usize::from(height);
        Board {
            width,
            height,
            terrain: vec![terrain; n],
            cells: vec![Cell::Empty; n],
        }
    }

    pub fn index(&self, p: Pos) -> usize {
        usize::from(p.y) * usize::from(self.width) + usize::from(p.x)
    }

    pub fn pos(&self, i: usize) -> Pos {
        let w = usize::from(self.width);
        Pos::new((i % w) as u16, (i / w) as u16)
    }

    /// The board position for signed coordinates, if there is one.
    pub fn at(&self, x: i64, y: i64) -> Option<Pos> {
        let inside =
            (0..i64::from(self.width)).contains(&x) && (0..i64::from(self.height)).contains(&y);
        inside.then(|| Pos::new(x as u16, y as u16))
    }

    pub fn cell(&self, p: Pos) -> &Cell {
        &self.cells[self.index(p)]
    }

    pub fn set(&mut self, p: Pos, cell: Cell) {
        let i = self.index(p);
        self.cells[i] = cell;
    }

    pub fn terrain(&self, p: Pos) -> Terrain {
        self.terrain[self.index(p)]
    }

    pub fn positions(&self) -> impl Iterator<Item = Pos> + '_ {
        (0..self.cells.len()).map(|i| self.pos(i))
    }

    /// Edge neighbours only, no wrap-around (tae spec 2.1).
    pub fn neighbours(&self, p: Pos) -> impl Iterator<Item = Pos> {
        let (w, h) = (self.width, self.height);
        let mut out = [None; 4];
        if p.x > 0 {
            out[0] = Some(Pos::new(p.x - 1, p.y));
        }
        if p.x + 1 < w {
            out[1] = Some(Pos::new(p.x + 1, p.y));
        }
        if p.y > 0 {
            out[2] = Some(Pos::new(p.x, p.y - 1));
        }
        if p.y + 1 < h {
            out[3] = Some(Pos::new(p.x, p.y + 1));
        }
        out.into_iter().flatten()
    }

    /// How many neighbours of `p` hold a scientist colony (artifact
    /// systems included): a leader's support and internal strength.
    pub fn scientist_neighbours(&self, p: Pos) -> usize {
        self.neighbours(p)
            .filter(|&q| self.cell(q).is_scientist_colony())
            .count()
    }

    /// Where a leader stands, or `None` when it is in its owner's hand.
    pub fn leader_pos(&self, leader: Leader) -> Option<Pos> {
        self.cells
            .iter()
            .position(|c| *c == Cell::Leader(leader))
            .map(|i| self.pos(i))
    }

    /// Every leader on the board with its system, in board order.
    pub fn leaders(&self) -> impl Iterator<Item = (Pos, Leader)> + '_ {
        self.cells
            .iter()
            .enumerate()
            .filter_map(|(i, c)| c.leader().map(|l| (self.pos(i), l)))
    }

    /// Artifacts still on the board.
    pub fn artifacts(&self) -> usize {
        self.cells
            .iter()
            .filter(|c| c.colony().is_some_and(|c| c.artifact))
            .count()
    }
}

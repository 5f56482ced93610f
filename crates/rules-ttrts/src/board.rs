//! The game state of ttrts: the board, its walls and its units, in the
//! original's order (spec 1, 2.1). Lookup grids for speed are derived from
//! the lists and rebuilt on demand; the lists stay the source of truth
//! because their order is part of the rules (list order, wall order).

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// A tile `{x, y}`; y grows northwards, `{x: 0, y: 0}` is the south-west
/// corner.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
pub struct Pos {
    /// Column, from 0 (west) to `width - 1`.
    pub x: u16,
    /// Row, from 0 (south) to `height - 1`.
    pub y: u16,
}

impl Pos {
    pub const fn new(x: u16, y: u16) -> Pos {
        Pos { x, y }
    }
}

/// A facing: `N` = (0,+1), `E` = (+1,0), `S` = (0,-1), `W` = (-1,0)
/// (spec 1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
pub enum Dir {
    N,
    E,
    S,
    W,
}

impl Dir {
    /// The glyph the state file shows for a unit facing this way (`vs:`).
    pub fn glyph(self) -> char {
        match self {
            Dir::N => '^',
            Dir::E => '>',
            Dir::S => 'v',
            Dir::W => '<',
        }
    }

    pub fn letter(self) -> char {
        match self {
            Dir::N => 'N',
            Dir::E => 'E',
            Dir::S => 'S',
            Dir::W => 'W',
        }
    }

    pub fn from_letter(c: u8) -> Option<Dir> {
        match c {
            b'N' => Some(Dir::N),
            b'E' => Some(Dir::E),
            b'S' => Some(Dir::S),
            b'W' => Some(Dir::W),
            _ => None,
        }
    }

    /// Counter-clockwise: N→W→S→E→N (order `L`).
    pub fn left(self) -> Dir {
        match self {
            Dir::N => Dir::W,
            Dir::W => Dir::S,
            Dir::S => Dir::E,
            Dir::E => Dir::N,
        }
    }

    /// Clockwise: N→E→S→W→N (order `R`).
    pub fn right(self) -> Dir {
        match self {
            Dir::N => Dir::E,
            Dir::E => Dir::S,
            Dir::S => Dir::W,
            Dir::W => Dir::N,
        }
    }

    /// The tile one step ahead, with the original's unsigned 16-bit
    /// arithmetic: a step off the low edge wraps to 65535 and so fails the
    /// bounds test (spec 1).
    pub fn ahead(self, p: Pos) -> Pos {
        match self {
            Dir::N => Pos::new(p.x, p.y.wrapping_add(1)),
            Dir::E => Pos::new(p.x.wrapping_add(1), p.y),
            Dir::S => Pos::new(p.x, p.y.wrapping_sub(1)),
            Dir::W => Pos::new(p.x.wrapping_sub(1), p.y),
        }
    }
}

/// A unit: there is one unit type, and no hit points (spec 1): one attack
/// on it destroys it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct Unit {
    /// Its id, which orders name (`unit`).
    pub id: u16,
    /// Its player, 0 to 3 (Red, Green, Yellow, Blue); seat `i` of a game
    /// plays `players[i]`.
    pub player: u8,
    /// Where it faces: `F` moves and `A` attacks that way.
    pub dir: Dir,
    /// The tile it stands on.
    pub pos: Pos,
}

/// Players are 0..3; their names in the original (`gametypes.h`).
pub const PLAYER_NAMES: [&str; 4] = ["Red", "Green", "Yellow", "Blue"];

/// The largest board this implementation accepts, in tiles. The original
/// takes any u16 size; a limit keeps the lookup grids bounded (limits are API).
pub const MAX_TILES: usize = 1 << 24;

/// The whole state of a ttrts game. There is no hidden information, so it
/// is also every seat's view.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
pub struct State {
    /// The map's name.
    pub name: String,
    /// The board's width in tiles.
    pub width: u16,
    /// The board's height in tiles.
    pub height: u16,
    /// The current turn, from 0.
    pub turn: u64,
    /// Every wall in insertion order, duplicates included (spec 2.1).
    pub walls: Vec<Pos>,
    /// Living units in list order (spec 6).
    pub units: Vec<Unit>,
    /// Distinct players present when the map was loaded, ascending (spec 3).
    pub players: Vec<u8>,
    /// Lookup grids derived from `walls`; rebuilt when missing.
    #[serde(skip)]
    pub(crate) grid: Option<Grid>,
}

impl State {
    pub fn on_board(&self, p: Pos) -> bool {
        p.x < self.width && p.y < self.height
    }

    /// Tile index for the grids; only for tiles on the board.
    pub(crate) fn index(&self, p: Pos) -> usize {
        p.y as usize * self.width as usize + p.x as usize
    }

    /// True when `p` is in the wall list. Uses the grid when it is built,
    /// otherwise scans the list (views and end checks on a fresh state).
    pub fn is_wall(&self, p: Pos) -> bool {
        match &self.grid {
            Some(g) => g.is_wall(self.index(p)),
            None => self.walls.contains(&p),
        }
    }

    /// The lookup grids, built if missing.
    pub(crate) fn grid_mut(&mut self) -> &mut Grid {
        if self.grid.is_none() {
            let tiles = self.width as usize * self.height as usize;
            let mut g = Grid {
                wall: vec![0; tiles.div_ceil(64)],
                scratch: vec![0; tiles],
            };
            for &w in &self.walls {
                g.set_wall(self.index(w));
            }
            self.grid = Some(g);
        }
        self.grid.as_mut().expect("just built")
    }

    /// The units of `player`, in list order.
    pub fn units_of(&self, player: u8) -> impl Iterator<Item = &Unit> {
        self.units.iter().filter(move |u| u.player == player)
    }

    /// How many seats the game has: players 0 up to the highest present.
    pub fn seat_count(&self) -> usize {
        self.players.iter().max().map_or(0, |&p| p as usize + 1)
    }
}

/// Per-tile lookups, kept small so a 200x200 board's fit in the cache.
#[derive(Debug, Clone)]
pub(crate) struct Grid {
    /// One bit per tile: a wall.
    pub wall: Vec<u64>,
    /// Scratch space, all zero between phases. Phase 1: how many units
    /// intend to be on each tile. Phase 3: 1 + the first unit (index into
    /// the unit list) on each tile, 0 for none; the others are chained
    /// through a per-turn `next` array. Units are at most 65535 (their ids
    /// are u16 and 65535 is not an id), so u16 holds both.
    pub scratch: Vec<u16>,
}

impl Grid {
    pub fn is_wall(&self, tile: usize) -> bool {
        self.wall[tile / 64] >> (tile % 64) & 1 == 1
    }

    pub fn set_wall(&mut self, tile: usize) {
        self.wall[tile / 64] |= 1 << (tile % 64);
    }
}

//! The board (tactics spec §1): the 109 tiles of the cut-corner 11 × 11
//! grid, directions as the engine spells them, the direction from one tile
//! to another, tile ranges in the engine's order, and line of sight on the
//! isometric picture.
//!
//! Directions are not just the four compass points: the engine builds them
//! as strings (`"WN"`, `"NSEW"`, …), compares them by substring and rotates
//! strings it does not know as if they stood at index −1 of the compass.
//! [`Dir`] has a variant for every string the rules can produce, so those
//! quirks are reproduced exactly rather than approximated.

use std::borrow::Cow;
use std::fmt;

use schemars::{json_schema, JsonSchema, Schema, SchemaGenerator};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// The side of the square grid; tiles are `[0..SIZE, 0..SIZE]` minus corners.
pub const SIZE: i32 = 11;

/// A tile `[x, y]`: `x` is the column, `y` the row (growing southward).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Tile {
    pub x: i32,
    pub y: i32,
}

impl Tile {
    pub const fn new(x: i32, y: i32) -> Tile {
        Tile { x, y }
    }

    /// The tile `[x, y]` when it is on the board (spec §1.1).
    pub fn at(x: i32, y: i32) -> Option<Tile> {
        exists(x, y).then_some(Tile { x, y })
    }

    /// An index 0..121 for per-tile tables (valid for tiles on the board).
    pub fn index(self) -> usize {
        (self.y * SIZE + self.x) as usize
    }

    /// Manhattan distance (spec §1.2).
    pub fn distance(self, other: Tile) -> i32 {
        (self.x - other.x).abs() + (self.y - other.y).abs()
    }

    /// The neighbour in a compass direction (`N`, `E`, `S`, `W`), if on the board.
    pub fn step(self, d: Dir) -> Option<Tile> {
        let (dx, dy) = match d {
            Dir::N => (0, -1),
            Dir::S => (0, 1),
            Dir::E => (1, 0),
            Dir::W => (-1, 0),
            _ => return None,
        };
        Tile::at(self.x + dx, self.y + dy)
    }

    /// The tile turned by `degrees` (0, 90, 180, 270) about the centre, as the
    /// engine places a team's set (spec §2.2 step 4).
    pub fn rotated(self, degrees: u32) -> Tile {
        let Tile { x, y } = self;
        match degrees % 360 {
            90 => Tile::new(10 - y, x),
            180 => Tile::new(10 - x, 10 - y),
            270 => Tile::new(y, 10 - x),
            _ => self,
        }
    }
}

impl fmt::Display for Tile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "[{}, {}]", self.x, self.y)
    }
}

impl Serialize for Tile {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        [self.x, self.y].serialize(s)
    }
}

impl<'de> Deserialize<'de> for Tile {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Tile, D::Error> {
        let [x, y] = <[i32; 2]>::deserialize(d)?;
        Ok(Tile { x, y })
    }
}

/// Written by hand as the (de)serialisers above are: a pair `[x, y]`.
impl JsonSchema for Tile {
    fn schema_name() -> Cow<'static, str> {
        "Tile".into()
    }

    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        json_schema!({
            "description": "A tile `[x, y]`: `x` the column (0 west to 10 east), `y` the row (0 north to 10 south); the 11 × 11 board lacks its corners (109 tiles).",
            "type": "array",
            "prefixItems": [{"type": "integer"}, {"type": "integer"}],
            "items": false,
            "minItems": 2,
        })
    }
}

/// Whether `[x, y]` is one of the 109 tiles (spec §1.1).
pub fn exists(x: i32, y: i32) -> bool {
    match x {
        0 | 10 => (2..=8).contains(&y),
        1 | 9 => (1..=9).contains(&y),
        2..=8 => (0..=10).contains(&y),
        _ => false,
    }
}

/// Every tile, row by row from north to south, west to east.
pub fn all_tiles() -> impl Iterator<Item = Tile> {
    (0..SIZE).flat_map(|y| (0..SIZE).filter_map(move |x| Tile::at(x, y)))
}

/// A direction string as the engine makes them. The first eight are the
/// compass circle in its order (spec §1.2); `WN`, `WS`, `EN`, `ES` come from
/// `dir` when `|dx| > |dy| > 0`; `NSEW` is the direction from a tile to itself.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Dir {
    N,
    NE,
    E,
    SE,
    S,
    SW,
    W,
    NW,
    WN,
    WS,
    EN,
    ES,
    NSEW,
}

/// The compass circle, index 0..7 (spec §1.2).
const CIRCLE: [Dir; 8] = [
    Dir::N,
    Dir::NE,
    Dir::E,
    Dir::SE,
    Dir::S,
    Dir::SW,
    Dir::W,
    Dir::NW,
];

/// The four directions units normally face, in the order N, E, S, W.
pub const FACINGS: [Dir; 4] = [Dir::N, Dir::E, Dir::S, Dir::W];

impl Dir {
    pub fn as_str(self) -> &'static str {
        match self {
            Dir::N => "N",
            Dir::NE => "NE",
            Dir::E => "E",
            Dir::SE => "SE",
            Dir::S => "S",
            Dir::SW => "SW",
            Dir::W => "W",
            Dir::NW => "NW",
            Dir::WN => "WN",
            Dir::WS => "WS",
            Dir::EN => "EN",
            Dir::ES => "ES",
            Dir::NSEW => "NSEW",
        }
    }

    /// The direction a string names, if it is one the rules can produce.
    pub fn parse(s: &str) -> Option<Dir> {
        Some(match s {
            "N" => Dir::N,
            "NE" => Dir::NE,
            "E" => Dir::E,
            "SE" => Dir::SE,
            "S" => Dir::S,
            "SW" => Dir::SW,
            "W" => Dir::W,
            "NW" => Dir::NW,
            "WN" => Dir::WN,
            "WS" => Dir::WS,
            "EN" => Dir::EN,
            "ES" => Dir::ES,
            "NSEW" => Dir::NSEW,
            _ => return None,
        })
    }

    /// One of the four facings `N`, `E`, `S`, `W`.
    pub fn is_cardinal(self) -> bool {
        matches!(self, Dir::N | Dir::E | Dir::S | Dir::W)
    }

    /// Index on the compass circle, −1 for strings not on it (spec §1.2).
    fn circle_index(self) -> i32 {
        CIRCLE
            .iter()
            .position(|d| *d == self)
            .map_or(-1, |i| i as i32)
    }

    /// Rotated by `degrees` (a multiple of 45, may be negative), the engine's
    /// way: a string off the circle counts as index −1 (spec §1.2).
    pub fn rotate(self, degrees: i32) -> Dir {
        let mut i = self.circle_index() + degrees / 45;
        if i > 7 {
            i -= 8;
        }
        if i < 0 {
            i += 8;
        }
        CIRCLE[i as usize]
    }

    /// Whether `part`'s string occurs in this one's (the engine's `includes`).
    pub fn contains(self, part: Dir) -> bool {
        self.as_str().contains(part.as_str())
    }

    /// As written in actions and results: rotated by 0°, so any string off the
    /// compass circle is written `NW` (spec §11.3, D5).
    pub fn in_action(self) -> Dir {
        self.rotate(0)
    }
}

impl fmt::Display for Dir {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl Serialize for Dir {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.as_str())
    }
}

impl<'de> Deserialize<'de> for Dir {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Dir, D::Error> {
        let s = String::deserialize(d)?;
        Dir::parse(&s).ok_or_else(|| {
            serde::de::Error::custom(format!("`{s}` is not a direction; use N, E, S or W"))
        })
    }
}

/// Every string [`Dir::parse`] reads (and so every one written).
impl JsonSchema for Dir {
    fn schema_name() -> Cow<'static, str> {
        "Dir".into()
    }

    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        json_schema!({
            "description": "A direction as the engine spells it: a facing is `N`, `E`, `S` or `W` (north is row 0); the others appear in recorded actions (spec §1.2).",
            "enum": ["N", "NE", "E", "SE", "S", "SW", "W", "NW", "WN", "WS", "EN", "ES", "NSEW"],
        })
    }
}

/// How `dir` reduces its answer (spec §1.3).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Reduce {
    /// Two letters off the axes.
    None,
    /// One letter off the diagonals; a true diagonal keeps two.
    Strongest,
    /// Always one letter, ties broken toward this facing, then its right, then its left.
    Facing(Dir),
}

/// The direction from `a` toward `b` (spec §1.3).
pub fn dir(a: Tile, b: Tile, reduce: Reduce) -> Dir {
    let dx = a.x - b.x;
    let dy = a.y - b.y;
    let west = dx > 0;
    let north = dy > 0;
    let x_letter = if west { Dir::W } else { Dir::E };
    let y_letter = if north { Dir::N } else { Dir::S };
    let y_then_x = match (north, west) {
        (true, true) => Dir::NW,
        (true, false) => Dir::NE,
        (false, true) => Dir::SW,
        (false, false) => Dir::SE,
    };
    if dx.abs() > dy.abs() {
        if dy == 0 || reduce != Reduce::None {
            x_letter
        } else {
            match (west, north) {
                (true, true) => Dir::WN,
                (true, false) => Dir::WS,
                (false, true) => Dir::EN,
                (false, false) => Dir::ES,
            }
        }
    } else if dy.abs() > dx.abs() {
        if dx == 0 || reduce != Reduce::None {
            y_letter
        } else {
            y_then_x
        }
    } else {
        let answer = if dx == 0 { Dir::NSEW } else { y_then_x };
        match reduce {
            Reduce::Facing(f) => [f, f.rotate(90), f.rotate(-90)]
                .into_iter()
                .find(|d| answer.contains(*d))
                .unwrap_or(answer),
            _ => answer,
        }
    }
}

/// `range(t, lo, hi)`: tiles at distance `lo..=hi` from `t`, row by row from
/// north to south and west to east within a row (spec §1.5).
pub fn range(t: Tile, lo: i32, hi: i32) -> impl Iterator<Item = Tile> {
    (t.y - hi..=t.y + hi).flat_map(move |y| {
        (t.x - hi..=t.x + hi).filter_map(move |x| {
            let d = (x - t.x).abs() + (y - t.y).abs();
            if d < lo || d > hi {
                None
            } else {
                Tile::at(x, y)
            }
        })
    })
}

/// `lines(t, r)`: for step 1..=r, the next tile north, south, east and west of
/// `t`, each line stopping for good at the board's edge (spec §1.5).
pub fn lines(t: Tile, r: i32) -> Vec<Tile> {
    let mut out = Vec::with_capacity(4 * r as usize);
    let mut open = [true; 4];
    for step in 1..=r {
        for (k, (dx, dy)) in [(0, -1), (0, 1), (1, 0), (-1, 0)].into_iter().enumerate() {
            if !open[k] {
                continue;
            }
            match Tile::at(t.x + dx * step, t.y + dy * step) {
                Some(tile) => out.push(tile),
                None => open[k] = false,
            }
        }
    }
    out
}

/// The corners of a tile's hit octagon, relative to its screen point (spec §1.4).
const OCTAGON: [(i64, i64); 8] = [
    (43, 12),
    (46, 12),
    (70, 26),
    (70, 29),
    (46, 44),
    (43, 44),
    (18, 29),
    (18, 26),
];

/// The screen point of a tile on the isometric picture (spec §1.4).
fn screen(t: Tile) -> (i64, i64) {
    (44 * i64::from(t.x + t.y), 28 * i64::from(t.y - t.x))
}

/// `0 < num / det < 1`, without dividing.
fn strictly_inside(num: i64, det: i64) -> bool {
    if det > 0 {
        num > 0 && num < det
    } else {
        num < 0 && num > det
    }
}

/// Whether the segment between the centres of `from` and `to` properly
/// crosses an edge of `k`'s hit octagon (spec §6.3), in exact integers.
pub fn crosses(from: Tile, to: Tile, k: Tile) -> bool {
    let (px, py) = screen(k);
    let (sx, sy) = screen(from);
    let (tx, ty) = screen(to);
    let (x1, y1) = (sx + 44 - px, sy + 28 - py);
    let (x2, y2) = (tx + 44 - px, ty + 28 - py);
    (0..8).any(|i| {
        let (x3, y3) = OCTAGON[i];
        let (x4, y4) = OCTAGON[(i + 1) % 8];
        let det = (x2 - x1) * (y4 - y3) - (x4 - x3) * (y2 - y1);
        if det == 0 {
            return false;
        }
        let lambda = (y4 - y3) * (x4 - x1) + (x3 - x4) * (y4 - y1);
        let gamma = (y1 - y2) * (x4 - x1) + (x2 - x1) * (y4 - y1);
        strictly_inside(lambda, det) && strictly_inside(gamma, det)
    })
}

/// The tiles the line of sight from `from` to `to` crosses, in the engine's
/// candidate order: by column from `from.x` to `to.x`, then by row from
/// `from.y` to `to.y` (spec §6.3). `from` itself is never listed.
pub fn sight_line(from: Tile, to: Tile) -> impl Iterator<Item = Tile> {
    let step = |a: i32, b: i32| if b >= a { 1 } else { -1 };
    let (sx, sy) = (step(from.x, to.x), step(from.y, to.y));
    let xs = (0..=(to.x - from.x).abs()).map(move |i| from.x + i * sx);
    xs.flat_map(move |x| {
        (0..=(to.y - from.y).abs()).filter_map(move |j| {
            let y = from.y + j * sy;
            let t = Tile::at(x, y)?;
            (t != from && crosses(from, to, t)).then_some(t)
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The hand-written schema lists exactly the strings the reader takes
    /// (and so every one the writer gives).
    #[test]
    fn the_dir_schema_lists_what_parse_reads() {
        let schema = schemars::schema_for!(Dir).to_value();
        let listed = schema["enum"].as_array().unwrap();
        for s in listed {
            let d = Dir::parse(s.as_str().unwrap()).unwrap();
            assert_eq!(s.as_str(), Some(d.as_str()));
        }
        for d in CIRCLE
            .into_iter()
            .chain([Dir::WN, Dir::WS, Dir::EN, Dir::ES, Dir::NSEW])
        {
            assert!(listed.contains(&serde_json::Value::from(d.as_str())), "{d}");
        }
        assert_eq!(listed.len(), 13);
        let tile = schemars::schema_for!(Tile).to_value();
        let v = serde_json::to_value(Tile::new(3, 4)).unwrap();
        assert_eq!(v, serde_json::json!([3, 4]));
        assert_eq!(tile["minItems"], 2);
        assert_eq!(tile["items"], false);
    }

    #[test]
    fn there_are_109_tiles() {
        assert_eq!(all_tiles().count(), 109);
        assert!(exists(5, 5) && !exists(0, 1) && !exists(1, 0) && exists(1, 1));
    }

    #[test]
    fn rotation_wraps_and_off_circle_strings_count_as_minus_one() {
        assert_eq!(Dir::S.rotate(180), Dir::N);
        assert_eq!(Dir::N.rotate(90), Dir::E);
        assert_eq!(Dir::N.rotate(-90), Dir::W);
        assert_eq!(Dir::WS.rotate(0), Dir::NW);
        assert_eq!(Dir::EN.rotate(180), Dir::SE);
        assert_eq!(Dir::NSEW.rotate(-90), Dir::SW);
    }

    #[test]
    fn dir_examples_of_the_spec() {
        let t = Tile::new;
        assert_eq!(dir(t(5, 5), t(6, 4), Reduce::Facing(Dir::S)), Dir::E);
        assert_eq!(dir(t(1, 6), t(2, 1), Reduce::Strongest), Dir::N);
        assert_eq!(dir(t(1, 3), t(3, 2), Reduce::None), Dir::EN);
        assert_eq!(dir(t(9, 2), t(7, 3), Reduce::None), Dir::WS);
        assert_eq!(dir(t(5, 5), t(6, 4), Reduce::Strongest), Dir::NE);
        assert_eq!(dir(t(5, 5), t(5, 5), Reduce::None), Dir::NSEW);
        assert_eq!(dir(t(5, 5), t(5, 5), Reduce::Facing(Dir::W)), Dir::W);
    }

    #[test]
    fn range_order_is_rows_then_columns() {
        let r: Vec<Tile> = range(Tile::new(1, 5), 0, 1).collect();
        assert_eq!(
            r,
            vec![
                Tile::new(1, 4),
                Tile::new(0, 5),
                Tile::new(1, 5),
                Tile::new(2, 5),
                Tile::new(1, 6)
            ]
        );
    }

    #[test]
    fn lines_stop_at_the_edge() {
        let l = lines(Tile::new(1, 2), 2);
        assert_eq!(
            l,
            vec![
                Tile::new(1, 1),
                Tile::new(1, 3),
                Tile::new(2, 2),
                Tile::new(0, 2),
                Tile::new(1, 4),
                Tile::new(3, 2)
            ]
        );
    }

    /// Spec §14.1: from [1,6] to [2,1] only [1,5], [2,2] and [2,1] are on the line.
    #[test]
    fn the_long_shot_of_the_classic_sample() {
        let on: Vec<Tile> = sight_line(Tile::new(1, 6), Tile::new(2, 1)).collect();
        assert_eq!(on, vec![Tile::new(1, 5), Tile::new(2, 2), Tile::new(2, 1)]);
    }
}

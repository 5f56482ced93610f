//! Geometry of spec §7.2: course vectors, ranges and arcs, exact where the
//! spec demands exactness.
//!
//! Positions are hundredths of an MU in `i64`. Range bands and arcs are
//! decided on integers (or on the exact course table), never on `sin`.

use crate::ft2::values::Arc;

/// h = √3/2, as the spec writes it.
pub const H: f64 = 0.8660254037844386;

/// The direction vector (dx, dy) of a course 1–12 (course 12 is +y, 3 is
/// +x). The exact table of spec §7.2; any other input wraps onto 1–12.
pub fn course_vector(course: u8) -> (f64, f64) {
    match course % 12 {
        0 => (0.0, 1.0),
        1 => (0.5, H),
        2 => (H, 0.5),
        3 => (1.0, 0.0),
        4 => (H, -0.5),
        5 => (0.5, -H),
        6 => (0.0, -1.0),
        7 => (-0.5, -H),
        8 => (-H, -0.5),
        9 => (-1.0, 0.0),
        10 => (-H, 0.5),
        _ => (-0.5, H),
    }
}

/// A course after `steps` clockwise steps (negative = port), wrapping 12 ↔ 1.
pub fn turn(course: u8, steps: i64) -> u8 {
    let c = (i64::from(course) - 1 + steps).rem_euclid(12) + 1;
    c as u8
}

/// A position on the map in hundredths of an MU.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, Default, serde::Serialize, serde::Deserialize,
)]
pub struct Position {
    pub x: i64,
    pub y: i64,
}

impl Position {
    pub const fn new(x: i64, y: i64) -> Position {
        Position { x, y }
    }

    /// Squared distance in hundredths², exact.
    pub fn distance_sq(self, other: Position) -> i128 {
        let dx = i128::from(other.x - self.x);
        let dy = i128::from(other.y - self.y);
        dx * dx + dy * dy
    }
}

/// Range band of spec §7.4: 1 for range ≤ 12, 2 for ≤ 24, 3 for ≤ 36,
/// `None` beyond. Exact: compares squared hundredths with 1200² etc.
pub fn range_band(from: Position, to: Position) -> Option<u8> {
    let d = from.distance_sq(to);
    (1u8..=3).find(|&band| d <= (1200 * i128::from(band)).pow(2))
}

/// The arc of `to` as seen from `from` facing `course` (spec §7.2):
/// fore if f ≥ |r|, aft if −f ≥ |r|, else starboard if r > 0, else port.
pub fn arc_of(from: Position, course: u8, to: Position) -> Arc {
    let dx = (to.x - from.x) as f64;
    let dy = (to.y - from.y) as f64;
    let (sx, sy) = course_vector(course);
    let f = dx * sx + dy * sy;
    let r = dx * sy - dy * sx;
    if f >= r.abs() {
        Arc::F
    } else if -f >= r.abs() {
        Arc::A
    } else if r > 0.0 {
        Arc::S
    } else {
        Arc::P
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(x: i64, y: i64) -> Position {
        Position::new(x, y)
    }

    #[test]
    fn turns_wrap_both_ways() {
        assert_eq!(turn(12, 1), 1);
        assert_eq!(turn(1, -1), 12);
        assert_eq!(turn(3, 2), 5);
        assert_eq!(turn(11, 3), 2);
    }

    /// Spec §8 example 7: band edges go to the shorter band, exactly.
    #[test]
    fn example_7_range_bands() {
        let o = p(0, 0);
        for (target, band) in [
            (p(0, 1200), Some(1)),
            (p(720, 960), Some(1)),
            (p(0, 1201), Some(2)),
            (p(0, 2400), Some(2)),
            (p(0, 2401), Some(3)),
            (p(0, 3600), Some(3)),
            (p(0, 3601), None),
        ] {
            assert_eq!(range_band(o, target), band, "{target:?}");
        }
    }

    /// Spec §8 example 9: arcs from course 3, boundaries to fore and aft.
    #[test]
    fn example_9_arcs() {
        let o = p(0, 0);
        for (target, arc) in [
            (p(10, 0), Arc::F),
            (p(10, 10), Arc::F),
            (p(10, -10), Arc::F),
            (p(0, 10), Arc::P),
            (p(0, -10), Arc::S),
            (p(-10, 10), Arc::A),
            (p(-10, 0), Arc::A),
            (p(0, 0), Arc::F),
        ] {
            assert_eq!(arc_of(o, 3, target), arc, "{target:?}");
        }
    }
}

//! The area's geometry (spec §3.1–§3.3): which cells exist, directions,
//! distance, and the cell orders that loops which may draw must follow.
//!
//! Everything here is pure arithmetic on the area's size; the spiral searches
//! of §4.3, which draw, are in `search.rs`.

use serde::{Deserialize, Serialize};

/// dx of the six directions NE, E, SE, SW, W, NW (spec §3.2).
pub const DX: [i32; 6] = [0, 1, 1, 0, -1, -1];
/// dy of the six directions.
pub const DY: [i32; 6] = [1, 0, -1, -1, 0, 1];

pub const NE: usize = 0;
pub const E: usize = 1;
pub const SE: usize = 2;
pub const SW: usize = 3;
pub const W: usize = 4;
pub const NW: usize = 5;

pub fn left(d: usize) -> usize {
    (d + 5) % 6
}

pub fn right(d: usize) -> usize {
    (d + 1) % 6
}

pub fn opposite(d: usize) -> usize {
    (d + 3) % 6
}

/// Sets a border or connection bit (§3.4) on both cells of the edge from
/// (x, y) in direction d; nothing when the neighbour is outside the area.
pub fn set_edge(layer: &mut [u8], area: &Area, x: i32, y: i32, d: usize) {
    if let Some((nx, ny)) = area.point_in_dir(x, y, d) {
        layer[area.index(x, y)] |= 1 << d;
        layer[area.index(nx, ny)] |= 1 << opposite(d);
    }
}

/// The area's shape.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Area {
    pub width: i32,
    pub height: i32,
    /// The world's circumference; the area wraps east–west when it equals
    /// the width.
    pub circumference: i32,
}

impl Area {
    pub fn wraps(&self) -> bool {
        self.circumference == self.width
    }

    pub fn cells(&self) -> usize {
        (self.width * self.height) as usize
    }

    /// The index of a cell (x already wrapped into 0..width).
    pub fn index(&self, x: i32, y: i32) -> usize {
        (y * self.width + x) as usize
    }

    pub fn wrapx(&self, x: i32) -> i32 {
        if self.wraps() {
            x.rem_euclid(self.width)
        } else {
            x
        }
    }

    /// `x_in_area` (the x part of `in_area`).
    pub fn x_in_area(&self, x: i32, y: i32) -> bool {
        if self.wraps() {
            return true;
        }
        let h2 = self.height / 2;
        (0..self.width).contains(&x) && x + y >= h2 && x + y <= self.width + h2 - 1
    }

    /// `in_area` (spec §3.1).
    pub fn in_area(&self, x: i32, y: i32) -> bool {
        (0..self.height).contains(&y) && self.x_in_area(x, y)
    }

    /// `inside_area`: in the area and not on its edge (spec §3.1).
    pub fn inside_area(&self, x: i32, y: i32) -> bool {
        if y < 1 || y > self.height - 2 {
            return false;
        }
        if self.wraps() {
            return true;
        }
        let h2 = self.height / 2;
        x >= 1 && x <= self.width - 2 && x + y >= h2 + 1 && x + y <= self.width + h2 - 2
    }

    /// `distance` (spec §3.2).
    pub fn distance(&self, x1: i32, y1: i32, x2: i32, y2: i32) -> i32 {
        let mut dx = x2 - x1;
        let dy = y2 - y1;
        if self.wraps() {
            dx = dx.rem_euclid(self.width);
            if dx >= (self.width + 1) / 2 {
                dx -= self.width;
            }
        }
        if dx >= 0 {
            if dy >= 0 {
                dx + dy
            } else if -dy <= dx {
                dx
            } else {
                -dy
            }
        } else if dy <= 0 {
            -(dx + dy)
        } else if dy <= -dx {
            -dx
        } else {
            dy
        }
    }

    /// `point_in_dir`: the neighbour in direction d, if it is in the area.
    pub fn point_in_dir(&self, x: i32, y: i32, d: usize) -> Option<(i32, i32)> {
        let (nx, ny) = (self.wrapx(x + DX[d]), y + DY[d]);
        self.in_area(nx, ny).then_some((nx, ny))
    }

    /// `interior_point_in_dir`: the neighbour, if it is inside the area.
    pub fn interior_point_in_dir(&self, x: i32, y: i32, d: usize) -> Option<(i32, i32)> {
        let (nx, ny) = (self.wrapx(x + DX[d]), y + DY[d]);
        self.inside_area(nx, ny).then_some((nx, ny))
    }

    /// The x difference from x1 to x2, the short way round on a wrapping area.
    fn delta_x(&self, x1: i32, x2: i32) -> i32 {
        let mut dx = x2 - x1;
        if self.wraps() {
            dx = dx.rem_euclid(self.width);
            if dx > self.width / 2 {
                dx -= self.width;
            }
        }
        dx
    }

    /// `closest_dir` from one cell to an adjacent one: the direction whose
    /// step is the difference, or None.
    pub fn dir_to(&self, x1: i32, y1: i32, x2: i32, y2: i32) -> Option<usize> {
        let (dx, dy) = (self.delta_x(x1, x2), y2 - y1);
        (0..6).find(|&d| DX[d] == dx && DY[d] == dy)
    }

    /// `approx_dir` from one cell toward another (spec §3.2; retreat only).
    pub fn approx_dir(&self, x1: i32, y1: i32, x2: i32, y2: i32) -> Option<usize> {
        let (dx, dy) = (self.delta_x(x1, x2), y2 - y1);
        Some(if dx == 0 {
            match dy {
                0 => return None,
                d if d > 0 => NE,
                _ => SW,
            }
        } else if dx > 0 {
            if dy == 0 {
                E
            } else if dy == -dx {
                SE
            } else if dy > dx {
                NE
            } else if -dy <= dx / 2 {
                E
            } else if -dy < 2 * dx {
                SE
            } else {
                SW
            }
        } else if dy == 0 {
            W
        } else if dy == -dx {
            NW
        } else if dy > 2 * (-dx) {
            NE
        } else if dy >= (-dx) / 2 {
            NW
        } else if dy > dx {
            W
        } else {
            SW
        })
    }

    /// Every cell in the all-cells order of spec §3.3 (x outer, y inner).
    pub fn all_cells(&self) -> impl Iterator<Item = (i32, i32)> + '_ {
        (0..self.width).flat_map(move |x| {
            (0..self.height)
                .filter(move |&y| self.x_in_area(x, y))
                .map(move |y| (x, y))
        })
    }

    /// The cells a viewer at (x0, y0) with range r covers (§11.3): rows
    /// clipped to the area's height, cells in the area.
    pub fn cover_disc(&self, x0: i32, y0: i32, r: i32) -> Vec<(i32, i32)> {
        let mut out = Vec::new();
        for y in (y0 - r).max(0)..=(y0 + r).min(self.height - 1) {
            let lo = x0 - if y < y0 { y - (y0 - r) } else { r };
            let hi = x0 + if y > y0 { (y0 + r) - y } else { r };
            for x in lo..=hi {
                let wx = self.wrapx(x);
                if self.in_area(wx, y) {
                    out.push((wx, y));
                }
            }
        }
        out
    }

    /// The hex disc of radius r around (x0, y0) in `apply_to_area` order
    /// (spec §3.3): rows skip the top and bottom rows of the area.
    pub fn disc(&self, x0: i32, y0: i32, r: i32) -> Vec<(i32, i32)> {
        let r = r.min(self.width.max(self.height));
        let mut out = Vec::new();
        for y in (y0 - r)..=(y0 + r) {
            if y < 1 || y > self.height - 2 {
                continue;
            }
            let lo = x0 - if y < y0 { y - (y0 - r) } else { r };
            let hi = x0 + if y > y0 { (y0 + r) - y } else { r };
            for x in lo..=hi {
                let wx = self.wrapx(x);
                if self.in_area(wx, y) {
                    out.push((wx, y));
                }
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const INTRO: Area = Area {
        width: 40,
        height: 20,
        circumference: 120,
    };

    #[test]
    fn the_intro_area_is_a_hexagon() {
        assert!(INTRO.in_area(10, 0));
        assert!(!INTRO.in_area(9, 0), "x + y < halfheight");
        assert!(INTRO.in_area(39, 0));
        assert!(INTRO.in_area(39, 10));
        assert!(!INTRO.in_area(39, 11), "x + y > width + halfheight - 1");
        assert!(!INTRO.inside_area(10, 0));
        assert!(INTRO.inside_area(12, 10));
        assert!(!INTRO.inside_area(1, 9), "on the slanted edge");
        assert!(INTRO.all_cells().all(|(x, y)| INTRO.in_area(x, y)));
    }

    #[test]
    fn distance_follows_the_six_sectors() {
        assert_eq!(INTRO.distance(5, 5, 7, 6), 3);
        assert_eq!(INTRO.distance(5, 5, 7, 3), 2);
        assert_eq!(INTRO.distance(5, 5, 6, 2), 3);
        assert_eq!(INTRO.distance(5, 5, 3, 4), 3);
        assert_eq!(INTRO.distance(5, 5, 3, 7), 2);
        assert_eq!(INTRO.distance(5, 5, 4, 9), 4);
        for d in 0..6 {
            assert_eq!(INTRO.distance(5, 5, 5 + DX[d], 5 + DY[d]), 1);
            assert_eq!(INTRO.dir_to(5, 5, 5 + DX[d], 5 + DY[d]), Some(d));
        }
    }

    #[test]
    fn the_disc_walks_rows_upward() {
        let d = INTRO.disc(12, 10, 1);
        assert_eq!(
            d,
            vec![
                (12, 9),
                (13, 9),
                (11, 10),
                (12, 10),
                (13, 10),
                (11, 11),
                (12, 11)
            ]
        );
    }
}

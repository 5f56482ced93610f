//! The maps this project ships (spec 2.4), built by code rather than stored:
//! the five classic maps laid out as the original generator lays them
//! (including its quirks: ids from 0 only on the first map, and the unit
//! Medium4Player loses to an occupied tile), and two large maps for
//! benchmarks. `maps/ttrts/` holds their files, written by
//! `orderly ttrts maps --out maps/ttrts` and checked against this code by a test.

use engine::GameRng;

use crate::board::{Dir, Pos, State, Unit};

/// Names of the bundled maps.
pub const MAP_NAMES: [&str; 7] = [
    "Tiny2Player",
    "Big2Player",
    "Chess",
    "Medium4Player",
    "Medium3Player",
    "Skirmish50",
    "Battle200",
];

/// Builds maps the way the original generator does: units get ids from a
/// running counter, and a unit placed on an occupied tile is dropped but
/// still uses up its id.
struct Builder {
    state: State,
    next_id: u16,
}

impl Builder {
    fn new(name: &str, width: u16, height: u16, first_id: u16) -> Builder {
        Builder {
            state: State {
                name: name.into(),
                width,
                height,
                turn: 0,
                walls: vec![],
                units: vec![],
                players: vec![],
                grid: None,
            },
            next_id: first_id,
        }
    }

    fn unit(&mut self, player: u8, dir: Dir, x: u16, y: u16) {
        let id = self.next_id;
        self.next_id += 1;
        let pos = Pos::new(x, y);
        if self.state.units.iter().all(|u| u.pos != pos) {
            self.state.units.push(Unit {
                id,
                player,
                dir,
                pos,
            });
        }
    }

    fn wall(&mut self, x: u16, y: u16) {
        self.state.walls.push(Pos::new(x, y));
    }

    fn finish(mut self) -> State {
        let mut players: Vec<u8> = self.state.units.iter().map(|u| u.player).collect();
        players.sort_unstable();
        players.dedup();
        self.state.players = players;
        self.state
    }
}

/// A bundled map by name (case-insensitive).
pub fn bundled(name: &str) -> Option<State> {
    let name = MAP_NAMES.iter().find(|n| n.eq_ignore_ascii_case(name))?;
    Some(match *name {
        "Tiny2Player" => {
            let mut b = Builder::new("Tiny2Player", 6, 6, 0);
            b.unit(0, Dir::W, 4, 2);
            b.unit(0, Dir::W, 4, 4);
            b.unit(1, Dir::E, 1, 1);
            b.unit(1, Dir::E, 1, 3);
            b.wall(3, 2);
            b.wall(3, 3);
            b.finish()
        }
        "Big2Player" => {
            let mut b = Builder::new("Big2Player", 20, 12, 1);
            for y in [2, 4, 6, 8, 10] {
                b.unit(0, Dir::W, 18, y);
            }
            for y in [1, 3, 5, 7, 9] {
                b.unit(1, Dir::E, 1, y);
            }
            b.finish()
        }
        "Chess" => {
            let mut b = Builder::new("Chess", 8, 8, 1);
            for y in [1, 3, 5, 7] {
                b.unit(0, Dir::W, 6, y);
                b.unit(0, Dir::W, 7, y);
            }
            for y in [0, 2, 4, 6] {
                b.unit(1, Dir::E, 0, y);
                b.unit(1, Dir::E, 1, y);
            }
            b.finish()
        }
        "Medium4Player" => {
            let mut b = Builder::new("Medium4Player", 10, 10, 1);
            for i in 0..4 {
                b.unit(0, Dir::E, 2, 2 + i);
                b.unit(3, Dir::W, 7, 2 + i);
            }
            for i in 0..4 {
                b.unit(2, Dir::N, 2 + i, 7);
                // The first of these lands on Red's unit at [2,2] and is dropped.
                b.unit(1, Dir::S, 2 + i, 2);
            }
            for (x, y) in [
                (3, 3),
                (3, 6),
                (6, 3),
                (6, 6),
                (4, 4),
                (4, 5),
                (5, 4),
                (5, 5),
            ] {
                b.wall(x, y);
            }
            b.finish()
        }
        "Medium3Player" => {
            let mut b = Builder::new("Medium3Player", 10, 10, 1);
            b.unit(0, Dir::W, 8, 1);
            b.unit(0, Dir::W, 8, 2);
            b.unit(1, Dir::E, 1, 4);
            b.unit(1, Dir::E, 1, 5);
            b.unit(2, Dir::W, 8, 7);
            b.unit(2, Dir::W, 8, 8);
            b.finish()
        }
        "Skirmish50" => skirmish(),
        "Battle200" => battle(),
        _ => unreachable!("every name in MAP_NAMES has a layout"),
    })
}

/// 50x50, four players with ten units each in their corners, facing the
/// middle, and scattered walls.
fn skirmish() -> State {
    let mut rng = GameRng::from_seed(50);
    let mut b = Builder::new("Skirmish50", 50, 50, 1);
    let corners = [
        (0u16, 0u16, Dir::E),
        (40, 0, Dir::N),
        (40, 40, Dir::W),
        (0, 40, Dir::S),
    ];
    for (player, &(x0, y0, dir)) in corners.iter().enumerate() {
        for k in 0..10u16 {
            b.unit(
                player as u8,
                dir,
                x0 + 1 + 2 * (k % 5),
                y0 + 2 + 3 * (k / 5),
            );
        }
    }
    scatter_walls(&mut b, &mut rng, 60);
    b.finish()
}

/// 200x200, two armies of 200 units facing each other across the board,
/// and scattered walls.
fn battle() -> State {
    let mut rng = GameRng::from_seed(200);
    let mut b = Builder::new("Battle200", 200, 200, 1);
    for k in 0..200u16 {
        b.unit(0, Dir::E, 5 + 3 * (k / 50), 2 + 4 * (k % 50));
        b.unit(1, Dir::W, 194 - 3 * (k / 50), 1 + 4 * (k % 50));
    }
    scatter_walls(&mut b, &mut rng, 800);
    b.finish()
}

/// Puts `count` walls on random free tiles, away from the units.
fn scatter_walls(b: &mut Builder, rng: &mut GameRng, count: usize) {
    let (w, h) = (u32::from(b.state.width), u32::from(b.state.height));
    let mut placed = 0;
    while placed < count {
        let p = Pos::new(rng.below(w) as u16, rng.below(h) as u16);
        let near_unit = b
            .state
            .units
            .iter()
            .any(|u| u.pos.x.abs_diff(p.x) <= 1 && u.pos.y.abs_diff(p.y) <= 1);
        if !near_unit && !b.state.walls.contains(&p) {
            b.wall(p.x, p.y);
            placed += 1;
        }
    }
}

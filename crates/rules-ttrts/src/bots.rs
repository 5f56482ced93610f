//! Built-in players. They see only the view (the Turn file), so they play by
//! files exactly as an outside program would.
//!
//! * `random`: a random command for each unit (sometimes none).
//! * `greedy`: plays to win: charges when an enemy is in its lane and no
//!   friend is, turns to bring enemies into its lane, otherwise advances on
//!   the nearest enemy without stepping into dead ends (every step leaves a
//!   wall behind, so a careless unit walls itself in).

use engine::{Bot, GameRng, Seat};

use crate::board::{Dir, Pos, State};
use crate::orders::{Order, Orders};
use crate::Ttrts;

/// The built-in bots' names.
pub const BOT_NAMES: &[&str] = &["random", "greedy"];

/// A built-in bot by name.
pub fn bot(name: &str) -> Option<Box<dyn Bot<Ttrts>>> {
    match name {
        "random" => Some(Box::new(RandomBot)),
        "greedy" => Some(Box::new(GreedyBot)),
        _ => None,
    }
}

struct RandomBot;

impl Bot<Ttrts> for RandomBot {
    fn orders(&mut self, _rules: &Ttrts, view: &State, seat: Seat, rng: &mut GameRng) -> Orders {
        let player = seat.0 as u8;
        view.units_of(player)
            .filter_map(|u| {
                let pick = rng.below(5);
                (pick < 4).then(|| Order {
                    unit: u.id,
                    command: [b'F', b'L', b'R', b'A'][pick as usize],
                })
            })
            .collect()
    }
}

struct GreedyBot;

/// What a bot needs to know about the board, with O(1) lookups.
struct Sight<'a> {
    view: &'a State,
    wall: Vec<bool>,
    /// Owner of the unit(s) on each tile: 255 none, 254 several owners.
    owner: Vec<u8>,
}

impl<'a> Sight<'a> {
    fn new(view: &'a State) -> Sight<'a> {
        let tiles = view.width as usize * view.height as usize;
        let mut wall = vec![false; tiles];
        for w in &view.walls {
            wall[view.index(*w)] = true;
        }
        let mut owner = vec![255u8; tiles];
        for u in &view.units {
            let i = view.index(u.pos);
            owner[i] = if owner[i] == 255 || owner[i] == u.player {
                u.player
            } else {
                254
            };
        }
        Sight { view, wall, owner }
    }

    fn open(&self, p: Pos) -> bool {
        self.view.on_board(p) && !self.wall[self.view.index(p)]
    }

    /// Enemies and friends a charge from `from` facing `dir` would hit.
    fn lane(&self, from: Pos, dir: Dir, me: u8) -> (u32, u32) {
        let (mut enemies, mut friends) = (0, 0);
        let mut p = dir.ahead(from);
        while self.open(p) {
            match self.owner[self.view.index(p)] {
                255 => {}
                o if o == me => friends += 1,
                254 => {
                    enemies += 1;
                    friends += 1;
                }
                _ => enemies += 1,
            }
            p = dir.ahead(p);
        }
        (enemies, friends)
    }

    /// Ways out of `p` once the tile we came from is a wall.
    fn exits(&self, p: Pos, came_from: Pos) -> usize {
        [Dir::N, Dir::E, Dir::S, Dir::W]
            .iter()
            .map(|d| d.ahead(p))
            .filter(|&q| q != came_from && self.open(q))
            .count()
    }
}

impl Bot<Ttrts> for GreedyBot {
    fn orders(&mut self, _rules: &Ttrts, view: &State, seat: Seat, rng: &mut GameRng) -> Orders {
        let me = seat.0 as u8;
        let sight = Sight::new(view);
        let enemies: Vec<Pos> = view
            .units
            .iter()
            .filter(|u| u.player != me)
            .map(|u| u.pos)
            .collect();
        let mut claimed = std::collections::HashSet::new();
        let mut orders = vec![];
        for u in view.units_of(me) {
            let (e, f) = sight.lane(u.pos, u.dir, me);
            let command = if e > 0 && f == 0 {
                b'A'
            } else if let Some(turn) = [(u.dir.left(), b'L'), (u.dir.right(), b'R')]
                .into_iter()
                .find(|&(d, _)| {
                    let (e, f) = sight.lane(u.pos, d, me);
                    e > 0 && f == 0
                })
                .map(|(_, c)| c)
            {
                turn
            } else {
                let nearest = enemies
                    .iter()
                    .min_by_key(|p| p.x.abs_diff(u.pos.x) as u32 + p.y.abs_diff(u.pos.y) as u32);
                let wanted = |d: Dir| match nearest {
                    None => false,
                    Some(t) => match d {
                        Dir::N => t.y > u.pos.y,
                        Dir::S => t.y < u.pos.y,
                        Dir::E => t.x > u.pos.x,
                        Dir::W => t.x < u.pos.x,
                    },
                };
                let ahead = u.dir.ahead(u.pos);
                let step_ok = sight.open(ahead)
                    && sight.owner[view.index(ahead)] == 255
                    && !claimed.contains(&ahead)
                    && sight.exits(ahead, u.pos) > 0;
                if wanted(u.dir) && step_ok {
                    claimed.insert(ahead);
                    b'F'
                } else if wanted(u.dir.left()) {
                    b'L'
                } else if wanted(u.dir.right()) || nearest.is_some() && !step_ok {
                    b'R'
                } else if step_ok && rng.chance(1, 2) {
                    claimed.insert(ahead);
                    b'F'
                } else {
                    b'L'
                }
            };
            orders.push(Order {
                unit: u.id,
                command,
            });
        }
        orders
    }
}

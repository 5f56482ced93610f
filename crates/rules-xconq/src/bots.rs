//! The built-in bots (spec §15.6). They see only their seat's view and draw
//! from the engine's `GameRng`, never from the kernel's generator (D5).
//!
//! * `greedy`: towns build (infantry mostly, armor now and then), ground
//!   units attack what is next to them when they can hurt it, else march on
//!   the nearest town that is not theirs, else explore toward unseen land.
//! * `random`: each unit with ACP tries a random move or attack; towns
//!   build a random type they can build.

use engine::{Bot, GameRng, Seat};

use crate::geometry::{Area, DX, DY};
use crate::orders::{Arg, Order, Orders};
use crate::ruleset::Xconq;
use crate::view::{OwnUnit, View};

/// The bots' names; the first is a tournament's default.
pub const NAMES: &[&str] = &["greedy", "random"];

/// A bot by name.
pub fn bot(name: &str) -> Option<Box<dyn Bot<Xconq>>> {
    match name {
        "greedy" => Some(Box::new(Greedy)),
        "random" => Some(Box::new(Random)),
        _ => None,
    }
}

/// What a bot knows about the map from its view.
struct Map<'a> {
    v: &'a View,
    area: Area,
}

impl<'a> Map<'a> {
    fn new(v: &'a View) -> Map<'a> {
        Map {
            v,
            area: Area {
                width: v.width,
                height: v.height,
                circumference: v.circumference,
            },
        }
    }

    /// The terrain type seen at a cell, if seen.
    fn terrain(&self, x: i32, y: i32) -> Option<usize> {
        if !self.area.in_area(x, y) {
            return None;
        }
        let row = self.v.terrain.get((self.v.height - 1 - y) as usize)?;
        let c = *row.as_bytes().get(x as usize)?;
        (c.is_ascii_lowercase()).then(|| usize::from(c - b'a'))
    }

    fn type_index(&self, name: &str) -> Option<usize> {
        self.v.types.iter().position(|t| t.name == name)
    }

    /// Whether a unit of this type may step into the cell (as far as known).
    fn can_enter(&self, utype: usize, x: i32, y: i32) -> bool {
        if !self.area.inside_area(x, y) {
            return false;
        }
        let Some(t) = self.terrain(x, y) else {
            return false;
        };
        if !self.v.types[utype].enters.get(t).copied().unwrap_or(false) {
            return false;
        }
        // No stepping into a cell with a unit of another side (§8.4).
        !self
            .v
            .units
            .iter()
            .any(|u| u.x == x && u.y == y && u.transport == 0 && u.side != self.v.side)
    }

    /// Whether a type may stand in a cell as far as the terrain goes.
    fn passable(&self, utype: usize, x: i32, y: i32) -> bool {
        self.area.inside_area(x, y)
            && self
                .terrain(x, y)
                .is_some_and(|t| self.v.types[utype].enters.get(t).copied().unwrap_or(false))
    }

    /// Steps from each cell to the nearest of `goals` over cells the type
    /// may cross (goals themselves always count), `i32::MAX` if none.
    fn distance_field(&self, utype: usize, goals: &[(i32, i32)]) -> Vec<i32> {
        let mut dist = vec![i32::MAX; self.area.cells()];
        let mut queue = std::collections::VecDeque::new();
        for &(x, y) in goals {
            if self.area.in_area(x, y) {
                dist[self.area.index(x, y)] = 0;
                queue.push_back((x, y));
            }
        }
        while let Some((x, y)) = queue.pop_front() {
            let d = dist[self.area.index(x, y)];
            for (nx, ny) in self.neighbours(x, y) {
                let c = self.area.index(nx, ny);
                if dist[c] == i32::MAX && self.passable(utype, nx, ny) {
                    dist[c] = d + 1;
                    queue.push_back((nx, ny));
                }
            }
        }
        dist
    }

    /// Unseen cells next to seen cells the type may cross.
    fn unseen_frontier(&self, utype: usize) -> Vec<(i32, i32)> {
        let mut out = Vec::new();
        for y in 1..self.v.height - 1 {
            for x in 0..self.v.width {
                if self.area.inside_area(x, y)
                    && self.terrain(x, y).is_none()
                    && self
                        .neighbours(x, y)
                        .iter()
                        .any(|&(nx, ny)| self.passable(utype, nx, ny))
                {
                    out.push((x, y));
                }
            }
        }
        out
    }

    fn neighbours(&self, x: i32, y: i32) -> Vec<(i32, i32)> {
        (0..6)
            .filter_map(|d| {
                let (nx, ny) = (self.area.wrapx(x + DX[d]), y + DY[d]);
                self.area.in_area(nx, ny).then_some((nx, ny))
            })
            .collect()
    }
}

fn num(n: i32) -> Arg {
    Arg::Num(i64::from(n))
}

/// Orders for a town: build what is inside it, or start something new.
fn town_orders(
    m: &Map<'_>,
    u: &OwnUnit,
    utype: usize,
    rng: &mut GameRng,
    random: bool,
) -> Option<Order> {
    if u.acp <= 0 || !u.complete {
        return None;
    }
    let builds = &m.v.types[utype].builds;
    if builds.is_empty() || m.v.types[utype].mobile {
        return None;
    }
    let inside = m.v.own.iter().find(|o| o.transport == u.id && !o.complete);
    if let Some(w) = inside {
        return Some(Order {
            unit: u.id,
            action: "build".into(),
            args: vec![num(w.id)],
            actee: None,
        });
    }
    let mobile: Vec<usize> = builds
        .iter()
        .copied()
        .filter(|&b| m.v.types[b].mobile)
        .collect();
    let ground: Vec<usize> = mobile
        .iter()
        .copied()
        .filter(|&b| {
            m.can_enter(b, u.x + 1, u.y)
                || m.can_enter(b, u.x, u.y + 1)
                || !m.v.types[b].captures.is_empty()
        })
        .collect();
    let pick = if random {
        rng.choose(&mobile).copied()
    } else {
        let infantry = m.type_index("infantry").filter(|i| builds.contains(i));
        let armor = m.type_index("armor").filter(|i| builds.contains(i));
        match (infantry, armor) {
            (Some(i), Some(a)) => Some(if rng.chance(1, 2) { a } else { i }),
            (Some(i), None) => Some(i),
            _ => rng
                .choose(if ground.is_empty() { &mobile } else { &ground })
                .copied(),
        }
    }?;
    Some(Order {
        unit: u.id,
        action: "create-in".into(),
        args: vec![Arg::Name(m.v.types[pick].name.clone()), num(u.id)],
        actee: None,
    })
}

/// The greedy bot.
pub struct Greedy;

impl Bot<Xconq> for Greedy {
    fn orders(&mut self, _rules: &Xconq, v: &View, _seat: Seat, rng: &mut GameRng) -> Orders {
        let m = Map::new(v);
        let mut orders = Vec::new();
        // Cells our own units will stand in, to spread out.
        let targets: Vec<(i32, i32)> = v
            .units
            .iter()
            .filter(|u| u.side != v.side && u.transport == 0)
            .filter(|u| {
                m.type_index(&u.utype)
                    .is_some_and(|t| !v.types[t].mobile && !v.types[t].builds.is_empty())
            })
            .map(|u| (u.x, u.y))
            .collect();
        let mut fields: std::collections::HashMap<usize, Vec<i32>> = Default::default();
        for u in &v.own {
            let Some(utype) = m.type_index(&u.utype) else {
                continue;
            };
            if let Some(o) = town_orders(&m, u, utype, rng, false) {
                orders.push(o);
                continue;
            }
            let t = &v.types[utype];
            if !t.mobile || !u.complete || u.acp <= 0 {
                continue;
            }
            // Attack something next to us that we can hurt, towns first.
            let mut foes: Vec<(i32, bool, i32)> = v
                .units
                .iter()
                .filter(|e| e.side != v.side && e.transport == 0)
                .filter(|e| m.area.distance(u.x, u.y, e.x, e.y) == 1)
                .filter_map(|e| {
                    let et = m.type_index(&e.utype)?;
                    t.hits
                        .contains(&et)
                        .then(|| (e.id, t.captures.contains(&et), e.side as i32))
                })
                .collect();
            foes.sort_by_key(|f| (!f.1, f.2 == 0));
            if let Some(&(id, _, _)) = foes.first() {
                for _ in 0..u.acp.max(1) {
                    orders.push(Order {
                        unit: u.id,
                        action: "attack".into(),
                        args: vec![num(id), num(1)],
                        actee: None,
                    });
                }
                continue;
            }
            // Aircraft and ships wait (fuel and coasts are beyond this bot).
            if t.captures.is_empty() && t.name != "infantry" && t.name != "armor" {
                continue;
            }
            let field = fields.entry(utype).or_insert_with(|| {
                let towns = m.distance_field(utype, &targets);
                if towns[m.area.index(u.x, u.y)] < i32::MAX {
                    towns
                } else {
                    let unseen = m.unseen_frontier(utype);
                    m.distance_field(utype, &unseen)
                }
            });
            let mut field = field.clone();
            if field[m.area.index(u.x, u.y)] == i32::MAX {
                let unseen = m.unseen_frontier(utype);
                field = m.distance_field(utype, &unseen);
            }
            let mut at = (u.x, u.y);
            for _ in 0..u.acp.max(1) {
                let here = field[m.area.index(at.0, at.1)];
                let mut steps: Vec<(i32, i32)> = m
                    .neighbours(at.0, at.1)
                    .into_iter()
                    .filter(|&(x, y)| m.can_enter(utype, x, y))
                    .filter(|&(x, y)| field[m.area.index(x, y)] < here)
                    .collect();
                rng.shuffle(&mut steps);
                let Some(&next) = steps.first() else { break };
                orders.push(Order {
                    unit: u.id,
                    action: "move".into(),
                    args: vec![num(next.0), num(next.1), num(0)],
                    actee: None,
                });
                at = next;
            }
        }
        Orders {
            orders,
            ..Orders::default()
        }
    }
}

/// The random bot.
pub struct Random;

impl Bot<Xconq> for Random {
    fn orders(&mut self, _rules: &Xconq, v: &View, _seat: Seat, rng: &mut GameRng) -> Orders {
        let m = Map::new(v);
        let mut orders = Vec::new();
        for u in &v.own {
            let Some(utype) = m.type_index(&u.utype) else {
                continue;
            };
            if let Some(o) = town_orders(&m, u, utype, rng, true) {
                orders.push(o);
                continue;
            }
            if !v.types[utype].mobile || u.acp <= 0 || !u.complete {
                continue;
            }
            let foes: Vec<i32> = v
                .units
                .iter()
                .filter(|e| e.side != v.side && m.area.distance(u.x, u.y, e.x, e.y) == 1)
                .map(|e| e.id)
                .collect();
            if !foes.is_empty() && rng.chance(1, 2) {
                let id = foes[rng.index(foes.len())];
                orders.push(Order {
                    unit: u.id,
                    action: "attack".into(),
                    args: vec![num(id), num(1)],
                    actee: None,
                });
                continue;
            }
            let steps = m.neighbours(u.x, u.y);
            if let Some(&(x, y)) = rng.choose(&steps) {
                orders.push(Order {
                    unit: u.id,
                    action: "move".into(),
                    args: vec![num(x), num(y), num(0)],
                    actee: None,
                });
            }
        }
        Orders {
            orders,
            ..Orders::default()
        }
    }
}

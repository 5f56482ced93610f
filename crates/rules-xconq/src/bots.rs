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
            (Some(i), Some(a)) => Some(if rng.chance(1, 4) { a } else { i }),
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
                .filter(|e| e.side != v.side && e.transport == 0 && e.date + 1 >= v.turn)
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
            if !t.captures.is_empty() || t.name == "infantry" || t.name == "armor" {
                let goal = targets
                    .iter()
                    .min_by_key(|&&(x, y)| m.area.distance(u.x, u.y, x, y))
                    .copied()
                    .or_else(|| explore_goal(&m, u, rng));
                if let Some(goal) = goal {
                    let mut at = (u.x, u.y);
                    for _ in 0..u.acp.max(1) {
                        let mut steps: Vec<(i32, i32)> = m
                            .neighbours(at.0, at.1)
                            .into_iter()
                            .filter(|&(x, y)| m.can_enter(utype, x, y))
                            .collect();
                        rng.shuffle(&mut steps);
                        let here = m.area.distance(at.0, at.1, goal.0, goal.1);
                        let Some(&next) = steps
                            .iter()
                            .min_by_key(|&&(x, y)| m.area.distance(x, y, goal.0, goal.1))
                        else {
                            break;
                        };
                        if m.area.distance(next.0, next.1, goal.0, goal.1) > here {
                            break;
                        }
                        orders.push(Order {
                            unit: u.id,
                            action: "move".into(),
                            args: vec![num(next.0), num(next.1), num(0)],
                            actee: None,
                        });
                        at = next;
                    }
                }
            }
        }
        Orders {
            orders,
            ..Orders::default()
        }
    }
}

/// The nearest cell of unseen land next to seen land, or a random cell.
fn explore_goal(m: &Map<'_>, u: &OwnUnit, rng: &mut GameRng) -> Option<(i32, i32)> {
    let mut best: Option<((i32, i32), i32)> = None;
    for y in 1..m.v.height - 1 {
        for x in 0..m.v.width {
            if !m.area.inside_area(x, y) || m.terrain(x, y).is_some() {
                continue;
            }
            let d = m.area.distance(u.x, u.y, x, y);
            if best.is_none_or(|b| d < b.1) {
                best = Some(((x, y), d));
            }
        }
    }
    best.map(|b| b.0).or_else(|| {
        let x = rng.below(m.v.width as u32) as i32;
        let y = rng.below(m.v.height as u32) as i32;
        Some((x, y))
    })
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

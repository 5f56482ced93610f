//! Attacks (spec §6): attack tiles, victims in the engine's order, chance
//! to hit and damage, the roll and its result, paralysis and focus, the
//! after-effects pass, Deathblow and Regenerate.
//!
//! Results are computed from the state before the attack is applied and
//! draw as they go, one `hit` draw per victim even at a certain hit (§6.5);
//! the caller records and applies them. [`odds`] is the one place chance and
//! damage are worked out, used by the rules and by the bots' look-ahead.

use crate::action::{Change, Miss, Res};
use crate::board::{dir, lines, range, sight_line, Reduce, Tile};
use crate::draws::{Draw, Draws, Use};
use crate::game::{Game, Occupancy, Unit};
use crate::units::{AttackKind, UnitType};

/// JavaScript's `Math.round`: halves toward +∞ (spec conventions).
pub fn js_round(x: f64) -> f64 {
    let f = x.floor();
    if x - f >= 0.5 {
        f + 1.0
    } else {
        f
    }
}

/// The tiles a targeted attack by `u` may aim at from `from` (spec §6.1);
/// for the Cleric, the tiles of its team's units; none for the Seed.
pub fn attack_tiles(game: &Game, u: &Unit, from: Tile) -> Vec<Tile> {
    let s = u.kind.stats();
    if s.attack == AttackKind::Heal {
        return game
            .team_of(u.id)
            .map(|t| game.teams[t].units.iter().map(|v| v.tile).collect())
            .unwrap_or_default();
    }
    match s.range {
        None => vec![],
        Some((_, hi)) if s.linear => lines(from, hi),
        Some((lo, hi)) => range(from, lo, hi).collect(),
    }
}

/// The units struck by `u` from its tile aimed at `target` (spec §6.2), in
/// result order (for the Cleric, team order: the sort by tile comes later).
pub fn victims(game: &Game, occ: &Occupancy, u: &Unit, target: Option<Tile>) -> Vec<u32> {
    let on = |t: Tile| occ.at(t).map(|(id, _)| id);
    let from = u.tile;
    match u.kind {
        UnitType::Cleric => game
            .team_of(u.id)
            .map(|t| game.teams[t].units.iter().map(|v| v.id).collect())
            .unwrap_or_default(),
        UnitType::Assassin => range(from, 1, 1).filter_map(on).collect(),
        UnitType::Enchantress => range(from, 1, 2).filter_map(on).collect(),
        _ => {
            let Some(t) = target else { return vec![] };
            if u.kind == UnitType::Pyromancer {
                let mut hit: Vec<(i32, u32)> = range(t, 0, 1)
                    .filter_map(|k| on(k).map(|id| (k.distance(from), id)))
                    .collect();
                hit.sort_by_key(|(d, _)| *d);
                hit.into_iter().map(|(_, id)| id).collect()
            } else if u.kind == UnitType::DarkMagicWitch {
                let d = dir(from, t, Reduce::None);
                let mut out = vec![];
                let mut k = from;
                for _ in 0..4 {
                    match k.step(d) {
                        Some(n) => {
                            k = n;
                            out.extend(on(n));
                        }
                        None => break,
                    }
                }
                out
            } else if u.kind.stats().los {
                sight_line(from, t).find_map(on).into_iter().collect()
            } else {
                on(t).into_iter().collect()
            }
        }
    }
}

/// How an attack by `a` meets `v`: the chance to hit (0–100), the damage
/// (negative heals), and the blocking bonus on a hit and penalty on a block.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Odds {
    pub chance: f64,
    pub damage: i32,
    pub bonus: i32,
    pub penalty: i32,
}

/// The side a melee attack comes from (spec §6.4).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Side {
    Behind,
    Front,
    Side,
}

/// From which side `a_tile` strikes `v` (spec §6.4).
pub fn side(a_tile: Tile, v: &Unit) -> Side {
    let s = dir(a_tile, v.tile, Reduce::Strongest);
    if s.contains(v.facing) {
        Side::Behind
    } else if s.contains(v.facing.rotate(180)) {
        Side::Front
    } else {
        Side::Side
    }
}

/// Chance and damage of `a` (standing on `a_tile`) striking `v` (spec §6.4).
pub fn odds(a: &Unit, a_tile: Tile, v: &Unit) -> Odds {
    let sa = a.kind.stats();
    let sv = v.kind.stats();
    let power = sa.power + a.m_power;
    let armor = sv.armor + v.m_armor;
    let blocking = f64::from(sv.blocking) + v.m_blocking;
    let clamp = |c: f64| c.clamp(0.0, 100.0);
    let mut damage = {
        let kept = 1.0 - f64::from(armor) / 100.0;
        js_round(f64::from(power) * kept) as i32
    };
    if damage == 0 {
        damage = 1;
    }
    let certain = |damage| Odds {
        chance: if v.barriered { 0.0 } else { 100.0 },
        damage,
        bonus: 0,
        penalty: 0,
    };
    match sa.attack {
        AttackKind::Magic => certain(damage),
        AttackKind::Heal => certain(-power),
        AttackKind::Paralyze => certain(0),
        AttackKind::Melee => {
            let (chance, bonus, penalty) = if v.barriered {
                (0.0, 0, 0)
            } else if v.is_paralyzed() {
                (100.0, 0, 0)
            } else if !sv.directional {
                (clamp(100.0 - blocking), 0, 100 - sv.blocking)
            } else {
                match side(a_tile, v) {
                    Side::Behind => (100.0, 0, 0),
                    Side::Front => (clamp(100.0 - blocking), sv.blocking, 100 - sv.blocking),
                    Side::Side => (
                        clamp(100.0 - blocking / 2.0),
                        sv.blocking,
                        200 - sv.blocking,
                    ),
                }
            };
            Odds {
                chance,
                damage,
                bonus,
                penalty,
            }
        }
    }
}

/// One victim's result with its roll (spec §6.5).
fn roll(game: &Game, a: &Unit, v: &Unit, draws: &mut dyn Draws) -> Res {
    let o = odds(a, a.tile, v);
    let mut res = Res::new(v.id, vec![]);
    let facing_attacker = || Change::Direction(dir(v.tile, a.tile, Reduce::Facing(v.facing)));
    let blocked = |res: &mut Res, write_direction: bool| {
        res.miss = Some(Miss::Blocked);
        if write_direction {
            res.changes.push(facing_attacker());
        }
        if o.penalty != 0 {
            res.changes
                .push(Change::MBlocking(v.m_blocking - f64::from(o.penalty)));
        }
    };
    if o.chance <= 0.0 {
        if o.penalty != 0 {
            // Written even for a non-directional victim (spec §6.5).
            blocked(&mut res, true);
        } else if v.barriered {
            res.miss = Some(Miss::Deflected);
        }
        return res;
    }
    let r = draws.draw(Draw {
        unit: Some(v.id),
        attacker: Some(a.id),
        ..Draw::new(Use::Hit, game.turn)
    });
    let roll = r * 100.0;
    if o.chance < 100.0 {
        res.luck = Some(js_round(o.chance - roll) as i64);
    }
    if roll < o.chance {
        let health = v.kind.stats().health;
        res.changes
            .push(Change::MHealth((v.m_health - o.damage).min(0).max(-health)));
        if o.bonus != 0 {
            res.changes
                .push(Change::MBlocking(v.m_blocking + f64::from(o.bonus)));
        }
    } else if o.penalty != 0 || v.kind.stats().directional {
        blocked(&mut res, v.kind.stats().directional);
    } else {
        res.miss = Some(Miss::Blocked);
    }
    res
}

/// The results of `a`'s attack aimed at `target` (spec §6.2–§6.7), drawing
/// as the engine does; after-effects included.
pub fn attack_results(
    game: &Game,
    occ: &Occupancy,
    a: &Unit,
    target: Option<Tile>,
    draws: &mut dyn Draws,
) -> Vec<Res> {
    let ids = victims(game, occ, a, target);
    let mut results = if a.kind.stats().attack == AttackKind::Paralyze {
        paralyze(game, a, &ids)
    } else {
        let mut out: Vec<Res> = ids
            .iter()
            .filter_map(|id| game.unit(*id))
            .map(|v| roll(game, a, v, draws))
            .collect();
        if a.kind == UnitType::Cleric {
            let tile_of = |r: &Res| game.unit(r.unit).map(|u| (u.tile.y, u.tile.x));
            out.sort_by_key(tile_of);
        }
        out
    };
    after_effects(game, &mut results);
    results
}

/// The Enchantress's results (spec §6.7), before after-effects.
fn paralyze(game: &Game, a: &Unit, ids: &[u32]) -> Vec<Res> {
    let mut out = Vec::with_capacity(ids.len());
    for (k, id) in ids.iter().enumerate() {
        let Some(v) = game.unit(*id) else { continue };
        let mut list: Vec<u32> = v
            .paralyzed
            .iter()
            .flatten()
            .copied()
            .filter(|p| !ids.contains(p))
            .collect();
        list.push(a.id);
        let mut res = Res::new(v.id, vec![Change::Paralyzed(Some(list))]);
        res.results.push(Res::new(
            a.id,
            vec![Change::Focusing(Some(ids[..=k].to_vec()))],
        ));
        out.push(res);
    }
    out
}

/// A working copy of one unit's `focusing` and `paralyzed` (spec §6.6).
struct Working {
    id: u32,
    focusing: Option<Vec<u32>>,
    paralyzed: Option<Vec<u32>>,
}

fn working<'w>(game: &Game, work: &'w mut Vec<Working>, id: u32) -> &'w mut Working {
    let i = match work.iter().position(|w| w.id == id) {
        Some(i) => i,
        None => {
            let u = game.unit(id);
            work.push(Working {
                id,
                focusing: u.and_then(|u| u.focusing.clone()),
                paralyzed: u.and_then(|u| u.paralyzed.clone()),
            });
            work.len() - 1
        }
    };
    &mut work[i]
}

/// `list` without every `id` in it; `None` when nothing is left.
fn without(list: Option<Vec<u32>>, id: u32) -> Option<Vec<u32>> {
    let kept: Vec<u32> = list.into_iter().flatten().filter(|x| *x != id).collect();
    (!kept.is_empty()).then_some(kept)
}

/// The after-effects pass (spec §6.6): broken focus and released paralysis
/// as sub-results.
pub fn after_effects(game: &Game, results: &mut [Res]) {
    let mut work: Vec<Working> = vec![];
    for res in results.iter_mut() {
        if res.changes.is_empty() {
            continue;
        }
        let vid = res.unit;
        let Some(v) = game.unit(vid) else { continue };
        let new_paralysis = res.paralyzed().flatten().cloned();
        if let Some(p) = &new_paralysis {
            working(game, &mut work, vid).paralyzed = Some(p.clone());
        }
        if let Some(focus) = working(game, &mut work, vid).focusing.clone() {
            let hurt = res.m_health().is_some_and(|h| h < v.m_health);
            if new_paralysis.is_some() || hurt {
                res.results
                    .push(Res::new(vid, vec![Change::Focusing(None)]));
                for w in focus {
                    let entry = working(game, &mut work, w);
                    let left = without(entry.paralyzed.take(), vid);
                    entry.paralyzed = left.clone();
                    res.results.push(Res::new(w, vec![Change::Paralyzed(left)]));
                }
                working(game, &mut work, vid).focusing = None;
            }
            continue;
        }
        let dies = res.m_health().is_some_and(|h| h <= -v.kind.stats().health);
        if let (Some(actual), true) = (&v.paralyzed, dies) {
            let mut subs = vec![];
            for e in actual {
                let entry = working(game, &mut work, *e);
                if entry.focusing.is_some() {
                    let left = without(entry.focusing.take(), vid);
                    entry.focusing = left.clone();
                    subs.push(Res::new(*e, vec![Change::Focusing(left)]));
                }
            }
            subs.push(Res::new(vid, vec![Change::Paralyzed(None)]));
            res.results = subs;
        }
    }
}

/// The `breakFocus` results of a focusing unit (spec §6.7).
pub fn break_focus(game: &Game, u: &Unit) -> Vec<Res> {
    let mut res = Res::new(u.id, vec![Change::Focusing(None)]);
    for w in u.focusing.iter().flatten() {
        let list = game.unit(*w).and_then(|w| w.paralyzed.clone());
        let left = match list {
            Some(l) if l.len() == 1 => None,
            Some(l) => Some(l.into_iter().filter(|x| *x != u.id).collect()),
            None => None,
        };
        res.results
            .push(Res::new(*w, vec![Change::Paralyzed(left)]));
    }
    vec![res]
}

/// The Deathblow cries and taunts (spec §6.8).
const CRIES: [&str; 4] = ["My legs!", "What?", "Mommy!", "No fair!"];
const TAUNTS: [&str; 3] = ["Worth it", "Bye", "..."];

/// The engine's in-place shuffle: `n` draws, from `i = n` down (spec §6.8).
fn shuffle(list: &mut [&'static str], what: Use, game: &Game, draws: &mut dyn Draws) {
    let mut i = list.len();
    while i > 0 {
        let r = draws.draw(Draw::new(what, game.turn));
        let j = ((r * i as f64).floor() as usize).min(i - 1);
        i -= 1;
        list.swap(i, j);
    }
}

/// Deathblow's results (spec §6.8).
pub fn deathblow(game: &Game, occ: &Occupancy, a: &Unit, draws: &mut dyn Draws) -> Vec<Res> {
    let mut cries: Vec<&'static str> = CRIES.to_vec();
    let mut out = vec![];
    for t in range(a.tile, 1, 1) {
        let Some((id, _)) = occ.at(t) else { continue };
        let Some(v) = game.unit(id) else { continue };
        if v.barriered {
            out.push(Res {
                miss: Some(Miss::Deflected),
                ..Res::new(id, vec![])
            });
            continue;
        }
        shuffle(&mut cries, Use::DeathblowCry, game, draws);
        let cry = if cries.is_empty() {
            ""
        } else {
            cries.remove(0)
        };
        out.push(Res {
            notice: Some(cry.to_string()),
            ..Res::new(id, vec![Change::MHealth(-v.kind.stats().health)])
        });
    }
    let mut taunts: Vec<&'static str> = TAUNTS.to_vec();
    shuffle(&mut taunts, Use::DeathblowTaunt, game, draws);
    out.push(Res {
        notice: Some(taunts[0].to_string()),
        ..Res::new(a.id, vec![Change::MHealth(-a.kind.stats().health)])
    });
    after_effects(game, &mut out);
    out
}

/// Regenerate's result (spec §6.9).
pub fn regenerate(a: &Unit) -> Vec<Res> {
    let power = a.kind.stats().power;
    vec![Res::new(
        a.id,
        vec![Change::MHealth((a.m_health + power).min(0))],
    )]
}

/// Whether `u` has its special available (spec §4.4, D2).
pub fn special_available(u: &Unit) -> bool {
    match u.kind {
        UnitType::Assassin => u.health_left() < 5,
        UnitType::ChaosDragon => u.m_health < 0,
        _ => false,
    }
}

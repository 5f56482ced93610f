//! The built-in players: `random` (any legal unit, move, attack and facing)
//! and `greedy` (a one-turn look-ahead), plus the Dragon's player, which the
//! rules run for the Chaos team (spec §15: the engine's own bots are not
//! part of the rules, so these are the project's).
//!
//! Greedy scores every plan of every unit able to act — stay or move to each
//! tile, attack before or after moving or not at all, then face the worst
//! threat — by expected value, worked out with the rules' own [`odds`] and
//! [`victims`] on a moved copy of one unit (the game is never cloned):
//!
//! * damage dealt, weighted up when it kills (kills first) and by the
//!   victim's worth; friendly fire counts against;
//! * paralysis of enemies (and of friends, against), heals of wounded friends,
//!   a Deathblow when the dying Assassin takes more with it than it is worth;
//! * the threat at the tile it ends on: the most one enemy could take from it
//!   next turn (only one unit acts per turn), from behind or the side when it
//!   faces away; wounded units weigh it more, so they keep back;
//! * closing in on the enemy, at the range each unit fights from.
//!
//! In Chaos the Seed is worth cracking (the knights cannot win otherwise),
//! the Dragon is the prize, and a hatch costs the attacker its life.

use engine::GameRng;

use crate::action::Input;
use crate::attack::{attack_tiles, odds, special_available, victims};
use crate::board::{dir, range, Dir, Reduce, Tile, FACINGS};
use crate::game::{Game, Occupancy, Unit};
use crate::movement::{move_direction, move_tiles};
use crate::units::{AttackKind, Movement, UnitType};

/// The names of the built-in bots (the first is a tournament's default).
pub const BOT_NAMES: &[&str] = &["greedy", "random"];

/// A uniformly chosen index below `n` (> 0).
fn pick(rng: &mut GameRng, n: usize) -> usize {
    rng.index(n)
}

/// The random bot's inputs: one unit that can act, a random move (or none),
/// a random attack (or none; mostly at a tile where some unit stands), in a
/// random order, then a random facing.
pub fn random_inputs(game: &Game, rng: &mut GameRng) -> Vec<Input> {
    let team = game.current_team();
    let able: Vec<&Unit> = game.teams[team]
        .units
        .iter()
        .filter(|u| u.can_act())
        .collect();
    if able.is_empty() {
        return vec![Input::EndTurn];
    }
    let u = able[pick(rng, able.len())];
    let occ = game.occupancy();
    let moves = move_tiles(game, &occ, u);
    let dest = (!moves.is_empty() && rng.chance(3, 4)).then(|| moves[pick(rng, moves.len())]);
    let attack_first = rng.chance(1, 3);
    let attack_from = if attack_first {
        u.tile
    } else {
        dest.unwrap_or(u.tile)
    };
    let attack = if rng.chance(3, 4) {
        random_attack(game, u, attack_from, rng)
    } else {
        None
    };
    let mut out = vec![];
    let mv = dest.map(|assignment| Input::Move {
        unit: u.id,
        assignment,
        direction: None,
    });
    if attack_first {
        out.extend(attack);
        out.extend(mv);
    } else {
        out.extend(mv);
        out.extend(attack);
    }
    if u.kind.stats().directional && rng.chance(1, 2) {
        out.push(Input::Turn {
            unit: u.id,
            direction: FACINGS[pick(rng, 4)],
        });
    }
    out.push(Input::EndTurn);
    out
}

fn random_attack(game: &Game, u: &Unit, from: Tile, rng: &mut GameRng) -> Option<Input> {
    let s = u.kind.stats();
    if special_available(u) && rng.chance(1, 2) {
        return Some(Input::AttackSpecial { unit: u.id });
    }
    if s.all || s.attack == AttackKind::Heal {
        return Some(Input::Attack {
            unit: u.id,
            target: None,
            direction: None,
        });
    }
    let tiles = attack_tiles(game, u, from);
    if tiles.is_empty() {
        return None;
    }
    // Mostly at a tile where a unit stands (any unit: friend or foe).
    let occ = game.occupancy();
    let manned: Vec<Tile> = tiles
        .iter()
        .copied()
        .filter(|t| occ.at(*t).is_some_and(|(id, _)| id != u.id))
        .collect();
    let target = if !manned.is_empty() && rng.chance(3, 4) {
        manned[pick(rng, manned.len())]
    } else {
        tiles[pick(rng, tiles.len())]
    };
    Some(Input::Attack {
        unit: u.id,
        target: Some(target),
        direction: None,
    })
}

/// What a unit is worth to its team, in health points: its health plus what
/// it can do.
fn worth(u: &Unit) -> f64 {
    let s = u.kind.stats();
    let role = match u.kind {
        UnitType::Cleric => 18.0,
        UnitType::Enchantress => 22.0,
        UnitType::DarkMagicWitch | UnitType::Pyromancer => 14.0,
        UnitType::ChaosDragon => 60.0,
        _ => 8.0,
    };
    f64::from(s.power) * 0.5 + role + f64::from(s.health) * 0.3
}

/// Whether `a` and `b` fight each other (different teams).
fn enemies(game: &Game, a: u32, b: u32) -> bool {
    game.team_of(a) != game.team_of(b)
}

/// The expected value of `u`'s attack from `from` aimed at `target`, with
/// the board `occ` (where `u` already stands on `from`).
fn attack_value(game: &Game, occ: &Occupancy, u: &Unit, target: Option<Tile>) -> f64 {
    let s = u.kind.stats();
    let mut value = 0.0;
    for id in victims(game, occ, u, target) {
        let Some(v) = game.unit(id) else { continue };
        let foe = enemies(game, u.id, v.id);
        let sign = if foe { 1.0 } else { -1.3 };
        match s.attack {
            AttackKind::Heal => {
                if !foe {
                    value += f64::from((-v.m_health).min(s.power)) * 1.1;
                }
            }
            AttackKind::Paralyze => {
                if v.kind.is_chaos() {
                    continue;
                }
                let hurt = if v.is_paralyzed() {
                    2.0
                } else {
                    10.0 + worth(v) * 0.4
                };
                value += sign * hurt;
            }
            AttackKind::Melee | AttackKind::Magic => {
                let o = odds(u, u.tile, v);
                let p = o.chance / 100.0;
                let left = v.health_left();
                value += sign * p * strike_value(game, u, v, o.damage, left);
            }
        }
    }
    value
}

/// The worth of dealing `damage` to `v` (with `left` health) by `u`.
fn strike_value(game: &Game, u: &Unit, v: &Unit, damage: i32, left: i32) -> f64 {
    let dealt = f64::from(damage.min(left));
    let kills = damage >= left;
    match v.kind {
        UnitType::ChaosSeed => {
            if kills {
                // The hatch kills the attacker, but the knights cannot win
                // without cracking the Seed.
                30.0 - worth(u) * 0.5
            } else {
                // Cracking it is progress; it then strikes the strongest
                // other team when the attacker wears its colour, else the
                // attacker's own team (spec §9.3).
                let wears = game.unit(v.id).and_then(|s| s.color) == u.color;
                8.0 + if wears { 12.0 } else { -5.0 }
            }
        }
        UnitType::ChaosDragon if kills => dealt + 150.0,
        UnitType::ChaosDragon => dealt * 3.0,
        _ => {
            let value = if kills {
                dealt + 25.0 + worth(v)
            } else {
                dealt
            };
            // While the Seed or the Dragon stands, the knights' common enemy
            // comes first (spec §9.5); the Chaos team itself hits anyone.
            let chaos_stands = game
                .teams
                .iter()
                .any(|t| t.is_chaos() && !t.units.is_empty());
            let own_is_chaos = game.team_of(u.id).is_some_and(|t| game.teams[t].is_chaos());
            if chaos_stands && !own_is_chaos {
                value * 0.4
            } else {
                value
            }
        }
    }
}

/// Distinct useful targets of `u` standing on `from` (a target that strikes
/// nobody is left out; the Witch's four lines count once each).
fn targets(game: &Game, occ: &Occupancy, u: &Unit, from: Tile) -> Vec<Option<Tile>> {
    let s = u.kind.stats();
    if s.all || s.attack == AttackKind::Heal {
        return vec![None];
    }
    let tiles = attack_tiles(game, u, from);
    match u.kind {
        UnitType::Pyromancer => tiles
            .into_iter()
            .filter(|t| range(*t, 0, 1).any(|k| occ.at(k).is_some()))
            .map(Some)
            .collect(),
        UnitType::DarkMagicWitch => {
            let mut seen: Vec<Dir> = vec![];
            tiles
                .into_iter()
                .filter(|t| {
                    let d = dir(from, *t, Reduce::None);
                    let new = !seen.contains(&d);
                    seen.push(d);
                    new
                })
                .map(Some)
                .collect()
        }
        _ => tiles
            .into_iter()
            .filter(|t| occ.at(*t).is_some())
            .map(Some)
            .collect(),
    }
}

/// The best attack of `u` from `from`: `(value, target)`.
fn best_attack(game: &Game, occ: &Occupancy, u: &Unit) -> Option<(f64, Option<Tile>)> {
    let mut best: Option<(f64, Option<Tile>)> = None;
    for t in targets(game, occ, u, u.tile) {
        let v = attack_value(game, occ, u, t);
        if best.is_none_or(|(b, _)| v > b) {
            best = Some((v, t));
        }
    }
    best
}

/// How far `e` reaches to strike next turn: its move and its range.
fn reach(e: &Unit) -> i32 {
    let s = e.kind.stats();
    let mv = match s.movement {
        Movement::None => 0,
        _ => s.radius,
    };
    let hi = match (s.range, s.all, s.attack) {
        (_, _, AttackKind::Heal) => return -1,
        (Some((_, hi)), _, _) => hi,
        (None, true, _) => 1,
        (None, false, _) => return -1,
    };
    // The Pyromancer's blast reaches one more tile.
    mv + hi + i32::from(e.kind == UnitType::Pyromancer)
}

/// The danger to `u` standing on `at` facing `facing`: the most one enemy
/// could take from it next turn, plus a little of the others.
fn threat(game: &Game, u: &Unit, at: Tile, facing: Dir) -> f64 {
    let team = game.team_of(u.id);
    let mut moved = u.clone();
    moved.tile = at;
    moved.facing = facing;
    let left = u.health_left();
    let mut max: f64 = 0.0;
    let mut sum = 0.0;
    for (t, other) in game.teams.iter().enumerate() {
        if Some(t) == team {
            continue;
        }
        for e in other.units.iter().filter(|e| e.can_act()) {
            if e.tile.distance(at) > reach(e) {
                continue;
            }
            let loss = match e.kind.stats().attack {
                AttackKind::Paralyze => 8.0 + worth(u) * 0.3,
                AttackKind::Heal => 0.0,
                _ => {
                    let o = odds(e, approach_tile(e.tile, at), &moved);
                    let p = o.chance / 100.0;
                    if o.damage >= left {
                        p * (f64::from(left) + 25.0 + worth(u))
                    } else {
                        p * f64::from(o.damage)
                    }
                }
            };
            max = max.max(loss);
            sum += loss;
        }
    }
    max + 0.15 * (sum - max)
}

/// The tile next to `at` an enemy coming from `from` would most likely strike
/// from (for melee sides): one step from `at` toward `from`.
fn approach_tile(from: Tile, at: Tile) -> Tile {
    let d = dir(at, from, Reduce::Strongest);
    let step = match d {
        Dir::N | Dir::NE | Dir::NW => Dir::N,
        Dir::S | Dir::SE | Dir::SW => Dir::S,
        Dir::E => Dir::E,
        _ => Dir::W,
    };
    at.step(step).unwrap_or(from)
}

/// The facing that meets the worst threat at `at` head on.
fn best_facing(game: &Game, u: &Unit, at: Tile) -> Dir {
    let team = game.team_of(u.id);
    let nearest = game
        .teams
        .iter()
        .enumerate()
        .filter(|(t, _)| Some(*t) != team)
        .flat_map(|(_, t)| t.units.iter())
        .filter(|e| e.kind.stats().attack != AttackKind::Heal)
        .min_by_key(|e| (e.tile.distance(at) - reach(e), e.id));
    match nearest {
        Some(e) if e.tile != at => dir(at, e.tile, Reduce::Facing(u.facing)),
        _ => u.facing,
    }
}

/// The best `u` could strike from `at` next turn: what keeps a strong unit
/// from waiting just out of reach of a weak one forever.
fn opportunity(game: &Game, u: &Unit, at: Tile) -> f64 {
    let s = u.kind.stats();
    if !matches!(s.attack, AttackKind::Melee | AttackKind::Magic) {
        return 0.0;
    }
    let mut moved = u.clone();
    moved.tile = at;
    let r = reach(u);
    let team = game.team_of(u.id);
    game.teams
        .iter()
        .enumerate()
        .filter(|(t, _)| Some(*t) != team)
        .flat_map(|(_, t)| t.units.iter())
        .filter(|e| e.tile.distance(at) <= r)
        .map(|e| {
            let o = odds(&moved, approach_tile(at, e.tile), e);
            o.chance / 100.0 * strike_value(game, u, e, o.damage, e.health_left())
        })
        .fold(0.0, f64::max)
}

/// How much better `u` stands on `at` (threat and closing in), facing `facing`.
fn position_value(game: &Game, u: &Unit, at: Tile, facing: Dir) -> f64 {
    let s = u.kind.stats();
    let health = f64::from(u.health_left()) / f64::from(s.health);
    let team = game.team_of(u.id);
    // A team well ahead can afford trades: it fears less and presses more.
    let lead = strength_ratio(game, team);
    // Long games grow bold, so two cautious units cannot dance forever.
    let late = (1.0 - (game.turn as f64 - 200.0).max(0.0) / 400.0).max(0.05);
    let caution = (0.6 + (1.0 - health) * 1.6) * lead.powf(-1.5).clamp(0.05, 1.5) * late;
    let danger = threat(game, u, at, facing) * caution;
    let ideal = match s.range {
        Some((_, hi)) if !s.all => hi.min(3),
        _ => 1,
    };
    let nearest = objective_distance(game, team, at);
    let closing = if s.attack == AttackKind::Heal {
        // The Cleric stays near its own team.
        let own = game.teams[team.unwrap_or(0)]
            .units
            .iter()
            .filter(|f| f.id != u.id)
            .map(|f| f.tile.distance(at))
            .min()
            .unwrap_or(0);
        -0.3 * f64::from((own - 2).max(0))
    } else {
        -0.35 * lead.clamp(1.0, 3.0) * health * f64::from((nearest - ideal).abs())
    };
    closing - danger + 0.25 * lead.clamp(0.5, 3.0) * health * opportunity(game, u, at)
}

/// The health `team` has left over what its enemies have left.
fn strength_ratio(game: &Game, team: Option<usize>) -> f64 {
    let (mut own, mut other) = (0, 0);
    for (t, units) in game.teams.iter().enumerate() {
        let h: i32 = units.units.iter().map(Unit::health_left).sum();
        if Some(t) == team {
            own += h;
        } else {
            other += h;
        }
    }
    f64::from(own.max(1)) / f64::from(other.max(1))
}

/// How far `at` is from what `team` should close in on: the nearest enemy,
/// or in Chaos the Seed or the Dragon, through which alone the game is won
/// (spec §9.5).
fn objective_distance(game: &Game, team: Option<usize>, at: Tile) -> i32 {
    let nearest = |chaos_only: bool| {
        game.teams
            .iter()
            .enumerate()
            .filter(|(t, c)| Some(*t) != team && (!chaos_only || c.is_chaos()))
            .flat_map(|(_, t)| t.units.iter())
            .map(|e| e.tile.distance(at))
            .min()
    };
    nearest(true).or_else(|| nearest(false)).unwrap_or(0)
}

/// One plan for one unit, with its expected value.
#[derive(Debug, Clone)]
struct Plan {
    value: f64,
    inputs: Vec<Input>,
}

/// The greedy player's inputs for the current team: its best plan, or the
/// end of the turn when nothing is worth doing.
pub fn greedy_inputs(game: &Game) -> Vec<Input> {
    let team = game.current_team();
    let occ = game.occupancy();
    let mut best: Option<Plan> = None;
    for u in game.teams[team].units.iter().filter(|u| u.can_act()) {
        if let Some(p) = unit_plan(game, &occ, u) {
            if best.as_ref().is_none_or(|b| p.value > b.value) {
                best = Some(p);
            }
        }
    }
    let mut inputs = best.map(|p| p.inputs).unwrap_or_default();
    inputs.push(Input::EndTurn);
    inputs
}

/// How much a plan may lose and still beat passing: nothing at first, more
/// once a round of turns went by with nobody acting, so bots that all
/// wait do not drift into the pass rule's draw (spec §8).
fn patience(game: &Game) -> f64 {
    if game.idle_turns >= game.teams.len() {
        -12.0
    } else {
        0.0
    }
}

/// The best plan of one unit.
fn unit_plan(game: &Game, occ: &Occupancy, u: &Unit) -> Option<Plan> {
    let here_value = position_value(game, u, u.tile, u.facing);
    // Acting breaks a focus, freeing whoever it paralyses.
    let focus_cost: f64 = u
        .focusing
        .iter()
        .flatten()
        .filter_map(|id| game.unit(*id))
        .map(|v| {
            let w = 10.0 + worth(v) * 0.4;
            if enemies(game, u.id, v.id) {
                w
            } else {
                -w
            }
        })
        .sum();
    let mut best = Plan {
        value: f64::NEG_INFINITY,
        inputs: vec![],
    };
    // A plan must beat passing; one that makes progress (strikes an enemy or
    // closes in) may cost a little once everybody has been waiting.
    let waiting = patience(game);
    let team = game.team_of(u.id);
    let here_distance = objective_distance(game, team, u.tile);
    let mut consider = |value: f64, inputs: Vec<Input>, progress: bool| {
        let floor = if progress { waiting } else { 0.0 };
        if value > floor + 1e-9 && value > best.value + 1e-9 {
            best = Plan { value, inputs };
        }
    };
    let closer = |m: Tile| objective_distance(game, team, m) < here_distance;
    let attack_input = |target: Option<Tile>| Input::Attack {
        unit: u.id,
        target,
        direction: None,
    };
    let turn_to = |facing: Dir, now: Dir| {
        (u.kind.stats().directional && facing != now).then_some(Input::Turn {
            unit: u.id,
            direction: facing,
        })
    };
    // Attack from where it stands, then maybe move away.
    let here = best_attack(game, occ, u);
    let moves = move_tiles(game, occ, u);
    let mut dest_values = Vec::with_capacity(moves.len());
    for &m in &moves {
        let facing_after = move_direction(game, occ, u, m).unwrap_or(u.facing);
        let mut moved = u.clone();
        moved.tile = m;
        moved.facing = facing_after;
        let face = best_facing(game, &moved, m);
        let pos = position_value(game, &moved, m, face);
        dest_values.push((m, face, pos));
        let mut occ_m = *occ;
        occ_m.shift(u.tile, m);
        let mv = Input::Move {
            unit: u.id,
            assignment: m,
            direction: None,
        };
        // Move only.
        let mut inputs = vec![mv];
        inputs.extend(turn_to(face, facing_after));
        consider(pos - here_value - focus_cost, inputs, closer(m));
        // Move, then attack.
        if let Some((av, target)) = best_attack(game, &occ_m, &moved) {
            let facing_attack = match target {
                Some(t) if u.kind.stats().directional => dir(m, t, Reduce::Facing(facing_after)),
                _ => facing_after,
            };
            let mut inputs = vec![mv, attack_input(target)];
            inputs.extend(turn_to(face, facing_attack));
            consider(
                av + pos - here_value - focus_cost,
                inputs,
                av > 0.0 || closer(m),
            );
        }
    }
    if let Some((av, target)) = here {
        let facing_attack = match target {
            Some(t) if u.kind.stats().directional => dir(u.tile, t, Reduce::Facing(u.facing)),
            _ => u.facing,
        };
        let face = best_facing(game, u, u.tile);
        let stay = position_value(game, u, u.tile, face);
        let mut inputs = vec![attack_input(target)];
        inputs.extend(turn_to(face, facing_attack));
        consider(av + stay - here_value - focus_cost, inputs, av > 0.0);
        // Attack, then step back.
        if !u.kind.stats().focus {
            for &(m, face, pos) in &dest_values {
                let inputs = vec![
                    attack_input(target),
                    Input::Move {
                        unit: u.id,
                        assignment: m,
                        direction: None,
                    },
                    Input::Turn {
                        unit: u.id,
                        direction: face,
                    },
                ];
                consider(av + pos - here_value - focus_cost, inputs, av > 0.0);
            }
        }
    }
    if special_available(u) {
        let value = special_value(game, occ, u);
        consider(
            value - focus_cost,
            vec![Input::AttackSpecial { unit: u.id }],
            value > 0.0,
        );
    }
    // Only turning to meet the threat.
    if u.kind.stats().directional {
        let face = best_facing(game, u, u.tile);
        if face != u.facing {
            let gain = position_value(game, u, u.tile, face) - here_value;
            consider(
                gain - focus_cost,
                vec![Input::Turn {
                    unit: u.id,
                    direction: face,
                }],
                false,
            );
        }
    }
    (!best.inputs.is_empty()).then_some(best)
}

/// What a Deathblow or a Regenerate is worth.
fn special_value(game: &Game, occ: &Occupancy, u: &Unit) -> f64 {
    match u.kind {
        UnitType::Assassin => {
            let mut v = -worth(u) * 0.2;
            for t in range(u.tile, 1, 1) {
                let Some((id, _)) = occ.at(t) else { continue };
                let Some(victim) = game.unit(id) else {
                    continue;
                };
                let w = f64::from(victim.health_left()) + 25.0 + worth(victim);
                v += if enemies(game, u.id, id) { w } else { -1.3 * w };
            }
            v
        }
        UnitType::ChaosDragon => f64::from((-u.m_health).min(u.kind.stats().power)) * 0.8,
        _ => 0.0,
    }
}

/// A player written for the engine's bot trait.
pub struct Player {
    greedy: bool,
}

impl Player {
    pub fn greedy() -> Player {
        Player { greedy: true }
    }

    pub fn random() -> Player {
        Player { greedy: false }
    }

    /// This player's inputs for the game's current team.
    pub fn inputs(&mut self, game: &Game, rng: &mut GameRng) -> Vec<Input> {
        if self.greedy {
            greedy_inputs(game)
        } else {
            random_inputs(game, rng)
        }
    }
}

/// A built-in bot by name.
pub fn player(name: &str) -> Option<Player> {
    match name {
        "greedy" => Some(Player::greedy()),
        "random" => Some(Player::random()),
        _ => None,
    }
}

/// The Chaos team's player, run by the rules: the Seed only ends its turn;
/// the Dragon plays greedily (deterministic, so a game re-runs from its
/// seed alone).
pub fn chaos_inputs(game: &Game) -> Vec<Input> {
    let team = &game.teams[game.current_team()];
    match team.units.first() {
        Some(u) if u.kind == UnitType::ChaosDragon => greedy_inputs(game),
        _ => vec![Input::EndTurn],
    }
}

//! The Chaos game's own rules (spec §9): team scores, the Seed's and the
//! Dragon's phasing, and their answers to attacks (heal, counter-attack,
//! hatch, counter-phase). Each function builds the action the engine would
//! record, drawing exactly where it draws, or `None` when nothing happens.

use crate::action::{ActionKind, Change, Res};
use crate::attack::js_round;
use crate::draws::{Draw, Draws, Use};
use crate::game::{Color, Game};
use crate::units::UnitType;

/// A team's score for phasing and the Seed's aim (spec §9.2).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Score {
    pub team: usize,
    pub score: f64,
    pub tie: f64,
}

/// The team scores: every team but Chaos that has units, with one draw each,
/// sorted by score descending then draw ascending (stable, D13).
pub fn team_scores(game: &Game, draws: &mut dyn Draws) -> Vec<Score> {
    let mut scores: Vec<Score> = game
        .teams
        .iter()
        .enumerate()
        .filter(|(_, t)| !t.is_chaos() && !t.units.is_empty())
        .map(|(i, t)| {
            let health: i32 = t.units.iter().map(|u| u.health_left()).sum();
            let tie = draws.draw(Draw {
                team: Some(i),
                ..Draw::new(Use::TeamScore, game.turn)
            });
            Score {
                team: i,
                score: f64::from(health) / 150.0,
                tie,
            }
        })
        .collect();
    scores.sort_by(|a, b| {
        b.score
            .partial_cmp(&a.score)
            .unwrap_or(std::cmp::Ordering::Equal)
            .then(
                a.tie
                    .partial_cmp(&b.tie)
                    .unwrap_or(std::cmp::Ordering::Equal),
            )
    });
    scores
}

/// The colour a phase of `unit` would take (spec §9.2): the weakest team's,
/// skipping `banned`; the Dragon keeps White unless more than one team is
/// scored.
fn phase_color(game: &Game, kind: UnitType, banned: Option<usize>, draws: &mut dyn Draws) -> Color {
    let scores = team_scores(game, draws);
    if kind == UnitType::ChaosDragon && scores.len() <= 1 {
        return Color::White;
    }
    scores
        .iter()
        .rev()
        .find(|s| Some(s.team) != banned)
        .and_then(|s| game.teams[s.team].color)
        .unwrap_or(Color::White)
}

/// The Chaos team's phase at the end of its own turn (spec §4.3 step 11,
/// §9.2): its first unit takes the weakest team's colour.
pub fn end_of_turn_phase(game: &Game, draws: &mut dyn Draws) -> Option<ActionKind> {
    let team = &game.teams[game.current_team()];
    let u = team.units.first()?;
    let color = phase_color(game, u.kind, None, draws);
    (u.color != Some(color)).then_some(ActionKind::Phase {
        unit: u.id,
        color,
        results: None,
    })
}

/// What the struck Seed or Dragon was when the attack's results were made.
#[derive(Debug, Clone, Copy)]
pub struct Struck {
    pub id: u32,
    pub kind: UnitType,
    pub color: Option<Color>,
}

/// The answer of a struck Seed or Dragon to `attacker`'s attack, given the
/// result it got (spec §9.3, §9.4).
pub fn counter(
    game: &Game,
    struck: Struck,
    attacker: u32,
    result: &Res,
    draws: &mut dyn Draws,
) -> Option<ActionKind> {
    let a = game.unit(attacker)?;
    let a_team = game.team_of(attacker)?;
    match struck.kind {
        UnitType::ChaosSeed => {
            let seed = game.unit(struck.id)?;
            if result.miss.is_some() {
                seed_heal(game, seed.id, seed.color, a.color, a_team, draws)
            } else {
                let h = result.m_health()?;
                if h > -seed.kind.stats().health {
                    seed_attack(game, seed.id, seed.color, a.color, a_team, draws)
                } else {
                    Some(ActionKind::Hatch {
                        unit: seed.id,
                        target: a.tile,
                        results: vec![
                            Res::new(seed.id, vec![Change::Type(UnitType::ChaosDragon)]),
                            Res::new(a.id, vec![Change::MHealth(-a.kind.stats().health)]),
                        ],
                    })
                }
            }
        }
        UnitType::ChaosDragon => {
            if attacker == struck.id || a.color != struck.color {
                return None;
            }
            let color = phase_color(game, UnitType::ChaosDragon, Some(a_team), draws);
            (struck.color != Some(color)).then(|| ActionKind::Phase {
                unit: struck.id,
                color,
                results: Some(vec![Res {
                    banned: Some(vec![a_team]),
                    ..Res::new(struck.id, vec![])
                }]),
            })
        }
        _ => None,
    }
}

/// `floor(r × n)`, kept inside `0..n`.
fn pick(r: f64, n: usize) -> usize {
    ((r * n as f64).floor() as usize).min(n.saturating_sub(1))
}

/// The Seed blocked: it heals a wounded unit of the team wearing its colour
/// (spec §9.3).
fn seed_heal(
    game: &Game,
    seed: u32,
    seed_color: Option<Color>,
    attacker_color: Option<Color>,
    attacker_team: usize,
    draws: &mut dyn Draws,
) -> Option<ActionKind> {
    let team = if attacker_color == seed_color {
        Some(attacker_team)
    } else {
        game.teams
            .iter()
            .position(|t| !t.is_chaos() && t.units.first().is_some_and(|u| u.color == seed_color))
    }?;
    let wounded: Vec<_> = game.teams[team]
        .units
        .iter()
        .filter(|u| u.m_health < 0)
        .collect();
    if wounded.is_empty() {
        return None;
    }
    let r = draws.draw(Draw::new(Use::HealTarget, game.turn));
    let u = wounded[pick(r, wounded.len())];
    let power = UnitType::ChaosSeed.stats().power;
    Some(ActionKind::Heal {
        unit: seed,
        target: u.tile,
        results: vec![Res {
            notice: Some("Nice".into()),
            ..Res::new(u.id, vec![Change::MHealth((u.m_health + power).min(0))])
        }],
    })
}

/// The Seed was hit and lives: it strikes a unit of the strongest other team
/// when the attacker wears its colour, else of the attacker's team (spec
/// §9.3, D1).
fn seed_attack(
    game: &Game,
    seed: u32,
    seed_color: Option<Color>,
    attacker_color: Option<Color>,
    attacker_team: usize,
    draws: &mut dyn Draws,
) -> Option<ActionKind> {
    let team = if attacker_color == seed_color {
        let scores: Vec<_> = team_scores(game, draws)
            .into_iter()
            .filter(|s| s.team != attacker_team)
            .collect();
        match scores.first() {
            None => attacker_team,
            Some(best) => {
                let top: Vec<usize> = scores
                    .iter()
                    .filter(|s| s.score == best.score)
                    .map(|s| s.team)
                    .collect();
                let r = draws.draw(Draw::new(Use::CounterTeam, game.turn));
                top[pick(r, top.len())]
            }
        }
    } else {
        attacker_team
    };
    let units = &game.teams[team].units;
    if units.is_empty() {
        return None;
    }
    let r = draws.draw(Draw::new(Use::CounterTarget, game.turn));
    let v = &units[pick(r, units.len())];
    let s = game.unit(seed)?;
    let power = UnitType::ChaosSeed.stats().power + s.m_power;
    let armor = v.kind.stats().armor + v.m_armor;
    let d = js_round(f64::from(power) * (1.0 - f64::from(armor) / 100.0)) as i32;
    let health = v.kind.stats().health;
    Some(ActionKind::Attack {
        unit: seed,
        direction: None,
        target: Some(v.tile),
        results: vec![Res::new(
            v.id,
            vec![Change::MHealth((v.m_health - d).max(-health))],
        )],
    })
}

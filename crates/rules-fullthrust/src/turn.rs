//! One played turn (gzf-ft2 spec 7.1 steps 2–5) on an FT2 model that already
//! holds every order: movement, simultaneous beam fire, damage and threshold
//! checks, then the output file with orders removed and `Turn` advanced.
//!
//! The arithmetic is the gzf crate's (`gzf::rules`); this module only
//! sequences it, draws the dice from one source in the spec's normative
//! order, writes the results back into the model, and describes what happened
//! as game-record actions (with the dice, game-record spec 2.1 rule 8).

use engine::record::{Action, ActionResult};
use gzf::ft2::values::{DamageStatus, Status, Value};
use gzf::ft2::view::Ship;
use gzf::ft2::{BlockKind, Ft2Block, Ft2File};
use gzf::rules::damage::{checks, mark, threshold_checks, CheckedSystem};
use gzf::rules::fire::{fire_step, in_play, Shot};
use gzf::rules::movement::move_ship;
use serde_json::{json, Map, Value as Json};

use crate::state::strip_orders;

fn set_damage(block: &mut Ft2Block, damage: Option<DamageStatus>) {
    let mut status = match block.get("Status") {
        Some(Value::Status(s)) => *s,
        _ => Status::default(),
    };
    status.damage = damage;
    block.set("Status", Value::Status(status));
}

fn changes(pairs: Vec<(&str, Json)>) -> Option<Map<String, Json>> {
    Some(pairs.into_iter().map(|(k, v)| (k.to_string(), v)).collect())
}

fn result(unit: u64, pairs: Vec<(&str, Json)>) -> ActionResult {
    ActionResult {
        unit: Some(unit),
        changes: changes(pairs).map(Into::into),
        results: None,
        extra: Map::new().into(),
    }
}

/// Position in MU for the record: hundredths as a decimal number.
fn mu(hundredths: i64) -> Json {
    json!(hundredths as f64 / 100.0)
}

/// Plays the set-up turn (spec 7.1, N = 0): nothing moves or fires; every
/// order is dropped and the file goes to `Turn: 1`.
fn set_up_turn(file: &mut Ft2File) {
    strip_orders(file);
    advance_turn(file);
}

fn advance_turn(file: &mut Ft2File) {
    if let Some(scenario) = file.first(BlockKind::Scenario) {
        let turn = file.turn().unwrap_or(0);
        file.blocks[scenario].set("Turn", Value::Int(turn.saturating_add(1)));
    }
}

/// Plays the file's current turn with dice from `roll`, and returns the
/// record's actions. `team` gives a ship's seat for the record.
pub fn play_turn(
    file: &mut Ft2File,
    roll: &mut dyn FnMut() -> u8,
    team: &dyn Fn(&Ship) -> Option<u64>,
) -> Vec<Action> {
    if file.turn().unwrap_or(0) < 1 {
        set_up_turn(file);
        return Vec::new();
    }
    let mut actions = Vec::new();
    let mut ships: Vec<Ship> = file.ships();

    let ids: Vec<u64> = (1..=ships.len() as u64).collect();

    // Step 2, movement (spec 7.3). A ship in play without course or
    // velocity (E212) cannot move; the state never holds one because
    // setup refuses such a scenario.
    for (i, s) in ships.iter_mut().enumerate().filter(|(_, s)| in_play(s)) {
        let (Some(at), Some(course), Some(v)) = (s.position, s.course, s.velocity) else {
            continue;
        };
        let out = move_ship(at, course, v, s.thrust_rating.unwrap_or(0), &s.move_order);
        let written: Vec<String> = s.move_order.iter().map(|m| m.to_string()).collect();
        let mut a = Action::new("move", Some(ids[i]), team(s));
        if !written.is_empty() {
            a.extra.insert("move".into(), json!(written.join(" ")));
        }
        // The turn notes of spec 6.4 that movement gives: N401 (elements
        // dropped) and N410 (the ship left the Scenario's extent).
        let mut notes = Vec::new();
        if out.plan.dropped.is_some() {
            notes.push("N401");
            a.extra.insert("applied".into(), json!(out.plan.applied));
        }
        if file.outside_extent(out.position) {
            notes.push("N410");
        }
        if !notes.is_empty() {
            a.extra.insert("notes".into(), json!(notes));
        }
        a.results = Some(vec![result(
            ids[i],
            vec![
                ("position", json!([mu(out.position.x), mu(out.position.y)])),
                ("course", json!(out.course)),
                ("velocity", json!(out.velocity)),
            ],
        )]);
        actions.push(a);
        s.position = Some(out.position);
        s.course = Some(out.course);
        s.velocity = Some(out.velocity);
    }

    // Step 3, simultaneous fire (spec 7.4). The dice are drawn in the
    // normative order by `fire_step`; recording them as they come and
    // handing each firing battery its share keeps the record replayable.
    let mut drawn = Vec::new();
    let (damage, orders) = fire_step(&ships, &mut || {
        let d = roll();
        drawn.push(d);
        d
    });
    let mut next_die = 0;
    for order in &orders {
        let Some(firer) = ships
            .iter()
            .position(|s| s.systems.iter().any(|x| x.block == order.system))
        else {
            continue;
        };
        let battery = ships[firer]
            .systems
            .iter()
            .position(|x| x.block == order.system)
            .unwrap_or(0);
        let mut a = Action::new("fire", Some(ids[firer]), team(&ships[firer]));
        a.extra.insert("battery".into(), json!(battery + 1));
        a.extra
            .insert("system".into(), json!(ships[firer].systems[battery].kind));
        match order.shot {
            Shot::Fires { target, dice } => {
                let end = (next_die + dice as usize).min(drawn.len());
                let rolled = &drawn[next_die..end];
                next_die = end;
                let screen = gzf::rules::fire::screen_level(&ships[target]);
                let points: u32 = rolled
                    .iter()
                    .map(|&d| gzf::rules::fire::die_score(d, screen))
                    .sum();
                a.extra.insert("targetUnit".into(), json!(ids[target]));
                a.extra.insert("dice".into(), json!(rolled));
                a.extra.insert("points".into(), json!(points));
            }
            Shot::Refused(note) => {
                a.extra.insert("note".into(), json!(note.code()));
            }
        }
        actions.push(a);
    }

    // Step 4, damage in file order (spec 7.5). It draws dice, so it is
    // computed first in file order and written afterwards in reverse, so an
    // inserted Drive block does not shift blocks still to be written.
    let mut outcomes = Vec::new();
    for (i, s) in ships.iter().enumerate().filter(|(_, s)| in_play(s)) {
        // Setup refuses a ship in play without a track, so this always
        // finds one.
        let Some(track) = s.damage_track.clone() else {
            continue;
        };
        let (after, destroyed) = mark(&track, damage[i]);
        let fail_on = if destroyed {
            Vec::new()
        } else {
            checks(&track, track.checked, after.checked)
        };
        let systems: Vec<CheckedSystem> = s
            .systems
            .iter()
            .map(|x| CheckedSystem {
                is_drive: x.kind == "Drive",
                damage: x.status.damage,
            })
            .collect();
        let mut rolled = Vec::new();
        let out = threshold_checks(
            &systems,
            s.thrust_rating.unwrap_or(0),
            &fail_on,
            &mut || {
                let d = roll();
                rolled.push(d);
                d
            },
        );
        if damage[i] > 0 || !rolled.is_empty() {
            let mut a = Action::new("damage", Some(ids[i]), team(s));
            a.extra.insert("points".into(), json!(damage[i]));
            a.extra.insert("thresholds".into(), json!(fail_on));
            a.extra.insert("dice".into(), json!(rolled));
            let mut pairs = vec![("damageTrack", json!(after.lines().join(" ")))];
            if destroyed {
                pairs.push(("status", json!("Destroyed")));
            }
            if out.thrust != s.thrust_rating.unwrap_or(0) {
                pairs.push(("thrust", json!(out.thrust)));
            }
            let failed: Vec<String> = s
                .systems
                .iter()
                .zip(&out.systems)
                .enumerate()
                .filter(|(_, (sys, new))| **new != sys.status.damage)
                .map(|(k, (sys, new))| format!("{} {}: {}", sys.kind, k + 1, damage_word(*new)))
                .chain(
                    out.new_drive
                        .map(|d| format!("Drive: {}", damage_word(Some(d)))),
                )
                .collect();
            if !failed.is_empty() {
                pairs.push(("systems", json!(failed)));
            }
            a.results = Some(vec![result(ids[i], pairs)]);
            actions.push(a);
        }
        outcomes.push((i, after, destroyed, out));
    }

    // Step 5, the output file (spec 7.1): write back in reverse file order.
    for (i, track, destroyed, out) in outcomes.into_iter().rev() {
        let s = &ships[i];
        let b = &mut file.blocks[s.block];
        if let (Some(c), Some(v), Some(p)) = (s.course, s.velocity, s.position) {
            b.set("Course", Value::Clock(c));
            b.set("Velocity", Value::Int(v));
            b.set("Position-X", Value::Decimal(p.x));
            b.set("Position-Y", Value::Decimal(p.y));
        }
        b.set("Thrust-Rating", Value::Int(out.thrust));
        b.set("Damage-Track", Value::Track(track));
        if destroyed {
            set_damage(b, Some(DamageStatus::Destroyed));
        }
        for (sys, new) in s.systems.iter().zip(&out.systems) {
            if *new != sys.status.damage {
                set_damage(&mut file.blocks[sys.block], *new);
            }
        }
        if let Some(drive) = out.new_drive {
            let mut block = Ft2Block::new(BlockKind::System, Value::Word("Drive".into()));
            set_damage(&mut block, Some(drive));
            file.insert_component(s.block, block);
        }
    }
    strip_orders(file);
    advance_turn(file);
    actions
}

fn damage_word(d: Option<DamageStatus>) -> &'static str {
    match d {
        None => "intact",
        Some(DamageStatus::Damaged) => "Damaged",
        Some(DamageStatus::Repaired) => "Repaired",
        Some(DamageStatus::Destroyed) => "Destroyed",
    }
}

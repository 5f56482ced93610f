//! Property tests over random bot games and random input sequences: every
//! recorded action is one the rules accept again, records are valid game
//! records that re-run from their seed, games end, no unit stands off the
//! board or on another's tile, and nothing panics on any input or text.

use std::collections::HashSet;

use engine::GameRng;
use proptest::prelude::*;
use serde_json::Value;
use tactics::board::{Dir, Tile};
use tactics::draws::{DrawsFile, RngDraws};
use tactics::game::{default_teams, Game, GameKind};
use tactics::record::GameLog;
use tactics::selfplay::play_bots;
use tactics::{rerun, Input, Rerun};

/// What must hold of any board: units on tiles of the board, one per tile,
/// ids unique, health and recovery in range.
fn check_board(g: &Game) -> Result<(), String> {
    let mut tiles = HashSet::new();
    let mut ids = HashSet::new();
    for u in g.units() {
        if Tile::at(u.tile.x, u.tile.y).is_none() {
            return Err(format!("unit {} on {}, off the board", u.id, u.tile));
        }
        if !tiles.insert(u.tile) {
            return Err(format!("two units on {}", u.tile));
        }
        if !ids.insert(u.id) {
            return Err(format!("unit id {} twice", u.id));
        }
        let health = u.kind.stats().health;
        if u.m_health > 0 || u.m_health < -health || u.m_recovery < 0 {
            return Err(format!(
                "unit {} has mHealth {} and mRecovery {}",
                u.id, u.m_health, u.m_recovery
            ));
        }
    }
    Ok(())
}

/// Every turn of a record: its team's own actions are one unit's, with at
/// most one move and one attack, nothing of its own after a `turn`, and a
/// finished turn ends with `endTurn`.
fn check_turns(record: &Value) -> Result<(), String> {
    let mut turns: Vec<&Value> = record["turns"].as_array().unwrap().iter().collect();
    let open = serde_json::json!({"units": record["units"], "actions": record["actions"]});
    turns.push(&open);
    let n = record["teams"].as_array().unwrap().len();
    let last = turns.len() - 1;
    for (i, t) in turns.iter().enumerate() {
        let team: HashSet<u64> = t["units"][i % n]
            .as_array()
            .unwrap()
            .iter()
            .map(|u| u["id"].as_u64().unwrap())
            .collect();
        let actions = t["actions"].as_array().unwrap();
        let (mut moves, mut attacks, mut turned) = (0, 0, false);
        let mut actor = None;
        for a in actions {
            let kind = a["type"].as_str().unwrap();
            let Some(unit) = a["unit"].as_u64().filter(|u| team.contains(u)) else {
                continue;
            };
            if !matches!(kind, "move" | "attack" | "attackSpecial" | "turn") {
                continue;
            }
            if turned {
                return Err(format!("turn {i}: {kind} after the unit turned"));
            }
            if *actor.get_or_insert(unit) != unit {
                return Err(format!(
                    "turn {i}: units {} and {unit} both acted",
                    actor.unwrap()
                ));
            }
            match kind {
                "move" => moves += 1,
                "turn" => turned = true,
                _ => attacks += 1,
            }
        }
        if moves > 1 || attacks > 1 {
            return Err(format!("turn {i}: {moves} moves and {attacks} attacks"));
        }
        if i < last && actions.last().map(|a| &a["type"]) != Some(&Value::from("endTurn")) {
            return Err(format!(
                "turn {i} is finished but does not end with endTurn"
            ));
        }
    }
    Ok(())
}

fn kind_strategy() -> impl Strategy<Value = GameKind> {
    prop_oneof![Just(GameKind::Classic), Just(GameKind::Chaos)]
}

fn bot_strategy() -> impl Strategy<Value = &'static str> {
    prop_oneof![Just("random"), Just("greedy")]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 12, .. ProptestConfig::default() })]

    /// Whole bot games: they end, their records read as game records, every
    /// turn keeps the one-unit rule, and they re-run from their seed alone
    /// (so every action recorded is one the rules accept again).
    #[test]
    fn bot_games_end_and_their_records_rerun(
        kind in kind_strategy(),
        seed in any::<u64>(),
        a in bot_strategy(),
        b in bot_strategy(),
    ) {
        let played = play_bots(kind, seed, &[a, b], 20_000, true).unwrap();
        prop_assert!(played.game.is_over(), "{kind:?} {a}/{b} seed {seed}: no end in 20,000 turns");
        check_board(&played.game).map_err(TestCaseError::fail)?;
        let log = played.log.unwrap();
        let json = log.record_json(&played.game, Some("2026-01-01T00:00:00.000Z"), Some(seed));
        check_turns(&json).map_err(TestCaseError::fail)?;
        let (rec, _) = record::read_record(&json.to_string())
            .map_err(|e| TestCaseError::fail(e.to_string()))?;
        match rerun(&rec, None).unwrap() {
            Rerun::Agrees(r) => prop_assert_eq!(r.draws, played.draws),
            Rerun::Diverges(d) => prop_assert!(false, "{kind:?} {a}/{b} seed {seed}: {d}"),
        }
    }
}

/// Any input a player could send, on or off the board.
fn input_strategy() -> impl Strategy<Value = Input> {
    let unit = 0u32..26;
    let tile = (-2i32..13, -2i32..13).prop_map(|(x, y)| Tile::new(x, y));
    let dir = prop::sample::select(vec![
        Dir::N,
        Dir::E,
        Dir::S,
        Dir::W,
        Dir::NE,
        Dir::SW,
        Dir::WN,
        Dir::ES,
        Dir::NSEW,
    ]);
    prop_oneof![
        4 => (unit.clone(), tile.clone(), prop::option::weighted(0.2, dir.clone()))
            .prop_map(|(unit, assignment, direction)| Input::Move { unit, assignment, direction }),
        4 => (unit.clone(), prop::option::weighted(0.8, tile), prop::option::weighted(0.2, dir.clone()))
            .prop_map(|(unit, target, direction)| Input::Attack { unit, target, direction }),
        1 => unit.clone().prop_map(|unit| Input::AttackSpecial { unit }),
        2 => (unit, dir).prop_map(|(unit, direction)| Input::Turn { unit, direction }),
        1 => Just(Input::EndTurn),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, .. ProptestConfig::default() })]

    /// Random batches of random inputs: no panic, the board stays sound, the
    /// turn only goes forward, and the record re-runs from the seed.
    #[test]
    fn any_input_sequence_is_played_soundly(
        kind in kind_strategy(),
        seed in any::<u64>(),
        batches in prop::collection::vec(prop::collection::vec(input_strategy(), 0..6), 1..40),
    ) {
        let mut rng = GameRng::from_seed(seed);
        let mut draws = RngDraws::new(&mut rng);
        let mut game = Game::start(kind, default_teams(kind), &mut draws).unwrap();
        let mut log = GameLog::new(&game);
        for batch in &batches {
            let before = game.turn;
            // As through the engine: orders the check refuses are not played,
            // and the seat's turn passes.
            let checked = game.is_over()
                || tactics::ruleset::check_orders(&game, game.current_team(), batch).is_ok();
            let pass = [Input::EndTurn];
            game.play(if checked { batch } else { &pass }, &mut draws, &mut log);
            tactics::ruleset::play_chaos_turns(&mut game, &mut draws, &mut log);
            check_board(&game).map_err(TestCaseError::fail)?;
            prop_assert!(game.turn >= before);
        }
        let json = log.record_json(&game, None, Some(seed));
        check_turns(&json).map_err(TestCaseError::fail)?;
        let (rec, _) = record::read_record(&json.to_string())
            .map_err(|e| TestCaseError::fail(e.to_string()))?;
        match rerun(&rec, None).unwrap() {
            Rerun::Agrees(r) => prop_assert_eq!(r.draws, draws.count),
            Rerun::Diverges(d) => prop_assert!(false, "{d}"),
        }
    }

    /// Unchecked inputs, straight into the rules: nothing panics and the
    /// board stays sound.
    #[test]
    fn unchecked_inputs_never_break_the_rules(
        kind in kind_strategy(),
        seed in any::<u64>(),
        batches in prop::collection::vec(prop::collection::vec(input_strategy(), 0..6), 1..40),
    ) {
        let mut rng = GameRng::from_seed(seed);
        let mut draws = RngDraws::new(&mut rng);
        let mut game = Game::start(kind, default_teams(kind), &mut draws).unwrap();
        for batch in &batches {
            game.play(batch, &mut draws, &mut tactics::turn::NoLog);
            check_board(&game).map_err(TestCaseError::fail)?;
        }
    }

    /// No text makes the file readers panic.
    #[test]
    fn any_text_is_read_without_panic(text in ".{0,400}", bytes in prop::collection::vec(any::<u8>(), 0..400)) {
        let _ = tactics::files::parse_orders(text.as_bytes());
        let _ = tactics::files::parse_orders(&bytes);
        let _ = tactics::files::parse_view(&text);
        let _ = tactics::files::parse_view(&format!("Tactics view\n{text}\nEND\n"));
        let _ = DrawsFile::parse(&text);
        let _ = tactics::rerun_text(&text, None);
    }

    /// Orders files made of plausible lines in any order never panic the
    /// reader, and what it accepts writes back to the same inputs.
    #[test]
    fn orders_files_round_trip(inputs in prop::collection::vec(input_strategy(), 0..8)) {
        let cardinal = inputs.iter().all(|i| match i {
            Input::Move { direction, assignment, .. } => direction.is_none_or(Dir::is_cardinal) && Tile::at(assignment.x, assignment.y).is_some(),
            Input::Attack { direction, target, .. } => direction.is_none_or(Dir::is_cardinal) && target.is_none_or(|t| Tile::at(t.x, t.y).is_some()),
            Input::Turn { direction, .. } => direction.is_cardinal(),
            _ => true,
        });
        let text = tactics::files::write_orders(&inputs);
        let back = tactics::files::parse_orders(text.as_bytes());
        let kept: Vec<Input> = inputs.iter().copied().take_while(|i| *i != Input::EndTurn).collect();
        if cardinal {
            prop_assert_eq!(back, Ok(Some(kept)));
        }
    }
}

//! What a TaE record carries so that anyone can re-verify a game without
//! this project's generator (issue 15, point 7): every colonist drawn, at
//! setup (`setupActions`) and in each turn's refill (`draw` actions), each
//! seen only by its owner until the end (`seenBy`).

use std::sync::Arc;

use engine::record::{Action, GameRecord};
use engine::{GameRng, Match, Ruleset, Seat, Setup};
use tae::Tae;

/// A whole game between the greedy and random bots, with its record.
fn played(seed: u64) -> (Match<Tae>, GameRecord) {
    let rules = Arc::new(Tae);
    let setup = Setup {
        scenario: String::new(),
        seed,
        ..Setup::default()
    };
    let mut game = Match::start(rules.clone(), setup, true, Some("2026-11-27T00:00:00Z")).unwrap();
    let mut bots = [rules.bot("greedy").unwrap(), rules.bot("random").unwrap()];
    let mut rng = GameRng::from_seed(seed);
    for _ in 0..400 {
        if game.outcome().is_some() {
            break;
        }
        for seat in game.awaiting() {
            let view = game.view(Some(seat));
            let orders = bots[seat.0].orders(&rules, &view, seat, &mut rng);
            let _ = game.submit(seat, orders);
        }
        game.resolve(Some("2026-11-27T00:00:01Z"));
    }
    let record = game.record().unwrap();
    (game, record)
}

#[test]
fn the_record_names_every_colonist_drawn_and_who_may_see_it() {
    let (game, record) = played(21);
    assert!(game.outcome().is_some(), "the bots finish the game");
    let setup: Vec<Action> = serde_json::from_value(record.extra["setupActions"].clone()).unwrap();
    assert_eq!(setup.len(), 12, "two hands of six");
    let in_turns: Vec<&Action> = record
        .turns
        .iter()
        .flat_map(|t| &t.actions)
        .filter(|a| a.action_type == "draw")
        .collect();
    let draws: Vec<&Action> = setup.iter().chain(in_turns).collect();
    // One identifier after another from 13 (after the 2 x 6 leaders and
    // bombers, tae spec 3.4), each with its type, seen by its owner only.
    for (i, d) in draws.iter().enumerate() {
        assert_eq!(d.unit, Some(13 + i as u64), "{d:?}");
        assert_eq!(d.seen_by(), Some(vec![d.team_id.unwrap()]));
        assert!(["merchant", "scientist", "settler", "mining"]
            .contains(&d.extra["kind"].as_str().unwrap()));
    }
    // Every colony placed was a colonist drawn with that very type.
    let mut colonies = 0;
    for a in record.turns.iter().flat_map(|t| &t.actions) {
        if a.action_type == "colonize" {
            let d = draws.iter().find(|d| d.unit == a.unit).expect("drawn");
            assert_eq!(d.team_id, a.team_id);
            assert_eq!(Some(&d.extra["kind"]), a.extra["detail"].get("kind"));
            colonies += 1;
        }
    }
    assert!(colonies > 0);
    // The first hands are the ones the setup dealt; the last draws are
    // the hands at the end.
    let hand_now = |seat: usize| -> Vec<u64> {
        let v = serde_json::to_value(game.view(Some(Seat(seat)))).unwrap();
        v["hand"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| c["id"].as_u64().unwrap())
            .collect()
    };
    for seat in 0..2 {
        for id in hand_now(seat) {
            let d = draws.iter().find(|d| d.unit == Some(id)).expect("drawn");
            assert_eq!(d.team_id, Some(seat as u64));
        }
    }
    // Refill draws come before the end is announced.
    let last = record
        .turns
        .iter()
        .rev()
        .find(|t| !t.actions.is_empty())
        .unwrap();
    assert_eq!(last.actions.last().unwrap().action_type, "game_over");
    // And the record, with its draws, re-runs.
    assert_eq!(
        engine::verify::verify(Arc::new(Tae), &record).unwrap(),
        None
    );
}

#[test]
fn a_record_whose_dealt_hands_differ_does_not_verify() {
    let (_, mut record) = played(5);
    let mut setup = record.extra["setupActions"].clone();
    setup[0]["kind"] = if setup[0]["kind"] == "merchant" {
        "mining".into()
    } else {
        "merchant".into()
    };
    record.extra.insert("setupActions".into(), setup);
    let d = engine::verify::verify(Arc::new(Tae), &record)
        .unwrap()
        .expect("a divergence");
    assert!(d.path.starts_with("$.setupActions[0]"), "{d}");
}

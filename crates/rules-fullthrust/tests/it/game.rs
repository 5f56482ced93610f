//! Whole games from the bundled scenario: bots play to the end, the record
//! is kept, and re-running the record gives the same game.

use std::sync::Arc;

use engine::{play_bots, Match, Ruleset, Setup};
use fullthrust::FullThrust;

fn duel(seed: u64) -> Setup {
    Setup {
        scenario: "duel".into(),
        seed,
        ..Setup::default()
    }
}

#[test]
fn closer_bots_fight_the_duel_to_the_end() {
    let game = play_bots(Arc::new(FullThrust), duel(7), &["closer", "closer"], 200).unwrap();
    let outcome = game.outcome.expect("the battle ends");
    assert!(game.turns <= fullthrust::DEFAULT_TURN_LIMIT);
    assert!(outcome.scores.is_some());
}

#[test]
fn closer_beats_random_more_often_than_not() {
    let mut wins = 0;
    for seed in 0..6 {
        let game = play_bots(Arc::new(FullThrust), duel(seed), &["closer", "random"], 200).unwrap();
        if game.outcome.and_then(|o| o.winner) == Some(engine::Seat(0)) {
            wins += 1;
        }
    }
    assert!(wins >= 4, "closer won {wins} of 6");
}

#[test]
fn a_recorded_game_replays_exactly() {
    let rules = Arc::new(FullThrust);
    let mut game =
        Match::start(rules.clone(), duel(3), true, Some("2026-11-22T00:00:00Z")).unwrap();
    let mut bots = [rules.bot("closer").unwrap(), rules.bot("random").unwrap()];
    let mut bot_rng = engine::GameRng::from_seed(99);
    while game.outcome().is_none() {
        for seat in game.awaiting() {
            let view = game.view(Some(seat));
            let orders = bots[seat.0].orders(&rules, &view, seat, &mut bot_rng);
            game.submit(seat, orders).expect("bot orders are accepted");
        }
        game.resolve(Some("2026-11-22T00:00:00Z"));
    }
    let record = game.record().expect("record kept");
    assert!(record.turns.len() > 1);
    let fired = record
        .turns
        .iter()
        .flat_map(|t| &t.actions)
        .filter(|a| a.action_type == "fire" && a.extra.contains_key("dice"))
        .count();
    assert!(fired > 0, "someone fired");
    assert_eq!(
        engine::verify::verify(rules.clone(), &record).unwrap(),
        None
    );
    // A record whose dice were tampered with no longer verifies.
    let mut json = serde_json::to_value(&record).unwrap();
    let setup = json["setup"].as_object_mut().unwrap();
    setup.insert("seed".into(), serde_json::json!(4));
    let changed: engine::record::GameRecord = serde_json::from_value(json).unwrap();
    assert!(engine::verify::verify(rules, &changed).unwrap().is_some());
}

#[test]
fn a_turn_limit_ends_a_game_that_never_meets() {
    let mut setup = duel(1);
    setup
        .options
        .insert("turn_limit".into(), serde_json::json!(2));
    let rules = FullThrust;
    let mut rng = engine::GameRng::from_seed(1);
    let mut state = rules.setup(&setup, &mut rng).unwrap();
    for _ in 0..2 {
        assert!(rules.outcome(&state).is_none());
        rules.resolve(&mut state, &[], &mut rng, None);
    }
    let o = rules.outcome(&state).expect("turn limit reached");
    assert!(o.reason.contains("turn limit"));
    // Nobody fired, so both fleets keep every box (18 and 16): Blue leads.
    assert_eq!(o.scores, Some(vec![18, 16]));
    assert_eq!(o.winner, Some(engine::Seat(0)));
}

#[test]
fn a_saved_game_resumes_exactly() {
    let rules = Arc::new(FullThrust);
    let play = |game: &mut Match<FullThrust>, turns: usize| {
        let mut bots = [rules.bot("closer").unwrap(), rules.bot("closer").unwrap()];
        let mut bot_rng = engine::GameRng::from_seed(game.turn());
        for _ in 0..turns {
            for seat in game.awaiting() {
                let view = game.view(Some(seat));
                let orders = bots[seat.0].orders(&rules, &view, seat, &mut bot_rng);
                game.submit(seat, orders).unwrap();
            }
            game.resolve(None);
        }
    };
    let mut first = Match::start(rules.clone(), duel(11), false, None).unwrap();
    play(&mut first, 3);
    let mut resumed = Match::restore(rules.clone(), first.save()).unwrap();
    play(&mut first, 4);
    play(&mut resumed, 4);
    assert_eq!(first.state().file, resumed.state().file);
    assert_eq!(first.turn(), 8);
}

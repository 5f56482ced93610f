use std::sync::Arc;

use engine::verify::verify;
use engine::{DynRuleset, GameRng, Match, Registered, Seat, SeatSpec, Setup};
use serde_json::{json, Value};
use toy::{Orders, SealedBids};

fn setup(seed: u64) -> Setup {
    Setup {
        scenario: "table".into(),
        seats: vec![SeatSpec::default(), SeatSpec::default()],
        seed,
        ..Setup::default()
    }
}

fn start(seed: u64) -> Match<SealedBids> {
    Match::start(
        Arc::new(SealedBids),
        setup(seed),
        true,
        Some("2026-01-01T00:00:00Z"),
    )
    .unwrap()
}

/// A card `seat` holds (its `n`th lowest).
fn card(m: &Match<SealedBids>, seat: usize, n: usize) -> u32 {
    m.state().hands[seat][n]
}

fn bid(c: u32) -> Orders {
    Orders { bid: Some(c) }
}

/// Plays every turn to the end with each seat's lowest or highest card.
fn play_out(m: &mut Match<SealedBids>) {
    while m.outcome().is_none() {
        for s in m.awaiting() {
            let hand = &m.state().hands[s.0];
            let c = if m.turn().is_multiple_of(2) {
                hand[0]
            } else {
                hand[hand.len() - 1]
            };
            m.submit(s, bid(c)).unwrap();
        }
        m.resolve(Some("2026-01-01T00:00:01Z"));
    }
}

#[test]
fn orders_sent_again_replace_the_earlier_ones() {
    let mut m = start(1);
    let (low, high) = (card(&m, 0, 0), card(&m, 0, 4));
    m.submit(Seat(0), bid(low)).unwrap();
    m.submit(Seat(0), bid(high)).unwrap();
    m.submit(Seat(1), bid(card(&m, 1, 0))).unwrap();
    assert!(m.ready());
    m.resolve(None);
    assert!(
        !m.state().hands[0].contains(&high),
        "the second bid was played"
    );
    assert!(m.state().hands[0].contains(&low), "the first was replaced");
}

#[test]
fn rejected_orders_change_nothing_and_are_explained() {
    let mut m = start(2);
    let missing = (1..=10).find(|c| !m.state().hands[0].contains(c)).unwrap();
    let before = serde_json::to_value(m.state()).unwrap();
    let err = m.submit(Seat(0), bid(missing)).unwrap_err();
    assert_eq!(err[0].field.as_deref(), Some("bid"));
    assert!(err[0].message.contains("you hold no"), "{}", err[0].message);
    assert_eq!(m.missing(), vec![Seat(0), Seat(1)], "nothing was stored");
    assert_eq!(serde_json::to_value(m.state()).unwrap(), before);
    let err = m.submit(Seat(7), bid(1)).unwrap_err();
    assert!(err[0].message.contains("seat 7"), "{}", err[0].message);
}

#[test]
fn a_seat_that_sends_nothing_gets_the_default() {
    let mut m = start(3);
    let lowest = card(&m, 1, 0);
    m.submit(Seat(0), bid(card(&m, 0, 0))).unwrap();
    let report = m.resolve(None);
    assert_eq!(report.defaulted, vec![Seat(1)]);
    assert!(
        !m.state().hands[1].contains(&lowest),
        "its lowest card was played"
    );
}

#[test]
fn a_saved_game_resumes_exactly() {
    let mut m = start(4);
    m.submit(Seat(0), bid(card(&m, 0, 2))).unwrap();
    m.submit(Seat(1), bid(card(&m, 1, 1))).unwrap();
    m.resolve(None);
    m.submit(Seat(1), bid(card(&m, 1, 3))).unwrap();
    let saved = m.save();
    let mut back = Match::restore(Arc::new(SealedBids), saved.clone()).unwrap();
    assert_eq!(back.save(), saved, "save and restore round-trip");
    assert_eq!(back.missing(), vec![Seat(0)], "pending orders survive");
    play_out(&mut m);
    play_out(&mut back);
    assert_eq!(m.record_json(), back.record_json());
    assert_eq!(m.outcome(), back.outcome());
}

#[test]
fn a_base_save_with_its_turns_resumes_like_a_whole_save() {
    let mut m = start(5);
    let mut turns = Vec::new();
    for _ in 0..2 {
        for s in m.awaiting() {
            m.submit(s, bid(card(&m, s.0, 0))).unwrap();
        }
        m.resolve(None);
        turns.push(m.last_turn_json().unwrap().to_string());
    }
    let base = m.save_base();
    let back = Match::restore_with_turns(Arc::new(SealedBids), base, &turns).unwrap();
    assert_eq!(back.save(), m.save());
}

#[test]
fn verify_agrees_with_a_true_record_and_finds_the_first_divergence() {
    let mut m = start(6);
    play_out(&mut m);
    let record = m.record().unwrap();
    assert_eq!(verify(Arc::new(SealedBids), &record).unwrap(), None);
    let mut tampered = record.clone();
    let action = &mut tampered.turns[2].actions[0];
    action.extra.insert("card".into(), json!(99));
    let d = verify(Arc::new(SealedBids), &tampered)
        .unwrap()
        .expect("found");
    assert!(d.path.starts_with("$.turns[2].actions[0]"), "{}", d.path);
    assert!(d.expected.contains("99"), "{d}");
    let mut no_setup = record;
    no_setup.extra.remove("setup");
    let err = verify(Arc::new(SealedBids), &no_setup).unwrap_err();
    assert_eq!(err.location.as_deref(), Some("$.setup"));
}

#[test]
fn a_seat_sees_its_own_hand_and_never_another() {
    let m = start(7);
    for seat in [Seat(0), Seat(1)] {
        let other = 1 - seat.0;
        let view = serde_json::to_value(m.view(Some(seat))).unwrap();
        assert_eq!(view["hands"], json!([m.state().hands[seat.0]]));
        let text = view.to_string();
        for c in &m.state().hands[other] {
            assert!(
                !view["hands"][0].as_array().unwrap().contains(&json!(c)),
                "seat {} sees card {c} of seat {other}: {text}",
                seat.0
            );
        }
    }
    let all = serde_json::to_value(m.view(None)).unwrap();
    assert_eq!(
        all["hands"].as_array().unwrap().len(),
        2,
        "a spectator sees both"
    );
}

#[test]
fn the_object_safe_layer_is_the_same_game_in_json() {
    let rules = Registered(Arc::new(SealedBids));
    let mut game = rules.start(setup(8), true, None).unwrap();
    let mut typed = start(8);
    assert_eq!(
        game.view(Some(Seat(0))),
        serde_json::to_value(typed.view(Some(Seat(0)))).unwrap()
    );
    let c0 = card(&typed, 0, 0);
    let c1 = card(&typed, 1, 4);
    game.submit_json(Seat(0), json!({"bid": c0})).unwrap();
    game.submit_json(Seat(1), json!({"bid": c1})).unwrap();
    let err = game.submit_json(Seat(0), json!({"raise": 3})).unwrap_err();
    assert!(
        err[0].message.contains("not valid orders"),
        "{}",
        err[0].message
    );
    typed.submit(Seat(0), bid(c0)).unwrap();
    typed.submit(Seat(1), bid(c1)).unwrap();
    game.resolve(None);
    typed.resolve(None);
    assert_eq!(
        game.save()["state"],
        serde_json::to_value(typed.state()).unwrap()
    );
    let restored = rules.restore(game.save()).unwrap();
    assert_eq!(restored.save(), game.save());
    assert!(matches!(
        rules.restore(json!({"ruleset": "sealedbids"})),
        Err(engine::SetupError { .. })
    ));
}

#[test]
fn bots_finish_games_and_the_same_seed_gives_the_same_game() {
    let rules = Registered(Arc::new(SealedBids));
    let a = rules
        .play_bots(setup(9), &["greedy", "random"], 100)
        .unwrap();
    let b = rules
        .play_bots(setup(9), &["greedy", "random"], 100)
        .unwrap();
    assert!(a.outcome.is_some());
    assert_eq!(a, b);
    assert!(rules.play_bots(setup(9), &["clever"], 100).is_err());
}

#[test]
fn the_generator_is_part_of_the_state() {
    let mut rng = GameRng::from_seed(11);
    rng.next_u32();
    let saved: Value = serde_json::to_value(&rng).unwrap();
    let mut back: GameRng = serde_json::from_value(saved).unwrap();
    assert_eq!(rng.next_u32(), back.next_u32());
}

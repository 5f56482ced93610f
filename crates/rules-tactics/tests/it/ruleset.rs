//! Tactics through the engine: seats, who is awaited (never the Chaos team),
//! order checks (spec D11), resolution with the implied endTurn, whole bot
//! games, the object-safe face, and records the engine re-verifies.

use std::sync::Arc;

use engine::{DynRuleset, Match, OrderIssue, Registered, Ruleset, Seat, SeatSpec, Setup};
use serde_json::json;
use tactics::board::{Dir, Tile};
use tactics::{Input, Tactics};

fn setup(scenario: &str, seed: u64) -> Setup {
    Setup {
        scenario: scenario.into(),
        seed,
        ..Setup::default()
    }
}

fn start(scenario: &str, seed: u64) -> Match<Tactics> {
    Match::start(Arc::new(Tactics), setup(scenario, seed), true, None).unwrap()
}

fn errors(m: &Match<Tactics>, orders: Vec<Input>) -> Vec<OrderIssue> {
    let seat = m.awaiting()[0];
    Tactics
        .check(m.state(), seat, &orders)
        .expect_err("orders the check refuses")
}

#[test]
fn classic_has_two_seats_and_the_first_team_moves_first() {
    let m = start("classic", 1);
    let seats = Tactics.seats(m.state());
    assert_eq!(seats.len(), 2);
    assert_eq!(m.awaiting(), vec![Seat(0)]);
    assert_eq!(seats[0].extra["id"], json!(0));
    assert!(seats[0].extra.contains_key("originalId"));
    assert_eq!(Tactics.units(m.state())[0].len(), 10);
}

#[test]
fn chaos_plays_its_own_turns() {
    let mut m = start("Chaos", 2);
    assert_eq!(Tactics.seats(m.state()).len(), 5);
    assert_eq!(Tactics.seats(m.state())[0].name, "Chaos");
    // Turn 0 is the Chaos team's: nobody is asked, resolving plays it.
    assert!(m.awaiting().is_empty());
    assert!(m.ready());
    m.resolve(None);
    assert_eq!(m.turn(), 1);
    assert_eq!(m.awaiting(), vec![Seat(1)]);
    let record = m.record().unwrap();
    let first: Vec<&str> = record.turns[0]
        .actions
        .iter()
        .map(|a| a.action_type.as_str())
        .collect();
    assert_eq!(first.last(), Some(&"endTurn"));
    // Each round after this, the Seed's turn is played with the turn before.
    for _ in 0..4 {
        let seat = m.awaiting()[0];
        m.submit(seat, vec![]).unwrap();
        m.resolve(None);
    }
    assert_eq!(m.turn(), 6, "four player turns and the Seed's");
    assert_eq!(m.awaiting(), vec![Seat(1)]);
}

#[test]
fn setups_that_do_not_fit_are_refused_with_the_reason() {
    let mut rng = engine::GameRng::from_seed(1);
    let e = Tactics.setup(&setup("checkers", 1), &mut rng).unwrap_err();
    assert_eq!(e.location.as_deref(), Some("scenario"));
    assert!(
        e.message.contains("classic") && e.message.contains("chaos"),
        "{e}"
    );
    let mut three = setup("classic", 1);
    three.seats = vec![SeatSpec::default(); 3];
    let e = Tactics.setup(&three, &mut rng).unwrap_err();
    assert!(e.message.contains("2 player seats, not 3"), "{e}");
    // Chaos takes the 4 player seats; five unmarked ones are one too many.
    let mut five = setup("chaos", 1);
    five.seats = vec![SeatSpec::default(); 5];
    let e = Tactics.setup(&five, &mut rng).unwrap_err();
    assert!(
        e.message.contains("4 player seats")
            && e.message.contains("played by the rules")
            && e.message.contains("not 5"),
        "{e}"
    );
    // The Chaos team marked as the rules' elsewhere than seat 0.
    five.seats[2].rules = true;
    let e = Tactics.setup(&five, &mut rng).unwrap_err();
    assert_eq!(e.location.as_deref(), Some("seats[2]"), "{e}");
    assert!(e.message.contains("the rules play seat 0 only"), "{e}");
}

/// The 4 player seats, or the 5 with seat 0 marked as the rules', are the
/// same game; the Chaos team is a seat the rules play, named `Chaos`.
#[test]
fn a_chaos_game_takes_four_player_seats() {
    let rules = std::sync::Arc::new(Tactics);
    let bots = |n: usize| -> Vec<SeatSpec> {
        (0..n)
            .map(|_| SeatSpec {
                bot: Some("greedy".into()),
                ..SeatSpec::default()
            })
            .collect()
    };
    let mut four = setup("chaos", 6);
    four.seats = bots(4);
    let mut five = setup("chaos", 6);
    five.seats = bots(5);
    five.seats[0] = SeatSpec {
        rules: true,
        ..SeatSpec::default()
    };
    let a = Match::start(rules.clone(), four, true, Some("now")).unwrap();
    let b = Match::start(rules.clone(), five, true, Some("now")).unwrap();
    assert_eq!(a.state(), b.state());
    assert_eq!(
        a.setup(),
        b.setup(),
        "the setup keeps the Chaos team's seat"
    );
    assert!(a.setup().seats[0].rules);
    let rs = Tactics.rules_seats(a.setup());
    assert_eq!(rs.len(), 1);
    assert_eq!((rs[0].seat, rs[0].player), (Seat(0), "Chaos"));
    assert!(Tactics.rules_seats(&setup("classic", 6)).is_empty());
    let record = a.record().unwrap();
    let teams: Vec<_> = record.teams.iter().map(|t| t.as_ref().unwrap()).collect();
    assert_eq!(teams.len(), 5);
    assert_eq!(teams[0].name.as_deref(), Some("Chaos"));
    assert_eq!(
        teams[0].bot,
        Some(json!("Chaos")),
        "as the engine writes it"
    );
    assert_eq!(teams[1].bot, Some(json!("greedy")));
    assert!(!a.awaiting().contains(&Seat(0)));
}

#[test]
fn seats_played_by_bots_are_bot_teams() {
    let mut s = setup("chaos", 4);
    // The 4 player seats; the Chaos team's goes in front.
    s.seats = (1..5)
        .map(|i| SeatSpec {
            bot: (i != 3).then(|| "greedy".to_string()),
            ..SeatSpec::default()
        })
        .collect();
    let mut rng = engine::GameRng::from_seed(4);
    let state = Tactics.setup(&s, &mut rng).unwrap();
    let flags: Vec<Option<bool>> = state
        .game
        .teams
        .iter()
        .map(|t| match &t.bot {
            Some(tactics::game::BotFlag::Flag(b)) => Some(*b),
            _ => None,
        })
        .collect();
    assert_eq!(
        flags,
        [None, Some(true), Some(true), Some(false), Some(true)]
    );
}

#[test]
fn malformed_orders_are_refused_field_by_field() {
    let m = start("classic", 1);
    let seat = m.awaiting()[0].0;
    let mine = m.state().game.teams[seat].units[9].id;
    let theirs = m.state().game.teams[1 - seat].units[0].id;
    let e = errors(
        &m,
        vec![
            Input::Move {
                unit: theirs,
                assignment: Tile::new(5, 5),
                direction: None,
            },
            Input::Turn {
                unit: mine,
                direction: Dir::NE,
            },
        ],
    );
    let fields: Vec<&str> = e.iter().filter_map(|i| i.field.as_deref()).collect();
    assert_eq!(fields, ["orders[0].unit", "orders[1].direction"]);
    assert!(e[0].message.contains("not one of your living units"));
    assert!(e[1].message.contains("N, E, S or W"));
    let too_many = vec![Input::EndTurn; 33];
    assert!(errors(&m, too_many)[0].message.contains("more than the 32"));
}

#[test]
fn a_first_input_that_cannot_be_done_is_refused_and_explained() {
    let m = start("classic", 1);
    let seat = m.awaiting()[0].0;
    let knight = m.state().game.teams[seat].units[6].clone();
    let far = Tile::new(5, 5);
    let e = errors(
        &m,
        vec![Input::Move {
            unit: knight.id,
            assignment: far,
            direction: None,
        }],
    );
    assert_eq!(e[0].field.as_deref(), Some("orders[0]"));
    assert!(
        e[0].message.contains("cannot move to [5, 5]"),
        "{}",
        e[0].message
    );
    let e = errors(&m, vec![Input::AttackSpecial { unit: knight.id }]);
    assert!(e[0].message.contains("has no special"), "{}", e[0].message);
    let cleric = m.state().game.teams[seat].units[0].id;
    let e = errors(
        &m,
        vec![Input::Attack {
            unit: cleric,
            target: Some(Tile::new(5, 5)),
            direction: None,
        }],
    );
    assert!(
        e[0].message.contains("leave out `target`"),
        "{}",
        e[0].message
    );
}

#[test]
fn inputs_that_will_be_skipped_are_noted() {
    let m = start("classic", 1);
    let seat = m.awaiting()[0];
    let units = &m.state().game.teams[seat.0].units;
    let (scout, knight) = (units[9].clone(), units[6].clone());
    let ahead = |u: &tactics::game::Unit| {
        let dy = if u.facing == Dir::N { -1 } else { 1 };
        Tile::new(u.tile.x, u.tile.y + dy)
    };
    let notes = Tactics
        .check(
            m.state(),
            seat,
            &vec![
                Input::Move {
                    unit: scout.id,
                    assignment: ahead(&scout),
                    direction: None,
                },
                Input::Move {
                    unit: scout.id,
                    assignment: scout.tile,
                    direction: None,
                },
                Input::Move {
                    unit: knight.id,
                    assignment: ahead(&knight),
                    direction: None,
                },
                Input::Turn {
                    unit: scout.id,
                    direction: Dir::E,
                },
                Input::AttackSpecial { unit: scout.id },
            ],
        )
        .expect("the first input can be done");
    let fields: Vec<&str> = notes.iter().filter_map(|n| n.field.as_deref()).collect();
    assert_eq!(fields, ["orders[1]", "orders[2]", "orders[4]"], "{notes:?}");
}

#[test]
fn a_seat_that_sends_nothing_passes() {
    let mut m = start("classic", 1);
    let report = m.resolve(None);
    assert_eq!(report.defaulted, vec![Seat(0)]);
    let record = m.record().unwrap();
    let types: Vec<&str> = record.turns[0]
        .actions
        .iter()
        .map(|a| a.action_type.as_str())
        .collect();
    assert_eq!(types, ["endTurn"]);
    assert_eq!(m.awaiting(), vec![Seat(1)]);
}

#[test]
fn whole_bot_games_end_through_the_engine() {
    for (scenario, bots) in [
        ("classic", ["greedy", "random"]),
        ("chaos", ["greedy", "greedy"]),
    ] {
        let game = engine::play_bots(Arc::new(Tactics), setup(scenario, 9), &bots, 3000).unwrap();
        assert!(
            game.outcome.is_some(),
            "{scenario}: no end in {} turns",
            game.turns
        );
    }
}

/// The engine's generic re-run (setup, seed, each turn's orders) agrees with
/// a game it recorded, and the record is a valid game record.
#[test]
fn the_engine_reverifies_its_records_of_tactics_games() {
    for scenario in ["classic", "chaos"] {
        let rules = Arc::new(Tactics);
        let mut m = Match::start(
            rules.clone(),
            setup(scenario, 21),
            true,
            Some("2026-01-01T00:00:00.000Z"),
        )
        .unwrap();
        let mut rng = engine::GameRng::from_seed(21);
        while m.outcome().is_none() && m.turn() < 3000 {
            for seat in m.awaiting() {
                let mut bot = rules
                    .bot(if seat.0 % 2 == 0 { "greedy" } else { "random" })
                    .unwrap();
                let orders = bot.orders(&Tactics, &m.view(Some(seat)), seat, &mut rng);
                m.submit(seat, orders).unwrap();
            }
            m.resolve(Some("2026-01-01T00:00:01.000Z"));
        }
        assert!(m.outcome().is_some());
        let record = m.record().unwrap();
        record::read_record(&record.to_json()).expect("a valid record");
        assert_eq!(
            engine::verify::verify(rules.clone(), &record).unwrap(),
            None,
            "{scenario}"
        );
        // The crate's own re-run takes such records too, and counts draws.
        match tactics::rerun(&record, None).unwrap() {
            tactics::Rerun::Agrees(r) => {
                assert_eq!(r.turns, record.turns.len());
                assert!(r.draws > 1, "{r}");
            }
            tactics::Rerun::Diverges(d) => panic!("{scenario}: {d}"),
        }
        let mut changed = record.clone();
        changed.turns[3].actions.pop();
        match tactics::rerun(&changed, None).unwrap() {
            tactics::Rerun::Diverges(d) => {
                assert!(d.path.starts_with("$.turns[3].actions"), "{d}")
            }
            tactics::Rerun::Agrees(r) => panic!("a changed record agrees: {r}"),
        }
    }
}

#[test]
fn the_object_safe_face_speaks_json() {
    let dynamic: Box<dyn DynRuleset> = Box::new(Registered(Arc::new(Tactics)));
    assert_eq!(dynamic.name(), "tactics");
    assert_eq!(dynamic.bot_names(), ["greedy", "random"]);
    let mut game = dynamic.start(setup("classic", 5), true, None).unwrap();
    let seat = game.awaiting()[0];
    let view = game.view(Some(seat));
    assert_eq!(view["seat"], json!(seat.0));
    assert!(!view["options"].as_array().unwrap().is_empty());
    let mut rng = engine::GameRng::from_seed(1);
    let orders = game.bot_orders("greedy", seat, &mut rng).unwrap();
    game.submit_json(seat, orders)
        .expect("a bot's orders are accepted");
    let bad = game
        .submit_json(seat, json!([{"type": "fly", "unit": 1}]))
        .unwrap_err();
    assert!(
        bad[0].message.contains("not valid orders"),
        "{}",
        bad[0].message
    );
    game.resolve(None);
    assert_eq!(game.turn(), 1);
}

/// A game hosted through the engine's `Match` keeps the engine's own record
/// (spec §11): one record turn per Tactics turn (the seat's, those ended
/// automatically and the Chaos team's, D12), numbered as the game numbers
/// them, the orders on the first turn of each resolution, type `classic` or
/// `chaos`, and the open turn the game ended in last: turn for turn the
/// record `selfplay` writes for the same game.
#[test]
fn a_hosted_game_keeps_the_engines_record_turn_for_turn() {
    for (scenario, kind, seats) in [
        ("classic", tactics::GameKind::Classic, 2),
        ("chaos", tactics::GameKind::Chaos, 4),
    ] {
        let seed = 33;
        let bots = ["greedy", "random"];
        let own = tactics::selfplay::play_bots(kind, seed, &bots, 3000, true).unwrap();
        let log = own.log.unwrap();
        let want = log.turns_json(&own.game);

        let rules = Arc::new(Tactics);
        let setup = Setup {
            seats: vec![
                SeatSpec {
                    bot: Some("greedy".into()),
                    ..SeatSpec::default()
                };
                seats
            ],
            ..setup(scenario, seed)
        };
        let mut m = Match::start(rules.clone(), setup, true, Some("now")).unwrap();
        let mut bot_rng = engine::GameRng::from_seed(seed ^ tactics::selfplay::BOT_STREAM);
        let chaos = usize::from(seats == 4);
        let mut resolutions = 0;
        while m.outcome().is_none() {
            for seat in m.awaiting() {
                let name = bots[(seat.0 - chaos) % bots.len()];
                let mut bot = rules.bot(name).unwrap();
                let orders = bot.orders(&Tactics, &m.view(Some(seat)), seat, &mut bot_rng);
                m.submit(seat, orders).unwrap();
            }
            m.resolve(Some("now"));
            resolutions += 1;
        }
        let record = m.record().unwrap();
        assert_eq!(record.game_type.as_deref(), Some(scenario));
        assert_eq!(record.turns.len(), want.len(), "{scenario}");
        assert!(
            resolutions < record.turns.len(),
            "some resolutions finish several turns"
        );
        let with_orders = record
            .turns
            .iter()
            .filter(|t| t.extra.contains_key("orders"))
            .count();
        assert_eq!(
            with_orders, resolutions,
            "{scenario}: orders once a resolution"
        );
        for (i, turn) in record.turns.iter().enumerate() {
            assert_eq!(turn.extra["turn"], json!(i), "{scenario}");
            let mut got = serde_json::to_value(turn).unwrap();
            for a in got["actions"].as_array_mut().unwrap() {
                a.as_object_mut().unwrap().remove("created");
            }
            assert_eq!(got["units"], want[i]["units"], "{scenario} turn {i}");
            assert_eq!(got["actions"], want[i]["actions"], "{scenario} turn {i}");
        }
        let last = record.turns.last().unwrap();
        assert_eq!(
            last.actions.len(),
            own.game.actions.len(),
            "the open turn last"
        );
        assert!(record.ended.is_some());
    }
}

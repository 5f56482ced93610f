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

/// Relay: a ruleset made to test what the toy cannot show. Two seats take
/// turns adding 0 to 3 to a shared total; after each seat's turn the rules
/// play the house's turn at once (it adds a die roll), so one resolution
/// finishes two record turns; reaching the goal in a seat's turn ends the
/// game in the middle of it (the house never plays it). Its records name
/// the game played: `relay-short` or `relay-long`, from the scenario.
mod relay {
    use engine::record::{Action, UnitData};
    use engine::{
        Bot, GameRng, OrderIssue, Outcome, RecordTurn, Ruleset, Seat, SeatInfo, Setup, SetupError,
    };
    use serde::{Deserialize, Serialize};
    use serde_json::Map;

    pub struct Relay;

    #[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
    pub struct State {
        pub goal: u64,
        pub total: u64,
        /// Turns played: seat 0, the house, seat 1, the house, ...
        pub turn: u64,
        pub winner: Option<usize>,
    }

    impl Relay {
        fn unit(total: u64) -> Vec<Vec<UnitData>> {
            vec![vec![UnitData {
                id: 1,
                unit_type: "token".into(),
                assignment: engine::record::Position::new(total, 0),
                extra: Map::new().into(),
            }]]
        }

        /// Plays one turn: `add` by the seat whose turn it is.
        fn play(state: &mut State, add: u64) -> Action {
            let seat = (state.turn / 2 % 2) as usize;
            let team = if state.turn.is_multiple_of(2) {
                seat
            } else {
                2
            };
            state.total += add;
            let action = Action::new("add", Some(1), Some(team as u64))
                .with("amount", add)
                .with("total", state.total);
            if state.total >= state.goal {
                state.winner = Some(team);
            } else {
                state.turn += 1;
            }
            action
        }
    }

    impl Ruleset for Relay {
        type State = State;
        type Orders = u64;
        type View = State;

        const NAME: &'static str = "relay";
        const VERSION: &'static str = "1";

        fn setup(&self, setup: &Setup, _rng: &mut GameRng) -> Result<State, SetupError> {
            let goal = match setup.scenario.as_str() {
                "short" => 8,
                "long" | "default" | "" => 30,
                other => return Err(SetupError::at("scenario", format!("no `{other}`"))),
            };
            Ok(State {
                goal,
                total: 0,
                turn: 0,
                winner: None,
            })
        }
        fn seats(&self, _state: &State) -> Vec<SeatInfo> {
            ["Ann", "Bob", "House"]
                .iter()
                .map(|n| SeatInfo {
                    name: n.to_string(),
                    extra: Map::new(),
                })
                .collect()
        }
        fn turn(&self, state: &State) -> u64 {
            state.turn
        }
        fn awaiting(&self, state: &State) -> Vec<Seat> {
            vec![Seat((state.turn / 2 % 2) as usize)]
        }
        fn check(
            &self,
            _state: &State,
            _seat: Seat,
            add: &u64,
        ) -> Result<Vec<OrderIssue>, Vec<OrderIssue>> {
            if *add > 3 {
                return Err(vec![OrderIssue::general("add 0 to 3")]);
            }
            Ok(vec![])
        }
        fn resolve(
            &self,
            state: &mut State,
            orders: &[(Seat, u64)],
            rng: &mut GameRng,
            log: Option<&mut Vec<Action>>,
        ) {
            // The typed path without a record: the same turns, unlogged.
            let turns = self.resolve_recorded(state, orders, rng);
            if let Some(log) = log {
                log.extend(turns.into_iter().flat_map(|t| t.actions));
            }
        }
        fn resolve_recorded(
            &self,
            state: &mut State,
            orders: &[(Seat, u64)],
            rng: &mut GameRng,
        ) -> Vec<RecordTurn> {
            let mut turns = vec![];
            let add = orders.first().map_or(0, |(_, a)| *a);
            let (turn, units) = (state.turn, Relay::unit(state.total));
            let action = Relay::play(state, add);
            turns.push(RecordTurn {
                turn,
                units,
                actions: vec![action],
            });
            if state.winner.is_none() {
                let (turn, units) = (state.turn, Relay::unit(state.total));
                let action = Relay::play(state, u64::from(rng.die(3)));
                turns.push(RecordTurn {
                    turn,
                    units,
                    actions: vec![action],
                });
            }
            turns
        }
        fn record_type(&self, state: &State) -> String {
            if state.goal < 10 {
                "relay-short"
            } else {
                "relay-long"
            }
            .into()
        }
        fn outcome(&self, state: &State) -> Option<Outcome> {
            state.winner.map(|w| Outcome {
                winner: Some(Seat(w)),
                reason: format!("reached {}", state.goal),
                scores: None,
            })
        }
        fn view(&self, state: &State, _seat: Option<Seat>) -> State {
            state.clone()
        }
        fn units(&self, state: &State) -> Vec<Vec<UnitData>> {
            Relay::unit(state.total)
        }
        fn bot_names(&self) -> &'static [&'static str] {
            &["counter"]
        }
        fn bot(&self, name: &str) -> Option<Box<dyn Bot<Self>>> {
            (name == "counter").then(|| Box::new(Counter::default()) as Box<dyn Bot<Self>>)
        }
    }

    /// Files, so that the object-safe layer takes the relay: the total
    /// in, the amount out.
    impl engine::FileProtocol for Relay {
        fn view_files(&self, state: &State, _: Option<Seat>) -> Vec<(String, String)> {
            vec![("total".into(), format!("{}\n", state.total))]
        }
        fn orders_file_name(&self, _: &State, seat: Seat) -> String {
            format!("add{}", seat.0)
        }
        fn parse_orders(
            &self,
            _: &State,
            _: Seat,
            text: &[u8],
        ) -> Result<Option<u64>, Vec<OrderIssue>> {
            let text = String::from_utf8_lossy(text);
            text.trim()
                .parse()
                .map(Some)
                .map_err(|_| vec![OrderIssue::at_line(1, None, "expected a whole number")])
        }
        fn orders_text(&self, orders: &u64) -> String {
            format!("{orders}\n")
        }
        fn board_text(&self, state: &State) -> String {
            format!("{} of {}\n", state.total, state.goal)
        }
    }

    impl engine::ViewFiles for Relay {
        fn parse_view(&self, _: &str, _: &str) -> Result<State, SetupError> {
            Err(SetupError::at("view", "the relay reads no view files"))
        }
        fn orders_file_for_view(&self, _: &State, seat: Seat) -> String {
            format!("add{}", seat.0)
        }
    }

    /// A bot with a memory: it adds how many times it has been asked.
    #[derive(Default)]
    pub struct Counter(u64);

    impl Bot<Relay> for Counter {
        fn orders(&mut self, _: &Relay, _: &State, _: Seat, _: &mut GameRng) -> u64 {
            self.0 += 1;
            self.0
        }
    }
}

fn relay(scenario: &str) -> Match<relay::Relay> {
    let setup = Setup {
        scenario: scenario.into(),
        seed: 3,
        ..Setup::default()
    };
    Match::start(Arc::new(relay::Relay), setup, true, Some("now")).unwrap()
}

/// Plays `adds` as the seats' orders, one resolution each.
fn relay_play(m: &mut Match<relay::Relay>, adds: &[u64]) -> Vec<String> {
    let mut rows = vec![];
    for &add in adds {
        let Some(&seat) = m.awaiting().first() else {
            break;
        };
        m.submit(seat, add).unwrap();
        m.resolve(Some("later"));
        rows.push(m.last_turn_json().unwrap().to_string());
    }
    rows
}

#[test]
fn the_record_type_comes_from_the_ruleset_and_may_depend_on_the_state() {
    assert_eq!(
        relay("short").record().unwrap().game_type.as_deref(),
        Some("relay-short")
    );
    assert_eq!(
        relay("long").record().unwrap().game_type.as_deref(),
        Some("relay-long")
    );
    // The toy keeps the default: its name.
    assert_eq!(
        start(1).record().unwrap().game_type.as_deref(),
        Some("sealedbids")
    );
    let game = Registered(Arc::new(SealedBids))
        .start(setup(1), false, None)
        .unwrap();
    assert_eq!(game.record_type(), "sealedbids");
}

#[test]
fn one_resolution_may_finish_several_turns_with_the_orders_on_the_first() {
    let mut m = relay("long");
    let rows = relay_play(&mut m, &[2, 3]);
    let record = serde_json::to_value(m.record().unwrap()).unwrap();
    let turns = record["turns"].as_array().unwrap();
    // Two resolutions of two turns each, then the current turn.
    assert_eq!(turns.len(), 5, "{record}");
    let numbers: Vec<u64> = turns.iter().map(|t| t["turn"].as_u64().unwrap()).collect();
    assert_eq!(numbers, [0, 1, 2, 3, 4]);
    assert_eq!(turns[0]["orders"], json!([{"teamId": 0, "orders": 2}]));
    assert_eq!(turns[2]["orders"], json!([{"teamId": 1, "orders": 3}]));
    assert!(turns[1].get("orders").is_none() && turns[3].get("orders").is_none());
    assert_eq!(turns[1]["actions"][0]["teamId"], 2, "the house's turn");
    assert_eq!(turns[1]["actions"][0]["created"], "later");
    assert_eq!(turns[1]["units"][0][0]["assignment"], json!([2, 0]));
    // Each resolution's turns travel together: an array of both.
    for row in &rows {
        let v: Value = serde_json::from_str(row).unwrap();
        assert_eq!(v.as_array().map(Vec::len), Some(2), "{row}");
    }
    assert_eq!(
        serde_json::from_str::<Value>(&rows[1]).unwrap(),
        json!([turns[2], turns[3]])
    );
    let text: Value = serde_json::from_str(&m.record_json().unwrap()).unwrap();
    assert_eq!(text, record, "record_json is record()");
}

#[test]
fn a_base_save_with_resolutions_of_several_turns_resumes_like_a_whole_save() {
    let mut m = relay("long");
    let rows = relay_play(&mut m, &[1, 3, 0]);
    let back = Match::restore_with_turns(Arc::new(relay::Relay), m.save_base(), &rows).unwrap();
    assert_eq!(back.save(), m.save());
    assert_eq!(back.record_json(), m.record_json());
    // Played on, the restored match writes the same rows.
    let (mut a, mut b) = (m, back);
    assert_eq!(relay_play(&mut a, &[2]), relay_play(&mut b, &[2]));
    assert_eq!(a.record_json(), b.record_json());
    // Rows of one turn each (a host's older rows) read as before; an empty
    // list of turns is an error.
    let mut one = relay("long");
    let row = &relay_play(&mut one, &[1])[0];
    let both: Value = serde_json::from_str(row).unwrap();
    let single = vec![both[0].to_string(), both[1].to_string()];
    let back = Match::restore_with_turns(Arc::new(relay::Relay), one.save_base(), &single).unwrap();
    assert_eq!(back.save(), one.save());
    let err = Match::restore_with_turns(Arc::new(relay::Relay), one.save_base(), &["[]".into()])
        .err()
        .expect("refused");
    assert!(err.message.contains("empty list"), "{err}");
}

#[test]
fn a_game_ended_inside_a_turn_ends_its_record_with_that_turn() {
    let mut m = relay("short");
    let mut adds = 0;
    while m.outcome().is_none() {
        relay_play(&mut m, &[3]);
        adds += 1;
        assert!(adds < 10, "the goal is reached");
    }
    let record = m.record().unwrap();
    let last = record.turns.last().unwrap();
    assert_eq!(last.extra["turn"].as_u64(), Some(m.turn()));
    assert_eq!(last.actions.len(), 1, "the turn the game ended in, once");
    let numbers: Vec<u64> = record
        .turns
        .iter()
        .map(|t| t.extra["turn"].as_u64().unwrap())
        .collect();
    let mut unique = numbers.clone();
    unique.dedup();
    assert_eq!(numbers, unique, "no turn twice");
    assert!(record.ended.is_some());
    let text: Value = serde_json::from_str(&m.record_json().unwrap()).unwrap();
    assert_eq!(text, serde_json::to_value(&record).unwrap());
}

#[test]
fn verify_re_runs_resolutions_of_several_turns() {
    for scenario in ["short", "long"] {
        let mut m = relay(scenario);
        relay_play(&mut m, &[3, 1, 2, 3, 0, 3]);
        let record = m.record().unwrap();
        assert_eq!(verify(Arc::new(relay::Relay), &record).unwrap(), None);
        // The house's roll is the rules' own: a changed one is found.
        let mut tampered = record.clone();
        tampered.turns[1].actions[0]
            .extra
            .insert("amount".into(), json!(7));
        let d = verify(Arc::new(relay::Relay), &tampered)
            .unwrap()
            .expect("found");
        assert_eq!(d.path, "$.turns[1].actions[0].amount");
    }
}

/// The dynamic layer serves the schemas derived from the ruleset's own
/// types: orders as they are read (a defaulted field is optional, an
/// unknown one refused) and views as they are written (every field there).
#[test]
fn schemas_come_from_the_types() {
    let rules = Registered(Arc::new(SealedBids));
    let orders = rules.orders_schema();
    assert_eq!(orders["title"], "sealedbids orders");
    assert_eq!(
        orders["$schema"],
        "https://json-schema.org/draft/2020-12/schema"
    );
    assert_eq!(orders["type"], "object");
    assert_eq!(orders["additionalProperties"], false);
    assert!(orders["properties"]["bid"]["description"]
        .as_str()
        .is_some_and(|d| d.contains("lowest card")));
    assert!(orders.get("required").is_none_or(|r| r == &json!([])));
    let view = rules.view_schema();
    assert_eq!(view["title"], "sealedbids view");
    let required: Vec<&str> = view["required"]
        .as_array()
        .expect("a view's fields are all written")
        .iter()
        .filter_map(Value::as_str)
        .collect();
    assert_eq!(
        required,
        [
            "turn",
            "seat",
            "prize",
            "pile_left",
            "hands",
            "hand_sizes",
            "scores",
            "rounds"
        ]
    );
    assert!(view["$defs"]["Round"]["properties"]["winner"].is_object());
}

/// A bot answering a view file gives the same orders as a file or as
/// JSON, and the JSON is orders the game takes.
#[test]
fn a_bots_answer_to_a_view_file_comes_as_text_or_json() {
    let rules = Registered(Arc::new(SealedBids));
    let mut game = rules.start(setup(4), false, None).unwrap();
    let seat = Seat(1);
    let (name, text) = game.view_files(Some(seat)).remove(0);
    let (_, file) = rules.bot_answer("greedy", seat, &name, &text, 8).unwrap();
    let orders = rules
        .bot_answer_json("greedy", seat, &name, &text, 8)
        .unwrap();
    let from_json: Orders = serde_json::from_value(orders.clone()).unwrap();
    assert!(
        file.contains(&from_json.bid.unwrap().to_string()),
        "{file} / {orders}"
    );
    assert!(game.submit_json(seat, orders).is_ok());
    let unknown = rules.bot_answer_json("nosuch", seat, &name, &text, 8);
    assert!(unknown.unwrap_err().message.contains("greedy"));
}

#[test]
fn a_running_games_bots_remember_earlier_turns_and_a_restored_one_starts_afresh() {
    let rules = Registered(Arc::new(relay::Relay));
    let setup = Setup {
        scenario: "long".into(),
        seed: 3,
        ..Setup::default()
    };
    let mut game = rules.start(setup, true, None).unwrap();
    let mut rng = GameRng::from_seed(1);
    let mut asked = |game: &mut Box<dyn engine::Game>| {
        let seat = game.awaiting()[0];
        let orders = game.bot_orders("counter", seat, &mut rng).unwrap();
        game.submit_json(seat, orders.clone()).unwrap();
        game.resolve(None);
        (seat.0, orders)
    };
    // Seats 0 and 1 take turns (the house plays between): each seat's bot
    // counts its own calls.
    let answers: Vec<_> = (0..4).map(|_| asked(&mut game)).collect();
    assert_eq!(
        answers,
        [(0, json!(1)), (1, json!(1)), (0, json!(2)), (1, json!(2))]
    );
    let mut restored = rules.restore(game.save()).unwrap();
    assert_eq!(asked(&mut restored), (0, json!(1)));
    assert_eq!(asked(&mut game), (0, json!(3)));
    assert!(game.bot_orders("clever", Seat(1), &mut rng).is_none());
}

#[test]
fn options_a_ruleset_does_not_take_are_refused_at_their_key() {
    use engine::{check_options, OptionsFrom};
    let rules = Registered(Arc::new(SealedBids));
    let options = |v: Value| v.as_object().unwrap().clone();
    assert_eq!(
        check_options(&rules, &options(json!({"cards": 6})), OptionsFrom::Client),
        Ok(())
    );
    // A misspelt option would be a game played with the defaults.
    let errors =
        check_options(&rules, &options(json!({"card": 6})), OptionsFrom::Local).unwrap_err();
    assert_eq!(errors.len(), 1);
    assert_eq!(errors[0].location.as_deref(), Some("options.card"));
    assert_eq!(
        errors[0].message,
        "unknown option `card`; sealedbids takes: cards"
    );
    // Folders on this machine: the command line's to name, not a client's.
    let lib = options(json!({"lib": "/somewhere"}));
    assert_eq!(check_options(&rules, &lib, OptionsFrom::Local), Ok(()));
    let errors = check_options(&rules, &lib, OptionsFrom::Client).unwrap_err();
    assert!(
        errors[0].message.contains("a client may not choose"),
        "{errors:?}"
    );
}

#[test]
fn a_game_with_other_players_than_asked_for_is_named() {
    let rules = Registered(Arc::new(SealedBids));
    let game = rules.start(setup(1), false, None).unwrap();
    assert_eq!(engine::check_players(&*game, 2), Ok(()));
    let e = engine::check_players(&*game, 3).unwrap_err();
    assert_eq!(e.location.as_deref(), Some("seats"));
    assert_eq!(e.message, "this scenario has 2 player seats; 3 given");
}

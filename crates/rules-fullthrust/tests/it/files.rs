//! Play by files: the view file each fleet receives, and the orders file it
//! answers with (complete, incomplete, stale, wrong), through the engine's
//! `FileProtocol` and `ViewFiles` faces.

use engine::{FileProtocol, GameRng, Ruleset, Seat, Setup, ViewFiles};
use fullthrust::{FullThrust, State};

fn duel() -> State {
    let setup = Setup {
        scenario: "duel".into(),
        ..Setup::default()
    };
    FullThrust
        .setup(&setup, &mut GameRng::from_seed(1))
        .unwrap()
}

const HEAD: &str = "GZF-Version: 1.0\nProfile: FT2\n\n";

fn parse(state: &State, body: &str) -> Result<Option<fullthrust::Orders>, Vec<engine::OrderIssue>> {
    FullThrust.parse_orders(state, Seat(0), format!("{HEAD}{body}").as_bytes())
}

#[test]
fn each_fleet_gets_its_own_view_file() {
    let s = duel();
    let files = FullThrust.view_files(&s, Some(Seat(1)));
    assert_eq!(files.len(), 1);
    assert_eq!(files[0].0, "Turn_1_Fleet_1.gzf");
    assert_eq!(
        FullThrust.orders_file_name(&s, Seat(1)),
        "Orders_1_Fleet_1.gzf"
    );
    let view = FullThrust.parse_view(&files[0].0, &files[0].1).unwrap();
    assert_eq!((view.turn, view.fleets.len()), (1, 2));
    assert_eq!(view.ships().len(), 4);
    assert_eq!(
        FullThrust.orders_file_for_view(&view, Seat(1)),
        "Orders_1_Fleet_1.gzf"
    );
}

#[test]
fn an_orders_file_is_complete_only_with_the_scenario_block_last() {
    let s = duel();
    let ship = "Ship: Resolute\nMove: 1S +1\n\nSystem: A Battery\nOrders: Fire at Warden\n";
    assert_eq!(parse(&s, ship), Ok(None));
    let whole = format!("{ship}\nScenario: Duel\nTurn: 1\n");
    assert_eq!(parse(&s, whole.trim_end()), Ok(None), "no line end yet");
    let orders = parse(&s, &whole).unwrap().unwrap();
    assert_eq!(orders.turn, 1);
    assert_eq!(orders.ships[0].ship, "Resolute");
    assert_eq!(orders.ships[0].systems[0].orders, ["Fire at Warden"]);
    assert_eq!(FullThrust.check(&s, Seat(0), &orders), Ok(vec![]));
    // Writing the orders and reading them back gives the same orders.
    let text = FullThrust.orders_text(&orders);
    let again = FullThrust
        .parse_orders(&s, Seat(0), text.as_bytes())
        .unwrap()
        .unwrap();
    assert_eq!(again.ships, orders.ships);
}

#[test]
fn stale_and_malformed_files_are_refused_with_their_place() {
    let s = duel();
    let stale = parse(&s, "Ship: Resolute\n\nScenario: Duel\nTurn: 3\n").unwrap_err();
    assert_eq!(stale[0].line, Some(6));
    assert!(stale[0].message.contains("turn 3"));
    let bad = parse(&s, "Ship: Resolute\nMove: 2X\n\nScenario: Duel\nTurn: 1\n").unwrap_err();
    assert_eq!(bad[0].line, Some(5), "{bad:?}");
    assert!(bad[0].column.is_some());
}

#[test]
fn a_fleet_orders_only_its_own_ships_and_systems() {
    let s = duel();
    let foreign = parse(&s, "Ship: Warden\n\nScenario: Duel\nTurn: 1\n")
        .unwrap()
        .unwrap();
    let e = FullThrust.check(&s, Seat(0), &foreign).unwrap_err();
    assert!(e[0].message.contains("not a ship of your fleet"), "{e:?}");
    let unknown = parse(&s, "Ship: Nobody\n\nScenario: Duel\nTurn: 1\n")
        .unwrap()
        .unwrap();
    assert!(FullThrust.check(&s, Seat(0), &unknown).is_err());
    let wrong = parse(
        &s,
        "Ship: Resolute\n\nSystem: FireCon\n\nScenario: Duel\nTurn: 1\n",
    )
    .unwrap()
    .unwrap();
    let e = FullThrust.check(&s, Seat(0), &wrong).unwrap_err();
    assert!(
        e[0].message.contains("is `A Battery`, not `FireCon`"),
        "{e:?}"
    );
    let twice = parse(&s, "Ship: Lark\n\nShip: lark\n\nScenario: Duel\nTurn: 1\n")
        .unwrap()
        .unwrap();
    assert!(FullThrust.check(&s, Seat(0), &twice).is_err());
}

#[test]
fn a_dropped_move_element_is_a_note_not_an_error() {
    let s = duel();
    let o = parse(
        &s,
        "Ship: Lark\nMove: 2S +3 +2\n\nScenario: Duel\nTurn: 1\n",
    )
    .unwrap()
    .unwrap();
    let notes = FullThrust.check(&s, Seat(0), &o).unwrap();
    assert_eq!(notes[0].code.as_deref(), Some("N401"), "{notes:?}");
    assert!(
        notes[0].message.contains("element 3 would spend more than"),
        "{notes:?}"
    );
}

#[test]
fn the_bot_answers_its_view_file_with_an_accepted_orders_file() {
    let s = duel();
    for seat in [Seat(0), Seat(1)] {
        let (name, text) = FullThrust.view_files(&s, Some(seat)).remove(0);
        let view = FullThrust.parse_view(&name, &text).unwrap();
        for bot in FullThrust.bot_names() {
            let mut b = FullThrust.bot(bot).unwrap();
            let orders = b.orders(&FullThrust, &view, seat, &mut GameRng::from_seed(5));
            let file = FullThrust.orders_text(&orders);
            let back = FullThrust
                .parse_orders(&s, seat, file.as_bytes())
                .unwrap()
                .unwrap();
            assert_eq!(back.ships.len(), 2, "{bot}: {file}");
            assert!(FullThrust.check(&s, seat, &back).is_ok(), "{bot}: {file}");
        }
    }
}

#[test]
fn unplayable_scenarios_are_refused_with_a_place() {
    let rules = FullThrust;
    let one_fleet =
        "GZF-Version: 1.0\nProfile: FT2\n\nScenario: S\nTurn: 1\n\nFleet: Only\nAdmiral: X\n";
    let e = rules
        .setup(
            &Setup {
                scenario: "one.gzf".into(),
                text: Some(one_fleet.into()),
                ..Setup::default()
            },
            &mut GameRng::from_seed(0),
        )
        .unwrap_err();
    assert!(e.message.contains("two or more"), "{e}");
    let broken = Setup {
        scenario: "broken.gzf".into(),
        text: Some("Ship: X\n".into()),
        ..Setup::default()
    };
    let e = rules
        .setup(&broken, &mut GameRng::from_seed(0))
        .unwrap_err();
    assert_eq!(e.location.as_deref(), Some("broken.gzf:1:1"));
    let unknown = Setup {
        scenario: "nowhere".into(),
        ..Setup::default()
    };
    assert!(rules.setup(&unknown, &mut GameRng::from_seed(0)).is_err());
}

#[test]
fn hostile_numbers_are_refused_not_overflowed() {
    let s = duel();
    // Orders that come as JSON skip the GZF reader's limits.
    let json = serde_json::json!({"turn": 1, "ships": [{"ship": "Lark", "move": [{"Accelerate": i64::MIN}]}]});
    let orders: fullthrust::Orders = serde_json::from_value(json).unwrap();
    let e = FullThrust.check(&s, Seat(0), &orders).unwrap_err();
    assert!(e[0].message.contains("larger than 999999"), "{e:?}");
    let mut after = s.clone();
    FullThrust.resolve(
        &mut after,
        &[(Seat(0), orders)],
        &mut GameRng::from_seed(0),
        None,
    );
    assert_eq!(after.turn(), 2);
    // A scenario with an absurd velocity is refused at its Ship line.
    let text = fullthrust::scenarios::bundled("duel")
        .unwrap()
        .replace("\r\n", "\n")
        .replacen(
            "Velocity:       6\n",
            "Velocity:       999999999999999\n",
            1,
        );
    let setup = Setup {
        scenario: "fast.gzf".into(),
        text: Some(text),
        ..Setup::default()
    };
    let e = FullThrust
        .setup(&setup, &mut GameRng::from_seed(0))
        .unwrap_err();
    assert!(
        e.message
            .contains("`Velocity` is out of the playable range"),
        "{e}"
    );
    assert!(e.location.unwrap().starts_with("fast.gzf:"));
    // A scenario that starts late still gets its whole turn limit.
    let text = fullthrust::scenarios::bundled("duel")
        .unwrap()
        .replace("\r\n", "\n")
        .replace("Turn:      1\n", "Turn:      50\n");
    let setup = Setup {
        scenario: "late.gzf".into(),
        text: Some(text),
        ..Setup::default()
    };
    let mut late = FullThrust
        .setup(&setup, &mut GameRng::from_seed(0))
        .unwrap();
    assert!(FullThrust.outcome(&late).is_none());
    FullThrust.resolve(&mut late, &[], &mut GameRng::from_seed(0), None);
    assert_eq!(late.turn(), 51);
    assert!(FullThrust.outcome(&late).is_none());
}

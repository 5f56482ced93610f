//! What a seat may order beyond the kernel's actions (`hold`, `wake`:
//! docs/xconq-decisions.md, "Holding units") and what it sees with the
//! `see-all` option, on the built-in Frontier (needs nothing beside the
//! project). In Frontier seed 3, side 1 has capital 1 at (5, 8) and militia
//! 3 next to it at (6, 8); militia carry rations (material 0, eaten every
//! turn) and powder (material 1, spent only when attacking).

use engine::{FileProtocol, GameRng, Ruleset, Seat, Setup, ViewFiles};
use xconq::orders::{Order, Orders};
use xconq::ruleset::Game;
use xconq::Xconq;

const POWDER: usize = 1;

fn frontier() -> (Xconq, Game) {
    let x = Xconq::default();
    let setup = Setup {
        scenario: "frontier".into(),
        seed: 3,
        ..Setup::default()
    };
    let g = x.setup(&setup, &mut GameRng::from_seed(3)).unwrap();
    (x, g)
}

fn orders(json: &str) -> Orders {
    serde_json::from_str(json).expect("the orders parse")
}

/// Side 1 gives `o` (checked as the host checks it), side 2 nothing.
fn turn(x: &Xconq, g: &mut Game, o: Orders) -> Vec<engine::record::Action> {
    x.check(g, Seat(0), &o).expect("the orders pass the check");
    let mut log = Vec::new();
    x.resolve(
        g,
        &[(Seat(0), o), (Seat(1), Orders::default())],
        &mut GameRng::from_seed(1),
        Some(&mut log),
    );
    log
}

#[test]
fn hold_and_wake_parse_from_json_and_from_the_orders_file() {
    let o = orders(r#"{"orders": [{"unit": 3, "action": "hold"}, {"unit": 3, "action": "wake"}]}"#);
    assert_eq!(o.orders[0].action, "hold");
    let text = b"xconq orders 1\n3 hold\n3 wake\nend\n";
    let f = xconq::files::parse_orders(text, 1).unwrap().unwrap();
    assert_eq!(f, o);
    assert_eq!(
        xconq::files::orders_text(1, &o),
        "xconq orders 1\nturn 1\n3 hold\n3 wake\nend\n"
    );
    // The schema served to bot writers names them.
    let schema = serde_json::to_string(&schemars::schema_for!(Orders)).unwrap();
    assert!(
        schema.contains("\"hold\"") && schema.contains("\"wake\""),
        "{schema}"
    );
}

#[test]
fn hold_is_refused_for_a_unit_not_the_seats_and_where_it_cannot_apply() {
    let (x, g) = frontier();
    let hold3 = orders(r#"{"orders": [{"unit": 3, "action": "hold"}]}"#);
    assert!(x.check(&g, Seat(0), &hold3).is_ok());
    let e = x.check(&g, Seat(1), &hold3).unwrap_err();
    assert_eq!(e.len(), 1);
    assert_eq!(e[0].field.as_deref(), Some("orders[0]"), "{e:?}");
    assert!(
        e[0].message
            .contains("unit 3 is not one of your living units"),
        "{e:?}"
    );
    let bad = |o: Order| {
        x.check(
            &g,
            Seat(0),
            &Orders {
                orders: vec![o],
                ..Orders::default()
            },
        )
    };
    let capital = bad(Order {
        unit: 1,
        action: "hold".into(),
        args: vec![],
        actee: None,
    })
    .unwrap_err();
    assert!(capital[0].message.contains("cannot move"), "{capital:?}");
    let args = bad(Order {
        unit: 3,
        action: "wake".into(),
        args: vec![xconq::orders::Arg::Num(1)],
        actee: None,
    })
    .unwrap_err();
    assert!(
        args[0].message.contains("wake takes 0 argument"),
        "{args:?}"
    );
    let actee = bad(Order {
        unit: 3,
        action: "hold".into(),
        args: vec![],
        actee: Some(1),
    })
    .unwrap_err();
    assert!(actee[0].message.contains("no actee"), "{actee:?}");
}

#[test]
fn a_unit_held_by_order_in_a_town_is_not_topped_up_until_woken() {
    let (x, mut g) = frontier();
    let log = turn(
        &x,
        &mut g,
        orders(
            r#"{"orders": [{"unit": 3, "action": "enter", "args": [1]}, {"unit": 3, "action": "hold"}]}"#,
        ),
    );
    let u = g.state.unit(3);
    assert_eq!((u.transport, u.hold), (1, true), "in the capital, holding");
    let held = log
        .iter()
        .find(|a| a.action_type == "hold")
        .expect("the record has the hold");
    assert_eq!(held.unit, Some(3));
    let seen = x.view(&g, Some(Seat(0)));
    assert!(
        seen.own.iter().any(|o| o.id == 3 && o.hold),
        "the seat sees it holds"
    );
    let full = g.rules.t.unit_storage_x.get(u.utype, POWDER);
    // §10.5 step 1: powder is not needed to survive, so a holding militia
    // is left as it is; its rations (eaten every turn) are still given.
    g.state.units[3].supply[POWDER] = full - 1;
    turn(&x, &mut g, Orders::default());
    assert_eq!(
        g.state.unit(3).supply[POWDER],
        full - 1,
        "holding: not topped up"
    );
    assert!(g.state.unit(3).hold, "holds until woken");
    turn(
        &x,
        &mut g,
        orders(r#"{"orders": [{"unit": 3, "action": "wake"}]}"#),
    );
    assert!(!g.state.unit(3).hold);
    assert_eq!(g.state.unit(3).supply[POWDER], full, "woken: topped up");
}

#[test]
fn a_move_order_or_an_enemy_arriving_next_to_it_ends_a_hold() {
    let (x, mut g) = frontier();
    turn(
        &x,
        &mut g,
        orders(r#"{"orders": [{"unit": 3, "action": "hold"}]}"#),
    );
    assert!(g.state.unit(3).hold);
    turn(
        &x,
        &mut g,
        orders(r#"{"orders": [{"unit": 3, "action": "move", "args": [7, 8, 0]}]}"#),
    );
    let u = g.state.unit(3);
    assert!(!u.hold, "sent somewhere: no longer holds");
    let (ux, uy) = (u.x, u.y);
    turn(
        &x,
        &mut g,
        orders(r#"{"orders": [{"unit": 3, "action": "hold"}]}"#),
    );
    assert!(g.state.unit(3).hold);
    // One of side 2's units steps next to it (spec §11.6: enemies next to
    // the cell wake up).
    let enemy = g.state.sides[2].units[0];
    let mut k = g.k();
    k.leave_cell(enemy);
    k.enter_cell(enemy, ux + 1, uy);
    assert!(!g.state.unit(3).hold, "an enemy arrived next to it");
}

/// Frontier with the module's `see-all` set (the game's text: the
/// built-in module plus one line).
fn see_all_setup(seed: u64) -> Setup {
    Setup {
        scenario: "frontier-see-all.g".into(),
        text: Some(format!(
            "{}\n(set see-all true)\n",
            include_str!("../../../../games/xconq/frontier.g")
        )),
        seed,
        ..Setup::default()
    }
}

/// With `see-all` every seat's view, view file, picture and events show
/// every unit as it is; without it the same game shows side 1 nothing of
/// side 2 at the start.
#[test]
fn see_all_shows_every_seat_every_unit_and_without_it_the_fog_stays() {
    let x = std::sync::Arc::new(Xconq::default());
    let plain = x
        .setup(
            &Setup {
                scenario: "frontier".into(),
                text: None,
                ..see_all_setup(3)
            },
            &mut GameRng::from_seed(3),
        )
        .unwrap();
    assert!(!plain.rules.globals.see_all);
    let fogged = x.view(&plain, Some(Seat(0)));
    assert!(
        fogged.units.iter().all(|u| u.side != 2),
        "no see-all: side 2 unseen"
    );
    assert!(fogged.terrain.iter().any(|r| r.contains('?')));

    let mut m = engine::Match::start(x.clone(), see_all_setup(3), true, None).unwrap();
    assert!(m.state().rules.globals.see_all);
    let mut bots = [x.bot("greedy").unwrap(), x.bot("greedy").unwrap()];
    let mut rng = GameRng::from_seed(3);
    let drawing = xconq::picture::Drawing;
    for _ in 0..25 {
        if m.outcome().is_some() {
            break;
        }
        for seat in [Seat(0), Seat(1)] {
            let view = m.view(Some(seat));
            let side = seat.0 + 1;
            super::invariants::no_fog_leak(m.state(), &view, side);
            let s = &m.state().state;
            let theirs: Vec<i32> = s.sides[3 - side]
                .units
                .iter()
                .copied()
                .filter(|&id| s.unit(id).hp > 0 && s.area.in_area(s.unit(id).x, s.unit(id).y))
                .collect();
            assert!(!theirs.is_empty());
            for id in &theirs {
                assert!(view.units.iter().any(|u| u.id == *id), "view: unit {id}");
            }
            let (name, text) = &x.view_files(m.state(), Some(seat))[0];
            assert_eq!(x.parse_view(name, text).unwrap(), view);
            let svg = render::view_svg(&drawing, &serde_json::to_value(&view).unwrap()).unwrap();
            let drawn = super::drawn_units(&svg);
            for id in &theirs {
                assert!(drawn.contains(id), "picture: unit {id}");
            }
            // Every event reaches every seat.
            assert_eq!(view.events.len(), s.history.events.len());
            let o = bots[seat.0].orders(&x, &view, seat, &mut rng);
            m.submit(seat, o).unwrap();
        }
        m.resolve(None);
    }
    let record = m.record().unwrap();
    assert!(engine::verify::verify(x.clone(), &record)
        .unwrap()
        .is_none());
}

/// While a game runs the host shows anyone only the record's actions
/// every seat may see (`seenBy`): a unit's action only to its own seat,
/// the new turn's generator state to no one (§15.4).
#[test]
fn recorded_actions_are_seen_only_by_the_acting_seat() {
    let (x, mut g) = frontier();
    let log = turn(
        &x,
        &mut g,
        orders(
            r#"{"orders": [{"unit": 3, "action": "move", "args": [7, 8, 0]}, {"unit": 3, "action": "hold"}]}"#,
        ),
    );
    let units: Vec<_> = log.iter().filter(|a| a.unit.is_some()).collect();
    assert_eq!(units.len(), 2, "{log:?}");
    for a in units {
        assert_eq!(a.team_id, Some(0));
        assert_eq!(a.seen_by(), Some(vec![0]), "{a:?}");
        assert!(!a.is_public(2));
    }
    let start = log.iter().find(|a| a.action_type == "turn-start").unwrap();
    assert!(start.extra.get("rs").is_some());
    assert!(!start.is_public(2), "the generator state is nobody's");
}

/// An orders file as the folder driver reads it for side 1 of Frontier.
fn read_file(x: &Xconq, g: &Game, text: &str) -> Result<Option<Orders>, Vec<engine::OrderIssue>> {
    x.parse_orders(g, Seat(0), text.as_bytes())
}

#[test]
fn what_the_rules_refuse_in_an_orders_file_names_its_line() {
    let (x, g) = frontier();
    let text = "xconq orders 1\n\n# a comment\n3 hold\n999 hold\nend\n";
    let e = read_file(&x, &g, text).unwrap_err();
    assert_eq!(e.len(), 1, "{e:?}");
    assert_eq!((e[0].line, e[0].field.as_deref()), (Some(5), None), "{e:?}");
    assert!(
        e[0].message
            .contains("unit 999 is not one of your living units"),
        "{e:?}"
    );
    // A line the file cannot even read does not hide the others' faults:
    // both are told, in the order of the file.
    let text = "xconq orders 1\n3 hold\nturn x\n999 hold\n3 wake 1\nend\n";
    let e = read_file(&x, &g, text).unwrap_err();
    let lines: Vec<_> = e.iter().map(|e| e.line).collect();
    assert_eq!(lines, [Some(3), Some(4), Some(5)], "{e:?}");
    assert!(e[2].message.contains("wake takes 0 argument"), "{e:?}");
    // A resignation to no side names the `resign` line.
    let e = read_file(&x, &g, "xconq orders 1\n3 hold\nresign 1\nend\n").unwrap_err();
    assert_eq!(e[0].line, Some(3), "{e:?}");
    // The orders the engine checks again are the file's, and pass.
    let ok = read_file(&x, &g, "\u{feff}xconq orders 1\n3 hold\nend\n")
        .expect("a file with a byte order mark reads")
        .expect("it is complete");
    assert!(x.check(&g, Seat(0), &ok).is_ok());
}

#[test]
fn orders_after_an_early_end_are_refused_not_dropped() {
    let (x, g) = frontier();
    let text = "xconq orders 1\n3 hold\nend\n3 wake\n999 hold\nend\n";
    let e = read_file(&x, &g, text).unwrap_err();
    assert_eq!(e[0].line, Some(4), "{e:?}");
    assert!(e[0].message.contains("`end` on line 3"), "{e:?}");
    assert!(xconq::files::parse_orders(text.as_bytes(), 1).is_err());
    // Only the last `end` ends the file: comments and blank lines after it
    // are fine.
    let fine = "xconq orders 1\n3 hold\nend\n\n# done\n";
    assert!(read_file(&x, &g, fine).unwrap().is_some());
}

#[test]
fn change_side_to_a_side_that_does_not_exist_is_refused() {
    let (x, g) = frontier();
    for side in ["99", "-2147483648", "3"] {
        let text = format!("xconq orders 1\n1 change-side {side}\nend\n");
        let e = read_file(&x, &g, &text).unwrap_err();
        assert_eq!(e[0].line, Some(2), "{e:?}");
        assert!(
            e[0].message.contains(&format!("no side {side}")),
            "{side}: {e:?}"
        );
    }
    // Side 0, the independents, is a side: the rules decide (§8.11).
    let text = "xconq orders 1\n1 change-side 0\nend\n";
    assert!(read_file(&x, &g, text).unwrap().is_some());
}

#[test]
fn an_order_that_fails_when_it_runs_is_told_in_the_seats_next_view() {
    let (x, mut g) = frontier();
    // Militia 3 (1 ACP) steps east, then back: the second step has no ACP
    // left. Village 2 is given to the independents, and the order after
    // that one is for a unit no longer the side's: it does not run.
    let o = orders(
        r#"{"orders": [
            {"unit": 3, "action": "move", "args": [7, 8, 0]},
            {"unit": 3, "action": "move", "args": [6, 8, 0]},
            {"unit": 2, "action": "change-side", "args": [0]},
            {"unit": 2, "action": "change-side", "args": [2]}
        ]}"#,
    );
    let log = turn(&x, &mut g, o);
    let results: Vec<_> = log
        .iter()
        .filter(|a| a.extra.get("by").and_then(|b| b.as_str()) == Some("order"))
        .map(|a| {
            a.extra
                .get("result")
                .and_then(|r| r.as_str())
                .unwrap_or("")
                .to_string()
        })
        .collect();
    assert_eq!(
        results,
        [
            "action-done",
            "insufficient-acp",
            "action-done",
            "cannot-do"
        ]
    );
    let v = x.view(&g, Some(Seat(0)));
    let failed: Vec<_> = v
        .failed
        .iter()
        .map(|f| (f.unit, f.action.as_str(), f.result.as_str()))
        .collect();
    assert_eq!(
        failed,
        [
            (3, "move", "insufficient-acp"),
            (2, "change-side", "cannot-do")
        ]
    );
    assert_eq!(
        (v.failed[0].turn, &v.failed[0].args[..]),
        (1, &[6, 8, 0][..])
    );
    // The village is the independents' still: the refused order ran not.
    assert_eq!(g.state.unit(2).side, 0);
    // The other seat is told nothing of side 1's orders, and the view file
    // carries them.
    assert!(x.view(&g, Some(Seat(1))).failed.is_empty());
    let file = &x.view_files(&g, Some(Seat(0)))[0].1;
    assert!(
        file.contains(
            "\nfailed\n1 3 move insufficient-acp 0 6,8,0\n1 2 change-side cannot-do 0 2\nevents\n"
        ),
        "{file}"
    );
    assert_eq!(xconq::files::parse_view(file).unwrap().failed, v.failed);
    // A turn in which every order succeeds clears the list.
    turn(&x, &mut g, Orders::default());
    assert!(x.view(&g, Some(Seat(0))).failed.is_empty());
}

#[test]
fn the_views_of_a_finished_game_are_named_final() {
    let (x, mut g) = frontier();
    assert_eq!(x.view_files(&g, Some(Seat(0)))[0].0, "side1-turn1-view.txt");
    let resign = Orders {
        resign: true,
        ..Orders::default()
    };
    turn(&x, &mut g, resign);
    assert!(g.over());
    let files = |seat| x.view_files(&g, seat);
    assert_eq!(files(Some(Seat(1)))[0].0, "side2-final-view.txt");
    assert_eq!(files(None)[0].0, "all-final-view.txt");
    assert!(files(Some(Seat(0)))[0].1.contains("\nover 1\n"));
    assert_eq!(
        x.view_file_names(&g, Some(Seat(0))),
        ["side1-final-view.txt"]
    );
}

#[test]
fn a_game_ended_by_its_turn_limit_says_so_in_every_view() {
    let x = Xconq::default();
    let mut setup = Setup {
        scenario: "frontier".into(),
        seed: 3,
        ..Setup::default()
    };
    setup.options.insert("last-turn".into(), 1.into());
    let mut g = x.setup(&setup, &mut GameRng::from_seed(3)).unwrap();
    turn(&x, &mut g, Orders::default());
    assert!(g.over(), "turn 1 was the last");
    for seat in [Some(Seat(0)), Some(Seat(1)), None] {
        assert!(x.view(&g, seat).over, "{seat:?}");
        let (name, text) = &x.view_files(&g, seat)[0];
        assert!(name.ends_with("final-view.txt"), "{name}");
        assert!(text.contains("\nover 1\n"), "{seat:?}");
    }
    // Once over, a watcher sees every unit (§11.4), as after a win.
    assert!(!x.view(&g, None).own.is_empty());
}

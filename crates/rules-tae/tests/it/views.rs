//! Hidden information (tae spec 15) and the text files of play by files
//! (`docs/tae-files.md`).

use crate::common;

use std::sync::Arc;

use common::*;
use engine::{DynRuleset, FileProtocol, GameRng, Match, Registered, Ruleset, Seat, ViewFiles};
use tae::files::{parse_orders, parse_view, write_orders, write_view};
use tae::view::view;
use tae::{Order, State, Tae};

/// Example 5's board, after turn 1: a combat turn between Alice and Bob,
/// with Carol watching.
fn combat() -> State {
    let mut s = game(&["......A", "A......", "......A"], 3);
    for (x, y) in [(1, 2), (3, 1), (4, 1)] {
        colony(&mut s, x, y, Scientist);
    }
    colony(&mut s, 2, 1, Merchant);
    leader(&mut s, BOB, Merchant, 1, 1);
    hand(
        &mut s,
        ALICE,
        &[
            Scientist, Scientist, Scientist, Merchant, Merchant, Merchant,
        ],
    );
    hand(
        &mut s,
        BOB,
        &[Scientist, Merchant, Settler, Settler, Settler, Settler],
    );
    hand(&mut s, CAROL, &[Mining; 6]);
    let a = vec![move_to(ALICE, Merchant, 3, 2)];
    let b = vec![colonize(&s, BOB, Merchant, 2, 2)];
    play(&mut s, &[(ALICE, a), (BOB, b)]);
    assert!(s.combat().is_some());
    s
}

#[test]
fn a_seat_sees_its_own_types_and_only_counts_of_other_hands() {
    let s = combat();
    let v = view(&s, Some(ALICE));
    assert_eq!(v.hand, s.players[ALICE].hand);
    assert_eq!(v.players[BOB].hand, s.players[BOB].hand.len());
    let json = serde_json::to_string(&v).unwrap();
    for c in &s.players[BOB].hand {
        assert!(!v.hand.iter().any(|h| h.id == c.id));
        assert!(
            !json.contains(&format!("\"id\":{}", c.id)),
            "Bob's colonist {} leaks",
            c.id
        );
    }
    // The pool's composition and the generator are nobody's.
    assert!(!json.contains("counts"));
    assert!(json.contains(&format!("\"pool\":{}", s.pool.total())));
}

#[test]
fn a_spectator_sees_no_hand() {
    let s = combat();
    let v = view(&s, None);
    assert_eq!(v.seat, None);
    assert!(v.hand.is_empty());
    assert_eq!(v.players.len(), 3);
}

#[test]
fn failed_orders_are_told_to_their_author_only() {
    // Example 4: Bob's move fails at resolution.
    let mut s = game(&["A.A...", ".M....", "A..A.."], 2);
    leader(&mut s, ALICE, Scientist, 1, 0);
    let a = vec![
        move_to(ALICE, Scientist, 2, 0),
        move_to(ALICE, Merchant, 3, 1),
    ];
    let b = vec![move_to(BOB, Merchant, 2, 1)];
    play(&mut s, &[(ALICE, a), (BOB, b)]);
    let failed = |seat: Option<usize>| view(&s, seat).events.iter().any(|e| e.contains("failed"));
    assert!(failed(Some(BOB)));
    assert!(!failed(Some(ALICE)));
    assert!(!failed(None));
    // Successful orders are everyone's news.
    assert!(view(&s, None)
        .events
        .iter()
        .any(|e| e.contains("moved from (1,0) to (2,0)")));
}

fn restored(state: &State) -> Match<Tae> {
    let saved = serde_json::json!({
        "ruleset": "tae",
        "rulesetVersion": Tae::VERSION,
        "setup": engine::Setup::default(),
        "state": state,
        "rng": GameRng::from_seed(3),
        "pending": [],
    });
    Match::restore(Arc::new(Tae), saved).expect("a saved game restores")
}

#[test]
fn reinforcements_stay_secret_until_the_combat_is_resolved() {
    let s = combat();
    let mut m = restored(&s);
    let seats = [None, Some(Seat(ALICE)), Some(Seat(BOB)), Some(Seat(CAROL))];
    let show = |m: &Match<Tae>| -> Vec<String> {
        seats
            .iter()
            .map(|&seat| {
                let files = m.rules().view_files(m.state(), seat);
                format!(
                    "{}{:?}",
                    serde_json::to_string(&m.view(seat)).unwrap(),
                    files
                )
            })
            .collect()
    };
    let before = show(&m);
    let committed = colonists(&s, ALICE, Scientist)[..2].to_vec();
    m.submit(Seat(ALICE), reinforce(&committed)).expect("legal");
    assert_eq!(
        show(&m),
        before,
        "a view changed after a secret reinforcement"
    );
    m.resolve(None);
    for seat in seats {
        let events = m.view(seat).events;
        assert!(
            events
                .iter()
                .any(|e| e.contains("attacker 1 + 2 against defender 2 + 0")),
            "{seat:?}: {events:?}"
        );
    }
}

#[test]
fn view_files_read_back_to_the_same_view() {
    let s = combat();
    for seat in [None, Some(ALICE), Some(BOB), Some(CAROL)] {
        let v = view(&s, seat);
        assert_eq!(parse_view(&write_view(&v)).unwrap(), v);
    }
}

#[test]
fn a_finished_game_view_reads_back() {
    let mut s = game(&[".....", "A.A..", "....A"], 3);
    leader(&mut s, BOB, Merchant, 0, 0);
    hand(
        &mut s,
        CAROL,
        &[Scientist, Mining, Mining, Mining, Mining, Mining],
    );
    s.board.set(at(3, 2), tae::Cell::Destroyed);
    s.players[ALICE].bombers.clear();
    let o = vec![colonize(&s, CAROL, Scientist, 1, 1)];
    play(&mut s, &[(CAROL, o)]);
    assert!(s.is_over());
    for seat in [None, Some(CAROL)] {
        let v = view(&s, seat);
        let text = write_view(&v);
        assert!(text.ends_with("END\n"));
        assert_eq!(parse_view(&text).unwrap(), v);
    }
}

#[test]
fn a_broken_view_file_names_the_line() {
    let v = view(&combat(), Some(ALICE));
    let text = write_view(&v).replace("pool ", "pool x");
    let e = parse_view(&text).unwrap_err();
    assert_eq!(e.line, 9);
    let cut = &write_view(&v)[..40];
    assert!(parse_view(cut).is_err());
    assert!(parse_view("").is_err());
}

#[test]
fn a_bot_reading_files_plays_as_one_given_the_view() {
    let s = combat();
    let rules = Registered(Arc::new(Tae));
    for seat in [ALICE, BOB] {
        let (name, text) = Tae.view_files(&s, Some(Seat(seat))).remove(0);
        assert_eq!(name, format!("View_{seat}_Turn_2.txt"));
        let (file, orders) = rules
            .bot_answer("greedy", Seat(seat), &name, &text, 5)
            .unwrap();
        assert_eq!(file, format!("Orders_{seat}_Turn_2.txt"));
        let mut bot = Tae.bot("greedy").unwrap();
        let direct = bot.orders(
            &Tae,
            &view(&s, Some(seat)),
            Seat(seat),
            &mut GameRng::from_seed(5),
        );
        assert_eq!(orders, write_orders(&direct));
    }
}

#[test]
fn orders_files_wait_for_end() {
    assert_eq!(parse_orders(b"colonize 13 3 1\n"), Ok(None));
    assert_eq!(parse_orders(b""), Ok(None));
    let text = b"# my turn\ncolonize 13 3 1\r\n\nmove 2 4 5\nbomb 5 0 0\nreinforce 9\nEND\n";
    let parsed = parse_orders(text).unwrap().unwrap();
    let lines: Vec<usize> = parsed.iter().map(|(l, _)| *l).collect();
    assert_eq!(lines, vec![2, 4, 5, 6]);
    assert_eq!(
        parsed[0].1,
        Order::Colonize {
            colonist: 13,
            x: 3,
            y: 1
        }
    );
    assert_eq!(parsed[3].1, Order::Reinforce { colonist: 9 });
}

#[test]
fn orders_round_trip_through_their_file() {
    let orders = vec![
        Order::Colonize {
            colonist: 40,
            x: -1,
            y: 12,
        },
        Order::Move {
            leader: 3,
            x: 0,
            y: 0,
        },
        Order::Bomb {
            bomber: 6,
            x: 15,
            y: 10,
        },
        Order::Reinforce { colonist: 41 },
    ];
    let back: Vec<Order> = parse_orders(write_orders(&orders).as_bytes())
        .unwrap()
        .unwrap()
        .into_iter()
        .map(|(_, o)| o)
        .collect();
    assert_eq!(back, orders);
}

fn errors(text: &[u8]) -> Vec<(Option<usize>, String)> {
    parse_orders(text)
        .unwrap_err()
        .into_iter()
        .map(|e| (e.line, e.message))
        .collect()
}

#[test]
fn malformed_order_lines_are_named() {
    let e = errors(
        b"colonise 13 3 1\ncolonize x 3 1\ncolonize 13 3\nmove 2 4 5 6\nreinforce -4\nEND\n",
    );
    let lines: Vec<Option<usize>> = e.iter().map(|(l, _)| *l).collect();
    assert_eq!(lines, vec![Some(1), Some(2), Some(3), Some(4), Some(5)]);
    assert!(e[0].1.contains("unknown order `colonise`"));
    assert!(e[1].1.contains("found `x`"));
    assert!(e[3].1.contains("unexpected `6`"));
    let after = errors(b"colonize 13 3 1\nEND\nmove 2 4 5\n");
    assert_eq!(after[0].0, Some(3));
    let spaced = errors(b" END\n");
    assert_eq!(spaced[0].0, Some(1));
    assert!(parse_orders(&[0xff, b'\n', b'E', b'N', b'D']).is_err());
}

#[test]
fn illegal_orders_in_a_file_are_rejected_at_their_line() {
    let s = combat();
    let text = "# Alice\n\nreinforce 99999\nEND\n";
    let e = Tae
        .parse_orders(&s, Seat(ALICE), text.as_bytes())
        .unwrap_err();
    assert_eq!(e.len(), 1);
    assert_eq!(e[0].line, Some(3));
    assert_eq!(
        e[0].code.as_deref(),
        Some("unknown_piece"),
        "{}",
        e[0].message
    );
    assert!(e[0].message.contains("no such piece"), "{}", e[0].message);
    let carol = format!("reinforce {}\nEND\n", colonists(&s, CAROL, Mining)[0]);
    let e = Tae
        .parse_orders(&s, Seat(CAROL), carol.as_bytes())
        .unwrap_err();
    assert_eq!(e[0].code.as_deref(), Some("not_in_combat"));
    let fine = format!("reinforce {}\nEND", colonists(&s, ALICE, Scientist)[0]);
    assert!(Tae
        .parse_orders(&s, Seat(ALICE), fine.as_bytes())
        .unwrap()
        .is_some());
}

#[test]
fn json_orders_are_rejected_with_their_field() {
    let s = combat();
    let orders = vec![Order::Reinforce { colonist: 99999 }];
    let e = Tae.check(&s, Seat(ALICE), &orders).unwrap_err();
    assert_eq!(e[0].field.as_deref(), Some("orders[0]"));
    let json = serde_json::to_value(&orders).unwrap();
    assert_eq!(json[0]["order"], "reinforce");
    assert_eq!(json[0]["colonist"], 99999);
}

#[test]
fn the_board_picture_shows_pieces_and_scores() {
    let s = combat();
    let text = Tae.board_text(&s);
    assert!(text.starts_with(".sm0..A\nA1mss..\n......A\n"), "{text}");
    assert!(text.contains("seat 1: money 0"));
    assert!(text.contains("combat turn"));
    let parsed = Tae.parse_view("v", &write_view(&view(&s, None))).unwrap();
    assert_eq!(parsed.turn, 2);
}

/// The example view file in `docs/tae-files.md` is what the host writes.
#[test]
fn the_documented_example_view_is_the_real_one() {
    let text = write_view(&view(&combat(), Some(ALICE)));
    let doc = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../docs/tae-files.md"
    ))
    .expect("docs/tae-files.md");
    assert!(
        doc.contains(&text),
        "docs/tae-files.md should show:\n{text}"
    );
}

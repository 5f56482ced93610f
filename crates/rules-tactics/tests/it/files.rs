//! The text files of `docs/tactics-files.md`: the documented examples parse
//! and are legal, views read back exactly, orders files report problems by
//! line and column.

use engine::{FileProtocol, Ruleset, Seat, Setup, ViewFiles};
use tactics::board::Tile;
use tactics::files::{parse_orders, parse_view, write_orders, write_view};
use tactics::ruleset::check_orders;
use tactics::{Input, Tactics};

const DOC: &str = include_str!("../../../../docs/tactics-files.md");

/// The fenced block of the doc tagged `tag`.
fn block(tag: &str) -> String {
    let start = DOC
        .find(&format!("```{tag}\n"))
        .unwrap_or_else(|| panic!("the doc has a ```{tag} block"));
    let body = &DOC[start + tag.len() + 4..];
    body[..body.find("```").expect("the block ends")].to_string()
}

#[test]
fn the_documented_example_parses_and_its_orders_are_legal() {
    let view = parse_view(&block("tactics-view")).expect("the view example reads");
    assert_eq!(view.seat, Some(1));
    assert_eq!(view.game.turn, 13);
    assert_eq!(view.game.current_team(), 1);
    let witch = view.game.unit(2).unwrap();
    assert_eq!((witch.tile, witch.m_recovery), (Tile::new(5, 5), 3));
    assert_eq!(view.game.unit(13).unwrap().m_blocking, -58.229299496700015);
    assert_eq!(view.game.unit(20).unwrap().paralyzed, Some(vec![15]));
    let inputs = parse_orders(block("tactics-orders").as_bytes())
        .expect("the orders example reads")
        .expect("it is complete");
    assert_eq!(inputs.len(), 3);
    let notes = check_orders(&view.game, 1, &inputs).expect("the example's orders are legal");
    assert!(notes.is_empty(), "{notes:?}");
    // And they do what the doc says: a certain hit from behind.
    let mut game = view.game.clone();
    let mut draws = tactics::draws::ListDraws {
        values: vec![0.999],
        next: 0,
    };
    game.play(&inputs, &mut draws, &mut tactics::turn::NoLog);
    assert_eq!(game.unit(2).unwrap().m_health, -22);
}

/// A game some turns in, through the engine: its view file reads back to the
/// very same game.
#[test]
fn a_view_file_reads_back_exactly() {
    let setup = Setup {
        scenario: "chaos".into(),
        seed: 11,
        ..Setup::default()
    };
    let rules = std::sync::Arc::new(Tactics);
    let mut m = engine::Match::start(rules.clone(), setup, false, None).unwrap();
    let mut rng = engine::GameRng::from_seed(5);
    for _ in 0..60 {
        if m.outcome().is_some() {
            break;
        }
        for seat in m.awaiting() {
            let mut bot = rules.bot("greedy").unwrap();
            let orders = bot.orders(&Tactics, &m.view(Some(seat)), seat, &mut rng);
            m.submit(seat, orders).unwrap();
        }
        m.resolve(None);
        for seat in m.awaiting() {
            let files = rules.view_files(m.state(), Some(seat));
            let (name, text) = &files[0];
            let back = rules
                .parse_view(name, text)
                .expect("a view file reads back");
            assert_eq!(back.game, m.state().game, "{name}");
            assert_eq!(back.seat, Some(seat.0));
            assert_eq!(back.options, m.view(Some(seat)).options);
            assert_eq!(
                rules.orders_file_for_view(&back, seat),
                rules.orders_file_name(m.state(), seat)
            );
        }
    }
}

/// A Dragon may face a two-letter direction after a teleport (D5); its view
/// keeps it.
#[test]
fn a_two_letter_facing_survives_the_view_file() {
    let mut g = crate::common::chaos(&[
        (
            0,
            1,
            tactics::units::UnitType::ChaosDragon,
            (3, 2),
            tactics::board::Dir::EN,
        ),
        (
            1,
            2,
            tactics::units::UnitType::Knight,
            (9, 5),
            tactics::board::Dir::W,
        ),
    ]);
    g.turn = 1;
    let v = tactics::view::view(&g, &[], Some(1));
    let text = write_view(&v);
    assert!(
        text.contains("unit 1 team 0 ChaosDragon at 3 2 facing EN"),
        "{text}"
    );
    assert_eq!(parse_view(&text).unwrap().game, g);
}

#[test]
fn orders_files_are_complete_at_end_and_round_trip() {
    let inputs = vec![
        Input::Move {
            unit: 4,
            assignment: Tile::new(2, 6),
            direction: None,
        },
        Input::Attack {
            unit: 4,
            target: None,
            direction: Some(tactics::board::Dir::W),
        },
        Input::AttackSpecial { unit: 6 },
        Input::Turn {
            unit: 4,
            direction: tactics::board::Dir::E,
        },
    ];
    let text = write_orders(&inputs);
    assert_eq!(
        text,
        "move 4 to 2 6\nattack 4 facing W\nspecial 6\nturn 4 E\nend\n"
    );
    assert_eq!(parse_orders(text.as_bytes()), Ok(Some(inputs)));
    assert_eq!(parse_orders(b"move 4 to 2 6\n"), Ok(None), "no end yet");
    assert_eq!(parse_orders(b"# nothing to do\nEND\n"), Ok(Some(vec![])));
}

fn first_error(text: &str) -> (usize, Option<usize>, String) {
    let e = parse_orders(text.as_bytes())
        .expect_err("a bad file")
        .remove(0);
    (e.line, e.column, e.message)
}

#[test]
fn orders_problems_name_line_and_column() {
    let (l, c, m) = first_error("move 4 to 2 6\nfly 3\nend\n");
    assert_eq!((l, c), (2, Some(1)));
    assert!(m.contains("`fly` is not an input"), "{m}");
    let (l, c, m) = first_error("move 4 to 11 3\nend\n");
    assert_eq!((l, c), (1, Some(11)));
    assert!(m.contains("[11, 3] is not a tile"), "{m}");
    let (l, c, m) = first_error("turn 4 NE\nend\n");
    assert_eq!((l, c), (1, Some(8)));
    assert!(
        m.contains("use N, E, S or W") || m.contains("N, E, S or W"),
        "{m}"
    );
    let (l, _, m) = first_error("end\nmove 4 to 2 6\n");
    assert_eq!(l, 2);
    assert!(m.contains("nothing may follow `end`"), "{m}");
    let (l, c, m) = first_error("attack 4 at 2\nend\n");
    assert_eq!((l, c), (1, Some(14)));
    assert!(m.contains("row y"), "{m}");
}

/// The file's lines, not the inputs' indexes, in the errors of a legal-looking
/// file the rules refuse (spec D11).
#[test]
fn refused_orders_point_at_their_line() {
    let setup = Setup {
        scenario: "classic".into(),
        seed: 3,
        ..Setup::default()
    };
    let mut rng = engine::GameRng::from_seed(3);
    let state = Tactics.setup(&setup, &mut rng).unwrap();
    let seat = Tactics.awaiting(&state)[0];
    let other = 1 - seat.0;
    let enemy = state.game.teams[other].units[0].id;
    let text = format!("# my turn\n\nmove {enemy} to 5 5\nend\n");
    let errors = Tactics
        .parse_orders(&state, seat, text.as_bytes())
        .expect_err("another team's unit");
    assert_eq!(errors[0].line, Some(3));
    assert!(
        errors[0].message.contains("not one of your living units"),
        "{}",
        errors[0].message
    );
    let _ = Seat(other);
}

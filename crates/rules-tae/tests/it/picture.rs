//! TaE boards through the generic renderer: a seat's hand is drawn for it
//! alone, and stepping a turn's recorded actions ends on the next turn's
//! board.

use std::collections::BTreeSet;
use std::sync::Arc;

use engine::record::GameRecord;
use engine::{GameRng, Registered, SeatSpec, Setup};
use render::At;
use tae::picture::{Board, Drawing};
use tae::Tae;

fn parse(svg: &str) -> roxmltree::Document<'_> {
    roxmltree::Document::parse(svg).unwrap_or_else(|e| panic!("not XML: {e}\n{svg}"))
}

fn ids(doc: &roxmltree::Document<'_>, kind: &str) -> BTreeSet<String> {
    doc.descendants()
        .filter(|n| n.attribute("data-kind") == Some(kind))
        .filter_map(|n| n.attribute("data-id").map(String::from))
        .collect()
}

fn check_root(doc: &roxmltree::Document<'_>, ruleset: &str) {
    let root = doc.root_element();
    assert_eq!(root.tag_name().name(), "svg");
    assert_eq!(
        root.attribute("class"),
        Some(&*format!("board board-{ruleset}"))
    );
}

fn turn_numbers(rec: &GameRecord) -> Vec<u64> {
    rec.turns
        .iter()
        .map(|t| t.extra["turn"].as_u64().unwrap())
        .collect()
}

/// A game of `turns` turns between greedy bots, with its record.
fn bot_record(seed: u64, turns: u64) -> GameRecord {
    let rules = Registered(Arc::new(Tae));
    let setup = Setup {
        scenario: "default".into(),
        seed,
        seats: vec![SeatSpec::default(), SeatSpec::default()],
        ..Setup::default()
    };
    let mut game = engine::DynRuleset::start(&rules, setup, true, None).expect("starts");
    let mut rng = GameRng::from_seed(seed ^ 0x5eed);
    for _ in 0..turns {
        if game.outcome().is_some() {
            break;
        }
        for s in game.awaiting() {
            if let Some(o) = game.bot_orders("greedy", s, &mut rng) {
                let _ = game.submit_json(s, o);
            }
        }
        game.resolve(None);
    }
    game.record().expect("kept")
}

fn record_board(
    rec: &GameRecord,
    at: At,
    seat: Option<usize>,
) -> Result<(Box<dyn render::Board>, Option<render::Highlight>), render::RenderError> {
    render::record_board(&Registered(Arc::new(Tae)), &Drawing, rec, at, seat)
}

fn tae_board(board: &dyn render::Board) -> &Board {
    board.as_any().downcast_ref::<Board>().expect("a TaE board")
}

#[test]
fn tae_hands_are_shown_only_to_their_seat() {
    let rec = bot_record(11, 8);
    let numbers = turn_numbers(&rec);
    for &turn in &numbers {
        for seat in [None, Some(0), Some(1)] {
            let (board, _) = record_board(&rec, At { turn, action: 0 }, seat).unwrap();
            let b = tae_board(&*board);
            let svg = board.svg(None);
            let doc = parse(&svg);
            check_root(&doc, "tae");
            let pieces = ids(&doc, "piece");
            let expected: BTreeSet<String> = b.piece_ids().iter().map(u64::to_string).collect();
            assert_eq!(pieces, expected);
            // Board spaces: one per cell.
            let v = b.view();
            assert_eq!(
                ids(&doc, "system").len(),
                usize::from(v.board.width) * usize::from(v.board.height)
            );
            // Hands: the viewer's own only.
            let colonists: Vec<_> = doc
                .descendants()
                .filter(|n| n.attribute("class") == Some("colonist"))
                .collect();
            match seat {
                None => assert!(colonists.is_empty()),
                Some(s) => {
                    assert!(!colonists.is_empty(), "seat {s} sees its hand");
                    assert!(colonists
                        .iter()
                        .all(|c| c.attribute("data-owner") == Some(&s.to_string())));
                    assert_eq!(colonists.len(), v.hand.len());
                }
            }
        }
    }
}

#[test]
fn tae_stepping_a_turn_reaches_the_next_turns_board() {
    let rec = bot_record(5, 8);
    let numbers = turn_numbers(&rec);
    for i in 0..numbers.len() - 1 {
        let n = rec.turns[i].actions.len() as u64;
        let mut prev_caption = String::new();
        for action in 1..=n {
            let (_, hl) = record_board(
                &rec,
                At {
                    turn: numbers[i],
                    action,
                },
                None,
            )
            .unwrap();
            let caption = hl.unwrap().caption;
            assert_ne!(caption, prev_caption);
            prev_caption = caption;
        }
        let (end, _) = record_board(
            &rec,
            At {
                turn: numbers[i],
                action: n,
            },
            None,
        )
        .unwrap();
        let (next, _) = record_board(
            &rec,
            At {
                turn: numbers[i + 1],
                action: 0,
            },
            None,
        )
        .unwrap();
        let (end, next) = (tae_board(&*end), tae_board(&*next));
        assert_eq!(end.view().board, next.view().board, "turn {}", numbers[i]);
        let scores = |b: &Board| b.view().players.iter().map(|p| p.score).collect::<Vec<_>>();
        assert_eq!(
            scores(end),
            scores(next),
            "scores after turn {}",
            numbers[i]
        );
    }
}

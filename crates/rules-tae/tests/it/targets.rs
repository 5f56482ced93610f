//! The systems the browser outlines for a picked piece are exactly those
//! its order would be accepted on.

use crate::common::*;

use engine::{Ruleset, Seat};
use tae::targets::targets;
use tae::view::view;
use tae::{Order, Tae};

/// Builds the order that puts a piece (by id) on a system.
type Place = fn(u64, i64, i64) -> Order;

#[test]
fn outlined_systems_are_those_the_checks_accept() {
    let mut s = game(&["......A", "A......", "......A"], 2);
    colony(&mut s, 1, 2, Scientist);
    hand(
        &mut s,
        ALICE,
        &[Scientist, Mining, Merchant, Settler, Settler, Settler],
    );
    let v = serde_json::to_value(view(&s, Some(ALICE))).unwrap();
    let w = s.board.width;
    let h = s.board.height;
    let mut pieces: Vec<(u64, Place)> = vec![
        (colonists(&s, ALICE, Scientist)[0], |c, x, y| {
            Order::Colonize { colonist: c, x, y }
        }),
        (colonists(&s, ALICE, Mining)[0], |c, x, y| Order::Colonize {
            colonist: c,
            x,
            y,
        }),
    ];
    if let Order::Move { leader, .. } = move_to(ALICE, Merchant, 0, 0) {
        pieces.push((leader, |l, x, y| Order::Move { leader: l, x, y }));
    }
    let first = targets(&v, &format!("piece:{}", pieces[0].0));
    assert!(!first.is_empty(), "a scientist colonist can go somewhere");
    for (id, order) in pieces {
        let outlined = targets(&v, &format!("piece:{id}"));
        for y in 0..h {
            for x in 0..w {
                let ok = Tae
                    .check(&s, Seat(ALICE), &vec![order(id, x.into(), y.into())])
                    .is_ok();
                assert_eq!(
                    outlined.contains(&format!("{x},{y}")),
                    ok,
                    "piece {id} at ({x},{y})"
                );
            }
        }
    }
    // Another seat's piece, a spectator's view and other picks: nothing.
    let bob = colonists(&s, BOB, Settler);
    if let Some(b) = bob.first() {
        assert!(targets(&v, &format!("piece:{b}")).is_empty());
    }
    let spectator = serde_json::to_value(view(&s, None)).unwrap();
    assert!(targets(
        &spectator,
        &format!("piece:{}", colonists(&s, ALICE, Mining)[0])
    )
    .is_empty());
    assert!(targets(&v, "system:1,1").is_empty());
}

//! Golden pictures of a small fixed game per ruleset (insta snapshots):
//! any change to what is drawn shows up as a reviewed diff.
//! Update with `INSTA_UPDATE=always cargo test -p orderly-render --test golden`.

use crate::common;

use common::record_svg;
use render::At;

#[test]
fn ttrts_tiny_game() {
    let rec = common::bot_record("ttrts", Some("Tiny2Player"), 7, 3);
    insta::assert_snapshot!(
        "ttrts_turn1_start",
        record_svg(&rec, At { turn: 1, action: 0 }, None).unwrap()
    );
    insta::assert_snapshot!(
        "ttrts_turn1_action1",
        record_svg(&rec, At { turn: 1, action: 1 }, None).unwrap()
    );
}

#[test]
fn tae_seat_view() {
    let rec = common::bot_record("tae", None, 7, 2);
    insta::assert_snapshot!(
        "tae_turn2_seat0_action2",
        record_svg(&rec, At { turn: 2, action: 2 }, Some(0)).unwrap()
    );
}

#[test]
fn fullthrust_duel() {
    let rec = common::bot_record("fullthrust", None, 7, 3);
    insta::assert_snapshot!(
        "fullthrust_turn3_action5",
        record_svg(&rec, At { turn: 3, action: 5 }, None).unwrap()
    );
}

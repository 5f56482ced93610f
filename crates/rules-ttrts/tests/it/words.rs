//! The record told in words: a caption per action and the story of a turn,
//! in the players' names and the unit numbers the orders use.

use engine::record::{GameRecord, Turn};
use serde_json::{from_value, json};
use ttrts::picture::{caption, describe};

fn record() -> GameRecord {
    from_value(json!({"type": "ttrts", "teams": [{"name": "Red"}, {"name": "Green"}], "turns": []}))
        .unwrap()
}

fn turn() -> Turn {
    from_value(json!({
        "turn": 4,
        "units": [
            [{"id": 0, "type": "unit", "assignment": [1, 1]}, {"id": 1, "type": "unit", "assignment": [2, 2]}],
            [{"id": 7, "type": "unit", "assignment": [1, 3]}],
        ],
        "actions": [
            {"type": "move", "unit": 1, "teamId": 0, "command": "F", "wall": [2, 2],
             "results": [{"unit": 1, "changes": {"assignment": [2, 3]}}]},
            {"type": "move", "unit": 7, "teamId": 1, "command": "F", "blocked": "wall"},
            {"type": "turn", "unit": 7, "teamId": 1, "command": "L", "direction": "W",
             "results": [{"unit": 7, "changes": {"direction": "W"}}]},
            {"type": "attack", "unit": 0, "teamId": 0, "command": "A", "direction": "N",
             "results": [{"unit": 0, "changes": {"assignment": [1, 2]}},
                         {"unit": 7, "changes": {"alive": false}, "cause": "charge"}]},
        ],
    }))
    .unwrap()
}

#[test]
fn captions_say_what_each_unit_did() {
    let (r, t) = (record(), turn());
    let words: Vec<String> = t.actions.iter().map(|a| caption(&r, a).unwrap()).collect();
    assert_eq!(
        words,
        vec![
            "Red unit 1 moves forward to (2, 3), leaving a wall at (2, 2)",
            "Green unit 7 cannot move forward: a wall is ahead",
            "Green unit 7 turns left, now facing west",
            "Red unit 0 attacks to the north, charging to (1, 2) and destroys unit 7",
        ]
    );
}

#[test]
fn a_turn_tells_the_kills_first_then_counts() {
    assert_eq!(
        describe(&record(), &turn()),
        vec![
            "Red unit 0 destroyed Green unit 7",
            "Red: 1 moved forward, 1 attacked",
            "Green: 1 blocked, 1 turned",
        ]
    );
    let quiet: Turn = from_value(json!({"units": [], "actions": []})).unwrap();
    assert_eq!(describe(&record(), &quiet), vec!["No unit had orders."]);
}

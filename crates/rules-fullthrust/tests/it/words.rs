//! What the browser is given beyond the file: the ships listed, the targets
//! a battery can reach while a player aims, and the record in words.

use engine::record::{GameRecord, Turn};
use engine::{Ruleset, Seat, SeatSpec, Setup};
use fullthrust::{targets::targets, FullThrust};
use serde_json::{from_value, json, Value};

/// The duel with Warden brought to 20 MU ahead and 12 MU to port of
/// Resolute (23.3 MU away, in its fore arc).
fn close_duel() -> Value {
    let text = fullthrust::scenarios::bundled("duel").unwrap().replacen(
        "Position-X:     40.00",
        "Position-X:     -20.00",
        1,
    );
    let setup = Setup {
        scenario: "duel".into(),
        text: Some(text),
        seats: vec![SeatSpec::default(); 2],
        ..Setup::default()
    };
    let state = FullThrust
        .setup(&setup, &mut engine::GameRng::from_seed(1))
        .unwrap();
    serde_json::to_value(FullThrust.view(&state, Some(Seat(0)))).unwrap()
}

#[test]
fn the_view_lists_ships_with_their_systems() {
    let v = close_duel();
    let resolute = &v["ships"][0];
    assert_eq!(resolute["name"], "Resolute");
    assert_eq!(resolute["id"], 1);
    assert_eq!(resolute["seat"], 0);
    assert_eq!(
        (resolute["x"].as_f64(), resolute["y"].as_f64()),
        (Some(-40.0), Some(-6.0))
    );
    assert_eq!(resolute["course"], 3);
    assert_eq!(
        resolute["systems"][0],
        json!({"kind": "A Battery", "arcs": ["F", "P", "S"], "status": "ok"})
    );
    assert_eq!(resolute["systems"][3]["kind"], "FireCon");
    assert_eq!(v["ships"][2]["seat"], 1);
}

#[test]
fn a_battery_reaches_the_enemy_ships_in_its_arcs_and_range() {
    let v = close_duel();
    assert_eq!(targets(&v, "battery:Resolute/0"), vec!["Warden"]);
    // The B battery reaches 24 MU: Warden is at 23.3.
    assert_eq!(targets(&v, "battery:resolute/1"), vec!["Warden"]);
    // Lark's C battery (P S A, 12 MU) reaches nothing; a FireCon is no battery.
    assert!(targets(&v, "battery:Lark/1").is_empty());
    assert!(targets(&v, "battery:Resolute/3").is_empty());
    assert!(targets(&v, "battery:Nobody/0").is_empty());
    assert!(targets(&v, "ship:Resolute").is_empty());
}

#[test]
fn fire_and_damage_are_told_in_words() {
    let record: GameRecord = from_value(json!({
        "type": "fullthrust",
        "teams": [{"name": "Blue Squadron"}, {"name": "Grey Squadron"}],
        "turns": [],
    }))
    .unwrap();
    let turn: Turn = from_value(json!({
        "turn": 3,
        "units": [[{"id": 1, "type": "ship", "assignment": [0, 0], "name": "Resolute"}],
                  [{"id": 3, "type": "ship", "assignment": [5, 0], "name": "Warden"}]],
        "actions": [
            {"type": "move", "unit": 1, "teamId": 0, "move": "1P",
             "results": [{"unit": 1, "changes": {"position": [-34.5, -6], "course": 2, "velocity": 6}}]},
            {"type": "fire", "unit": 1, "teamId": 0, "battery": 1, "system": "A Battery",
             "targetUnit": 3, "dice": [5, 2, 6], "points": 3},
            {"type": "fire", "unit": 3, "teamId": 1, "battery": 2, "system": "C Battery", "note": "N406"},
            {"type": "damage", "unit": 3, "teamId": 1, "points": 3,
             "results": [{"unit": 3, "changes": {"damageTrack": "--- -", "status": "Destroyed"}}]},
        ],
    }))
    .unwrap();
    let p = fullthrust::plugin();
    let lines = p.describe(&record, &turn);
    assert_eq!(
        lines,
        vec![
            "Warden was destroyed",
            "Resolute's A Battery 1 fires at Warden: dice 5, 2, 6 for 3 points",
            "Warden takes 3 damage points and is destroyed",
            "1 ship moved; 1 fire order could not be carried out.",
        ]
    );
    let captions: Vec<String> = turn
        .actions
        .iter()
        .map(|a| {
            p.drawing
                .caption(
                    &GameRecord {
                        turns: vec![turn.clone()],
                        ..record.clone()
                    },
                    a,
                )
                .unwrap()
        })
        .collect();
    assert_eq!(
        captions[0],
        "Resolute moves to (-34.5, -6), course 2, speed 6 (ordered 1P)"
    );
    assert_eq!(
        captions[2],
        "Warden's C Battery 2 does not fire: its target is not in its arcs"
    );
}

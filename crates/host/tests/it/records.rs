//! Records the host writes (issue 15, points 6 and 7): a game over before
//! its first turn is recorded as ended with its outcome, and the colonists
//! a TaE game drew are in its record once it is over, not before.

use crate::common;

use client::Client;
use common::{create, start, token, wait_status};
use serde_json::json;

/// A Full Thrust battle in which one side has nothing that can fire is
/// over at set-up: the status and the record both say so, and the record
/// reads as a finished game (what `orderly record check` reports) and
/// re-runs.
#[test]
fn a_battle_over_at_set_up_is_recorded_as_ended() {
    let dir = tempfile::tempdir().unwrap();
    let server = start(&dir.path().join("g.db"));
    let mut c = Client::new(&server.url()).unwrap();
    let created = create(
        &mut c,
        json!({"ruleset": "fullthrust", "scenario": "unarmed.gzf",
               "scenario_text": include_str!("fixtures/unarmed.gzf"),
               "seats": ["human", "human"], "seed": 1}),
    );
    let st = &created["status"];
    assert_eq!(st["finished"], true, "{st}");
    assert_eq!(st["outcome"]["winner"], 0);
    let id = created["id"].as_str().unwrap();
    let served = common::record(&mut c, id);
    assert_eq!(served["winnerId"], 0, "{served}");
    assert!(served["ended"].is_string(), "{served}");
    assert_eq!(served["outcome"]["winner"], 0);
    let (parsed, warnings) = record::read_record(&served.to_string()).expect("a valid record");
    assert!(warnings.is_empty(), "{warnings:?}");
    assert_eq!(parsed.winner, record::Winner::Team(0));
    assert!(parsed.ended.is_some());
    common::assert_reruns(served, "fullthrust");
}

/// TaE: the dealt hands and every refill's draws are in the record once
/// the game is over (so anyone can re-verify it without the generator);
/// before, the public record has none of them.
#[test]
fn tae_draws_are_public_only_after_the_end() {
    let dir = tempfile::tempdir().unwrap();
    let server = start(&dir.path().join("g.db"));
    let mut c = Client::new(&server.url()).unwrap();
    let created = create(
        &mut c,
        json!({"ruleset": "tae", "seats": ["human", "random"], "seed": 9, "max_turns": 2}),
    );
    let id = created["id"].as_str().unwrap();
    let t0 = token(&created, 0);
    let before = common::record(&mut c, id);
    assert_eq!(before["setupActions"], json!([]), "{before}");
    for turn in 0..2 {
        wait_status(&mut c, id, |s| s["step"] == turn);
        let r = c
            .post_json(&format!("/api/games/{id}/orders"), Some(&t0), &json!([]))
            .unwrap();
        assert_eq!(r.status, 202);
        if turn == 0 {
            wait_status(&mut c, id, |s| s["step"] == 1);
            let running = common::record(&mut c, id).to_string();
            assert!(!running.contains("\"draw\""), "{running}");
        }
    }
    wait_status(&mut c, id, |s| s["finished"] == true);
    let after = common::record(&mut c, id);
    // Ended by the turn limit: the record says so, with no winner.
    assert!(after["ended"].is_string(), "{after}");
    assert_eq!(after["winnerId"], serde_json::Value::Null);
    assert!(after["outcome"]["reason"]
        .as_str()
        .unwrap()
        .contains("turn limit of 2"));
    assert_eq!(after["setupActions"].as_array().unwrap().len(), 12);
    assert!(after["setupActions"][0]["kind"].is_string());
    assert_eq!(after["setupActions"][0]["seenBy"], json!([0]));
    common::assert_reruns(after, "tae");
}

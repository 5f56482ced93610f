//! The stored match leaves the record's finished turns out; each turn row
//! carries the turn its resolution added, and loading puts them back. A
//! database of the older layout (the whole record inside the stored match,
//! turn rows without record turns) still loads and plays on.

use crate::common;

use std::path::Path;

use client::Client;
use common::{create, start, token, wait_status};
use rusqlite::Connection;
use serde_json::{json, Value};

/// Sends seat 0's (empty) orders `turns` times, each time waiting for the
/// bot's reply and the resolution.
fn play(c: &mut Client, id: &str, tok: &str, turns: u64) {
    for _ in 0..turns {
        let st = c.get(&format!("/api/games/{id}"), None).unwrap().json();
        let step = st["step"].as_u64().unwrap();
        let turn = st["turn"].as_u64().unwrap();
        let r = c
            .post_json(
                &format!("/api/games/{id}/orders?turn={turn}"),
                Some(tok),
                &json!([]),
            )
            .unwrap();
        assert_eq!(r.status, 202, "{}", String::from_utf8_lossy(&r.body));
        wait_status(c, id, |s| s["step"].as_u64() == Some(step + 1));
    }
}

fn record_text(c: &mut Client, id: &str) -> Vec<u8> {
    let r = c.get(&format!("/api/games/{id}/record"), None).unwrap();
    assert_eq!(r.status, 200);
    r.body
}

/// The stored match of the game and its turn rows' record turns.
fn stored(db: &Path, id: &str) -> (Value, Vec<Option<String>>) {
    let conn = Connection::open(db).unwrap();
    let state: String = conn
        .query_row("SELECT state FROM games WHERE id = ?1", [id], |r| r.get(0))
        .unwrap();
    let mut stmt = conn
        .prepare("SELECT record FROM turns WHERE game = ?1 ORDER BY step")
        .unwrap();
    let turns = stmt
        .query_map([id], |r| r.get::<_, Option<String>>(0))
        .unwrap()
        .collect::<Result<Vec<_>, _>>()
        .unwrap();
    (serde_json::from_str(&state).unwrap(), turns)
}

fn new_game(c: &mut Client) -> (String, String) {
    let created = create(
        c,
        json!({"ruleset": "ttrts", "map": "Big2Player", "seats": ["human", "greedy"], "seed": 5}),
    );
    (
        created["id"].as_str().unwrap().to_string(),
        token(&created, 0),
    )
}

#[test]
fn the_stored_match_leaves_finished_turns_to_the_turn_rows() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("g.db");
    let server = start(&db);
    let mut c = Client::new(&server.url()).unwrap();
    let (id, tok) = new_game(&mut c);
    play(&mut c, &id, &tok, 4);
    let before = record_text(&mut c, &id);
    server.stop().unwrap();

    let (state, turns) = stored(&db, &id);
    assert_eq!(state["record"]["turns"], json!([]), "{state}");
    assert_eq!(turns.len(), 4);
    assert!(turns.iter().all(Option::is_some), "{turns:?}");

    // A restart rebuilds the very same record, and play goes on from it.
    let server = start(&db);
    let mut c = Client::new(&server.url()).unwrap();
    assert_eq!(record_text(&mut c, &id), before);
    play(&mut c, &id, &tok, 2);
    let rec: Value = serde_json::from_slice(&record_text(&mut c, &id)).unwrap();
    let old: Value = serde_json::from_slice(&before).unwrap();
    assert_eq!(rec["turns"].as_array().unwrap().len(), 7);
    assert_eq!(
        rec["turns"].as_array().unwrap()[..4],
        old["turns"].as_array().unwrap()[..4]
    );
    server.stop().unwrap();
}

/// Rewrites the database as the previous version kept it: the whole match
/// (record turns and all) in `games.state`, no `record` column in `turns`.
fn make_legacy(db: &Path, id: &str) {
    let (state, turns) = stored(db, id);
    let turns: Vec<String> = turns.into_iter().map(Option::unwrap).collect();
    let rules = registry::rulesets()
        .into_iter()
        .find(|r| r.name() == "ttrts")
        .unwrap();
    let whole = rules.restore_with_turns(state, &turns).unwrap().save();
    assert_eq!(
        whole["record"]["turns"].as_array().unwrap().len(),
        turns.len()
    );
    let conn = Connection::open(db).unwrap();
    conn.execute(
        "UPDATE games SET state = ?1 WHERE id = ?2",
        [whole.to_string(), id.to_string()],
    )
    .unwrap();
    conn.execute_batch("ALTER TABLE turns DROP COLUMN record")
        .unwrap();
}

#[test]
fn a_database_of_the_older_layout_loads_and_plays_on() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("g.db");
    let server = start(&db);
    let mut c = Client::new(&server.url()).unwrap();
    let (id, tok) = new_game(&mut c);
    play(&mut c, &id, &tok, 3);
    let before = record_text(&mut c, &id);
    server.stop().unwrap();
    make_legacy(&db, &id);

    let server = start(&db);
    let mut c = Client::new(&server.url()).unwrap();
    assert_eq!(record_text(&mut c, &id), before);
    play(&mut c, &id, &tok, 2);
    let after = record_text(&mut c, &id);
    server.stop().unwrap();

    // The old turns stay inside the stored match; the new ones are in their
    // turn rows.
    let (state, turns) = stored(&db, &id);
    assert_eq!(state["record"]["turns"].as_array().unwrap().len(), 3);
    assert_eq!(turns.len(), 5);
    assert!(turns[..3].iter().all(Option::is_none), "{turns:?}");
    assert!(turns[3..].iter().all(Option::is_some), "{turns:?}");

    let server = start(&db);
    let mut c = Client::new(&server.url()).unwrap();
    assert_eq!(record_text(&mut c, &id), after);
    let rec: Value = serde_json::from_slice(&after).unwrap();
    let old: Value = serde_json::from_slice(&before).unwrap();
    assert_eq!(rec["turns"].as_array().unwrap().len(), 6);
    assert_eq!(
        rec["turns"].as_array().unwrap()[..3],
        old["turns"].as_array().unwrap()[..3]
    );
    server.stop().unwrap();
}

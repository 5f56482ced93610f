//! Seats the rules play themselves (`Ruleset::rules_seats`), through the
//! API with Tactics' Chaos game: the request lists the 4 player seats, the
//! host puts the Chaos team in as seat 0, shows it as played by the rules,
//! gives it no token and never awaits it; the record names its player as
//! the engine does. Requests that place it wrongly are refused, saying why.

use std::time::Duration;

use crate::common;

use client::Client;
use common::{create, start, token, wait_status, ADMIN};
use serde_json::{json, Value};

fn refused(c: &mut Client, body: Value) -> Value {
    let r = c.post_json("/api/games", Some(ADMIN), &body).unwrap();
    assert_eq!(r.status, 400, "{}", String::from_utf8_lossy(&r.body));
    r.json()
}

fn details(v: &Value) -> String {
    v["details"].to_string()
}

#[test]
fn a_chaos_game_takes_its_four_player_seats_and_the_rules_play_the_chaos_team() {
    let (_dir, server, mut c, created) =
        common::one_game(json!({"ruleset": "tactics", "scenario": "chaos", "seed": 3,
               "seats": ["human", "greedy", "random", "greedy"], "max_turns": 400}));
    let id = created["id"].as_str().unwrap().to_string();
    let seats = created["status"]["seats"].as_array().unwrap().clone();
    assert_eq!(seats.len(), 5, "{seats:?}");
    assert_eq!(seats[0]["name"], "Chaos");
    assert_eq!(seats[0]["player"], json!({"rules": "Chaos"}));
    assert_eq!(seats[1]["player"], "human");
    assert_eq!(seats[2]["player"], json!({"bot": "greedy"}));
    assert_eq!(seats[4]["player"], json!({"bot": "greedy"}));
    // One token, for the one person: seat 1.
    let tokens = created["tokens"].as_array().unwrap();
    assert_eq!(tokens.len(), 1);
    assert_eq!(tokens[0]["seat"], 1);
    // Seat 0 is never awaited; the person plays with an HTTP bot to the end.
    let st = common::status(&mut c, &id);
    assert!(!st["awaiting"].as_array().unwrap().contains(&json!(0)));
    let played = client::bot::play(
        &server.url(),
        &id,
        &token(&created, 0),
        "greedy",
        Duration::from_secs(120),
    )
    .expect("the game is played to its end");
    assert!(played.orders_sent > 0);
    let st = wait_status(&mut c, &id, |s| s["finished"] == true);
    assert!(st["outcome"].is_object());
    let record = common::record(&mut c, &id);
    assert_eq!(record["type"], "chaos");
    assert_eq!(record["teams"][0]["name"], "Chaos");
    assert_eq!(
        record["teams"][0]["bot"], "Chaos",
        "the Chaos team's player, as the engine writes it"
    );
    assert_eq!(record["teams"][2]["bot"], "greedy");
    assert_eq!(record["setup"]["seats"][0]["rules"], true);
    common::assert_reruns(record, "tactics");
}

#[test]
fn a_chaos_team_placed_wrongly_is_refused_and_rules_may_be_named() {
    let dir = tempfile::tempdir().unwrap();
    let server = start(&dir.path().join("g.db"));
    let mut c = Client::new(&server.url()).unwrap();
    // Five seats, none of them the rules': too many player seats.
    let e = refused(
        &mut c,
        json!({"ruleset": "tactics", "scenario": "chaos", "seats": ["greedy", "greedy", "greedy", "greedy", "greedy"]}),
    );
    let d = details(&e);
    assert!(
        d.contains("4 player seats") && d.contains("played by the rules") && d.contains("not 5"),
        "{e}"
    );
    // Three: too few.
    let e = refused(
        &mut c,
        json!({"ruleset": "tactics", "scenario": "chaos", "seats": ["greedy", "greedy", "greedy"]}),
    );
    assert!(details(&e).contains("not 3"), "{e}");
    // `rules` where the rules play nothing.
    let e = refused(
        &mut c,
        json!({"ruleset": "tactics", "scenario": "chaos",
               "seats": ["greedy", "rules", "greedy", "greedy", "greedy"]}),
    );
    let d = details(&e);
    assert!(
        d.contains("seats[1]") && d.contains("the rules play seat 0 only"),
        "{e}"
    );
    let e = refused(
        &mut c,
        json!({"ruleset": "tactics", "scenario": "classic", "seats": ["rules", "greedy"]}),
    );
    assert!(
        details(&e).contains("no seat of this game is played by the rules"),
        "{e}"
    );
    // Naming the rules' seat where it is is the same game as leaving it out.
    let named = create(
        &mut c,
        json!({"ruleset": "tactics", "scenario": "chaos", "seed": 8,
               "seats": [{"kind": "rules"}, "greedy", "greedy", "random", "random"]}),
    );
    let left_out = create(
        &mut c,
        json!({"ruleset": "tactics", "scenario": "chaos", "seed": 8,
               "seats": ["greedy", "greedy", "random", "random"]}),
    );
    assert_eq!(named["status"]["seats"], left_out["status"]["seats"]);
    // A classic game is unchanged: two seats, both players'.
    let classic = create(
        &mut c,
        json!({"ruleset": "tactics", "seats": ["human", "greedy"]}),
    );
    assert_eq!(classic["status"]["seats"].as_array().unwrap().len(), 2);
    assert_eq!(classic["tokens"][0]["seat"], 0);
}

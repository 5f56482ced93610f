//! The API over real HTTP on loopback: whole games of every ruleset between bots,
//! events, deadlines, restarts and the security rules. Every wait is bounded.

use std::time::Duration;

use crate::common;

use client::Client;
use common::{create, start, token, wait_status, ADMIN};
use serde_json::{json, Value};

#[test]
fn two_http_bots_play_a_whole_ttrts_game() {
    let dir = tempfile::tempdir().unwrap();
    let server = start(&dir.path().join("g.db"));
    let url = server.url();
    let mut c = Client::new(&url).unwrap();
    let created = create(
        &mut c,
        json!({"ruleset": "ttrts", "map": "Tiny2Player", "seats": ["human", "human"], "seed": 11}),
    );
    let id = created["id"].as_str().unwrap().to_string();
    let players: Vec<_> = (0..2)
        .map(|i| {
            let (url, id, tok) = (url.clone(), id.clone(), token(&created, i));
            std::thread::spawn(move || {
                client::bot::play(&url, &id, &tok, "greedy", Duration::from_secs(60))
            })
        })
        .collect();
    for p in players {
        let played = p.join().unwrap().expect("the bot finishes");
        assert!(played.orders_sent > 0);
        assert!(played.outcome.is_object());
    }
    let st = c.get(&format!("/api/games/{id}"), None).unwrap().json();
    assert_eq!(st["finished"], true);
    // The finished record is whole (orders, setup) and re-runs identically.
    let record = common::record(&mut c, &id);
    assert!(record["setup"].is_object());
    assert!(record["turns"][0]["orders"].is_array());
    common::assert_reruns(record, "ttrts");
    // Orders after the end are refused.
    let r = c
        .post_json(
            &format!("/api/games/{id}/orders"),
            Some(&token(&created, 0)),
            &json!([]),
        )
        .unwrap();
    assert_eq!(r.status, 409);
}

/// Every other ruleset plays to its end through the same API: one seat by
/// an HTTP bot, one by a built-in bot run by the server, scenario by default.
#[test]
fn every_other_ruleset_plays_to_the_end_through_the_api() {
    for (ruleset, http_bot, builtin) in [
        ("tae", "greedy", "random"),
        ("fullthrust", "closer", "closer"),
    ] {
        let dir = tempfile::tempdir().unwrap();
        let server = start(&dir.path().join("g.db"));
        let url = server.url();
        let mut c = Client::new(&url).unwrap();
        let created = create(
            &mut c,
            json!({"ruleset": ruleset, "seats": ["human", builtin], "seed": 5}),
        );
        let id = created["id"].as_str().unwrap().to_string();
        // A spectator's view is there from the start.
        let spectator = c.get(&format!("/api/games/{id}/view"), None).unwrap();
        assert_eq!(spectator.status, 200, "{ruleset}");
        let played = client::bot::play(
            &url,
            &id,
            &token(&created, 0),
            http_bot,
            Duration::from_secs(120),
        )
        .unwrap_or_else(|e| panic!("{ruleset}: {e}"));
        assert!(played.orders_sent > 0, "{ruleset}");
        let st = wait_status(&mut c, &id, |st| st["finished"] == true);
        assert!(st["outcome"].is_object(), "{ruleset}: {st}");
        common::assert_reruns(common::record(&mut c, &id), ruleset);
    }
}

#[test]
fn built_in_bots_play_and_events_arrive() {
    let (_dir, _server, mut c, created) = common::one_game(
        json!({"ruleset": "ttrts", "map": "Tiny2Player", "seats": ["human", "greedy"], "seed": 5}),
    );
    let id = created["id"].as_str().unwrap().to_string();
    let tok = token(&created, 0);
    let mut mine = c.events(&id, Some(&tok), Duration::from_secs(30)).unwrap();
    let mut public = c.events(&id, None, Duration::from_secs(30)).unwrap();
    // On connecting, the seat hears that it is awaited.
    let first = mine.next_event().unwrap().unwrap();
    assert_eq!(first.kind, "awaiting_you");
    assert_eq!(first.data["turn"], 0);
    let r = c
        .post_json(
            &format!("/api/games/{id}/orders"),
            Some(&tok),
            &json!([{"unit": 0, "command": "L"}]),
        )
        .unwrap();
    assert_eq!(r.status, 202, "{}", String::from_utf8_lossy(&r.body));
    let resolved = mine.next_event().unwrap().unwrap();
    assert_eq!(resolved.kind, "turn_resolved");
    assert_eq!(resolved.data["turn"], 0);
    let again = mine.next_event().unwrap().unwrap();
    assert_eq!(again.kind, "awaiting_you");
    assert_eq!(again.data["turn"], 1);
    // Spectators hear turns but not whom the server waits for.
    let p = public.next_event().unwrap().unwrap();
    assert_eq!(p.kind, "turn_resolved");
    // Before the end the record hides the orders and the setup.
    let rec = common::record(&mut c, &id);
    assert!(rec["turns"][0]["units"].is_array());
    assert!(rec["turns"][0].get("orders").is_none());
    assert!(rec.get("setup").is_none() && rec.get("seed").is_none());
    // Play on by sending nothing useful until the greedy bot wins.
    let mut kinds = vec![];
    loop {
        let st = c.get(&format!("/api/games/{id}"), None).unwrap().json();
        if st["finished"] == true {
            break;
        }
        let turn = st["turn"].as_u64().unwrap();
        let r = c
            .post_json(
                &format!("/api/games/{id}/orders?turn={turn}"),
                Some(&tok),
                &json!([]),
            )
            .unwrap();
        assert!(r.status == 202 || r.status == 409, "{}", r.status);
        assert!(turn < 500, "the game does not end");
    }
    while let Some(e) = public.next_event().unwrap() {
        kinds.push(e.kind);
    }
    assert_eq!(kinds.last().map(String::as_str), Some("game_over"));
    assert!(!kinds.iter().any(|k| k == "awaiting_you"), "{kinds:?}");
}

#[test]
fn a_game_of_built_in_bots_alone_plays_itself_out() {
    let (_dir, _server, mut c, created) = common::one_game(
        json!({"ruleset": "ttrts", "map": "Tiny2Player", "seats": ["greedy", "random"], "seed": 8}),
    );
    assert_eq!(created["tokens"], json!([]));
    let id = created["id"].as_str().unwrap();
    let st = wait_status(&mut c, id, |s| s["finished"] == true);
    assert!(st["outcome"].is_object());
    let record = common::record(&mut c, id);
    let parsed: record::GameRecord = serde_json::from_value(record).unwrap();
    assert_eq!(
        registry::find("ttrts").unwrap().verify(&parsed).unwrap(),
        None
    );
}

/// A game its rules never end (here two bots that cannot catch each
/// other) stops at its turn limit with no winner: nothing more is awaited,
/// orders are refused, and the record is whole and verifies. A bad limit is
/// a 400 naming the field.
#[test]
fn a_game_stops_at_its_turn_limit() {
    let (dir, server, mut c, created) = common::one_game(
        json!({"ruleset": "ttrts", "map": "Tiny2Player", "seats": ["human", "random"],
               "seed": 8, "max_turns": 3}),
    );
    let id = created["id"].as_str().unwrap();
    let t0 = token(&created, 0);
    for _ in 0..3 {
        let st = wait_status(&mut c, id, |s| s["missing"] == json!([0]));
        assert_eq!(st["finished"], false);
        let r = c
            .post_json(&format!("/api/games/{id}/orders"), Some(&t0), &json!([]))
            .unwrap();
        assert_eq!(r.status, 202, "{}", r.json());
    }
    let st = wait_status(&mut c, id, |s| s["finished"] == true);
    assert_eq!(st["step"], 3);
    assert_eq!(st["max_turns"], 3);
    assert_eq!(st["awaiting"], json!([]));
    assert_eq!(st["outcome"]["winner"], Value::Null);
    assert!(st["outcome"]["reason"]
        .as_str()
        .unwrap()
        .contains("turn limit of 3"));
    let r = c
        .post_json(&format!("/api/games/{id}/orders"), Some(&t0), &json!([]))
        .unwrap();
    assert_eq!(r.status, 409);
    let record = common::record(&mut c, id);
    assert!(record.get("setup").is_some(), "the whole record once over");
    let parsed: record::GameRecord = serde_json::from_value(record).unwrap();
    assert_eq!(
        registry::find("ttrts").unwrap().verify(&parsed).unwrap(),
        None
    );
    // A restart keeps it over.
    drop(c);
    server.stop().unwrap();
    let server = start(&dir.path().join("g.db"));
    let mut c = Client::new(&server.url()).unwrap();
    let st = c.get(&format!("/api/games/{id}"), None).unwrap().json();
    assert_eq!(st["finished"], true);
    for bad in [json!(0), json!(2_000_000)] {
        let r = c
            .post_json(
                "/api/games",
                Some(ADMIN),
                &json!({"ruleset": "ttrts", "seats": ["human", "random"], "max_turns": bad}),
            )
            .unwrap();
        assert_eq!(r.status, 400);
        assert_eq!(r.json()["details"][0]["field"], "max_turns");
    }
}

#[test]
fn deadlines_resolve_turns_with_default_orders() {
    let dir = tempfile::tempdir().unwrap();
    let server = start(&dir.path().join("g.db"));
    let mut c = Client::new(&server.url()).unwrap();
    // Nobody sends orders: the limit resolves the turns.
    let created = create(
        &mut c,
        json!({"ruleset": "ttrts", "map": "Tiny2Player", "seats": ["human", "greedy"], "seed": 1,
               "deadline": {"policy": "all_done_or_limit", "seconds": 1}}),
    );
    let id = created["id"].as_str().unwrap();
    let st = wait_status(&mut c, id, |s| s["step"].as_u64() >= Some(1));
    assert!(st["deadline_ms"].is_u64());
    // `fixed` waits for the deadline even when everyone has sent orders;
    // `threshold` starts its clock when enough seats have.
    let created = create(
        &mut c,
        json!({"ruleset": "ttrts", "map": "Tiny2Player", "seats": ["human", "greedy"], "seed": 1,
               "deadline": {"policy": "threshold", "seats": 2, "seconds": 1}}),
    );
    let id = created["id"].as_str().unwrap();
    let st = c.get(&format!("/api/games/{id}"), None).unwrap().json();
    assert_eq!(st["deadline_ms"], Value::Null, "only the bot has answered");
    let r = c
        .post_json(
            &format!("/api/games/{id}/orders"),
            Some(&token(&created, 0)),
            &json!([]),
        )
        .unwrap();
    assert_eq!(r.status, 202);
    wait_status(&mut c, id, |s| s["step"].as_u64() >= Some(1));
    let created = create(
        &mut c,
        json!({"ruleset": "ttrts", "map": "Tiny2Player", "seats": ["human", "greedy"], "seed": 1,
               "deadline": {"policy": "fixed", "seconds": 1}}),
    );
    let id = created["id"].as_str().unwrap();
    let r = c
        .post_json(
            &format!("/api/games/{id}/orders"),
            Some(&token(&created, 0)),
            &json!([]),
        )
        .unwrap();
    assert_eq!(r.status, 202);
    let st = c.get(&format!("/api/games/{id}"), None).unwrap().json();
    assert_eq!(st["missing"], json!([]));
    wait_status(&mut c, id, |s| s["step"].as_u64() >= Some(1));
}

#[test]
fn games_and_orders_survive_a_restart() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("g.db");
    let server = start(&db);
    let mut c = Client::new(&server.url()).unwrap();
    let created = create(
        &mut c,
        json!({"ruleset": "ttrts", "map": "Tiny2Player", "seats": ["human", "human"], "seed": 2}),
    );
    let id = created["id"].as_str().unwrap().to_string();
    let r = c
        .post_json(
            &format!("/api/games/{id}/orders"),
            Some(&token(&created, 0)),
            &json!([{"unit": 0, "command": "F"}]),
        )
        .unwrap();
    assert_eq!(r.status, 202);
    let before = c.get(&format!("/api/games/{id}"), None).unwrap().json();
    server.stop().unwrap();
    let server = start(&db);
    let mut c = Client::new(&server.url()).unwrap();
    let after = c.get(&format!("/api/games/{id}"), None).unwrap().json();
    assert_eq!(before, after);
    assert_eq!(after["missing"], json!([1]));
    // The other seat's token still works, and completes the turn.
    let r = c
        .post_json(
            &format!("/api/games/{id}/orders"),
            Some(&token(&created, 1)),
            &json!([]),
        )
        .unwrap();
    assert_eq!(r.status, 202);
    wait_status(&mut c, &id, |s| s["step"] == 1);
}

#[test]
fn security_every_bad_request_is_a_4xx_and_changes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let server = start(&dir.path().join("g.db"));
    let mut c = Client::new(&server.url()).unwrap();
    let spec =
        json!({"ruleset": "ttrts", "map": "Tiny2Player", "seats": ["human", "human"], "seed": 3});
    // Creating needs the admin token.
    assert_eq!(c.post_json("/api/games", None, &spec).unwrap().status, 401);
    assert_eq!(
        c.post_json("/api/games", Some("nope"), &spec)
            .unwrap()
            .status,
        401
    );
    let created = create(&mut c, spec.clone());
    let other = create(&mut c, spec);
    let id = created["id"].as_str().unwrap().to_string();
    let (t0, t1) = (token(&created, 0), token(&created, 1));
    let orders = format!("/api/games/{id}/orders");
    let status = |c: &mut Client| c.get(&format!("/api/games/{id}"), None).unwrap().json();
    let view = |c: &mut Client, t: &str| c.get(&format!("/api/games/{id}/view"), Some(t)).unwrap();
    let before = status(&mut c);
    let before_view = view(&mut c, &t0).json()["view"].clone();
    let good = json!([{"unit": 0, "command": "F"}]);
    // Missing, wrong, and another game's token.
    assert_eq!(c.post_json(&orders, None, &good).unwrap().status, 401);
    assert_eq!(
        c.post_json(&orders, Some("wrong"), &good).unwrap().status,
        401
    );
    assert_eq!(
        c.post_json(&orders, Some(&token(&other, 0)), &good)
            .unwrap()
            .status,
        401
    );
    let r = c
        .request("POST", &orders, &[("Authorization", "Basic abc")], b"[]")
        .unwrap();
    assert_eq!(r.status, 401);
    // A seat acts only for itself: the token decides the seat, so seat 1
    // naming seat 0's unit orders nothing (ttrts ignores it, with a note).
    let r = c.post_json(&orders, Some(&t1), &good).unwrap();
    assert_eq!(r.status, 202);
    assert!(r.json()["notes"][0]["reason"]
        .as_str()
        .unwrap()
        .contains("unit 0"));
    assert_eq!(status(&mut c)["missing"], json!([0]));
    // Malformed JSON, unknown fields, wrong shape, oversized.
    let r = c
        .post(&orders, Some(&t0), "application/json", b"[{\"unit\": 0,")
        .unwrap();
    assert_eq!(r.status, 400);
    assert!(r.json()["details"][0]["line"].is_u64());
    let r = c
        .post_json(
            &orders,
            Some(&t0),
            &json!([{"unit": 0, "command": "F", "seat": 1}]),
        )
        .unwrap();
    assert_eq!(r.status, 422);
    assert!(r.json()["details"][0]["reason"]
        .as_str()
        .unwrap()
        .contains("unknown field"));
    let r = c.post_json(&orders, Some(&t0), &json!({"x": 1})).unwrap();
    assert_eq!(r.status, 422);
    // A value of the wrong type: its JSON path, and what it should be in
    // words, not the Rust type serde names.
    let r = c
        .post_json(
            &orders,
            Some(&t0),
            &json!([{"unit": 0, "command": "F"}, {"unit": 2.5, "command": "F"}]),
        )
        .unwrap();
    assert_eq!(r.status, 422);
    let detail = &r.json()["details"][0];
    assert_eq!(detail["field"], "orders[1].unit", "{detail}");
    let reason = detail["reason"].as_str().unwrap();
    assert!(
        reason.contains("expected a whole number from 0 to 65535, not 2.5")
            && !reason.contains("u16"),
        "{reason}"
    );
    // Over the body limit: 413 naming the limit, and the connection (whose
    // body is left unread) is closed in so many words, so the next request
    // below goes on a fresh one.
    let big = vec![b' '; 17 * 1024];
    let r = c
        .post(&orders, Some(&t0), "application/json", &big)
        .unwrap();
    assert_eq!(r.status, 413);
    assert_eq!(r.header("connection"), Some("close"));
    assert!(r.json()["details"][0]["reason"]
        .as_str()
        .is_some_and(|t| t.contains("at most 16384 bytes")));
    let r = c
        .post(&orders, Some(&t0), "text/plain", b"ORDER:F id:0\n")
        .unwrap();
    assert_eq!(r.status, 422, "incomplete file");
    let r = c
        .post(&orders, Some(&t0), "text/plain", &[0xff, 0xfe])
        .unwrap();
    assert_eq!(r.status, 400);
    // Views: own view with a token, 401 with a bad one, spectator without.
    assert_eq!(view(&mut c, "wrong").status, 401);
    assert_eq!(view(&mut c, &t0).json()["seat"], 0);
    assert_eq!(view(&mut c, &t1).json()["seat"], 1);
    let spectator = c
        .get(&format!("/api/games/{id}/view"), None)
        .unwrap()
        .json();
    assert_eq!(spectator["seat"], Value::Null);
    // Bad query strings, unknown games and endpoints.
    assert_eq!(
        c.get(&format!("/api/games/{id}/view?format=xml"), None)
            .unwrap()
            .status,
        400
    );
    assert_eq!(
        c.get(&format!("/api/games/{id}/view?zz=1"), None)
            .unwrap()
            .status,
        400
    );
    assert_eq!(c.get("/api/games/nope", None).unwrap().status, 404);
    assert_eq!(c.get("/api/nothing", None).unwrap().status, 404);
    assert_eq!(
        c.get(&format!("/api/games/{id}/events?token=bad"), None)
            .unwrap()
            .status,
        400,
        "a token is never taken from a URL"
    );
    assert_eq!(
        c.get(&format!("/api/games/{id}/events?ticket=bad"), None)
            .unwrap()
            .status,
        401
    );
    // Creation errors name the field.
    let r = c
        .post_json(
            "/api/games",
            Some(ADMIN),
            &json!({"ruleset": "chess", "map": "x", "seats": []}),
        )
        .unwrap();
    assert_eq!(r.status, 400);
    assert_eq!(r.json()["details"][0]["field"], "ruleset");
    let r = c
        .post_json(
            "/api/games",
            Some(ADMIN),
            &json!({"ruleset": "ttrts", "map": "Tiny2Player", "seats": ["human", "nobot"]}),
        )
        .unwrap();
    assert_eq!(r.status, 400);
    assert_eq!(r.json()["details"][0]["field"], "seats[1]");
    let r = c
        .post_json(
            "/api/games",
            Some(ADMIN),
            &json!({"ruleset": "ttrts", "map": "Tiny2Player", "seats": ["human"]}),
        )
        .unwrap();
    assert_eq!(r.status, 400);
    let r = c
        .post_json(
            "/api/games",
            Some(ADMIN),
            &json!({"ruleset": "ttrts", "map": "NoSuchMap", "seats": ["human", "human"]}),
        )
        .unwrap();
    assert_eq!(r.status, 400);
    // Nothing of the above changed the game: seat 0 has still sent nothing.
    let after = status(&mut c);
    assert_eq!(before["step"], after["step"]);
    assert_eq!(after["missing"], json!([0]));
    assert_eq!(view(&mut c, &t0).json()["view"], before_view);
}

/// A few hundred garbage requests: none gets a 5xx or takes the server down
/// (the odd one that happens to be valid is accepted), and since seat 1 never
/// sends orders the game stays at its first turn.
#[test]
fn garbage_never_gets_a_5xx() {
    let (_dir, _server, mut c, created) = common::one_game(
        json!({"ruleset": "ttrts", "map": "Tiny2Player", "seats": ["human", "human"], "seed": 4}),
    );
    let id = created["id"].as_str().unwrap().to_string();
    let t0 = token(&created, 0);
    let before = c.get(&format!("/api/games/{id}"), None).unwrap().json();
    let mut x: u64 = 0x2545_F491_4F6C_DD1D;
    let mut next = move || {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        x
    };
    let pieces: &[&[u8]] = &[
        b"[",
        b"]",
        b"{",
        b"}",
        b"\"unit\"",
        b":",
        b",",
        b"\"command\"",
        b"\"F\"",
        b"-1",
        b"99999999999999999999",
        b"null",
        b"\"\\u0000\"",
        b"ORDER:",
        b"F id:",
        b"END\n",
        b"\xff",
        b"\"ruleset\"",
        b"\"ttrts\"",
        b"\"seats\"",
        b"\"scenario_text\"",
        b"\"SIZE:[99999,99999]\"",
    ];
    for i in 0..300 {
        let mut body = vec![];
        for _ in 0..(next() % 12) {
            body.extend_from_slice(pieces[(next() % pieces.len() as u64) as usize]);
        }
        let (path, tok, ct) = match i % 3 {
            0 => (
                format!("/api/games/{id}/orders"),
                Some(t0.as_str()),
                "application/json",
            ),
            1 => (
                format!("/api/games/{id}/orders"),
                Some(t0.as_str()),
                "text/plain",
            ),
            _ => ("/api/games".to_string(), Some(ADMIN), "application/json"),
        };
        let r = c.post(&path, tok, ct, &body).unwrap();
        assert!(
            r.status < 500 && (r.status >= 400 || r.status == 201 || r.status == 202),
            "{} for {:?}",
            r.status,
            String::from_utf8_lossy(&body)
        );
    }
    let after = c.get(&format!("/api/games/{id}"), None).unwrap().json();
    assert_eq!(before["step"], after["step"]);
    assert_eq!(c.get("/api/games/nope/events", None).unwrap().status, 404);
}

#[test]
fn openapi_describes_every_route() {
    let dir = tempfile::tempdir().unwrap();
    let server = start(&dir.path().join("g.db"));
    let mut c = Client::new(&server.url()).unwrap();
    let doc = c.get("/api/openapi.json", None).unwrap().json();
    assert_eq!(doc["openapi"], "3.1.0");
    for path in [
        "/api/games",
        "/api/games/{id}",
        "/api/games/{id}/view",
        "/api/games/{id}/orders",
        "/api/games/{id}/record",
        "/api/games/{id}/events",
        "/api/rulesets",
    ] {
        assert!(doc["paths"][path].is_object(), "{path} is not described");
    }
    let rulesets = c.get("/api/rulesets", None).unwrap().json();
    assert_eq!(rulesets[0]["name"], "ttrts");
    // Each ruleset names the scenario a game gets when it names none, and
    // that name creates a game.
    for r in rulesets.as_array().unwrap() {
        let scenario = r["default_scenario"].as_str().expect("a default scenario");
        assert!(!scenario.is_empty(), "{r}");
        let seats = ["human", "human"];
        let created = c
            .post_json(
                "/api/games",
                Some(ADMIN),
                &json!({"ruleset": r["name"], "scenario": scenario, "seats": seats}),
            )
            .unwrap();
        assert_eq!(created.status, 201, "{}: {}", r["name"], created.json());
    }
    let list = c.get("/api/games", None).unwrap().json();
    assert_eq!(
        list.as_array().unwrap().len(),
        rulesets.as_array().unwrap().len()
    );
}

/// TaE hands are secret: a seat's view over HTTP shows its own colonists'
/// types, only the count of the other hand, and the spectator sees no hand;
/// the record served before the end has no raw orders.
#[test]
fn no_view_leaks_another_seats_hand() {
    let (_dir, _server, mut c, created) =
        common::one_game(json!({"ruleset": "tae", "seats": ["human", "human"], "seed": 3}));
    let id = created["id"].as_str().unwrap().to_string();
    let view = |c: &mut Client, tok: Option<&str>| -> Value {
        let r = c.get(&format!("/api/games/{id}/view"), tok).unwrap();
        assert_eq!(r.status, 200);
        r.json()["view"].clone()
    };
    let (t0, t1) = (token(&created, 0), token(&created, 1));
    let v0 = view(&mut c, Some(&t0));
    let v1 = view(&mut c, Some(&t1));
    let spectator = view(&mut c, None);
    let ids = |v: &Value| -> Vec<u64> {
        v["hand"]
            .as_array()
            .unwrap()
            .iter()
            .map(|h| h["id"].as_u64().unwrap())
            .collect()
    };
    assert_eq!(ids(&v0).len(), 6);
    assert_eq!(ids(&v1).len(), 6);
    assert!(spectator["hand"].as_array().unwrap().is_empty());
    assert_eq!(
        v0["players"][1]["hand"], 6,
        "only a count of the other hand"
    );
    let text0 = v0.to_string();
    for other in ids(&v1) {
        assert!(
            !text0.contains(&format!("\"id\":{other},")),
            "seat 0 sees seat 1's colonist {other}"
        );
    }
    let record = common::record(&mut c, &id);
    assert!(record.get("setup").is_none() && record.get("seed").is_none());
}

#[test]
fn games_are_listed_a_page_at_a_time() {
    let dir = tempfile::tempdir().unwrap();
    let server = start(&dir.path().join("g.db"));
    let mut c = Client::new(&server.url()).unwrap();
    let ids: Vec<String> = (0..7)
        .map(|seed| {
            let created = create(
                &mut c,
                json!({"ruleset": "ttrts", "map": "Tiny2Player", "seats": ["human", "human"], "seed": seed}),
            );
            created["id"].as_str().unwrap().to_string()
        })
        .collect();
    let listed = |r: &client::Response| -> Vec<String> {
        r.json()
            .as_array()
            .unwrap()
            .iter()
            .map(|g| g["id"].as_str().unwrap().to_string())
            .collect()
    };
    // Walks the Link headers from `first`; every page's ids, in order.
    let walk = |c: &mut Client, first: &str| -> Vec<Vec<String>> {
        let mut pages = vec![];
        let mut next = Some(first.to_string());
        while let Some(path) = next.take() {
            let r = c.get(&path, None).unwrap();
            assert_eq!(
                r.status,
                200,
                "{path}: {}",
                String::from_utf8_lossy(&r.body)
            );
            assert_eq!(r.header("x-total-count"), Some("7"));
            pages.push(listed(&r));
            next = r.header("link").map(|l| {
                assert!(l.ends_with(">; rel=\"next\""), "{l}");
                l[1..l.find('>').unwrap()].to_string()
            });
            assert!(pages.len() <= 7, "the pages never end");
        }
        pages
    };

    // Without a limit every game fits one page (100), in creation order.
    let r = c.get("/api/games", None).unwrap();
    assert_eq!(listed(&r), ids);
    assert_eq!(r.header("link"), None);

    let pages = walk(&mut c, "/api/games?limit=3");
    assert_eq!(pages.iter().map(Vec::len).collect::<Vec<_>>(), [3, 3, 1]);
    assert_eq!(pages.concat(), ids);

    let pages = walk(&mut c, "/api/games?limit=2&order=newest");
    assert_eq!(pages.iter().map(Vec::len).collect::<Vec<_>>(), [2, 2, 2, 1]);
    let mut newest: Vec<String> = ids.clone();
    newest.reverse();
    assert_eq!(pages.concat(), newest);

    // A page that ends exactly at the last game has no next link.
    let r = c
        .get(&format!("/api/games?limit=2&after={}", ids[4]), None)
        .unwrap();
    assert_eq!(listed(&r), ids[5..]);
    assert_eq!(r.header("link"), None);

    for (path, field) in [
        ("/api/games?limit=0", "limit"),
        ("/api/games?limit=1001", "limit"),
        ("/api/games?limit=ten", "limit"),
        ("/api/games?order=sideways", "order"),
        ("/api/games?after=nosuchgame", "after"),
    ] {
        let r = c.get(path, None).unwrap();
        assert_eq!(r.status, 400, "{path}");
        assert_eq!(
            r.json()["details"][0]["field"],
            field,
            "{path}: {}",
            r.json()
        );
    }
    let r = c.get("/api/games?page=2", None).unwrap();
    assert_eq!(r.status, 400, "an unknown parameter is refused");
}

//! Resigning and draw offers over loopback HTTP: each needs the seat's
//! token, is stored before the answer (a restart replays it), is heard live
//! by the other seat, and names itself in the outcome and the record; every
//! refusal is a JSON error.

use std::time::Duration;

use crate::common;

use client::Client;
use common::{create, start, status, token};
use serde_json::{json, Value};

fn two_humans(c: &mut Client) -> (String, String, String) {
    let created = create(
        c,
        json!({"ruleset": "ttrts", "map": "Tiny2Player", "seats": ["human", "human"], "seed": 3}),
    );
    let id = created["id"].as_str().unwrap().to_string();
    (id, token(&created, 0), token(&created, 1))
}

/// `POST path` with no body as `tok`: the status and the JSON answer.
fn post(c: &mut Client, path: &str, tok: Option<&str>) -> (u16, Value) {
    let r = c.post(path, tok, "application/json", b"").unwrap();
    (r.status, r.json())
}

#[test]
fn a_resignation_ends_the_game_and_names_who_resigned() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("g.db");
    let server = start(&db);
    let mut c = Client::new(&server.url()).unwrap();
    let (id, red, blue) = two_humans(&mut c);
    let mut blue_hears = c.events(&id, Some(&blue), Duration::from_secs(30)).unwrap();
    assert_eq!(
        blue_hears.next_event().unwrap().unwrap().kind,
        "awaiting_you"
    );

    // Without a token, or with one of no seat here: 401.
    let (code, body) = post(&mut c, &format!("/api/games/{id}/resign"), None);
    assert_eq!(code, 401, "{body}");
    assert!(body["error"].as_str().unwrap().contains("token"), "{body}");
    let (code, _) = post(&mut c, &format!("/api/games/{id}/resign"), Some("nobody"));
    assert_eq!(code, 401);
    let (code, _) = post(&mut c, "/api/games/nope/resign", Some(&red));
    assert_eq!(code, 404);

    let (code, body) = post(&mut c, &format!("/api/games/{id}/resign"), Some(&red));
    assert_eq!(code, 200, "{body}");
    let name = body["status"]["seats"][0]["name"]
        .as_str()
        .unwrap()
        .to_string();
    assert_eq!(body["said"], format!("{name} resigns"));
    assert_eq!(body["table"]["resigned"], json!([{"seat": 0, "turn": 0}]));
    let s = status(&mut c, &id);
    assert_eq!(s["finished"], true);
    assert_eq!(s["outcome"]["winner"], 1);
    assert_eq!(s["outcome"]["reason"], format!("{name} resigned"));
    assert!(s["result"]
        .as_str()
        .unwrap()
        .ends_with(&format!("({name} resigned)")));

    // The other seat heard it live, then the end.
    let heard = blue_hears.next_event().unwrap().unwrap();
    assert_eq!(heard.kind, "table", "{heard:?}");
    assert_eq!(heard.data["table"]["resigned"][0]["seat"], 0);
    assert_eq!(blue_hears.next_event().unwrap().unwrap().kind, "game_over");

    // The record keeps it, and re-runs to the same winner.
    let rec = common::record(&mut c, &id);
    assert_eq!(rec["table"]["resigned"][0]["seat"], 0);
    common::assert_reruns(rec, "ttrts");

    // Over: nothing more can be decided, as a JSON error.
    let (code, body) = post(&mut c, &format!("/api/games/{id}/draw/offer"), Some(&blue));
    assert_eq!(code, 409, "{body}");
    assert!(body["error"].as_str().unwrap().contains("over"), "{body}");
    let (code, _) = post(&mut c, &format!("/api/games/{id}/resign"), Some(&blue));
    assert_eq!(code, 409);

    // A restart replays the stored resignation.
    server.stop().unwrap();
    let server = start(&db);
    let mut c = Client::new(&server.url()).unwrap();
    let again = status(&mut c, &id);
    assert_eq!(again["outcome"], s["outcome"]);
    assert_eq!(again["table"], s["table"]);
}

#[test]
fn draw_offers_are_heard_live_and_agreed_or_declined() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("g.db");
    let server = start(&db);
    let mut c = Client::new(&server.url()).unwrap();
    let (id, red, blue) = two_humans(&mut c);
    let draw = |what: &str| format!("/api/games/{id}/draw/{what}");

    // Nothing offered: nothing to accept, decline or withdraw.
    for what in ["accept", "decline", "withdraw"] {
        let (code, body) = post(&mut c, &draw(what), Some(&blue));
        assert_eq!(code, 409, "{what}: {body}");
        assert!(body["error"].is_string() && body["details"].is_array());
    }
    let (code, body) = post(&mut c, &draw("maybe"), Some(&blue));
    assert_eq!(code, 404, "{body}");
    assert_eq!(body["details"][0]["field"], "action");

    let mut blue_hears = c.events(&id, Some(&blue), Duration::from_secs(30)).unwrap();
    assert_eq!(
        blue_hears.next_event().unwrap().unwrap().kind,
        "awaiting_you"
    );
    let (code, body) = post(&mut c, &draw("offer"), Some(&red));
    assert_eq!(code, 200, "{body}");
    assert_eq!(body["table"]["draw_offers"], json!([0]));
    let heard = blue_hears.next_event().unwrap().unwrap();
    assert_eq!(heard.kind, "table");
    assert_eq!(heard.data["table"]["draw_offers"], json!([0]));
    // One's own offer is not accepted by oneself.
    let (code, _) = post(&mut c, &draw("accept"), Some(&red));
    assert_eq!(code, 409);

    // Declined: the offer is gone, the game goes on.
    let (code, body) = post(&mut c, &draw("decline"), Some(&blue));
    assert_eq!(code, 200, "{body}");
    assert_eq!(body["table"]["draw_offers"], json!([]));
    assert_eq!(status(&mut c, &id)["finished"], false);

    // Offered, withdrawn, offered again: stored, so a restart keeps it.
    post(&mut c, &draw("offer"), Some(&red));
    let (code, _) = post(&mut c, &draw("withdraw"), Some(&red));
    assert_eq!(code, 200);
    post(&mut c, &draw("offer"), Some(&red));
    server.stop().unwrap();
    let server = start(&db);
    let mut c = Client::new(&server.url()).unwrap();
    assert_eq!(status(&mut c, &id)["table"]["draw_offers"], json!([0]));

    // Accepted: drawn by agreement, in the status and the record.
    let (code, body) = post(&mut c, &draw("accept"), Some(&blue));
    assert_eq!(code, 200, "{body}");
    let s = status(&mut c, &id);
    assert_eq!(s["finished"], true);
    assert_eq!(s["outcome"]["winner"], Value::Null);
    assert!(
        s["outcome"]["reason"]
            .as_str()
            .unwrap()
            .starts_with("drawn by agreement"),
        "{s}"
    );
    let rec = common::record(&mut c, &id);
    assert_eq!(rec["table"]["drawAgreed"], 0);
    common::assert_reruns(rec, "ttrts");
}

#[test]
fn offers_lapse_when_the_turn_is_resolved() {
    let dir = tempfile::tempdir().unwrap();
    let server = start(&dir.path().join("g.db"));
    let mut c = Client::new(&server.url()).unwrap();
    let (id, red, blue) = two_humans(&mut c);
    let (code, _) = post(&mut c, &format!("/api/games/{id}/draw/offer"), Some(&red));
    assert_eq!(code, 200);
    for tok in [&red, &blue] {
        let r = c
            .post_json(&format!("/api/games/{id}/orders"), Some(tok), &json!([]))
            .unwrap();
        assert_eq!(r.status, 202, "{}", String::from_utf8_lossy(&r.body));
    }
    let s = common::wait_status(&mut c, &id, |s| s["turn"].as_u64() >= Some(1));
    assert_eq!(s["table"]["draw_offers"], json!([]));
    let (code, _) = post(&mut c, &format!("/api/games/{id}/draw/accept"), Some(&blue));
    assert_eq!(code, 409);
}

#[test]
fn a_resignation_with_the_other_orders_in_resolves_the_turn() {
    let dir = tempfile::tempdir().unwrap();
    let server = start(&dir.path().join("g.db"));
    let mut c = Client::new(&server.url()).unwrap();
    let created = create(
        &mut c,
        json!({"ruleset": "sealedbids", "seats": ["human", "human", "human"], "seed": 4}),
    );
    let id = created["id"].as_str().unwrap().to_string();
    let (a, b, z) = (token(&created, 0), token(&created, 1), token(&created, 2));
    for tok in [&a, &b] {
        let r = c
            .post_json(&format!("/api/games/{id}/orders"), Some(tok), &json!({}))
            .unwrap();
        assert_eq!(r.status, 202, "{}", String::from_utf8_lossy(&r.body));
    }
    let first = status(&mut c, &id)["turn"].as_u64().unwrap();
    // The third seat resigns: two play on, and the turn they finished
    // ordering is resolved at once.
    let (code, body) = post(&mut c, &format!("/api/games/{id}/resign"), Some(&z));
    assert_eq!(code, 200, "{body}");
    let s = common::wait_status(&mut c, &id, |s| s["turn"].as_u64() > Some(first));
    assert_eq!(s["finished"], false);
    assert_eq!(s["awaiting"], json!([0, 1]));
    // A seat that resigned sends no more orders and decides nothing more.
    let r = c
        .post_json(&format!("/api/games/{id}/orders"), Some(&z), &json!({}))
        .unwrap();
    assert_eq!(r.status, 409, "{}", String::from_utf8_lossy(&r.body));
    let (code, body) = post(&mut c, &format!("/api/games/{id}/draw/offer"), Some(&z));
    assert_eq!(code, 409, "{body}");
    assert!(
        body["error"].as_str().unwrap().contains("resigned"),
        "{body}"
    );
    // Both left offer: drawn by agreement of the two.
    post(&mut c, &format!("/api/games/{id}/draw/offer"), Some(&a));
    let (code, body) = post(&mut c, &format!("/api/games/{id}/draw/accept"), Some(&b));
    assert_eq!(code, 200, "{body}");
    let s = status(&mut c, &id);
    assert_eq!(s["finished"], true);
    assert!(s["outcome"]["reason"]
        .as_str()
        .unwrap()
        .starts_with("drawn by agreement of"));
}

#[test]
fn a_finished_game_is_played_again_by_rematch() {
    let dir = tempfile::tempdir().unwrap();
    let server = start(&dir.path().join("g.db"));
    let mut c = Client::new(&server.url()).unwrap();
    let created = create(
        &mut c,
        json!({"ruleset": "ttrts", "map": "Tiny2Player", "seats": ["human", "greedy"], "seed": 3,
               "max_turns": 40, "deadline": {"policy": "all_done_or_limit", "seconds": 600}}),
    );
    let id = created["id"].as_str().unwrap().to_string();
    let red = token(&created, 0);
    let rematch = format!("/api/games/{id}/rematch");
    let (code, _) = post(&mut c, &rematch, None);
    assert_eq!(code, 401);
    let (code, body) = post(&mut c, &rematch, Some(&red));
    assert_eq!(code, 409, "{body}");
    assert!(
        body["error"].as_str().unwrap().contains("not over"),
        "{body}"
    );
    post(&mut c, &format!("/api/games/{id}/resign"), Some(&red));
    let (code, again) = post(&mut c, &rematch, Some(&red));
    assert_eq!(code, 201, "{again}");
    assert_eq!(again["rematch_of"], id.as_str());
    let new_id = again["id"].as_str().unwrap();
    assert_ne!(new_id, id);
    let old = status(&mut c, &id);
    let new = status(&mut c, new_id);
    assert_eq!(new["ruleset"], old["ruleset"]);
    assert_eq!(new["title"], old["title"]);
    assert_eq!(new["seats"], old["seats"]);
    assert_eq!(new["deadline"], old["deadline"]);
    assert_eq!(new["max_turns"], 40);
    assert_eq!(new["finished"], false);
    // The new seat token plays the new game, not the old one.
    let t = again["tokens"][0]["token"].as_str().unwrap();
    assert_eq!(again["tokens"].as_array().unwrap().len(), 1);
    let (code, _) = post(&mut c, &format!("/api/games/{new_id}/draw/offer"), Some(t));
    assert_eq!(code, 200);
}

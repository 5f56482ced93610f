//! Resigning and draw offers over loopback HTTP: each needs the seat's
//! token, is stored before the answer (a restart replays it), is heard live
//! by the other seat, and names itself in the outcome and the record; every
//! refusal is a JSON error. Also the event stream's tickets, which keep
//! seat tokens out of URLs.

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
    let (_dir, _server, mut c, created) = common::one_game(
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
    let (_dir, _server, mut c, created) = common::one_game(
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

/// Reads the event stream at `path` (raw HTTP, so any query may be given)
/// as `tok` until an event of kind `until` or the end of the stream:
/// everything read, as text.
fn read_events(addr: &str, path: &str, tok: Option<&str>, until: &str) -> String {
    read_events_then(addr, path, tok, until, None)
}

/// [`read_events`], telling `opened` once the answer's head has come: the
/// server subscribes a stream before it answers, so from then on no event
/// is missed (a fixed pause instead was a race on a loaded machine).
fn read_events_then(
    addr: &str,
    path: &str,
    tok: Option<&str>,
    until: &str,
    mut opened: Option<std::sync::mpsc::Sender<()>>,
) -> String {
    use std::io::{Read, Write};
    let mut s = std::net::TcpStream::connect(addr).unwrap();
    s.set_read_timeout(Some(Duration::from_secs(20))).unwrap();
    let auth = tok
        .map(|t| format!("Authorization: Bearer {t}\r\n"))
        .unwrap_or_default();
    write!(s, "GET {path} HTTP/1.1\r\nHost: {addr}\r\nAccept: text/event-stream\r\n{auth}Connection: close\r\n\r\n").unwrap();
    let mut got = Vec::new();
    let mut buf = [0u8; 4096];
    let wanted = format!("event: {until}");
    loop {
        match s.read(&mut buf) {
            Ok(0) | Err(_) => break,
            Ok(n) => got.extend_from_slice(&buf[..n]),
        }
        if opened.is_some() && got.windows(4).any(|w| w == b"\r\n\r\n") {
            if let Some(tx) = opened.take() {
                let _ = tx.send(());
            }
        }
        let text = String::from_utf8_lossy(&got);
        if let Some(at) = text.find(&wanted) {
            if text[at..].contains("\n\n") {
                break;
            }
        }
    }
    String::from_utf8_lossy(&got).into_owned()
}

/// The data of the first event of kind `kind` in SSE text.
fn event_data(text: &str, kind: &str) -> Option<Value> {
    let at = text.find(&format!("event: {kind}"))?;
    let line = text[at..].lines().find(|l| l.starts_with("data:"))?;
    serde_json::from_str(line.trim_start_matches("data:").trim()).ok()
}

/// A rematch asked for by one seat is seen by the others live (an event
/// on the finished game's stream, `follow=rematch`) and in the finished
/// game's status; each seat joins it with its own token, and no answer or
/// event carries another seat's token.
#[test]
fn every_seat_sees_the_rematch_and_keeps_its_own_token() {
    let dir = tempfile::tempdir().unwrap();
    let server = start(&dir.path().join("g.db"));
    let mut c = Client::new(&server.url()).unwrap();
    let (id, red, blue) = two_humans(&mut c);
    let (code, _) = post(&mut c, &format!("/api/games/{id}/resign"), Some(&red));
    assert_eq!(code, 200);
    assert!(status(&mut c, &id).get("rematch").is_none());

    let addr = server
        .url()
        .trim_start_matches("http://")
        .trim_end_matches('/')
        .to_string();
    let follow = format!("/api/games/{id}/events?follow=rematch");
    let (a, p, b) = (addr.clone(), follow.clone(), blue.clone());
    let (tx, opened) = std::sync::mpsc::channel();
    let blue_hears =
        std::thread::spawn(move || read_events_then(&a, &p, Some(&b), "rematch", Some(tx)));
    // The stream must be open before the rematch is made.
    opened.recv_timeout(Duration::from_secs(20)).unwrap();

    let (code, made) = post(&mut c, &format!("/api/games/{id}/rematch"), Some(&red));
    assert_eq!(code, 201, "{made}");
    let new_id = made["id"].as_str().unwrap().to_string();
    assert_eq!(made["seat"], 0);
    assert_eq!(made["tokens"], json!([{"seat": 0, "token": red}]));
    assert!(
        !made.to_string().contains(&blue),
        "blue's token handed to red: {made}"
    );

    let heard = blue_hears.join().unwrap();
    assert!(heard.contains("event: game_over"), "{heard}");
    let ev = event_data(&heard, "rematch").unwrap_or_else(|| panic!("no rematch event: {heard}"));
    assert_eq!(ev["rematch"], new_id.as_str());
    assert_eq!(ev["rematch_of"], id.as_str());
    assert!(
        !heard.contains(&red) && !heard.contains(&blue),
        "a token in the stream: {heard}"
    );

    // The other seat asking is given the same game and its own token.
    let (code, same) = post(&mut c, &format!("/api/games/{id}/rematch"), Some(&blue));
    assert_eq!(code, 200, "{same}");
    assert_eq!(same["id"], new_id.as_str());
    assert_eq!(same["tokens"], json!([{"seat": 1, "token": blue}]));
    assert!(!same.to_string().contains(&red), "{same}");

    assert_eq!(status(&mut c, &id)["rematch"], new_id.as_str());
    assert_eq!(status(&mut c, &new_id)["rematch_of"], id.as_str());
    // Each token plays its own seat in the rematch.
    for (tok, seat) in [(&red, 0), (&blue, 1)] {
        let v = c
            .get(&format!("/api/games/{new_id}/view"), Some(tok))
            .unwrap();
        assert_eq!(v.status, 200);
        assert_eq!(v.json()["seat"], seat, "{}", v.json());
    }
    // A spectator following after it was made is told at once, then the
    // stream ends.
    let late = read_events(&addr, &follow, None, "rematch");
    assert_eq!(
        event_data(&late, "rematch").unwrap()["rematch"],
        new_id.as_str()
    );
    // The follow parameter is checked.
    let r = c
        .get(&format!("/api/games/{id}/events?follow=nope"), None)
        .unwrap();
    assert_eq!(r.status, 400);
    assert_eq!(r.json()["details"][0]["field"], "follow", "{}", r.json());
}

/// A seat token never goes in a URL: a client without headers trades it
/// for a ticket that opens one stream of that game as that seat, once.
#[test]
fn an_event_ticket_opens_one_stream_and_a_token_in_the_url_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let server = start(&dir.path().join("g.db"));
    let mut c = Client::new(&server.url()).unwrap();
    let (id, red, blue) = two_humans(&mut c);
    let addr = server
        .url()
        .trim_start_matches("http://")
        .trim_end_matches('/')
        .to_string();

    let (code, err) = post(&mut c, &format!("/api/games/{id}/events/ticket"), None);
    assert_eq!(code, 401, "{err}");
    let (code, t) = post(
        &mut c,
        &format!("/api/games/{id}/events/ticket"),
        Some(&blue),
    );
    assert_eq!(code, 200, "{t}");
    assert_eq!(t["seat"], 1);
    assert_eq!(t["expires_in"], 60);
    let ticket = t["ticket"].as_str().unwrap().to_string();

    let path = format!("/api/games/{id}/events?ticket={ticket}");
    let (a, p) = (addr.clone(), path.clone());
    let (tx, opened) = std::sync::mpsc::channel();
    let hears = std::thread::spawn(move || read_events_then(&a, &p, None, "game_over", Some(tx)));
    opened.recv_timeout(Duration::from_secs(20)).unwrap();
    let (code, _) = post(&mut c, &format!("/api/games/{id}/resign"), Some(&red));
    assert_eq!(code, 200);
    let text = hears.join().unwrap();
    assert!(text.starts_with("HTTP/1.1 200"), "{text}");
    assert!(text.contains("event: game_over"), "{text}");
    assert!(!text.contains(&blue), "the stream never shows the token");

    let again = read_events(&addr, &path, None, "game_over");
    assert!(again.starts_with("HTTP/1.1 401"), "used up: {again}");
    assert!(again.contains("ticket"), "{again}");
    let in_url = read_events(
        &addr,
        &format!("/api/games/{id}/events?token={blue}"),
        None,
        "game_over",
    );
    assert!(in_url.starts_with("HTTP/1.1 400"), "{in_url}");
    assert!(in_url.contains("Authorization"), "{in_url}");
}

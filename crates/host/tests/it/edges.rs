//! Validation and the edges of the HTTP API (issue 15, points 3 and 4):
//! deadlines, thresholds and options are checked with errors naming the
//! field; every error the server answers, the framework's own included
//! (405, unknown routes, 414, a path that does not decode, malformed HTTP),
//! is JSON of one shape; the bearer scheme is case-insensitive; errors in a
//! scenario's text point at that text.

use std::io::{Read, Write};
use std::net::TcpStream;

use crate::common;

use client::{Client, Response};
use common::{create, start, token, ADMIN};
use host::Background;
use serde_json::{json, Value};

/// Asserts the host's error shape and the status; gives the body.
fn error(r: &Response, status: u16) -> Value {
    assert_eq!(r.status, status, "{}", String::from_utf8_lossy(&r.body));
    assert!(
        r.header("content-type")
            .is_some_and(|ct| ct.starts_with("application/json")),
        "{:?}",
        r.headers
    );
    let v = r.json();
    assert!(v["error"].as_str().is_some_and(|e| !e.is_empty()), "{v}");
    assert!(v["details"].is_array(), "{v}");
    v
}

/// Sends raw bytes and reads the whole answer (the server closes).
fn raw(addr: &str, bytes: &[u8]) -> (u16, String, String) {
    let mut s = TcpStream::connect(addr).unwrap();
    s.set_read_timeout(Some(std::time::Duration::from_secs(10)))
        .unwrap();
    let _ = s.write_all(bytes);
    let mut out = vec![];
    let _ = s.read_to_end(&mut out);
    let text = String::from_utf8_lossy(&out).into_owned();
    let (head, body) = text.split_once("\r\n\r\n").unwrap_or((&text, ""));
    let status = head
        .split_whitespace()
        .nth(1)
        .and_then(|c| c.parse().ok())
        .unwrap_or(0);
    (status, head.to_ascii_lowercase(), body.to_string())
}

/// A server with one ttrts game between two people.
fn one_game() -> (tempfile::TempDir, Background, Client, Value) {
    common::one_game(json!({"ruleset": "ttrts", "seats": ["human", "human"], "seed": 1}))
}

fn create_err(c: &mut Client, body: Value, status: u16) -> Value {
    let r = c.post_json("/api/games", Some(ADMIN), &body).unwrap();
    error(&r, status)
}

/// The error's first detail names `field` and its reason says `says`.
fn assert_first_detail(e: &Value, field: &str, says: &str) {
    let d = &e["details"][0];
    assert_eq!(d["field"], field, "{e}");
    let reason = d["reason"].as_str().unwrap_or_default();
    assert!(reason.contains(says), "{e}");
}

#[test]
fn deadlines_thresholds_and_options_are_checked() {
    let dir = tempfile::tempdir().unwrap();
    let server = start(&dir.path().join("g.db"));
    let mut c = Client::new(&server.url()).unwrap();
    let game = |deadline: Value| json!({"ruleset": "ttrts", "seats": ["human", "human"], "deadline": deadline});
    for (deadline, field) in [
        (json!({"policy": "fixed", "seconds": 0}), "deadline.seconds"),
        (
            json!({"policy": "all_done_or_limit", "seconds": 0}),
            "deadline.seconds",
        ),
        (
            json!({"policy": "threshold", "seats": 1, "seconds": 0}),
            "deadline.seconds",
        ),
        (
            json!({"policy": "fixed", "seconds": 30 * 24 * 3600 + 1}),
            "deadline.seconds",
        ),
        (
            json!({"policy": "threshold", "seats": 0, "seconds": 5}),
            "deadline.seats",
        ),
        (
            json!({"policy": "threshold", "seats": 3, "seconds": 5}),
            "deadline.seats",
        ),
    ] {
        let e = create_err(&mut c, game(deadline.clone()), 400);
        assert_eq!(e["details"][0]["field"], field, "{deadline}: {e}");
    }
    // The edges themselves are fine.
    create(&mut c, game(json!({"policy": "fixed", "seconds": 1})));
    create(
        &mut c,
        game(json!({"policy": "threshold", "seats": 2, "seconds": 30 * 24 * 3600})),
    );

    // Unknown options are refused with the ruleset's list; known ones work.
    let e = create_err(
        &mut c,
        json!({"ruleset": "ttrts", "seats": ["human", "human"], "options": {"fog": true}}),
        400,
    );
    assert_first_detail(&e, "options.fog", "ttrts takes no options");
    // A module the server cannot find: where it looked stays its own.
    let e = create_err(
        &mut c,
        json!({"ruleset": "xconq", "scenario": "no-such-module", "seats": ["human", "human"]}),
        400,
    );
    let reason = e["details"][0]["reason"].as_str().unwrap_or_default();
    assert!(reason.contains("no-such-module"), "{e}");
    assert!(!reason.contains('/') && !reason.contains("shared"), "{e}");
    // Folders on the server are never a client's to name.
    let e = create_err(
        &mut c,
        json!({"ruleset": "ttrts", "seats": ["human", "human"], "options": {"lib": "/"}}),
        400,
    );
    assert_first_detail(&e, "options.lib", "a client may not choose");
    let e = create_err(
        &mut c,
        json!({"ruleset": "fullthrust", "seats": ["human", "human"],
               "options": {"turn_limit": 3, "turnlimit": 3, "dice": [6]}}),
        400,
    );
    assert_eq!(e["details"].as_array().unwrap().len(), 1, "{e}");
    assert_first_detail(&e, "options.turnlimit", "turn_limit, dice");
    create(
        &mut c,
        json!({"ruleset": "fullthrust", "seats": ["human", "human"], "options": {"turn_limit": 3}}),
    );
    // A known option with a bad value: the ruleset's own error, at its field.
    let e = create_err(
        &mut c,
        json!({"ruleset": "fullthrust", "seats": ["human", "human"], "options": {"turn_limit": 0}}),
        400,
    );
    assert_eq!(e["details"][0]["field"], "options.turn_limit");
    // Clients learn the options from the rulesets' list.
    let rulesets = c.get("/api/rulesets", None).unwrap().json();
    let ft = rulesets
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["name"] == "fullthrust")
        .unwrap();
    assert_eq!(ft["options"][0]["name"], "turn_limit");
    assert_eq!(ft["options"][0]["type"], "integer");
}

#[test]
fn scenario_errors_point_at_the_text_given() {
    let dir = tempfile::tempdir().unwrap();
    let server = start(&dir.path().join("g.db"));
    let mut c = Client::new(&server.url()).unwrap();
    for ruleset in ["ttrts", "tae", "fullthrust"] {
        let e = create_err(
            &mut c,
            json!({"ruleset": ruleset, "seats": ["human", "human"],
                   "scenario_text": "this is\nnot a scenario\n"}),
            400,
        );
        let d = &e["details"][0];
        assert_eq!(d["field"], "scenario_text", "{ruleset}: {e}");
        assert!(d["line"].as_u64().is_some_and(|l| l >= 1), "{ruleset}: {e}");
        let text = e.to_string();
        for default in ["Tiny2Player", "duel", "default"] {
            assert!(!text.contains(&format!("{default}:")), "{ruleset}: {e}");
        }
    }
    // Named text keeps its name in the reason.
    let e = create_err(
        &mut c,
        json!({"ruleset": "ttrts", "seats": ["human", "human"], "scenario": "mine.txt",
               "scenario_text": "nonsense\n"}),
        400,
    );
    assert_first_detail(&e, "scenario_text", "mine.txt");
}

#[test]
fn every_error_is_json_the_frameworks_too() {
    let (_dir, server, mut c, created) = one_game();
    let id = created["id"].as_str().unwrap();
    // A method a route does not take: 405 with Allow.
    let r = c.request("DELETE", "/api/games", &[], b"").unwrap();
    error(&r, 405);
    assert!(r
        .header("allow")
        .is_some_and(|a| a.contains("GET") && a.contains("POST")));
    error(
        &c.request("PUT", &format!("/api/games/{id}/orders"), &[], b"[]")
            .unwrap(),
        405,
    );
    error(
        &c.request("POST", "/api/openapi.json", &[], b"").unwrap(),
        405,
    );
    // Unknown routes, in the API and beside it.
    error(&c.get("/api/nothing", None).unwrap(), 404);
    error(&c.get("/no/such/page.js", None).unwrap(), 404);
    // A path that does not decode to UTF-8.
    error(&c.get("/api/games/%ff", None).unwrap(), 400);
    error(&c.get("/api/games/%ff/view", None).unwrap(), 400);
    // An address over hyper's limit (64 KiB): 414 from the framework itself.
    let addr = server.addr.to_string();
    let long = format!(
        "GET /api/games/{} HTTP/1.1\r\nHost: x\r\n\r\n",
        "a".repeat(100_000)
    );
    let (status, head, body) = raw(&addr, long.as_bytes());
    assert_eq!(status, 414, "{head}");
    assert!(head.contains("content-type: application/json"), "{head}");
    let v: Value = serde_json::from_str(&body).unwrap();
    assert!(v["error"].is_string() && v["details"].is_array(), "{body}");
    // Not HTTP at all.
    let (status, head, body) = raw(&addr, b"HELLO THERE\r\n\r\n");
    assert_eq!(status, 400, "{head}");
    let v: Value = serde_json::from_str(&body).unwrap();
    assert!(v["error"].is_string(), "{body}");
    // Too many headers.
    let mut many = "GET /api/games HTTP/1.1\r\nHost: x\r\n".to_string();
    for i in 0..200 {
        many.push_str(&format!("X-H{i}: {i}\r\n"));
    }
    many.push_str("\r\n");
    let (status, head, body) = raw(&addr, many.as_bytes());
    assert!(status == 431 || status == 400, "{head}");
    let v: Value = serde_json::from_str(&body).unwrap();
    assert!(v["error"].is_string(), "{body}");
    // After all that the server still answers.
    assert_eq!(
        c.get(&format!("/api/games/{id}"), None).unwrap().status,
        200
    );
}

#[test]
fn the_bearer_scheme_is_case_insensitive() {
    let (_dir, _server, mut c, created) = one_game();
    let id = created["id"].as_str().unwrap();
    let t1 = token(&created, 1);
    for scheme in ["bearer", "BEARER", "BeArEr"] {
        let auth = format!("{scheme} {t1}");
        let r = c
            .request(
                "GET",
                &format!("/api/games/{id}/view"),
                &[("Authorization", &auth)],
                b"",
            )
            .unwrap();
        assert_eq!(r.status, 200, "{scheme}");
        assert_eq!(r.json()["seat"], 1, "{scheme}");
    }
    let r = c
        .request(
            "GET",
            &format!("/api/games/{id}/view"),
            &[("Authorization", &format!("Basic {t1}"))],
            b"",
        )
        .unwrap();
    error(&r, 401);
    // The admin token too.
    let auth = format!("bearer {ADMIN}");
    let r = c
        .request(
            "POST",
            "/api/games",
            &[
                ("Authorization", &auth),
                ("Content-Type", "application/json"),
            ],
            json!({"ruleset": "ttrts", "seats": ["human", "human"]})
                .to_string()
                .as_bytes(),
        )
        .unwrap();
    assert_eq!(r.status, 201);
}

/// Reads one answer from a kept-alive connection: its status, its head
/// (lower-cased) and its body (by `content-length`); `None` when the
/// server closed the connection instead.
fn read_answer(s: &mut TcpStream) -> Option<(u16, String, String)> {
    let mut buf = Vec::new();
    let mut byte = [0u8; 1];
    while !buf.ends_with(b"\r\n\r\n") {
        match s.read(&mut byte) {
            Ok(1) => buf.push(byte[0]),
            _ => return None,
        }
    }
    let head = String::from_utf8_lossy(&buf).to_ascii_lowercase();
    let status = head.split_whitespace().nth(1)?.parse().ok()?;
    let length: usize = head
        .lines()
        .find_map(|l| l.strip_prefix("content-length:"))
        .and_then(|v| v.trim().parse().ok())
        .unwrap_or(0);
    let mut body = vec![0u8; length];
    s.read_exact(&mut body).ok()?;
    Some((status, head, String::from_utf8_lossy(&body).into_owned()))
}

/// An answer given before the request's body arrived (a method the route
/// does not take, an address that is not a route, a missing token) keeps
/// the connection alive: a client that reuses it is answered, not cut off.
/// The body is sent a moment after the head, as clients that write them
/// separately do (the race that once cut off the test client).
#[test]
fn an_early_answer_keeps_the_connection_alive() {
    let (_dir, server, _c, created) = one_game();
    let id = created["id"].as_str().unwrap();
    let addr = server.addr.to_string();
    let mut s = TcpStream::connect(&addr).unwrap();
    s.set_read_timeout(Some(std::time::Duration::from_secs(10)))
        .unwrap();
    s.set_nodelay(true).unwrap();
    let orders = format!("/api/games/{id}/orders");
    for (method, path, status) in [
        ("PUT", orders.as_str(), 405),
        ("POST", "/api/nothing", 404),
        ("POST", orders.as_str(), 401),
        ("POST", "/api/openapi.json", 405),
    ] {
        let body = b"[\"some orders\"]";
        let head = format!(
            "{method} {path} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n\
             Content-Length: {}\r\n\r\n",
            body.len()
        );
        s.write_all(head.as_bytes()).unwrap();
        std::thread::sleep(std::time::Duration::from_millis(100));
        s.write_all(body).unwrap();
        let (got, head, text) =
            read_answer(&mut s).unwrap_or_else(|| panic!("{method} {path}: the server hung up"));
        assert_eq!(got, status, "{method} {path}: {head}{text}");
        assert!(
            !head.contains("connection: close"),
            "{method} {path}: {head}"
        );
        // The same connection answers the next request.
        s.write_all(format!("GET /api/games/{id} HTTP/1.1\r\nHost: x\r\n\r\n").as_bytes())
            .unwrap();
        let (next, head, text) = read_answer(&mut s)
            .unwrap_or_else(|| panic!("after {method} {path}: the server hung up"));
        assert_eq!(next, 200, "after {method} {path}: {head}{text}");
    }
}

/// The status `docs/http-api.md`'s table gives the row that says `phrase`
/// (one row must say it).
fn documented_status(phrase: &str) -> u16 {
    let doc = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/http-api.md"),
    )
    .unwrap();
    let rows: Vec<&str> = doc
        .lines()
        .filter(|l| l.starts_with("| 4") && l.contains(phrase))
        .collect();
    assert_eq!(
        rows.len(),
        1,
        "one row of the table says {phrase:?}: {rows:?}"
    );
    rows[0][2..5].parse().unwrap()
}

#[test]
fn the_documented_statuses_are_the_servers() {
    let (_dir, _server, mut c, created) = one_game();
    let id = created["id"].as_str().unwrap().to_string();
    let t0 = token(&created, 0);
    let body = |v: Value| serde_json::to_vec(&v).unwrap();
    let orders = format!("/api/games/{id}/orders");
    for (phrase, method, path, auth, sent) in [
        (
            "a field the API's own bodies do not have",
            "POST",
            "/api/games".to_string(),
            ADMIN.to_string(),
            body(json!({"ruleset": "ttrts", "seats": ["human", "human"], "colour": "red"})),
        ),
        (
            "a name in the body the server does not know",
            "POST",
            "/api/games".to_string(),
            ADMIN.to_string(),
            body(json!({"ruleset": "ttrts", "scenario": "NoSuchMap", "seats": ["human", "human"]})),
        ),
        (
            "a name in the body the server does not know",
            "POST",
            "/api/games".to_string(),
            ADMIN.to_string(),
            body(json!({"ruleset": "nosuch", "seats": ["human", "human"]})),
        ),
        (
            "a ruleset or scenario name in the address",
            "GET",
            "/api/rulesets/ttrts/scenarios/NoSuchMap".to_string(),
            String::new(),
            vec![],
        ),
        (
            "a ruleset or scenario name in the address",
            "GET",
            "/api/rulesets/nosuch".to_string(),
            String::new(),
            vec![],
        ),
        (
            "not the ruleset's orders",
            "POST",
            orders.clone(),
            t0.clone(),
            body(json!([{"unit": 0, "command": "F", "seat": 1}])),
        ),
        (
            "not the ruleset's orders",
            "POST",
            orders.clone(),
            t0.clone(),
            body(json!([{"unit": "0", "command": "F"}])),
        ),
    ] {
        let bearer = format!("Bearer {auth}");
        let headers: Vec<(&str, &str)> = match auth.is_empty() {
            true => vec![("content-type", "application/json")],
            false => vec![
                ("content-type", "application/json"),
                ("authorization", &bearer),
            ],
        };
        let r = c.request(method, &path, &headers, &sent).unwrap();
        assert_eq!(
            r.status,
            documented_status(phrase),
            "{method} {path}: {}",
            String::from_utf8_lossy(&r.body)
        );
    }
}

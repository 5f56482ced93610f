//! Board pictures over loopback HTTP: the live board (spectator vs seat
//! token, TaE hands), record boards at turns and actions with 400s naming
//! the bad field, frames, 404 for unknown games, and the OpenAPI entries.

use std::time::{Duration, Instant};

use crate::common;

use client::Client;
use common::start;
use serde_json::json;

fn svg(r: &client::Response) -> String {
    assert_eq!(r.status, 200, "{}", String::from_utf8_lossy(&r.body));
    let text = String::from_utf8(r.body.clone()).unwrap();
    roxmltree::Document::parse(&text).expect("well-formed SVG");
    assert!(text.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""));
    text
}

fn count(text: &str, needle: &str) -> usize {
    text.matches(needle).count()
}

#[test]
fn live_boards_show_a_hand_only_to_its_seat() {
    let (_dir, _server, mut c, created) =
        common::one_game(json!({"ruleset": "tae", "seats": ["human", "human"], "seed": 3}));
    let id = created["id"].as_str().unwrap().to_string();
    let t0 = created["tokens"][0]["token"].as_str().unwrap().to_string();
    let path = format!("/api/games/{id}/board.svg");
    let spectator = svg(&c.get(&path, None).unwrap());
    let seat0 = svg(&c.get(&path, Some(&t0)).unwrap());
    assert!(spectator.contains("class=\"board board-tae\""));
    assert_eq!(count(&spectator, "class=\"colonist\""), 0);
    assert_eq!(count(&seat0, "class=\"colonist\""), 6);
    assert_eq!(count(&seat0, "class=\"colonist\" data-kind=\"piece\""), 6);
    // The same ids as the seat's JSON view, and no other.
    let view = c
        .get(&format!("/api/games/{id}/view"), Some(&t0))
        .unwrap()
        .json();
    for h in view["view"]["hand"].as_array().unwrap() {
        assert!(seat0.contains(&format!(
            "class=\"colonist\" data-kind=\"piece\" data-id=\"{}\" data-owner=\"0\"",
            h["id"]
        )));
    }
    // A bad token is refused, an unknown game is a 404 in the usual shape.
    assert_eq!(c.get(&path, Some("nope")).unwrap().status, 401);
    let r = c.get("/api/games/nosuch/board.svg", None).unwrap();
    assert_eq!(r.status, 404);
    assert!(r.json()["error"].is_string());
}

#[test]
fn record_boards_step_through_a_game() {
    let (_dir, _server, mut c, created) = common::one_game(
        json!({"ruleset": "ttrts", "map": "Tiny2Player", "seats": ["greedy", "random"], "seed": 5}),
    );
    let id = created["id"].as_str().unwrap().to_string();
    let started = Instant::now();
    loop {
        let st = c.get(&format!("/api/games/{id}"), None).unwrap().json();
        if st["finished"] == true || st["turn"].as_u64().unwrap() >= 3 {
            break;
        }
        assert!(
            started.elapsed() < Duration::from_secs(60),
            "the game is stuck: {st}"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
    let frames = c
        .get(&format!("/api/games/{id}/record/frames"), None)
        .unwrap()
        .json();
    assert_eq!(frames["ruleset"], "ttrts");
    let turns = frames["turns"].as_array().unwrap();
    assert!(turns.len() > 1);
    let first = &turns[0];
    let n = first["actions"].as_u64().unwrap();
    assert_eq!(first["captions"].as_array().unwrap().len() as u64, n);
    let turn = first["turn"].as_u64().unwrap();
    let mut pictures = Vec::new();
    for k in 0..=n {
        let text = svg(&c
            .get(
                &format!("/api/games/{id}/record/board.svg?turn={turn}&action={k}"),
                None,
            )
            .unwrap());
        assert!(text.contains("data-kind=\"unit\""));
        pictures.push(text);
    }
    if n > 0 {
        assert_ne!(
            pictures[0], pictures[n as usize],
            "actions change the board"
        );
    }
    // Bad turn and action: 400 naming the field.
    for (q, field) in [
        ("turn=999999&action=0".to_string(), "turn"),
        (format!("turn={turn}&action={}", n + 1), "action"),
        ("turn=-1".to_string(), ""),
        ("turn=1&colour=red".to_string(), ""),
    ] {
        let r = c
            .get(&format!("/api/games/{id}/record/board.svg?{q}"), None)
            .unwrap();
        assert_eq!(r.status, 400, "{q}");
        let body = r.json();
        assert!(body["error"].is_string());
        if !field.is_empty() {
            assert_eq!(body["details"][0]["field"], field, "{body}");
        }
    }
    assert_eq!(
        c.get("/api/games/nosuch/record/board.svg?turn=0", None)
            .unwrap()
            .status,
        404
    );
    assert_eq!(
        c.get("/api/games/nosuch/record/frames", None)
            .unwrap()
            .status,
        404
    );
}

#[test]
fn a_running_games_record_boards_are_the_spectators() {
    let (_dir, _server, mut c, created) =
        common::one_game(json!({"ruleset": "tae", "seats": ["human", "human"], "seed": 4}));
    let id = created["id"].as_str().unwrap().to_string();
    let text = svg(&c
        .get(&format!("/api/games/{id}/record/board.svg"), None)
        .unwrap());
    assert!(text.contains("spectator view"));
    assert_eq!(count(&text, "class=\"colonist\""), 0);
}

#[test]
fn openapi_describes_the_board_routes() {
    let dir = tempfile::tempdir().unwrap();
    let server = start(&dir.path().join("g.db"));
    let mut c = Client::new(&server.url()).unwrap();
    let doc = c.get("/api/openapi.json", None).unwrap().json();
    for path in [
        "/api/games/{id}/board.svg",
        "/api/games/{id}/record/board.svg",
        "/api/games/{id}/record/frames",
    ] {
        assert!(
            doc["paths"][path]["get"].is_object(),
            "{path} is not described"
        );
    }
}

/// A replay streams: a page of frames gives every turn's index and a few
/// turns' captions and results, the same captions as the whole list.
#[test]
fn record_frames_come_a_page_at_a_time() {
    let (_dir, _server, mut c, created) = common::one_game(
        json!({"ruleset": "ttrts", "map": "Tiny2Player", "seats": ["greedy", "random"], "seed": 5}),
    );
    let id = created["id"].as_str().unwrap().to_string();
    let started = Instant::now();
    while c.get(&format!("/api/games/{id}"), None).unwrap().json()["finished"] != true {
        assert!(
            started.elapsed() < Duration::from_secs(60),
            "the game is stuck"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
    let whole = c
        .get(&format!("/api/games/{id}/record/frames"), None)
        .unwrap()
        .json();
    let all = whole["turns"].as_array().unwrap();
    let page = c
        .get(
            &format!("/api/games/{id}/record/frames?from=1&count=2"),
            None,
        )
        .unwrap()
        .json();
    let index = page["index"].as_array().unwrap();
    assert_eq!(index.len(), all.len());
    assert_eq!(page["from"], 1);
    let turns = page["turns"].as_array().unwrap();
    assert_eq!(turns.len(), 2.min(all.len() - 1));
    for (k, t) in turns.iter().enumerate() {
        assert_eq!(t["turn"], all[1 + k]["turn"]);
        assert_eq!(t["captions"], all[1 + k]["captions"]);
        let n = t["actions"].as_u64().unwrap() as usize;
        let results = t["results"].as_array().unwrap();
        assert_eq!(results.len(), n);
        // [turn, actions, stops]: the start, then each action or result.
        let stops: usize = 1 + results
            .iter()
            .map(|r| r.as_array().unwrap().len().max(1))
            .sum::<usize>();
        assert_eq!(index[1 + k], json!([t["turn"], n, stops]));
    }
    // Past the end: no frames, the index still whole; bad counts are 400s.
    let end = c
        .get(&format!("/api/games/{id}/record/frames?from=9999"), None)
        .unwrap()
        .json();
    assert_eq!(end["turns"], json!([]));
    assert_eq!(end["index"].as_array().unwrap().len(), all.len());
    for bad in ["count=0", "count=21", "from=-1"] {
        let r = c
            .get(&format!("/api/games/{id}/record/frames?{bad}"), None)
            .unwrap();
        assert_eq!(r.status, 400, "{bad}");
    }
}

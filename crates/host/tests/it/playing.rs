//! The play page's helpers over loopback HTTP: a battery's targets by the
//! ruleset's own checks (seat token needed), each resolved turn in words
//! (never the turn still being played), and a ruleset's maps.

use crate::common;

use client::Client;
use common::{start, token, wait_status};
use serde_json::json;

#[test]
fn targets_need_a_seat_and_come_from_the_ruleset() {
    let (_dir, _server, mut c, created) =
        common::one_game(json!({"ruleset": "fullthrust", "seats": ["human", "human"], "seed": 1}));
    let id = created["id"].as_str().unwrap().to_string();
    let t0 = token(&created, 0);
    let path = format!("/api/games/{id}/targets?pick=battery:Resolute/0");
    assert_eq!(c.get(&path, None).unwrap().status, 401);
    let r = c.get(&path, Some(&t0)).unwrap();
    assert_eq!(r.status, 200, "{}", String::from_utf8_lossy(&r.body));
    let got = r.json();
    assert_eq!(got["pick"], "battery:Resolute/0");
    // Far apart at the start: a list, and only enemy ships in it.
    for t in got["targets"].as_array().unwrap() {
        assert!(["Warden", "Sentinel"].contains(&t.as_str().unwrap()), "{t}");
    }
    let r = c
        .get(&format!("/api/games/{id}/targets?pick=nonsense"), Some(&t0))
        .unwrap();
    assert_eq!(r.json()["targets"], json!([]));
    let r = c
        .get(&format!("/api/games/{id}/targets"), Some(&t0))
        .unwrap();
    assert_eq!(r.status, 400);
}

#[test]
fn turns_are_told_in_words_once_resolved() {
    let (_dir, _server, mut c, created) = common::one_game(
        json!({"ruleset": "ttrts", "scenario": "Tiny2Player", "seats": ["human", "random"], "seed": 2}),
    );
    let id = created["id"].as_str().unwrap().to_string();
    let t0 = token(&created, 0);
    let before = c
        .get(&format!("/api/games/{id}/turns"), None)
        .unwrap()
        .json();
    assert_eq!(
        before["turns"],
        json!([]),
        "turn 0 is not told before it resolves"
    );
    let r = c
        .post_json(
            &format!("/api/games/{id}/orders"),
            Some(&t0),
            &json!([{"unit": 0, "command": "F"}]),
        )
        .unwrap();
    assert_eq!(r.status, 202, "{}", String::from_utf8_lossy(&r.body));
    wait_status(&mut c, &id, |s| s["turn"].as_u64() >= Some(1));
    let told = c
        .get(&format!("/api/games/{id}/turns?from=0"), None)
        .unwrap()
        .json();
    let turns = told["turns"].as_array().unwrap();
    assert_eq!(turns.len(), 1, "{told}");
    assert_eq!(turns[0]["turn"], 0);
    let lines = turns[0]["lines"].as_array().unwrap();
    assert!(!lines.is_empty());
    assert!(lines
        .iter()
        .all(|l| l.as_str().is_some_and(|l| !l.is_empty())));
    let later = c
        .get(&format!("/api/games/{id}/turns?from=1"), None)
        .unwrap()
        .json();
    assert_eq!(later["turns"], json!([]));
}

#[test]
fn a_rulesets_maps_are_listed() {
    let dir = tempfile::tempdir().unwrap();
    let server = start(&dir.path().join("g.db"));
    let mut c = Client::new(&server.url()).unwrap();
    let got = c.get("/api/rulesets/ttrts/scenarios", None).unwrap().json();
    let maps = got["scenarios"].as_array().unwrap();
    assert!(maps.iter().any(|m| m == "Tiny2Player"), "{got}");
    assert!(got["default"].is_string());
    assert_eq!(
        c.get("/api/rulesets/nosuch/scenarios", None)
            .unwrap()
            .status,
        404
    );
}

#[test]
fn a_maps_seats_come_from_its_rules() {
    let dir = tempfile::tempdir().unwrap();
    let server = start(&dir.path().join("g.db"));
    let mut c = Client::new(&server.url()).unwrap();
    for (map, seats) in [
        ("Tiny2Player", 2),
        ("Medium3Player", 3),
        ("Medium4Player", 4),
    ] {
        let got = c
            .get(&format!("/api/rulesets/ttrts/scenarios/{map}"), None)
            .unwrap()
            .json();
        assert_eq!(got["seat_counts"], json!([seats]), "{map}: {got}");
    }
    // The lobby fills the player seats; the Chaos team is the rules' own.
    for (scenario, seats) in [("classic", 2), ("chaos", 4)] {
        let got = c
            .get(&format!("/api/rulesets/tactics/scenarios/{scenario}"), None)
            .unwrap()
            .json();
        assert_eq!(got["seat_counts"], json!([seats]), "{scenario}: {got}");
    }
    let r = c
        .get("/api/rulesets/ttrts/scenarios/Nowhere", None)
        .unwrap();
    assert_eq!(r.status, 404);
    assert!(r.json()["details"][0]["reason"]
        .as_str()
        .unwrap()
        .contains("Tiny2Player"));
}

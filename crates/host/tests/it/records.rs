//! Records the host writes (issue 15, points 6 and 7): a game over before
//! its first turn is recorded as ended with its outcome, and the colonists
//! a TaE game drew are in its record once it is over, not before.

use crate::common;

use client::Client;
use common::{token, wait_status};
use serde_json::json;

/// A Full Thrust battle in which one side has nothing that can fire is
/// over at set-up: the status and the record both say so, and the record
/// reads as a finished game (what `orderly record check` reports) and
/// re-runs.
#[test]
fn a_battle_over_at_set_up_is_recorded_as_ended() {
    let (_dir, _server, mut c, created) =
        common::one_game(json!({"ruleset": "fullthrust", "scenario": "unarmed.gzf",
               "scenario_text": include_str!("fixtures/unarmed.gzf"),
               "seats": ["human", "human"], "seed": 1}));
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
    let (_dir, _server, mut c, created) = common::one_game(
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

/// The page of `/record` asked with `query`, which must be a 200.
fn page(c: &mut Client, id: &str, query: &str) -> serde_json::Value {
    let r = c
        .get(&format!("/api/games/{id}/record?{query}"), None)
        .unwrap();
    assert_eq!(
        r.status,
        200,
        "{query}: {}",
        String::from_utf8_lossy(&r.body)
    );
    r.json()
}

/// `/record` asked with `query` is a 400 whose first detail names `field`
/// and says `says`.
fn page_error(c: &mut Client, id: &str, query: &str, field: &str, says: &str) {
    let r = c
        .get(&format!("/api/games/{id}/record?{query}"), None)
        .unwrap();
    assert_eq!(
        r.status,
        400,
        "{query}: {}",
        String::from_utf8_lossy(&r.body)
    );
    let e = r.json();
    assert!(e["error"].as_str().is_some_and(|m| !m.is_empty()), "{e}");
    assert_eq!(e["details"][0]["field"], field, "{query}: {e}");
    let reason = e["details"][0]["reason"].as_str().unwrap_or_default();
    assert!(reason.contains(says), "{query}: {e}");
}

/// The record read a page at a time is the whole record: the same fields,
/// its turns in order; `next` leads from page to page and is null after
/// the last; the bounds and bad parameters are 400s naming the parameter.
#[test]
fn the_record_pages_add_up_to_the_whole_record() {
    let (_dir, _server, mut c, created) = common::one_game(
        json!({"ruleset": "ttrts", "map": "Tiny2Player", "seats": ["random", "random"],
               "seed": 3, "max_turns": 7}),
    );
    let id = created["id"].as_str().unwrap();
    wait_status(&mut c, id, |s| s["finished"] == true);
    let whole = common::record(&mut c, id);
    let total = whole["turns"].as_array().unwrap().len();
    assert!(total >= 3, "{total} turns");

    let mut turns = Vec::new();
    let mut from = Some(0u64);
    let mut pages = 0;
    while let Some(f) = from {
        let p = page(&mut c, id, &format!("from={f}&count=2"));
        assert_eq!(p["page"]["from"], f, "{}", p["page"]);
        assert_eq!(p["page"]["total"], total as u64);
        let these = p["turns"].as_array().unwrap();
        assert_eq!(p["page"]["count"], these.len() as u64);
        assert!(!these.is_empty() && these.len() <= 2, "{}", p["page"]);
        // Every field but the turns and the page is the record's own.
        for (k, v) in whole.as_object().unwrap() {
            if k != "turns" {
                assert_eq!(&p[k], v, "field {k}");
            }
        }
        turns.extend(these.iter().cloned());
        from = p["page"]["next"].as_u64();
        pages += 1;
    }
    assert_eq!(pages, total.div_ceil(2));
    assert_eq!(serde_json::Value::Array(turns), whole["turns"]);

    // Defaults: from 0, ten turns; `from == total` is an empty last page.
    let first = page(&mut c, id, "count=1");
    assert_eq!(first["turns"][0], whole["turns"][0]);
    assert_eq!(first["page"]["next"], 1);
    let rest = page(&mut c, id, "from=1");
    assert_eq!(rest["page"]["count"], (total - 1).min(10) as u64);
    let end = page(&mut c, id, &format!("from={total}"));
    assert_eq!(end["turns"], json!([]));
    assert_eq!(end["page"]["next"], serde_json::Value::Null);
    // No parameter: the whole record, as a download.
    let again = c
        .get(&format!("/api/games/{id}/record"), None)
        .unwrap()
        .json();
    assert!(again.get("page").is_none());

    page_error(
        &mut c,
        id,
        &format!("from={}", total + 1),
        "from",
        &format!("has {total} turns"),
    );
    page_error(&mut c, id, "from=-1", "from", "a whole number");
    page_error(&mut c, id, "from=x&count=2", "from", "not `x`");
    page_error(&mut c, id, "count=0", "count", "from 1 to 50");
    page_error(&mut c, id, "from=0&count=51", "count", "from 1 to 50");
    page_error(&mut c, id, "count=two", "count", "a whole number");
    let r = c
        .get(&format!("/api/games/{id}/record?form=0"), None)
        .unwrap();
    assert_eq!(r.status, 400, "an unknown parameter");
    assert!(String::from_utf8_lossy(&r.body).contains("form"));
    let r = c.get("/api/games/nope/record?from=0", None).unwrap();
    assert_eq!(r.status, 404);
}

/// While the game runs a page keeps the record's secrets as the whole
/// record does: no setup, no seed, no orders.
#[test]
fn a_running_game_s_record_pages_are_public_only() {
    let (_dir, _server, mut c, created) = common::one_game(
        json!({"ruleset": "ttrts", "map": "Tiny2Player", "seats": ["human", "greedy"], "seed": 3}),
    );
    let id = created["id"].as_str().unwrap();
    let whole = common::record(&mut c, id);
    let p = page(&mut c, id, "from=0&count=5");
    for secret in ["setup", "seed"] {
        assert!(whole.get(secret).is_none(), "{whole}");
        assert!(p.get(secret).is_none(), "{p}");
    }
    for t in p["turns"].as_array().unwrap() {
        assert!(t.get("orders").is_none(), "{t}");
    }
    assert_eq!(p["turns"], whole["turns"]);
    assert_eq!(
        p["page"]["total"],
        whole["turns"].as_array().unwrap().len() as u64
    );
}

/// A ruleset with fog of war (Xconq: a seat sees only what its units
/// cover) has its running game's record served with the turns' `units`
/// empty (they list every unit where it truly is), still a record the
/// reader takes, and the turn log (`/turns`, made from it) still answers;
/// once the game is over the units are there. Frontier is the built-in
/// module, so this needs nothing beside the project.
#[test]
fn a_fogged_game_s_units_stay_out_of_its_record_until_the_end() {
    let (_dir, _server, mut c, created) = common::one_game(
        json!({"ruleset": "xconq", "scenario": "frontier", "seats": ["human", "greedy"], "seed": 5}),
    );
    let id = created["id"].as_str().unwrap();
    let t0 = token(&created, 0);
    let r = c
        .post_json(&format!("/api/games/{id}/orders"), Some(&t0), &json!([]))
        .unwrap();
    assert_eq!(r.status, 202, "{}", String::from_utf8_lossy(&r.body));
    wait_status(&mut c, id, |s| s["step"] == 1);
    let whole = common::record(&mut c, id);
    let p = page(&mut c, id, "from=0&count=5");
    for served in [&whole, &p] {
        let turns = served["turns"].as_array().unwrap();
        assert!(!turns.is_empty(), "{served}");
        for t in turns {
            assert_eq!(t["units"], json!([[], []]), "a running game's units");
        }
    }
    record::read_record(&whole.to_string()).expect("the public record reads");
    let r = c
        .get(&format!("/api/games/{id}/turns?from=0"), None)
        .unwrap();
    assert_eq!(r.status, 200, "{}", String::from_utf8_lossy(&r.body));
    let r = c
        .post_json(&format!("/api/games/{id}/resign"), Some(&t0), &json!({}))
        .unwrap();
    assert!(r.status < 300, "{}", String::from_utf8_lossy(&r.body));
    wait_status(&mut c, id, |s| s["finished"] == true);
    let after = common::record(&mut c, id);
    assert!(
        after["turns"][0]["units"][0]
            .as_array()
            .is_some_and(|u| !u.is_empty()),
        "the finished record has the units: {after}"
    );
}

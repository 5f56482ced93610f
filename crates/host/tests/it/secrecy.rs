//! Hidden information over HTTP (issue 15, point 1): before a game ends,
//! no public route (no token) serves anything that only one seat may see.
//!
//! * `a_failed_order_stays_its_authors`: the case that leaked: two TaE
//!   seats colonize the same system, one order fails at resolution, and the
//!   failure (which names the author's colonist and plan) was in the public
//!   record, its frames' captions and its boards.
//! * `no_public_route_shows_what_only_one_seat_sees`: a property over random
//!   games of every ruleset (TaE is the one with hidden hands): at every
//!   step, whatever is in exactly one seat's view (a string, or a whole
//!   object or list) is nowhere in the public routes' answers.

use crate::common;
use std::collections::BTreeSet;

use client::Client;
use common::{create, start, token};
use engine::Seat;
use proptest::prelude::*;
use serde_json::{json, Value};

fn get(c: &mut Client, path: &str, tok: Option<&str>) -> (u16, String) {
    let r = c.get(path, tok).unwrap();
    (r.status, String::from_utf8_lossy(&r.body).into_owned())
}

/// Every public answer about game `id` as text: status, list, spectator
/// view (JSON and files), live board, record, frames, and the record's
/// board at every action of its last `board_turns` turns (earlier turns
/// never change, and were looked at when they were the last).
fn public_answers(c: &mut Client, id: &str, board_turns: usize) -> Vec<(String, String)> {
    let mut paths = vec![
        format!("/api/games/{id}"),
        "/api/games".to_string(),
        format!("/api/games/{id}/view"),
        format!("/api/games/{id}/view?format=files"),
        format!("/api/games/{id}/board.svg"),
        format!("/api/games/{id}/record"),
        format!("/api/games/{id}/record/frames"),
    ];
    let (_, frames) = get(c, &format!("/api/games/{id}/record/frames"), None);
    let frames: Value = serde_json::from_str(&frames).unwrap_or(Value::Null);
    let turns = frames["turns"].as_array().cloned().unwrap_or_default();
    for t in &turns[turns.len().saturating_sub(board_turns)..] {
        for k in 0..=t["actions"].as_u64().unwrap_or(0) {
            paths.push(format!(
                "/api/games/{id}/record/board.svg?turn={}&action={k}",
                t["turn"]
            ));
        }
    }
    paths
        .into_iter()
        .map(|p| {
            let (status, body) = get(c, &p, None);
            assert!(status == 200, "{p}: {status} {body}");
            (p, body)
        })
        .collect()
}

/// The pieces of a JSON value that can carry a secret: strings of six
/// characters or more, and every non-empty object and list (as text).
fn atoms(v: &Value, out: &mut BTreeSet<String>) {
    match v {
        Value::String(s) if s.chars().count() >= 6 => {
            out.insert(format!("s:{s}"));
        }
        Value::Array(a) if !a.is_empty() => {
            out.insert(format!("j:{v}"));
            a.iter().for_each(|x| atoms(x, out));
        }
        Value::Object(m) if !m.is_empty() => {
            out.insert(format!("j:{v}"));
            m.values().for_each(|x| atoms(x, out));
        }
        _ => {}
    }
}

fn atoms_of(v: &Value) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    atoms(v, &mut out);
    out
}

fn xml_escaped(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
        .replace('\'', "&apos;")
}

/// Asserts that no public answer of game `id` holds an atom that is in
/// exactly one seat's view (`views[i]` is seat i's, `spectator` the
/// tokenless one).
fn assert_nothing_private_is_public(
    c: &mut Client,
    id: &str,
    views: &[Value],
    spectator: &Value,
    what: &str,
) {
    let all: Vec<BTreeSet<String>> = views.iter().map(atoms_of).collect();
    let public_view = atoms_of(spectator);
    for (seat, mine) in all.iter().enumerate() {
        let private: Vec<&String> = mine
            .iter()
            .filter(|a| !public_view.contains(*a))
            .filter(|a| {
                all.iter()
                    .enumerate()
                    .all(|(j, other)| j == seat || !other.contains(*a))
            })
            .collect();
        if private.is_empty() {
            continue;
        }
        for (path, body) in public_answers(c, id, 2) {
            let json_atoms = serde_json::from_str::<Value>(&body)
                .map(|v| atoms_of(&v))
                .unwrap_or_default();
            for atom in &private {
                assert!(
                    !json_atoms.contains(*atom),
                    "{what}: {path} serves seat {seat}'s private {atom}"
                );
                if let Some(s) = atom.strip_prefix("s:") {
                    let quoted = serde_json::to_string(s).unwrap();
                    let quoted = &quoted[1..quoted.len() - 1];
                    assert!(
                        !body.contains(s)
                            && !body.contains(quoted)
                            && !body.contains(&xml_escaped(s)),
                        "{what}: {path} contains seat {seat}'s private text {s:?}"
                    );
                }
            }
        }
    }
}

fn view_of(c: &mut Client, id: &str, tok: Option<&str>) -> Value {
    let r = c.get(&format!("/api/games/{id}/view"), tok).unwrap();
    assert_eq!(r.status, 200, "{}", String::from_utf8_lossy(&r.body));
    r.json()["view"].clone()
}

/// Seat `seat` colonizes `(x, y)` with the first of its colonists the
/// rules take there; whether one was taken.
fn colonize(c: &mut Client, id: &str, tok: &str, hand: &Value, x: u64, y: u64) -> bool {
    for h in hand.as_array().unwrap() {
        let orders = json!([{"order": "colonize", "colonist": h["id"], "x": x, "y": y}]);
        let r = c
            .post_json(&format!("/api/games/{id}/orders"), Some(tok), &orders)
            .unwrap();
        if r.status == 202 {
            return true;
        }
    }
    false
}

/// Two TaE seats colonize the same system: the second in resolution order
/// fails (`occupied`). Its author sees the failure in its view; nobody
/// else does, and no public route shows it until the game is over.
#[test]
fn a_failed_order_stays_its_authors() {
    let (_dir, _server, mut c, created) =
        common::one_game(json!({"ruleset": "tae", "seats": ["human", "human"], "seed": 3}));
    let id = created["id"].as_str().unwrap().to_string();
    let toks = [token(&created, 0), token(&created, 1)];
    let v0 = view_of(&mut c, &id, Some(&toks[0]));
    let v1 = view_of(&mut c, &id, Some(&toks[1]));
    let (w, h) = (
        v0["board"]["width"].as_u64().unwrap(),
        v0["board"]["height"].as_u64().unwrap(),
    );
    // The first system both seats may colonize.
    let target = (0..h)
        .flat_map(|y| (0..w).map(move |x| (x, y)))
        .find(|&(x, y)| {
            colonize(&mut c, &id, &toks[0], &v0["hand"], x, y)
                && colonize(&mut c, &id, &toks[1], &v1["hand"], x, y)
        })
        .expect("a system both seats may colonize");
    common::wait_status(&mut c, &id, |s| s["step"] == 1);
    let views = [
        view_of(&mut c, &id, Some(&toks[0])),
        view_of(&mut c, &id, Some(&toks[1])),
    ];
    let failed: Vec<(usize, String)> = views
        .iter()
        .enumerate()
        .flat_map(|(seat, v)| {
            v["events"]
                .as_array()
                .unwrap()
                .iter()
                .filter_map(|e| e.as_str())
                .filter(|e| e.contains("failed"))
                .map(move |e| (seat, e.to_string()))
        })
        .collect();
    assert_eq!(
        failed.len(),
        1,
        "one order failed at {target:?}: {failed:?}"
    );
    let spectator = view_of(&mut c, &id, None);
    assert!(!spectator.to_string().contains("failed"), "{spectator}");
    for (path, body) in public_answers(&mut c, &id, usize::MAX) {
        assert!(
            !body.contains("failed"),
            "{path} tells the public of a failed order: {body}"
        );
    }
    assert_nothing_private_is_public(&mut c, &id, &views, &spectator, "after turn 0");
}

/// Plays game `id` for at most `turns` steps, both human seats answered
/// by the ruleset's bots `bots` through the API, checking the public
/// routes before every step. Returns whether the game ended.
fn play_checking(
    c: &mut Client,
    id: &str,
    ruleset: &str,
    toks: &[String],
    bots: &[&str],
    turns: u64,
) -> bool {
    let rules = registry::find(ruleset).unwrap();
    for _ in 0..turns {
        let st = common::status(c, id);
        if st["finished"] == true {
            return true;
        }
        let views: Vec<Value> = toks.iter().map(|t| view_of(c, id, Some(t))).collect();
        let spectator = view_of(c, id, None);
        let what = format!("{ruleset} game {id} at step {}", st["step"]);
        assert_nothing_private_is_public(c, id, &views, &spectator, &what);
        let step = st["step"].as_u64().unwrap();
        for seat in st["missing"].as_array().unwrap() {
            let seat = seat.as_u64().unwrap() as usize;
            let r = c
                .get(
                    &format!("/api/games/{id}/view?format=files"),
                    Some(&toks[seat]),
                )
                .unwrap()
                .json();
            let file = &r["files"][0];
            let (_, text) = rules
                .bot_answer(
                    bots[seat % bots.len()],
                    Seat(seat),
                    file["name"].as_str().unwrap(),
                    file["contents"].as_str().unwrap(),
                    step,
                )
                .unwrap();
            let r = c
                .post(
                    &format!("/api/games/{id}/orders"),
                    Some(&toks[seat]),
                    "text/plain",
                    text.as_bytes(),
                )
                .unwrap();
            assert_eq!(r.status, 202, "{}", String::from_utf8_lossy(&r.body));
        }
        common::wait_status(c, id, |s| {
            s["step"].as_u64() > Some(step) || s["finished"] == true
        });
    }
    common::status(c, id)["finished"] == true
}

/// One server for every case of the property (starting one per case would
/// cost more than the games).
fn shared_server() -> &'static (tempfile::TempDir, host::Background) {
    static SERVER: std::sync::OnceLock<(tempfile::TempDir, host::Background)> =
        std::sync::OnceLock::new();
    SERVER.get_or_init(|| {
        let dir = tempfile::tempdir().unwrap();
        let server = start(&dir.path().join("g.db"));
        (dir, server)
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 4, ..ProptestConfig::default() })]

    #[test]
    fn no_public_route_shows_what_only_one_seat_sees(
        seed in any::<u64>(),
        ruleset in prop::sample::select(vec!["tae", "tae", "ttrts", "fullthrust"]),
        first_bot in 0usize..2,
    ) {
        let (_, server) = shared_server();
        let mut c = Client::new(&server.url()).unwrap();
        let rules = registry::find(ruleset).unwrap();
        let names = rules.bot_names();
        let bots: Vec<&str> = (0..2).map(|i| names[(first_bot + i) % names.len()]).collect();
        let created = create(
            &mut c,
            json!({"ruleset": ruleset, "seats": ["human", "human"], "seed": seed, "max_turns": 30}),
        );
        let id = created["id"].as_str().unwrap().to_string();
        let toks = [token(&created, 0), token(&created, 1)];
        play_checking(&mut c, &id, ruleset, &toks, &bots, 30);
    }
}

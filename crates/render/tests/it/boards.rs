//! Boards of real bot games for every ruleset: the SVG is well-formed XML,
//! follows the contract (root attributes, data-kind/data-id/data-owner),
//! shows every unit, ship and piece of the view and no other seat's hand;
//! stepping a turn's actions ends where the next turn's snapshot starts.

use crate::common;

use std::collections::BTreeSet;

use common::{frames, record_svg, record_svg_with, view_svg};
use render::{At, RenderError};
use serde_json::Value;

fn parse(svg: &str) -> roxmltree::Document<'_> {
    roxmltree::Document::parse(svg).unwrap_or_else(|e| panic!("not XML: {e}\n{svg}"))
}

fn ids(doc: &roxmltree::Document<'_>, kind: &str) -> BTreeSet<String> {
    doc.descendants()
        .filter(|n| n.attribute("data-kind") == Some(kind))
        .filter_map(|n| n.attribute("data-id").map(String::from))
        .collect()
}

fn check_root(doc: &roxmltree::Document<'_>, ruleset: &str) {
    let root = doc.root_element();
    assert_eq!(root.tag_name().name(), "svg");
    assert_eq!(
        root.tag_name().namespace(),
        Some("http://www.w3.org/2000/svg")
    );
    assert_eq!(
        root.attribute("class"),
        Some(format!("board board-{ruleset}").as_str())
    );
    assert_eq!(root.attribute("role"), Some("img"));
    assert!(root.attribute("viewBox").is_some());
    assert!(root.attribute("width").is_none() && root.attribute("height").is_none());
    assert!(root.attribute("aria-label").is_some_and(|l| !l.is_empty()));
    assert!(root.children().any(|c| c.tag_name().name() == "title"));
    for n in doc.descendants() {
        assert_ne!(n.tag_name().name(), "script");
        assert_ne!(n.tag_name().name(), "image");
        assert!(n.attribute("href").is_none());
        assert!(n
            .attribute(("http://www.w3.org/1999/xlink", "href"))
            .is_none());
    }
}

fn turn_numbers(rec: &engine::record::GameRecord) -> Vec<u64> {
    rec.turns
        .iter()
        .map(|t| t.extra["turn"].as_u64().unwrap())
        .collect()
}

/// The unit ids of a record snapshot.
fn snapshot_ids(rec: &engine::record::GameRecord, i: usize) -> BTreeSet<String> {
    rec.turns[i]
        .units
        .iter()
        .flatten()
        .map(|u| u.id.to_string())
        .collect()
}

#[test]
fn ttrts_units_at_every_step_match_the_record() {
    let rec = common::bot_record("ttrts", None, 7, 12);
    let numbers = turn_numbers(&rec);
    for (i, &turn) in numbers.iter().enumerate() {
        let n = rec.turns[i].actions.len() as u64;
        for action in 0..=n {
            let svg = record_svg(&rec, At { turn, action }, None).unwrap();
            let doc = parse(&svg);
            check_root(&doc, "ttrts");
            if action == 0 {
                assert_eq!(ids(&doc, "unit"), snapshot_ids(&rec, i), "turn {turn}");
            }
            if action == n && i + 1 < rec.turns.len() {
                assert_eq!(
                    ids(&doc, "unit"),
                    snapshot_ids(&rec, i + 1),
                    "end of turn {turn}"
                );
                // Every unit where the next snapshot puts it.
                for u in rec.turns[i + 1].units.iter().flatten() {
                    let node = doc
                        .descendants()
                        .find(|d| {
                            d.attribute("data-kind") == Some("unit")
                                && d.attribute("data-id") == Some(&u.id.to_string())
                        })
                        .unwrap();
                    let title = node
                        .children()
                        .find(|c| c.tag_name().name() == "title")
                        .unwrap()
                        .text()
                        .unwrap();
                    let a = [&u.assignment.x, &u.assignment.y];
                    assert!(
                        title.contains(&format!("at ({}, {})", a[0], a[1])),
                        "{title} vs {}",
                        u.assignment
                    );
                }
            }
            if action > 0 {
                assert!(doc
                    .descendants()
                    .any(|d| d.attribute("class") == Some("caption")));
            }
        }
    }
}

#[test]
fn fullthrust_ships_move_and_take_damage_as_recorded() {
    let rec = common::bot_record("fullthrust", None, 3, 8);
    let numbers = turn_numbers(&rec);
    for (i, &turn) in numbers.iter().enumerate() {
        let n = rec.turns[i].actions.len() as u64;
        for action in [0, n / 2, n] {
            let svg = record_svg(&rec, At { turn, action }, Some(0)).unwrap();
            let doc = parse(&svg);
            check_root(&doc, "fullthrust");
            let ships: Vec<_> = doc
                .descendants()
                .filter(|d| d.attribute("data-kind") == Some("ship"))
                .collect();
            let units: BTreeSet<String> = ships
                .iter()
                .map(|s| s.attribute("data-unit").unwrap().to_string())
                .collect();
            // Destroyed ships stay on the map (marked); the snapshot lists
            // the living ones, all of which are drawn.
            assert!(snapshot_ids(&rec, i).is_subset(&units));
            assert!(ships.iter().all(|s| s.attribute("data-owner").is_some()));
        }
        if i + 1 < rec.turns.len() {
            let svg = record_svg(&rec, At { turn, action: n }, None).unwrap();
            let doc = parse(&svg);
            for u in rec.turns[i + 1].units.iter().flatten() {
                let node = doc
                    .descendants()
                    .find(|d| d.attribute("data-unit") == Some(&u.id.to_string()))
                    .unwrap();
                let title = node
                    .children()
                    .find(|c| c.tag_name().name() == "title")
                    .unwrap()
                    .text()
                    .unwrap();
                let track = u.extra["damageTrack"].as_str().unwrap();
                let checked = track.chars().filter(|&c| c == '-').count();
                let total = track.chars().filter(|&c| c != ' ').count();
                assert!(
                    title.contains(&format!("damage {checked}/{total}")),
                    "{title} vs {track}"
                );
                assert!(
                    title.contains(&format!("course {}", u.extra["course"])),
                    "{title}"
                );
            }
        }
    }
}

#[test]
fn live_views_draw_every_ruleset() {
    for ruleset in ["ttrts", "tae", "fullthrust", "sealedbids"] {
        let rec = common::bot_record(ruleset, None, 9, 3);
        let rules = registry::find(ruleset).unwrap();
        let setup = serde_json::from_value(rec.extra["setup"].clone()).unwrap();
        let game = rules.start(setup, false, None).unwrap();
        for seat in [None, Some(engine::Seat(1))] {
            let svg = view_svg(ruleset, &game.view(seat)).unwrap();
            check_root(&parse(&svg), ruleset);
        }
    }
}

#[test]
fn bad_requests_name_their_field() {
    let rec = common::bot_record("ttrts", None, 7, 3);
    let last = turn_numbers(&rec).last().copied().unwrap();
    match record_svg(
        &rec,
        At {
            turn: 999,
            action: 0,
        },
        None,
    ) {
        Err(RenderError::Request { field, message }) => {
            assert_eq!(field, "turn");
            assert!(message.contains(&format!("0 to {last}")), "{message}");
        }
        other => panic!("{other:?}"),
    }
    let n = rec.turns[0].actions.len() as u64;
    match record_svg(
        &rec,
        At {
            turn: 0,
            action: n + 1,
        },
        None,
    ) {
        Err(RenderError::Request { field, .. }) => assert_eq!(field, "action"),
        other => panic!("{other:?}"),
    }
    match record_svg(&rec, At { turn: 0, action: 0 }, Some(5)) {
        Err(RenderError::Request { field, .. }) => assert_eq!(field, "seat"),
        other => panic!("{other:?}"),
    }
    let mut redacted = rec.clone();
    redacted.extra.remove("setup");
    match record_svg(&redacted, At { turn: 0, action: 0 }, None) {
        Err(RenderError::Input(m)) => assert!(m.starts_with("$.setup"), "{m}"),
        other => panic!("{other:?}"),
    }
    assert!(matches!(
        view_svg("chess", &Value::Null),
        Err(RenderError::Input(_))
    ));
    assert!(matches!(
        view_svg("ttrts", &serde_json::json!({"width": "wide"})),
        Err(RenderError::Input(_))
    ));
    assert!(matches!(
        view_svg("tae", &serde_json::json!({})),
        Err(RenderError::Input(_))
    ));
    assert!(matches!(
        view_svg("fullthrust", &serde_json::json!({"scenario": "x"})),
        Err(RenderError::Input(_))
    ));
}

#[test]
fn text_is_escaped() {
    let view = serde_json::json!({
        "name": "<script>&\"'", "width": 2, "height": 2, "turn": 0,
        "walls": [], "units": [], "players": [0]
    });
    let svg = view_svg("ttrts", &view).unwrap();
    let doc = parse(&svg);
    assert!(!doc.descendants().any(|n| n.tag_name().name() == "script"));
    assert!(svg.contains("&lt;script&gt;&amp;&quot;&apos;"));
}

#[test]
fn frames_list_every_turn_and_action() {
    let rec = common::bot_record("fullthrust", None, 3, 4);
    let f = frames(&rec);
    let turns = f["turns"].as_array().unwrap();
    assert_eq!(turns.len(), rec.turns.len());
    for (t, turn) in turns.iter().zip(&rec.turns) {
        assert_eq!(t["actions"].as_u64().unwrap() as usize, turn.actions.len());
        let captions = t["captions"].as_array().unwrap();
        assert_eq!(captions.len(), turn.actions.len());
        // The ruleset's words: ships by name, no record keys or note codes.
        let names: Vec<String> = turn
            .units
            .iter()
            .flatten()
            .filter_map(|u| u.extra.get("name")?.as_str().map(str::to_string))
            .collect();
        for c in captions {
            let c = c.as_str().unwrap();
            assert!(names.iter().any(|n| c.starts_with(n.as_str())), "{c}");
            assert!(!c.contains("targetUnit") && !c.contains("note N"), "{c}");
        }
    }
}

#[test]
fn battle200_is_drawn_whole_and_compact() {
    let rec = common::bot_record("ttrts", Some("Battle200"), 2, 2);
    let svg = record_svg(&rec, At { turn: 1, action: 0 }, None).unwrap();
    let doc = parse(&svg);
    assert_eq!(ids(&doc, "unit"), snapshot_ids(&rec, 1));
    // Walls are one path and the grid another: the picture stays small.
    assert_eq!(
        doc.descendants()
            .filter(|n| n.attribute("class") == Some("walls"))
            .count(),
        1
    );
    assert!(svg.len() < 400_000, "{} bytes", svg.len());
    eprintln!("Battle200 SVG: {} bytes", svg.len());
}

/// A kept re-run (what the host keeps between replay requests) draws the
/// same boards as a fresh one, whatever order the frames are asked in:
/// forward turn by turn and action by action, back to an earlier turn (it
/// starts over), and a jump forward (it goes on from where it is).
#[test]
fn a_kept_rerun_draws_what_a_fresh_one_draws() {
    for (ruleset, scenario) in [
        ("ttrts", Some("Tiny2Player")),
        ("tae", None),
        ("fullthrust", None),
    ] {
        let rec = common::bot_record(ruleset, scenario, 5, 6);
        let turns = turn_numbers(&rec);
        let mut frames = vec![];
        for (i, &turn) in turns.iter().enumerate() {
            for action in 0..=rec.turns[i].actions.len() as u64 {
                frames.push(At { turn, action });
            }
        }
        let back: Vec<At> = frames.iter().rev().step_by(3).copied().collect();
        let jumps: Vec<At> = frames.iter().step_by(5).copied().collect();
        let mut rerun = None;
        for at in frames.iter().chain(&back).chain(&jumps).chain(&frames) {
            let kept = record_svg_with(&rec, *at, None, &mut rerun).unwrap();
            let fresh = record_svg(&rec, *at, None).unwrap();
            assert_eq!(kept, fresh, "{ruleset} at {at:?}");
            let r = rerun.as_ref().expect("the rerun is kept");
            assert_eq!(
                turns[r.index()],
                at.turn,
                "{ruleset}: kept at the turn drawn"
            );
        }
    }
}

/// A kept frame goes on from where it is within a turn and starts the turn
/// again otherwise, and draws what a fresh picture draws; a record whose
/// other turns are left empty (what a host holding a long record passes)
/// draws the same.
#[test]
fn kept_frames_draw_what_fresh_pictures_draw() {
    for (ruleset, scenario) in [
        ("ttrts", Some("Tiny2Player")),
        ("tae", None),
        ("fullthrust", None),
    ] {
        let rec = common::bot_record(ruleset, scenario, 7, 5);
        let p = registry::plugin(ruleset).unwrap();
        let turns = turn_numbers(&rec);
        let mut stops = vec![];
        for i in 0..rec.turns.len() {
            for action in 0..=rec.turns[i].actions.len() {
                stops.push((i, action));
            }
        }
        let back: Vec<(usize, usize)> = stops.iter().rev().step_by(4).copied().collect();
        let (mut rerun, mut kept) = (None, None);
        for &(i, action) in stops.iter().chain(&back) {
            let at = At {
                turn: turns[i],
                action: action as u64,
            };
            let fresh = record_svg(&rec, at, None).unwrap();
            let framed = render::frame_svg(
                &*p.rules,
                &*p.drawing,
                &rec,
                i,
                action,
                None,
                &mut rerun,
                &mut kept,
            )
            .unwrap();
            assert_eq!(framed, fresh, "{ruleset} at {at:?}");
            // Only the turns from the kept rerun to the one drawn are read.
            let from = rerun.as_ref().map_or(0, |r: &render::Rerun| r.index());
            let mut sparse = rec.clone();
            for (k, t) in sparse.turns.iter_mut().enumerate() {
                if k != i {
                    t.units.clear();
                    t.actions.clear();
                }
            }
            let (mut r2, mut k2) = (common::rerun_at(&rec, from), None);
            let again = render::frame_svg(
                &*p.rules,
                &*p.drawing,
                &sparse,
                i,
                action,
                None,
                &mut r2,
                &mut k2,
            )
            .unwrap();
            assert_eq!(again, fresh, "{ruleset} at {at:?}, sparse");
        }
        let err = render::frame_svg(
            &*p.rules,
            &*p.drawing,
            &rec,
            rec.turns.len(),
            0,
            None,
            &mut rerun,
            &mut kept,
        )
        .unwrap_err();
        assert!(matches!(err, RenderError::Request { ref field, .. } if field == "index"));
    }
}

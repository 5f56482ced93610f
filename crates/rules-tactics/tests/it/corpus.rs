//! The engine's own records (`../shared/corpus/tactics`) re-run exactly,
//! with the inputs derived from the records and with the inputs the players
//! really sent; and what a re-run says when a record or a draws file is
//! tampered with.

use std::path::{Path, PathBuf};

use serde_json::Value;
use tactics::draws::DrawsFile;
use tactics::{rerun_from, rerun_text, InputSource, Rerun};

use crate::common::with_corpus;

/// Every record with its draws file, by name.
fn records(dir: &Path) -> Vec<(String, PathBuf, PathBuf)> {
    let mut out = vec![];
    for entry in std::fs::read_dir(dir).expect("the corpus folder") {
        let path = entry.expect("a folder entry").path();
        let name = path.file_name().unwrap().to_string_lossy().to_string();
        if !name.ends_with(".json") || name.ends_with("_draws.json") {
            continue;
        }
        let base = name.trim_end_matches(".json").trim_end_matches("_state");
        out.push((
            name.clone(),
            path.clone(),
            dir.join(format!("{base}_draws.json")),
        ));
    }
    out.sort();
    out
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).expect("a corpus file")
}

/// (turns including the open one, actions) as the checker counts them.
fn counts(text: &str) -> (usize, usize) {
    let v: Value = serde_json::from_str(text).unwrap();
    let g = v.get("state").unwrap_or(&v);
    let mut turns: Vec<&Value> = g["turns"].as_array().unwrap().iter().collect();
    let open = serde_json::json!({"actions": g["actions"]});
    turns.push(&open);
    let actions = turns
        .iter()
        .map(|t| t["actions"].as_array().map_or(0, Vec::len))
        .sum();
    (turns.len(), actions)
}

#[test]
fn every_engine_record_reruns_exactly() {
    with_corpus("the re-run of the engine's records", |dir| {
        let all = records(&dir);
        assert_eq!(all.len(), 11, "the corpus has 11 records");
        for (name, record, draws) in all {
            let text = read(&record);
            let file = DrawsFile::parse(&read(&draws)).unwrap();
            let (turns, actions) = counts(&text);
            match rerun_text(&text, Some(&file)).unwrap() {
                Rerun::Agrees(r) => {
                    assert_eq!(
                        (r.turns, r.actions, r.draws),
                        (turns, actions, file.draws.len()),
                        "{name}"
                    );
                    println!("{name}: {r}");
                }
                Rerun::Diverges(d) => panic!("{name}: {d}"),
            }
        }
    });
}

/// The engine's files keep every batch as sent, skipped inputs included:
/// re-run from those, the rules must skip exactly what the engine skipped.
#[test]
fn the_inputs_the_players_sent_give_the_same_records() {
    with_corpus("the re-run from the players' own inputs", |dir| {
        let mut tried = 0;
        for (name, record, draws) in records(&dir) {
            let file = DrawsFile::parse(&read(&draws)).unwrap();
            if file.inputs.is_empty() {
                continue;
            }
            tried += 1;
            let (rec, _) = record::read_record(&read(&record)).unwrap();
            match rerun_from(&rec, Some(&file), InputSource::Sent).unwrap() {
                Rerun::Agrees(_) => {}
                Rerun::Diverges(d) => panic!("{name}: {d}"),
            }
        }
        assert_eq!(tried, 8, "eight records keep the inputs sent");
    });
}

/// Re-runs `record` after `edit` changed its JSON (or its draws file's).
fn tampered(
    dir: &Path,
    record: &str,
    edit_record: impl FnOnce(&mut Value),
    edit_draws: impl FnOnce(&mut Value),
) -> Rerun {
    let base = record.trim_end_matches(".json").trim_end_matches("_state");
    let mut rec: Value = serde_json::from_str(&read(&dir.join(record))).unwrap();
    let mut draws: Value =
        serde_json::from_str(&read(&dir.join(format!("{base}_draws.json")))).unwrap();
    edit_record(&mut rec);
    edit_draws(&mut draws);
    let file = DrawsFile::parse(&draws.to_string()).unwrap();
    rerun_text(&rec.to_string(), Some(&file)).unwrap()
}

fn divergence(r: Rerun) -> (String, String, String) {
    match r {
        Rerun::Diverges(d) => (d.path, d.expected, d.actual),
        Rerun::Agrees(r) => panic!("expected a divergence, got {r}"),
    }
}

#[test]
fn a_changed_snapshot_is_named_by_its_path() {
    with_corpus("tampered records", |dir| {
        let d = tampered(
            &dir,
            "classic_2p_engine-f8ab372_02_state.json",
            |r| r["turns"][14]["units"][1][2]["mHealth"] = (-1).into(),
            |_| {},
        );
        assert_eq!(d_path(d), "$.turns[14].units[1][2].mHealth");
    });
}

fn d_path(r: Rerun) -> String {
    divergence(r).0
}

#[test]
fn a_changed_ban_and_a_changed_float_are_found() {
    with_corpus("tampered records", |dir| {
        let (path, expected, actual) = divergence(tampered(
            &dir,
            "chaos_4p_engine-f8ab372_02_state.json",
            |r| r["turns"][88]["actions"][2]["results"][0]["banned"] = serde_json::json!([2]),
            |_| {},
        ));
        assert_eq!(
            (path.as_str(), expected.as_str(), actual.as_str()),
            ("$.turns[88].actions[2].results[0].banned[0]", "2", "3")
        );
        // Spec §14.1: 20 × 0.9 × 0.9 × 0.9 × 0.9 × 0.9 is 11.809800000000001,
        // not 11.8098: the float artefact is part of the record.
        let path = d_path(tampered(
            &dir,
            "classic_2p_engine-f8ab372_state.json",
            |r| {
                let units = r["turns"][5]["units"][1].as_array_mut().unwrap();
                let witch = units.iter_mut().find(|u| u["id"] == 12).unwrap();
                assert_eq!(witch["mBlocking"], serde_json::json!(11.809800000000001));
                witch["mBlocking"] = serde_json::json!(11.8098);
            },
            |_| {},
        ));
        assert_eq!(path, "$.turns[5].units[1][1].mBlocking");
    });
}

#[test]
fn draws_used_for_another_purpose_or_left_over_are_named() {
    with_corpus("tampered draws files", |dir| {
        let rec = "classic_2p_engine-f8ab372_02_state.json";
        let (path, expected, _) = divergence(tampered(
            &dir,
            rec,
            |_| {},
            |d| d["draws"][5]["use"] = "teamScore".into(),
        ));
        assert_eq!(
            (path.as_str(), expected.as_str()),
            ("$.draws[5].use", "\"teamScore\"")
        );
        let path = d_path(tampered(
            &dir,
            rec,
            |_| {},
            |d| {
                let extra = serde_json::json!({"value": 0.5, "use": "hit"});
                d["draws"].as_array_mut().unwrap().push(extra);
            },
        ));
        assert_eq!(path, "$.draws[103]");
        // One draw too few: the last hit draws past the end of the file, and
        // that is named rather than the block it turns into a hit.
        let path = d_path(tampered(
            &dir,
            rec,
            |_| {},
            |d| {
                d["draws"].as_array_mut().unwrap().pop();
            },
        ));
        assert_eq!(path, "$.draws[102]");
    });
}

#[test]
fn a_wrong_first_team_is_caught_at_the_teams() {
    with_corpus("tampered draws files", |dir| {
        let path = d_path(tampered(
            &dir,
            "classic_2p_engine-f8ab372_state.json",
            |_| {},
            |d| d["draws"][0]["value"] = 0.1.into(),
        ));
        assert_eq!(path, "$.teams[0].originalId");
    });
}

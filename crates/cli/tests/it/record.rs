//! `orderly record check|replay` on the real Tactics engine's files and on
//! broken records.

use std::path::{Path, PathBuf};

use assert_cmd::Command;

fn tactics(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../../shared/corpus/tactics")
        .join(name)
}

fn orderly() -> Command {
    Command::cargo_bin("orderly").unwrap()
}

#[test]
fn the_real_tactics_files_are_valid_records() {
    let _corpus = testkit::require_shared!("corpus/tactics");
    for (file, teams, turns, outcome) in [
        (
            "chaos_4p_engine-f8ab372_state.json",
            5,
            121,
            "the winner is not recorded",
        ),
        (
            "classic_2p_engine-f8ab372_state.json",
            2,
            77,
            "the winner is not recorded",
        ),
        (
            "server-8521ac5_game_adfcb6cc-7e6f-4eec-bedf-84482a0d8568.json",
            2,
            88,
            "(team 1) won",
        ),
    ] {
        let run = orderly()
            .args(["record", "check"])
            .arg(tactics(file))
            .assert()
            .success();
        let out = String::from_utf8_lossy(&run.get_output().stdout).into_owned();
        assert!(
            out.contains(&format!("{teams} teams, {turns} turns")),
            "{file}: {out}"
        );
        assert!(out.contains(outcome), "{file}: {out}");
    }
}

#[test]
fn a_tactics_record_replays_as_text_without_its_draws() {
    let _corpus = testkit::require_shared!("corpus/tactics");
    let run = orderly()
        .args(["record", "replay"])
        .arg(tactics("classic_2p_engine-f8ab372_state.json"))
        .assert()
        .success();
    let out = String::from_utf8_lossy(&run.get_output().stdout).into_owned();
    assert!(out.contains("turn 0:"));
    // Tactics is registered, but the engine's record has no seed: only its
    // draws file can re-run it.
    assert!(out.contains("printed but not re-verified"), "{out}");
    assert!(out.contains("--draws"), "{out}");
}

#[test]
fn a_tactics_record_reruns_with_its_draws_file() {
    let _corpus = testkit::require_shared!("corpus/tactics");
    let run = orderly()
        .args(["record", "replay", "--quiet", "--verify"])
        .arg(tactics("classic_2p_engine-f8ab372_state.json"))
        .arg("--draws")
        .arg(tactics("classic_2p_engine-f8ab372_draws.json"))
        .assert()
        .success();
    let out = String::from_utf8_lossy(&run.get_output().stdout).into_owned();
    assert_eq!(
        out.trim(),
        "re-run: every turn agrees (77 turns, 240 actions, 57 draws)"
    );
    // Asked to verify without the draws: the re-run cannot be done.
    orderly()
        .args(["record", "replay", "--quiet", "--verify"])
        .arg(tactics("classic_2p_engine-f8ab372_state.json"))
        .assert()
        .code(2)
        .stderr(predicates::str::contains("--draws"));
}

#[test]
fn a_broken_record_is_rejected_with_json_paths() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("bad.json");
    std::fs::write(&file, r#"{"teams":[{}],"turns":[{"units":[[{"id":1,"type":"u"}]],"actions":[{"type":"x","teamId":4}]}]}"#).unwrap();
    let run = orderly()
        .args(["record", "check"])
        .arg(&file)
        .assert()
        .failure();
    let err = String::from_utf8_lossy(&run.get_output().stderr).into_owned();
    assert!(
        err.contains("$.turns[0].units[0][0]: has no `assignment`"),
        "{err}"
    );
    assert!(
        err.contains("$.turns[0].actions[0].teamId: team 4 does not exist"),
        "{err}"
    ); // Replaying it is the same error, with the same exit code (2 is for
       // bad arguments only).
    let run = orderly()
        .args(["record", "replay"])
        .arg(&file)
        .assert()
        .code(1);
    let err = String::from_utf8_lossy(&run.get_output().stderr).into_owned();
    assert!(err.contains("the record is rejected"), "{err}");
}

#[test]
fn a_tampered_ttrts_record_reports_the_first_divergence() {
    let _corpus = testkit::require_shared!("corpus/ttrts");
    let dir = tempfile::tempdir().unwrap();
    let trace = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../../shared/corpus/ttrts/traces/tiny2player_s2");
    orderly()
        .args(["ttrts", "replay"])
        .arg(&trace)
        .arg("--out")
        .arg(dir.path())
        .assert()
        .success();
    let path = dir.path().join("record.json");
    let mut record: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
    record["turns"][3]["units"][0][0]["assignment"] = serde_json::json!([5, 5]);
    std::fs::write(&path, record.to_string()).unwrap();
    let run = orderly()
        .args(["record", "replay"])
        .arg(&path)
        .assert()
        .failure();
    let out = String::from_utf8_lossy(&run.get_output().stdout).into_owned();
    assert!(
        out.contains("first divergence at $.turns[3].units[0][0].assignment"),
        "{out}"
    );
}

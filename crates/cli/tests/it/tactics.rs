//! `orderly ... tactics` end to end: both games listed, demos of classic and
//! Chaos played to their end by the bots, a tournament, and a bot game's
//! record that `record replay --verify` re-runs from its own seed.

use assert_cmd::Command;
use predicates::str::contains;

fn orderly() -> Command {
    Command::cargo_bin("orderly").unwrap()
}

#[test]
fn both_games_are_listed_with_classic_the_default() {
    orderly()
        .args(["maps", "tactics"])
        .assert()
        .success()
        .stdout("classic (default)\nchaos\n");
}

#[test]
fn a_classic_demo_is_played_to_its_end() {
    let run = orderly()
        .args(["demo", "tactics", "--seed", "4"])
        .assert()
        .success();
    let out = String::from_utf8_lossy(&run.get_output().stdout).into_owned();
    assert!(out.contains("North is played by the greedy bot"), "{out}");
    assert!(out.contains("--- turn 1 ---"), "{out}");
    assert!(out.contains("1Clv"), "the text board: {out}");
    assert!(out.contains("game over:"), "{out}");
}

#[test]
fn a_chaos_demo_is_played_to_its_end() {
    let run = orderly()
        .args([
            "demo",
            "tactics",
            "--scenario",
            "chaos",
            "--seed",
            "4",
            "--quiet",
        ])
        .assert()
        .success();
    let out = String::from_utf8_lossy(&run.get_output().stdout).into_owned();
    assert!(out.contains("Chaos is played by"), "{out}");
    assert!(out.contains("game over:"), "{out}");
}

#[test]
fn an_unknown_game_is_refused_with_the_ones_there_are() {
    orderly()
        .args(["demo", "tactics", "--scenario", "blitz", "--quiet"])
        .assert()
        .failure()
        .stderr(contains("use `classic` or `chaos`"));
}

#[test]
fn a_tournament_counts_wins_per_bot() {
    orderly()
        .args(["tournament", "tactics", "--games", "4", "--jobs", "1"])
        .assert()
        .success()
        .stdout(contains("4 games of tactics on classic"))
        .stdout(contains("greedy"));
}

#[test]
fn a_bot_games_record_reruns_from_its_seed() {
    let dir = tempfile::tempdir().unwrap();
    let record = dir.path().join("chaos.json");
    orderly()
        .args(["tactics", "game", "chaos", "--seed", "2", "--out"])
        .arg(&record)
        .assert()
        .success();
    orderly()
        .args(["record", "replay", "--quiet", "--verify"])
        .arg(&record)
        .assert()
        .success()
        .stdout(contains("re-run: every turn agrees ("));
}

/// The original engine's records (classic ones write no `type`) render:
/// each record's last turn as SVG, a Chaos one also as PNG.
#[test]
fn the_engines_own_records_render() {
    let corpus = testkit::require_shared!("corpus/tactics");
    let dir = tempfile::tempdir().unwrap();
    let mut rendered = 0;
    let mut names: Vec<_> = std::fs::read_dir(&corpus)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| {
            let n = p.file_name().unwrap().to_string_lossy();
            n.ends_with(".json") && !n.ends_with("_draws.json")
        })
        .collect();
    names.sort();
    for record in names {
        let out = dir.path().join("board.svg");
        orderly()
            .arg("render")
            .arg(&record)
            .arg("--out")
            .arg(&out)
            .assert()
            .success();
        let svg = std::fs::read_to_string(&out).unwrap();
        assert!(
            svg.starts_with("<svg") || svg.starts_with("<?xml"),
            "{}",
            record.display()
        );
        // Units are drawn: the board of a finished game still has some.
        assert!(
            svg.matches("<title>").count() > 1,
            "{}: {svg}",
            record.display()
        );
        rendered += 1;
    }
    assert_eq!(rendered, 11, "the 11 records of the corpus");
    let chaos = corpus.join("chaos_4p_engine-f8ab372_state.json");
    let png = dir.path().join("chaos.png");
    orderly()
        .args(["render", "--turn", "3", "--width", "400", "--out"])
        .arg(&png)
        .arg(&chaos)
        .assert()
        .success();
    assert!(std::fs::read(&png).unwrap().starts_with(b"\x89PNG"));
}

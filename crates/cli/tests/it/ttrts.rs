//! The `orderly` binary against the real ttrts program's recordings and by
//! files, end to end: replays of every reference trace, malformed games,
//! a game played by bot processes through a watched folder, a rejected and
//! corrected order file, and records re-verified.

use std::path::{Path, PathBuf};
use std::time::Duration;

use assert_cmd::Command;

use crate::process::{finish, spawn, wait_for};

fn shared(rel: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../../shared")
        .join(rel)
}

fn orderly() -> Command {
    Command::cargo_bin("orderly").unwrap()
}

fn trace_dirs(kind: &str) -> Vec<PathBuf> {
    let mut dirs: Vec<PathBuf> = std::fs::read_dir(shared(&format!("corpus/ttrts/{kind}")))
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    dirs.sort();
    dirs
}

/// The trace checker's rule: equal, or the reference header was cut at 511
/// bytes by the original and is a prefix of ours (spec 2.1, decision 8).
fn same_turn_file(reference: &[u8], ours: &[u8]) -> bool {
    if reference == ours {
        return true;
    }
    let split = |d: &[u8]| {
        let i = d
            .windows(6)
            .position(|w| w == b"\n~~~~\n")
            .unwrap_or(d.len());
        (d[..i].to_vec(), d[i..].to_vec())
    };
    let (rh, rt) = split(reference);
    let (oh, ot) = split(ours);
    rh.len() == 511 && oh.starts_with(&rh) && rt == ot
}

#[test]
fn every_reference_trace_and_scenario_replays_turn_for_turn() {
    let _corpus = testkit::require_shared!("corpus/ttrts");
    let mut checked = 0;
    for dir in trace_dirs("traces")
        .into_iter()
        .chain(trace_dirs("scenarios"))
    {
        let out = tempfile::tempdir().unwrap();
        orderly()
            .args(["ttrts", "replay"])
            .arg(&dir)
            .arg("--out")
            .arg(out.path())
            .assert()
            .success();
        for entry in std::fs::read_dir(&dir).unwrap() {
            let name = entry.unwrap().file_name().into_string().unwrap();
            if name.starts_with("Turn_") {
                let reference = std::fs::read(dir.join(&name)).unwrap();
                let ours = std::fs::read(out.path().join(&name)).unwrap_or_default();
                assert!(
                    same_turn_file(&reference, &ours),
                    "{}: {name} differs",
                    dir.display()
                );
                checked += 1;
            }
        }
        // The replay's record re-runs to the same record.
        orderly()
            .args(["record", "replay"])
            .arg(out.path().join("record.json"))
            .assert()
            .success();
    }
    assert!(checked > 500, "only {checked} turn files checked");
}

#[test]
fn malformed_games_replay_without_a_crash_and_name_each_bad_line() {
    let _corpus = testkit::require_shared!("corpus/ttrts");
    for dir in trace_dirs("malformed") {
        let out = tempfile::tempdir().unwrap();
        let run = orderly()
            .args(["ttrts", "replay"])
            .arg(&dir)
            .arg("--out")
            .arg(out.path())
            .assert()
            .success();
        let stderr = String::from_utf8(run.get_output().stderr.clone()).unwrap();
        let manifest: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(dir.join("manifest.json")).unwrap())
                .unwrap();
        // Every file with a malformed line (while the game ran) is reported
        // at that line.
        let mut seen = 0;
        for turn in manifest["turns"].as_array().unwrap() {
            let n = turn["turn"].as_u64().unwrap();
            if !out.path().join(format!("Turn_{}.txt", n + 1)).exists() {
                continue;
            }
            for file in turn["files"].as_array().unwrap() {
                let p = file["player"].as_u64().unwrap();
                for a in file["anomalies"].as_array().unwrap() {
                    if a["tag"] == "MALFORMED(UB)" {
                        let at = format!("Player_{p}_Turn_{n}.txt:{}:", a["line"]);
                        // Files of players with no units left are not read (decision 7).
                        if stderr.contains(&format!("Player_{p}_Turn_{n}.txt:")) {
                            assert!(
                                stderr.contains(&at),
                                "{} not reported in {}",
                                at,
                                dir.display()
                            );
                            seen += 1;
                        }
                    }
                }
            }
        }
        assert!(seen > 0, "no malformed line reported for {}", dir.display());
    }
}

#[test]
fn bots_play_a_whole_game_by_files_against_the_host() {
    let work = tempfile::tempdir().unwrap();
    let host = spawn(&["ttrts", "Tiny2Player", "--games-dir", "."], work.path());
    let dir = work.path().join("ttrts_Tiny2Player");
    wait_for(&dir.join("status.json"), "the game folder");
    let red = spawn(
        &[
            "bot",
            "ttrts",
            "--player",
            "0",
            "ttrts_Tiny2Player",
            "--name",
            "greedy",
        ],
        work.path(),
    );
    let green = spawn(
        &[
            "bot",
            "ttrts",
            "--player",
            "1",
            "ttrts_Tiny2Player",
            "--name",
            "random",
            "--seed",
            "5",
        ],
        work.path(),
    );
    let (ok, stdout, stderr) = finish(host);
    assert!(ok, "host failed: {stderr}");
    assert!(stdout.contains("game over"), "{stdout}");
    for bot in [red, green] {
        let (ok, stdout, stderr) = finish(bot);
        assert!(ok, "bot failed: {stdout} {stderr}");
        assert!(stdout.contains("game over"));
    }
    assert!(dir.join("Turn_0.txt").exists());
    orderly()
        .args(["record", "check"])
        .arg(dir.join("record.json"))
        .assert()
        .success();
    orderly()
        .args(["record", "replay"])
        .arg(dir.join("record.json"))
        .assert()
        .success();
}

#[test]
fn a_rejected_order_file_is_explained_and_a_corrected_one_is_taken() {
    let work = tempfile::tempdir().unwrap();
    let host = spawn(&["ttrts", "Tiny2Player", "--games-dir", "."], work.path());
    let dir = work.path().join("ttrts_Tiny2Player");
    wait_for(&dir.join("Turn_0.txt"), "Turn_0.txt");
    // Malformed: rejected whole, with the line, in a file beside it.
    std::fs::write(
        dir.join("Player_0_Turn_0.txt"),
        "ORDER:F id:0\nORDER:L\nEND",
    )
    .unwrap();
    wait_for(&dir.join("Player_0_Turn_0.errors.txt"), "the errors file");
    let errors = std::fs::read_to_string(dir.join("Player_0_Turn_0.errors.txt")).unwrap();
    assert!(errors.contains("Player_0_Turn_0.txt:2:8:"), "{errors}");
    // Written in place, in two steps: the half-written file is not taken.
    std::fs::write(dir.join("Player_0_Turn_0.txt"), "ORDER:R id:0\nORD").unwrap();
    std::thread::sleep(Duration::from_millis(300));
    std::fs::write(
        dir.join("Player_0_Turn_0.txt"),
        "ORDER:R id:0\nORDER:X id:3\nEND\n",
    )
    .unwrap();
    std::fs::write(dir.join("Player_1_Turn_0.txt"), "END").unwrap();
    wait_for(&dir.join("Turn_1.txt"), "Turn_1.txt");
    let turn1 = std::fs::read_to_string(dir.join("Turn_1.txt")).unwrap();
    assert!(turn1.contains("UNIT:0 pl:0 vs:^ dr:N ps:[4,2]"), "{turn1}");
    assert!(!dir.join("Player_0_Turn_0.errors.txt").exists());
    let notes = std::fs::read_to_string(dir.join("Player_0_Turn_0.notes.txt")).unwrap();
    assert!(
        notes.contains(":2:") && notes.contains("belongs to Green"),
        "{notes}"
    );
    let mut host = host;
    host.kill().unwrap();
    let _ = host.wait();
}

#[test]
fn a_game_folder_in_use_is_not_overwritten() {
    let work = tempfile::tempdir().unwrap();
    std::fs::create_dir(work.path().join("ttrts_Chess")).unwrap();
    std::fs::write(work.path().join("ttrts_Chess/Turn_0.txt"), "x").unwrap();
    let run = orderly()
        .args(["ttrts", "Chess", "--games-dir"])
        .arg(work.path())
        .assert()
        .failure();
    let stderr = String::from_utf8_lossy(&run.get_output().stderr).into_owned();
    assert!(stderr.contains("--force"), "{stderr}");
}

#[test]
fn a_bad_map_is_reported_with_file_line_and_column() {
    let work = tempfile::tempdir().unwrap();
    let map = work.path().join("bad.txt");
    std::fs::write(&map, "==== ttrts v0.4.0 ====\nNAME:B\nSIZE:[4,4]\nTURN:0\nWALL:NONE\n~~~~\nUNIT:1 pl:9 vs:^ dr:N ps:[0,0]\nEND").unwrap();
    let run = orderly().arg("ttrts").arg(&map).assert().failure();
    let stderr = String::from_utf8_lossy(&run.get_output().stderr).into_owned();
    assert!(
        stderr.contains("bad.txt:7:11: player 9 does not exist"),
        "{stderr}"
    );
}

#[test]
fn the_demo_plays_to_the_end() {
    let run = orderly()
        .args(["ttrts", "demo", "--seed", "4"])
        .assert()
        .success();
    let stdout = String::from_utf8_lossy(&run.get_output().stdout).into_owned();
    assert!(stdout.contains("--- turn 0 ---"));
    assert!(
        stdout.contains("game over") || stdout.contains("stopped after"),
        "{stdout}"
    );
}

#[test]
fn a_tournament_reports_wins_and_speed() {
    let run = orderly()
        .args([
            "tournament",
            "ttrts",
            "--map",
            "Tiny2Player",
            "--bots",
            "greedy,random",
            "--games",
            "200",
            "--jobs",
            "2",
        ])
        .assert()
        .success();
    let stdout = String::from_utf8_lossy(&run.get_output().stdout).into_owned();
    let wins = |bot: &str| -> u64 {
        let line = stdout
            .lines()
            .find(|l| l.trim_start().starts_with(bot))
            .unwrap();
        line.split_whitespace().nth(1).unwrap().parse().unwrap()
    };
    assert!(wins("greedy") > 2 * wins("random"), "{stdout}");
    assert!(stdout.contains("games/s"));
}

#[test]
fn an_unknown_bot_or_ruleset_is_a_clear_error() {
    let run = orderly()
        .args(["tournament", "ttrts", "--bots", "clever"])
        .assert()
        .failure();
    assert!(String::from_utf8_lossy(&run.get_output().stderr).contains("no bot `clever`"));
    let run = orderly().args(["tournament", "chess"]).assert().failure();
    assert!(String::from_utf8_lossy(&run.get_output().stderr).contains("no ruleset `chess`"));
}

#[test]
fn replay_refuses_an_orders_file_changed_after_the_game_took_it() {
    let work = tempfile::tempdir().unwrap();
    let game = work.path().join("game");
    orderly()
        .args(["demo", "ttrts", "Tiny2Player", "--quiet", "--keep"])
        .arg(&game)
        .assert()
        .success();
    std::fs::write(game.join("Player_1_Turn_1.txt"), "ORDER:L id:2\nEND\n").unwrap();
    let out = orderly()
        .args(["replay"])
        .arg(&game)
        .arg("--out")
        .arg(work.path().join("again"))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("turn 1: Player_1_Turn_1.txt (seat 1)")
            && stderr.contains("record.json")
            && stderr.contains("--ignore-record"),
        "{stderr}"
    );
    orderly()
        .args(["replay", "--ignore-record"])
        .arg(&game)
        .arg("--out")
        .arg(work.path().join("edited"))
        .assert()
        .success();
}

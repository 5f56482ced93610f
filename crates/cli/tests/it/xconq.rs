//! `orderly ... xconq` end to end: where modules come from. The project's
//! own module plays with nothing beside the program (a fresh clone), the
//! Xconq library of the reference corpus plays from the project's root, a
//! module found nowhere is refused with what to do, and a record re-run
//! with other module files is refused.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use assert_cmd::cargo::CommandCargoExt;

/// `orderly` run in `dir`, with no module library from the environment.
fn orderly_in(dir: &Path) -> Command {
    let mut cmd = Command::cargo_bin("orderly").expect("the orderly binary");
    cmd.current_dir(dir).env_remove("ORDERLY_XCONQ_LIB");
    cmd
}

/// The project's root, where `../shared` is looked for at run time.
fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

#[test]
fn the_default_game_plays_to_its_end_with_no_library_beside_it() {
    // A folder with no ../shared: only the modules built into the program.
    let dir = tempfile::tempdir().unwrap();
    let out = orderly_in(dir.path())
        .args([
            "demo", "xconq", "--bots", "greedy", "--seed", "2", "--quiet",
        ])
        .output()
        .expect("runs");
    let stdout = text(&out.stdout);
    assert!(out.status.success(), "{}{stdout}", text(&out.stderr));
    assert!(stdout.contains("Ashlander"), "{stdout}");
    assert!(
        stdout.contains("wins") || stdout.contains("won"),
        "no winner: {stdout}"
    );
}

#[test]
fn a_module_found_nowhere_is_refused_with_what_to_do() {
    let dir = tempfile::tempdir().unwrap();
    let out = orderly_in(dir.path())
        .args(["demo", "xconq", "intro", "--quiet", "--max-turns", "1"])
        .output()
        .expect("runs");
    assert_eq!(out.status.code(), Some(1));
    let err = text(&out.stderr);
    assert!(err.contains("module \"intro\""), "{err}");
    assert!(err.contains("was not found"), "{err}");
    assert!(err.contains("ORDERLY_XCONQ_LIB"), "{err}");
    assert!(err.contains("frontier"), "{err}");
}

#[test]
fn support_fails_for_a_module_that_is_not_there_and_says_a_read_error_once() {
    let dir = tempfile::tempdir().unwrap();
    let lib = dir.path().to_str().unwrap();
    let out = orderly_in(dir.path())
        .args(["xconq", "support", "-L", lib, "frontier", "nosuch"])
        .output()
        .expect("runs");
    let (stdout, err) = (text(&out.stdout), text(&out.stderr));
    assert_eq!(out.status.code(), Some(1), "{stdout}{err}");
    assert!(stdout.contains("frontier: plays\n"), "{stdout}");
    assert!(
        stdout.contains("nosuch: module \"nosuch\" was not found"),
        "{stdout}"
    );
    assert!(
        err.contains("1 of the modules asked for was not found"),
        "{err}"
    );
    let out = orderly_in(dir.path())
        .args(["xconq", "support", "-L", lib, "frontier"])
        .output()
        .expect("runs");
    assert!(out.status.success(), "{}", text(&out.stderr));
    // A folder that is not there: the system's reason, said once.
    let out = orderly_in(dir.path())
        .args(["xconq", "support", "-L", "no-such-folder"])
        .output()
        .expect("runs");
    let err = text(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(err.contains("no-such-folder: "), "{err}");
    assert_eq!(err.matches("os error").count(), 1, "{err}");
}

/// A module of our own, `edge` (Frontier renamed), in `DIR/lib`: its folder
/// and its text.
fn edge_library(dir: &Path) -> (PathBuf, String) {
    let lib = dir.join("lib");
    std::fs::create_dir(&lib).unwrap();
    let main = std::fs::read_to_string(root().join("games/xconq/frontier.g")).unwrap();
    let main = main.replace("(game-module \"frontier\"", "(game-module \"edge\"");
    std::fs::write(lib.join("edge.g"), &main).unwrap();
    (lib, main)
}

#[test]
fn the_record_keeps_its_module_files_and_refuses_other_ones() {
    // A module of our own in a library folder: the game includes the
    // built-in unit types, so only its main file is on disk.
    let dir = tempfile::tempdir().unwrap();
    let (lib, main) = edge_library(dir.path());
    let game = dir.path().join("game");
    let out = orderly_in(dir.path())
        .args(["demo", "xconq", "edge", "--quiet", "--max-turns", "3"])
        .args(["--option", &format!("lib={}", lib.display())])
        .arg("--keep")
        .arg(&game)
        .output()
        .expect("runs");
    assert!(out.status.success(), "{}", text(&out.stderr));
    let record_path = std::fs::read_dir(&game)
        .unwrap()
        .map(|e| e.unwrap().path())
        .find(|p| p.file_name().is_some_and(|n| n == "record.json"))
        .expect("the demo keeps record.json");
    let record: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&record_path).unwrap()).unwrap();
    let sources = record
        .pointer("/setup/options/sources")
        .and_then(|s| s.as_array())
        .unwrap_or_else(|| panic!("no setup.options.sources in {record}"));
    let files: Vec<&str> = sources.iter().filter_map(|s| s["file"].as_str()).collect();
    assert_eq!(files, ["edge.g", "frontier-units.g"]);
    assert!(sources
        .iter()
        .all(|s| s["sha256"].as_str().is_some_and(|h| h.len() == 64)));

    // The same files: the record re-runs.
    let rerun = |dir: &Path| {
        orderly_in(dir)
            .args(["record", "replay", "--verify", "--quiet"])
            .arg(&record_path)
            .output()
            .expect("runs")
    };
    let out = rerun(dir.path());
    assert!(
        out.status.success(),
        "{}{}",
        text(&out.stdout),
        text(&out.stderr)
    );

    // Another edge.g: refused, naming the file.
    std::fs::write(lib.join("edge.g"), main.replace("Cinderholt", "Ashby")).unwrap();
    let out = rerun(dir.path());
    assert!(!out.status.success());
    let said = format!("{}{}", text(&out.stdout), text(&out.stderr));
    assert!(said.contains("edge.g"), "{said}");
    assert!(said.contains("SHA-256"), "{said}");
}

#[test]
fn intro_plays_from_the_corpus_library() {
    let _lib = testkit::require_shared!("corpus/xconq/lib");
    let out = orderly_in(&root())
        .args(["demo", "xconq", "intro", "--quiet", "--max-turns", "5"])
        .output()
        .expect("runs");
    let stdout = text(&out.stdout);
    assert!(out.status.success(), "{}{stdout}", text(&out.stderr));
    assert!(stdout.contains("stopped after 5 turns"), "{stdout}");
}

#[test]
fn play_intro_writes_each_side_and_the_watchers_their_view_files() {
    let _lib = testkit::require_shared!("corpus/xconq/lib");
    let dir = tempfile::tempdir().unwrap();
    let mut host = orderly_in(&root())
        .args(["play", "xconq", "intro", "--games-dir"])
        .arg(dir.path())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("starts");
    // The game folder is named after the ruleset and the game's title.
    let folder = || {
        std::fs::read_dir(dir.path())
            .ok()
            .and_then(|mut d| d.find_map(|e| e.ok()))
            .map(|e| e.path())
            .unwrap_or_else(|| dir.path().join("none"))
    };
    let start = Instant::now();
    let views = || {
        std::fs::read_dir(folder())
            .map(|d| {
                d.filter_map(|e| e.ok())
                    .map(|e| e.file_name().to_string_lossy().into_owned())
                    .filter(|n| n.ends_with("-view.txt"))
                    .collect::<Vec<_>>()
            })
            .unwrap_or_default()
    };
    while views().len() < 3 && start.elapsed() < Duration::from_secs(60) {
        if let Ok(Some(status)) = host.try_wait() {
            let mut err = String::new();
            use std::io::Read;
            host.stderr
                .take()
                .unwrap()
                .read_to_string(&mut err)
                .unwrap();
            panic!("orderly play stopped ({status}): {err}");
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    let _ = host.kill();
    let _ = host.wait();
    let mut names = views();
    names.sort();
    assert_eq!(
        names,
        [
            "all-turn1-view.txt",
            "side1-turn1-view.txt",
            "side2-turn1-view.txt"
        ],
        "in {}",
        folder().display()
    );
    let view = std::fs::read_to_string(folder().join("side1-turn1-view.txt")).unwrap();
    assert!(view.starts_with("xconq view 5\ngame intro\n"), "{view}");
}

#[test]
fn every_command_that_plays_or_replays_a_game_takes_its_library_with_l() {
    // A module of our own, found only through -L: the advice of the
    // module-not-found error holds for each of these commands.
    let dir = tempfile::tempdir().unwrap();
    let (lib, _) = edge_library(dir.path());
    let game = dir.path().join("game");
    let run = |args: &[&str], with_lib: bool| {
        let mut cmd = orderly_in(dir.path());
        cmd.args(args);
        if with_lib {
            cmd.arg("-L").arg(&lib);
        }
        cmd.output().expect("runs")
    };
    let out = run(
        &[
            "demo",
            "xconq",
            "edge",
            "--quiet",
            "--max-turns",
            "2",
            "--keep",
            "game",
        ],
        true,
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    // Where the library was is the machine's business: a copy of the game
    // elsewhere names it again.
    let strip = |file: &Path| {
        let mut v: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(file).unwrap()).unwrap();
        v["setup"]["options"].as_object_mut().unwrap().remove("lib");
        std::fs::write(file, v.to_string()).unwrap();
    };
    strip(&game.join("game.json"));
    strip(&game.join("record.json"));
    for args in [
        &["replay", "game", "--out", "again"][..],
        &[
            "record",
            "replay",
            "--quiet",
            "--verify",
            "game/record.json",
        ],
    ] {
        let out = run(args, false);
        assert!(!out.status.success(), "{args:?} found edge without -L");
        assert!(
            text(&out.stderr).contains("-L DIR"),
            "{}",
            text(&out.stderr)
        );
        let out = run(args, true);
        assert!(out.status.success(), "{args:?}: {}", text(&out.stderr));
    }
    let out = run(&["render", "game/record.json", "--out", "board.svg"], true);
    assert!(out.status.success(), "{}", text(&out.stderr));
}

/// Waits (at most a minute) until `path` exists, failing if `child` ends.
fn wait_for(child: &mut std::process::Child, path: &Path) {
    let start = Instant::now();
    while !path.exists() {
        if let Ok(Some(status)) = child.try_wait() {
            let mut err = String::new();
            use std::io::Read;
            if let Some(mut e) = child.stderr.take() {
                e.read_to_string(&mut err).unwrap();
            }
            panic!(
                "orderly play stopped ({status}) before {}: {err}",
                path.display()
            );
        }
        assert!(
            start.elapsed() < Duration::from_secs(60),
            "no {} within a minute",
            path.display()
        );
        std::thread::sleep(Duration::from_millis(50));
    }
}

#[test]
fn a_stopped_game_by_files_goes_on_with_resume() {
    // Frontier (built in), seed 3: side 1's militia 3 stands at (6, 8).
    let dir = tempfile::tempdir().unwrap();
    let play = |extra: &[&str]| {
        let mut cmd = orderly_in(dir.path());
        cmd.args(["play", "xconq", "--seed", "3", "--games-dir", "."])
            .args(extra);
        cmd
    };
    let mut first = play(&[])
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("starts");
    let folder = dir.path().join("xconq_frontier");
    wait_for(&mut first, &folder.join("side2-turn1-view.txt"));
    let orders = |name: &str, text: &str| std::fs::write(folder.join(name), text).unwrap();
    orders(
        "side1-turn1-orders.txt",
        "xconq orders 1\n3 move 7 8 0\nend\n",
    );
    orders("side2-turn1-orders.txt", "xconq orders 1\nend\n");
    wait_for(&mut first, &folder.join("side2-turn2-view.txt"));
    // Side 1 answers turn 2; then the program stops before side 2 does.
    orders(
        "side1-turn2-orders.txt",
        "xconq orders 1\n3 move 8 8 0\nend\n",
    );
    std::thread::sleep(Duration::from_millis(1500));
    let _ = first.kill();
    let _ = first.wait();

    // The same command again is refused, saying how to go on.
    let out = play(&[]).output().unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(
        text(&out.stderr).contains("pass --resume to go on with it"),
        "{}",
        text(&out.stderr)
    );
    // Another game's arguments are refused too: the folder is left alone.
    let out = play(&["--resume", "--option", "last-turn=50"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(
        text(&out.stderr).contains("holds a game started otherwise"),
        "{}",
        text(&out.stderr)
    );

    let mut again = play(&["--resume"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("starts");
    // Side 1's turn-2 file, written before the stop, is taken now; side 2
    // answers, and the game goes on to turn 3.
    orders("side2-turn2-orders.txt", "xconq orders 1\nend\n");
    wait_for(&mut again, &folder.join("side1-turn3-view.txt"));
    std::thread::sleep(Duration::from_millis(500));
    let _ = again.kill();
    let _ = again.wait();
    let mut said = String::new();
    use std::io::Read;
    again
        .stdout
        .take()
        .unwrap()
        .read_to_string(&mut said)
        .unwrap();
    assert!(
        said.contains("resumed after 1 turn(s) of the record; now turn 2"),
        "{said}"
    );
    // Both moves were played: the militia stands at (8, 8) in turn 3.
    let view = std::fs::read_to_string(folder.join("side1-turn3-view.txt")).unwrap();
    assert!(view.contains("\n3 militia 1 8 8 "), "{view}");
    let record = std::fs::read_to_string(folder.join("record.json")).unwrap();
    let record: serde_json::Value = serde_json::from_str(&record).unwrap();
    let turns = record["turns"].as_array().unwrap();
    assert_eq!(
        turns.iter().filter(|t| t.get("orders").is_some()).count(),
        2
    );
}

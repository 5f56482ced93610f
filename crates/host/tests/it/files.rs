//! Folder seats over real HTTP on loopback: games where a seat is played by
//! files in a folder the server writes and watches, next to built-in bots
//! and HTTP bots; rejected files, restarts, and the folder rules. Every wait
//! is bounded.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use crate::common;

use client::Client;
use common::{create, status, ADMIN};
use engine::Seat;
use host::{Background, Config};
use playfile::Status;
use serde_json::{json, Value};

const LIMIT: Duration = Duration::from_secs(120);

fn start(db: &Path, files_dir: &Path) -> Background {
    Background::start(Config {
        files_dir: Some(files_dir.to_path_buf()),
        ..common::config(db)
    })
    .expect("server starts")
}

/// Waits (bounded) until `f` holds.
fn wait_for<T>(what: &str, f: impl FnMut() -> Option<T>) -> T {
    common::wait_for(what, LIMIT, f)
}

fn read_status(dir: &Path) -> Option<Status> {
    serde_json::from_str(&std::fs::read_to_string(dir.join("status.json")).ok()?).ok()
}

/// What keeps a [`FolderGame`]'s server running and its folders on disk:
/// bind it for the whole test.
struct Keep {
    /// Holds the database and the games directory (removed when dropped).
    tmp: tempfile::TempDir,
    _server: Background,
}

/// A game created from `spec` on a server with a games directory in a
/// fresh temporary folder, whose seat `seat` is played in a folder.
struct FolderGame {
    games: PathBuf,
    c: Client,
    created: Value,
    id: String,
    dir: PathBuf,
}

fn folder_game(spec: Value, seat: usize) -> (Keep, FolderGame) {
    let tmp = tempfile::tempdir().unwrap();
    let games = tmp.path().join("games");
    let server = start(&tmp.path().join("g.db"), &games);
    let mut c = Client::new(&server.url()).unwrap();
    let created = create(&mut c, spec);
    let id = created["id"].as_str().unwrap().to_string();
    let dir = folder(&mut c, &created, seat, &games);
    let keep = Keep {
        tmp,
        _server: server,
    };
    let game = FolderGame {
        games,
        c,
        created,
        id,
        dir,
    };
    (keep, game)
}

/// The folder the server made for `seat`, checked against the status.
fn folder(c: &mut Client, created: &Value, seat: usize, root: &Path) -> PathBuf {
    let id = created["id"].as_str().unwrap();
    let entry = created["folders"]
        .as_array()
        .unwrap()
        .iter()
        .find(|f| f["seat"] == seat)
        .expect("the response names the seat's folder");
    let path = PathBuf::from(entry["path"].as_str().unwrap());
    let st = status(c, id);
    assert_eq!(
        st["seats"][seat]["player"]["files"].as_str(),
        Some(path.to_str().unwrap())
    );
    let root = std::path::absolute(root).unwrap();
    assert!(
        path.starts_with(&root),
        "{} is not under {}",
        path.display(),
        root.display()
    );
    assert!(path.is_dir());
    path
}

/// The bot's answer to the seat's view of this turn, as written in the folder.
fn answer(dir: &Path, ruleset: &str, seat: usize, bot: &str) -> Option<(u64, String, String)> {
    let status = read_status(dir)?;
    let mine = status.awaiting.iter().find(|s| s.seat == Seat(seat))?;
    let view_name = mine.views.first()?;
    let view = std::fs::read_to_string(dir.join(view_name)).ok()?;
    let rules = registry::find(ruleset).unwrap();
    let (file, text) = rules
        .bot_answer(bot, Seat(seat), view_name, &view, status.turn)
        .unwrap();
    assert_eq!(file, mine.orders);
    Some((status.turn, file, text))
}

/// A program playing a seat by files, as `orderly bot RULESET --player P DIR`
/// does: reads status.json and its view, writes its orders file.
fn file_bot(
    dir: PathBuf,
    ruleset: &'static str,
    seat: usize,
    bot: &'static str,
) -> std::thread::JoinHandle<u64> {
    std::thread::spawn(move || {
        let start = Instant::now();
        let mut answered = None;
        let mut sent = 0;
        loop {
            assert!(start.elapsed() < LIMIT, "the file bot gave up");
            if let Some(st) = read_status(&dir) {
                if st.outcome.is_some() {
                    return sent;
                }
                if answered != Some(st.turn) {
                    if let Some((turn, file, text)) = answer(&dir, ruleset, seat, bot) {
                        playfile::atomic_write(&dir.join(file), text.as_bytes()).unwrap();
                        answered = Some(turn);
                        sent += 1;
                    }
                }
            }
            std::thread::sleep(Duration::from_millis(5));
        }
    })
}

/// The record served over HTTP and the one written in the folder are the
/// same, and both re-run to the same game.
fn check_record(c: &mut Client, id: &str, dir: &Path, ruleset: &str) {
    let served = common::record(c, id);
    let in_folder: Value =
        serde_json::from_str(&std::fs::read_to_string(dir.join("record.json")).unwrap()).unwrap();
    assert_eq!(served, in_folder);
    let parsed = common::assert_reruns(in_folder, ruleset);
    assert!(!parsed.turns.is_empty());
}

#[test]
fn a_folder_seat_plays_a_whole_ttrts_game_against_a_server_bot() {
    let (
        _keep,
        FolderGame {
            games,
            mut c,
            created,
            id,
            dir,
        },
    ) = folder_game(
        json!({"ruleset": "ttrts", "map": "Tiny2Player", "seats": ["files", "greedy"], "seed": 7}),
        0,
    );
    assert_eq!(created["tokens"], json!([]), "a folder seat has no token");
    assert_eq!(
        dir,
        std::path::absolute(&games)
            .unwrap()
            .join(&id)
            .join("seat-0")
    );
    let sent = file_bot(dir.clone(), "ttrts", 0, "greedy").join().unwrap();
    assert!(sent > 0);
    let st = status(&mut c, &id);
    assert_eq!(st["finished"], true);
    assert!(st["outcome"].is_object());
    // The folder's last status is the outcome, as in `orderly ttrts`.
    let last = read_status(&dir).unwrap();
    assert!(last.outcome.is_some() && last.awaiting.is_empty());
    check_record(&mut c, &id, &dir, "ttrts");
}

/// TaE (hidden hands) and Full Thrust: one seat by files, the other by an
/// HTTP bot; the folder holds its own seat's view and no other hand.
#[test]
fn folder_seats_play_tae_and_fullthrust_against_http_bots() {
    for (ruleset, bot) in [("tae", "greedy"), ("fullthrust", "closer")] {
        let tmp = tempfile::tempdir().unwrap();
        let games = tmp.path().join("games");
        let server = start(&tmp.path().join("g.db"), &games);
        let url = server.url();
        let mut c = Client::new(&url).unwrap();
        let created = create(
            &mut c,
            json!({"ruleset": ruleset, "seats": [{"kind": "human"}, {"kind": "files"}], "seed": 5}),
        );
        let id = created["id"].as_str().unwrap().to_string();
        let dir = folder(&mut c, &created, 1, &games);
        let token = created["tokens"][0]["token"].as_str().unwrap().to_string();
        let http = {
            let (url, id) = (url.clone(), id.clone());
            std::thread::spawn(move || client::bot::play(&url, &id, &token, bot, LIMIT))
        };
        let sent = file_bot(dir.clone(), ruleset, 1, bot).join().unwrap();
        let played = http
            .join()
            .unwrap()
            .unwrap_or_else(|e| panic!("{ruleset}: {e}"));
        assert!(sent > 0 && played.orders_sent > 0, "{ruleset}");
        assert_eq!(status(&mut c, &id)["finished"], true, "{ruleset}");
        // Seat 1's folder holds its own view files and none of seat 0's.
        let (mine, other) = match ruleset {
            "tae" => ("View_1_", "View_0_"),
            _ => ("_Fleet_1.", "_Fleet_0."),
        };
        let names: Vec<String> = std::fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().into_string().unwrap())
            .collect();
        assert!(
            names.iter().any(|n| n.contains(mine)),
            "{ruleset}: {names:?}"
        );
        assert!(
            !names.iter().any(|n| n.contains(other)),
            "{ruleset}: {names:?}"
        );
        check_record(&mut c, &id, &dir, ruleset);
    }
}

#[test]
fn a_rejected_orders_file_gets_its_errors_and_a_corrected_one_is_taken() {
    let (keep, FolderGame { mut c, id, dir, .. }) = folder_game(
        json!({"ruleset": "ttrts", "map": "Tiny2Player", "seats": ["files", "greedy"], "seed": 3}),
        0,
    );
    let (turn, file, good) = wait_for("the first view", || answer(&dir, "ttrts", 0, "greedy"));
    let errors = dir.join(playfile::beside(&file, "errors"));
    // A link is not followed, even to good orders: the folder is the seat's
    // only door.
    #[cfg(unix)]
    {
        let outside = keep.tmp.path().join("outside.txt");
        std::fs::write(&outside, &good).unwrap();
        std::os::unix::fs::symlink(&outside, dir.join(&file)).unwrap();
        let text = wait_for("the errors file", || std::fs::read_to_string(&errors).ok());
        assert!(text.contains("not a regular file"), "{text}");
        assert_eq!(status(&mut c, &id)["step"], 0);
        std::fs::remove_file(dir.join(&file)).unwrap();
        std::fs::remove_file(&errors).unwrap();
    }
    // Not complete yet (no END line): nothing happens.
    std::fs::write(dir.join(&file), "MOVE unit 0 north\n").unwrap();
    std::thread::sleep(Duration::from_millis(300));
    assert!(!errors.exists());
    // Complete and wrong: rejected, nothing applied, the game waits.
    std::fs::write(dir.join(&file), "MOVE unit 0 north\nEND\n").unwrap();
    let text = wait_for("the errors file", || std::fs::read_to_string(&errors).ok());
    assert!(text.contains(&format!("{file}:1:1: ")), "{text}");
    let st = status(&mut c, &id);
    assert_eq!(st["step"], 0);
    assert_eq!(st["missing"], json!([0]));
    // A corrected file is taken, the turn resolves, the errors file goes.
    playfile::atomic_write(&dir.join(&file), good.as_bytes()).unwrap();
    wait_for("the turn to resolve", || {
        (status(&mut c, &id)["step"] != 0).then_some(())
    });
    wait_for("the errors file to go", || (!errors.exists()).then_some(()));
    let next = wait_for("the next turn's view", || {
        read_status(&dir).filter(|s| s.turn > turn)
    });
    // Accepted with notes (an unknown command makes a unit wait): a
    // `.notes.txt` beside it.
    let file = &next.awaiting[0].orders;
    std::fs::write(dir.join(file), "ORDER:X id:0\nEND\n").unwrap();
    let notes = wait_for("the notes file", || {
        std::fs::read_to_string(dir.join(playfile::beside(file, "notes"))).ok()
    });
    assert!(notes.contains(&format!("{file}:1:")), "{notes}");
    wait_for("the turn to resolve", || {
        (status(&mut c, &id)["step"] == 2).then_some(())
    });
}

#[test]
fn a_folder_seat_resumes_after_a_restart() {
    let tmp = tempfile::tempdir().unwrap();
    let games = tmp.path().join("games");
    let db = tmp.path().join("g.db");
    let server = start(&db, &games);
    let mut c = Client::new(&server.url()).unwrap();
    let created = create(
        &mut c,
        json!({"ruleset": "ttrts", "map": "Tiny2Player", "seats": ["files", "greedy"], "seed": 9}),
    );
    let id = created["id"].as_str().unwrap().to_string();
    let dir = folder(&mut c, &created, 0, &games);
    // One turn played by file.
    let (turn, file, text) = wait_for("the first view", || answer(&dir, "ttrts", 0, "greedy"));
    playfile::atomic_write(&dir.join(&file), text.as_bytes()).unwrap();
    let next = wait_for("the next turn's view", || {
        read_status(&dir).filter(|s| s.turn > turn)
    });
    // The server stops; meanwhile the player writes the next orders and
    // the view files are lost.
    server.stop().unwrap();
    let (_, file, text) = answer(&dir, "ttrts", 0, "greedy").unwrap();
    // One turn was resolved before the stop.
    let step_before = 1;
    for f in &next.awaiting[0].views {
        std::fs::remove_file(dir.join(f)).unwrap();
    }
    std::fs::remove_file(dir.join("status.json")).unwrap();
    playfile::atomic_write(&dir.join(&file), text.as_bytes()).unwrap();
    let server = start(&db, &games);
    let mut c = Client::new(&server.url()).unwrap();
    // The waiting file is taken and the views come back.
    wait_for("the file written while down to be taken", || {
        (status(&mut c, &id)["step"].as_u64().unwrap() > step_before).then_some(())
    });
    wait_for("the views to be written again", || {
        read_status(&dir).filter(|s| s.turn > next.turn).map(|_| ())
    });
    // And the game plays on to the end.
    file_bot(dir.clone(), "ttrts", 0, "greedy").join().unwrap();
    assert_eq!(status(&mut c, &id)["finished"], true);
    check_record(&mut c, &id, &dir, "ttrts");
}

/// Folder paths come from the server alone; a seat asking for a path, an
/// unknown seat kind, or a server without a games directory is a 400.
#[test]
fn seat_requests_are_checked() {
    let tmp = tempfile::tempdir().unwrap();
    let games = tmp.path().join("games");
    let server = start(&tmp.path().join("g.db"), &games);
    let mut c = Client::new(&server.url()).unwrap();
    for seats in [
        json!([{"kind": "files", "path": "/tmp/evil"}, "greedy"]),
        json!([{"kind": "files", "folder": "../x"}, "greedy"]),
        json!([{"kind": "robot"}, "greedy"]),
        json!([{"kind": "bot"}, "greedy"]),
        json!([17, "greedy"]),
        json!(["no-such-bot", "greedy"]),
    ] {
        let r = c
            .post_json(
                "/api/games",
                Some(ADMIN),
                &json!({"ruleset": "ttrts", "map": "Tiny2Player", "seats": seats}),
            )
            .unwrap();
        assert_eq!(
            r.status,
            400,
            "{seats}: {}",
            String::from_utf8_lossy(&r.body)
        );
    }
    assert!(!tmp.path().join("evil").exists());
    assert!(!games.exists() || std::fs::read_dir(&games).unwrap().next().is_none());
    assert_eq!(c.get("/api/games", None).unwrap().json(), json!([]));
    // The object forms of the other seat kinds work too.
    let created = create(
        &mut c,
        json!({"ruleset": "ttrts", "map": "Tiny2Player", "seats": [{"kind": "human"}, {"kind": "bot", "bot": "greedy"}]}),
    );
    assert_eq!(created["folders"], json!([]));
    let doc = c.get("/api/openapi.json", None).unwrap().json();
    assert!(doc["components"]["schemas"]["Seat"]["oneOf"].is_array());
    assert_eq!(
        created["status"]["seats"][1]["player"],
        json!({"bot": "greedy"})
    );
}

/// One game mixing every kind of seat: over HTTP, by files, and the
/// server's own bot.
#[test]
fn one_game_mixes_http_files_and_server_bot_seats() {
    let tmp = tempfile::tempdir().unwrap();
    let games = tmp.path().join("games");
    let server = start(&tmp.path().join("g.db"), &games);
    let url = server.url();
    let mut c = Client::new(&url).unwrap();
    let created = create(
        &mut c,
        json!({"ruleset": "ttrts", "map": "Medium3Player", "seats": ["human", "files", "greedy"], "seed": 12}),
    );
    let id = created["id"].as_str().unwrap().to_string();
    let dir = folder(&mut c, &created, 1, &games);
    let token = created["tokens"][0]["token"].as_str().unwrap().to_string();
    assert_eq!(created["tokens"].as_array().unwrap().len(), 1);
    let http = {
        let (url, id) = (url.clone(), id.clone());
        std::thread::spawn(move || client::bot::play(&url, &id, &token, "greedy", LIMIT))
    };
    let files = file_bot(dir.clone(), "ttrts", 1, "greedy");
    http.join().unwrap().expect("the HTTP bot finishes");
    files.join().unwrap();
    let st = status(&mut c, &id);
    assert_eq!(st["finished"], true);
    assert_eq!(st["seats"][0]["player"], "human");
    assert_eq!(st["seats"][2]["player"], json!({"bot": "greedy"}));
    check_record(&mut c, &id, &dir, "ttrts");
}

/// A games directory that cannot be made: creating a game with a folder
/// seat fails with a clear error, and nothing is kept.
#[test]
fn an_unusable_games_directory_is_a_clear_error() {
    let tmp = tempfile::tempdir().unwrap();
    let blocker = tmp.path().join("a-file");
    std::fs::write(&blocker, "not a folder").unwrap();
    let server = start(&tmp.path().join("g.db"), &blocker.join("games"));
    let mut c = Client::new(&server.url()).unwrap();
    let r = c
        .post_json(
            "/api/games",
            Some(ADMIN),
            &json!({"ruleset": "ttrts", "map": "Tiny2Player", "seats": ["files", "greedy"]}),
        )
        .unwrap();
    assert!(r.status >= 500, "{}", r.status);
    let body = r.json();
    assert!(
        body["error"].as_str().unwrap().contains("cannot create"),
        "{body}"
    );
    assert_eq!(c.get("/api/games", None).unwrap().json(), json!([]));
    // Games without folder seats are not affected.
    create(
        &mut c,
        json!({"ruleset": "ttrts", "map": "Tiny2Player", "seats": ["human", "greedy"]}),
    );
}

/// A folder seat that sends nothing by the deadline gets the default orders
/// like any seat; its folder then shows the next turn, and a late file for
/// the old turn is left alone.
#[test]
fn a_silent_folder_seat_is_defaulted_at_the_deadline() {
    let (_keep, FolderGame { mut c, id, dir, .. }) = folder_game(
        json!({"ruleset": "ttrts", "map": "Tiny2Player", "seats": ["files", "greedy"], "seed": 1,
               "deadline": {"policy": "fixed", "seconds": 1}}),
        0,
    );
    let (turn, late_file, late) = wait_for("the first view", || answer(&dir, "ttrts", 0, "greedy"));
    let next = wait_for("the deadline's turn", || {
        read_status(&dir).filter(|s| s.turn > turn)
    });
    let step = status(&mut c, &id)["step"].as_u64().unwrap();
    assert!(step >= 1);
    playfile::atomic_write(&dir.join(&late_file), late.as_bytes()).unwrap();
    std::thread::sleep(Duration::from_millis(300));
    assert!(!dir.join(playfile::beside(&late_file, "errors")).exists());
    assert!(!dir.join(playfile::beside(&late_file, "notes")).exists());
    assert_ne!(next.awaiting[0].orders, late_file);
}

/// An orders file far too large is refused with its errors file, unread;
/// and a game that stops at its turn limit tells the folder so: nothing
/// awaited in status.json, the outcome given, record.json written.
#[test]
fn an_oversized_file_is_refused_and_the_turn_limit_reaches_the_folder() {
    let (_keep, FolderGame { mut c, id, dir, .. }) = folder_game(
        json!({"ruleset": "ttrts", "map": "Tiny2Player", "seats": ["files", "random"],
               "seed": 3, "max_turns": 1}),
        0,
    );
    let (_, file, good) = wait_for("the first view", || answer(&dir, "ttrts", 0, "greedy"));
    let errors = dir.join(playfile::beside(&file, "errors"));
    let mut huge = "# padding\n".repeat(500_000);
    huge.push_str("END\n");
    playfile::atomic_write(&dir.join(&file), huge.as_bytes()).unwrap();
    let text = wait_for("the errors file", || std::fs::read_to_string(&errors).ok());
    assert!(text.contains("larger than"), "{text}");
    assert_eq!(status(&mut c, &id)["step"], 0);
    playfile::atomic_write(&dir.join(&file), good.as_bytes()).unwrap();
    let st = wait_for("the end", || {
        let s = read_status(&dir)?;
        s.outcome.is_some().then_some(s)
    });
    assert!(st.awaiting.is_empty(), "{st:?}");
    assert!(st.outcome.unwrap().reason.contains("turn limit of 1"));
    wait_for("record.json", || {
        dir.join("record.json").exists().then_some(())
    });
    assert_eq!(status(&mut c, &id)["finished"], true);
}

//! The crash test: `orderly serve` is killed with SIGKILL at random moments
//! (at least 20 times) while two seats play ttrts through the API, and
//! restarted each time on the same database. Every game must end with a
//! record identical to an uninterrupted run with the same seed and orders
//! (timestamps aside: they are wall-clock times), and no acknowledged order
//! may be lost. Every wait is bounded. Run on SQLite, and on PostgreSQL when
//! `ORDERLY_TEST_POSTGRES` names a test database (an ignored test otherwise:
//! `eval "$(scripts/postgres-up)"` sets it, `cargo test -- --ignored` runs it).

use std::collections::HashSet;
use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use client::Client;
use engine::Seat;
use serde_json::{json, Value};

const ADMIN: &str = "crash-admin";
const KILLS: usize = 20;

/// One `orderly serve` process, restarted after each kill.
struct Server {
    /// `--db`: `sqlite:PATH` or `postgres://...`.
    db: String,
    child: Option<Child>,
    url: String,
    /// Where to send each new process's pid for the killer (None: no kills).
    killer: Option<mpsc::Sender<u32>>,
    restarts: usize,
}

impl Server {
    fn start(db: &str, killer: Option<mpsc::Sender<u32>>) -> Server {
        let mut s = Server {
            db: db.to_string(),
            child: None,
            url: String::new(),
            killer,
            restarts: 0,
        };
        s.spawn();
        s
    }

    fn spawn(&mut self) {
        let mut child = Command::new(env!("CARGO_BIN_EXE_orderly"))
            .args([
                "serve",
                "--bind",
                "127.0.0.1:0",
                "--admin-token",
                ADMIN,
                "--db",
            ])
            .arg(&self.db)
            .env("RUST_LOG", "warn")
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("orderly serve starts");
        let stdout = child.stdout.take().unwrap();
        let (tx, rx) = mpsc::channel();
        std::thread::spawn(move || {
            let mut line = String::new();
            let _ = BufReader::new(stdout).read_line(&mut line);
            let _ = tx.send(line);
        });
        let line = rx
            .recv_timeout(Duration::from_secs(30))
            .expect("the server says where it listens");
        self.url = line
            .trim()
            .strip_prefix("listening on ")
            .unwrap_or_else(|| panic!("unexpected first line {line:?}"))
            .to_string();
        if let Some(k) = &self.killer {
            if k.send(child.id()).is_err() {
                self.killer = None;
            }
        }
        self.child = Some(child);
    }

    /// After a failed request: waits for the process to be gone (it was
    /// killed) and starts it again.
    fn restart(&mut self) {
        let mut child = self.child.take().unwrap();
        let deadline = Instant::now() + Duration::from_secs(10);
        loop {
            match child.try_wait().unwrap() {
                Some(_) => break,
                None if Instant::now() > deadline => {
                    // Not killed: the failure was something else. Stop it.
                    let _ = child.kill();
                    let _ = child.wait();
                    break;
                }
                None => std::thread::sleep(Duration::from_millis(5)),
            }
        }
        self.restarts += 1;
        self.spawn();
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        if let Some(mut c) = self.child.take() {
            let _ = c.kill();
            let _ = c.wait();
        }
    }
}

/// The killer: for each new server process, waits a random moment (0-60 ms
/// after it is ready) and kills it with SIGKILL; stops after `KILLS`.
fn killer() -> (mpsc::Sender<u32>, std::thread::JoinHandle<usize>) {
    let (tx, rx) = mpsc::channel::<u32>();
    let handle = std::thread::spawn(move || {
        let mut x = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap()
            .as_nanos() as u64
            | 1;
        let mut kills = 0;
        while kills < KILLS {
            let Ok(pid) = rx.recv_timeout(Duration::from_secs(120)) else {
                break;
            };
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            std::thread::sleep(Duration::from_millis(x % 60));
            let ok = Command::new("kill")
                .args(["-9", &pid.to_string()])
                .stderr(Stdio::null())
                .status()
                .is_ok_and(|s| s.success());
            if ok {
                kills += 1;
            }
        }
        kills
    });
    (tx, handle)
}

/// Removes wall-clock timestamps, which differ between any two runs.
fn strip_times(v: &mut Value) {
    match v {
        Value::Object(m) => {
            for k in ["created", "started", "ended"] {
                m.remove(k);
            }
            m.values_mut().for_each(strip_times);
        }
        Value::Array(a) => a.iter_mut().for_each(strip_times),
        _ => {}
    }
}

/// Retries `f` across kills: on an I/O error, restart the server.
fn retry<T>(
    server: &mut Server,
    started: Instant,
    mut f: impl FnMut(&mut Client) -> std::io::Result<T>,
) -> T {
    loop {
        assert!(
            started.elapsed() < Duration::from_secs(240),
            "the crash test takes too long"
        );
        let mut c = Client::new(&server.url).unwrap();
        match f(&mut c) {
            Ok(t) => return t,
            Err(_) => server.restart(),
        }
    }
}

/// Plays one game (orders chosen by the greedy bot from each seat's view,
/// so the same in every run) and returns its final record.
fn play(server: &mut Server, seed: u64, started: Instant) -> Value {
    let rules = registry::find("ttrts").unwrap();
    let created = retry(server, started, |c| {
        let r = c.post_json(
            "/api/games",
            Some(ADMIN),
            &json!({"ruleset": "ttrts", "map": "Tiny2Player", "seats": ["human", "human"], "seed": seed}),
        )?;
        assert_eq!(r.status, 201);
        Ok(r.json())
    });
    let id = created["id"].as_str().unwrap().to_string();
    let tokens: Vec<String> = (0..2)
        .map(|i| created["tokens"][i]["token"].as_str().unwrap().to_string())
        .collect();
    // Orders acknowledged (202) for the current step: must survive a kill.
    let mut acked: HashSet<(u64, usize)> = HashSet::new();
    let mut restarts_seen = server.restarts;
    loop {
        let st = retry(server, started, |c| {
            Ok(c.get(&format!("/api/games/{id}"), None)?.json())
        });
        let step = st["step"].as_u64().unwrap();
        let missing: Vec<usize> = st["missing"]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| s.as_u64().unwrap() as usize)
            .collect();
        if server.restarts != restarts_seen {
            restarts_seen = server.restarts;
            for &(s, seat) in &acked {
                assert!(
                    s != step || !missing.contains(&seat),
                    "seat {seat}'s acknowledged orders for step {step} were lost"
                );
            }
        }
        if st["finished"] == true {
            break;
        }
        assert!(step < 1000, "the game does not end");
        for seat in missing {
            let token = tokens[seat].clone();
            let status = retry(server, started, |c| {
                let v = c
                    .get(&format!("/api/games/{id}/view?format=files"), Some(&token))?
                    .json();
                if v["step"].as_u64() != Some(step) {
                    return Ok(409);
                }
                let file = &v["files"][0];
                let (_, text) = rules
                    .bot_answer(
                        "greedy",
                        Seat(seat),
                        file["name"].as_str().unwrap(),
                        file["contents"].as_str().unwrap(),
                        step,
                    )
                    .unwrap();
                let turn = v["turn"].as_u64().unwrap();
                let r = c.post(
                    &format!("/api/games/{id}/orders?turn={turn}"),
                    Some(&token),
                    "text/plain",
                    text.as_bytes(),
                )?;
                Ok(r.status)
            });
            assert!(status == 202 || status == 409, "orders answered {status}");
            if status == 202 {
                acked.insert((step, seat));
            }
        }
    }
    let mut record = retry(server, started, |c| {
        Ok(c.get(&format!("/api/games/{id}/record"), None)?.json())
    });
    strip_times(&mut record);
    eprintln!(
        "seed {seed}: {} turns, {} orders acknowledged, {} restarts so far",
        record["turns"].as_array().map_or(0, Vec::len),
        acked.len(),
        server.restarts
    );
    record
}

#[test]
fn killed_servers_lose_nothing_and_finish_with_the_same_record() {
    let dir = tempfile::tempdir().unwrap();
    let db = |name: &str| format!("sqlite:{}", dir.path().join(name).display());
    crash_test(&db("reference.db"), &db("crash.db"));
}

#[cfg(feature = "postgres")]
#[test]
#[ignore = "needs PostgreSQL: eval \"$(scripts/postgres-up)\" sets ORDERLY_TEST_POSTGRES, then cargo test -- --include-ignored"]
fn killed_servers_on_postgres_lose_nothing_and_finish_with_the_same_record() {
    let url = std::env::var("ORDERLY_TEST_POSTGRES")
        .ok()
        .filter(|url| !url.is_empty())
        .expect(
            "ORDERLY_TEST_POSTGRES names a test database (eval \"$(scripts/postgres-up)\" sets it)",
        );
    let schema = |prefix: &str| {
        host::postgres::fresh_schema(&url, prefix)
            .unwrap_or_else(|e| panic!("ORDERLY_TEST_POSTGRES={url}: {e}"))
    };
    // The reference on SQLite: the record must not depend on the backend.
    let dir = tempfile::tempdir().unwrap();
    let reference = format!("sqlite:{}", dir.path().join("reference.db").display());
    crash_test(&reference, &schema("crash"));
}

/// Plays games on a server killed `KILLS` times (on `crash_db`) and on one
/// left alone (on `reference_db`), and compares every record.
fn crash_test(reference_db: &str, crash_db: &str) {
    let started = Instant::now();
    let mut reference = Server::start(reference_db, None);
    let (tx, kills) = killer();
    let mut crashing = Server::start(crash_db, Some(tx));
    let mut seed = 100;
    let mut games = 0;
    // Games until the killer is done (so every kill hits a game in play).
    while crashing.killer.is_some() || games == 0 {
        let expected = play(&mut reference, seed, started);
        let got = play(&mut crashing, seed, started);
        assert_eq!(got, expected, "game with seed {seed} differs after crashes");
        assert!(got["turns"].as_array().unwrap().len() > 1);
        seed += 1;
        games += 1;
    }
    let kills = kills.join().unwrap();
    eprintln!(
        "{games} games, {kills} kills, {} restarts, {:.1} s",
        crashing.restarts,
        started.elapsed().as_secs_f64()
    );
    assert!(kills >= KILLS, "only {kills} kills");
    assert!(
        crashing.restarts >= KILLS - 1,
        "{} restarts",
        crashing.restarts
    );
    assert_eq!(reference.restarts, 0);
}

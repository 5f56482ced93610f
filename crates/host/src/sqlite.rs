//! The SQLite backend: one file, WAL journal, `synchronous=FULL` so a commit
//! is on disk before it returns.
//!
//! One writer thread owns the write connection and commits in groups: it
//! takes every write queued while the previous commit was being fsynced,
//! applies each inside its own savepoint (one failing write does not undo the
//! others), commits once and then acknowledges them all. Durability per
//! acknowledgement is unchanged, and the cost of an fsync is shared, which is
//! what lets thousands of orders per second through on one disk.
//!
//! The host keeps its games in memory in front of the database, so one file
//! serves one process: an exclusive advisory lock on `PATH.lock` makes a
//! second `orderly serve` on the same file fail at start instead of
//! diverging silently. The kernel drops the lock when the process dies, even
//! by SIGKILL, so a restart after a crash is never blocked.

use std::path::Path;
use std::sync::mpsc;
use std::sync::Mutex;

use rusqlite::{params, Connection, OptionalExtension};
use serde_json::Value;
use tokio::sync::oneshot;

use crate::storage::{
    ready, same_orders, Ack, DecisionRow, GameRow, ListedGame, OrderFormat, OrderRow, Reply,
    Storage, StoreError, StoreErrorKind, StoredGame, StoredPage, TurnRow, Write,
};

/// Most writes committed together; bounds a commit's latency.
const MAX_GROUP: usize = 1024;

const SCHEMA: &str = "
CREATE TABLE IF NOT EXISTS games (
    id TEXT PRIMARY KEY,
    ruleset TEXT NOT NULL,
    meta TEXT NOT NULL,
    step INTEGER NOT NULL,
    step_started_ms INTEGER NOT NULL,
    state TEXT NOT NULL,
    finished INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS orders (
    game TEXT NOT NULL,
    step INTEGER NOT NULL,
    seat INTEGER NOT NULL,
    format TEXT NOT NULL,
    body TEXT NOT NULL,
    at_ms INTEGER NOT NULL,
    PRIMARY KEY (game, step, seat)
);
CREATE TABLE IF NOT EXISTS statuses (
    game TEXT PRIMARY KEY,
    status TEXT NOT NULL
);
-- Start-up reads the games in play only: found here without reading the
-- finished games' rows.
CREATE INDEX IF NOT EXISTS games_playing ON games (finished) WHERE finished = 0;
CREATE TABLE IF NOT EXISTS turns (
    game TEXT NOT NULL,
    step INTEGER NOT NULL,
    turn INTEGER NOT NULL,
    resolved_at TEXT NOT NULL,
    report TEXT NOT NULL,
    record TEXT,
    PRIMARY KEY (game, step)
);
CREATE TABLE IF NOT EXISTS decisions (
    game TEXT NOT NULL,
    step INTEGER NOT NULL,
    seq INTEGER NOT NULL,
    seat INTEGER NOT NULL,
    act TEXT NOT NULL,
    at TEXT NOT NULL,
    PRIMARY KEY (game, step, seq)
);
";

/// Gives the turn rows of a database written before they carried record
/// turns their `record` column (empty in the old rows).
fn upgrade(conn: &Connection) -> Result<(), StoreError> {
    let has: bool = conn
        .query_row(
            "SELECT COUNT(*) > 0 FROM pragma_table_info('turns') WHERE name = 'record'",
            [],
            |r| r.get(0),
        )
        .map_err(db_err)?;
    if !has {
        conn.execute_batch("ALTER TABLE turns ADD COLUMN record TEXT")
            .map_err(db_err)?;
    }
    Ok(())
}

type Job = (Write, oneshot::Sender<Result<(), StoreError>>);

/// Games in one SQLite file.
pub struct SqliteStore {
    queue: Mutex<mpsc::Sender<Job>>,
    reader: Mutex<Connection>,
    /// Held for the store's life: the lock is on this open file.
    _lock: Lock,
}

/// The lock file, held open; removed on a clean stop so no stale file is
/// left (a crash leaves it, harmlessly: the kernel has dropped the lock).
struct Lock {
    _file: std::fs::File,
    path: std::path::PathBuf,
}

impl Drop for Lock {
    fn drop(&mut self) {
        // Still held while it is removed: no other server can have it.
        let _ = std::fs::remove_file(&self.path);
    }
}

/// Takes the exclusive lock on `PATH.lock`, or says who has it.
fn lock_file(path: &Path) -> Result<Lock, StoreError> {
    let mut lock_path = path.as_os_str().to_owned();
    lock_path.push(".lock");
    let lock_path = std::path::PathBuf::from(lock_path);
    let file = std::fs::OpenOptions::new()
        .create(true)
        .truncate(false)
        .write(true)
        .open(&lock_path)
        .map_err(|e| {
            StoreError::new(
                StoreErrorKind::Database,
                format!("cannot open {}: {e}", lock_path.display()),
            )
        })?;
    #[cfg(unix)]
    {
        use std::os::unix::io::AsRawFd;
        // SAFETY: flock on a file descriptor we own; no memory is shared.
        let r = unsafe { libc::flock(file.as_raw_fd(), libc::LOCK_EX | libc::LOCK_NB) };
        if r != 0 {
            return Err(StoreError::new(
                StoreErrorKind::Database,
                format!(
                    "{} is in use by another orderly serve (lock {} is held)",
                    path.display(),
                    lock_path.display()
                ),
            ));
        }
    }
    Ok(Lock {
        _file: file,
        path: lock_path,
    })
}

fn db_err(e: rusqlite::Error) -> StoreError {
    StoreError::new(StoreErrorKind::Database, e.to_string())
}

fn open(path: &Path) -> Result<Connection, StoreError> {
    let conn = Connection::open(path).map_err(db_err)?;
    conn.busy_timeout(std::time::Duration::from_secs(10))
        .map_err(db_err)?;
    // WAL: readers never block the writer; FULL: fsync the WAL on every
    // commit, so an acknowledged write survives a power cut.
    let mode: String = conn
        .query_row("PRAGMA journal_mode=WAL", [], |r| r.get(0))
        .map_err(db_err)?;
    if !mode.eq_ignore_ascii_case("wal") {
        return Err(StoreError::new(
            StoreErrorKind::Database,
            format!("{} cannot use the WAL journal (got {mode})", path.display()),
        ));
    }
    conn.execute_batch("PRAGMA synchronous=FULL;")
        .map_err(db_err)?;
    Ok(conn)
}

impl SqliteStore {
    /// Opens (creating if needed) the database at `path`.
    pub fn open(path: &Path) -> Result<SqliteStore, StoreError> {
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir).map_err(|e| {
                StoreError::new(
                    StoreErrorKind::Database,
                    format!("cannot create {}: {e}", dir.display()),
                )
            })?;
        }
        let lock = lock_file(path)?;
        let writer = open(path)?;
        writer.execute_batch(SCHEMA).map_err(db_err)?;
        upgrade(&writer)?;
        let reader = open(path)?;
        let (tx, rx) = mpsc::channel::<Job>();
        std::thread::Builder::new()
            .name("sqlite-writer".into())
            .spawn(move || writer_loop(writer, rx))
            .map_err(|e| StoreError::new(StoreErrorKind::Database, e.to_string()))?;
        Ok(SqliteStore {
            queue: Mutex::new(tx),
            reader: Mutex::new(reader),
            _lock: lock,
        })
    }
}

fn writer_loop(mut conn: Connection, rx: mpsc::Receiver<Job>) {
    while let Ok(first) = rx.recv() {
        let mut jobs = vec![first];
        while jobs.len() < MAX_GROUP {
            match rx.try_recv() {
                Ok(job) => jobs.push(job),
                Err(_) => break,
            }
        }
        let results = commit_group(&mut conn, &jobs);
        for ((_, reply), result) in jobs.into_iter().zip(results) {
            // The requester may have gone (client hung up); the write stands.
            let _ = reply.send(result);
        }
    }
}

/// Runs a statement without parameters or rows from the connection's cache
/// of prepared statements: the transaction and savepoint statements below
/// run several times per group, and parsing them anew each time was a third
/// of the writer's work under load (BENCHMARKS.md, "Host under load").
fn run_cached(conn: &Connection, sql: &str) -> rusqlite::Result<()> {
    conn.prepare_cached(sql)?.execute([]).map(|_| ())
}

/// Applies the jobs in one transaction, each in a savepoint; the results are
/// only final once the commit succeeded.
fn commit_group(conn: &mut Connection, jobs: &[Job]) -> Vec<Result<(), StoreError>> {
    let all_fail = |e: StoreError| jobs.iter().map(|_| Err(e.clone())).collect();
    if let Err(e) = run_cached(conn, "BEGIN") {
        return all_fail(db_err(e));
    }
    let mut results = Vec::with_capacity(jobs.len());
    for (write, _) in jobs {
        let result = match run_cached(conn, "SAVEPOINT job") {
            Ok(()) => match apply(conn, write) {
                Ok(()) => run_cached(conn, "RELEASE job").map_err(db_err),
                Err(e) => {
                    // Undo this job's writes only; the savepoint must then
                    // be released to leave the transaction as it was.
                    let _ = run_cached(conn, "ROLLBACK TO job");
                    let _ = run_cached(conn, "RELEASE job");
                    Err(e)
                }
            },
            Err(e) => Err(db_err(e)),
        };
        results.push(result);
    }
    if let Err(e) = run_cached(conn, "COMMIT") {
        let _ = run_cached(conn, "ROLLBACK");
        return all_fail(db_err(e));
    }
    results
}

fn apply(tx: &Connection, write: &Write) -> Result<(), StoreError> {
    match write {
        Write::CreateGame { game, orders } => {
            tx.execute(
                "INSERT INTO games (id, ruleset, meta, step, step_started_ms, state, finished)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
                params![
                    game.id,
                    game.ruleset,
                    game.meta.to_string(),
                    game.step as i64,
                    game.step_started_ms as i64,
                    game.state.to_string(),
                    game.finished,
                ],
            )
            .map_err(db_err)?;
            insert_orders(tx, &game.id, game.step, orders)
        }
        Write::PutOrders { game, step, order } => {
            let current = current_step(tx, game)?;
            if current != Some(*step) {
                return Err(StoreError::new(
                    StoreErrorKind::Conflict,
                    format!("game {game} is not at step {step}"),
                ));
            }
            insert_orders(tx, game, *step, std::slice::from_ref(order))
        }
        Write::CommitTurn {
            game,
            turn,
            orders,
            used,
            decided,
            wait: _,
        } => {
            let from = game.step.checked_sub(1).ok_or_else(|| {
                StoreError::new(
                    StoreErrorKind::Conflict,
                    "a resolution ends step 1 or later",
                )
            })?;
            if current_step(tx, &game.id)? != Some(from) {
                return Err(StoreError::new(
                    StoreErrorKind::Conflict,
                    format!("game {} is not at step {from}", game.id),
                ));
            }
            if !same_orders(&step_orders(tx, &game.id, from)?, used) {
                return Err(StoreError::new(
                    StoreErrorKind::Conflict,
                    format!(
                        "game {}: the stored orders of step {from} are not the ones resolved",
                        game.id
                    ),
                ));
            }
            if step_decisions(tx, &game.id, from)?.len() as u64 != *decided {
                return Err(StoreError::new(
                    StoreErrorKind::Conflict,
                    format!(
                        "game {}: decisions were taken at the table during step {from} meanwhile",
                        game.id
                    ),
                ));
            }
            let changed = tx
                .execute(
                    "UPDATE games SET step = ?1, step_started_ms = ?2, state = ?3, finished = ?4
                     WHERE id = ?5 AND step = ?6",
                    params![
                        game.step as i64,
                        game.step_started_ms as i64,
                        game.state.to_string(),
                        game.finished,
                        game.id,
                        from as i64,
                    ],
                )
                .map_err(db_err)?;
            if changed != 1 {
                return Err(StoreError::new(
                    StoreErrorKind::Conflict,
                    format!("game {} is not at step {from}", game.id),
                ));
            }
            tx.execute(
                "INSERT INTO turns (game, step, turn, resolved_at, report, record)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
                params![
                    game.id,
                    turn.step as i64,
                    turn.turn as i64,
                    turn.resolved_at,
                    turn.report.to_string(),
                    turn.record,
                ],
            )
            .map_err(db_err)?;
            insert_orders(tx, &game.id, game.step, orders)
        }
        Write::PutDecision {
            game,
            step,
            decision,
            finished,
        } => {
            if current_step(tx, game)? != Some(*step) {
                return Err(StoreError::new(
                    StoreErrorKind::Conflict,
                    format!("game {game} is not at step {step}"),
                ));
            }
            if step_decisions(tx, game, *step)?.len() as u64 != decision.seq {
                return Err(StoreError::new(
                    StoreErrorKind::Conflict,
                    format!("game {game}: another decision was taken at the table meanwhile"),
                ));
            }
            tx.execute(
                "INSERT INTO decisions (game, step, seq, seat, act, at) VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
                params![
                    game,
                    *step as i64,
                    decision.seq as i64,
                    decision.seat as i64,
                    decision.act,
                    decision.at
                ],
            )
            .map_err(db_err)?;
            if *finished {
                tx.execute("UPDATE games SET finished = 1 WHERE id = ?1", [game])
                    .map_err(db_err)?;
            }
            Ok(())
        }
        Write::Status { game, status } => {
            tx.prepare_cached(
                "INSERT INTO statuses (game, status) VALUES (?1, ?2)
                 ON CONFLICT (game) DO UPDATE SET status = excluded.status",
            )
            .and_then(|mut stmt| stmt.execute(params![game, status.to_string()]))
            .map_err(db_err)?;
            Ok(())
        }
    }
}

fn current_step(tx: &Connection, game: &str) -> Result<Option<u64>, StoreError> {
    tx.prepare_cached("SELECT step FROM games WHERE id = ?1")
        .and_then(|mut stmt| stmt.query_row([game], |r| r.get::<_, i64>(0)))
        .optional()
        .map(|s| s.map(|s| s as u64))
        .map_err(db_err)
}

/// The stored orders of a game's step, by seat.
fn step_orders(conn: &Connection, game: &str, step: u64) -> Result<Vec<OrderRow>, StoreError> {
    let mut stmt = conn
        .prepare_cached(
            "SELECT seat, format, body, at_ms FROM orders WHERE game = ?1 AND step = ?2 ORDER BY seat",
        )
        .map_err(db_err)?;
    let rows = stmt
        .query_map(params![game, step as i64], |r| {
            Ok((
                r.get::<_, i64>(0)?,
                r.get::<_, String>(1)?,
                r.get::<_, String>(2)?,
                r.get::<_, i64>(3)?,
            ))
        })
        .map_err(db_err)?
        .collect::<Result<Vec<_>, _>>()
        .map_err(db_err)?;
    rows.into_iter()
        .map(|(seat, format, body, at)| {
            Ok(OrderRow {
                seat: seat as usize,
                format: OrderFormat::parse(&format).ok_or_else(|| {
                    StoreError::new(
                        StoreErrorKind::Database,
                        format!("unknown order format {format:?}"),
                    )
                })?,
                body,
                at_ms: at as u64,
            })
        })
        .collect()
}

/// The decisions taken at the table during a game's step, by `seq`.
fn step_decisions(
    conn: &Connection,
    game: &str,
    step: u64,
) -> Result<Vec<DecisionRow>, StoreError> {
    let mut stmt = conn
        .prepare_cached(
            "SELECT seq, seat, act, at FROM decisions WHERE game = ?1 AND step = ?2 ORDER BY seq",
        )
        .map_err(db_err)?;
    let rows = stmt
        .query_map(params![game, step as i64], |r| {
            Ok(DecisionRow {
                seq: r.get::<_, i64>(0)? as u64,
                seat: r.get::<_, i64>(1)? as usize,
                act: r.get(2)?,
                at: r.get(3)?,
            })
        })
        .map_err(db_err)?
        .collect::<Result<Vec<_>, _>>()
        .map_err(db_err);
    rows
}

fn insert_orders(
    tx: &Connection,
    game: &str,
    step: u64,
    orders: &[OrderRow],
) -> Result<(), StoreError> {
    let mut stmt = tx
        .prepare_cached(
            "INSERT OR REPLACE INTO orders (game, step, seat, format, body, at_ms)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
        )
        .map_err(db_err)?;
    for o in orders {
        stmt.execute(params![
            game,
            step as i64,
            o.seat as i64,
            o.format.as_str(),
            o.body,
            o.at_ms as i64
        ])
        .map_err(db_err)?;
    }
    Ok(())
}

/// Every unfinished game (or the one named, finished or not) with its
/// current step's orders.
fn load_games(conn: &Connection, only: Option<&str>) -> Result<Vec<StoredGame>, StoreError> {
    const COLUMNS: &str =
        "SELECT id, ruleset, meta, step, step_started_ms, state, finished FROM games";
    let sql = match only {
        Some(_) => format!("{COLUMNS} WHERE id = ?1"),
        // `finished = 0` is the partial index `games_playing`.
        None => format!("{COLUMNS} WHERE finished = 0 AND ?1 IS NULL ORDER BY rowid"),
    };
    let mut stmt = conn.prepare_cached(&sql).map_err(db_err)?;
    let rows = stmt
        .query_map([only], |r| {
            Ok((
                r.get::<_, String>(0)?,
                r.get::<_, String>(1)?,
                r.get::<_, String>(2)?,
                r.get::<_, i64>(3)?,
                r.get::<_, i64>(4)?,
                r.get::<_, String>(5)?,
                r.get::<_, bool>(6)?,
            ))
        })
        .map_err(db_err)?
        .collect::<Result<Vec<_>, _>>()
        .map_err(db_err)?;
    let mut games = Vec::with_capacity(rows.len());
    for (id, ruleset, meta, step, started, state, finished) in rows {
        let orders = step_orders(conn, &id, step as u64)?;
        let decisions = step_decisions(conn, &id, step as u64)?;
        let turns = record_turns(conn, &id, step as u64)?;
        games.push(StoredGame {
            game: GameRow {
                id,
                ruleset,
                meta: parse_json(&meta)?,
                step: step as u64,
                step_started_ms: started as u64,
                state: parse_json(&state)?,
                finished,
            },
            orders,
            decisions,
            turns,
        });
    }
    Ok(games)
}

/// The record turns a game's turn rows carry, up to `step`, by step.
fn record_turns(conn: &Connection, game: &str, step: u64) -> Result<Vec<String>, StoreError> {
    let mut stmt = conn
        .prepare_cached(
            "SELECT record FROM turns WHERE game = ?1 AND step <= ?2 AND record IS NOT NULL
             ORDER BY step",
        )
        .map_err(db_err)?;
    let turns = stmt
        .query_map(params![game, step as i64], |r| r.get::<_, String>(0))
        .map_err(db_err)?
        .collect::<Result<Vec<_>, _>>()
        .map_err(db_err);
    turns
}

/// A page of the listing: ids in creation order (rowid) and the stored
/// statuses, reading neither the games' states nor their turns.
fn page(
    conn: &Connection,
    after: Option<&str>,
    limit: usize,
    newest_first: bool,
) -> Result<Option<StoredPage>, rusqlite::Error> {
    let total: i64 = conn
        .prepare_cached("SELECT COUNT(*) FROM games")?
        .query_row([], |r| r.get(0))?;
    let from: i64 = match after {
        None if newest_first => i64::MAX,
        None => 0,
        Some(id) => {
            let rowid = conn
                .prepare_cached("SELECT rowid FROM games WHERE id = ?1")?
                .query_row([id], |r| r.get::<_, i64>(0))
                .optional()?;
            match rowid {
                Some(r) => r,
                None => return Ok(None),
            }
        }
    };
    let sql = if newest_first {
        "SELECT g.id, s.status FROM games g LEFT JOIN statuses s ON s.game = g.id
         WHERE g.rowid < ?1 ORDER BY g.rowid DESC LIMIT ?2"
    } else {
        "SELECT g.id, s.status FROM games g LEFT JOIN statuses s ON s.game = g.id
         WHERE g.rowid > ?1 ORDER BY g.rowid LIMIT ?2"
    };
    let mut games = conn
        .prepare_cached(sql)?
        .query_map(params![from, limit as i64 + 1], |r| {
            Ok(ListedGame {
                id: r.get(0)?,
                status: r
                    .get::<_, Option<String>>(1)?
                    .and_then(|t| serde_json::from_str(&t).ok()),
            })
        })?
        .collect::<Result<Vec<_>, _>>()?;
    let more = games.len() > limit;
    games.truncate(limit);
    Ok(Some(StoredPage {
        games,
        total: total as usize,
        more,
    }))
}

fn parse_json(text: &str) -> Result<Value, StoreError> {
    serde_json::from_str(text).map_err(|e| {
        StoreError::new(
            StoreErrorKind::Database,
            format!("stored JSON is damaged: {e}"),
        )
    })
}

impl Storage for SqliteStore {
    fn write(&self, write: Write) -> Ack {
        let (tx, rx) = oneshot::channel();
        let queue = self.queue.lock().unwrap_or_else(|p| p.into_inner());
        if let Err(mpsc::SendError((_, reply))) = queue.send((write, tx)) {
            let _ = reply.send(Err(StoreError::new(
                StoreErrorKind::Closed,
                "the SQLite writer stopped",
            )));
        }
        rx
    }

    fn load(&self) -> Result<Vec<StoredGame>, StoreError> {
        let conn = self.reader.lock().unwrap_or_else(|p| p.into_inner());
        load_games(&conn, None)
    }

    fn page(
        &self,
        after: Option<&str>,
        limit: usize,
        newest_first: bool,
    ) -> Reply<Option<StoredPage>> {
        let conn = self.reader.lock().unwrap_or_else(|p| p.into_inner());
        ready(page(&conn, after, limit, newest_first).map_err(db_err))
    }

    fn load_game(&self, id: &str) -> Reply<Option<StoredGame>> {
        let conn = self.reader.lock().unwrap_or_else(|p| p.into_inner());
        ready(load_games(&conn, Some(id)).map(|g| g.into_iter().next()))
    }

    fn game_ids(&self) -> Reply<Vec<String>> {
        let conn = self.reader.lock().unwrap_or_else(|p| p.into_inner());
        let ids = (|| {
            let mut stmt = conn.prepare_cached("SELECT id FROM games ORDER BY rowid")?;
            let ids = stmt
                .query_map([], |r| r.get::<_, String>(0))?
                .collect::<Result<Vec<_>, _>>()?;
            Ok(ids)
        })();
        ready(ids.map_err(db_err))
    }

    fn turns(&self, game: &str) -> Result<Vec<TurnRow>, StoreError> {
        let conn = self.reader.lock().unwrap_or_else(|p| p.into_inner());
        let mut stmt = conn
            .prepare(
                "SELECT step, turn, resolved_at, report, record FROM turns WHERE game = ?1 ORDER BY step",
            )
            .map_err(db_err)?;
        let rows = stmt
            .query_map([game], |r| {
                Ok((
                    r.get::<_, i64>(0)?,
                    r.get::<_, i64>(1)?,
                    r.get::<_, String>(2)?,
                    r.get::<_, String>(3)?,
                    r.get::<_, Option<String>>(4)?,
                ))
            })
            .map_err(db_err)?
            .collect::<Result<Vec<_>, _>>()
            .map_err(db_err)?;
        rows.into_iter()
            .map(|(step, turn, resolved_at, report, record)| {
                Ok(TurnRow {
                    step: step as u64,
                    turn: turn as u64,
                    resolved_at,
                    report: parse_json(&report)?,
                    record,
                })
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(seat: usize, body: &str) -> OrderRow {
        OrderRow {
            seat,
            format: OrderFormat::Json,
            body: body.to_string(),
            at_ms: 1,
        }
    }

    fn put(step: u64, order: OrderRow) -> Job {
        let (tx, _rx) = oneshot::channel();
        (
            Write::PutOrders {
                game: "g".into(),
                step,
                order,
            },
            tx,
        )
    }

    /// A failing write in a group undoes only itself: the writes before and
    /// after it in the same transaction stay, and the group can run again.
    #[test]
    fn a_failed_job_leaves_the_rest_of_its_group() {
        let dir = tempfile::tempdir().unwrap();
        let mut conn = open(&dir.path().join("t.db")).unwrap();
        conn.execute_batch(SCHEMA).unwrap();
        upgrade(&conn).unwrap();
        let game = GameRow {
            id: "g".into(),
            ruleset: "toy".into(),
            meta: serde_json::json!({}),
            step: 0,
            step_started_ms: 0,
            state: serde_json::json!({}),
            finished: false,
        };
        let (tx, _rx) = oneshot::channel();
        let create = (
            Write::CreateGame {
                game,
                orders: vec![],
            },
            tx,
        );
        let jobs = [create, put(7, row(0, "stale")), put(0, row(1, "kept"))];
        let results = commit_group(&mut conn, &jobs);
        assert!(results[0].is_ok() && results[2].is_ok(), "{results:?}");
        let err = results[1].as_ref().unwrap_err();
        assert_eq!(err.kind, StoreErrorKind::Conflict);
        assert_eq!(step_orders(&conn, "g", 0).unwrap(), vec![row(1, "kept")]);
        // The cached statements are reset: a second group works the same.
        let again = commit_group(&mut conn, &[put(0, row(0, "second"))]);
        assert!(again[0].is_ok(), "{again:?}");
        assert_eq!(step_orders(&conn, "g", 0).unwrap().len(), 2);
    }
}

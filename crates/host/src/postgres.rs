//! The PostgreSQL backend: games in one database that several `orderly
//! serve` processes share. A write is acknowledged only after its `COMMIT`
//! returned (`synchronous_commit` on, PostgreSQL's default, so the commit is
//! flushed to the WAL on disk).
//!
//! The database is the truth; each process's games in memory are a cache:
//!
//! * Orders are one conditional statement: inserted only while the game's row
//!   is at the expected step, under a `FOR SHARE` lock of that row, so they
//!   can never slip in beside a resolution of the same step.
//! * A resolution locks the game's row (`FOR UPDATE`; `FOR UPDATE SKIP
//!   LOCKED` for the scheduler's sweep, which leaves a game another process
//!   is resolving to that process), re-reads its step and the step's orders,
//!   and commits the new match, the turn row and the next step's bot orders
//!   only if they are the ones the resolution was computed from. Otherwise
//!   nothing changes and the host reads the game again and retries, so a
//!   step is resolved once, from exactly the orders that were acknowledged.
//! * A decision at the table (resign, draw offers) takes the same row lock,
//!   lands only while the game is at its step and in its place among the
//!   step's decisions, and a resolution commits only if it applied every
//!   decision stored for the step.
//! * Every commit also sends a notification (`NOTIFY orderly`, delivered
//!   only if it commits); each process listens on a connection of its own
//!   and hears what the others did ([`Notice`]): the host refreshes the game
//!   and tells its live-event listeners.
//!
//! Inside a process, orders queue for a writer connection (`WRITERS`),
//! which takes every order queued while it was committing and stores them
//! in one transaction, the statements pipelined (one round trip and one WAL
//! flush for the lot). Creations are batched the same way; a resolution has a
//! transaction of its own, so a batch never waits on a lock while holding
//! others. The connections live on a runtime of their own, so the store can
//! be used from any thread or runtime.

use std::sync::Arc;

use futures_util::future::join_all;
use serde_json::{json, Value};
use tokio::sync::{broadcast, mpsc, oneshot, Mutex};
use tokio_postgres::error::SqlState;
use tokio_postgres::{AsyncMessage, Client, Config, NoTls};

use crate::storage::{
    same_orders, Ack, DecisionRow, GameRow, ListedGame, Notice, OrderFormat, OrderRow, Reply,
    Storage, StoreError, StoreErrorKind, StoredGame, StoredPage, TurnRow, Write,
};

/// Most orders committed together; bounds a commit's latency.
const MAX_GROUP: usize = 512;
/// Connections writing orders in parallel (each commits its own groups).
/// One: a commit that notifies holds PostgreSQL's notification lock until
/// it is flushed, so parallel writers' commits queue anyway, and one writer
/// makes bigger groups (measured: 7.3 orders per commit and ~100 us of
/// PostgreSQL CPU per order, against 2.9 and ~150 us with four writers).
const WRITERS: usize = 1;
/// The channel the processes notify each other on.
const CHANNEL: &str = "orderly";
/// Largest notification payload PostgreSQL takes, less a margin.
const MAX_PAYLOAD: usize = 7000;

const SCHEMA: &str = "
CREATE TABLE IF NOT EXISTS games (
    seq BIGSERIAL UNIQUE,
    id TEXT PRIMARY KEY,
    ruleset TEXT NOT NULL,
    meta TEXT NOT NULL,
    step BIGINT NOT NULL,
    step_started_ms BIGINT NOT NULL,
    state TEXT NOT NULL,
    finished BOOLEAN NOT NULL
);
CREATE TABLE IF NOT EXISTS orders (
    game TEXT NOT NULL,
    step BIGINT NOT NULL,
    seat BIGINT NOT NULL,
    format TEXT NOT NULL,
    body TEXT NOT NULL,
    at_ms BIGINT NOT NULL,
    PRIMARY KEY (game, step, seat)
);
CREATE TABLE IF NOT EXISTS turns (
    game TEXT NOT NULL,
    step BIGINT NOT NULL,
    turn BIGINT NOT NULL,
    resolved_at TEXT NOT NULL,
    report TEXT NOT NULL,
    record TEXT,
    PRIMARY KEY (game, step)
);
-- Turn rows of databases written before they carried record turns.
ALTER TABLE turns ADD COLUMN IF NOT EXISTS record TEXT;
CREATE TABLE IF NOT EXISTS statuses (
    game TEXT PRIMARY KEY,
    status TEXT NOT NULL
);
-- Start-up reads the games in play only.
CREATE INDEX IF NOT EXISTS games_playing ON games (seq) WHERE NOT finished;
CREATE TABLE IF NOT EXISTS decisions (
    game TEXT NOT NULL,
    step BIGINT NOT NULL,
    seq BIGINT NOT NULL,
    seat BIGINT NOT NULL,
    act TEXT NOT NULL,
    at TEXT NOT NULL,
    PRIMARY KEY (game, step, seq)
);
";

const PUT_ORDER: &str = "
INSERT INTO orders (game, step, seat, format, body, at_ms)
SELECT id, step, $3, $4, $5, $6 FROM games WHERE id = $1 AND step = $2 FOR SHARE
ON CONFLICT (game, step, seat)
DO UPDATE SET format = EXCLUDED.format, body = EXCLUDED.body, at_ms = EXCLUDED.at_ms";

const INSERT_ORDER: &str = "
INSERT INTO orders (game, step, seat, format, body, at_ms) VALUES ($1, $2, $3, $4, $5, $6)
ON CONFLICT (game, step, seat)
DO UPDATE SET format = EXCLUDED.format, body = EXCLUDED.body, at_ms = EXCLUDED.at_ms";

const NOTIFY: &str = "SELECT pg_notify('orderly', p) FROM unnest($1::text[]) AS p";

type Job = (Write, oneshot::Sender<Result<(), StoreError>>);

enum Read {
    All(std::sync::mpsc::Sender<Result<Vec<StoredGame>, StoreError>>),
    Turns(
        String,
        std::sync::mpsc::Sender<Result<Vec<TurnRow>, StoreError>>,
    ),
    Game(
        String,
        oneshot::Sender<Result<Option<StoredGame>, StoreError>>,
    ),
    Ids(oneshot::Sender<Result<Vec<String>, StoreError>>),
    Page(
        Option<String>,
        usize,
        bool,
        oneshot::Sender<Result<Option<StoredPage>, StoreError>>,
    ),
}

/// Games in a PostgreSQL database, shared with other processes.
pub struct PgStore {
    orders: mpsc::UnboundedSender<Job>,
    turns: mpsc::UnboundedSender<Job>,
    reads: mpsc::UnboundedSender<Read>,
    notices: broadcast::Sender<Notice>,
    /// Dropping it stops the store's runtime.
    _stop: std::sync::mpsc::Sender<()>,
}

/// The server's own message says more than the client's summary ("db
/// error"); an I/O error says what failed.
fn describe(e: &tokio_postgres::Error) -> String {
    match (e.as_db_error(), std::error::Error::source(e)) {
        (Some(db), _) => db.message().to_string(),
        (None, Some(source)) => format!("{e}: {source}"),
        (None, None) => e.to_string(),
    }
}

fn db_err(e: tokio_postgres::Error) -> StoreError {
    if e.code() == Some(&SqlState::LOCK_NOT_AVAILABLE) {
        // Another server held the game's row past `lock_timeout`: nothing
        // was written; the host reads the game again and retries.
        return conflict(format!(
            "the game is busy in another server; try again ({})",
            describe(&e)
        ));
    }
    StoreError::new(
        StoreErrorKind::Database,
        format!("PostgreSQL: {}", describe(&e)),
    )
}

fn conflict(message: String) -> StoreError {
    StoreError::new(StoreErrorKind::Conflict, message)
}

/// How long a statement waits for a game row's lock, in ms.
const LOCK_TIMEOUT_MS: u64 = 5_000;
/// How long a session may sit idle inside a transaction, in ms.
const IDLE_IN_TRANSACTION_MS: u64 = 60_000;

/// Checks a `postgres://` URL before anything connects, so a typo gets a
/// clear answer.
fn parse(url: &str) -> Result<Config, StoreError> {
    let mut config = url.parse::<Config>().map_err(|e| {
        StoreError::new(
            StoreErrorKind::Database,
            format!("bad PostgreSQL URL (postgres://USER:PASSWORD@HOST:PORT/DATABASE): {e}"),
        )
    })?;
    if config.get_connect_timeout().is_none() {
        // An unreachable server is an error at start, not a hang.
        config.connect_timeout(std::time::Duration::from_secs(10));
    }
    // A transaction stuck in another server (or a client that stopped
    // mid-transaction) must not stall this server's queue of orders and
    // resolutions behind one game's row: waits for a row lock give up
    // after LOCK_TIMEOUT (a conflict, retried), and a session idle inside
    // a transaction is ended.
    let settings = format!(
        "-c lock_timeout={LOCK_TIMEOUT_MS} -c idle_in_transaction_session_timeout={IDLE_IN_TRANSACTION_MS}"
    );
    let options = match config.get_options() {
        Some(given) if !given.is_empty() => format!("{given} {settings}"),
        _ => settings,
    };
    config.options(&options);
    Ok(config)
}

/// Connects, driving the connection on the current runtime. Notifications
/// go to `notices` when given.
async fn connect(
    config: &Config,
    notices: Option<broadcast::Sender<Notice>>,
    origin: u64,
) -> Result<Client, StoreError> {
    let (client, mut connection) = config.connect(NoTls).await.map_err(|e| {
        StoreError::new(
            StoreErrorKind::Database,
            format!("cannot connect to PostgreSQL: {}", describe(&e)),
        )
    })?;
    tokio::spawn(async move {
        let mut messages = futures_util::stream::poll_fn(move |cx| connection.poll_message(cx));
        use futures_util::StreamExt;
        while let Some(message) = messages.next().await {
            match message {
                Ok(AsyncMessage::Notification(n)) => {
                    let notice = parse_notice(n.payload(), origin);
                    if let (Some(tx), Some(notice)) = (&notices, notice) {
                        let _ = tx.send(notice);
                    }
                }
                Ok(_) => {}
                Err(e) => {
                    tracing::error!("PostgreSQL connection lost: {e}");
                    break;
                }
            }
        }
        if let Some(tx) = &notices {
            let _ = tx.send(Notice::Resync);
        }
    });
    Ok(client)
}

/// Creates a fresh schema in the database at `url` and returns a URL whose
/// connections use it: tests and benchmarks get a database of their own
/// without creating databases. The name is `PREFIX_t<unix seconds>_<random>`;
/// schemas of the same prefix made more than an hour ago (left by earlier
/// runs) are dropped first, so repeated test runs do not pile them up.
pub fn fresh_schema(url: &str, prefix: &str) -> Result<String, StoreError> {
    let config = parse(url)?;
    let mut b = [0u8; 6];
    getrandom::fill(&mut b)
        .map_err(|e| StoreError::new(StoreErrorKind::Database, e.to_string()))?;
    let prefix: String = prefix
        .chars()
        .filter(|c| c.is_ascii_alphanumeric() || *c == '_')
        .collect::<String>()
        .to_ascii_lowercase();
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let name = format!(
        "{prefix}_t{now}_{}",
        b.iter().map(|x| format!("{x:02x}")).collect::<String>()
    );
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .map_err(|e| StoreError::new(StoreErrorKind::Database, e.to_string()))?;
    rt.block_on(async {
        let client = connect(&config, None, 0).await?;
        let stale = format!("{prefix}_t");
        for row in client
            .query("SELECT nspname FROM pg_namespace", &[])
            .await
            .map_err(db_err)?
        {
            let schema: String = row.get(0);
            let made = schema
                .strip_prefix(&stale)
                .and_then(|rest| rest.split('_').next())
                .and_then(|secs| secs.parse::<u64>().ok());
            if made.is_some_and(|t| t + 3600 < now) {
                client
                    .batch_execute(&format!("DROP SCHEMA IF EXISTS \"{schema}\" CASCADE"))
                    .await
                    .map_err(db_err)?;
            }
        }
        client
            .batch_execute(&format!("CREATE SCHEMA \"{name}\""))
            .await
            .map_err(db_err)
    })?;
    let sep = if url.contains('?') { '&' } else { '?' };
    Ok(format!("{url}{sep}options=-csearch_path%3D{name}"))
}

impl PgStore {
    /// Connects to the database at `url` (`postgres://...`) and creates the
    /// tables if they are missing.
    pub fn open(url: &str) -> Result<PgStore, StoreError> {
        let config = parse(url)?;
        let (notices, _) = broadcast::channel(4096);
        let (orders_tx, orders_rx) = mpsc::unbounded_channel::<Job>();
        let (turns_tx, turns_rx) = mpsc::unbounded_channel::<Job>();
        let (reads_tx, reads_rx) = mpsc::unbounded_channel::<Read>();
        let (stop_tx, stop_rx) = std::sync::mpsc::channel::<()>();
        let (ready_tx, ready_rx) = std::sync::mpsc::channel::<Result<(), StoreError>>();
        let notices2 = notices.clone();
        // Tells this process's notifications from the others'.
        let mut b = [0u8; 6];
        getrandom::fill(&mut b)
            .map_err(|e| StoreError::new(StoreErrorKind::Database, e.to_string()))?;
        let origin = b.iter().fold(0u64, |acc, x| acc << 8 | u64::from(*x));
        std::thread::Builder::new()
            .name("postgres".into())
            .spawn(move || {
                let rt = match tokio::runtime::Builder::new_current_thread()
                    .enable_all()
                    .build()
                {
                    Ok(rt) => rt,
                    Err(e) => {
                        let _ = ready_tx.send(Err(StoreError::new(
                            StoreErrorKind::Database,
                            e.to_string(),
                        )));
                        return;
                    }
                };
                let started = rt.block_on(start(
                    config, origin, notices2, orders_rx, turns_rx, reads_rx,
                ));
                let ok = started.is_ok();
                let _ = ready_tx.send(started);
                if ok {
                    // Serve until the store is dropped.
                    rt.block_on(async {
                        let _ = tokio::task::spawn_blocking(move || stop_rx.recv()).await;
                    });
                }
            })
            .map_err(|e| StoreError::new(StoreErrorKind::Database, e.to_string()))?;
        ready_rx.recv().map_err(|_| {
            StoreError::new(StoreErrorKind::Database, "the PostgreSQL thread stopped")
        })??;
        Ok(PgStore {
            orders: orders_tx,
            turns: turns_tx,
            reads: reads_tx,
            notices,
            _stop: stop_tx,
        })
    }
}

/// Connects everything and starts the tasks.
async fn start(
    config: Config,
    origin: u64,
    notices: broadcast::Sender<Notice>,
    orders: mpsc::UnboundedReceiver<Job>,
    turns: mpsc::UnboundedReceiver<Job>,
    reads: mpsc::UnboundedReceiver<Read>,
) -> Result<(), StoreError> {
    let mut setup = connect(&config, None, 0).await?;
    {
        // Two servers starting together must not both create the tables.
        let tx = setup.transaction().await.map_err(db_err)?;
        tx.batch_execute("SELECT pg_advisory_xact_lock(7263518829)")
            .await
            .map_err(db_err)?;
        tx.batch_execute(SCHEMA).await.map_err(db_err)?;
        tx.commit().await.map_err(db_err)?;
    }
    drop(setup);
    let listener = connect(&config, Some(notices.clone()), origin).await?;
    listener
        .batch_execute(&format!("LISTEN {CHANNEL}"))
        .await
        .map_err(db_err)?;
    let orders = Arc::new(Mutex::new(orders));
    for _ in 0..WRITERS {
        let link = Link::open(&config).await?;
        tokio::spawn(group_writer(link, origin, orders.clone()));
    }
    tokio::spawn(turn_writer(Link::open(&config).await?, origin, turns));
    tokio::spawn(reader_loop(Link::open(&config).await?, reads));
    tokio::spawn(keep_listening(config, origin, listener, notices));
    Ok(())
}

/// Keeps the listening connection; when it is lost, connects again and says
/// that notices may have been missed.
async fn keep_listening(
    config: Config,
    origin: u64,
    mut listener: Client,
    notices: broadcast::Sender<Notice>,
) {
    loop {
        tokio::time::sleep(std::time::Duration::from_secs(1)).await;
        if !listener.is_closed() {
            continue;
        }
        match connect(&config, Some(notices.clone()), origin).await {
            Ok(c) => match c.batch_execute(&format!("LISTEN {CHANNEL}")).await {
                Ok(()) => {
                    tracing::info!("listening to PostgreSQL notifications again");
                    listener = c;
                    let _ = notices.send(Notice::Resync);
                }
                Err(e) => tracing::warn!("cannot listen: {e}"),
            },
            Err(e) => tracing::warn!("{e}"),
        }
    }
}

/// A connection that is made again when it was lost (the server restarted,
/// the network failed): the write or read that finds it lost fails, the
/// next one reconnects.
struct Link {
    config: Config,
    client: Option<Client>,
}

impl Link {
    async fn open(config: &Config) -> Result<Link, StoreError> {
        Ok(Link {
            config: config.clone(),
            client: Some(connect(config, None, 0).await?),
        })
    }

    async fn get(&mut self) -> Result<&mut Client, StoreError> {
        if !matches!(&self.client, Some(c) if !c.is_closed()) {
            self.client = None;
            self.client = Some(connect(&self.config, None, 0).await?);
            tracing::info!("connected to PostgreSQL again");
        }
        Ok(self.client.as_mut().expect("just connected"))
    }
}

async fn group_writer(mut link: Link, origin: u64, jobs: Arc<Mutex<mpsc::UnboundedReceiver<Job>>>) {
    loop {
        let group = {
            let mut rx = jobs.lock().await;
            let Some(first) = rx.recv().await else { return };
            let mut group = vec![first];
            while group.len() < MAX_GROUP {
                match rx.try_recv() {
                    Ok(job) => group.push(job),
                    Err(_) => break,
                }
            }
            group
        };
        let client = match link.get().await {
            Ok(client) => client,
            Err(e) => {
                for (_, reply) in group {
                    let _ = reply.send(Err(e.clone()));
                }
                continue;
            }
        };
        let results = match commit_group(client, origin, &group).await {
            Ok(results) => results,
            // The group failed as a whole (a database error aborts the
            // transaction): each write on its own, so one bad write fails
            // alone.
            Err(_) => {
                let mut results = Vec::with_capacity(group.len());
                for job in &group {
                    let r = commit_group(client, origin, std::slice::from_ref(job)).await;
                    results.push(r.and_then(|mut v| v.pop().unwrap_or(Ok(()))));
                }
                results
            }
        };
        for ((_, reply), result) in group.into_iter().zip(results) {
            // The requester may have gone (client hung up); the write stands.
            let _ = reply.send(result);
        }
    }
}

/// Orders and creations in one transaction, statements pipelined. Err: the
/// transaction failed; Ok: each write's result, final since the commit
/// succeeded.
async fn commit_group(
    client: &mut Client,
    origin: u64,
    group: &[Job],
) -> Result<Vec<Result<(), StoreError>>, StoreError> {
    let tx = client.transaction().await.map_err(db_err)?;
    let put = tx.prepare(PUT_ORDER).await.map_err(db_err)?;
    let insert = tx.prepare(INSERT_ORDER).await.map_err(db_err)?;
    let txr = &tx;
    let (put, insert) = (&put, &insert);
    // Rows are locked in one order (game, seat) in every server's groups,
    // so two groups never wait for each other in a cycle. The sort is
    // stable: one seat's orders keep the order they came in.
    let key = |w: &Write| -> (String, usize) {
        match w {
            Write::PutOrders { game, order, .. } => (game.clone(), order.seat),
            Write::CreateGame { game, .. } => (game.id.clone(), 0),
            Write::CommitTurn { game, .. } => (game.id.clone(), 0),
            Write::PutDecision { game, .. } => (game.clone(), 0),
            Write::Status { game, .. } => (game.clone(), usize::MAX),
        }
    };
    let mut sorted: Vec<usize> = (0..group.len()).collect();
    sorted.sort_by_cached_key(|&i| key(&group[i].0));
    let runs = sorted.iter().map(|&i| &group[i].0).map(|write| async move {
        let tx = txr;
        match write {
            Write::PutOrders { game, step, order } => {
                let n = tx
                    .execute(
                        put,
                        &[
                            game,
                            &(*step as i64),
                            &(order.seat as i64),
                            &order.format.as_str(),
                            &order.body,
                            &(order.at_ms as i64),
                        ],
                    )
                    .await
                    .map_err(db_err)?;
                if n != 1 {
                    return Ok(Err(conflict(format!("game {game} is not at step {step}"))));
                }
                // The orders travel with the notice when they fit, so the
                // other servers need not read them back.
                let mut payload = json!({"k": "o", "from": origin, "g": game, "s": step,
                    "seat": order.seat, "at": order.at_ms, "f": order.format.as_str(),
                    "b": order.body})
                .to_string();
                if payload.len() > MAX_PAYLOAD {
                    payload = json!({"k": "o", "from": origin, "g": game, "s": step,
                        "seat": order.seat, "at": order.at_ms})
                    .to_string();
                }
                Ok(Ok(Some(payload)))
            }
            Write::CreateGame { game, orders } => {
                tx.execute(
                    "INSERT INTO games (id, ruleset, meta, step, step_started_ms, state, finished)
                     VALUES ($1, $2, $3, $4, $5, $6, $7)",
                    &[
                        &game.id,
                        &game.ruleset,
                        &game.meta.to_string(),
                        &(game.step as i64),
                        &(game.step_started_ms as i64),
                        &game.state.to_string(),
                        &game.finished,
                    ],
                )
                .await
                .map_err(db_err)?;
                insert_orders(tx, insert, &game.id, game.step, orders).await?;
                Ok(Ok(Some(
                    json!({"k": "c", "from": origin, "g": game.id}).to_string(),
                )))
            }
            Write::Status { game, status } => {
                tx.execute(
                    "INSERT INTO statuses (game, status) VALUES ($1, $2)
                     ON CONFLICT (game) DO UPDATE SET status = EXCLUDED.status",
                    &[game, &status.to_string()],
                )
                .await
                .map_err(db_err)?;
                Ok(Ok(None))
            }
            Write::CommitTurn { .. } | Write::PutDecision { .. } => Ok(Err(StoreError::new(
                StoreErrorKind::Database,
                "a resolution or a decision is not a group write",
            ))),
        }
    });
    let outcomes: Vec<Result<Result<Option<String>, StoreError>, StoreError>> =
        join_all(runs).await;
    let mut results: Vec<Result<(), StoreError>> = vec![Ok(()); group.len()];
    let mut payloads = vec![];
    for (i, outcome) in sorted.into_iter().zip(outcomes) {
        match outcome? {
            Ok(payload) => payloads.extend(payload),
            Err(e) => results[i] = Err(e),
        }
    }
    if !payloads.is_empty() {
        tx.execute(NOTIFY, &[&payloads]).await.map_err(db_err)?;
    }
    tx.commit().await.map_err(db_err)?;
    Ok(results)
}

async fn insert_orders(
    tx: &tokio_postgres::Transaction<'_>,
    insert: &tokio_postgres::Statement,
    game: &str,
    step: u64,
    orders: &[OrderRow],
) -> Result<(), StoreError> {
    let runs = orders.iter().map(|o| async move {
        tx.execute(
            insert,
            &[
                &game,
                &(step as i64),
                &(o.seat as i64),
                &o.format.as_str(),
                &o.body,
                &(o.at_ms as i64),
            ],
        )
        .await
    });
    for r in join_all(runs).await {
        r.map_err(db_err)?;
    }
    Ok(())
}

/// Resolutions, one transaction each.
async fn turn_writer(mut link: Link, origin: u64, mut jobs: mpsc::UnboundedReceiver<Job>) {
    while let Some((write, reply)) = jobs.recv().await {
        let result = match (&write, link.get().await) {
            (_, Err(e)) => Err(e),
            (
                Write::CommitTurn {
                    game,
                    turn,
                    orders,
                    used,
                    decided,
                    wait,
                },
                Ok(client),
            ) => {
                let given = Given {
                    orders,
                    used,
                    decided: *decided,
                };
                commit_turn(client, origin, game, turn, given, *wait).await
            }
            (
                Write::PutDecision {
                    game,
                    step,
                    decision,
                    finished,
                },
                Ok(client),
            ) => put_decision(client, origin, game, *step, decision, *finished).await,
            _ => Err(StoreError::new(
                StoreErrorKind::Database,
                "only resolutions go to the resolution writer",
            )),
        };
        let _ = reply.send(result);
    }
}

/// What a resolution hands over besides the game and its turn.
struct Given<'a> {
    /// The next step's orders.
    orders: &'a [OrderRow],
    /// The ended step's orders it applied.
    used: &'a [OrderRow],
    /// How many of the ended step's decisions it applied.
    decided: u64,
}

/// A decision at the table, one transaction under the game row's lock (the
/// one a resolution takes), so it lands in the step it was taken in or not
/// at all. Rare enough to share the resolution writer.
async fn put_decision(
    client: &mut Client,
    origin: u64,
    game: &str,
    step: u64,
    decision: &DecisionRow,
    finished: bool,
) -> Result<(), StoreError> {
    let tx = client.transaction().await.map_err(db_err)?;
    let row = tx
        .query_opt("SELECT step FROM games WHERE id = $1 FOR UPDATE", &[&game])
        .await
        .map_err(db_err)?;
    if row.map(|r| r.get::<_, i64>(0)) != Some(step as i64) {
        return Err(conflict(format!("game {game} is not at step {step}")));
    }
    if step_decisions(&tx, game, step).await?.len() as u64 != decision.seq {
        return Err(conflict(format!(
            "game {game}: another decision was taken at the table meanwhile"
        )));
    }
    tx.execute(
        "INSERT INTO decisions (game, step, seq, seat, act, at) VALUES ($1, $2, $3, $4, $5, $6)",
        &[
            &game,
            &(step as i64),
            &(decision.seq as i64),
            &(decision.seat as i64),
            &decision.act,
            &decision.at,
        ],
    )
    .await
    .map_err(db_err)?;
    if finished {
        tx.execute("UPDATE games SET finished = TRUE WHERE id = $1", &[&game])
            .await
            .map_err(db_err)?;
    }
    let payload = json!({"k": "d", "from": origin, "g": game, "s": step}).to_string();
    tx.execute(NOTIFY, &[&vec![payload]])
        .await
        .map_err(db_err)?;
    tx.commit().await.map_err(db_err)
}

async fn step_decisions<C: tokio_postgres::GenericClient>(
    client: &C,
    game: &str,
    step: u64,
) -> Result<Vec<DecisionRow>, StoreError> {
    let rows = client
        .query(
            "SELECT seq, seat, act, at FROM decisions WHERE game = $1 AND step = $2 ORDER BY seq",
            &[&game, &(step as i64)],
        )
        .await
        .map_err(db_err)?;
    Ok(rows
        .iter()
        .map(|r| DecisionRow {
            seq: r.get::<_, i64>(0) as u64,
            seat: r.get::<_, i64>(1) as usize,
            act: r.get(2),
            at: r.get(3),
        })
        .collect())
}

async fn commit_turn(
    client: &mut Client,
    origin: u64,
    game: &GameRow,
    turn: &TurnRow,
    given: Given<'_>,
    wait: bool,
) -> Result<(), StoreError> {
    let Given {
        orders,
        used,
        decided,
    } = given;
    let from = game
        .step
        .checked_sub(1)
        .ok_or_else(|| conflict("a resolution ends step 1 or later".into()))?;
    let tx = client.transaction().await.map_err(db_err)?;
    let lock = if wait {
        "SELECT step FROM games WHERE id = $1 FOR UPDATE"
    } else {
        "SELECT step FROM games WHERE id = $1 FOR UPDATE SKIP LOCKED"
    };
    let row = tx.query_opt(lock, &[&game.id]).await.map_err(db_err)?;
    let Some(row) = row else {
        return Err(conflict(format!(
            "game {} is being resolved elsewhere (or does not exist)",
            game.id
        )));
    };
    let step: i64 = row.get(0);
    if step != from as i64 {
        return Err(conflict(format!("game {} is not at step {from}", game.id)));
    }
    let stored = step_orders(&tx, &game.id, from).await?;
    if !same_orders(&stored, used) {
        return Err(conflict(format!(
            "game {}: the stored orders of step {from} are not the ones resolved",
            game.id
        )));
    }
    if step_decisions(&tx, &game.id, from).await?.len() as u64 != decided {
        return Err(conflict(format!(
            "game {}: decisions were taken at the table during step {from} meanwhile",
            game.id
        )));
    }
    tx.execute(
        "UPDATE games SET step = $1, step_started_ms = $2, state = $3, finished = $4 WHERE id = $5",
        &[
            &(game.step as i64),
            &(game.step_started_ms as i64),
            &game.state.to_string(),
            &game.finished,
            &game.id,
        ],
    )
    .await
    .map_err(db_err)?;
    tx.execute(
        "INSERT INTO turns (game, step, turn, resolved_at, report, record)
         VALUES ($1, $2, $3, $4, $5, $6)",
        &[
            &game.id,
            &(turn.step as i64),
            &(turn.turn as i64),
            &turn.resolved_at,
            &turn.report.to_string(),
            &turn.record,
        ],
    )
    .await
    .map_err(db_err)?;
    let insert = tx.prepare(INSERT_ORDER).await.map_err(db_err)?;
    insert_orders(&tx, &insert, &game.id, game.step, orders).await?;
    let defaulted = turn
        .report
        .get("defaulted")
        .cloned()
        .unwrap_or(Value::Array(vec![]));
    let mut payload =
        json!({"k": "t", "from": origin, "g": game.id, "s": game.step, "turn": turn.turn,
        "d": defaulted, "f": game.finished})
        .to_string();
    if payload.len() > MAX_PAYLOAD {
        payload = json!({"k": "t", "from": origin, "g": game.id, "s": game.step, "turn": turn.turn,
            "d": [], "f": game.finished})
        .to_string();
    }
    tx.execute(NOTIFY, &[&vec![payload]])
        .await
        .map_err(db_err)?;
    tx.commit().await.map_err(db_err)
}

async fn step_orders<C: tokio_postgres::GenericClient>(
    client: &C,
    game: &str,
    step: u64,
) -> Result<Vec<OrderRow>, StoreError> {
    let rows = client
        .query(
            "SELECT seat, format, body, at_ms FROM orders WHERE game = $1 AND step = $2 ORDER BY seat",
            &[&game, &(step as i64)],
        )
        .await
        .map_err(db_err)?;
    rows.iter()
        .map(|r| {
            let format: String = r.get(1);
            Ok(OrderRow {
                seat: r.get::<_, i64>(0) as usize,
                format: OrderFormat::parse(&format).ok_or_else(|| {
                    StoreError::new(
                        StoreErrorKind::Database,
                        format!("unknown order format {format:?}"),
                    )
                })?,
                body: r.get(2),
                at_ms: r.get::<_, i64>(3) as u64,
            })
        })
        .collect()
}

fn parse_json(text: &str) -> Result<Value, StoreError> {
    serde_json::from_str(text).map_err(|e| {
        StoreError::new(
            StoreErrorKind::Database,
            format!("stored JSON is damaged: {e}"),
        )
    })
}

async fn load_games(client: &Client, only: Option<&str>) -> Result<Vec<StoredGame>, StoreError> {
    let rows = client
        .query(
            "SELECT id, ruleset, meta, step, step_started_ms, state, finished FROM games
             WHERE ($1::TEXT IS NULL AND NOT finished) OR id = $1 ORDER BY seq",
            &[&only],
        )
        .await
        .map_err(db_err)?;
    let mut games = Vec::with_capacity(rows.len());
    for r in rows {
        let id: String = r.get(0);
        let step = r.get::<_, i64>(3) as u64;
        let orders = step_orders(client, &id, step).await?;
        let decisions = step_decisions(client, &id, step).await?;
        // Only the turns up to the step read: a resolution committed since
        // belongs to a later state.
        let turns = client
            .query(
                "SELECT record FROM turns WHERE game = $1 AND step <= $2 AND record IS NOT NULL
                 ORDER BY step",
                &[&id, &(step as i64)],
            )
            .await
            .map_err(db_err)?
            .iter()
            .map(|r| r.get(0))
            .collect();
        games.push(StoredGame {
            game: GameRow {
                ruleset: r.get(1),
                meta: parse_json(r.get(2))?,
                step,
                step_started_ms: r.get::<_, i64>(4) as u64,
                state: parse_json(r.get(5))?,
                finished: r.get(6),
                id,
            },
            orders,
            decisions,
            turns,
        });
    }
    Ok(games)
}

/// A page of the listing (see `sqlite::page`), in `seq` order.
async fn page(
    client: &Client,
    after: Option<&str>,
    limit: usize,
    newest_first: bool,
) -> Result<Option<StoredPage>, StoreError> {
    let total: i64 = client
        .query_one("SELECT COUNT(*) FROM games", &[])
        .await
        .map_err(db_err)?
        .get(0);
    let from: i64 = match after {
        None if newest_first => i64::MAX,
        None => 0,
        Some(id) => match client
            .query_opt("SELECT seq FROM games WHERE id = $1", &[&id])
            .await
            .map_err(db_err)?
        {
            Some(row) => row.get(0),
            None => return Ok(None),
        },
    };
    let sql = if newest_first {
        "SELECT g.id, s.status FROM games g LEFT JOIN statuses s ON s.game = g.id
         WHERE g.seq < $1 ORDER BY g.seq DESC LIMIT $2"
    } else {
        "SELECT g.id, s.status FROM games g LEFT JOIN statuses s ON s.game = g.id
         WHERE g.seq > $1 ORDER BY g.seq LIMIT $2"
    };
    let rows = client
        .query(sql, &[&from, &(limit as i64 + 1)])
        .await
        .map_err(db_err)?;
    let mut games: Vec<ListedGame> = rows
        .iter()
        .map(|r| ListedGame {
            id: r.get(0),
            status: r
                .get::<_, Option<String>>(1)
                .and_then(|t| serde_json::from_str(&t).ok()),
        })
        .collect();
    let more = games.len() > limit;
    games.truncate(limit);
    Ok(Some(StoredPage {
        games,
        total: total as usize,
        more,
    }))
}

async fn turns(client: &Client, game: &str) -> Result<Vec<TurnRow>, StoreError> {
    let rows = client
        .query(
            "SELECT step, turn, resolved_at, report, record FROM turns WHERE game = $1 ORDER BY step",
            &[&game],
        )
        .await
        .map_err(db_err)?;
    rows.iter()
        .map(|r| {
            Ok(TurnRow {
                step: r.get::<_, i64>(0) as u64,
                turn: r.get::<_, i64>(1) as u64,
                resolved_at: r.get(2),
                report: parse_json(r.get(3))?,
                record: r.get(4),
            })
        })
        .collect()
}

async fn reader_loop(mut link: Link, mut reads: mpsc::UnboundedReceiver<Read>) {
    while let Some(read) = reads.recv().await {
        let client = match link.get().await {
            Ok(client) => &*client,
            Err(e) => {
                match read {
                    Read::All(reply) => drop(reply.send(Err(e))),
                    Read::Turns(_, reply) => drop(reply.send(Err(e))),
                    Read::Game(_, reply) => drop(reply.send(Err(e))),
                    Read::Ids(reply) => drop(reply.send(Err(e))),
                    Read::Page(_, _, _, reply) => drop(reply.send(Err(e))),
                }
                continue;
            }
        };
        match read {
            Read::All(reply) => {
                let _ = reply.send(load_games(client, None).await);
            }
            Read::Turns(game, reply) => {
                let _ = reply.send(turns(client, &game).await);
            }
            Read::Game(id, reply) => {
                let r = load_games(client, Some(&id)).await;
                let _ = reply.send(r.map(|g| g.into_iter().next()));
            }
            Read::Page(after, limit, newest, reply) => {
                let _ = reply.send(page(client, after.as_deref(), limit, newest).await);
            }
            Read::Ids(reply) => {
                let r = client
                    .query("SELECT id FROM games ORDER BY seq", &[])
                    .await
                    .map(|rows| rows.iter().map(|r| r.get(0)).collect())
                    .map_err(db_err);
                let _ = reply.send(r);
            }
        }
    }
}

/// A notification's payload, as [`commit_group`] and [`commit_turn`] write
/// them; anything else on the channel is ignored.
fn parse_notice(payload: &str, own: u64) -> Option<Notice> {
    let v: Value = serde_json::from_str(payload).ok()?;
    if v["from"].as_u64()? == own {
        // This process's own commit: it knows.
        return None;
    }
    let game = v["g"].as_str()?.to_string();
    match v["k"].as_str()? {
        "c" => Some(Notice::Created { game }),
        "o" => {
            let seat = v["seat"].as_u64()? as usize;
            let order = match (v["f"].as_str(), v["b"].as_str()) {
                (Some(f), Some(body)) => Some(OrderRow {
                    seat,
                    format: OrderFormat::parse(f)?,
                    body: body.to_string(),
                    at_ms: v["at"].as_u64()?,
                }),
                _ => None,
            };
            Some(Notice::Orders {
                game,
                step: v["s"].as_u64()?,
                seat,
                order,
            })
        }
        "d" => Some(Notice::Decision {
            game,
            step: v["s"].as_u64()?,
        }),
        "t" => Some(Notice::Turn {
            game,
            step: v["s"].as_u64()?,
            turn: v["turn"].as_u64()?,
            defaulted: v["d"]
                .as_array()?
                .iter()
                .filter_map(|s| s.as_u64().map(|s| s as usize))
                .collect(),
            finished: v["f"].as_bool()?,
        }),
        _ => None,
    }
}

fn stopped<T>() -> Result<T, StoreError> {
    Err(StoreError::new(
        StoreErrorKind::Closed,
        "the PostgreSQL store stopped",
    ))
}

impl Storage for PgStore {
    fn write(&self, write: Write) -> Ack {
        let (tx, rx) = oneshot::channel();
        let queue = match write {
            Write::CommitTurn { .. } | Write::PutDecision { .. } => &self.turns,
            _ => &self.orders,
        };
        if let Err(mpsc::error::SendError((_, reply))) = queue.send((write, tx)) {
            let _ = reply.send(stopped());
        }
        rx
    }

    fn load(&self) -> Result<Vec<StoredGame>, StoreError> {
        let (tx, rx) = std::sync::mpsc::channel();
        if self.reads.send(Read::All(tx)).is_err() {
            return stopped();
        }
        rx.recv().unwrap_or_else(|_| stopped())
    }

    fn turns(&self, game: &str) -> Result<Vec<TurnRow>, StoreError> {
        let (tx, rx) = std::sync::mpsc::channel();
        if self.reads.send(Read::Turns(game.to_string(), tx)).is_err() {
            return stopped();
        }
        rx.recv().unwrap_or_else(|_| stopped())
    }

    fn load_game(&self, id: &str) -> Reply<Option<StoredGame>> {
        let (tx, rx) = oneshot::channel();
        if let Err(mpsc::error::SendError(Read::Game(_, reply))) =
            self.reads.send(Read::Game(id.to_string(), tx))
        {
            let _ = reply.send(stopped());
        }
        rx
    }

    fn game_ids(&self) -> Reply<Vec<String>> {
        let (tx, rx) = oneshot::channel();
        if let Err(mpsc::error::SendError(Read::Ids(reply))) = self.reads.send(Read::Ids(tx)) {
            let _ = reply.send(stopped());
        }
        rx
    }

    fn page(
        &self,
        after: Option<&str>,
        limit: usize,
        newest_first: bool,
    ) -> Reply<Option<StoredPage>> {
        let (tx, rx) = oneshot::channel();
        let read = Read::Page(after.map(str::to_string), limit, newest_first, tx);
        if let Err(mpsc::error::SendError(Read::Page(_, _, _, reply))) = self.reads.send(read) {
            let _ = reply.send(stopped());
        }
        rx
    }

    fn shared(&self) -> bool {
        true
    }

    fn notices(&self) -> Option<broadcast::Receiver<Notice>> {
        Some(self.notices.subscribe())
    }
}

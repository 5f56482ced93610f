//! The storage trait: everything the host keeps, as a few durable writes,
//! one load at start-up (the games in play) and a few reads (one game, a
//! page of the listing, the ids, the turns).
//! Backends implement [`Storage`]: [`crate::sqlite`] for one process,
//! [`crate::postgres`] for several sharing a database; the host never speaks
//! SQL.
//!
//! What is stored per game: its metadata (ruleset, seed, seats with hashed
//! tokens, deadline policy), the saved match at the start of the current step
//! (`Game::save_base()`: the generator, the state and the record's header,
//! but not the record's finished turns), the orders received for the current
//! step, and one row per resolved step, which carries the record turn that
//! resolution added. So a resolution writes O(that turn), not O(game so far);
//! loading a game gives the match back its turns from the turn rows
//! ([`StoredGame::turns`]). Decisions taken at the table mid-step
//! (resignations, draw offers) are rows of their own, replayed after the
//! step's orders; the next step's saved match carries their effect. Views are a pure function of the saved match and
//! its turns, so committing them commits its views.
//!
//! A database written before turn rows carried record turns still loads:
//! there the saved match holds the record's earlier turns itself, those turn
//! rows have none, and the match keeps saving those turns inline (and only
//! those) from then on.
//!
//! Resolution is idempotent because a step's commit is conditional on the
//! game still being at that step, and on the step's stored orders being the
//! ones the resolution used: the new match, its turn row and the next step's
//! bot orders land in one transaction or not at all, and a second attempt at
//! the same step changes nothing. That is also what makes a database shared
//! by several processes safe ([`Storage::shared`]): a process whose copy of
//! a game is behind gets a conflict, reads the game again and retries.

use serde_json::Value;
use tokio::sync::{broadcast, oneshot};

/// A game's row.
#[derive(Debug, Clone, PartialEq)]
pub struct GameRow {
    pub id: String,
    pub ruleset: String,
    /// JSON: seed, seats (kind, bot, token hash), deadline policy, created.
    pub meta: Value,
    /// Resolutions committed so far (0 at creation).
    pub step: u64,
    /// When the current step began, ms since the Unix epoch.
    pub step_started_ms: u64,
    /// `Game::save_base()` at the start of the current step (in a database
    /// of an older version, `Game::save()`, finished record turns and all).
    pub state: Value,
    pub finished: bool,
}

/// How orders came in, so they are replayed the same way.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OrderFormat {
    Json,
    Text,
}

impl OrderFormat {
    pub fn as_str(self) -> &'static str {
        match self {
            OrderFormat::Json => "json",
            OrderFormat::Text => "text",
        }
    }

    pub fn parse(s: &str) -> Option<OrderFormat> {
        match s {
            "json" => Some(OrderFormat::Json),
            "text" => Some(OrderFormat::Text),
            _ => None,
        }
    }
}

/// One seat's orders for one step.
#[derive(Debug, Clone, PartialEq)]
pub struct OrderRow {
    pub seat: usize,
    pub format: OrderFormat,
    pub body: String,
    pub at_ms: u64,
}

/// A decision a seat took at the table in the middle of a step (resign,
/// offer, accept, decline or withdraw a draw: `engine::TableAct`), kept like
/// orders so a restart replays it after the step's orders.
#[derive(Debug, Clone, PartialEq)]
pub struct DecisionRow {
    /// Its place among the step's decisions, from 0: they are replayed in
    /// this order.
    pub seq: u64,
    pub seat: usize,
    /// The act as `engine::TableAct` serialises it (`resign`, `offer_draw`,
    /// `withdraw_draw`, `decline_draw`).
    pub act: String,
    /// When it was taken (ISO 8601): the record's `ended` when it ends the
    /// game, so a replay stamps the same time.
    pub at: String,
}

/// What one resolution committed, for the log of turns.
#[derive(Debug, Clone, PartialEq)]
pub struct TurnRow {
    /// The step this resolution ended.
    pub step: u64,
    /// The ruleset's turn number that was resolved.
    pub turn: u64,
    pub resolved_at: String,
    /// The turn report: defaulted seats, outcome.
    pub report: Value,
    /// The record turn this resolution added, as JSON text
    /// (`Game::last_turn_json()`); `None` for a game keeping no record, and in
    /// turn rows written by an older version.
    pub record: Option<String>,
}

/// One durable write.
#[derive(Debug, Clone)]
pub enum Write {
    /// A new game with its first step's (bot) orders.
    CreateGame {
        game: GameRow,
        orders: Vec<OrderRow>,
    },
    /// A seat's orders for `step`, replacing earlier ones; fails with
    /// [`StoreErrorKind::Conflict`] when the game is no longer at `step`.
    PutOrders {
        game: String,
        step: u64,
        order: OrderRow,
    },
    /// A resolution: moves the game from `game.step - 1` to `game.step` with
    /// its new match, turn row and the next step's orders, atomically; fails
    /// with [`StoreErrorKind::Conflict`] (changing nothing) when the game is
    /// not at `game.step - 1` any more.
    ///
    /// `used`: the orders of the ended step the resolution applied; the
    /// commit also fails with a conflict when the stored orders differ (on a
    /// shared database another process may have taken more orders). `wait`:
    /// when another process is committing this game right now, wait for it
    /// (true) or give up at once with a conflict (false: the scheduler's
    /// sweep, which comes back on its next tick).
    CommitTurn {
        game: GameRow,
        turn: TurnRow,
        orders: Vec<OrderRow>,
        used: Vec<OrderRow>,
        /// How many decisions of the ended step the resolution applied; a
        /// conflict when more are stored.
        decided: u64,
        wait: bool,
    },
    /// A decision at the table taken during `step` (its `seq` must be the
    /// number of the step's decisions stored before it); fails with
    /// [`StoreErrorKind::Conflict`] when the game is no longer at `step` or
    /// another decision took that place. `finished`: the decision ended the
    /// game, which the game row then says too.
    PutDecision {
        game: String,
        step: u64,
        decision: DecisionRow,
        finished: bool,
    },
    /// The game's public status after its last write, kept for listings,
    /// so that listing finished games never loads them. Derived data: sent
    /// after the write it describes, and trusted only for finished games
    /// (whose status never changes again).
    Status { game: String, status: Value },
}

/// One game of a page of the listing ([`Storage::page`]).
#[derive(Debug, Clone, PartialEq)]
pub struct ListedGame {
    pub id: String,
    /// The public status stored with the game's last commit
    /// ([`Write::Status`]); `None` in a database written before statuses
    /// were stored.
    pub status: Option<Value>,
}

/// A page of the listing.
#[derive(Debug, Clone, PartialEq)]
pub struct StoredPage {
    pub games: Vec<ListedGame>,
    /// Every game stored.
    pub total: usize,
    /// Whether games follow this page.
    pub more: bool,
}

/// What another process committed, heard by a backend shared between
/// processes; the host refreshes its copy of the game from storage.
#[derive(Debug, Clone, PartialEq)]
pub enum Notice {
    /// A new game.
    Created { game: String },
    /// A seat's orders for `step`; `order` is `None` when they were too
    /// big to travel with the notice (then read them from storage).
    Orders {
        game: String,
        step: u64,
        seat: usize,
        order: Option<OrderRow>,
    },
    /// A resolution that ended `step - 1`: `turn` was resolved, `defaulted`
    /// seats got default orders.
    Turn {
        game: String,
        step: u64,
        turn: u64,
        defaulted: Vec<usize>,
        finished: bool,
    },
    /// A decision at the table taken during `step`: read the game again.
    Decision { game: String, step: u64 },
    /// Notices may have been missed (the listening connection was lost):
    /// everything should be read again.
    Resync,
}

/// A game as loaded at start-up.
#[derive(Debug, Clone)]
pub struct StoredGame {
    pub game: GameRow,
    /// The orders for the current step.
    pub orders: Vec<OrderRow>,
    /// The decisions taken at the table during the current step, by `seq`.
    pub decisions: Vec<DecisionRow>,
    /// The record turns its turn rows carry, by step: what
    /// `Game::save_base()` left out of `game.state`.
    pub turns: Vec<String>,
}

/// Why storage failed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum StoreErrorKind {
    /// The game is not at the step the write expected (or does not exist).
    Conflict,
    /// The database failed.
    Database,
    /// The storage stopped (shutting down).
    Closed,
}

#[derive(Debug, Clone)]
pub struct StoreError {
    pub kind: StoreErrorKind,
    pub message: String,
}

impl StoreError {
    pub fn new(kind: StoreErrorKind, message: impl Into<String>) -> StoreError {
        StoreError {
            kind,
            message: message.into(),
        }
    }
}

impl std::fmt::Display for StoreError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "storage: {}", self.message)
    }
}

impl std::error::Error for StoreError {}

/// The answer to a write: resolves once the write is durable (or failed).
pub type Ack = oneshot::Receiver<Result<(), StoreError>>;

/// The answer to a read made from async code.
pub type Reply<T> = oneshot::Receiver<Result<T, StoreError>>;

/// A reply that is already there.
pub fn ready<T>(value: Result<T, StoreError>) -> Reply<T> {
    let (tx, rx) = oneshot::channel();
    let _ = tx.send(value);
    rx
}

/// A place games are kept. Writes are acknowledged only once durable
/// (fsynced), which lets a backend group many concurrent writes into one
/// commit.
pub trait Storage: Send + Sync {
    /// Queues a write; the answer arrives once it is durable.
    fn write(&self, write: Write) -> Ack;
    /// Every unfinished game with its current step's orders: what a
    /// server holds in memory from its start. Finished games are read
    /// only when asked for ([`Storage::load_game`]), so starting costs the
    /// games in play, however many are over.
    fn load(&self) -> Result<Vec<StoredGame>, StoreError>;
    /// One page of every stored game, in creation order (or newest first):
    /// the `limit` games after the game `after` (from the first when
    /// `None`), with their stored statuses. `Ok(None)` when there is no
    /// game `after`.
    fn page(
        &self,
        after: Option<&str>,
        limit: usize,
        newest_first: bool,
    ) -> Reply<Option<StoredPage>>;
    /// The log of resolved turns of a game.
    fn turns(&self, game: &str) -> Result<Vec<TurnRow>, StoreError>;
    /// One game as stored now with its current step's orders; `None` when
    /// there is no such game.
    fn load_game(&self, id: &str) -> Reply<Option<StoredGame>>;
    /// Every game's id, oldest first.
    fn game_ids(&self) -> Reply<Vec<String>>;
    /// Whether other processes may write to the same games (then the
    /// database, not memory, is the truth, and [`Storage::notices`] says
    /// what they did).
    fn shared(&self) -> bool {
        false
    }
    /// What other processes commit, for a shared backend.
    fn notices(&self) -> Option<broadcast::Receiver<Notice>> {
        None
    }
}

/// Waits for a read.
pub async fn read<T>(reply: Reply<T>) -> Result<T, StoreError> {
    match reply.await {
        Ok(result) => result,
        Err(_) => Err(StoreError::new(
            StoreErrorKind::Closed,
            "the storage stopped before answering",
        )),
    }
}

/// Whether the orders a resolution used are the stored ones (both by seat).
pub fn same_orders(stored: &[OrderRow], used: &[OrderRow]) -> bool {
    stored.len() == used.len()
        && stored
            .iter()
            .zip(used)
            .all(|(a, b)| a.seat == b.seat && a.format == b.format && a.body == b.body)
}

/// Waits for a write to be durable.
pub async fn durable(storage: &dyn Storage, write: Write) -> Result<(), StoreError> {
    match storage.write(write).await {
        Ok(result) => result,
        Err(_) => Err(StoreError::new(
            StoreErrorKind::Closed,
            "the storage stopped before answering",
        )),
    }
}

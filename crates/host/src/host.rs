//! The host: every game in memory, each behind its own lock, in front of the
//! storage. All the API's operations live here, free of HTTP: create a game,
//! read its status, views and record, take orders (durable before they are
//! acknowledged) and resolve turns (the new match, its turn row and the next
//! step's bot orders committed together).

use std::collections::{HashMap, VecDeque};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, OnceLock, RwLock};

use engine::{DynRuleset, ParsedOrders, Seat, SeatSpec, Setup, Table, TableAct};
use serde::Deserialize;
use serde_json::{json, Map, Value};
use tokio::sync::Mutex;

use crate::auth;
use crate::error::{Detail, ErrorKind, HostError};
use crate::events::{Event, Events};
use crate::files::{self, FilesFront, SeatRequest};
use crate::policy::DeadlinePolicy;
use crate::public::redact_record;
use crate::slot::{act_name, apply_order, now_ms, turn_limit_outcome, Meta, SeatMeta, Slot};
use crate::storage::{
    durable, read, DecisionRow, Notice, OrderFormat, OrderRow, Storage, StoreError, StoreErrorKind,
    StoredGame, TurnRow, Write,
};

/// Attempts at one step when other processes keep getting there first.
const MAX_ATTEMPTS: usize = 8;

/// The turn limit of a game that names none.
pub const DEFAULT_MAX_TURNS: u64 = 1_000;
/// The largest turn limit a game may ask for.
pub const MAX_TURNS_LIMIT: u64 = 1_000_000;

/// Most seats a game may have (bounds work done for one request).
const MAX_SEATS: usize = 64;

/// `POST /api/games`.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CreateGame {
    pub ruleset: String,
    /// A bundled map, scenario or module name (or a file name for `text`);
    /// the ruleset's default when absent.
    #[serde(default, alias = "map", alias = "module")]
    pub scenario: Option<String>,
    /// The scenario's own text, when not a bundled one.
    #[serde(default)]
    pub scenario_text: Option<String>,
    /// One entry per seat: `"human"`, `"files"` (played by files in a
    /// folder the server watches) or the name of a built-in bot.
    pub seats: Vec<SeatRequest>,
    /// The game's seed; random when absent.
    #[serde(default)]
    pub seed: Option<u64>,
    #[serde(default)]
    pub deadline: DeadlinePolicy,
    /// Turns after which the game ends without a winner if its rules have
    /// not ended it (1 to [`MAX_TURNS_LIMIT`]; [`DEFAULT_MAX_TURNS`] when
    /// absent).
    #[serde(default)]
    pub max_turns: Option<u64>,
    /// Ruleset-specific options.
    #[serde(default)]
    pub options: Map<String, Value>,
}

/// What a rematch carries over from the game it follows.
struct Carry {
    rematch_of: String,
    /// By seat: the token hash of each person seat, kept.
    token_hashes: Vec<Option<String>>,
}

/// The answer to the seat `seat` that asked for game `of`'s rematch `id`:
/// its own token only (the one it asked with, which plays the same seat
/// in the rematch), never another seat's.
fn rematch_answer(id: &str, of: &str, seat: usize, token: &str, status: Value) -> Value {
    json!({
        "id": id,
        "rematch_of": of,
        "seat": seat,
        "tokens": [{"seat": seat, "token": token}],
        "status": status,
    })
}

/// Games listed per page of `GET /api/games` when the request names no `limit`.
pub const DEFAULT_PAGE: usize = 100;
/// The largest `limit` of `GET /api/games`.
pub const MAX_PAGE: usize = 1000;

/// Which page of games to list (`GET /api/games?limit=&after=&order=`).
#[derive(Debug, Clone)]
pub struct Page {
    /// 1 to [`MAX_PAGE`].
    pub limit: usize,
    /// The last id of the page before (in the same order); none for the first.
    pub after: Option<String>,
    /// Newest game first instead of creation order.
    pub newest_first: bool,
}

impl Default for Page {
    fn default() -> Page {
        Page {
            limit: DEFAULT_PAGE,
            after: None,
            newest_first: false,
        }
    }
}

/// One page of games.
#[derive(Debug)]
pub struct Listed {
    /// The public statuses of the page's games.
    pub games: Vec<Value>,
    /// How many games there are in all.
    pub total: usize,
    /// The `after` of the next page, when there is one.
    pub next_after: Option<String>,
}

/// The message of orders text the ruleset finds not complete (a folder seat
/// waits for the rest of the file).
pub(crate) const INCOMPLETE: &str = "the orders file is not complete (is its end marker missing?)";

/// The scenario name of text given without one (`scenario_text`).
const SCENARIO_TEXT: &str = "scenario_text";

/// Refuses `options` keys the ruleset does not take, naming those it does.
fn check_options(rules: &dyn DynRuleset, options: &Map<String, Value>) -> Result<(), HostError> {
    engine::check_options(rules, options, engine::OptionsFrom::Client).map_err(|errors| {
        HostError::bad_request("unknown options").with_details(
            errors
                .into_iter()
                .map(|e| Detail::field(e.location.unwrap_or_default(), e.message))
                .collect(),
        )
    })
}

/// `text` with every file path in it put as "(a folder on the server)":
/// a ruleset's set-up error may say where it looked for files (the
/// folders of its module library), which is the server's business, not a
/// client's. A path is a word with a `/` or `\` in it that is not an
/// address (`://`).
fn without_paths(text: &str) -> String {
    let quotes = |c: char| "`'\"([{".contains(c);
    let after = |c: char| "`'\")]},;:.".contains(c) || c.is_whitespace();
    text.split_inclusive(char::is_whitespace)
        .map(|word| {
            let core = word.trim_start_matches(quotes).trim_end_matches(after);
            if core.contains(['/', '\\']) && !core.contains("://") {
                word.replacen(core, "(a folder on the server)", 1)
            } else {
                word.to_string()
            }
        })
        .collect()
}

/// Where a set-up error is, for the client: a scenario's own text as the
/// field `scenario_text` with its line and column (a ruleset names it
/// `NAME:LINE:COL` after the scenario's name), anything else by its field.
/// No file path of the server is told ([`without_paths`]).
fn setup_detail(e: &engine::SetupError, scenario: &str, text_given: bool) -> Detail {
    let mut detail = setup_detail_raw(e, scenario, text_given);
    detail.reason = without_paths(&detail.reason);
    detail
}

fn setup_detail_raw(e: &engine::SetupError, scenario: &str, text_given: bool) -> Detail {
    let location = e.location.clone().unwrap_or_else(|| "scenario".into());
    if text_given {
        let at = location
            .strip_prefix(scenario)
            .filter(|rest| rest.is_empty() || rest.starts_with(':'));
        if let Some(rest) = at {
            let mut numbers = rest.split(':').skip(1).map(|n| n.parse::<usize>().ok());
            let line = numbers.next().flatten();
            let column = numbers.next().flatten();
            return Detail {
                field: Some(SCENARIO_TEXT.into()),
                line,
                column,
                reason: if scenario == SCENARIO_TEXT {
                    e.message.clone()
                } else {
                    format!("{} (in the text given as `{scenario}`)", e.message)
                },
                code: None,
            };
        }
    }
    Detail {
        field: Some(location),
        line: None,
        column: None,
        reason: e.message.clone(),
        code: None,
    }
}

/// Orders as they came.
#[derive(Debug, Clone)]
pub enum Submitted {
    Json(Value),
    Text(Vec<u8>),
}

/// Finished games kept in memory by default, the most recently used.
pub const DEFAULT_FINISHED_CACHE: usize = 32;

pub struct Host {
    storage: Arc<dyn Storage>,
    rulesets: Vec<Arc<dyn DynRuleset>>,
    /// The games in play, each behind its own lock.
    games: RwLock<HashMap<String, Arc<Mutex<Slot>>>>,
    /// Finished games read again lately, least recently used first; read
    /// from storage on demand and dropped beyond `finished_capacity`, so
    /// memory holds the games in play and a bounded number of others.
    finished: std::sync::Mutex<VecDeque<(String, Arc<Mutex<Slot>>)>>,
    finished_capacity: AtomicUsize,
    pub events: Events,
    admin_hash: Option<String>,
    /// Where folder seats live, when the server has a games directory.
    files: OnceLock<Arc<FilesFront>>,
    /// Record re-runs kept between replay board requests.
    pub(crate) reruns: crate::boards::Reruns,
    /// The records of the games replayed last.
    pub(crate) replays: crate::boards::ReplayRecords,
    /// Rematches: a finished game's id to its rematch's. Kept from the
    /// rematches' own `rematch_of` (their meta) as they are made or read.
    rematches: std::sync::Mutex<HashMap<String, String>>,
    /// Held while a rematch is made, so two seats asking at once make one.
    making_rematch: Mutex<()>,
    /// Event-stream tickets given for seat tokens.
    pub(crate) tickets: crate::tickets::Tickets,
}

fn store_err(e: StoreError) -> HostError {
    match e.kind {
        StoreErrorKind::Conflict => HostError::new(ErrorKind::Conflict, e.message),
        _ => HostError::storage(format!("not stored: {}", e.message)),
    }
}

fn not_found(id: &str) -> HostError {
    HostError::new(ErrorKind::NotFound, format!("no game `{id}`"))
}

/// What clients learn of a ruleset in the list of rulesets.
fn ruleset_entry(r: &dyn DynRuleset) -> Value {
    json!({
        "name": r.name(),
        "version": r.version(),
        "bots": r.bot_names(),
        "default_scenario": r.default_scenario(),
        "options": r.options(),
    })
}

impl Host {
    /// Loads the stored games in play (finished ones are read when asked
    /// for). `admin_token`: required to create games when given.
    pub fn load(
        storage: Arc<dyn Storage>,
        admin_token: Option<&str>,
    ) -> Result<Arc<Host>, HostError> {
        let rulesets: Vec<Arc<dyn DynRuleset>> = registry::rulesets();
        let mut games = HashMap::new();
        for stored in storage.load().map_err(store_err)? {
            let Some(rules) = rulesets
                .iter()
                .find(|r| r.name() == stored.game.ruleset)
                .cloned()
            else {
                tracing::warn!(game = %stored.game.id, ruleset = %stored.game.ruleset,
                    "stored game of a ruleset this build does not have; not hosted");
                continue;
            };
            let id = stored.game.id.clone();
            match Slot::from_row(
                rules,
                stored.game,
                stored.orders,
                stored.decisions,
                stored.turns,
            ) {
                Ok(slot) => {
                    games.insert(id, Arc::new(Mutex::new(slot)));
                }
                Err(e) => tracing::error!("{e}; not hosted"),
            }
        }
        tracing::info!(games = games.len(), "games loaded");
        let mut rematches = HashMap::new();
        for slot in games.values() {
            let slot = slot.try_lock().expect("nothing else holds a game yet");
            if let Some(of) = &slot.meta.rematch_of {
                rematches.insert(of.clone(), slot.id.clone());
            }
        }
        Ok(Arc::new(Host {
            storage,
            rulesets,
            games: RwLock::new(games),
            finished: Default::default(),
            finished_capacity: AtomicUsize::new(DEFAULT_FINISHED_CACHE),
            events: Events::default(),
            admin_hash: admin_token.map(auth::hash_token),
            files: OnceLock::new(),
            reruns: Default::default(),
            replays: Default::default(),
            rematches: std::sync::Mutex::new(rematches),
            making_rematch: Mutex::new(()),
            tickets: crate::tickets::Tickets::default(),
        }))
    }

    /// Lets games have folder seats, under `front`'s games directory (once).
    pub fn set_files(&self, front: FilesFront) {
        let _ = self.files.set(Arc::new(front));
    }

    pub(crate) fn files(&self) -> Option<Arc<FilesFront>> {
        self.files.get().cloned()
    }

    /// Stores a game's status for listings. Not waited for: the write is
    /// queued at once, and a status is derived data that the next listing
    /// of an unstored one writes again.
    /// Stores a finished game's status for listings and waits until it is
    /// durable, so a server started next lists the game without reading it
    /// (a failure is logged: the status is only a shortcut, and a listing
    /// without it reads the game and stores it again).
    async fn store_status(&self, game: String, status: Value) {
        let write = Write::Status {
            game: game.clone(),
            status,
        };
        if let Err(e) = crate::storage::durable(&*self.storage, write).await {
            tracing::warn!(game = %game, "the finished game's status was not stored: {e}");
        }
    }

    /// How many finished games stay in memory once read (at least 1).
    pub fn set_finished_cache(&self, games: usize) {
        self.finished_capacity
            .store(games.max(1), Ordering::Relaxed);
    }

    /// The ids of the games in play in memory.
    pub(crate) fn live_ids(&self) -> Vec<String> {
        let games = self.games.read().unwrap_or_else(|p| p.into_inner());
        games.keys().cloned().collect()
    }

    /// How many games are in memory: in play, and finished ones kept.
    pub fn in_memory(&self) -> (usize, usize) {
        let live = self.games.read().unwrap_or_else(|p| p.into_inner()).len();
        let done = self
            .finished
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .len();
        (live, done)
    }

    /// A game: from memory, else read from storage (a finished game, or on
    /// a shared database a game another process created) and kept.
    pub(crate) async fn slot(&self, id: &str) -> Result<Arc<Mutex<Slot>>, HostError> {
        if let Some(slot) = self.cached(id) {
            return Ok(slot);
        }
        // Anything but a plausible id is no game, without asking the database.
        if !auth::is_game_id(id) {
            return Err(not_found(id));
        }
        let stored = read(self.storage.load_game(id))
            .await
            .map_err(store_err)?
            .ok_or_else(|| not_found(id))?;
        let slot = self.build_slot(stored)?;
        Ok(self.keep(slot))
    }

    /// Keeps a slot read from storage: with the games in play, or with the
    /// finished ones kept. Another request may have read it meanwhile: the
    /// first one kept wins, so a game is never in memory twice.
    fn keep(&self, slot: Slot) -> Arc<Mutex<Slot>> {
        let id = slot.id.clone();
        if !slot.finished {
            let mut games = self.games.write().unwrap_or_else(|p| p.into_inner());
            return games
                .entry(id)
                .or_insert_with(|| Arc::new(Mutex::new(slot)))
                .clone();
        }
        if let Some(kept) = self.cached(&id) {
            return kept;
        }
        let slot = Arc::new(Mutex::new(slot));
        self.keep_finished(id, slot.clone());
        slot
    }

    fn keep_finished(&self, id: String, slot: Arc<Mutex<Slot>>) {
        let capacity = self.finished_capacity.load(Ordering::Relaxed);
        let mut done = self.finished.lock().unwrap_or_else(|p| p.into_inner());
        done.retain(|(k, _)| *k != id);
        done.push_back((id, slot));
        while done.len() > capacity {
            done.pop_front();
        }
    }

    /// Moves a game that just ended from the games in play to the finished
    /// ones kept (from where it leaves memory in time).
    fn retire(&self, id: &str) {
        let slot = self
            .games
            .write()
            .unwrap_or_else(|p| p.into_inner())
            .remove(id);
        if let Some(slot) = slot {
            self.keep_finished(id.to_string(), slot);
        }
    }

    fn cached(&self, id: &str) -> Option<Arc<Mutex<Slot>>> {
        if let Some(slot) = self.games.read().unwrap_or_else(|p| p.into_inner()).get(id) {
            return Some(slot.clone());
        }
        let mut done = self.finished.lock().unwrap_or_else(|p| p.into_inner());
        let i = done.iter().position(|(k, _)| k == id)?;
        // The most recently used goes last.
        let entry = done.remove(i)?;
        let slot = entry.1.clone();
        done.push_back(entry);
        Some(slot)
    }

    fn build_slot(&self, stored: StoredGame) -> Result<Slot, HostError> {
        let rules = self
            .rulesets
            .iter()
            .find(|r| r.name() == stored.game.ruleset)
            .cloned()
            .ok_or_else(|| {
                HostError::storage(format!(
                    "game {} is of ruleset {}, which this build does not have",
                    stored.game.id, stored.game.ruleset
                ))
            })?;
        let slot = Slot::from_row(
            rules,
            stored.game,
            stored.orders,
            stored.decisions,
            stored.turns,
        )?;
        if let Some(of) = &slot.meta.rematch_of {
            self.note_rematch(of, &slot.id);
        }
        Ok(slot)
    }

    fn note_rematch(&self, of: &str, id: &str) {
        let mut map = self.rematches.lock().unwrap_or_else(|p| p.into_inner());
        map.entry(of.to_string()).or_insert_with(|| id.to_string());
    }

    /// The id of game `id`'s rematch, when one was made (and this process
    /// has seen it: made here, or read since the start).
    pub fn rematch_of_game(&self, id: &str) -> Option<String> {
        let map = self.rematches.lock().unwrap_or_else(|p| p.into_inner());
        map.get(id).cloned()
    }

    /// Reads a game again from storage, for when this process's copy is
    /// behind (another process wrote to it). Returns whether the step moved.
    async fn refresh(&self, slot: &mut Slot) -> Result<bool, HostError> {
        let stored = read(self.storage.load_game(&slot.id))
            .await
            .map_err(store_err)?
            .ok_or_else(|| not_found(&slot.id))?;
        let fresh = self.build_slot(stored)?;
        let moved = fresh.step != slot.step;
        *slot = fresh;
        Ok(moved)
    }

    fn ruleset(&self, name: &str) -> Result<Arc<dyn DynRuleset>, HostError> {
        self.rulesets
            .iter()
            .find(|r| r.name().eq_ignore_ascii_case(name))
            .cloned()
            .ok_or_else(|| {
                let names: Vec<&str> = self.rulesets.iter().map(|r| r.name()).collect();
                HostError::bad_request("unknown ruleset").with_details(vec![Detail::field(
                    "ruleset",
                    format!("no ruleset `{name}`; this server has: {}", names.join(", ")),
                )])
            })
    }

    /// The rulesets and their bots, for clients.
    pub fn rulesets(&self) -> Value {
        Value::Array(self.rulesets.iter().map(|r| ruleset_entry(&**r)).collect())
    }

    /// One ruleset's entry, as [`Host::rulesets`] lists it, with the JSON
    /// schemas of its orders and views; by its name or one of its aliases
    /// (in any case), or a 404 naming the rulesets there are.
    pub fn ruleset_schemas(&self, name: &str) -> Result<Value, HostError> {
        let canonical = registry::plugin(name).map(|p| p.name()).ok();
        let rules = self
            .rulesets
            .iter()
            .find(|r| r.name().eq_ignore_ascii_case(name) || Some(r.name()) == canonical)
            .ok_or_else(|| {
                let names: Vec<&str> = self.rulesets.iter().map(|r| r.name()).collect();
                HostError::new(
                    ErrorKind::NotFound,
                    format!("no ruleset `{name}`; this server has: {}", names.join(", ")),
                )
            })?;
        let mut entry = ruleset_entry(&**rules);
        if let Some(m) = entry.as_object_mut() {
            m.insert("orders_schema".into(), rules.orders_schema());
            m.insert("view_schema".into(), rules.view_schema());
        }
        Ok(entry)
    }

    /// Creates a game: one token per human seat, shown once; one folder
    /// per folder seat.
    pub async fn create(
        self: &Arc<Self>,
        admin: Option<&str>,
        req: CreateGame,
    ) -> Result<Value, HostError> {
        if let Some(hash) = &self.admin_hash {
            match admin {
                None => {
                    return Err(HostError::new(
                        ErrorKind::Unauthorized,
                        "creating a game needs the admin token (Authorization: Bearer ...)",
                    ))
                }
                Some(t) if !auth::same_hash(hash, &auth::hash_token(t)) => {
                    return Err(HostError::new(
                        ErrorKind::Unauthorized,
                        "that is not the admin token",
                    ))
                }
                Some(_) => {}
            }
        }
        self.create_game(req).await
    }

    /// A new game like finished game `id` (its ruleset, scenario, options,
    /// seat kinds, deadline policy and turn limit; a fresh seed), asked for
    /// by one of its seats: players who just finished may play again
    /// without the admin token. Answers like [`Host::create`], with
    /// `rematch_of`.
    pub async fn rematch(
        self: &Arc<Self>,
        id: &str,
        token: &str,
    ) -> Result<(bool, Value), HostError> {
        let _one_at_a_time = self.making_rematch.lock().await;
        let (req, carry, seat) = {
            let slot = self.slot(id).await?;
            let slot = slot.lock().await;
            let Some(seat) = slot.seat_for(token) else {
                return Err(HostError::new(
                    ErrorKind::Unauthorized,
                    "a rematch is asked for by a seat of the game: send its token",
                ));
            };
            if !slot.finished {
                return Err(HostError::new(
                    ErrorKind::Conflict,
                    "the game is not over yet; a rematch follows a finished game",
                ));
            }
            if let Some(next) = self.rematch_of_game(id) {
                // Made already (by another seat): this seat's place in it.
                drop(slot);
                let status = self.status(&next).await?;
                return Ok((false, rematch_answer(&next, id, seat, token, status)));
            }
            let setup: Setup = serde_json::from_value(slot.base["setup"].clone())
                .map_err(|e| HostError::storage(format!("game {id}: stored setup: {e}")))?;
            // Only the options a player may set: the setup also keeps what
            // the rules drew at random, which a new game draws afresh.
            let settable: Vec<&str> = slot.rules.options().iter().map(|o| o.name).collect();
            let options = setup
                .options
                .into_iter()
                .filter(|(k, _)| settable.contains(&k.as_str()))
                .collect();
            let seats = slot
                .meta
                .seats
                .iter()
                .map(|s| match s {
                    SeatMeta::Human { .. } => SeatRequest::Human,
                    SeatMeta::Bot { bot } => SeatRequest::Bot(bot.clone()),
                    SeatMeta::Files { .. } => SeatRequest::Files,
                    SeatMeta::Rules { .. } => SeatRequest::Rules,
                })
                .collect();
            // Each person seat keeps its token: the same person plays the
            // same seat again, and nobody is ever handed another's token.
            let carry = Carry {
                rematch_of: id.to_string(),
                token_hashes: slot
                    .meta
                    .seats
                    .iter()
                    .map(|s| match s {
                        SeatMeta::Human { token_hash } => Some(token_hash.clone()),
                        _ => None,
                    })
                    .collect(),
            };
            let req = CreateGame {
                ruleset: slot.rules.name().to_string(),
                scenario: Some(setup.scenario),
                scenario_text: setup.text,
                seats,
                seed: None,
                deadline: slot.meta.deadline,
                max_turns: slot.meta.max_turns,
                options,
            };
            (req, carry, seat)
        };
        let created = self.create_game_with(req, Some(carry)).await?;
        let next = created["id"].as_str().unwrap_or_default().to_string();
        self.note_rematch(id, &next);
        self.events.publish(
            id,
            Event {
                kind: "rematch",
                seat: None,
                data: json!({"rematch": next, "rematch_of": id}),
            },
        );
        let status = created["status"].clone();
        Ok((true, rematch_answer(&next, id, seat, token, status)))
    }

    /// Creates a game once whoever asked may: the checks of the request,
    /// the setup, the first durable write.
    async fn create_game(self: &Arc<Self>, req: CreateGame) -> Result<Value, HostError> {
        self.create_game_with(req, None).await
    }

    /// [`Host::create_game`], for a rematch with what it carries over.
    async fn create_game_with(
        self: &Arc<Self>,
        req: CreateGame,
        carry: Option<Carry>,
    ) -> Result<Value, HostError> {
        let rules = self.ruleset(&req.ruleset)?;
        check_options(&*rules, &req.options)?;
        // Before setting up, so a bad deadline is told whatever the scenario.
        req.deadline.check(req.seats.len().max(1))?;
        if req.seats.is_empty() || req.seats.len() > MAX_SEATS {
            return Err(
                HostError::bad_request("bad seats").with_details(vec![Detail::field(
                    "seats",
                    format!("between 1 and {MAX_SEATS} seats"),
                )]),
            );
        }
        let mut details = vec![];
        for (i, s) in req.seats.iter().enumerate() {
            if s.bot().is_some_and(|b| !rules.bot_names().contains(&b)) {
                details.push(Detail::field(
                    format!("seats[{i}]"),
                    format!(
                        "`human`, `files` or a bot of {}: {}",
                        rules.name(),
                        rules.bot_names().join(", ")
                    ),
                ));
            } else if *s == SeatRequest::Files && self.files.get().is_none() {
                details.push(Detail::field(
                    format!("seats[{i}]"),
                    "this server has no games directory for folder seats",
                ));
            }
        }
        if !details.is_empty() {
            return Err(HostError::bad_request("bad seats").with_details(details));
        }
        let max_turns = req.max_turns.unwrap_or(DEFAULT_MAX_TURNS);
        if !(1..=MAX_TURNS_LIMIT).contains(&max_turns) {
            return Err(HostError::bad_request("bad turn limit").with_details(vec![
                Detail::field(
                    "max_turns",
                    format!("give 1 to {MAX_TURNS_LIMIT} turns, not {max_turns}"),
                ),
            ]));
        }
        let seed = req.seed.unwrap_or_else(|| {
            let mut b = [0u8; 8];
            getrandom::fill(&mut b).expect("the operating system's random generator works");
            u64::from_le_bytes(b)
        });
        // Text given without a name is named after its field, so that its
        // errors point at it (`scenario_text:3:5`) and not at the default map.
        let scenario = match (&req.scenario, &req.scenario_text) {
            (Some(name), _) => name.clone(),
            (None, Some(_)) => SCENARIO_TEXT.to_string(),
            (None, None) => rules.default_scenario().to_string(),
        };
        let mut setup = Setup {
            scenario: scenario.clone(),
            text: req.scenario_text.clone(),
            seats: req
                .seats
                .iter()
                .map(|s| SeatSpec {
                    name: None,
                    bot: s.bot().map(str::to_string),
                    rules: *s == SeatRequest::Rules,
                })
                .collect(),
            seed,
            options: req.options.clone(),
        };
        // The seats the rules play (Tactics' Chaos team) may be left out of
        // the request: they are put in here, and never get a token.
        let played = rules.rules_seats(&setup);
        engine::place_rules_seats(&played, &mut setup.seats).map_err(|e| {
            HostError::bad_request("bad seats").with_details(vec![Detail::field(
                e.location.clone().unwrap_or_else(|| "seats".into()),
                e.message,
            )])
        })?;
        let seat_reqs: Vec<SeatRequest> = {
            let mut given = req.seats.iter().filter(|s| **s != SeatRequest::Rules);
            setup
                .seats
                .iter()
                .map(|s| match s.rules {
                    true => SeatRequest::Rules,
                    false => given.next().cloned().unwrap_or(SeatRequest::Human),
                })
                .collect()
        };
        let created = record::time::now_iso8601();
        let rules2 = rules.clone();
        let created2 = created.clone();
        // Setting up may parse a big scenario: off the async threads.
        let game = tokio::task::spawn_blocking(move || rules2.start(setup, true, Some(&created2)))
            .await
            .map_err(|e| HostError::storage(format!("setup failed: {e}")))?
            .map_err(|e| {
                HostError::bad_request("the game cannot be set up").with_details(vec![
                    setup_detail(&e, &scenario, req.scenario_text.is_some()),
                ])
            })?;
        let n = game.seats().len();
        engine::check_players(&*game, seat_reqs.len() - played.len()).map_err(|e| {
            HostError::bad_request("wrong number of seats").with_details(vec![Detail::field(
                e.location.unwrap_or_default(),
                e.message,
            )])
        })?;
        req.deadline.check(n)?;
        let id = auth::new_game_id();
        let folders = self.create_folders(&id, &seat_reqs)?;
        let mut tokens = vec![];
        let seats = seat_reqs
            .iter()
            .enumerate()
            .map(|(i, s)| match s {
                SeatRequest::Human => {
                    let kept = carry
                        .as_ref()
                        .and_then(|c| c.token_hashes.get(i).cloned().flatten());
                    match kept {
                        Some(token_hash) => SeatMeta::Human { token_hash },
                        None => {
                            let token = auth::new_token();
                            let token_hash = auth::hash_token(&token);
                            tokens.push(json!({"seat": i, "token": token}));
                            SeatMeta::Human { token_hash }
                        }
                    }
                }
                SeatRequest::Bot(bot) => SeatMeta::Bot { bot: bot.clone() },
                SeatRequest::Rules => SeatMeta::Rules {
                    player: played
                        .iter()
                        .find(|r| r.seat.0 == i)
                        .map(|r| r.player.to_string())
                        .unwrap_or_default(),
                },
                SeatRequest::Files => SeatMeta::Files {
                    folder: folders
                        .iter()
                        .find(|(n, _)| *n == i)
                        .map(|(_, d)| d.display().to_string())
                        .unwrap_or_default(),
                },
            })
            .collect();
        let base = game.save_base();
        let now = now_ms();
        let mut slot = Slot {
            id: id.clone(),
            rules,
            game,
            meta: Meta {
                seed,
                seats,
                deadline: req.deadline,
                created,
                max_turns: Some(max_turns),
                rematch_of: carry.map(|c| c.rematch_of),
            },
            step: 0,
            step_started_ms: now,
            base,
            turns: vec![],
            decisions: vec![],
            orders: Default::default(),
            finished: false,
        };
        slot.finished = slot.outcome().is_some();
        let bot_rows = slot.bot_orders(now);
        for r in &bot_rows {
            slot.orders.insert(r.seat, r.clone());
        }
        durable(
            &*self.storage,
            Write::CreateGame {
                game: slot.row(),
                orders: bot_rows,
            },
        )
        .await
        .map_err(|e| {
            if let (Some(front), false) = (self.files.get(), folders.is_empty()) {
                front.remove_game_dir(&id);
            }
            store_err(e)
        })?;
        let status = slot.status();
        if slot.finished {
            // Over at set-up: listed from its stored status from now on.
            self.store_status(id.clone(), status.clone()).await;
        }
        self.keep(slot);
        tracing::info!(game = %id, "game created");
        if let Some(front) = self.files.get() {
            for (seat, _) in &folders {
                files::spawn_seat(self.clone(), front.clone(), id.clone(), *seat);
            }
        }
        Ok(
            json!({"id": id, "tokens": tokens, "folders": files::folders_json(&folders), "status": status}),
        )
    }

    /// The folders of a new game's folder seats, created.
    fn create_folders(
        &self,
        id: &str,
        seats: &[SeatRequest],
    ) -> Result<Vec<(usize, std::path::PathBuf)>, HostError> {
        let wanted: Vec<usize> = (0..seats.len())
            .filter(|&i| seats[i] == SeatRequest::Files)
            .collect();
        match self.files.get() {
            Some(front) if !wanted.is_empty() => Ok(wanted
                .iter()
                .copied()
                .zip(front.create_dirs(id, &wanted)?)
                .collect()),
            _ => Ok(vec![]),
        }
    }

    /// One page of the games' public statuses (`GET /api/games`): in
    /// creation order (or newest first), the page starting after the game
    /// `page.after`. Storage gives the page's ids; a game in memory gives
    /// its status, a finished one not in memory the status stored when it
    /// ended, so listing every page reads no finished game (but those of a
    /// database older than stored statuses, read once and their status
    /// stored then).
    pub async fn list(&self, page: &Page) -> Result<Listed, HostError> {
        let stored = read(
            self.storage
                .page(page.after.as_deref(), page.limit, page.newest_first),
        )
        .await
        .map_err(store_err)?
        .ok_or_else(|| {
            let after = page.after.clone().unwrap_or_default();
            HostError::bad_request("no such game to list after").with_details(vec![Detail::field(
                "after",
                format!(
                    "`{after}` is not a game here; give the id of the last game \
                         of the page before, or leave `after` out for the first page"
                ),
            )])
        })?;
        let next_after = stored
            .more
            .then(|| stored.games.last().map(|g| g.id.clone()))
            .flatten();
        let mut games = Vec::with_capacity(stored.games.len());
        for listed in stored.games {
            if let Some(slot) = self.cached(&listed.id) {
                games.push(slot.lock().await.status());
                continue;
            }
            match listed.status {
                Some(st) if st["finished"] == true => games.push(st),
                _ => {
                    let Ok(slot) = self.slot(&listed.id).await else {
                        continue;
                    };
                    let slot = slot.lock().await;
                    let status = slot.status();
                    if slot.finished {
                        self.store_status(listed.id.clone(), status.clone()).await;
                    }
                    games.push(status);
                }
            }
        }
        Ok(Listed {
            games,
            total: stored.total,
            next_after,
        })
    }

    pub async fn status(&self, id: &str) -> Result<Value, HostError> {
        let mut status = self.slot(id).await?.lock().await.status();
        if let Some(next) = self.rematch_of_game(id) {
            status["rematch"] = json!(next);
        }
        Ok(status)
    }

    /// The seat of a token in a game: 401 for a token of no seat here.
    pub async fn seat_of(&self, id: &str, token: &str) -> Result<usize, HostError> {
        let slot = self.slot(id).await?;
        let slot = slot.lock().await;
        slot.seat_for(token).ok_or_else(|| {
            HostError::new(
                ErrorKind::Unauthorized,
                "that token is not a seat of this game",
            )
        })
    }

    /// A seat's view (with its token) or the spectators' (without).
    /// `files`: the ruleset's native view files instead of JSON.
    pub async fn view(
        &self,
        id: &str,
        token: Option<&str>,
        files: bool,
    ) -> Result<Value, HostError> {
        let slot = self.slot(id).await?;
        let slot = slot.lock().await;
        let seat = match token {
            None => None,
            Some(t) => Some(Seat(slot.seat_for(t).ok_or_else(|| {
                HostError::new(
                    ErrorKind::Unauthorized,
                    "that token is not a seat of this game",
                )
            })?)),
        };
        if files {
            let files: Vec<Value> = slot
                .game
                .view_files(seat)
                .into_iter()
                .map(|(name, contents)| json!({"name": name, "contents": contents}))
                .collect();
            let orders_file = seat.map(|s| slot.game.orders_file_name(s));
            Ok(
                json!({"seat": seat.map(|s| s.0), "turn": slot.game.turn(), "step": slot.step, "files": files, "orders_file": orders_file}),
            )
        } else {
            Ok(
                json!({"seat": seat.map(|s| s.0), "turn": slot.game.turn(), "step": slot.step, "view": slot.game.view(seat)}),
            )
        }
    }

    /// The record: whole once the game is over, the public part before.
    pub async fn record(&self, id: &str) -> Result<Value, HostError> {
        let slot = self.slot(id).await?;
        let slot = slot.lock().await;
        let record = serde_json::to_value(slot.game.record()).expect("records serialise");
        Ok(if slot.finished {
            record
        } else {
            redact_record(record, slot.game.units_public())
        })
    }

    /// A page of game `id`'s record: its turns `from` (their place in the
    /// record, 0 for the first) up to `from + count`, with the record's
    /// other fields, and `page: {from, count, total, next}` (`next`: where
    /// the next page starts, `null` after the last). The same secrecy as
    /// [`Host::record`]: while the game runs, only the public parts. A big
    /// map's record is tens of megabytes; a page is what a client reads a
    /// few turns at a time. `from == total` is an empty last page (a client
    /// polling for new turns); beyond it, a 400 naming `from`.
    pub async fn record_page(
        &self,
        id: &str,
        from: usize,
        count: usize,
    ) -> Result<Value, HostError> {
        let slot = self.slot(id).await?;
        let slot = slot.lock().await;
        let mut record = slot
            .game
            .record()
            .ok_or_else(|| HostError::new(ErrorKind::NotFound, "this game keeps no record"))?;
        let finished = slot.finished;
        let units_public = slot.game.units_public();
        drop(slot);
        let total = record.turns.len();
        if from > total {
            return Err(
                HostError::bad_request("bad from").with_details(vec![Detail::field(
                    "from",
                    format!("the record has {total} turns: from 0 to {total}, not {from}"),
                )]),
            );
        }
        let end = from.saturating_add(count).min(total);
        record.turns = record.turns.drain(from..end).collect();
        let page = serde_json::to_value(record).expect("records serialise");
        let mut page = if finished {
            page
        } else {
            redact_record(page, units_public)
        };
        if let Value::Object(o) = &mut page {
            o.insert(
                "page".into(),
                json!({
                    "from": from,
                    "count": end - from,
                    "total": total,
                    "next": (end < total).then_some(end),
                }),
            );
        }
        Ok(page)
    }

    /// Takes a seat's orders for the current turn: checked at once (every
    /// error back), stored durably, then acknowledged. `turn`: when given,
    /// the orders are for that turn only (409 if the game moved on).
    pub async fn submit(
        self: &Arc<Self>,
        id: &str,
        token: &str,
        orders: Submitted,
        turn: Option<u64>,
    ) -> Result<Value, HostError> {
        let slot_arc = self.slot(id).await?;
        let slot = slot_arc.lock().await;
        let seat = slot.seat_for(token).ok_or_else(|| {
            HostError::new(
                ErrorKind::Unauthorized,
                "that token is not a seat of this game",
            )
        })?;
        self.submit_as(id, slot, seat, orders, turn).await
    }

    /// Takes `seat`'s orders (the seat is already known: from a token, or a
    /// folder seat): what [`Host::submit`] does once the token is checked.
    pub(crate) async fn submit_as(
        self: &Arc<Self>,
        id: &str,
        mut slot: tokio::sync::MutexGuard<'_, Slot>,
        seat: usize,
        orders: Submitted,
        turn: Option<u64>,
    ) -> Result<Value, HostError> {
        if slot.finished {
            return Err(HostError::new(ErrorKind::Conflict, "the game is over"));
        }
        if let Some(t) = turn {
            if t != slot.game.turn() {
                return Err(HostError::new(
                    ErrorKind::Conflict,
                    format!(
                        "these orders are for turn {t}; the game is at turn {}",
                        slot.game.turn()
                    ),
                ));
            }
        }
        if !slot.game.awaiting().contains(&Seat(seat)) {
            return Err(HostError::new(
                ErrorKind::Conflict,
                format!(
                    "seat {seat} is not asked for orders on turn {}",
                    slot.game.turn()
                ),
            ));
        }
        let (format, body, result) = match orders {
            Submitted::Json(v) => {
                let body = v.to_string();
                (
                    OrderFormat::Json,
                    body,
                    slot.game.submit_json(Seat(seat), v),
                )
            }
            Submitted::Text(bytes) => {
                let text = String::from_utf8(bytes)
                    .map_err(|_| HostError::bad_request("orders text must be UTF-8"))?;
                if text.contains('\0') {
                    // No orders format uses it, and PostgreSQL cannot store it.
                    return Err(HostError::bad_request(
                        "orders text must not contain NUL characters",
                    ));
                }
                let r = match slot.game.submit_text(Seat(seat), text.as_bytes()) {
                    ParsedOrders::Accepted(notes) => Ok(notes),
                    ParsedOrders::Rejected(errors) => Err(errors),
                    ParsedOrders::Incomplete => {
                        return Err(HostError::new(ErrorKind::Rejected, INCOMPLETE))
                    }
                };
                (OrderFormat::Text, text, r)
            }
        };
        let notes = result.map_err(|errors| {
            HostError::new(
                ErrorKind::Rejected,
                "the orders were rejected; nothing was kept",
            )
            .with_details(errors.iter().map(Detail::from).collect())
        })?;
        let row = OrderRow {
            seat,
            format,
            body,
            at_ms: now_ms(),
        };
        let step = slot.step;
        let write = Write::PutOrders {
            game: id.to_string(),
            step,
            order: row.clone(),
        };
        if let Err(e) = durable(&*self.storage, write).await {
            // Not durable, so not kept: back to what storage holds.
            if e.kind == StoreErrorKind::Conflict && self.storage.shared() {
                // Another process resolved the turn: catch up, so the next
                // look at the game shows where it is.
                if let Err(r) = self.refresh(&mut slot).await {
                    tracing::error!(game = %id, "cannot read the game again: {r}");
                }
                return Err(HostError::new(
                    ErrorKind::Conflict,
                    format!(
                        "the game moved on to turn {} meanwhile; nothing was kept, look again",
                        slot.game.turn()
                    ),
                ));
            }
            if let Err(r) = slot.rebuild() {
                tracing::error!(game = %id, "cannot rebuild after a failed write: {r}");
            }
            return Err(store_err(e));
        }
        slot.orders.insert(seat, row);
        let due = slot.due(now_ms());
        let status = json!({
            "accepted": true,
            "turn": slot.game.turn(),
            "step": step,
            "notes": notes.iter().map(Detail::from).collect::<Vec<_>>(),
        });
        drop(slot);
        if due {
            let host = self.clone();
            let id = id.to_string();
            tokio::spawn(async move { host.resolve_due(&id).await });
        }
        Ok(status)
    }

    /// A seat's decision at the table (resign; offer, accept, decline or
    /// withdraw a draw), checked by the match, stored durably, then told to
    /// the game's listeners. `accept` is an offer that needs another seat's
    /// offer to accept. Returns the table and the status after it.
    pub async fn decide(
        self: &Arc<Self>,
        id: &str,
        token: &str,
        act: TableAct,
        accept: bool,
    ) -> Result<Value, HostError> {
        let slot_arc = self.slot(id).await?;
        let mut slot = slot_arc.lock().await;
        let seat = slot.seat_for(token).ok_or_else(|| {
            HostError::new(
                ErrorKind::Unauthorized,
                "that token is not a seat of this game",
            )
        })?;
        if slot.finished {
            let why = slot
                .outcome()
                .map(|o| o.summary(&slot.game.seats()))
                .unwrap_or_else(|| "it has ended".into());
            return Err(HostError::new(
                ErrorKind::Conflict,
                format!("the game is over ({why}); nothing more can be decided"),
            ));
        }
        let table = slot.game.table();
        if accept && !table.draw_offers.iter().any(|s| s.0 != seat) {
            return Err(HostError::new(
                ErrorKind::Conflict,
                "no draw is offered to this seat; there is nothing to accept (offer one instead)",
            ));
        }
        let at = record::time::now_iso8601();
        // The match checks it (a resigned seat, nothing to decline or
        // withdraw): refused, nothing changes.
        if let Err(e) = slot.game.act(Seat(seat), act, Some(&at)) {
            return Err(HostError::new(ErrorKind::Conflict, e.message.clone())
                .with_details(vec![Detail::from(&e)]));
        }
        let decision = DecisionRow {
            seq: slot.decisions.len() as u64,
            seat,
            act: act_name(act),
            at,
        };
        let finished = slot.outcome().is_some();
        let write = Write::PutDecision {
            game: id.to_string(),
            step: slot.step,
            decision: decision.clone(),
            finished,
        };
        if let Err(e) = durable(&*self.storage, write).await {
            // Not durable, so not kept: back to what storage holds.
            if e.kind == StoreErrorKind::Conflict && self.storage.shared() {
                if let Err(r) = self.refresh(&mut slot).await {
                    tracing::error!(game = %id, "cannot read the game again: {r}");
                }
                return Err(HostError::new(
                    ErrorKind::Conflict,
                    "the game moved on meanwhile; nothing was decided, look again",
                ));
            }
            if let Err(r) = slot.rebuild() {
                tracing::error!(game = %id, "cannot rebuild after a failed write: {r}");
            }
            return Err(store_err(e));
        }
        slot.decisions.push(decision);
        slot.finished = finished;
        let said = Table::describe(&slot.game.seats(), Seat(seat), act);
        tracing::debug!(game = %id, seat, act = ?act, "decided at the table");
        if finished {
            self.store_status(slot.id.clone(), slot.status()).await;
        }
        self.publish_table(&slot);
        let answer = json!({"said": said, "table": slot.table_status(), "status": slot.status()});
        let due = !finished && slot.due(now_ms());
        drop(slot);
        if finished {
            self.retire(id);
        } else if due {
            // A resignation can leave every seat still asked with orders in.
            let host = self.clone();
            let id = id.to_string();
            tokio::spawn(async move { host.resolve_due(&id).await });
        }
        Ok(answer)
    }

    /// Tells the game's listeners what stands at the table (a `table`
    /// event for everyone), and "game over" when the table ended it.
    fn publish_table(&self, slot: &Slot) {
        self.events.publish(
            &slot.id,
            Event {
                kind: "table",
                seat: None,
                data: json!({"step": slot.step, "turn": slot.game.turn(), "table": slot.table_status()}),
            },
        );
        if slot.finished {
            self.publish_game_over(slot);
        }
    }

    /// Tells the game's listeners it is over, with its outcome; nothing
    /// more will be said, so their streams end after this event.
    fn publish_game_over(&self, slot: &Slot) {
        self.events.publish(&slot.id, game_over_event(slot));
        self.events.close(&slot.id);
    }

    /// Resolves the game's turns for as long as they are due (all-bot turns
    /// follow each other at once).
    pub async fn resolve_due(&self, id: &str) {
        self.resolve_due_with(id, true).await
    }

    /// [`Host::resolve_due`] for the scheduler's sweep: a game that another
    /// process is resolving right now is left to it.
    pub async fn sweep(&self, id: &str) {
        self.resolve_due_with(id, false).await
    }

    async fn resolve_due_with(&self, id: &str, wait: bool) {
        let Some(slot_arc) = self.cached(id) else {
            return;
        };
        let mut conflicts = 0;
        loop {
            let mut slot = slot_arc.lock().await;
            if !slot.due(now_ms()) {
                return;
            }
            match self.resolve_step(&mut slot, wait).await {
                Ok(()) if slot.finished => {
                    drop(slot);
                    self.retire(id);
                    return;
                }
                Ok(()) => {}
                Err(e) if e.kind == ErrorKind::Conflict && self.storage.shared() => {
                    // Another process got there first, or took orders this
                    // one has not heard of yet: read the game again and look.
                    conflicts += 1;
                    if let Err(r) = self.refresh(&mut slot).await {
                        tracing::error!(game = %id, "cannot read the game again: {r}");
                        return;
                    }
                    if !wait || conflicts >= MAX_ATTEMPTS {
                        tracing::debug!(game = %id, "resolution left for later: {e}");
                        return;
                    }
                }
                Err(e) => {
                    tracing::error!(game = %id, "turn not resolved: {e}");
                    return;
                }
            }
        }
    }

    /// Resolves the current step and commits it; on failure the slot is back
    /// to what storage holds.
    async fn resolve_step(&self, slot: &mut Slot, wait: bool) -> Result<(), HostError> {
        let now = now_ms();
        let at = record::time::now_iso8601();
        let report = slot.game.resolve(Some(&at));
        if slot.game.outcome().is_none() && slot.step + 1 >= slot.meta.max_turns.unwrap_or(u64::MAX)
        {
            // The turn limit ends the game: its record says so too.
            let limit = slot.meta.max_turns.unwrap_or(u64::MAX);
            slot.game.conclude(&turn_limit_outcome(limit), Some(&at));
        }
        let new_base = slot.game.save_base();
        let record_turn = slot.game.last_turn_json();
        let (old_base, old_step, old_started) =
            (slot.base.clone(), slot.step, slot.step_started_ms);
        let old_orders = std::mem::take(&mut slot.orders);
        let old_decisions = std::mem::take(&mut slot.decisions);
        slot.base = new_base;
        if let Some(t) = &record_turn {
            slot.turns.push(t.clone());
        }
        slot.step += 1;
        slot.step_started_ms = now;
        let finished = slot.outcome().is_some();
        slot.finished = finished;
        let bot_rows = if finished {
            vec![]
        } else {
            slot.bot_orders(now)
        };
        let report_json = json!({
            "turn": report.turn,
            "defaulted": report.defaulted.iter().map(|s| s.0).collect::<Vec<_>>(),
            "outcome": slot.outcome(),
        });
        let write = Write::CommitTurn {
            game: slot.row(),
            turn: TurnRow {
                step: slot.step,
                turn: report.turn,
                resolved_at: at,
                report: report_json.clone(),
                record: record_turn.clone(),
            },
            orders: bot_rows.clone(),
            used: old_orders.values().cloned().collect(),
            decided: old_decisions.len() as u64,
            wait,
        };
        if let Err(e) = durable(&*self.storage, write).await {
            slot.base = old_base;
            if record_turn.is_some() {
                slot.turns.pop();
            }
            slot.step = old_step;
            slot.step_started_ms = old_started;
            slot.orders = old_orders;
            slot.decisions = old_decisions;
            if let Err(r) = slot.rebuild() {
                tracing::error!(game = %slot.id, "cannot rebuild after a failed commit: {r}");
            }
            return Err(store_err(e));
        }
        slot.orders = bot_rows.into_iter().map(|r| (r.seat, r)).collect();
        if finished {
            // What listings show of it from now on (a finished game's
            // status never changes).
            self.store_status(slot.id.clone(), slot.status()).await;
        }
        tracing::debug!(game = %slot.id, turn = report.turn, step = slot.step, "turn resolved");
        self.publish_turn(slot, report.turn, report_json["defaulted"].clone());
        Ok(())
    }

    /// Tells the game's listeners that `turn` was resolved and what comes
    /// next.
    fn publish_turn(&self, slot: &Slot, turn: u64, defaulted: Value) {
        self.events.publish(
            &slot.id,
            Event {
                kind: "turn_resolved",
                seat: None,
                data: json!({"turn": turn, "step": slot.step, "next_turn": slot.game.turn(), "defaulted": defaulted}),
            },
        );
        if slot.finished {
            self.publish_game_over(slot);
        } else {
            for seat in slot.game.missing() {
                if !slot.is_bot(seat.0) {
                    self.events.publish(
                        &slot.id,
                        Event {
                            kind: "awaiting_you",
                            seat: Some(seat.0),
                            data: json!({"seat": seat.0, "turn": slot.game.turn(), "step": slot.step}),
                        },
                    );
                }
            }
        }
    }

    /// Follows what other processes commit to a shared database: refreshes
    /// the games concerned, tells their listeners, and resolves turns that
    /// became due (orders from several processes completing a step). Runs
    /// until `shutdown` turns true.
    pub async fn follow(self: Arc<Self>, mut shutdown: tokio::sync::watch::Receiver<bool>) {
        let Some(mut notices) = self.storage.notices() else {
            return;
        };
        loop {
            let notice = tokio::select! {
                n = notices.recv() => n,
                _ = shutdown.changed() => return,
            };
            if *shutdown.borrow() {
                return;
            }
            let notice = match notice {
                Ok(n) => n,
                Err(tokio::sync::broadcast::error::RecvError::Lagged(_)) => Notice::Resync,
                Err(tokio::sync::broadcast::error::RecvError::Closed) => return,
            };
            self.heard(notice).await;
        }
    }

    async fn heard(self: &Arc<Self>, notice: Notice) {
        let (id, due) = match notice {
            Notice::Created { game } => {
                if let Err(e) = self.slot(&game).await {
                    tracing::warn!(game = %game, "cannot load a game created elsewhere: {e}");
                }
                // Its creator plays its bots' turns (this scheduler is the
                // safety net), so the servers do not race for every step.
                (game, false)
            }
            Notice::Orders {
                game,
                step,
                seat,
                order,
            } => {
                let Some(slot) = self.cached(&game) else {
                    return;
                };
                let mut slot = slot.lock().await;
                // Orders of this step that came with the notice are applied
                // as if submitted here (unless this copy holds newer ones
                // for the seat); anything else means reading the game again.
                // Should this copy still be off, the resolution's check
                // against the stored orders catches it.
                let applied = match order {
                    _ if slot.step > step => true,
                    Some(o) if slot.step == step => {
                        if slot.orders.get(&seat).is_some_and(|m| m.at_ms > o.at_ms) {
                            true
                        } else if apply_order(&mut *slot.game, &o).is_ok() {
                            slot.orders.insert(seat, o);
                            true
                        } else {
                            false
                        }
                    }
                    _ => false,
                };
                if !applied {
                    if let Err(e) = self.refresh(&mut slot).await {
                        tracing::warn!(game = %game, "cannot read the game again: {e}");
                    }
                }
                let due = slot.due(now_ms());
                (game, due)
            }
            Notice::Turn {
                game,
                step,
                turn,
                defaulted,
                finished: _,
            } => {
                let Some(slot) = self.cached(&game) else {
                    return;
                };
                let mut slot = slot.lock().await;
                if slot.step < step {
                    if let Err(e) = self.refresh(&mut slot).await {
                        tracing::warn!(game = %game, "cannot read the game again: {e}");
                        return;
                    }
                }
                if slot.step == step {
                    self.publish_turn(&slot, turn, json!(defaulted));
                }
                if slot.finished {
                    drop(slot);
                    self.retire(&game);
                }
                // The server that resolved it goes on with any turn that is
                // due at once; this scheduler is the safety net.
                (game, false)
            }
            Notice::Decision { game, step } => {
                let Some(slot) = self.cached(&game) else {
                    return;
                };
                let mut slot = slot.lock().await;
                if slot.step <= step {
                    if let Err(e) = self.refresh(&mut slot).await {
                        tracing::warn!(game = %game, "cannot read the game again: {e}");
                        return;
                    }
                }
                if slot.step == step {
                    self.publish_table(&slot);
                }
                if slot.finished {
                    drop(slot);
                    self.retire(&game);
                    return;
                }
                let due = slot.due(now_ms());
                (game, due)
            }
            Notice::Resync => {
                let ids: Vec<String> = {
                    let games = self.games.read().unwrap_or_else(|p| p.into_inner());
                    games.keys().cloned().collect()
                };
                for id in ids {
                    if let Some(slot) = self.cached(&id) {
                        let mut slot = slot.lock().await;
                        if let Err(e) = self.refresh(&mut slot).await {
                            tracing::warn!(game = %id, "cannot read the game again: {e}");
                        }
                        if slot.due(now_ms()) {
                            let host = self.clone();
                            tokio::spawn(async move { host.sweep(&id).await });
                        }
                    }
                }
                return;
            }
        };
        if due {
            let host = self.clone();
            tokio::spawn(async move { host.resolve_due(&id).await });
        }
    }

    /// Games whose turn is due now (deadline passed, or ready after a
    /// restart); games busy right now are looked at next time.
    pub fn due_games(&self) -> Vec<String> {
        let now = now_ms();
        let games = self.games.read().unwrap_or_else(|p| p.into_inner());
        games
            .iter()
            .filter(|(_, slot)| slot.try_lock().map(|s| s.due(now)).unwrap_or(false))
            .map(|(id, _)| id.clone())
            .collect()
    }

    /// What a new listener for `seat` must hear at once: "awaiting you"
    /// when the seat owes orders now, "game over" when it is over.
    pub async fn current_events(
        &self,
        id: &str,
        seat: Option<usize>,
    ) -> Result<Vec<Event>, HostError> {
        let slot = self.slot(id).await?;
        let slot = slot.lock().await;
        let mut out = vec![];
        if slot.finished {
            out.push(game_over_event(&slot));
        } else if let Some(seat) = seat {
            if slot.game.missing().contains(&Seat(seat)) {
                out.push(Event {
                    kind: "awaiting_you",
                    seat: Some(seat),
                    data: json!({"seat": seat, "turn": slot.game.turn(), "step": slot.step}),
                });
            }
        }
        Ok(out)
    }
}

/// The "game over" event of a finished game, with its outcome: published
/// when it ends and given again to whoever connects afterwards.
fn game_over_event(slot: &Slot) -> Event {
    Event {
        kind: "game_over",
        seat: None,
        data: json!({"outcome": slot.outcome()}),
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_set_up_error_tells_no_file_path_of_the_server() {
        assert_eq!(
            super::without_paths(
                "module \"x\" was not found; looked in /srv/lib, ../shared/corpus/xconq/lib.\n\
                 See `types[].name` or https://example.org/a (C:\\games\\lib)"
            ),
            "module \"x\" was not found; looked in (a folder on the server), (a folder on the \
             server).\nSee `types[].name` or https://example.org/a ((a folder on the server))"
        );
    }
}

//! Play by files as one more front door of the host: a seat of a hosted game
//! may be played through a folder the server writes and watches, exactly as
//! `orderly ttrts`/`tae play`/`fullthrust` folders are played (the file
//! writing comes from the `playfile` crate), while the game itself stays in
//! the host's core and storage like any other.
//!
//! * `POST /api/games` asks for such a seat with `"files"` (or
//!   `{"kind": "files"}`) in `seats`. The folder is
//!   `<games dir>/<game id>/seat-<n>`, derived by the server only (no client
//!   path is ever used), and reported in the response and the status.
//! * Each step, the seat's view files and a `status.json` for that seat
//!   (only it listed as awaited) are written there; at the end, with the
//!   final views, the whole `record.json`.
//! * The seat's orders file of the current turn is taken when complete:
//!   submitted through `Host::submit_as`, the very path HTTP orders take
//!   (checked, durable before it counts). Rejected: an `.errors.txt` beside
//!   it and the game waits for a corrected file; accepted with notes: a
//!   `.notes.txt`.
//! * Waiting: one file-system watcher for all seat folders, the game's own
//!   events, and a slow re-check in case a notification is missed; never a
//!   busy loop. After a restart every unfinished game's folder seats are
//!   watched again, their views re-written, and an orders file already
//!   there is taken.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use engine::{OrderIssue, Seat};
use notify::{RecursiveMode, Watcher};
use playfile::Status;
use serde::Deserialize;
use serde_json::{json, Value};
use tokio::sync::{broadcast, watch, Notify};

use crate::error::{Detail, ErrorKind, HostError};
use crate::host::{Host, Submitted, INCOMPLETE};
use crate::slot::SeatMeta;

/// How often a seat folder is looked at when nothing was heard.
const RECHECK: Duration = Duration::from_secs(1);

/// The name of the folder holding the games' seat folders, beside a SQLite
/// database when no `--files-dir` is given.
pub const DEFAULT_DIR_NAME: &str = "games";

/// One entry of `seats` in `POST /api/games`: `"human"`, `"files"` or a
/// built-in bot's name, `"rules"` (a seat the ruleset's rules play, such
/// as Tactics' Chaos team; such seats may also be left out), or the object
/// forms `{"kind": "human"}`, `{"kind": "files"}`, `{"kind": "rules"}`,
/// `{"kind": "bot", "bot": NAME}`.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(try_from = "Value")]
pub enum SeatRequest {
    /// Played over HTTP with the seat's token.
    Human,
    /// Played by files in a folder the server writes and watches.
    Files,
    /// A built-in bot the server plays.
    Bot(String),
    /// A seat the rules play themselves ([`engine::Ruleset::rules_seats`]).
    Rules,
}

const SEAT_FORMS: &str =
    "a seat is `\"human\"`, `\"files\"`, `\"rules\"`, a bot's name, or {\"kind\": \"human\" | \"files\" | \"rules\" | \"bot\", \"bot\": NAME}";

impl TryFrom<Value> for SeatRequest {
    type Error = String;

    fn try_from(v: Value) -> Result<SeatRequest, String> {
        match v {
            Value::String(s) => Ok(match s.as_str() {
                "human" => SeatRequest::Human,
                "files" => SeatRequest::Files,
                "rules" => SeatRequest::Rules,
                _ => SeatRequest::Bot(s),
            }),
            Value::Object(m) => {
                if let Some(k) = m.keys().find(|k| *k != "kind" && *k != "bot") {
                    return Err(format!("unknown field `{k}` in a seat; {SEAT_FORMS}"));
                }
                let bot = m.get("bot");
                match (m.get("kind").and_then(Value::as_str), bot) {
                    (Some("human"), None) => Ok(SeatRequest::Human),
                    (Some("files"), None) => Ok(SeatRequest::Files),
                    (Some("rules"), None) => Ok(SeatRequest::Rules),
                    (Some("bot"), Some(Value::String(b))) => Ok(SeatRequest::Bot(b.clone())),
                    _ => Err(SEAT_FORMS.to_string()),
                }
            }
            _ => Err(SEAT_FORMS.to_string()),
        }
    }
}

impl SeatRequest {
    /// The bot's name, for a bot seat.
    pub fn bot(&self) -> Option<&str> {
        match self {
            SeatRequest::Bot(b) => Some(b),
            _ => None,
        }
    }
}

/// The games directory where folder seats live, and the watcher over them.
pub struct FilesFront {
    root: PathBuf,
    /// Made on first use; `None` when the system gave none (the re-check
    /// still finds everything, only slower).
    watcher: Mutex<Option<notify::RecommendedWatcher>>,
    /// Seat folder -> the task to wake when something in it changes.
    wakers: Arc<Mutex<HashMap<PathBuf, Arc<Notify>>>>,
    stop: watch::Sender<bool>,
}

/// The default games directory for a `--db` URL: beside a SQLite database,
/// else in the current folder.
pub fn default_dir(db: &str) -> PathBuf {
    if db.contains("://") {
        return PathBuf::from(DEFAULT_DIR_NAME);
    }
    let path = Path::new(db.strip_prefix("sqlite:").unwrap_or(db));
    match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.join(DEFAULT_DIR_NAME),
        _ => PathBuf::from(DEFAULT_DIR_NAME),
    }
}

fn io_error(what: &str, path: &Path, e: impl std::fmt::Display) -> HostError {
    HostError::storage(format!("{what} {}: {e}", path.display()))
}

impl FilesFront {
    /// A front over `root` (made absolute; created when a seat first needs it).
    pub fn new(root: &Path) -> Result<FilesFront, HostError> {
        let root = std::path::absolute(root).map_err(|e| io_error("games directory", root, e))?;
        Ok(FilesFront {
            root,
            watcher: Mutex::new(None),
            wakers: Arc::default(),
            stop: watch::channel(false).0,
        })
    }

    pub fn root(&self) -> &Path {
        &self.root
    }

    /// A seat's folder: made from the game id (the server's own, checked to
    /// be a plain name) and the seat number, never from anything a client
    /// sent, so it is always inside the games directory.
    pub fn seat_dir(&self, game: &str, seat: usize) -> Result<PathBuf, HostError> {
        if !crate::auth::is_game_id(game) {
            return Err(HostError::storage(format!(
                "game id `{game}` cannot name a folder"
            )));
        }
        Ok(self.root.join(game).join(format!("seat-{seat}")))
    }

    /// Creates the folders of a new game's folder seats (all or none).
    pub fn create_dirs(&self, game: &str, seats: &[usize]) -> Result<Vec<PathBuf>, HostError> {
        let mut out = vec![];
        for &seat in seats {
            let dir = self.seat_dir(game, seat)?;
            if let Err(e) = std::fs::create_dir_all(&dir) {
                self.remove_game_dir(game);
                return Err(io_error("cannot create", &dir, e));
            }
            out.push(dir);
        }
        Ok(out)
    }

    /// Removes a game's folders again (its creation failed).
    pub fn remove_game_dir(&self, game: &str) {
        if let Ok(dir) = self.seat_dir(game, 0) {
            if let Some(game_dir) = dir.parent() {
                let _ = std::fs::remove_dir_all(game_dir);
            }
        }
    }

    /// Starts hearing about `dir`; the returned handle is woken on changes.
    fn register(&self, dir: &Path) -> Arc<Notify> {
        let wake = Arc::new(Notify::new());
        lock(&self.wakers).insert(dir.to_path_buf(), wake.clone());
        let mut watcher = lock(&self.watcher);
        if watcher.is_none() {
            let wakers = self.wakers.clone();
            match notify::recommended_watcher(move |res: notify::Result<notify::Event>| {
                let Ok(event) = res else { return };
                let map = lock(&wakers);
                for p in &event.paths {
                    let hit = map
                        .get(p.as_path())
                        .or_else(|| p.parent().and_then(|d| map.get(d)));
                    if let Some(w) = hit {
                        w.notify_one();
                    }
                }
            }) {
                Ok(w) => *watcher = Some(w),
                Err(e) => tracing::warn!(
                    "no file-system notifications ({e}); seat folders are re-checked every {} s",
                    RECHECK.as_secs()
                ),
            }
        }
        if let Some(w) = watcher.as_mut() {
            if let Err(e) = w.watch(dir, RecursiveMode::NonRecursive) {
                tracing::warn!(dir = %dir.display(), "cannot watch ({e}); re-checking it instead");
            }
        }
        wake
    }

    fn unregister(&self, dir: &Path) {
        lock(&self.wakers).remove(dir);
        if let Some(w) = lock(&self.watcher).as_mut() {
            let _ = w.unwatch(dir);
        }
    }

    /// Ends every seat task (the server is stopping).
    pub fn stop(&self) {
        let _ = self.stop.send(true);
    }
}

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|p| p.into_inner())
}

/// Starts the seat tasks of every stored game with folder seats (at server
/// start): unfinished games are played on; finished ones get their
/// `record.json` if it is missing.
pub async fn start(host: &Arc<Host>) {
    let Some(front) = host.files() else { return };
    let mut n = 0;
    // The games in play, and finished games whose folders still lack their
    // record (the server stopped between the end and writing it): those
    // are found in the games directory, so finished games are not read.
    let mut ids = host.live_ids();
    ids.sort();
    let live = ids.clone();
    if let Ok(entries) = std::fs::read_dir(front.root()) {
        for entry in entries.flatten() {
            let name = entry.file_name().to_string_lossy().into_owned();
            if !crate::auth::is_game_id(&name) || live.contains(&name) {
                continue;
            }
            let missing = std::fs::read_dir(entry.path())
                .into_iter()
                .flatten()
                .flatten()
                .any(|seat| {
                    seat.file_name().to_string_lossy().starts_with("seat-")
                        && !seat.path().join(playfile::RECORD_FILE).exists()
                });
            if missing {
                ids.push(name);
            }
        }
    }
    for id in ids {
        let Ok(slot_arc) = host.slot(&id).await else {
            continue;
        };
        let mut slot = slot_arc.lock().await;
        let mut seats = vec![];
        let finished = slot.finished;
        for (i, s) in slot.meta.seats.iter_mut().enumerate() {
            if let SeatMeta::Files { folder } = s {
                let Ok(dir) = front.seat_dir(&id, i) else {
                    continue;
                };
                // The games directory may have moved (--files-dir): report
                // where the folder is now.
                *folder = dir.display().to_string();
                if !finished || !dir.join(playfile::RECORD_FILE).exists() {
                    seats.push(i);
                }
            }
        }
        drop(slot);
        for seat in seats {
            spawn_seat(host.clone(), front.clone(), id.clone(), seat);
            n += 1;
        }
    }
    if n > 0 {
        tracing::info!(seats = n, dir = %front.root().display(), "watching folder seats");
    }
}

/// Starts playing one folder seat (after creation, or at start-up).
pub fn spawn_seat(host: Arc<Host>, front: Arc<FilesFront>, id: String, seat: usize) {
    tokio::spawn(async move {
        let dir = match front.seat_dir(&id, seat) {
            Ok(d) => d,
            Err(e) => {
                tracing::error!(game = %id, seat, "{e}");
                return;
            }
        };
        let wake = front.register(&dir);
        SeatTask {
            host,
            id,
            seat,
            dir: dir.clone(),
            written_step: None,
            judged: None,
            last_error: None,
        }
        .run(wake, front.stop.subscribe())
        .await;
        front.unregister(&dir);
    });
}

/// What one look at the game says for a seat.
struct Look {
    step: u64,
    turn: u64,
    finished: bool,
    /// The seat owes orders now.
    owes: bool,
    orders_file: String,
    /// The files to write, when asked for.
    publish: Option<Publish>,
}

struct Publish {
    views: Vec<(String, String)>,
    status: Status,
    record: Option<String>,
}

enum Flow {
    Wait,
    Over,
}

struct SeatTask {
    host: Arc<Host>,
    id: String,
    seat: usize,
    dir: PathBuf,
    /// The step whose views are in the folder.
    written_step: Option<u64>,
    /// The orders file (name, bytes) judged already and not taken
    /// (rejected, or not complete): not looked at again until it changes.
    judged: Option<(String, Vec<u8>)>,
    last_error: Option<String>,
}

impl SeatTask {
    async fn run(mut self, wake: Arc<Notify>, mut stop: watch::Receiver<bool>) {
        let mut events = self.host.events.subscribe(&self.id);
        loop {
            if *stop.borrow() {
                return;
            }
            match self.pass().await {
                Ok(Flow::Over) => return,
                Ok(Flow::Wait) => self.last_error = None,
                Err(e) => {
                    let text = e.to_string();
                    if self.last_error.as_deref() != Some(&text) {
                        tracing::warn!(game = %self.id, seat = self.seat, dir = %self.dir.display(), "folder seat: {text}");
                    }
                    self.last_error = Some(text);
                    // Not again at once (a failed write may itself wake us).
                    tokio::select! {
                        _ = tokio::time::sleep(RECHECK) => continue,
                        _ = stop.changed() => return,
                    }
                }
            }
            tokio::select! {
                _ = wake.notified() => {}
                got = events.recv() => {
                    if matches!(got, Err(broadcast::error::RecvError::Closed)) {
                        events = self.host.events.subscribe(&self.id);
                    }
                }
                _ = tokio::time::sleep(RECHECK) => {}
                _ = stop.changed() => return,
            }
        }
    }

    /// The game as this seat sees it; with the files to write when the
    /// folder does not show this step yet (or the game is over).
    async fn look(&self) -> Result<Option<Look>, HostError> {
        let slot_arc = self.host.slot(&self.id).await?;
        let slot = slot_arc.lock().await;
        if !matches!(slot.meta.seats.get(self.seat), Some(SeatMeta::Files { .. })) {
            return Ok(None);
        }
        let game = &*slot.game;
        let seat = Seat(self.seat);
        let publish = self.written_step != Some(slot.step) || slot.finished;
        let publish = publish.then(|| {
            // Each view file is made once: the status takes its names.
            let (views, names) = playfile::views_for(game, &[seat]);
            let mut status = Status::with_view_names(game, names);
            if slot.finished {
                // Over by its rules or at its turn limit: nothing owed.
                status.finish(slot.outcome());
            }
            Publish {
                views,
                status,
                record: if slot.finished {
                    game.record_json()
                } else {
                    None
                },
            }
        });
        Ok(Some(Look {
            step: slot.step,
            turn: game.turn(),
            finished: slot.finished,
            owes: !slot.finished && game.missing().contains(&seat),
            orders_file: game.orders_file_name(seat),
            publish,
        }))
    }

    async fn pass(&mut self) -> Result<Flow, HostError> {
        let Some(mut look) = self.look().await? else {
            return Ok(Flow::Over);
        };
        if let Some(publish) = look.publish.take() {
            let dir = self.dir.clone();
            blocking(move || write_publish(&dir, &publish)).await?;
            self.written_step = Some(look.step);
            if look.finished {
                return Ok(Flow::Over);
            }
        }
        if look.owes {
            self.take(&look).await?;
        }
        Ok(Flow::Wait)
    }

    /// Takes the seat's orders file for this turn if it is there, complete
    /// and not judged already.
    async fn take(&mut self, look: &Look) -> Result<(), HostError> {
        let file = look.orders_file.clone();
        let path = self.dir.join(&file);
        let read = {
            let path = path.clone();
            tokio::task::spawn_blocking(move || read_orders_file(&path))
                .await
                .map_err(|e| HostError::storage(format!("file reading stopped: {e}")))?
        };
        let bytes = match read {
            Ok(Some(b)) => b,
            Ok(None) => return Ok(()),
            Err(refused @ (OrdersFileError::NotAFile | OrdersFileError::TooLarge)) => {
                // Only the file itself is read (a link could point anywhere),
                // and only up to a size.
                let (mark, reason): (&[u8], String) = match refused {
                    OrdersFileError::NotAFile => (
                        b"\0not a regular file",
                        format!("{file} is not a regular file (a link or a folder?); write the orders file itself"),
                    ),
                    _ => (
                        b"\0too large",
                        format!("{file} is larger than {MAX_ORDERS_FILE} bytes; an orders file is far smaller"),
                    ),
                };
                if self
                    .judged
                    .as_ref()
                    .is_some_and(|(f, b)| *f == file && b == mark)
                {
                    return Ok(());
                }
                self.judged = Some((file.clone(), mark.to_vec()));
                let errors = vec![OrderIssue::general(reason)];
                let dir = self.dir.clone();
                return blocking(move || playfile::write_rejected(&dir, &file, &errors)).await;
            }
            Err(OrdersFileError::Io(e)) => return Err(io_error("cannot read", &path, e)),
        };
        if self
            .judged
            .as_ref()
            .is_some_and(|(f, b)| *f == file && *b == bytes)
        {
            return Ok(());
        }
        let result = match self.host.slot(&self.id).await {
            Ok(slot_arc) => {
                let slot = slot_arc.lock().await;
                if slot.step != look.step {
                    return Ok(()); // moved on: look again
                }
                self.host
                    .submit_as(
                        &self.id,
                        slot,
                        self.seat,
                        Submitted::Text(bytes.clone()),
                        Some(look.turn),
                    )
                    .await
            }
            Err(e) => Err(e),
        };
        let dir = self.dir.clone();
        match result {
            Ok(accepted) => {
                self.judged = None;
                let notes = issues(accepted["notes"].as_array().map(Vec::as_slice));
                tracing::debug!(game = %self.id, seat = self.seat, %file, "orders file taken");
                blocking(move || playfile::write_accepted(&dir, &file, &notes)).await
            }
            Err(e) if e.kind == ErrorKind::Rejected && e.message == INCOMPLETE => {
                self.judged = Some((file, bytes));
                Ok(())
            }
            Err(e) if matches!(e.kind, ErrorKind::Rejected | ErrorKind::BadRequest) => {
                self.judged = Some((file.clone(), bytes));
                let mut errors: Vec<OrderIssue> = e.details.iter().map(issue).collect();
                if errors.is_empty() {
                    errors.push(OrderIssue::general(e.message.clone()));
                }
                tracing::debug!(game = %self.id, seat = self.seat, %file, "orders file rejected");
                blocking(move || playfile::write_rejected(&dir, &file, &errors)).await
            }
            // The game moved on meanwhile: the next look sees the new turn.
            Err(e) if e.kind == ErrorKind::Conflict => Ok(()),
            Err(e) => Err(e),
        }
    }
}

enum OrdersFileError {
    NotAFile,
    TooLarge,
    Io(std::io::Error),
}

/// The largest orders file taken (the rulesets' own order files are far
/// smaller; this bounds what one file can make the server read).
const MAX_ORDERS_FILE: u64 = 4 << 20;

/// A seat's orders file: `None` when it is not there. Opened without
/// following a link and without blocking (a FIFO put in its place), then
/// checked on the open handle, so nothing can be swapped in between; read
/// up to [`MAX_ORDERS_FILE`].
fn read_orders_file(path: &Path) -> Result<Option<Vec<u8>>, OrdersFileError> {
    use std::io::Read;
    use std::os::unix::fs::OpenOptionsExt;
    let file = match std::fs::OpenOptions::new()
        .read(true)
        .custom_flags(libc::O_NOFOLLOW | libc::O_NONBLOCK)
        .open(path)
    {
        Ok(f) => f,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(e) if e.raw_os_error() == Some(libc::ELOOP) => return Err(OrdersFileError::NotAFile),
        Err(e) => return Err(OrdersFileError::Io(e)),
    };
    let meta = file.metadata().map_err(OrdersFileError::Io)?;
    if !meta.file_type().is_file() {
        return Err(OrdersFileError::NotAFile);
    }
    let mut bytes = Vec::with_capacity(meta.len().min(MAX_ORDERS_FILE) as usize);
    file.take(MAX_ORDERS_FILE + 1)
        .read_to_end(&mut bytes)
        .map_err(OrdersFileError::Io)?;
    if bytes.len() as u64 > MAX_ORDERS_FILE {
        return Err(OrdersFileError::TooLarge);
    }
    Ok(Some(bytes))
}

fn issue(d: &Detail) -> OrderIssue {
    OrderIssue {
        line: d.line,
        column: d.column,
        field: d.field.clone(),
        message: d.reason.clone(),
        code: d.code.clone(),
    }
}

/// The notes of an acceptance, back as the ruleset's issues.
fn issues(notes: Option<&[Value]>) -> Vec<OrderIssue> {
    notes
        .unwrap_or_default()
        .iter()
        .map(|n| OrderIssue {
            line: n["line"].as_u64().map(|v| v as usize),
            column: n["column"].as_u64().map(|v| v as usize),
            field: n["field"].as_str().map(str::to_string),
            message: n["reason"].as_str().unwrap_or_default().to_string(),
            code: n["code"].as_str().map(str::to_string),
        })
        .collect()
}

fn write_publish(dir: &Path, p: &Publish) -> Result<(), playfile::PlayError> {
    std::fs::create_dir_all(dir).map_err(|error| playfile::PlayError {
        path: dir.to_path_buf(),
        error,
    })?;
    if let Some(record) = &p.record {
        playfile::atomic_write(&dir.join(playfile::RECORD_FILE), record.as_bytes())?;
    }
    playfile::write_views(dir, &p.views, &p.status)
}

/// Runs file-system work off the async threads.
async fn blocking(
    f: impl FnOnce() -> Result<(), playfile::PlayError> + Send + 'static,
) -> Result<(), HostError> {
    tokio::task::spawn_blocking(f)
        .await
        .map_err(|e| HostError::storage(format!("file writing stopped: {e}")))?
        .map_err(|e| HostError::storage(e.to_string()))
}

/// The `folders` entry of a create response.
pub fn folders_json(seats: &[(usize, PathBuf)]) -> Value {
    Value::Array(
        seats
            .iter()
            .map(|(i, d)| json!({"seat": i, "path": d.display().to_string()}))
            .collect(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn seat(v: Value) -> Result<SeatRequest, serde_json::Error> {
        serde_json::from_value(v)
    }

    #[test]
    fn seat_requests_keep_the_old_strings_and_take_the_object_forms() {
        assert_eq!(seat(json!("human")).unwrap(), SeatRequest::Human);
        assert_eq!(seat(json!("files")).unwrap(), SeatRequest::Files);
        assert_eq!(
            seat(json!("greedy")).unwrap(),
            SeatRequest::Bot("greedy".into())
        );
        assert_eq!(seat(json!({"kind": "files"})).unwrap(), SeatRequest::Files);
        assert_eq!(seat(json!("rules")).unwrap(), SeatRequest::Rules);
        assert_eq!(seat(json!({"kind": "rules"})).unwrap(), SeatRequest::Rules);
        assert_eq!(seat(json!({"kind": "human"})).unwrap(), SeatRequest::Human);
        assert_eq!(
            seat(json!({"kind": "bot", "bot": "random"})).unwrap(),
            SeatRequest::Bot("random".into())
        );
        for bad in [
            json!({"kind": "files", "path": "/etc"}),
            json!({"kind": "files", "bot": "greedy"}),
            json!({"kind": "bot"}),
            json!({"kind": "bot", "bot": 3}),
            json!({}),
            json!(null),
            json!(["files"]),
        ] {
            let e = seat(bad.clone()).unwrap_err().to_string();
            assert!(e.contains("a seat is"), "{bad}: {e}");
        }
    }

    #[test]
    fn seat_folders_are_made_by_the_server_under_the_root() {
        let front = FilesFront::new(Path::new("/srv/games")).unwrap();
        assert_eq!(
            front.seat_dir("0a1b", 2).unwrap(),
            Path::new("/srv/games/0a1b/seat-2")
        );
        for bad in ["", "..", "../x", "a/b", "a\\b", "/abs", "a b"] {
            assert!(front.seat_dir(bad, 0).is_err(), "{bad:?}");
        }
        assert_eq!(default_dir("sqlite:data/o.db"), Path::new("data/games"));
        assert_eq!(default_dir("o.db"), Path::new("games"));
        assert_eq!(default_dir("postgres://h/db"), Path::new("games"));
    }
}

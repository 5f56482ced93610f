//! The folder loop: write views, collect orders, resolve, repeat.

use std::collections::HashMap;
use std::fs;
use std::io;
use std::path::{Path, PathBuf};
use std::sync::mpsc;
use std::time::Duration;

use engine::{Game, OrderIssue, Outcome, ParsedOrders, Seat};
use notify::{RecursiveMode, Watcher};

use crate::recorded::{ChangedOrders, RecordedOrders};
use crate::status::{Status, STATUS_FILE};

/// The file name of the game record in a game folder.
pub const RECORD_FILE: &str = "record.json";

/// How often the folder is re-read when no notification arrives (a missed
/// notification, or a file system that sends none).
const RECHECK: Duration = Duration::from_millis(500);

/// Something the driver reports as the game goes.
#[derive(Debug, Clone, PartialEq)]
pub enum PlayEvent {
    /// A turn's view files are written; orders are awaited.
    TurnStarted { turn: u64, awaiting: Vec<Seat> },
    /// A seat's orders file was accepted, with notes for the player.
    Accepted {
        file: String,
        notes: Vec<OrderIssue>,
    },
    /// A seat's orders file was rejected; a corrected file is awaited.
    Rejected {
        file: String,
        errors: Vec<OrderIssue>,
    },
    /// In a replay, an awaited orders file is not there.
    Missing { file: String },
    /// The turn was resolved.
    Resolved { turn: u64 },
    /// The game is over.
    Over { outcome: Outcome },
}

/// What went wrong with the folder itself: the file and the system's
/// error (its `source()`), or the turn hook's error.
#[derive(Debug, thiserror::Error)]
#[error("{}: {error}", path.display())]
pub struct PlayError {
    pub path: PathBuf,
    #[source]
    pub error: io::Error,
}

/// Why a turn hook (see [`play`]) stopped the game.
pub type HookError = Box<dyn std::error::Error + Send + Sync>;

fn io_at(path: &Path) -> impl FnOnce(io::Error) -> PlayError + '_ {
    move |error| PlayError {
        path: path.to_path_buf(),
        error,
    }
}

/// Writes a file so that a reader never sees it half written: into a
/// temporary file beside it, then renamed over it.
pub fn atomic_write(path: &Path, contents: &[u8]) -> Result<(), PlayError> {
    let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("file");
    let tmp = path.with_file_name(format!(".{name}.tmp"));
    fs::write(&tmp, contents).map_err(io_at(&tmp))?;
    fs::rename(&tmp, path).map_err(io_at(path))
}

/// The files of one turn, as handed to the `on_turn` hook of [`play`].
#[derive(Debug, Clone)]
pub struct TurnFiles {
    pub dir: PathBuf,
    pub turn: u64,
    /// Every view file written this turn: `(name, contents)`.
    pub views: Vec<(String, String)>,
    /// Awaited seats and the orders file each must write.
    pub orders: Vec<(Seat, String)>,
    /// The board as text (empty in a replay, which shows no board).
    pub board: String,
}

/// Writes the game record (when the game keeps one).
pub fn write_record(game: &dyn Game, dir: &Path) -> Result<(), PlayError> {
    match game.record_json() {
        Some(text) => atomic_write(&dir.join(RECORD_FILE), text.as_bytes()),
        None => Ok(()),
    }
}

/// The view files a folder holds for `seats`: the public ones, then each
/// seat's own (a name already there is not repeated).
pub fn view_files(game: &dyn Game, seats: &[Seat]) -> Vec<(String, String)> {
    views_for(game, seats).0
}

/// A seat and the names of its own view files.
pub type SeatViews = (Seat, Vec<String>);

/// [`view_files`], and for each seat the names of its own view files (for
/// [`Status::with_view_names`]): each file is made once a turn.
pub fn views_for(game: &dyn Game, seats: &[Seat]) -> (Vec<(String, String)>, Vec<SeatViews>) {
    let mut views: Vec<(String, String)> = game.view_files(None);
    let mut names = Vec::with_capacity(seats.len());
    for &seat in seats {
        let own = game.view_file_names(Some(seat));
        // Files already made (the public ones, which in ttrts are every
        // seat's too) are not made again: making them was a third of a
        // replay's work.
        if own.iter().any(|name| !views.iter().any(|(n, _)| n == name)) {
            for (name, text) in game.view_files(Some(seat)) {
                if !views.iter().any(|(n, _)| *n == name) {
                    views.push((name, text));
                }
            }
        }
        names.push((seat, own));
    }
    (views, names)
}

/// Writes view files (as from [`view_files`]) and a status into `dir`, the
/// status last, so a reader that sees the status finds its views.
pub fn write_views(
    dir: &Path,
    views: &[(String, String)],
    status: &Status,
) -> Result<(), PlayError> {
    for (name, text) in views {
        atomic_write(&dir.join(name), text.as_bytes())?;
    }
    let status = serde_json::to_string_pretty(status).expect("status serialises");
    atomic_write(&dir.join(STATUS_FILE), status.as_bytes())
}

/// Writes the turn's views and the status. In play (`playing`) also the
/// record, and the board picture for the `on_turn` hook. A replay runs as
/// fast as it can: it draws no board (drawing a 200x200 board every turn
/// was half of a replay's work) and leaves the status and the record to
/// [`finish_replay`], so its status is written once: replacing a file
/// makes the file system write it out at once (ext4 does on a rename over
/// an existing file), and that was most of a replay's wall time.
fn publish(
    game: &dyn Game,
    dir: &Path,
    playing: bool,
) -> Result<(TurnFiles, Vec<SeatViews>), PlayError> {
    let (views, names) = views_for(game, &seats_shown(game));
    for (name, text) in &views {
        atomic_write(&dir.join(name), text.as_bytes())?;
    }
    if playing {
        write_record(game, dir)?;
        write_status(game, dir, names.clone())?;
    }
    let files = TurnFiles {
        dir: dir.to_path_buf(),
        turn: game.turn(),
        views,
        orders: game
            .awaiting()
            .into_iter()
            .map(|s| (s, game.orders_file_name(s)))
            .collect(),
        board: if playing {
            game.board_text()
        } else {
            String::new()
        },
    };
    Ok((files, names))
}

/// The seats whose views a turn's publication writes: the awaited ones,
/// and once the game is over every seat, so each sees how it ended.
fn seats_shown(game: &dyn Game) -> Vec<Seat> {
    match game.outcome() {
        Some(_) => (0..game.seats().len()).map(Seat).collect(),
        None => game.awaiting(),
    }
}

/// Writes `status.json` for `game` with the view file names of `names`.
fn write_status(game: &dyn Game, dir: &Path, names: Vec<SeatViews>) -> Result<(), PlayError> {
    let status = Status::with_view_names(game, names);
    let status = serde_json::to_string_pretty(&status).expect("status serialises");
    atomic_write(&dir.join(STATUS_FILE), status.as_bytes())
}

/// The end of a replay: the status and the record, as the last turn's
/// publication in play would have left them.
fn finish_replay(game: &dyn Game, dir: &Path, names: Vec<SeatViews>) -> Result<(), PlayError> {
    write_status(game, dir, names)?;
    write_record(game, dir)
}

/// `Player_0_Turn_3.txt` → `Player_0_Turn_3.errors.txt`.
pub fn beside(name: &str, what: &str) -> String {
    match name.strip_suffix(".txt") {
        Some(stem) => format!("{stem}.{what}.txt"),
        None => format!("{name}.{what}.txt"),
    }
}

fn report(file: &str, issues: &[OrderIssue], headline: &str) -> String {
    let mut text = format!("{headline}\n");
    for i in issues {
        text.push_str(&i.display_in(file));
        text.push('\n');
    }
    text
}

/// Takes one orders file if it is there and complete. Returns whether the
/// seat's orders are now in.
fn take(
    game: &mut dyn Game,
    dir: &Path,
    seat: Seat,
    file: &str,
    seen: &mut HashMap<String, Vec<u8>>,
    events: &mut dyn FnMut(PlayEvent),
) -> Result<bool, PlayError> {
    let path = dir.join(file);
    let bytes = match fs::read(&path) {
        Ok(b) => b,
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(false),
        Err(e) => return Err(io_at(&path)(e)),
    };
    if seen.get(file) == Some(&bytes) {
        return Ok(false); // already rejected or incomplete as it stands
    }
    match game.submit_text(seat, &bytes) {
        ParsedOrders::Incomplete => {
            seen.insert(file.to_string(), bytes);
            Ok(false)
        }
        ParsedOrders::Rejected(errors) => {
            write_rejected(dir, file, &errors)?;
            seen.insert(file.to_string(), bytes);
            events(PlayEvent::Rejected {
                file: file.to_string(),
                errors,
            });
            Ok(false)
        }
        ParsedOrders::Accepted(notes) => {
            write_accepted(dir, file, &notes)?;
            events(PlayEvent::Accepted {
                file: file.to_string(),
                notes,
            });
            Ok(true)
        }
    }
}

/// Answers a rejected orders file `file` in `dir`: its `.errors.txt` beside
/// it, one `file:line:col: reason` per problem.
pub fn write_rejected(dir: &Path, file: &str, errors: &[OrderIssue]) -> Result<(), PlayError> {
    let text = report(
        file,
        errors,
        &format!("{file} was rejected; nothing in it was applied. Write a corrected {file} (it replaces this one)."),
    );
    atomic_write(&dir.join(beside(file, "errors")), text.as_bytes())
}

/// Answers an accepted orders file: any earlier `.errors.txt` goes, and the
/// notes (if any) go to a `.notes.txt` beside it.
pub fn write_accepted(dir: &Path, file: &str, notes: &[OrderIssue]) -> Result<(), PlayError> {
    let _ = fs::remove_file(dir.join(beside(file, "errors")));
    if notes.is_empty() {
        return Ok(());
    }
    let text = report(
        file,
        notes,
        &format!("{file} was accepted, with these notes:"),
    );
    atomic_write(&dir.join(beside(file, "notes")), text.as_bytes())
}

/// Plays `game` in `dir` to the end (or for at most `max_turns` more turns),
/// waiting for order files. `on_turn` is called each turn once the view files
/// are written (a demo's in-process bots answer there); `events` hears what
/// happens; an error from `on_turn` stops the game. `now` gives timestamps
/// for the record. Returns the outcome, or
/// `None` when the turn limit stopped the game first.
pub fn play(
    game: &mut dyn Game,
    dir: &Path,
    max_turns: Option<u64>,
    on_turn: &mut dyn FnMut(&TurnFiles) -> Result<(), HookError>,
    events: &mut dyn FnMut(PlayEvent),
    now: &dyn Fn() -> String,
) -> Result<Option<Outcome>, PlayError> {
    fs::create_dir_all(dir).map_err(io_at(dir))?;
    let (tx, rx) = mpsc::channel();
    let mut watcher = notify::recommended_watcher(move |e| {
        let _ = tx.send(e);
    })
    .map_err(|e| io_at(dir)(io::Error::other(e)))?;
    watcher
        .watch(dir, RecursiveMode::NonRecursive)
        .map_err(|e| io_at(dir)(io::Error::other(e)))?;
    let mut played = 0;
    loop {
        // The record is kept current while people play; a replay writes it
        // once at the end.
        let (files, _) = publish(game, dir, true)?;
        if let Some(outcome) = game.outcome() {
            events(PlayEvent::Over {
                outcome: outcome.clone(),
            });
            return Ok(Some(outcome));
        }
        if max_turns.is_some_and(|m| played >= m) {
            return Ok(None);
        }
        played += 1;
        events(PlayEvent::TurnStarted {
            turn: files.turn,
            awaiting: game.awaiting(),
        });
        on_turn(&files).map_err(|e| io_at(dir)(io::Error::other(e)))?;
        let mut seen = HashMap::new();
        let mut done: Vec<Seat> = vec![];
        loop {
            for (seat, file) in &files.orders {
                if !done.contains(seat) && take(game, dir, *seat, file, &mut seen, events)? {
                    done.push(*seat);
                }
            }
            if done.len() == files.orders.len() {
                break;
            }
            // Wait for a change in the folder, or re-check after a while.
            let _ = rx.recv_timeout(RECHECK);
            while rx.try_recv().is_ok() {}
        }
        let turn = game.turn();
        game.resolve(Some(&now()));
        events(PlayEvent::Resolved { turn });
    }
}

/// Why a replay stopped before its end.
#[derive(Debug, thiserror::Error)]
pub enum ReplayError {
    /// The folder itself: a file that cannot be read or written.
    #[error(transparent)]
    Folder(#[from] PlayError),
    /// An orders file is not what the folder's record says was played.
    #[error(transparent)]
    Changed(#[from] ChangedOrders),
}

/// Replays the order files of `from` without waiting, writing every turn's
/// view files into `out`, and at the end the status and the record. A
/// rejected file counts as no orders from that seat; the replay stops at
/// the first turn for which no awaited seat has a file. Returns the
/// outcome if the game ended.
///
/// With `recorded` (the orders of the folder's own `record.json`, see
/// [`RecordedOrders`]), each turn's orders read from the files are held to
/// the record's before the next turn is written: at the first seat whose
/// orders differ, the replay stops with [`ReplayError::Changed`] naming
/// the turn and the file. Turns past the record's last are not checked.
/// The game must keep a record for the check to see what it played.
pub fn replay(
    game: &mut dyn Game,
    from: &Path,
    out: &Path,
    recorded: Option<&RecordedOrders>,
    events: &mut dyn FnMut(PlayEvent),
    now: &dyn Fn() -> String,
) -> Result<Option<Outcome>, ReplayError> {
    fs::create_dir_all(out).map_err(io_at(out))?;
    let mut resolutions = 0;
    loop {
        let (files, names) = publish(game, out, false)?;
        if let Some(outcome) = game.outcome() {
            finish_replay(game, out, names)?;
            events(PlayEvent::Over {
                outcome: outcome.clone(),
            });
            return Ok(Some(outcome));
        }
        let mut any = false;
        let mut absent = vec![];
        for (seat, file) in &files.orders {
            let path = from.join(file);
            let bytes = match fs::read(&path) {
                Ok(b) => b,
                Err(e) if e.kind() == io::ErrorKind::NotFound => {
                    events(PlayEvent::Missing { file: file.clone() });
                    absent.push(*seat);
                    continue;
                }
                Err(e) => return Err(io_at(&path)(e).into()),
            };
            any = true;
            match game.submit_text(*seat, &bytes) {
                ParsedOrders::Accepted(notes) => events(PlayEvent::Accepted {
                    file: file.clone(),
                    notes,
                }),
                ParsedOrders::Rejected(errors) => events(PlayEvent::Rejected {
                    file: file.clone(),
                    errors,
                }),
                ParsedOrders::Incomplete => events(PlayEvent::Rejected {
                    file: file.clone(),
                    errors: vec![OrderIssue::general(
                        "the file is not complete: it has no END line; it counts as no orders",
                    )],
                }),
            }
        }
        if !any {
            finish_replay(game, out, names)?;
            return Ok(None);
        }
        let turn = game.turn();
        game.resolve(Some(&now()));
        if let (Some(recorded), Some(orders)) = (recorded, game.last_orders()) {
            let played = crate::recorded::played_orders(&orders);
            if let Some(seat) = recorded.first_difference(resolutions, &played) {
                // OUT keeps the view files written so far, and no record:
                // its last turn is not what the folder's game played.
                let file = game_file(&files.orders, seat);
                return Err(ChangedOrders {
                    turn,
                    seat,
                    present: !absent.contains(&seat),
                    file,
                    record: recorded.file.clone(),
                }
                .into());
            }
        }
        resolutions += 1;
        events(PlayEvent::Resolved { turn });
    }
}

/// The orders file `seat` was asked for (its seat's name when it was not
/// asked: a record that names a seat the game did not await).
fn game_file(orders: &[(Seat, String)], seat: Seat) -> String {
    orders
        .iter()
        .find(|(s, _)| *s == seat)
        .map_or_else(|| format!("the orders of {seat}"), |(_, f)| f.clone())
}

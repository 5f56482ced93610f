//! What a folder's `record.json` says each turn played, so a replay can
//! tell an orders file that was changed after the game accepted it.
//!
//! The driver records the orders it accepted (as the ruleset's JSON
//! orders), not the file they came from, and never reads an accepted
//! file again; an edit afterwards changes the file, not the game. So the
//! check compares orders, not bytes: the record's orders of a turn
//! against what the replay read from the same files, seat by seat. A file
//! reformatted but meaning the same orders passes; a file that now says
//! something else (or is gone, or no longer reads) is named, with its turn.

use std::fmt;
use std::path::{Path, PathBuf};

use engine::Seat;
use serde::Deserialize;
use serde_json::Value;

/// The orders of every resolution a game record holds, in order: for each,
/// the orders each seat played (`teamId`, orders as JSON).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct RecordedOrders {
    /// The record's file, for messages.
    pub file: PathBuf,
    turns: Vec<Vec<(usize, Value)>>,
}

/// Why the folder's record cannot be used to check a replay.
#[derive(Debug, thiserror::Error)]
#[error("{}: {reason}", file.display())]
pub struct UnreadableRecord {
    pub file: PathBuf,
    pub reason: String,
}

impl UnreadableRecord {
    pub(crate) fn at(file: &Path, reason: String) -> UnreadableRecord {
        UnreadableRecord {
            file: file.to_path_buf(),
            reason,
        }
    }
}

/// A folder's record as text, or `None` when the folder has none.
pub(crate) fn record_text(file: &Path) -> Result<Option<String>, UnreadableRecord> {
    match std::fs::read_to_string(file) {
        Ok(text) => Ok(Some(text)),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
        Err(e) => Err(UnreadableRecord::at(file, e.to_string())),
    }
}

impl RecordedOrders {
    /// The orders of the record `file` (a `record.json`), or `None` when
    /// there is no such file.
    pub fn read(file: &Path) -> Result<Option<RecordedOrders>, UnreadableRecord> {
        let bad = |reason: String| UnreadableRecord::at(file, reason);
        let Some(text) = record_text(file)? else {
            return Ok(None);
        };
        // Only the turns' orders are read: the rest of a record (most of
        // it: the units and actions of every turn) is skipped unparsed.
        #[derive(Deserialize)]
        struct Record {
            #[serde(default)]
            turns: Vec<Turn>,
        }
        #[derive(Deserialize)]
        struct Turn {
            #[serde(default)]
            orders: Option<Value>,
        }
        let record: Record = serde_json::from_str(&text).map_err(|e| bad(e.to_string()))?;
        // Each resolution's orders go with the first turn it recorded.
        let turns = record
            .turns
            .iter()
            .filter_map(|t| t.orders.as_ref())
            .map(|orders| seat_orders(orders).ok_or_else(|| bad(format!("bad orders: {orders}"))))
            .collect::<Result<_, _>>()?;
        Ok(Some(RecordedOrders {
            file: file.to_path_buf(),
            turns,
        }))
    }

    /// How many resolutions the record holds.
    pub fn len(&self) -> usize {
        self.turns.len()
    }

    /// Whether the record holds no resolution.
    pub fn is_empty(&self) -> bool {
        self.turns.is_empty()
    }

    /// The first seat whose orders in resolution `index` (0 for the first)
    /// differ from `played`'s, the orders a replay resolved there; `None`
    /// when they agree or the record stops before.
    pub(crate) fn first_difference(&self, index: usize, played: &[(usize, Value)]) -> Option<Seat> {
        let recorded = self.turns.get(index)?;
        let of = |list: &[(usize, Value)], seat: usize| {
            list.iter()
                .find(|(s, _)| *s == seat)
                .map(|(_, o)| o.clone())
        };
        let mut seats: Vec<usize> = recorded.iter().chain(played).map(|(s, _)| *s).collect();
        seats.sort_unstable();
        seats.dedup();
        seats
            .into_iter()
            .find(|&s| of(recorded, s) != of(played, s))
            .map(Seat)
    }
}

/// `[{"teamId": 0, "orders": ...}, ...]` as pairs.
pub(crate) fn seat_orders(orders: &Value) -> Option<Vec<(usize, Value)>> {
    orders
        .as_array()?
        .iter()
        .map(|o| {
            let seat = usize::try_from(o.get("teamId")?.as_u64()?).ok()?;
            Some((seat, o.get("orders")?.clone()))
        })
        .collect()
}

/// The orders the last resolution of a game played, from
/// [`engine::Game::last_orders`], as pairs.
pub(crate) fn played_orders(orders: &Value) -> Vec<(usize, Value)> {
    seat_orders(orders).unwrap_or_default()
}

/// A replay met an orders file that is not what the game played: the file
/// was changed after the game accepted it (or removed, or spoilt).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ChangedOrders {
    /// The turn the file is for.
    pub turn: u64,
    pub seat: Seat,
    /// The orders file of that seat and turn.
    pub file: String,
    /// Whether the file is there at all.
    pub present: bool,
    /// The record that says what was played.
    pub record: PathBuf,
}

impl fmt::Display for ChangedOrders {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let what = if self.present {
            "is not the orders the game played"
        } else {
            "is missing, but the game played orders from it"
        };
        write!(
            f,
            "turn {}: {} ({}) {what} (see {}): it was changed after the game \
             accepted it, so replaying it would give another game. Restore {} \
             as it was, or replay the files as they are now without comparing \
             them with the record",
            self.turn,
            self.file,
            self.seat,
            self.record.display(),
            self.file,
        )
    }
}

impl std::error::Error for ChangedOrders {}

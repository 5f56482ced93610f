//! Going on with a folder's game after the program that played it stopped
//! (`orderly play --resume`): the game is started again from its setup and
//! the folder's `record.json` is played into it, resolution by resolution,
//! with the orders the game accepted then (not the orders files, which may
//! have been edited since) and the clock stamps it had. Then play goes on
//! where it stopped: orders files already written for the current turn are
//! taken as if they had just arrived.

use std::path::{Path, PathBuf};

use engine::{Game, Seat};
use serde_json::Value;

use crate::recorded::UnreadableRecord;

/// One resolution of a record: each seat's orders, and when it was played.
#[derive(Debug, Clone)]
struct Resolution {
    orders: Vec<(usize, Value)>,
    stamp: Option<String>,
}

/// What a folder's record holds to rebuild its game.
#[derive(Debug, Clone)]
pub struct Resumable {
    /// The record's file, for messages.
    pub file: PathBuf,
    /// When the game started (the record's `started`).
    pub started: Option<String>,
    resolutions: Vec<Resolution>,
    /// The record says the game is over.
    ended: bool,
}

impl Resumable {
    /// The record `file`, or `None` when there is none (a game stopped
    /// before its first turn was written: it starts afresh).
    pub fn read(file: &Path) -> Result<Option<Resumable>, UnreadableRecord> {
        let bad = |reason: String| UnreadableRecord::at(file, reason);
        let Some(text) = crate::recorded::record_text(file)? else {
            return Ok(None);
        };
        let (record, _) = record::read_record(&text).map_err(|e| bad(e.to_string()))?;
        let mut resolutions: Vec<Resolution> = Vec::new();
        for (i, turn) in record.turns.iter().enumerate() {
            // A resolution's orders go with the first turn it recorded; a
            // turn without orders is a later turn of the resolution before
            // it or, with none before, the turn the game began in, recorded
            // before anyone played: nothing to play back.
            let Some(orders) = turn.extra.get("orders") else {
                continue;
            };
            let orders = crate::recorded::seat_orders(orders)
                .ok_or_else(|| bad(format!("turns[{i}].orders: not a list of seats' orders")))?;
            let stamp = turn
                .actions
                .iter()
                .find_map(|a| a.extra.get("created").and_then(Value::as_str))
                .map(str::to_string);
            resolutions.push(Resolution { orders, stamp });
        }
        Ok(Some(Resumable {
            file: file.to_path_buf(),
            started: record.started.clone(),
            resolutions,
            // `ended` is a clock stamp, absent when the game kept none;
            // the outcome is always there once the game is over.
            ended: record.ended.is_some() || record.extra.get("outcome").is_some(),
        }))
    }

    /// How many resolutions the record holds.
    pub fn len(&self) -> usize {
        self.resolutions.len()
    }

    /// Whether the record holds none.
    pub fn is_empty(&self) -> bool {
        self.resolutions.is_empty()
    }

    /// Plays the record's resolutions into `game`, started from the
    /// folder's setup with a record. Fails, naming the resolution, when the
    /// game refuses an order the record says it accepted, or the replayed
    /// game does not end where the record does: the record is not this
    /// game's (another setup, another program version's rules).
    pub fn catch_up(&self, game: &mut dyn Game) -> Result<(), UnreadableRecord> {
        let bad = |reason: String| UnreadableRecord::at(&self.file, reason);
        for (k, r) in self.resolutions.iter().enumerate() {
            if game.outcome().is_some() {
                return Err(bad(format!(
                    "the game is over after {k} of its {} recorded turns: \
                     the record is not this game's",
                    self.resolutions.len()
                )));
            }
            for (seat, orders) in &r.orders {
                game.submit_json(Seat(*seat), orders.clone()).map_err(|e| {
                    let why: Vec<String> = e.iter().map(|i| i.message.clone()).collect();
                    bad(format!(
                        "turn {}: the game refuses the recorded orders of seat {seat} ({}): \
                         the record is not this game's",
                        game.turn(),
                        why.join("; ")
                    ))
                })?;
            }
            game.resolve(r.stamp.as_deref());
        }
        if self.ended != game.outcome().is_some() {
            return Err(bad(format!(
                "after its {} recorded turns the game {} but the record says it {}: \
                 the record is not this game's",
                self.resolutions.len(),
                if game.outcome().is_some() {
                    "is over"
                } else {
                    "goes on"
                },
                if self.ended { "ended" } else { "goes on" },
            )));
        }
        Ok(())
    }
}

//! One hosted game in memory: the running match plus what the host adds
//! around it (seats and their hashed tokens, the deadline policy, the step
//! counter, the orders durably stored for this step). A slot can always be
//! rebuilt from what storage holds: the match saved at the start of the step
//! and the step's orders, replayed in seat order. Resolution relies on that:
//! re-running a step after a crash gives the same turn.

use std::collections::BTreeMap;
use std::sync::Arc;

use engine::{DynRuleset, Game, GameRng, Outcome, ParsedOrders, Seat, TableAct};
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};

use crate::auth;
use crate::error::HostError;
use crate::policy::DeadlinePolicy;
use crate::storage::{DecisionRow, GameRow, OrderFormat, OrderRow};

/// Who sits in a seat, as stored.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum SeatMeta {
    /// A person (or an outside program) holding the seat's token; only the
    /// token's hash is kept.
    Human { token_hash: String },
    /// A built-in bot the server plays.
    Bot { bot: String },
    /// Played by files in a folder the server watches (see `files.rs`).
    Files { folder: String },
    /// Played by the rules themselves (never awaited); `player` is how
    /// the ruleset names who plays it (Tactics: `Chaos`).
    Rules { player: String },
}

/// What the host stores about a game besides the match.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Meta {
    pub seed: u64,
    pub seats: Vec<SeatMeta>,
    pub deadline: DeadlinePolicy,
    pub created: String,
    /// The game ends (no winner) once this many turns are resolved, if the
    /// rules have not ended it: a game nobody can win must not run forever.
    /// Absent in games stored before the limit existed: no limit.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max_turns: Option<u64>,
    /// The finished game this one is the rematch of.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rematch_of: Option<String>,
}

pub struct Slot {
    pub id: String,
    pub rules: Arc<dyn DynRuleset>,
    pub game: Box<dyn Game>,
    pub meta: Meta,
    /// Resolutions committed so far.
    pub step: u64,
    pub step_started_ms: u64,
    /// `game.save_base()` at the start of this step, as stored.
    pub base: Value,
    /// The record turns `base` leaves out, as the turn rows store them.
    pub turns: Vec<String>,
    /// The orders of this step that are durable, by seat.
    pub orders: BTreeMap<usize, OrderRow>,
    /// The decisions taken at the table during this step that are durable,
    /// in the order taken.
    pub decisions: Vec<DecisionRow>,
    pub finished: bool,
}

/// Milliseconds since the Unix epoch.
pub fn now_ms() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_millis() as u64)
        .unwrap_or(0)
}

fn splitmix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// A bot's seed for one seat and step: a function of the game's seed only,
/// so a re-run after a crash computes the very same bot orders.
pub fn bot_seed(game_seed: u64, seat: usize, step: u64) -> u64 {
    splitmix(game_seed ^ splitmix(seat as u64 ^ splitmix(step)))
}

/// Applies stored orders to a match; they were accepted on this very state
/// before, so they are accepted again.
/// A stored order the match no longer takes is a storage error: the
/// database holds something this build cannot replay.
pub fn apply_order(game: &mut dyn Game, order: &OrderRow) -> Result<(), HostError> {
    let seat = Seat(order.seat);
    let refused = |why: String| {
        HostError::storage(format!(
            "stored orders of seat {} are not accepted again: {why}",
            order.seat
        ))
    };
    match order.format {
        OrderFormat::Json => {
            let value: Value =
                serde_json::from_str(&order.body).map_err(|e| refused(e.to_string()))?;
            game.submit_json(seat, value)
                .map(|_| ())
                .map_err(|e| refused(format!("{e:?}")))
        }
        OrderFormat::Text => match game.submit_text(seat, order.body.as_bytes()) {
            ParsedOrders::Accepted(_) => Ok(()),
            other => Err(refused(format!("{other:?}"))),
        },
    }
}

/// A table act as stored (`resign`, `offer_draw`, ...).
pub fn act_name(act: TableAct) -> String {
    match serde_json::to_value(act) {
        Ok(Value::String(s)) => s,
        _ => format!("{act:?}"),
    }
}

/// Applies a stored decision to a match; it was taken on this very state
/// (after the step's orders, which replay first) so it is taken again.
pub fn apply_decision(game: &mut dyn Game, d: &DecisionRow) -> Result<(), HostError> {
    let refused = |why: String| {
        HostError::storage(format!(
            "stored decision {} of seat {} is not taken again: {why}",
            d.seq, d.seat
        ))
    };
    let act: TableAct =
        serde_json::from_value(Value::String(d.act.clone())).map_err(|e| refused(e.to_string()))?;
    game.act(Seat(d.seat), act, Some(&d.at))
        .map_err(|e| refused(e.message))
}

/// How a game stopped by its turn limit ends: no winner.
pub fn turn_limit_outcome(limit: u64) -> Outcome {
    Outcome {
        winner: None,
        reason: format!("the game reached its turn limit of {limit}"),
        scores: None,
    }
}

impl Slot {
    /// Rebuilds a slot from its stored row and the step's orders.
    pub fn from_row(
        rules: Arc<dyn DynRuleset>,
        row: GameRow,
        orders: Vec<OrderRow>,
        decisions: Vec<DecisionRow>,
        turns: Vec<String>,
    ) -> Result<Slot, HostError> {
        let meta: Meta = serde_json::from_value(row.meta.clone())
            .map_err(|e| HostError::storage(format!("game {}: stored metadata: {e}", row.id)))?;
        let mut game = rules
            .restore_with_turns(row.state.clone(), &turns)
            .map_err(|e| {
                HostError::storage(format!("game {}: stored match: {}", row.id, e.message))
            })?;
        let mut by_seat = BTreeMap::new();
        for o in orders {
            apply_order(&mut *game, &o)
                .map_err(|e| HostError::storage(format!("game {}: {}", row.id, e.message)))?;
            by_seat.insert(o.seat, o);
        }
        for d in &decisions {
            apply_decision(&mut *game, d)
                .map_err(|e| HostError::storage(format!("game {}: {}", row.id, e.message)))?;
        }
        Ok(Slot {
            id: row.id,
            rules,
            game,
            meta,
            step: row.step,
            step_started_ms: row.step_started_ms,
            base: row.state,
            turns,
            orders: by_seat,
            decisions,
            finished: row.finished,
        })
    }

    /// How the game ended: by its rules, or (no winner) at the turn limit.
    pub fn outcome(&self) -> Option<Outcome> {
        self.game.outcome().or_else(|| {
            let limit = self.meta.max_turns?;
            (self.step >= limit).then(|| turn_limit_outcome(limit))
        })
    }

    /// Throws away anything in memory that is not durable: back to the
    /// stored match and orders.
    pub fn rebuild(&mut self) -> Result<(), HostError> {
        let mut game = self
            .rules
            .restore_with_turns(self.base.clone(), &self.turns)
            .map_err(|e| HostError::storage(format!("stored match: {}", e.message)))?;
        for o in self.orders.values() {
            apply_order(&mut *game, o)?;
        }
        for d in &self.decisions {
            apply_decision(&mut *game, d)?;
        }
        self.game = game;
        self.finished = self.outcome().is_some();
        Ok(())
    }

    pub fn row(&self) -> GameRow {
        GameRow {
            id: self.id.clone(),
            ruleset: self.rules.name().to_string(),
            meta: serde_json::to_value(&self.meta).expect("metadata serialises"),
            step: self.step,
            step_started_ms: self.step_started_ms,
            state: self.base.clone(),
            finished: self.finished,
        }
    }

    /// The seat a token belongs to.
    pub fn seat_for(&self, token: &str) -> Option<usize> {
        let hash = auth::hash_token(token);
        let mut found = None;
        // Look at every seat, so the time taken does not say which matched.
        for (i, s) in self.meta.seats.iter().enumerate() {
            if let SeatMeta::Human { token_hash } = s {
                if auth::same_hash(token_hash, &hash) {
                    found = Some(i);
                }
            }
        }
        found
    }

    pub fn is_bot(&self, seat: usize) -> bool {
        matches!(self.meta.seats.get(seat), Some(SeatMeta::Bot { .. }))
    }

    /// Has the built-in bots answer this step, into the match; returns their
    /// orders to store. A bot whose orders the rules reject gets the default.
    pub fn bot_orders(&mut self, at_ms: u64) -> Vec<OrderRow> {
        let mut rows = vec![];
        for seat in self.game.missing() {
            let Some(SeatMeta::Bot { bot }) = self.meta.seats.get(seat.0) else {
                continue;
            };
            let mut rng = GameRng::from_seed(bot_seed(self.meta.seed, seat.0, self.step));
            let Some(orders) = self.game.bot_orders(bot, seat, &mut rng) else {
                continue;
            };
            let body = orders.to_string();
            if self.game.submit_json(seat, orders).is_ok() {
                rows.push(OrderRow {
                    seat: seat.0,
                    format: OrderFormat::Json,
                    body,
                    at_ms,
                });
            }
        }
        rows
    }

    /// When the turn will be resolved whatever is missing.
    pub fn deadline_ms(&self) -> Option<u64> {
        if self.finished {
            return None;
        }
        let awaiting = self.game.awaiting();
        let mut arrivals: Vec<u64> = self
            .orders
            .values()
            .filter(|o| awaiting.contains(&Seat(o.seat)))
            .map(|o| o.at_ms)
            .collect();
        arrivals.sort_unstable();
        self.meta
            .deadline
            .deadline(self.step_started_ms, &arrivals, awaiting.len())
    }

    /// Whether the turn should be resolved now.
    pub fn due(&self, now_ms: u64) -> bool {
        if self.finished || self.outcome().is_some() {
            return false;
        }
        (self.game.ready() && self.meta.deadline.resolves_when_ready())
            || self.deadline_ms().is_some_and(|d| now_ms >= d)
    }

    /// What was decided at the table, for the status: who resigned (and
    /// on which turn) and who offers a draw now.
    pub fn table_status(&self) -> Value {
        let table = self.game.table();
        json!({
            "resigned": table.resigned.iter().map(|r| json!({"seat": r.seat.0, "turn": r.turn})).collect::<Vec<_>>(),
            "draw_offers": if self.finished { vec![] } else { table.draw_offers.iter().map(|s| s.0).collect::<Vec<_>>() },
        })
    }

    /// The public status: what anyone may know.
    pub fn status(&self) -> Value {
        let infos = self.game.seats();
        let seats: Vec<Value> = infos
            .iter()
            .enumerate()
            .map(|(i, info)| {
                let player = match self.meta.seats.get(i) {
                    Some(SeatMeta::Bot { bot }) => json!({"bot": bot}),
                    Some(SeatMeta::Files { folder }) => json!({"files": folder}),
                    Some(SeatMeta::Rules { player }) => json!({"rules": player}),
                    _ => json!("human"),
                };
                json!({"seat": i, "name": info.name, "player": player})
            })
            .collect();
        let seat_list = |v: Vec<Seat>| v.into_iter().map(|s| s.0).collect::<Vec<_>>();
        json!({
            "id": self.id,
            "ruleset": self.rules.name(),
            "title": self.game.title(),
            "turn": self.game.turn(),
            "step": self.step,
            "seats": seats,
            "awaiting": if self.finished { vec![] } else { seat_list(self.game.awaiting()) },
            "missing": if self.finished { vec![] } else { seat_list(self.game.missing()) },
            "finished": self.finished,
            "outcome": self.outcome(),
            "result": self.outcome().map(|o| o.summary(&infos)),
            "table": self.table_status(),
            "max_turns": self.meta.max_turns,
            "deadline": self.meta.deadline,
            "deadline_ms": self.deadline_ms(),
            "created": self.meta.created,
            "rematch_of": self.meta.rematch_of,
        })
    }
}

//! A running game of one ruleset, typed: the state, its generator, the
//! orders received for the current turn, what was decided at the table
//! (resignations, draw offers: [`crate::table`]), and the game record kept
//! as turns are resolved.

use std::borrow::Cow;
use std::collections::BTreeMap;
use std::sync::Arc;

use record::{GameRecord, Team, Turn, Winner};
use serde::{Deserialize, Serialize};
use serde_json::{json, Map, Value};

use crate::rng::GameRng;
use crate::ruleset::{
    place_rules_seats, OrderIssue, Outcome, RecordTurn, Ruleset, Seat, Setup, SetupError,
};
use crate::table::{Table, TableAct};

/// A running game.
pub struct Match<R: Ruleset> {
    rules: Arc<R>,
    setup: Setup,
    state: R::State,
    rng: GameRng,
    pending: BTreeMap<Seat, R::Orders>,
    /// Resignations and draw offers.
    table: Table,
    /// `None` when the caller asked for no record (fast bot games).
    record: Option<GameRecord>,
    /// The record's finished turns as JSON, comma-separated: they never
    /// change, so the record's text is rebuilt from them in O(new turn).
    turns_json: String,
    /// Where the turns of the last resolution start in `turns_json`.
    last_turn: usize,
    /// How many turns the last resolution finished.
    last_count: usize,
    /// How many finished turns [`Match::save_base`] keeps inside the save:
    /// those that came inside a save written whole (by [`Match::save`], or
    /// by an older version); the turns after them are kept by the caller.
    inline_turns: usize,
}

/// What resolving one turn did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TurnReport {
    /// The turn that was resolved.
    pub turn: u64,
    /// Seats that sent no orders and got the ruleset's default.
    pub defaulted: Vec<Seat>,
    /// The outcome, if the game is now over.
    pub outcome: Option<Outcome>,
}

/// The saved form of a match: enough to resume it exactly.
#[derive(Serialize, Deserialize)]
struct Saved<S, O> {
    ruleset: String,
    #[serde(rename = "rulesetVersion")]
    version: String,
    setup: Setup,
    state: S,
    rng: GameRng,
    pending: Vec<(Seat, O)>,
    /// Absent in games saved before the table existed.
    #[serde(default, skip_serializing_if = "Table::is_empty")]
    table: Table,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    record: Option<GameRecord>,
}

impl<R: Ruleset> Match<R> {
    /// Sets a game up. With `keep_record`, the game record is kept from here
    /// on; `now` stamps its `created` and `started` fields.
    pub fn start(
        rules: Arc<R>,
        setup: Setup,
        keep_record: bool,
        now: Option<&str>,
    ) -> Result<Match<R>, SetupError> {
        let mut setup = setup;
        // Callers list the seats people and bots play; the rules' own go in.
        place_rules_seats(&rules.rules_seats(&setup), &mut setup.seats)?;
        let mut rng = GameRng::from_seed(setup.seed);
        let state = rules.setup(&setup, &mut rng)?;
        setup.options.extend(rules.setup_facts(&state));
        let record = keep_record.then(|| {
            let mut record = new_record(&*rules, &setup, &state, now);
            // A game can be over before its first turn (a battle in which
            // one side has nothing that can fire): its record says so.
            if let Some(outcome) = rules.outcome(&state) {
                finish_record(&mut record, &outcome, now);
            }
            record
        });
        Ok(Match {
            rules,
            setup,
            state,
            rng,
            pending: BTreeMap::new(),
            table: Table::default(),
            record,
            turns_json: String::new(),
            last_turn: 0,
            last_count: 0,
            inline_turns: 0,
        })
    }

    pub fn rules(&self) -> &R {
        &self.rules
    }

    pub fn state(&self) -> &R::State {
        &self.state
    }

    pub fn setup(&self) -> &Setup {
        &self.setup
    }

    pub fn turn(&self) -> u64 {
        self.rules.turn(&self.state)
    }

    /// How the game ended: at the table (a resignation, an agreed draw) or
    /// by its rules.
    pub fn outcome(&self) -> Option<Outcome> {
        if self.table.is_decisive() {
            if let Some(o) = self.table.outcome(&self.rules.seats(&self.state)) {
                return Some(o);
            }
        }
        self.rules.outcome(&self.state)
    }

    /// Seats that must still send orders for this turn (a seat that
    /// resigned is never asked).
    pub fn awaiting(&self) -> Vec<Seat> {
        if self.outcome().is_some() {
            return vec![];
        }
        let mut seats = self.rules.awaiting(&self.state);
        seats.retain(|&s| !self.table.has_resigned(s));
        seats
    }

    /// Resignations and standing draw offers.
    pub fn table(&self) -> &Table {
        &self.table
    }

    /// A seat's decision at the table: resign, offer (or accept) a draw, or
    /// withdraw its offer. Refused once the game is over, and when it makes
    /// no sense (see [`Table::apply`]). A resigning seat's orders for this
    /// turn are dropped. `now` stamps the record's end when this ends the
    /// game.
    pub fn act(&mut self, seat: Seat, act: TableAct, now: Option<&str>) -> Result<(), OrderIssue> {
        if let Some(o) = self.outcome() {
            return Err(OrderIssue::general(format!(
                "the game is over ({}); nothing more can be decided",
                o.reason
            )));
        }
        let seats = self.rules.seats(&self.state);
        let turn = self.turn();
        self.table.apply(&seats, seat, act, turn)?;
        if act == TableAct::Resign {
            self.pending.remove(&seat);
        }
        let outcome = self.outcome();
        if let Some(record) = &mut self.record {
            if self.table.is_decisive() {
                record.extra.insert(
                    "table".into(),
                    serde_json::to_value(self.table.for_record()).expect("tables serialise"),
                );
            }
            if let Some(o) = &outcome {
                finish_record(record, o, now);
            }
        }
        Ok(())
    }

    /// Seats awaited that have not sent orders yet.
    pub fn missing(&self) -> Vec<Seat> {
        self.awaiting()
            .into_iter()
            .filter(|s| !self.pending.contains_key(s))
            .collect()
    }

    pub fn view(&self, seat: Option<Seat>) -> R::View {
        self.rules.view(&self.state, seat)
    }

    /// Checks and stores a seat's orders for this turn, replacing any it sent
    /// before. Returns the notes for the player, or every error.
    pub fn submit(
        &mut self,
        seat: Seat,
        orders: R::Orders,
    ) -> Result<Vec<OrderIssue>, Vec<OrderIssue>> {
        if let Some(o) = self.outcome() {
            return Err(vec![OrderIssue::general(format!(
                "the game is over ({}); no more orders are taken",
                o.reason
            ))]);
        }
        if self.table.has_resigned(seat) {
            return Err(vec![OrderIssue::general(format!(
                "{seat} has resigned; it sends no more orders"
            ))]);
        }
        if !self.rules.awaiting(&self.state).contains(&seat) {
            return Err(vec![OrderIssue::general(format!(
                "{seat} is not asked for orders on turn {}",
                self.turn()
            ))]);
        }
        let notes = self.rules.check(&self.state, seat, &orders)?;
        self.pending.insert(seat, orders);
        Ok(notes)
    }

    /// True when every awaited seat has sent orders.
    pub fn ready(&self) -> bool {
        self.outcome().is_none() && self.missing().is_empty()
    }

    /// Resolves the current turn with the orders received; awaited seats
    /// that sent none get the ruleset's default orders. `now` stamps the
    /// record's actions and, at the end, `ended`.
    pub fn resolve(&mut self, now: Option<&str>) -> TurnReport {
        let turn = self.turn();
        let mut defaulted = vec![];
        let mut orders: Vec<(Seat, R::Orders)> = vec![];
        // Seats that resigned are not asked, but the rules still get their
        // default orders: a ruleset never meets a seat missing from a turn.
        let awaited = if self.outcome().is_some() {
            vec![]
        } else {
            self.rules.awaiting(&self.state)
        };
        for seat in awaited {
            match self.pending.remove(&seat) {
                Some(o) => orders.push((seat, o)),
                None => {
                    if !self.table.has_resigned(seat) {
                        defaulted.push(seat);
                    }
                    orders.push((seat, self.rules.default_orders(&self.state, seat)));
                }
            }
        }
        self.pending.clear();
        self.table.turn_resolved();
        match &mut self.record {
            Some(record) => {
                let mut turns =
                    self.rules
                        .resolve_recorded(&mut self.state, &orders, &mut self.rng);
                if turns.is_empty() {
                    // The orders must be kept somewhere for a re-run.
                    turns.push(RecordTurn {
                        turn,
                        units: vec![],
                        actions: vec![],
                    });
                }
                let given: Vec<Value> = orders
                    .iter()
                    .map(|(seat, o)| {
                        json!({"teamId": seat.0, "orders": serde_json::to_value(o).expect("orders serialise")})
                    })
                    .collect();
                let mut given = Some(Value::Array(given));
                if !self.turns_json.is_empty() {
                    self.turns_json.push(',');
                }
                self.last_turn = self.turns_json.len();
                self.last_count = turns.len();
                for (k, t) in turns.into_iter().enumerate() {
                    let mut actions = t.actions;
                    if let Some(now) = now {
                        for a in &mut actions {
                            a.extra.insert("created".into(), now.into());
                        }
                    }
                    let mut extra = Map::new();
                    extra.insert("turn".into(), t.turn.into());
                    // The orders go with the first turn: a re-run resolves
                    // them there and the rules finish the other turns.
                    if let Some(given) = given.take() {
                        extra.insert("orders".into(), given);
                    }
                    let turn = Turn {
                        units: t.units,
                        actions,
                        extra: extra.into(),
                    };
                    if k > 0 {
                        self.turns_json.push(',');
                    }
                    self.turns_json
                        .push_str(&serde_json::to_string(&turn).expect("turns serialise"));
                    record.turns.push(turn);
                }
            }
            None => self
                .rules
                .resolve(&mut self.state, &orders, &mut self.rng, None),
        }
        let outcome = self.outcome();
        if let (Some(o), Some(record)) = (&outcome, &mut self.record) {
            finish_record(record, o, now);
        }
        TurnReport {
            turn,
            defaulted,
            outcome,
        }
    }

    /// Records an end decided outside the rules (a host's turn limit) in
    /// the record: `ended`, `winnerId` and `outcome`.
    pub fn conclude(&mut self, outcome: &Outcome, now: Option<&str>) {
        if let Some(record) = &mut self.record {
            finish_record(record, outcome, now);
        }
    }

    /// The game record so far: the finished turns, then the current turn's
    /// snapshot with no actions yet (game-record spec 2.1, rule 6).
    pub fn record(&self) -> Option<GameRecord> {
        let mut record = self.record.clone()?;
        if !self.ended_in_last_turn() {
            record.turns.push(self.current_turn());
        }
        Some(record)
    }

    /// True when the game ended in the middle of the record's last
    /// finished turn (see [`Ruleset::resolve_recorded`]): that turn is the
    /// current one, and the record does not repeat it.
    fn ended_in_last_turn(&self) -> bool {
        let Some(last) = self.record.as_ref().and_then(|r| r.turns.last()) else {
            return false;
        };
        self.outcome().is_some()
            && last.extra.get("turn").and_then(Value::as_u64) == Some(self.turn())
    }

    /// The record's text, as `record()` would write it, built from the
    /// finished turns' saved text plus the current turn.
    pub fn record_json(&self) -> Option<String> {
        let record = self.record.as_ref()?;
        let turns = if self.ended_in_last_turn() {
            format!("[{}]", self.turns_json)
        } else {
            let current = serde_json::to_string(&self.current_turn()).expect("turns serialise");
            let sep = if self.turns_json.is_empty() { "" } else { "," };
            format!("[{}{sep}{current}]", self.turns_json)
        };
        Some(
            record
                .to_json_with_turns(&turns)
                .expect("the turns were written as JSON"),
        )
    }

    /// The current turn: its snapshot, with no actions yet.
    fn current_turn(&self) -> Turn {
        let mut extra = Map::new();
        extra.insert("turn".into(), self.turn().into());
        Turn {
            units: self.rules.units(&self.state),
            actions: vec![],
            extra: extra.into(),
        }
    }

    /// The whole match as JSON: setup, state, generator, pending orders and
    /// record. [`Match::restore`] takes it back.
    pub fn save(&self) -> Value {
        self.save_keeping(usize::MAX)
    }

    /// The match as JSON without the record's finished turns, but for those
    /// it was restored with inline (none for a match started here): its size
    /// does not grow as the game goes on. The turns left out are the ones
    /// [`Match::last_turn_json`] gave after each resolution;
    /// [`Match::restore_with_turns`] takes both back.
    pub fn save_base(&self) -> Value {
        self.save_keeping(self.inline_turns)
    }

    fn save_keeping(&self, turns: usize) -> Value {
        let record = self.record.as_ref().map(|r| GameRecord {
            game_type: r.game_type.clone(),
            teams: r.teams.clone(),
            turns: r.turns[..turns.min(r.turns.len())].to_vec(),
            created: r.created.clone(),
            started: r.started.clone(),
            ended: r.ended.clone(),
            winner: r.winner.clone(),
            extra: r.extra.clone(),
        });
        serde_json::to_value(Saved {
            ruleset: R::NAME.into(),
            version: R::VERSION.into(),
            setup: self.setup.clone(),
            state: self.state.clone(),
            rng: self.rng.clone(),
            pending: self.pending.iter().map(|(s, o)| (*s, o.clone())).collect(),
            table: self.table.clone(),
            record,
        })
        .expect("a match always serialises")
    }

    /// The record turns the last [`Match::resolve`] finished, as JSON text:
    /// the turn's object, or an array of the turns when the resolution
    /// finished several ([`Ruleset::resolve_recorded`]), so that one
    /// resolution's turns are kept together. `None` with no record or no
    /// turn yet.
    pub fn last_turn_json(&self) -> Option<Cow<'_, str>> {
        self.record.as_ref().filter(|r| !r.turns.is_empty())?;
        let text = &self.turns_json[self.last_turn..];
        Some(if self.last_count > 1 {
            Cow::Owned(format!("[{text}]"))
        } else {
            Cow::Borrowed(text)
        })
    }

    /// The orders the last [`Match::resolve`] recorded, as its first turn
    /// keeps them (`[{"teamId": 0, "orders": ...}, ...]`): what a replay
    /// compares with another record's, without the turn's text. `None`
    /// with no record or no turn yet.
    pub fn last_orders(&self) -> Option<&Value> {
        let record = self.record.as_ref()?;
        let first = record.turns.len().checked_sub(self.last_count)?;
        record.turns.get(first)?.extra.get("orders")
    }

    /// Resumes a match saved by [`Match::save`].
    pub fn restore(rules: Arc<R>, saved: Value) -> Result<Match<R>, SetupError> {
        Match::restore_with_turns(rules, saved, &[])
    }

    /// Resumes a match saved by [`Match::save_base`] (or [`Match::save`]),
    /// given the record's finished turns the save left out, oldest first, as
    /// [`Match::last_turn_json`] gave them (one entry per resolution: a
    /// turn, or an array of turns).
    pub fn restore_with_turns(
        rules: Arc<R>,
        saved: Value,
        turns: &[String],
    ) -> Result<Match<R>, SetupError> {
        let saved: Saved<R::State, R::Orders> = serde_json::from_value(saved)
            .map_err(|e| SetupError::new(format!("saved game cannot be read: {e}")))?;
        if saved.ruleset != R::NAME {
            return Err(SetupError::new(format!(
                "saved game is for ruleset `{}`, not `{}`",
                saved.ruleset,
                R::NAME
            )));
        }
        let mut record = saved.record;
        let mut parts: Vec<String> = match &record {
            Some(r) => r
                .turns
                .iter()
                .map(|t| serde_json::to_string(t).expect("turns serialise"))
                .collect(),
            None => vec![],
        };
        let inline_turns = parts.len();
        // The last resolution's turns: one unless a given entry had more.
        let mut last_count = usize::from(inline_turns > 0);
        match &mut record {
            Some(r) => {
                for (i, text) in turns.iter().enumerate() {
                    let cannot = |e: serde_json::Error| {
                        SetupError::new(format!(
                            "saved turn {} of the record cannot be read: {e}",
                            inline_turns + i
                        ))
                    };
                    let trimmed = text.trim();
                    match trimmed.strip_prefix('[').and_then(|t| t.strip_suffix(']')) {
                        Some(inner) => {
                            let several: Vec<Turn> =
                                serde_json::from_str(trimmed).map_err(cannot)?;
                            if several.is_empty() {
                                return Err(SetupError::new(format!(
                                    "saved turn {} of the record is an empty list of turns",
                                    inline_turns + i
                                )));
                            }
                            last_count = several.len();
                            r.turns.extend(several);
                            parts.push(inner.to_string());
                        }
                        None => {
                            let turn: Turn = serde_json::from_str(trimmed).map_err(cannot)?;
                            last_count = 1;
                            r.turns.push(turn);
                            parts.push(trimmed.to_string());
                        }
                    }
                }
            }
            None if !turns.is_empty() => {
                return Err(SetupError::new(
                    "record turns were given for a saved game that keeps no record",
                ))
            }
            None => {}
        }
        let last_len = parts.last().map_or(0, String::len);
        let turns_json = parts.join(",");
        Ok(Match {
            rules,
            setup: saved.setup,
            state: saved.state,
            rng: saved.rng,
            pending: saved.pending.into_iter().collect(),
            table: saved.table,
            record,
            last_turn: turns_json.len() - last_len,
            last_count,
            turns_json,
            inline_turns,
        })
    }
}

fn new_record<R: Ruleset>(
    rules: &R,
    setup: &Setup,
    state: &R::State,
    now: Option<&str>,
) -> GameRecord {
    let played = rules.rules_seats(setup);
    let teams = rules
        .seats(state)
        .into_iter()
        .enumerate()
        .map(|(i, info)| {
            let spec = setup.seats.get(i);
            // A seat the rules play is named as its ruleset names its player.
            let bot = match played.iter().find(|r| r.seat.0 == i) {
                Some(r) => Some(r.player.to_string()),
                None => spec.and_then(|s| s.bot.clone()),
            };
            Some(Team {
                player_id: None,
                name: Some(spec.and_then(|s| s.name.clone()).unwrap_or(info.name)),
                bot: bot.map(Value::String),
                set: None,
                extra: info.extra.into(),
            })
        })
        .collect();
    let mut extra = Map::new();
    extra.insert("rulesetVersion".into(), R::VERSION.into());
    extra.insert("seed".into(), setup.seed.to_string().into());
    extra.insert(
        "setup".into(),
        serde_json::to_value(setup).expect("setup serialises"),
    );
    let drawn = rules.setup_actions(state);
    if !drawn.is_empty() {
        extra.insert(
            "setupActions".into(),
            serde_json::to_value(drawn).expect("actions serialise"),
        );
    }
    GameRecord {
        game_type: Some(rules.record_type(state)),
        teams,
        turns: vec![],
        created: now.map(str::to_string),
        started: now.map(str::to_string),
        ended: None,
        winner: Winner::Absent,
        extra: extra.into(),
    }
}

fn finish_record(record: &mut GameRecord, outcome: &Outcome, now: Option<&str>) {
    record.ended = Some(now.unwrap_or("").to_string()).filter(|s| !s.is_empty());
    record.winner = match outcome.winner {
        Some(seat) => Winner::Team(seat.0 as u64),
        None => Winner::NoWinner,
    };
    record.extra.insert(
        "outcome".into(),
        serde_json::to_value(outcome).expect("outcome serialises"),
    );
}

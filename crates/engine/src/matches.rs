//! A running game of one ruleset, typed: the state, its generator, the
//! orders received for the current turn, and the game record kept as turns
//! are resolved.

use std::collections::BTreeMap;
use std::sync::Arc;

use record::{GameRecord, Team, Turn, Winner};
use serde::{Deserialize, Serialize};
use serde_json::{json, Map, Value};

use crate::rng::GameRng;
use crate::ruleset::{OrderIssue, Outcome, Ruleset, Seat, Setup, SetupError};

/// A running game.
pub struct Match<R: Ruleset> {
    rules: Arc<R>,
    setup: Setup,
    state: R::State,
    rng: GameRng,
    pending: BTreeMap<Seat, R::Orders>,
    /// `None` when the caller asked for no record (fast bot games).
    record: Option<GameRecord>,
    /// The record's finished turns as JSON, comma-separated: they never
    /// change, so the record's text is rebuilt from them in O(new turn).
    turns_json: String,
    /// Where the last finished turn starts in `turns_json`.
    last_turn: usize,
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
        let mut rng = GameRng::from_seed(setup.seed);
        let state = rules.setup(&setup, &mut rng)?;
        let mut setup = setup;
        setup.options.extend(rules.setup_facts(&state));
        let record = keep_record.then(|| new_record(&*rules, &setup, &state, now));
        Ok(Match {
            rules,
            setup,
            state,
            rng,
            pending: BTreeMap::new(),
            record,
            turns_json: String::new(),
            last_turn: 0,
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

    pub fn outcome(&self) -> Option<Outcome> {
        self.rules.outcome(&self.state)
    }

    /// Seats that must still send orders for this turn.
    pub fn awaiting(&self) -> Vec<Seat> {
        if self.outcome().is_some() {
            return vec![];
        }
        self.rules.awaiting(&self.state)
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
        for seat in self.awaiting() {
            match self.pending.remove(&seat) {
                Some(o) => orders.push((seat, o)),
                None => {
                    defaulted.push(seat);
                    orders.push((seat, self.rules.default_orders(&self.state, seat)));
                }
            }
        }
        self.pending.clear();
        match &mut self.record {
            Some(record) => {
                let units = self.rules.units(&self.state);
                let mut actions = vec![];
                self.rules
                    .resolve(&mut self.state, &orders, &mut self.rng, Some(&mut actions));
                if let Some(now) = now {
                    for a in &mut actions {
                        a.extra.insert("created".into(), now.into());
                    }
                }
                let mut extra = Map::new();
                extra.insert("turn".into(), turn.into());
                let given: Vec<Value> = orders
                    .iter()
                    .map(|(seat, o)| {
                        json!({"teamId": seat.0, "orders": serde_json::to_value(o).expect("orders serialise")})
                    })
                    .collect();
                extra.insert("orders".into(), Value::Array(given));
                let turn = Turn {
                    units,
                    actions,
                    extra,
                };
                if !self.turns_json.is_empty() {
                    self.turns_json.push(',');
                }
                self.last_turn = self.turns_json.len();
                self.turns_json
                    .push_str(&serde_json::to_string(&turn).expect("turns serialise"));
                record.turns.push(turn);
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

    /// The game record so far: the finished turns, then the current turn's
    /// snapshot with no actions yet (game-record spec 2.1, rule 6).
    pub fn record(&self) -> Option<GameRecord> {
        let mut record = self.record.clone()?;
        record.turns.push(self.current_turn());
        Some(record)
    }

    /// The record's text, as `record()` would write it, built from the
    /// finished turns' saved text plus the current turn.
    pub fn record_json(&self) -> Option<String> {
        let record = self.record.as_ref()?;
        let current = serde_json::to_string(&self.current_turn()).expect("turns serialise");
        let sep = if self.turns_json.is_empty() { "" } else { "," };
        let turns = format!("[{}{sep}{current}]", self.turns_json);
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
            extra,
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
            record,
        })
        .expect("a match always serialises")
    }

    /// The record's last finished turn as JSON text (the turn the last
    /// [`Match::resolve`] added), or `None` with no record or no turn yet.
    pub fn last_turn_json(&self) -> Option<&str> {
        self.record.as_ref().filter(|r| !r.turns.is_empty())?;
        Some(&self.turns_json[self.last_turn..])
    }

    /// Resumes a match saved by [`Match::save`].
    pub fn restore(rules: Arc<R>, saved: Value) -> Result<Match<R>, SetupError> {
        Match::restore_with_turns(rules, saved, &[])
    }

    /// Resumes a match saved by [`Match::save_base`] (or [`Match::save`]),
    /// given the record's finished turns the save left out, oldest first, as
    /// [`Match::last_turn_json`] gave them.
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
        match &mut record {
            Some(r) => {
                for (i, text) in turns.iter().enumerate() {
                    let turn: Turn = serde_json::from_str(text).map_err(|e| {
                        SetupError::new(format!(
                            "saved turn {} of the record cannot be read: {e}",
                            inline_turns + i
                        ))
                    })?;
                    r.turns.push(turn);
                    parts.push(text.clone());
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
            record,
            last_turn: turns_json.len() - last_len,
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
    let teams = rules
        .seats(state)
        .into_iter()
        .enumerate()
        .map(|(i, info)| {
            let spec = setup.seats.get(i);
            let bot = spec.and_then(|s| s.bot.clone());
            Some(Team {
                player_id: None,
                name: Some(spec.and_then(|s| s.name.clone()).unwrap_or(info.name)),
                bot: bot.map(Value::String),
                set: None,
                extra: info.extra,
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
    GameRecord {
        game_type: Some(R::NAME.into()),
        teams,
        turns: vec![],
        created: now.map(str::to_string),
        started: now.map(str::to_string),
        ended: None,
        winner: Winner::Absent,
        extra,
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

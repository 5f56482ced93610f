//! The record as the engine writes it (spec §11): unit snapshots with only
//! the properties that differ from their zero, in the engine's key order;
//! teams; and the whole game with its finished turns and the open turn at
//! the top level. [`GameLog`] collects finished turns as a game is played.

use serde_json::{Map, Value};

use crate::action::{ids, number, tile, Action};
use crate::game::{BotFlag, Game, Team, Unit};
use crate::turn::TurnLog;

/// One unit as a snapshot writes it (spec §11.4).
pub fn unit_json(u: &Unit, team: &Team) -> Value {
    let mut m = Map::new();
    m.insert("id".into(), u.id.into());
    m.insert("type".into(), u.kind.as_str().into());
    m.insert("assignment".into(), tile(u.tile));
    if u.kind.stats().directional {
        m.insert("direction".into(), u.facing.as_str().into());
    }
    if u.color != team.color {
        if let Some(c) = u.color {
            m.insert("colorId".into(), c.as_str().into());
        }
    }
    for (key, v) in [
        ("mHealth", u.m_health),
        ("mBlocking", 0),
        ("mPower", u.m_power),
        ("mArmor", u.m_armor),
        ("mRecovery", u.m_recovery),
    ] {
        if key == "mBlocking" {
            if u.m_blocking != 0.0 {
                m.insert(key.into(), number(u.m_blocking));
            }
        } else if v != 0 {
            m.insert(key.into(), v.into());
        }
    }
    for (key, list) in [
        ("focusing", &u.focusing),
        ("paralyzed", &u.paralyzed),
        ("poisoned", &u.poisoned),
    ] {
        if let Some(l) = list {
            m.insert(key.into(), ids(Some(l)));
        }
    }
    if u.barriered {
        m.insert("barriered".into(), true.into());
    }
    Value::Object(m)
}

/// The board now: one list per team, its living units in list order.
pub fn snapshot(game: &Game) -> Value {
    Value::Array(
        game.teams
            .iter()
            .map(|t| Value::Array(t.units.iter().map(|u| unit_json(u, t)).collect()))
            .collect(),
    )
}

/// A team as the engine writes it (spec §2.1): the Chaos team as
/// `{originalId, name, colorId, bot, set, id}`, player teams as
/// `{name, colorId, bot, set, originalId, id}` (absent fields left out).
pub fn team_json(t: &Team) -> Value {
    let mut m = Map::new();
    let set = Value::Array(
        t.set
            .iter()
            .map(|e| {
                let mut s = Map::new();
                s.insert("assignment".into(), tile(e.assignment));
                s.insert("type".into(), e.kind.as_str().into());
                Value::Object(s)
            })
            .collect(),
    );
    let bot = |b: &BotFlag| match b {
        BotFlag::Flag(f) => Value::Bool(*f),
        BotFlag::Name(n) => Value::String(n.clone()),
    };
    if t.is_chaos() {
        m.insert("originalId".into(), t.original_id.into());
    }
    if let Some(n) = &t.name {
        m.insert("name".into(), n.clone().into());
    }
    if let Some(c) = t.color {
        m.insert("colorId".into(), c.as_str().into());
    }
    if let Some(b) = &t.bot {
        m.insert("bot".into(), bot(b));
    }
    m.insert("set".into(), set);
    if !t.is_chaos() {
        m.insert("originalId".into(), t.original_id.into());
    }
    m.insert("id".into(), t.id.into());
    Value::Object(m)
}

/// A finished turn: the board at its start and its actions.
#[derive(Debug, Clone, PartialEq)]
pub struct LoggedTurn {
    pub units: Value,
    pub actions: Vec<Action>,
}

/// Collects every finished turn with its starting snapshot.
#[derive(Debug, Clone, PartialEq)]
pub struct GameLog {
    pub turns: Vec<LoggedTurn>,
    /// The snapshot at the start of the current (open) turn.
    pub open_units: Value,
}

impl GameLog {
    /// A log starting at `game`'s current turn.
    pub fn new(game: &Game) -> GameLog {
        GameLog {
            turns: vec![],
            open_units: snapshot(game),
        }
    }

    /// Every turn as `{units, actions}`, the open one last (the page's form,
    /// as the record crate reads it).
    pub fn turns_json(&self, game: &Game) -> Vec<Value> {
        let turn = |units: &Value, actions: &[Action]| {
            let mut m = Map::new();
            m.insert("units".into(), units.clone());
            m.insert(
                "actions".into(),
                Value::Array(actions.iter().map(|a| a.to_json(None)).collect()),
            );
            Value::Object(m)
        };
        let mut out: Vec<Value> = self
            .turns
            .iter()
            .map(|t| turn(&t.units, &t.actions))
            .collect();
        out.push(turn(&self.open_units, &game.actions));
        out
    }

    /// The whole game as the engine writes it (spec §11.1): `type`, `teams`,
    /// `created`, `started`, `ended`, `turns` (finished), the open turn's
    /// `units` and `actions` at the top level; then what the project adds
    /// (spec D9): `winnerId` once the game is over, and the `seed` when given.
    pub fn record_json(&self, game: &Game, now: Option<&str>, seed: Option<u64>) -> Value {
        let mut m = Map::new();
        m.insert("type".into(), game.kind.as_str().into());
        m.insert(
            "teams".into(),
            Value::Array(game.teams.iter().map(team_json).collect()),
        );
        let stamp = || now.map_or(Value::Null, |n| Value::String(n.into()));
        m.insert("created".into(), stamp());
        m.insert("started".into(), stamp());
        m.insert(
            "ended".into(),
            if game.is_over() { stamp() } else { Value::Null },
        );
        let stamped = |a: &Action| a.to_json(now);
        let finished: Vec<Value> = self
            .turns
            .iter()
            .map(|t| {
                let mut turn = Map::new();
                turn.insert("units".into(), t.units.clone());
                turn.insert(
                    "actions".into(),
                    Value::Array(t.actions.iter().map(stamped).collect()),
                );
                Value::Object(turn)
            })
            .collect();
        m.insert("turns".into(), Value::Array(finished));
        m.insert("units".into(), self.open_units.clone());
        m.insert(
            "actions".into(),
            Value::Array(game.actions.iter().map(stamped).collect()),
        );
        if let Some(end) = game.end {
            m.insert(
                "winnerId".into(),
                end.winner.map_or(Value::Null, Value::from),
            );
        }
        if let Some(s) = seed {
            m.insert("seed".into(), s.to_string().into());
        }
        Value::Object(m)
    }
}

impl TurnLog for GameLog {
    fn finished(&mut self, game: &Game, _turn: usize, actions: Vec<Action>) {
        let units = std::mem::replace(&mut self.open_units, snapshot(game));
        self.turns.push(LoggedTurn { units, actions });
    }
}

//! Turning a checked JSON value into the typed record by moving fields out
//! of its maps. (serde's `flatten`, which the typed structs use to keep
//! unknown fields, buffers every nested level and made reading ~10x slower;
//! this conversion takes each value once, with `shift_remove`, so the
//! unknown fields left in `extra` keep their order; `remove` would move the
//! last field into the place of each one taken.) Only called after
//! [`crate::check::check_value`] found no errors, so shapes are known; a
//! shape it does not expect is still reported, never a panic.

use serde_json::{Map, Value};

use crate::model::{Action, ActionResult, GameRecord, Team, Turn, UnitData, Winner};
use crate::small::Position;

type Out<T> = Result<T, String>;

fn string(v: Option<Value>, what: &str) -> Out<Option<String>> {
    match v {
        None | Some(Value::Null) => Ok(None),
        Some(Value::String(s)) => Ok(Some(s)),
        Some(other) => Err(format!("{what} must be a string, not {other}")),
    }
}

fn uint(v: Option<Value>, what: &str) -> Out<Option<u64>> {
    match v {
        None => Ok(None),
        Some(Value::Number(n)) if n.as_u64().is_some() => Ok(n.as_u64()),
        Some(other) => Err(format!("{what} must be a whole number, not {other}")),
    }
}

fn array(v: Option<Value>, what: &str) -> Out<Vec<Value>> {
    match v {
        None => Ok(vec![]),
        Some(Value::Array(a)) => Ok(a),
        Some(other) => Err(format!("{what} must be an array, not {other}")),
    }
}

fn object(v: Value, what: &str) -> Out<Map<String, Value>> {
    match v {
        Value::Object(m) => Ok(m),
        other => Err(format!("{what} must be an object, not {other}")),
    }
}

/// The typed record from a checked value.
pub fn record(v: Value) -> Out<GameRecord> {
    let mut m = object(v, "a record")?;
    let teams = array(m.shift_remove("teams"), "teams")?
        .into_iter()
        .map(|t| match t {
            Value::Null => Ok(None),
            t => team(t).map(Some),
        })
        .collect::<Out<Vec<_>>>()?;
    let turns = array(m.shift_remove("turns"), "turns")?
        .into_iter()
        .map(turn)
        .collect::<Out<Vec<_>>>()?;
    let winner = match m.shift_remove("winnerId") {
        None => Winner::Absent,
        Some(Value::Null) => Winner::NoWinner,
        Some(Value::String(s)) => Winner::Other(s),
        w => Winner::Team(uint(w, "winnerId")?.unwrap_or(0)),
    };
    Ok(GameRecord {
        game_type: string(m.shift_remove("type"), "type")?,
        teams,
        turns,
        created: string(m.shift_remove("created"), "created")?,
        started: string(m.shift_remove("started"), "started")?,
        ended: string(m.shift_remove("ended"), "ended")?,
        winner,
        extra: m.into(),
    })
}

fn team(v: Value) -> Out<Team> {
    let mut m = object(v, "a team")?;
    Ok(Team {
        player_id: m.shift_remove("playerId"),
        name: string(m.shift_remove("name"), "a team's name")?,
        bot: m.shift_remove("bot"),
        set: match m.shift_remove("set") {
            None => None,
            set => Some(array(set, "a team's set")?),
        },
        extra: m.into(),
    })
}

pub(crate) fn turn(v: Value) -> Out<Turn> {
    let mut m = object(v, "a turn")?;
    let units = array(m.shift_remove("units"), "units")?
        .into_iter()
        .map(|per_team| {
            array(Some(per_team), "a team's units")?
                .into_iter()
                .map(unit)
                .collect::<Out<Vec<_>>>()
        })
        .collect::<Out<Vec<_>>>()?;
    let actions = array(m.shift_remove("actions"), "actions")?
        .into_iter()
        .map(action)
        .collect::<Out<Vec<_>>>()?;
    Ok(Turn {
        units,
        actions,
        extra: m.into(),
    })
}

fn unit(v: Value) -> Out<UnitData> {
    let mut m = object(v, "a unit")?;
    Ok(UnitData {
        id: uint(m.shift_remove("id"), "a unit's id")?.ok_or("a unit has no id")?,
        unit_type: string(m.shift_remove("type"), "a unit's type")?
            .ok_or("a unit has no type")?
            .into(),
        assignment: position(
            m.shift_remove("assignment")
                .ok_or("a unit has no assignment")?,
        )?,
        extra: m.into(),
    })
}

/// A unit's `assignment`: two numbers (which the checks made sure of).
fn position(v: Value) -> Out<Position> {
    match v {
        Value::Array(xy) => match <[Value; 2]>::try_from(xy) {
            Ok([Value::Number(x), Value::Number(y)]) => Ok(Position { x, y }),
            _ => Err("a unit's assignment is not two numbers".into()),
        },
        _ => Err("a unit's assignment is not two numbers".into()),
    }
}

fn action(v: Value) -> Out<Action> {
    let mut m = object(v, "an action")?;
    Ok(Action {
        action_type: string(m.shift_remove("type"), "an action's type")?
            .ok_or("an action has no type")?
            .into(),
        unit: uint(m.shift_remove("unit"), "an action's unit")?,
        team_id: uint(m.shift_remove("teamId"), "an action's teamId")?,
        results: results(m.shift_remove("results"))?,
        extra: m.into(),
    })
}

fn results(v: Option<Value>) -> Out<Option<Vec<ActionResult>>> {
    match v {
        None => Ok(None),
        list => Ok(Some(
            array(list, "results")?
                .into_iter()
                .map(result)
                .collect::<Out<Vec<_>>>()?,
        )),
    }
}

fn result(v: Value) -> Out<ActionResult> {
    let mut m = object(v, "a result")?;
    Ok(ActionResult {
        unit: uint(m.shift_remove("unit"), "a result's unit")?,
        changes: match m.shift_remove("changes") {
            None => None,
            Some(c) => Some(object(c, "changes")?.into()),
        },
        results: results(m.shift_remove("results"))?,
        extra: m.into(),
    })
}

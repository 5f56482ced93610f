//! Reading a record with checks (game-record spec 2.3 and 3.1).
//!
//! The raw JSON is walked first so every problem names its JSON path
//! (`$.turns[3].units[0][2].id`) and says what was expected. Only a record
//! without errors is turned into the typed [`GameRecord`]. The real Tactics
//! engine's files are accepted as they are: the server's `{id, state,
//! created}` wrapper and the turn in progress at the top level (spec 3.1).

use std::collections::HashSet;
use std::fmt;

use serde_json::{Map, Value};

use crate::model::GameRecord;
use crate::time::is_iso8601;

/// How bad a problem is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Severity {
    /// The record is rejected.
    Error,
    /// The record is read; the problem is reported.
    Warning,
}

/// One thing wrong with a record, at a JSON path.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Problem {
    pub severity: Severity,
    /// A JSON path such as `$.turns[3].actions[0].teamId`; for a JSON syntax
    /// error, `line L column C`.
    pub path: String,
    pub message: String,
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let level = match self.severity {
            Severity::Error => "error",
            Severity::Warning => "warning",
        };
        write!(f, "{level}: {}: {}", self.path, self.message)
    }
}

/// A record that could not be read: every error found, and the warnings.
#[derive(Debug, Clone)]
pub struct ReadError {
    pub problems: Vec<Problem>,
}

impl fmt::Display for ReadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, p) in self.problems.iter().enumerate() {
            if i > 0 {
                writeln!(f)?;
            }
            write!(f, "{p}")?;
        }
        Ok(())
    }
}

impl std::error::Error for ReadError {}

/// Reads a record from JSON text: the typed record and its warnings, or every
/// problem found. A record without errors is read once, straight into the
/// typed structs (by the byte reader, `fast`; what it does not expect, by
/// the serde visitors, `typed`); one with errors is read again as a
/// `Value` to name them.
pub fn read_record(text: &str) -> Result<(GameRecord, Vec<Problem>), ReadError> {
    if let Some(read) = crate::fast::read(text) {
        return Ok(read);
    }
    if let Some(read) = crate::typed::read(text) {
        return Ok(read);
    }
    read_checked(text)
}

/// [`read_record`] the slow way only: the whole text as a `Value`, checked,
/// then converted (the fast path must agree with it on every record).
pub(crate) fn read_checked(text: &str) -> Result<(GameRecord, Vec<Problem>), ReadError> {
    let value: Value = serde_json::from_str(text).map_err(|e| ReadError {
        problems: vec![Problem {
            severity: Severity::Error,
            path: format!("line {} column {}", e.line(), e.column()),
            message: format!("not valid JSON: {e}; a record is one JSON object"),
        }],
    })?;
    read_value(value)
}

/// Reads a record from a parsed JSON value (see [`read_record`]).
pub fn read_value(value: Value) -> Result<(GameRecord, Vec<Problem>), ReadError> {
    let normal = normalise(value).map_err(|p| ReadError { problems: vec![p] })?;
    let problems = check_value(&normal);
    if problems.iter().any(|p| p.severity == Severity::Error) {
        return Err(ReadError { problems });
    }
    match crate::convert::record(normal) {
        Ok(record) => Ok((record, problems)),
        Err(e) => Err(ReadError {
            problems: vec![Problem {
                severity: Severity::Error,
                path: "$".into(),
                message: format!("cannot be read as a game record: {e}"),
            }],
        }),
    }
}

/// Undoes the real engine's departures from the page (spec 3.1): unwraps the
/// server's `{id, state, created}` file and moves a top-level turn in progress
/// to the end of `turns`.
fn normalise(value: Value) -> Result<Value, Problem> {
    let Value::Object(mut top) = value else {
        return Err(error("$", "a record must be a JSON object"));
    };
    if let Some(Value::Object(_)) = top.get("state") {
        let Some(Value::Object(mut state)) = top.shift_remove("state") else {
            unreachable!("checked just above")
        };
        if !state.contains_key("created") {
            if let Some(created) = top.shift_remove("created") {
                state.insert("created".into(), created);
            }
        }
        if let Some(id) = top.shift_remove("id") {
            state.entry("id").or_insert(id);
        }
        top = state;
    }
    if top.contains_key("units") {
        let units = top.shift_remove("units").unwrap_or(Value::Null);
        let actions = top
            .shift_remove("actions")
            .unwrap_or_else(|| Value::Array(vec![]));
        let mut open = Map::new();
        open.insert("units".into(), units);
        open.insert("actions".into(), actions);
        match top.get_mut("turns") {
            Some(Value::Array(turns)) => turns.push(Value::Object(open)),
            None => {
                top.insert("turns".into(), Value::Array(vec![Value::Object(open)]));
            }
            Some(_) => {} // reported by the checks
        }
    }
    Ok(Value::Object(top))
}

fn error(path: impl std::fmt::Display, message: &str) -> Problem {
    Problem {
        severity: Severity::Error,
        path: path.to_string(),
        message: message.into(),
    }
}

pub(crate) fn warning(path: impl std::fmt::Display, message: &str) -> Problem {
    Problem {
        severity: Severity::Warning,
        path: path.to_string(),
        message: message.into(),
    }
}

/// A JSON path, written out only when a problem is reported: the checks
/// walk every unit, action and result of a record, and formatting a path
/// for each of them was a fifth of reading a clean record.
#[derive(Clone, Copy)]
enum Path<'a> {
    Root,
    Key(&'a Path<'a>, &'a str),
    Index(&'a Path<'a>, usize),
}

impl<'a> Path<'a> {
    fn key(&'a self, key: &'a str) -> Path<'a> {
        Path::Key(self, key)
    }

    fn at(&'a self, index: usize) -> Path<'a> {
        Path::Index(self, index)
    }
}

impl std::fmt::Display for Path<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Path::Root => f.write_str("$"),
            Path::Key(parent, key) => write!(f, "{parent}.{key}"),
            Path::Index(parent, i) => write!(f, "{parent}[{i}]"),
        }
    }
}

/// Every problem of a (normalised) record value, errors and warnings.
pub fn check_value(value: &Value) -> Vec<Problem> {
    let mut out = Vec::new();
    let Some(top) = value.as_object() else {
        out.push(error("$", "a record must be a JSON object"));
        return out;
    };
    let teams = match top.get("teams") {
        Some(Value::Array(teams)) => {
            let path = Path::Root;
            let path = path.key("teams");
            for (i, team) in teams.iter().enumerate() {
                check_team(team, &path.at(i), &mut out);
            }
            Some(teams.len())
        }
        Some(_) => {
            out.push(error(
                "$.teams",
                "must be an array of teams (objects or null)",
            ));
            None
        }
        None => {
            out.push(error(
                "$",
                "has no `teams`: a record lists its seats in `teams`",
            ));
            None
        }
    };
    if let Some(t) = top.get("type") {
        if !t.is_string() {
            out.push(error("$.type", "must be a string naming the ruleset"));
        }
    }
    for key in ["created", "started", "ended"] {
        match top.get(key) {
            Some(Value::String(s)) if !is_iso8601(s) => out.push(warning(
                format!("$.{key}"),
                "is not an ISO 8601 date like 2019-04-05T17:03:12.345Z",
            )),
            Some(Value::String(_)) | Some(Value::Null) | None => {}
            Some(_) => out.push(error(format!("$.{key}"), "must be a date string or null")),
        }
    }
    match top.get("winnerId") {
        Some(Value::Number(n)) => match (n.as_u64(), teams) {
            (Some(w), Some(len)) if (w as usize) < len => {}
            (Some(w), Some(len)) => out.push(error(
                "$.winnerId",
                &format!(
                    "team {w} does not exist: there are {len} teams (0 to {})",
                    len.saturating_sub(1)
                ),
            )),
            (None, _) => out.push(error("$.winnerId", "must be a team index (0, 1, ...)")),
            (Some(_), None) => {}
        },
        Some(Value::Null) | Some(Value::String(_)) | None => {}
        Some(_) => out.push(error(
            "$.winnerId",
            "must be a team index, a string or null",
        )),
    }
    match top.get("turns") {
        Some(Value::Array(turns)) => {
            let path = Path::Root;
            let path = path.key("turns");
            for (i, turn) in turns.iter().enumerate() {
                check_turn(turn, &path.at(i), teams, &mut out);
            }
        }
        Some(_) => out.push(error("$.turns", "must be an array of turns")),
        None => {}
    }
    out
}

fn check_team(team: &Value, path: &Path, out: &mut Vec<Problem>) {
    let Some(obj) = team.as_object() else {
        if !team.is_null() {
            out.push(error(
                path,
                "a team must be an object, or null for a seat not yet taken",
            ));
        }
        return;
    };
    if let Some(name) = obj.get("name") {
        if !name.is_string() {
            out.push(error(format!("{path}.name"), "must be a string"));
        }
    }
    if let Some(bot) = obj.get("bot") {
        if !(bot.is_boolean() || bot.is_string()) {
            out.push(error(
                format!("{path}.bot"),
                "must be true, false or the bot's name",
            ));
        }
    }
    if let Some(set) = obj.get("set") {
        if !set.is_array() {
            out.push(error(
                format!("{path}.set"),
                "must be an array of {type, assignment}",
            ));
        }
    }
}

/// A turn whose `units` has `n` per-team arrays but the record `len` teams.
fn units_warning(path: &Path, n: usize, len: usize) -> Problem {
    warning(
        format!("{path}.units"),
        &format!("has {n} entries but there are {len} teams"),
    )
}

/// [`units_warning`] for turn `i` of the record.
pub(crate) fn teams_warning(i: usize, n: usize, len: usize) -> Problem {
    let root = Path::Root;
    let turns = root.key("turns");
    units_warning(&turns.at(i), n, len)
}

/// Every problem of turn `i` of a record with `teams` teams.
pub(crate) fn check_turn_value(turn: &Value, i: usize, teams: Option<usize>) -> Vec<Problem> {
    let root = Path::Root;
    let turns = root.key("turns");
    let mut out = Vec::new();
    check_turn(turn, &turns.at(i), teams, &mut out);
    out
}

fn check_turn(turn: &Value, path: &Path, teams: Option<usize>, out: &mut Vec<Problem>) {
    let Some(obj) = turn.as_object() else {
        out.push(error(
            path,
            "a turn must be an object with `units` and `actions`",
        ));
        return;
    };
    match obj.get("units") {
        Some(Value::Array(per_team)) => {
            if let Some(len) = teams {
                if per_team.len() != len {
                    out.push(units_warning(path, per_team.len(), len));
                }
            }
            let mut seen = HashSet::new();
            let units_path = path.key("units");
            for (t, units) in per_team.iter().enumerate() {
                let upath = units_path.at(t);
                let Some(units) = units.as_array() else {
                    out.push(error(
                        upath,
                        "must be an array of units (one array per team)",
                    ));
                    continue;
                };
                for (u, unit) in units.iter().enumerate() {
                    check_unit(unit, &upath.at(u), &mut seen, out);
                }
            }
        }
        Some(_) => out.push(error(
            format!("{path}.units"),
            "must be an array with one array of units per team",
        )),
        None => out.push(error(
            path,
            "has no `units`: each turn starts with a snapshot of the units",
        )),
    }
    match obj.get("actions") {
        Some(Value::Array(actions)) => {
            let actions_path = path.key("actions");
            for (a, action) in actions.iter().enumerate() {
                check_action(action, &actions_path.at(a), teams, out);
            }
        }
        Some(_) => out.push(error(
            format!("{path}.actions"),
            "must be an array of actions",
        )),
        None => {}
    }
}

fn check_unit(unit: &Value, path: &Path, seen: &mut HashSet<u64>, out: &mut Vec<Problem>) {
    let Some(obj) = unit.as_object() else {
        out.push(error(
            path,
            "a unit must be an object with id, type and assignment",
        ));
        return;
    };
    match obj.get("id").map(Value::as_u64) {
        Some(Some(id)) => {
            if !seen.insert(id) {
                out.push(error(
                    format!("{path}.id"),
                    &format!("unit id {id} appears twice in one snapshot; ids are unique"),
                ));
            }
        }
        Some(None) => out.push(error(format!("{path}.id"), "must be a whole number")),
        None => out.push(error(path, "has no `id`")),
    }
    match obj.get("type") {
        Some(Value::String(_)) => {}
        Some(_) => out.push(error(
            format!("{path}.type"),
            "must be a string naming the unit type",
        )),
        None => out.push(error(path, "has no `type`")),
    }
    match obj.get("assignment") {
        Some(Value::Array(xy)) if xy.len() == 2 && xy.iter().all(Value::is_number) => {}
        Some(_) => out.push(error(
            format!("{path}.assignment"),
            "must be a position [x, y] of two numbers",
        )),
        None => out.push(error(path, "has no `assignment` (the unit's position)")),
    }
}

fn check_action(action: &Value, path: &Path, teams: Option<usize>, out: &mut Vec<Problem>) {
    let Some(obj) = action.as_object() else {
        out.push(error(path, "an action must be an object"));
        return;
    };
    match obj.get("type") {
        Some(Value::String(_)) => {}
        Some(_) => out.push(error(
            format!("{path}.type"),
            "must be a string (the action type)",
        )),
        None => out.push(error(path, "has no `type`")),
    }
    if let Some(team) = obj.get("teamId") {
        match (team.as_u64(), teams) {
            (Some(t), Some(len)) if (t as usize) >= len => out.push(error(
                format!("{path}.teamId"),
                &format!("team {t} does not exist: there are {len} teams"),
            )),
            (None, _) => out.push(error(format!("{path}.teamId"), "must be a team index")),
            _ => {}
        }
    }
    if let Some(unit) = obj.get("unit") {
        if unit.as_u64().is_none() {
            out.push(error(format!("{path}.unit"), "must be a unit id"));
        }
    }
    if let Some(results) = obj.get("results") {
        check_results(results, &path.key("results"), true, out);
    }
}

fn check_results(results: &Value, path: &Path, may_nest: bool, out: &mut Vec<Problem>) {
    let Some(list) = results.as_array() else {
        out.push(error(path, "must be an array of results"));
        return;
    };
    for (i, result) in list.iter().enumerate() {
        let rpath = path.at(i);
        let Some(obj) = result.as_object() else {
            out.push(error(rpath, "a result must be an object"));
            continue;
        };
        if let Some(changes) = obj.get("changes") {
            if !changes.is_object() {
                out.push(error(
                    format!("{rpath}.changes"),
                    "must be an object of property → new value",
                ));
            }
        }
        if let Some(unit) = obj.get("unit") {
            if unit.as_u64().is_none() {
                out.push(error(format!("{rpath}.unit"), "must be a unit id"));
            }
        }
        if let Some(sub) = obj.get("results") {
            if may_nest {
                check_results(sub, &rpath.key("results"), false, out);
            } else {
                out.push(error(
                    format!("{rpath}.results"),
                    "a sub-result cannot have results of its own (one level of nesting only)",
                ));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn errors(text: &str) -> Vec<String> {
        match read_record(text) {
            Ok(_) => vec![],
            Err(e) => e
                .problems
                .iter()
                .filter(|p| p.severity == Severity::Error)
                .map(|p| format!("{}: {}", p.path, p.message))
                .collect(),
        }
    }

    #[test]
    fn minimal_record_reads() {
        let (r, warnings) =
            read_record(r#"{"type":"ttrts","teams":[{"name":"Red"},null],"turns":[]}"#).unwrap();
        assert_eq!(r.teams.len(), 2);
        assert!(r.teams[1].is_none());
        assert!(warnings.is_empty());
    }

    #[test]
    fn not_an_object() {
        assert_eq!(errors("[1,2]"), vec!["$: a record must be a JSON object"]);
    }

    #[test]
    fn syntax_error_names_line_and_column() {
        let e = errors("{\n  \"teams\": [,]\n}");
        assert!(e[0].starts_with("line 2 column"), "{e:?}");
    }

    #[test]
    fn teams_are_required() {
        assert_eq!(
            errors(r#"{"turns":[]}"#),
            vec!["$: has no `teams`: a record lists its seats in `teams`"]
        );
        assert_eq!(
            errors(r#"{"teams":3}"#)[0],
            "$.teams: must be an array of teams (objects or null)"
        );
    }

    #[test]
    fn units_must_be_arrays_of_arrays() {
        let e = errors(r#"{"teams":[{}],"turns":[{"units":[3],"actions":[]}]}"#);
        assert_eq!(
            e,
            vec!["$.turns[0].units[0]: must be an array of units (one array per team)"]
        );
    }

    #[test]
    fn unit_needs_id_type_assignment() {
        let e = errors(r#"{"teams":[{}],"turns":[{"units":[[{"id":1}]],"actions":[]}]}"#);
        assert_eq!(
            e,
            vec![
                "$.turns[0].units[0][0]: has no `type`",
                "$.turns[0].units[0][0]: has no `assignment` (the unit's position)"
            ]
        );
    }

    #[test]
    fn duplicate_ids_in_a_snapshot() {
        let e = errors(
            r#"{"teams":[{},{}],"turns":[{"units":[[{"id":1,"type":"a","assignment":[0,0]}],[{"id":1,"type":"a","assignment":[1,0]}]]}]}"#,
        );
        assert_eq!(e, vec!["$.turns[0].units[1][0].id: unit id 1 appears twice in one snapshot; ids are unique"]);
    }

    #[test]
    fn team_ids_must_exist() {
        let e = errors(
            r#"{"teams":[{}],"winnerId":1,"turns":[{"units":[[]],"actions":[{"type":"move","teamId":2}]}]}"#,
        );
        assert_eq!(
            e,
            vec![
                "$.winnerId: team 1 does not exist: there are 1 teams (0 to 0)",
                "$.turns[0].actions[0].teamId: team 2 does not exist: there are 1 teams"
            ]
        );
    }

    #[test]
    fn nested_sub_results_are_rejected() {
        let e = errors(
            r#"{"teams":[{}],"turns":[{"units":[[]],"actions":[{"type":"a","results":[{"unit":1,"results":[{"unit":2,"results":[]}]}]}]}]}"#,
        );
        assert_eq!(
            e,
            vec!["$.turns[0].actions[0].results[0].results[0].results: a sub-result cannot have results of its own (one level of nesting only)"]
        );
    }

    #[test]
    fn wrapper_and_open_turn_are_unfolded() {
        let (r, _) = read_record(
            r#"{"id":"x","created":"2019-05-06T00:00:00.000Z","state":{"type":"classic","teams":[{},{}],"turns":[],"units":[[],[]],"actions":[{"type":"endTurn","teamId":0}],"winnerId":1}}"#,
        )
        .unwrap();
        assert_eq!(r.created.as_deref(), Some("2019-05-06T00:00:00.000Z"));
        assert_eq!(r.turns.len(), 1);
        assert_eq!(r.turns[0].actions[0].action_type, "endTurn");
        assert_eq!(r.winner, crate::Winner::Team(1));
        assert!(!r.extra.contains_key("units"));
    }

    #[test]
    fn unknown_fields_survive_a_round_trip() {
        let text = r#"{"teams":[{"colorId":"Red","name":"a"}],"turns":[{"units":[[{"id":1,"type":"Knight","assignment":[1,2],"mBlocking":12.5}]],"actions":[{"type":"attack","unit":1,"created":"x","results":[{"unit":1,"luck":3,"changes":{"mHealth":-3}}]}],"x":1}],"zz":[1]}"#;
        let (r, _) = read_record(text).unwrap();
        let again: Value = serde_json::from_str(&r.to_json()).unwrap();
        let original: Value = serde_json::from_str(text).unwrap();
        assert_eq!(crate::first_difference(&original, &again), None);
    }

    #[test]
    fn absent_winner_differs_from_null() {
        let (r, _) = read_record(r#"{"teams":[{}]}"#).unwrap();
        assert_eq!(r.winner, crate::Winner::Absent);
        let (r, _) =
            read_record(r#"{"teams":[{}],"winnerId":null,"ended":"2019-05-06T00:00:00.000Z"}"#)
                .unwrap();
        assert_eq!(r.winner, crate::Winner::NoWinner);
        assert!(r.to_json().contains("\"winnerId\":null"));
    }

    #[test]
    fn bad_dates_are_warnings() {
        let (_, w) = read_record(r#"{"teams":[{}],"created":"yesterday"}"#).unwrap();
        assert_eq!(w.len(), 1);
        assert_eq!(w[0].path, "$.created");
    }
}

#[cfg(test)]
mod raw_turns {
    use super::read_record;

    #[test]
    fn writing_with_raw_turns_gives_the_same_text() {
        let text = r#"{"type":"ttrts","teams":[{"name":"Red"},null],"turns":[{"units":[[],[]],"actions":[{"type":"move","unit":1}]}],"created":"2019-04-05T17:03:12.345Z","winnerId":null,"seed":"4"}"#;
        let (record, _) = read_record(text).unwrap();
        let turns = serde_json::to_string(&record.turns).unwrap();
        assert_eq!(record.to_json_with_turns(&turns).unwrap(), record.to_json());
        assert_eq!(record.to_json(), text);
    }

    #[test]
    fn raw_turns_go_where_the_turns_field_is() {
        for text in [
            r#"{"teams":[],"turns":[]}"#,
            r#"{"teams":[{"name":"turns"}],"turns":[{"units":[],"actions":[]}],"ended":"x","winnerId":0}"#,
            r#"{"type":"classic","teams":[null,{"name":"B","turns":[]}],"turns":[ ],"seed":"9"}"#,
        ] {
            let (record, _) = read_record(text).unwrap();
            let turns = serde_json::to_string(&record.turns).unwrap();
            assert_eq!(record.to_json_with_turns(&turns).unwrap(), record.to_json());
        }
        let (record, _) = read_record(r#"{"teams":[],"turns":[]}"#).unwrap();
        assert!(record.to_json_with_turns("{}").is_err());
        assert!(record.to_json_with_turns("").is_err());
    }
}

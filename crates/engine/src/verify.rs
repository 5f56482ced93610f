//! Re-running a game from its record: the record's setup and seed start a
//! new match, each finished turn's recorded orders are resolved again, and
//! the record this produces is compared with the one given. The first
//! difference is reported as a JSON path. A turn without `orders` was
//! finished by the resolution of the turn before it (a ruleset's
//! [`crate::Ruleset::resolve_recorded`] may finish several), so the re-run
//! resolves nothing there. What was decided at the table (the record's
//! `table`: resignations, an agreed draw) is decided again at the same
//! turn, so a resigned game re-runs to the same winner.

use std::sync::Arc;

use record::{first_difference, GameRecord};
use serde_json::Value;

use crate::matches::Match;
use crate::ruleset::{Ruleset, Seat, Setup, SetupError};
use crate::table::{Table, TableAct};

/// Where a re-run left the record.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Divergence {
    /// JSON path in the record, e.g. `$.turns[4].actions[2].results[0]`.
    pub path: String,
    pub expected: String,
    pub actual: String,
}

impl std::fmt::Display for Divergence {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{}: the record has {} but the rules give {}",
            self.path, self.expected, self.actual
        )
    }
}

/// Re-runs `record` with `rules`. `Ok(None)` when every turn agrees.
pub fn verify<R: Ruleset>(
    rules: Arc<R>,
    record: &GameRecord,
) -> Result<Option<Divergence>, SetupError> {
    let setup_value = record.extra.get("setup").ok_or_else(|| {
        SetupError::at(
            "$.setup",
            "the record has no `setup`, so the game cannot be re-run",
        )
    })?;
    let setup: Setup = serde_json::from_value(setup_value.clone())
        .map_err(|e| SetupError::at("$.setup", format!("cannot be read: {e}")))?;
    if let Some(v) = record.extra.get("rulesetVersion").and_then(Value::as_str) {
        if v != R::VERSION {
            return Err(SetupError::at(
                "$.rulesetVersion",
                format!(
                    "the record was played with {} {v}; this build has {}",
                    R::NAME,
                    R::VERSION
                ),
            ));
        }
    }
    let table: Table = match record.extra.get("table") {
        None => Table::default(),
        Some(v) => serde_json::from_value(v.clone())
            .map_err(|e| SetupError::at("$.table", format!("cannot be read: {e}")))?,
    };
    let mut resignations = table.resigned.iter().peekable();
    let mut game = Match::start(rules, setup, true, None)?;
    for (i, turn) in record.turns.iter().enumerate() {
        while let Some(r) = resignations.next_if(|r| r.turn <= game.turn()) {
            if let Err(e) = game.act(r.seat, TableAct::Resign, None) {
                return Ok(Some(table_divergence("resigned", e.message)));
            }
        }
        let Some(orders) = turn.extra.get("orders") else {
            continue;
        };
        let Some(orders) = orders.as_array() else {
            return Err(SetupError::at(
                format!("$.turns[{i}].orders"),
                "must be an array",
            ));
        };
        for (j, entry) in orders.iter().enumerate() {
            let path = format!("$.turns[{i}].orders[{j}]");
            let seat = entry
                .get("teamId")
                .and_then(Value::as_u64)
                .ok_or_else(|| SetupError::at(&path, "has no teamId"))?;
            if game.table().has_resigned(Seat(seat as usize)) {
                // A resigned seat's recorded orders are the defaults the
                // rules got; the re-run gives them again.
                continue;
            }
            let given: R::Orders =
                serde_json::from_value(entry.get("orders").cloned().unwrap_or(Value::Null))
                    .map_err(|e| {
                        SetupError::at(format!("{path}.orders"), format!("cannot be read: {e}"))
                    })?;
            if let Err(errors) = game.submit(Seat(seat as usize), given) {
                let why: Vec<String> = errors.iter().map(ToString::to_string).collect();
                return Ok(Some(Divergence {
                    path,
                    expected: "orders the rules accept".into(),
                    actual: format!("a rejection: {}", why.join("; ")),
                }));
            }
        }
        game.resolve(None);
    }
    for r in resignations {
        if let Err(e) = game.act(r.seat, TableAct::Resign, None) {
            return Ok(Some(table_divergence("resigned", e.message)));
        }
    }
    if table.draw_agreed.is_some() {
        for s in game.table().playing(game.rules().seats(game.state()).len()) {
            if let Err(e) = game.act(s, TableAct::OfferDraw, None) {
                return Ok(Some(table_divergence("drawAgreed", e.message)));
            }
        }
    }
    let produced = game.record().expect("kept");
    // The usual case, a record that replays exactly, is told from the typed
    // records; only a difference is looked for in their JSON, for its path.
    // What the setup drew (`setupActions`) is compared too: a record whose
    // dealt hands differ from the rules' is not this game.
    if record.extra.get("setupActions") == produced.extra.get("setupActions")
        && record::records_agree(record, &produced)
    {
        return Ok(None);
    }
    let expected = serde_json::json!({"setupActions": record.extra.get("setupActions"),
        "turns": record.turns, "winnerId": winner_value(record)});
    let actual = serde_json::json!({"setupActions": produced.extra.get("setupActions"),
        "turns": produced.turns, "winnerId": winner_value(&produced)});
    Ok(
        first_difference(&expected, &actual).map(|(path, expected, actual)| Divergence {
            path,
            expected,
            actual,
        }),
    )
}

fn winner_value(r: &GameRecord) -> Value {
    serde_json::to_value(r)
        .ok()
        .and_then(|v| v.get("winnerId").cloned())
        .unwrap_or(Value::Null)
}

/// The table's decision could not be made again at its place.
fn table_divergence(what: &str, why: String) -> Divergence {
    Divergence {
        path: format!("$.table.{what}"),
        expected: "a decision the game allows at that point".into(),
        actual: format!("a refusal: {why}"),
    }
}

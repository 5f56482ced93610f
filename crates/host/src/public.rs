//! What of a game record may be shown before the game ends.
//!
//! The rule: while a game runs, the record is served with only what every
//! seat may see anyway: the game's type and teams, the timestamps, and per
//! turn the `units` on the board, the turn number and the `actions` every
//! seat saw (and of the actions of the setup, `setupActions`, those every
//! seat saw). Left out until the game is over: the `setup` and `seed` (they
//! would let anyone re-create the dice and hidden information), each turn's
//! raw `orders` (a ruleset with secret hands may name secrets in them), any
//! other field a ruleset adds, and every action the ruleset marked as seen
//! by some seats only (`seenBy`, `docs/game-record.md`: a TaE order that
//! failed at resolution names its author's colonist and plan, tae spec 15).
//! The fields are a whitelist, so a new ruleset's private fields stay hidden
//! by default. A ruleset with fog of war (`Ruleset::units_public` false,
//! Xconq) has its turns' `units` emptied too (one empty list per seat, so
//! the record still reads): they list every unit where it truly is, which
//! no seat may know. Once the game is over the whole record is served.
//!
//! Pictures and captions of a running game's record ([`crate::boards`])
//! come from [`without_private_actions`]: the record the host keeps, less
//! the actions not everyone saw.

use record::GameRecord;
use serde_json::{Map, Value};

const PUBLIC_TOP: &[&str] = &[
    "type",
    "setupActions",
    "teams",
    "turns",
    "created",
    "started",
    "ended",
    "winnerId",
    "rulesetVersion",
];
const PUBLIC_TURN: &[&str] = &["units", "actions", "turn"];

/// Whether a recorded action (JSON) is seen by all of `teams` teams.
fn action_is_public(action: &Value, teams: usize) -> bool {
    match serde_json::from_value::<record::Action>(action.clone()) {
        Ok(a) => a.is_public(teams),
        // Not an action the host wrote: shown only if it carries no mark.
        Err(_) => action.get(record::SEEN_BY).is_none(),
    }
}

/// The record as served while the game runs; `units_public`: whether the
/// turns' `units` may be shown (the game's `units_public`).
pub fn redact_record(record: Value, units_public: bool) -> Value {
    let Value::Object(top) = record else {
        return Value::Null;
    };
    let teams = top
        .get("teams")
        .and_then(Value::as_array)
        .map_or(0, Vec::len);
    let mut out = Map::new();
    for (k, v) in top {
        if !PUBLIC_TOP.contains(&k.as_str()) {
            continue;
        }
        if k == "setupActions" {
            let actions = match v {
                Value::Array(actions) => actions
                    .into_iter()
                    .filter(|a| action_is_public(a, teams))
                    .collect(),
                _ => vec![],
            };
            out.insert(k, Value::Array(actions));
        } else if k == "turns" {
            let turns = match v {
                Value::Array(turns) => turns
                    .into_iter()
                    .map(|t| match t {
                        Value::Object(t) => Value::Object(
                            t.into_iter()
                                .filter(|(k, _)| PUBLIC_TURN.contains(&k.as_str()))
                                .map(|(k, v)| match (k.as_str(), v) {
                                    // One empty list per seat: the record
                                    // stays one the record reader takes.
                                    ("units", _) if !units_public => {
                                        (k, Value::Array(vec![Value::Array(vec![]); teams]))
                                    }
                                    ("actions", Value::Array(actions)) => (
                                        k,
                                        Value::Array(
                                            actions
                                                .into_iter()
                                                .filter(|a| action_is_public(a, teams))
                                                .collect(),
                                        ),
                                    ),
                                    (_, v) => (k, v),
                                })
                                .collect(),
                        ),
                        _ => Value::Null,
                    })
                    .collect(),
                _ => vec![],
            };
            out.insert(k, Value::Array(turns));
        } else {
            out.insert(k, v);
        }
    }
    Value::Object(out)
}

/// The record less every action some seat did not see: what replay
/// pictures and captions of a running game are made from (the setup and
/// orders stay, for re-running the game to a turn, and are never served).
pub fn without_private_actions(mut record: GameRecord) -> GameRecord {
    let teams = record.teams.len();
    for turn in &mut record.turns {
        turn.actions.retain(|a| a.is_public(teams));
    }
    record
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn secrets_are_left_out() {
        let r = json!({
            "type": "ttrts", "teams": [], "seed": "7", "setup": {"seed": 7},
            "turns": [{"units": [1], "actions": [2], "turn": 0, "orders": ["secret"]}],
        });
        assert_eq!(
            redact_record(r.clone(), true),
            json!({"type": "ttrts", "teams": [], "turns": [{"units": [1], "actions": [2], "turn": 0}]})
        );
        // With fog of war the units, which are where they truly are, are
        // emptied: one empty list per seat.
        let r = json!({
            "type": "xconq", "teams": [{}, {}],
            "turns": [{"units": [[{"id": 1}], [{"id": 2}]], "actions": [], "turn": 1}],
        });
        assert_eq!(
            redact_record(r, false),
            json!({"type": "xconq", "teams": [{}, {}], "turns": [{"units": [[], []], "actions": [], "turn": 1}]})
        );
    }

    #[test]
    fn actions_not_every_seat_saw_are_left_out() {
        let r = json!({
            "type": "tae", "teams": [{}, {}],
            "turns": [{"units": [], "turn": 0, "actions": [
                {"type": "colonize", "teamId": 0},
                {"type": "failed", "teamId": 1, "seenBy": [1]},
                {"type": "shared", "seenBy": [0, 1]},
                {"type": "damaged", "seenBy": "everyone?"},
            ]}],
        });
        assert_eq!(
            redact_record(r, true)["turns"][0]["actions"],
            json!([{"type": "colonize", "teamId": 0}, {"type": "shared", "seenBy": [0, 1]}])
        );
    }
}

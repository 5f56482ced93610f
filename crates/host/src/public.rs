//! What of a game record may be shown before the game ends.
//!
//! The rule: while a game runs, the record is served with only the parts
//! every player may see anyway: the game's type and teams, the timestamps,
//! and per turn the `units` on the board, the `actions` taken and the turn
//! number. Everything else is left out until the game is over: the `setup`
//! and `seed` (they would let anyone re-create the dice and hidden
//! information) and each turn's raw `orders` (a ruleset with secret hands
//! may name secrets in them), and any other field a ruleset adds. This is a
//! whitelist, so a new ruleset's private fields stay hidden by default.
//! Once the game is over the whole record is served.

use serde_json::{Map, Value};

const PUBLIC_TOP: &[&str] = &[
    "type",
    "teams",
    "turns",
    "created",
    "started",
    "ended",
    "winnerId",
    "rulesetVersion",
];
const PUBLIC_TURN: &[&str] = &["units", "actions", "turn"];

/// The record as served while the game runs.
pub fn redact_record(record: Value) -> Value {
    let Value::Object(top) = record else {
        return Value::Null;
    };
    let mut out = Map::new();
    for (k, v) in top {
        if !PUBLIC_TOP.contains(&k.as_str()) {
            continue;
        }
        if k == "turns" {
            let turns = match v {
                Value::Array(turns) => turns
                    .into_iter()
                    .map(|t| match t {
                        Value::Object(t) => Value::Object(
                            t.into_iter()
                                .filter(|(k, _)| PUBLIC_TURN.contains(&k.as_str()))
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
            redact_record(r),
            json!({"type": "ttrts", "teams": [], "turns": [{"units": [1], "actions": [2], "turn": 0}]})
        );
    }
}

//! The first place where two JSON values differ, as a JSON path. Used to
//! report where a replayed game leaves its record. Numbers are compared by
//! value (spec 3.1: re-serialised numbers compare by value, not by text).

use serde_json::{Map, Number, Value};

use crate::model::{Action, ActionResult, GameRecord, Turn, UnitData, Winner};
use crate::other_fields::OtherFields;

/// Keys ignored when comparing: when something happened, not what.
const TIME_KEYS: [&str; 4] = ["created", "started", "ended", "joined"];

/// The first difference between `expected` and `actual`, as
/// `(path, expected, actual)`; `None` when they agree. Object keys are
/// compared as sets; timestamps (`created`...) are ignored.
pub fn first_difference(expected: &Value, actual: &Value) -> Option<(String, String, String)> {
    walk(expected, actual, "$".to_string())
}

/// Whether re-running a game gave its record again: `true` only when
/// [`first_difference`] finds nothing between the two records' `turns` and
/// `winnerId` as JSON (what a re-run compares). It walks the typed records,
/// without writing them out as JSON first (which was most of a replay's
/// work); a `false` says to look for the difference with
/// [`first_difference`], which may still find none.
pub fn records_agree(expected: &GameRecord, actual: &GameRecord) -> bool {
    let winner = |r: &GameRecord| match &r.winner {
        Winner::Absent | Winner::NoWinner => Value::Null,
        Winner::Team(t) => Value::from(*t),
        Winner::Other(s) => Value::from(s.as_str()),
    };
    same_value(&winner(expected), &winner(actual)) && all(&expected.turns, &actual.turns, same_turn)
}

fn all<T>(a: &[T], b: &[T], same: impl Fn(&T, &T) -> bool) -> bool {
    a.len() == b.len() && a.iter().zip(b).all(|(x, y)| same(x, y))
}

/// `extra` compared as the rest of an object whose typed fields are
/// `fields`; an `extra` that repeats a typed field's name (its JSON would
/// have the key twice) is left to [`first_difference`].
fn same_extra(a: &OtherFields, b: &OtherFields, fields: &[&str]) -> bool {
    // The same text is the same fields, seen without making maps; such
    // text comes only from the reader, which takes out every typed field.
    if a.same_text(b) {
        return true;
    }
    // Fields kept as text are compared from the text, without making
    // their map (a replay compares the whole record read with the re-run
    // one: making the maps was a tenth of it).
    match (kept_text(a), kept_text(b)) {
        (Some(x), Some(y)) => same_plain(&x, &y, fields),
        (Some(x), None) => same_plain_map(&x, b, fields),
        (None, Some(y)) => same_plain_map(&y, a, fields),
        (None, None) => {
            fields
                .iter()
                .all(|f| !a.contains_key(*f) && !b.contains_key(*f))
                && same_object(a, b)
        }
    }
}

/// The fields as texts, when they are kept as text and no map has been
/// made of them (else comparing the maps costs less).
fn kept_text(f: &OtherFields) -> Option<Vec<(&str, &str)>> {
    if f.has_map() {
        None
    } else {
        f.plain_fields()
    }
}

/// Whether `key` counts in a comparison (timestamps do not).
fn counted(key: &str) -> bool {
    !TIME_KEYS.contains(&key)
}

/// [`same_object`] for two objects given as their fields' texts (each
/// key once, as kept text has them).
fn same_plain(x: &[(&str, &str)], y: &[(&str, &str)], fields: &[&str]) -> bool {
    let typed = |f: &[(&str, &str)]| f.iter().any(|(k, _)| fields.contains(k));
    if typed(x) || typed(y) {
        return false;
    }
    let count = |f: &[(&str, &str)]| f.iter().filter(|(k, _)| counted(k)).count();
    count(x) == count(y)
        && x.iter().filter(|(k, _)| counted(k)).all(|(k, a)| {
            y.iter()
                .find(|(l, _)| l == k)
                .is_some_and(|(_, b)| a == b || same_texts(a, b))
        })
}

/// [`same_object`] for an object given as its fields' texts and one as a
/// map.
fn same_plain_map(x: &[(&str, &str)], y: &Map<String, Value>, fields: &[&str]) -> bool {
    if x.iter().any(|(k, _)| fields.contains(k)) || fields.iter().any(|f| y.contains_key(*f)) {
        return false;
    }
    let in_x = x.iter().filter(|(k, _)| counted(k)).count();
    let in_y = y.keys().filter(|k| counted(k)).count();
    in_x == in_y
        && x.iter()
            .filter(|(k, _)| counted(k))
            .all(|(k, a)| y.get(*k).is_some_and(|b| same_text_value(a, b)))
}

/// Whether the values written `a` and `b` (written form) are the same.
fn same_texts(a: &str, b: &str) -> bool {
    match (
        serde_json::from_str::<Value>(a),
        serde_json::from_str::<Value>(b),
    ) {
        (Ok(a), Ok(b)) => same_value(&a, &b),
        _ => false,
    }
}

/// Whether the value written `a` (written form) is the same as `b`.
fn same_text_value(a: &str, b: &Value) -> bool {
    if let Value::String(s) = b {
        // A string in written form has no escapes: its text between the
        // quotes is the string.
        if let Some(inner) = a.strip_prefix('"').and_then(|a| a.strip_suffix('"')) {
            if !inner.contains('\\') {
                return inner == s;
            }
        }
    }
    // The same text is the same value: `b` written into a small buffer on
    // the stack (no allocation; a longer one is read instead).
    let mut buffer = std::io::Cursor::new([0u8; 64]);
    if serde_json::to_writer(&mut buffer, b).is_ok() {
        let len = buffer.position() as usize;
        if &buffer.get_ref()[..len] == a.as_bytes() {
            return true;
        }
    }
    serde_json::from_str::<Value>(a).is_ok_and(|a| same_value(&a, b))
}

fn same_turn(a: &Turn, b: &Turn) -> bool {
    all(&a.units, &b.units, |x, y| all(x, y, same_unit))
        && all(&a.actions, &b.actions, same_action)
        && same_extra(&a.extra, &b.extra, &["units", "actions"])
}

fn same_unit(a: &UnitData, b: &UnitData) -> bool {
    a.id == b.id
        && a.unit_type == b.unit_type
        && same_number(&a.assignment.x, &b.assignment.x)
        && same_number(&a.assignment.y, &b.assignment.y)
        && same_extra(&a.extra, &b.extra, &["id", "type", "assignment"])
}

fn same_action(a: &Action, b: &Action) -> bool {
    a.action_type == b.action_type
        && a.unit == b.unit
        && a.team_id == b.team_id
        && same_results(&a.results, &b.results)
        && same_extra(&a.extra, &b.extra, &["type", "unit", "teamId", "results"])
}

fn same_results(a: &Option<Vec<ActionResult>>, b: &Option<Vec<ActionResult>>) -> bool {
    match (a, b) {
        (None, None) => true,
        (Some(a), Some(b)) => all(a, b, same_result),
        _ => false,
    }
}

fn same_result(a: &ActionResult, b: &ActionResult) -> bool {
    a.unit == b.unit
        && match (&a.changes, &b.changes) {
            (None, None) => true,
            (Some(x), Some(y)) => same_extra(x, y, &[]),
            _ => false,
        }
        && same_results(&a.results, &b.results)
        && same_extra(&a.extra, &b.extra, &["unit", "changes", "results"])
}

/// [`walk`] finds no difference between objects `x` and `y`.
fn same_object(x: &Map<String, Value>, y: &Map<String, Value>) -> bool {
    x.iter()
        .filter(|(k, _)| counted(k))
        .all(|(k, va)| y.get(k).is_some_and(|vb| same_value(va, vb)))
        && y.keys().filter(|k| counted(k)).all(|k| x.contains_key(k))
}

/// [`walk`] finds no difference between `a` and `b`.
fn same_value(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Object(x), Value::Object(y)) => same_object(x, y),
        (Value::Array(x), Value::Array(y)) => all(x, y, same_value),
        (Value::Number(x), Value::Number(y)) => same_number(x, y),
        _ => a == b,
    }
}

/// Numbers as equal as JSON's numbers are (`2` and `2.0` alike).
fn same_number(x: &Number, y: &Number) -> bool {
    match (x.as_i64(), y.as_i64()) {
        (Some(p), Some(q)) => p == q,
        _ => x.as_f64() == y.as_f64(),
    }
}

fn show(v: Option<&Value>) -> String {
    match v {
        None => "(absent)".into(),
        Some(v) => {
            let s = v.to_string();
            if s.len() > 120 {
                format!(
                    "{}…",
                    &s[..s.char_indices().nth(117).map_or(s.len(), |(i, _)| i)]
                )
            } else {
                s
            }
        }
    }
}

fn walk(a: &Value, b: &Value, path: String) -> Option<(String, String, String)> {
    match (a, b) {
        (Value::Object(x), Value::Object(y)) => {
            for (k, va) in x {
                if TIME_KEYS.contains(&k.as_str()) {
                    continue;
                }
                match y.get(k) {
                    Some(vb) => {
                        if let Some(d) = walk(va, vb, format!("{path}.{k}")) {
                            return Some(d);
                        }
                    }
                    None => return Some((format!("{path}.{k}"), show(Some(va)), show(None))),
                }
            }
            y.iter()
                .find(|(k, _)| !x.contains_key(*k) && !TIME_KEYS.contains(&k.as_str()))
                .map(|(k, vb)| (format!("{path}.{k}"), show(None), show(Some(vb))))
        }
        (Value::Array(x), Value::Array(y)) => {
            for (i, (va, vb)) in x.iter().zip(y).enumerate() {
                if let Some(d) = walk(va, vb, format!("{path}[{i}]")) {
                    return Some(d);
                }
            }
            if x.len() != y.len() {
                let i = x.len().min(y.len());
                return Some((format!("{path}[{i}]"), show(x.get(i)), show(y.get(i))));
            }
            None
        }
        (Value::Number(x), Value::Number(y)) => {
            let same = match (x.as_i64(), y.as_i64()) {
                (Some(p), Some(q)) => p == q,
                _ => x.as_f64() == y.as_f64(),
            };
            (!same).then(|| (path, x.to_string(), y.to_string()))
        }
        _ => (a != b).then(|| (path, show(Some(a)), show(Some(b)))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::GameRecord;
    use serde_json::json;

    #[test]
    fn equal_values() {
        assert_eq!(
            first_difference(&json!({"a":[1,2.0]}), &json!({"a":[1,2]})),
            None
        );
    }

    #[test]
    fn names_the_path() {
        let d = first_difference(&json!({"t":[{"u":[1,2]}]}), &json!({"t":[{"u":[1,3]}]})).unwrap();
        assert_eq!(d, ("$.t[0].u[1]".into(), "2".into(), "3".into()));
    }

    #[test]
    fn missing_and_extra_keys_and_lengths() {
        assert_eq!(
            first_difference(&json!({"a":1}), &json!({})).unwrap().0,
            "$.a"
        );
        assert_eq!(
            first_difference(&json!({}), &json!({"b":1})).unwrap().0,
            "$.b"
        );
        assert_eq!(
            first_difference(&json!([1]), &json!([1, 2])).unwrap().0,
            "$[1]"
        );
    }

    /// `records_agree` says yes only where `first_difference` finds nothing.
    #[test]
    fn typed_agreement_implies_no_difference() {
        let base = r#"{"teams":[{},{}],"winnerId":1,"turns":[{"units":[[{"id":1,"type":"u","assignment":[1,2],"hp":3}],[]],"actions":[{"type":"m","unit":1,"teamId":0,"created":"a","results":[{"unit":1,"changes":{"hp":2,"at":1.0}}]}],"orders":[1]}]}"#;
        let variants = [
            base.to_string(),
            base.replace(r#""created":"a""#, r#""created":"b""#),
            base.replace(r#""at":1.0"#, r#""at":1"#),
            base.replace(r#""hp":3"#, r#""hp":4"#),
            base.replace(r#""winnerId":1"#, r#""winnerId":0"#),
            base.replace(r#","orders":[1]"#, ""),
            base.replace(r#""assignment":[1,2]"#, r#""assignment":[1,2.0]"#),
            base.replace(r#""teamId":0,"#, ""),
            base.replace(r#"{"hp":2,"at":1.0}"#, r#"{"at":1.0,"hp":2}"#),
        ];
        let mut records: Vec<GameRecord> = variants
            .iter()
            .map(|t| crate::read_record(t).expect("valid").0)
            .collect();
        // The same records with their other fields as maps (as a re-run
        // builds them), so kept text is compared with text and with maps.
        let as_maps: Vec<GameRecord> = records
            .iter()
            .map(|r| serde_json::from_value(serde_json::to_value(r).unwrap()).unwrap())
            .collect();
        assert!(as_maps[0].turns[0].actions[0]
            .extra
            .plain_fields()
            .is_none());
        assert!(records[0].turns[0].actions[0]
            .extra
            .plain_fields()
            .is_some());
        records.extend(as_maps);
        let as_compared = |r: &GameRecord| {
            let v = serde_json::to_value(r).unwrap();
            json!({"turns": v["turns"], "winnerId": v.get("winnerId").cloned().unwrap_or(Value::Null)})
        };
        for a in &records {
            for b in &records {
                let agree = records_agree(a, b);
                let none = first_difference(&as_compared(a), &as_compared(b)).is_none();
                assert!(!agree || none, "{a:?} {b:?}");
                // On these records the typed walk is exact.
                assert_eq!(agree, none, "{a:?} {b:?}");
            }
        }
    }

    #[test]
    fn timestamps_are_ignored() {
        assert_eq!(
            first_difference(&json!({"created":"a"}), &json!({"created":"b"})),
            None
        );
    }
}

//! The first place where two JSON values differ, as a JSON path. Used to
//! report where a replayed game leaves its record. Numbers are compared by
//! value (spec 3.1: re-serialised numbers compare by value, not by text).

use serde_json::Value;

/// Keys ignored when comparing: when something happened, not what.
const TIME_KEYS: [&str; 4] = ["created", "started", "ended", "joined"];

/// The first difference between `expected` and `actual`, as
/// `(path, expected, actual)`; `None` when they agree. Object keys are
/// compared as sets; timestamps (`created`...) are ignored.
pub fn first_difference(expected: &Value, actual: &Value) -> Option<(String, String, String)> {
    walk(expected, actual, "$".to_string())
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

    #[test]
    fn timestamps_are_ignored() {
        assert_eq!(
            first_difference(&json!({"created":"a"}), &json!({"created":"b"})),
            None
        );
    }
}

//! Reading a seat's orders from JSON with errors a player can act on: the
//! JSON path of the value that is wrong (`orders[0].unit`), and what was
//! expected there in words, taken from the ruleset's own orders schema.
//!
//! serde's messages name Rust types (`expected i32`, `data did not match
//! any variant of untagged enum Arg`) and no place. The path comes from
//! `serde_path_to_error`; what is expected at it comes from the orders'
//! JSON schema ([`crate::schema`]), derived from the very types serde
//! reads, so the words cannot drift from what is read. Only the messages
//! about a value's type are put in other words: serde's own words for an
//! unknown or missing field are already a player's.

use serde::de::DeserializeOwned;
use serde_json::Value;

use crate::ruleset::OrderIssue;

/// The field of an error about the orders as a whole.
const ORDERS: &str = "orders";

/// Reads `orders` as `T`, or says where and why it cannot, in words from
/// `schema` (the JSON schema of `T`, asked for only when reading fails).
pub(crate) fn read<T: DeserializeOwned>(
    orders: &Value,
    ruleset: &str,
    schema: impl FnOnce() -> Value,
) -> Result<T, OrderIssue> {
    // Orders that read (every bot's, every turn of a tournament) pay for
    // no path tracking: the path is found by reading again only when the
    // first reading fails.
    if let Ok(read) = T::deserialize(orders) {
        return Ok(read);
    }
    let e = match serde_path_to_error::deserialize::<_, T>(orders) {
        Ok(orders) => return Ok(orders),
        Err(e) => e,
    };
    let schema = schema();
    let path: Vec<Step> = e.path().iter().map(Step::of).collect();
    if orders.is_array() && kind(&schema, &schema).as_deref() == Some("object") {
        return Err(OrderIssue::at_field(
            ORDERS,
            format!("not valid orders for {ruleset}: {}", object_wanted(&schema)),
        ));
    }
    let message = e.inner().to_string();
    let about_type = [
        "invalid type:",
        "invalid value:",
        "data did not match any variant",
    ]
    .iter()
    .any(|m| message.starts_with(m));
    let words = match (about_type, at(&schema, &schema, &path)) {
        (true, Some(node)) => {
            let given = value_at(orders, &path).map_or_else(|| "this".into(), described);
            let mut words = format!("expected {}, not {given}", expected(&schema, node));
            if let Some(what) = summary(node) {
                words.push_str(&format!(" ({what})"));
            }
            words
        }
        _ => message,
    };
    Err(OrderIssue::at_field(
        field(&path),
        format!("not valid orders for {ruleset}: {words}"),
    ))
}

/// One step of a path into the orders.
enum Step {
    Index(usize),
    Key(String),
    /// A step serde could not name.
    Other,
}

impl Step {
    fn of(segment: &serde_path_to_error::Segment) -> Step {
        use serde_path_to_error::Segment;
        match segment {
            Segment::Seq { index } => Step::Index(*index),
            Segment::Map { key } => Step::Key(key.clone()),
            Segment::Enum { variant } => Step::Key(variant.clone()),
            Segment::Unknown => Step::Other,
        }
    }
}

/// The path as a field: `orders[0].unit`; a list of orders at the top is
/// `orders` too, so every ruleset's fields read alike.
fn field(path: &[Step]) -> String {
    let mut out = String::new();
    for step in path {
        match step {
            Step::Index(i) => {
                if out.is_empty() {
                    out.push_str(ORDERS);
                }
                out.push_str(&format!("[{i}]"));
            }
            Step::Key(k) => {
                if !out.is_empty() {
                    out.push('.');
                }
                out.push_str(k);
            }
            Step::Other => out.push_str(if out.is_empty() { "?" } else { ".?" }),
        }
    }
    if out.is_empty() {
        out.push_str(ORDERS);
    }
    out
}

/// `node` itself, or the definition its `$ref` points to in `root`.
fn resolved<'a>(root: &'a Value, node: &'a Value) -> &'a Value {
    let mut node = node;
    // A bounded walk: definitions that point at each other end here.
    for _ in 0..16 {
        match node
            .get("$ref")
            .and_then(Value::as_str)
            .and_then(|r| r.strip_prefix("#/"))
        {
            Some(pointer) => match root.pointer(&format!("/{pointer}")) {
                Some(next) => node = next,
                None => break,
            },
            None => break,
        }
    }
    node
}

/// The alternatives of a node (`anyOf`, `oneOf`), if it has any.
fn alternatives(node: &Value) -> impl Iterator<Item = &Value> {
    ["anyOf", "oneOf"]
        .into_iter()
        .filter_map(|k| node.get(k).and_then(Value::as_array))
        .flatten()
}

/// The schema of the value at `path` below `node`.
fn at<'a>(root: &'a Value, node: &'a Value, path: &[Step]) -> Option<&'a Value> {
    let node = resolved(root, node);
    let Some((first, rest)) = path.split_first() else {
        return Some(node);
    };
    let next = match first {
        Step::Index(i) => node
            .get("prefixItems")
            .and_then(|p| p.get(*i))
            .or_else(|| node.get("items")),
        Step::Key(k) => node.get("properties").and_then(|p| p.get(k)),
        Step::Other => None,
    };
    match next {
        Some(next) => at(root, next, rest),
        None => alternatives(node).find_map(|alt| at(root, alt, path)),
    }
}

/// The one JSON type of a node, when it has one.
fn kind(root: &Value, node: &Value) -> Option<String> {
    resolved(root, node)
        .get("type")
        .and_then(Value::as_str)
        .map(str::to_string)
}

/// What a node takes, in words: "a whole number", "a whole number or a
/// text", "one of `F`, `L`".
fn expected(root: &Value, node: &Value) -> String {
    let mut words: Vec<String> = Vec::new();
    collect(root, node, &mut words, 0);
    words.dedup();
    match words.len() {
        0 => "something else".into(),
        1 => words.remove(0),
        _ => {
            let last = words.pop().unwrap_or_default();
            format!("{} or {last}", words.join(", "))
        }
    }
}

fn collect(root: &Value, node: &Value, out: &mut Vec<String>, depth: usize) {
    let node = resolved(root, node);
    if depth > 8 {
        return;
    }
    if let Some(values) = node.get("enum").and_then(Value::as_array) {
        let names: Vec<String> = values.iter().map(|v| format!("`{}`", plain(v))).collect();
        out.push(format!("one of {}", names.join(", ")));
        return;
    }
    if let Some(v) = node.get("const") {
        out.push(format!("`{}`", plain(v)));
        return;
    }
    let types: Vec<&str> = match node.get("type") {
        Some(Value::String(t)) => vec![t.as_str()],
        Some(Value::Array(ts)) => ts.iter().filter_map(Value::as_str).collect(),
        _ => vec![],
    };
    for t in types {
        out.push(type_words(t, node));
    }
    for alt in alternatives(node) {
        collect(root, alt, out, depth + 1);
    }
}

/// A JSON type in words, with an integer's range when the schema gives it.
fn type_words(json_type: &str, node: &Value) -> String {
    match json_type {
        "integer" => {
            let bound = |k: &str| node.get(k).and_then(Value::as_i64);
            let (low, high) = match (bound("minimum"), bound("maximum")) {
                (Some(lo), Some(hi)) => (Some(lo), Some(hi)),
                (lo, hi) => match node.get("format").and_then(Value::as_str) {
                    Some("int8") => (Some(i8::MIN.into()), Some(i8::MAX.into())),
                    Some("int16") => (Some(i16::MIN.into()), Some(i16::MAX.into())),
                    Some("int32") => (Some(i32::MIN.into()), Some(i32::MAX.into())),
                    Some("uint8") => (Some(0), Some(u8::MAX.into())),
                    Some("uint16") => (Some(0), Some(u16::MAX.into())),
                    Some("uint32") => (Some(0), Some(u32::MAX.into())),
                    _ => (lo, hi),
                },
            };
            match (low, high) {
                (Some(lo), Some(hi)) => format!("a whole number from {lo} to {hi}"),
                (Some(lo), None) => format!("a whole number, {lo} or more"),
                _ => "a whole number".into(),
            }
        }
        "number" => "a number".into(),
        "string" => "a text (in quotes)".into(),
        "boolean" => "true or false".into(),
        "array" => "a list".into(),
        "object" => "an object".into(),
        "null" => "null".into(),
        other => other.into(),
    }
}

/// A constant as a player writes it: text without its quotes.
fn plain(v: &Value) -> String {
    match v {
        Value::String(s) => s.clone(),
        other => other.to_string(),
    }
}

/// The first words of a node's description ("One of the seat's own living
/// units"), up to its first full stop or parenthesis.
fn summary(node: &Value) -> Option<String> {
    let text = node.get("description")?.as_str()?;
    let end = text
        .find(['(', '\n'])
        .into_iter()
        .chain(text.find(". "))
        .min()
        .unwrap_or(text.len());
    let words = text[..end].trim().trim_end_matches([',', ':', ';', '.']);
    let mut chars = words.chars();
    let first = chars.next()?;
    Some(first.to_lowercase().chain(chars).collect())
}

/// The value at `path` in `orders`.
fn value_at<'a>(orders: &'a Value, path: &[Step]) -> Option<&'a Value> {
    path.iter().try_fold(orders, |v, step| match step {
        Step::Index(i) => v.get(*i),
        Step::Key(k) => v.get(k.as_str()),
        Step::Other => None,
    })
}

/// A value given, as a player would say it.
fn described(v: &Value) -> String {
    match v {
        Value::Null => "null".into(),
        Value::Bool(b) => b.to_string(),
        Value::Number(n) => n.to_string(),
        Value::String(s) => format!("the text {}", Value::String(s.clone())),
        Value::Array(_) => "a list".into(),
        Value::Object(_) => "an object".into(),
    }
}

/// What to say when a list came where the orders are an object: the
/// object's fields, e.g. "the orders are an object with an `orders` list,
/// `{"orders": [...]}`, not a bare list".
fn object_wanted(schema: &Value) -> String {
    let Some(properties) = schema.get("properties").and_then(Value::as_object) else {
        return "the orders are an object, not a list".into();
    };
    // Its lists are what a list given was meant to be; else every field.
    let lists: Vec<String> = properties
        .iter()
        .filter(|(_, node)| kind(schema, node).as_deref() == Some("array"))
        .map(|(name, _)| {
            let article = match name.starts_with(['a', 'e', 'i', 'o', 'u']) {
                true => "an",
                false => "a",
            };
            format!("{article} `{name}` list")
        })
        .collect();
    let fields = if lists.is_empty() {
        properties.keys().map(|name| format!("`{name}`")).collect()
    } else {
        lists
    };
    let example = properties
        .iter()
        .find(|(_, node)| kind(schema, node).as_deref() == Some("array"))
        .map(|(name, _)| format!(", e.g. {{\"{name}\": [...]}}"))
        .unwrap_or_default();
    format!(
        "the orders are an object with {}{example}, not a bare list",
        fields.join(", ")
    )
}

#[cfg(test)]
// The test types are only read, never looked into.
#[allow(dead_code)]
mod tests {
    use schemars::JsonSchema;
    use serde::Deserialize;
    use serde_json::{json, Value};

    use crate::schema::{schema_of, Side};

    /// Orders shaped as a ruleset's may be: an object holding a list.
    #[derive(Deserialize, JsonSchema)]
    #[serde(deny_unknown_fields)]
    struct Orders {
        /// The orders.
        #[serde(default)]
        orders: Vec<Order>,
        /// Give up.
        #[serde(default)]
        resign: bool,
    }

    /// One order.
    #[derive(Deserialize, JsonSchema)]
    #[serde(deny_unknown_fields)]
    struct Order {
        /// One of the seat's own units (`own[].id` of the view).
        unit: i32,
        /// What it does.
        action: String,
        #[serde(default)]
        args: Vec<Arg>,
    }

    /// One argument: a number, or a type's name (only some take a name).
    #[derive(Deserialize, JsonSchema)]
    #[serde(untagged)]
    enum Arg {
        Num(i64),
        Name(String),
    }

    /// A list at the top, as other rulesets' orders are.
    #[derive(Deserialize, JsonSchema)]
    #[serde(deny_unknown_fields)]
    struct Move {
        /// The unit (0 to 65535).
        unit: u16,
    }

    fn error<T: serde::de::DeserializeOwned + JsonSchema>(v: Value) -> (String, String) {
        let e = super::read::<T>(&v, "game", || schema_of::<T>("game", Side::Orders))
            .err()
            .expect("refused");
        (e.field.unwrap_or_default(), e.message)
    }

    #[test]
    fn a_value_of_the_wrong_type_is_named_by_its_path_in_words() {
        let (field, message) =
            error::<Orders>(json!({"orders": [{"unit": "1", "action": "move"}]}));
        assert_eq!(field, "orders[0].unit");
        assert_eq!(
            message,
            "not valid orders for game: expected a whole number from -2147483648 to \
             2147483647, not the text \"1\" (one of the seat's own units)"
        );
    }

    #[test]
    fn an_argument_that_is_neither_a_number_nor_a_name_says_so() {
        for (arg, given) in [(json!(28.5), "28.5"), (json!(null), "null")] {
            let (field, message) = error::<Orders>(
                json!({"orders": [{"unit": 1, "action": "move", "args": [1, arg]}]}),
            );
            assert_eq!(field, "orders[0].args[1]");
            assert_eq!(
                message,
                format!(
                    "not valid orders for game: expected a whole number or a text (in \
                     quotes), not {given} (one argument: a number, or a type's name)"
                )
            );
            assert!(!message.contains("untagged"), "{message}");
        }
    }

    #[test]
    fn a_bare_list_where_the_orders_are_an_object_names_the_object() {
        let (field, message) = error::<Orders>(json!([{"unit": 1, "action": "move"}]));
        assert_eq!(field, "orders");
        assert_eq!(
            message,
            "not valid orders for game: the orders are an object with an `orders` list, \
             e.g. {\"orders\": [...]}, not a bare list"
        );
    }

    #[test]
    fn fields_unknown_or_missing_keep_serde_words_at_their_path() {
        let (field, message) = error::<Orders>(json!({"orders": [{"unit": 1, "acton": "x"}]}));
        assert_eq!(field, "orders[0].acton");
        assert!(message.contains("unknown field `acton`"), "{message}");
        let (field, message) = error::<Vec<Move>>(json!([{"unit": 1}, {"unit": 70000}]));
        assert_eq!(field, "orders[1].unit");
        assert!(
            message.ends_with("expected a whole number from 0 to 65535, not 70000 (the unit)"),
            "{message}"
        );
    }
}

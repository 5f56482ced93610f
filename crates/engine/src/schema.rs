//! The JSON schemas of a ruleset's orders and views, derived from its Rust
//! types with `schemars` so that they cannot drift from what the rules
//! read and write.
//!
//! Orders are described as deserialising *accepts* them (a field with a
//! default may be left out) and views as serialising *writes* them (a field
//! skipped when empty may be absent): the two sides of the wire differ, and
//! a bot writer needs each exactly. Both are JSON Schema 2020-12 documents
//! with their parts under `$defs`, titled with the ruleset's name.

use schemars::generate::{Contract, SchemaSettings};
use schemars::JsonSchema;
use serde_json::Value;

/// Which side of the wire a schema describes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Side {
    /// What a seat sends: the orders as they are read.
    Orders,
    /// What a seat receives: the view as it is written.
    View,
}

/// The schema of `T` for `ruleset`, as a JSON value.
pub(crate) fn schema_of<T: JsonSchema + ?Sized>(ruleset: &str, side: Side) -> Value {
    let contract = match side {
        Side::Orders => Contract::Deserialize,
        Side::View => Contract::Serialize,
    };
    let generator = SchemaSettings::draft2020_12()
        .with(|s| s.contract = contract)
        .into_generator();
    let mut schema = generator.into_root_schema_for::<T>().to_value();
    if let Some(root) = schema.as_object_mut() {
        let (title, about) = match side {
            Side::Orders => (
                format!("{ruleset} orders"),
                format!("One seat's orders for one turn of {ruleset}, as `POST /api/games/{{id}}/orders` takes them in JSON."),
            ),
            Side::View => (
                format!("{ruleset} view"),
                format!("What one seat (or a spectator) of a {ruleset} game sees, as `GET /api/games/{{id}}/view` gives it under `view`."),
            ),
        };
        // The type's own name (`Array_of_Order`) says little to a bot
        // writer; the ruleset's name and the side say which schema it is.
        root.insert("title".into(), title.into());
        if !root.contains_key("description") {
            root.insert("description".into(), about.into());
        }
    }
    schema
}

//! The OpenAPI 3.1 document served at `/api/openapi.json`, written by hand
//! from the routes in `api.rs` (a test checks every route is described).
//!
//! The shapes of orders and views are not written here: each ruleset's come
//! from its own types (`DynRuleset::orders_schema`/`view_schema`) and go
//! under `components.schemas` as `NAME.Orders` and `NAME.View`, their parts
//! (`$defs`) beside them as `NAME.Part`, so every `$ref` points into
//! `components` as OpenAPI tools expect. The orders body and the view
//! response refer to them with `anyOf`, one per ruleset: the game's
//! ruleset decides which applies, and several rulesets' orders share
//! values (`[]` is orders of three of them), which `oneOf` would refuse.

use std::sync::{Arc, OnceLock};

use engine::DynRuleset;
use serde_json::{json, Map, Value};

fn error_responses(codes: &[&str]) -> Value {
    let mut m = serde_json::Map::new();
    for c in codes {
        m.insert(
            (*c).to_string(),
            json!({"description": "error", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}}),
        );
    }
    Value::Object(m)
}

fn merge(mut a: Value, b: Value) -> Value {
    if let (Some(a), Value::Object(b)) = (a.as_object_mut(), b) {
        a.extend(b);
    }
    a
}

fn id_param() -> Value {
    json!({"name": "id", "in": "path", "required": true, "schema": {"type": "string"}})
}

/// Where component `name` is referred to from.
fn component_ref(name: &str) -> String {
    format!("#/components/schemas/{name}")
}

/// A component's name made of `parts` joined with `.`, keeping only what
/// OpenAPI allows in one (`^[a-zA-Z0-9.\-_]+$`).
fn component_name(parts: &[&str]) -> String {
    parts
        .join(".")
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | '_') {
                c
            } else {
                '_'
            }
        })
        .collect()
}

/// Rewrites every `$ref` to `#/$defs/NAME...` in `schema` with `renamed`.
fn rewrite_refs(schema: &mut Value, renamed: &Map<String, Value>) {
    match schema {
        Value::Object(o) => {
            if let Some(Value::String(r)) = o.get_mut("$ref") {
                if let Some(rest) = r.strip_prefix("#/$defs/") {
                    let (def, tail) = rest.split_once('/').map_or((rest, ""), |(d, t)| (d, t));
                    // `~1` and `~0` stand for `/` and `~` in a pointer.
                    let def = def.replace("~1", "/").replace("~0", "~");
                    if let Some(Value::String(to)) = renamed.get(&def) {
                        *r = if tail.is_empty() {
                            component_ref(to)
                        } else {
                            format!("{}/{tail}", component_ref(to))
                        };
                    }
                }
            }
            o.values_mut().for_each(|v| rewrite_refs(v, renamed));
        }
        Value::Array(a) => a.iter_mut().for_each(|v| rewrite_refs(v, renamed)),
        _ => {}
    }
}

/// Puts a ruleset's schema of one side (`Orders`, `View`) into
/// `components` as `RULESET.SIDE`, its `$defs` as `RULESET.DEF` (or
/// `RULESET.SIDE.DEF` when the other side has a different part of that
/// name; the same part is shared), and returns the root's component name.
fn add_schema(
    components: &mut Map<String, Value>,
    ruleset: &str,
    side: &str,
    schema: Value,
) -> String {
    let mut schema = schema;
    let defs = match schema.as_object_mut() {
        Some(root) => {
            // The document's dialect (3.1: JSON Schema 2020-12) applies;
            // `$schema` belongs at a resource's root only.
            root.remove("$schema");
            match root.remove("$defs") {
                Some(Value::Object(d)) => d,
                _ => Map::new(),
            }
        }
        None => Map::new(),
    };
    // Each part takes the short name `RULESET.DEF` unless a root has it
    // or the other side put a different part there; a part that refers to
    // a part so moved differs in turn, hence the repeat until none moves
    // (names only ever move from short to long, so it ends).
    let long = |def: &str| component_name(&[ruleset, side, def]);
    let mut renamed: Map<String, Value> = defs
        .keys()
        .map(|def| {
            let name = if def == "Orders" || def == "View" {
                long(def)
            } else {
                component_name(&[ruleset, def])
            };
            (def.clone(), Value::String(name))
        })
        .collect();
    loop {
        let mut moved = false;
        for (def, body) in &defs {
            let name = renamed[def].as_str().unwrap_or_default().to_string();
            let Some(there) = components.get(&name) else {
                continue;
            };
            let mut mine = body.clone();
            rewrite_refs(&mut mine, &renamed);
            if *there != mine {
                renamed.insert(def.clone(), Value::String(long(def)));
                moved = true;
            }
        }
        if !moved {
            break;
        }
    }
    for (def, mut body) in defs {
        rewrite_refs(&mut body, &renamed);
        let name = renamed[&def]
            .as_str()
            .expect("names are strings")
            .to_string();
        components.insert(name, body);
    }
    rewrite_refs(&mut schema, &renamed);
    let root = component_name(&[ruleset, side]);
    components.insert(root.clone(), schema);
    root
}

/// Every ruleset's orders and view schemas as components; returns the
/// `anyOf` lists that refer to the orders and to the views.
fn ruleset_schemas(
    rulesets: &[Arc<dyn DynRuleset>],
    components: &mut Map<String, Value>,
) -> (Vec<Value>, Vec<Value>) {
    let (mut orders, mut views) = (Vec::new(), Vec::new());
    for r in rulesets {
        let o = add_schema(components, r.name(), "Orders", r.orders_schema());
        let v = add_schema(components, r.name(), "View", r.view_schema());
        orders.push(json!({"$ref": component_ref(&o)}));
        views.push(json!({"$ref": component_ref(&v)}));
    }
    (orders, views)
}

/// The whole document (built once: it depends on the build only).
pub fn document() -> Value {
    static DOCUMENT: OnceLock<Value> = OnceLock::new();
    DOCUMENT
        .get_or_init(|| build(&registry::rulesets()))
        .clone()
}

fn build(rulesets: &[Arc<dyn DynRuleset>]) -> Value {
    let mut ruleset_components = Map::new();
    let (any_orders, any_view) = ruleset_schemas(rulesets, &mut ruleset_components);
    let ok_json = |d: &str| json!({"description": d, "content": {"application/json": {"schema": {"type": "object"}}}});
    let mut doc = json!({
        "openapi": "3.1.0",
        "info": {
            "title": "Orderly host",
            "version": env!("CARGO_PKG_VERSION"),
            "description": "Turn-based strategy games of any ruleset. Seats act with `Authorization: Bearer <seat token>`; creating a game needs the admin token. Orders are acknowledged (202) only once stored durably."
        },
        "components": {
            "securitySchemes": {"bearer": {"type": "http", "scheme": "bearer"}},
            "schemas": {
                "Error": {
                    "description": "every error the server answers, the framework's own (405, unknown addresses, 414, malformed requests) included",
                    "type": "object",
                    "required": ["error", "details"],
                    "properties": {
                        "error": {"type": "string"},
                        "details": {"type": "array", "items": {"type": "object", "properties": {
                            "field": {"type": "string"}, "line": {"type": "integer"},
                            "column": {"type": "integer"}, "reason": {"type": "string"}}}}
                    }
                },
                "Orders": {
                    "description": "One seat's orders for one turn, in the shape of the game's ruleset (`NAME.Orders`, also served by `GET /api/rulesets/{name}` as `orders_schema`).",
                    "anyOf": any_orders
                },
                "View": {
                    "description": "A seat's (or the spectators') view, in the shape of the game's ruleset (`NAME.View`, also served by `GET /api/rulesets/{name}` as `view_schema`).",
                    "anyOf": any_view
                },
                "ViewResponse": {"anyOf": [
                    {"type": "object", "required": ["seat", "turn", "step", "view"], "properties": {
                        "seat": {"type": ["integer", "null"], "minimum": 0, "description": "the seat whose view it is; null for the spectators'"},
                        "turn": {"type": "integer", "minimum": 0, "description": "the turn, as the ruleset counts"},
                        "step": {"type": "integer", "minimum": 0, "description": "how many times the game has moved on; changes with every resolution"},
                        "view": {"$ref": "#/components/schemas/View"}}},
                    {"type": "object", "required": ["seat", "turn", "step", "files", "orders_file"], "properties": {
                        "seat": {"type": ["integer", "null"], "minimum": 0},
                        "turn": {"type": "integer", "minimum": 0},
                        "step": {"type": "integer", "minimum": 0},
                        "files": {"type": "array", "items": {"type": "object", "required": ["name", "contents"], "properties": {"name": {"type": "string"}, "contents": {"type": "string"}}}},
                        "orders_file": {"type": ["string", "null"], "description": "the file the seat writes its orders in; null for the spectators"}}}
                ]},
                "Seat": {"oneOf": [
                    {"type": "string", "description": "`human`, `files`, `rules` (a seat the rules play, e.g. Tactics' Chaos team; may be left out), or a built-in bot's name (see GET /api/rulesets)"},
                    {"type": "object", "additionalProperties": false, "required": ["kind"], "properties": {"kind": {"enum": ["human", "files", "rules"]}}},
                    {"type": "object", "additionalProperties": false, "required": ["kind", "bot"], "properties": {"kind": {"const": "bot"}, "bot": {"type": "string"}}}
                ]},
                "CreateGame": {
                    "type": "object",
                    "additionalProperties": false,
                    "required": ["ruleset", "seats"],
                    "properties": {
                        "ruleset": {"type": "string", "description": "see GET /api/rulesets"},
                        "scenario": {"type": "string", "description": "map, scenario or module name (alias: map, module); the ruleset's default when absent"},
                        "scenario_text": {"type": "string", "description": "the scenario's own text instead of a bundled one"},
                        "seats": {"type": "array", "items": {"$ref": "#/components/schemas/Seat"}, "description": "per seat: `human` (played over HTTP with the seat's token), `files` (played by files in a folder the server makes under its games directory and watches), or a built-in bot's name"},
                        "seed": {"type": "integer", "minimum": 0},
                        "deadline": {"oneOf": [
                            {"type": "object", "properties": {"policy": {"const": "none"}}, "required": ["policy"]},
                            {"type": "object", "properties": {"policy": {"const": "fixed"}, "seconds": {"type": "integer", "minimum": 1, "maximum": 2592000}}, "required": ["policy", "seconds"]},
                            {"type": "object", "properties": {"policy": {"const": "all_done_or_limit"}, "seconds": {"type": "integer", "minimum": 1, "maximum": 2592000}}, "required": ["policy", "seconds"]},
                            {"type": "object", "properties": {"policy": {"const": "threshold"}, "seats": {"type": "integer", "minimum": 1, "description": "at most the game's seats; a turn awaiting fewer counts them all"}, "seconds": {"type": "integer", "minimum": 1, "maximum": 2592000}}, "required": ["policy", "seats", "seconds"]}
                        ]},
                        "max_turns": {"type": "integer", "minimum": 1, "maximum": 1000000, "default": 1000, "description": "the game ends without a winner once this many turns are resolved, if its rules have not ended it"},
                        "options": {"type": "object", "description": "the ruleset's options, as `GET /api/rulesets` lists them (`options`: name, type, description); any other key is refused"}
                    }
                }
            }
        },
        "paths": {
            "/api/openapi.json": {"get": {"summary": "This document", "responses": {"200": ok_json("the document")}}},
            "/api/rulesets": {"get": {"summary": "Rulesets: name, version, built-in bots and the default scenario (map) a game gets when it names none", "responses": {"200": ok_json("the rulesets")}}},
            "/api/rulesets/{name}": {"get": {"summary": "One ruleset's entry (as the list gives it) with the JSON schemas of its orders (`orders_schema`) and views (`view_schema`), JSON Schema 2020-12 derived from the rules' own types",
                "parameters": [{"name": "name", "in": "path", "required": true, "schema": {"type": "string"}, "description": "the ruleset's name or one of its aliases, in any case"}],
                "responses": merge(json!({"200": ok_json("name, version, bots, default_scenario, options, orders_schema, view_schema")}), error_responses(&["404"]))}},
            "/api/games": {
                "get": {"summary": "One page of the games' public statuses",
                    "description": "A JSON array of statuses, in creation order (or newest first). When there are more games, the `Link` header names the next page (`<…>; rel=\"next\"`); `X-Total-Count` is the number of games in all.",
                    "parameters": [
                        {"name": "limit", "in": "query", "schema": {"type": "integer", "minimum": 1, "maximum": 1000, "default": 100}, "description": "games per page"},
                        {"name": "after", "in": "query", "schema": {"type": "string"}, "description": "the id of the last game of the page before"},
                        {"name": "order", "in": "query", "schema": {"enum": ["oldest", "newest"], "default": "oldest"}, "description": "creation order or newest first"}],
                    "responses": merge(json!({"200": ok_json("statuses")}), error_responses(&["400"]))},
                "post": {
                    "summary": "Create a game; returns its id, one token per human seat (shown once) and one folder per files seat",
                    "description": "The response is `{id, tokens: [{seat, token}], folders: [{seat, path}], status}`. A files seat's folder is `<games dir>/<id>/seat-<n>` (the server's games directory, `orderly serve --files-dir`); each turn it holds the seat's view files and `status.json`, and the server takes the seat's orders file of the turn from it (an `.errors.txt` beside a rejected one, a `.notes.txt` beside an accepted one with notes); `record.json` when the game is over.",
                    "security": [{"bearer": []}],
                    "requestBody": {"required": true, "content": {"application/json": {"schema": {"$ref": "#/components/schemas/CreateGame"}}}},
                    "responses": merge(json!({"201": ok_json("id, tokens, status")}), error_responses(&["400", "401", "413"]))
                }
            },
            "/api/games/{id}": {"get": {"summary": "Public status: ruleset, turn, who is awaited, outcome",
                "description": "`seats[].player` is `\"human\"`, `{\"bot\": NAME}` `{\"files\": FOLDER}` (the folder a files seat is played in) or `{\"rules\": PLAYER}` (a seat the rules play, never awaited, e.g. Tactics' Chaos team).",
                "parameters": [id_param()],
                "responses": merge(json!({"200": ok_json("status")}), error_responses(&["404"]))}},
            "/api/games/{id}/view": {"get": {"summary": "A seat's view with its token; the spectators' view without",
                "security": [{}, {"bearer": []}],
                "parameters": [id_param(), {"name": "format", "in": "query", "schema": {"enum": ["json", "files"]}}],
                "responses": merge(json!({"200": {"description": "the seat's (or the spectators') view: as JSON (`view`, of the game's ruleset: see `GET /api/rulesets/{name}`), or with `format=files` as the ruleset's native files", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/ViewResponse"}}}}}), error_responses(&["400", "401", "404"]))}},
            "/api/games/{id}/orders": {"post": {"summary": "The seat's orders for the current turn (JSON, or the ruleset's text file as text/plain); replaces earlier ones; 202 once durable",
                "security": [{"bearer": []}],
                "parameters": [id_param(), {"name": "turn", "in": "query", "schema": {"type": "integer"}, "description": "only for this turn"}],
                "requestBody": {"required": true, "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Orders"}}, "text/plain": {"schema": {"type": "string"}}}},
                "responses": merge(json!({"202": ok_json("accepted, with notes")}), error_responses(&["400", "401", "404", "409", "413", "422", "503"]))}},
            "/api/games/{id}/record": {"get": {"summary": "The game record; only its public parts until the game is over. Without `from` and `count`, the whole record (a download); with either, a page of its turns",
                "description": "A page is the record with `turns` holding only the turns from the `from`-th (0: the first) up to `count` of them, and `page: {from, count, total, next}`: `count` the turns in this page, `total` the turns of the whole record, `next` the `from` of the next page (`null` after the last). The record's last turn is the one in play while the game runs. `from` equal to `total` gives an empty page (for polling); beyond it, or `count` out of range, is a 400 whose detail names the field.",
                "parameters": [id_param(),
                    {"name": "from", "in": "query", "schema": {"type": "integer", "minimum": 0, "default": 0}, "description": "the first turn's place in the record (0: its first); at most the record's number of turns"},
                    {"name": "count", "in": "query", "schema": {"type": "integer", "minimum": 1, "maximum": 50, "default": 10}, "description": "turns in the page"}],
                "responses": merge(json!({"200": ok_json("the record, or a page of it (`page: {from, count, total, next}`)")}), error_responses(&["400", "404"]))}},
            "/api/games/{id}/board.svg": {"get": {"summary": "The current board as SVG: a seat's view with its token (own hand shown), the spectators' without",
                "security": [{}, {"bearer": []}],
                "parameters": [id_param()],
                "responses": merge(json!({"200": {"description": "the board", "content": {"image/svg+xml": {}}}}), error_responses(&["401", "404", "422"]))}},
            "/api/games/{id}/record/board.svg": {"get": {"summary": "The spectators' board of the game record at a turn, after its first `action` actions",
                "parameters": [id_param(),
                    {"name": "turn", "in": "query", "schema": {"type": "integer", "minimum": 0}, "description": "the turn as the record numbers it; the latest when absent"},
                    {"name": "action", "in": "query", "schema": {"type": "integer", "minimum": 0}, "description": "actions of the turn applied; 0 (default) is its start, the number of actions its end"}],
                "responses": merge(json!({"200": {"description": "the board", "content": {"image/svg+xml": {}}}}), error_responses(&["400", "404", "422"]))}},
            "/api/games/{id}/record/frames": {"get": {"summary": "The replay's frames: per turn its number, its number of actions and one caption per action; with `from`/`count`, a page of them",
                "description": "Without `from` and `count`: every turn's frame. With either: `{ruleset, ended, index: [[turn, actions, stops]], from, turns: [{turn, actions, captions, results: [[result]]}]}`, where `index` lists every turn of the record (`stops`: its start plus one per action, or per result of an action with several) and `turns` the frames of up to `count` turns from the `from`-th, with each action's results, so a replay streams a turn at a time and never loads the record.",
                "parameters": [id_param(),
                    {"name": "from", "in": "query", "schema": {"type": "integer", "minimum": 0}, "description": "the first turn's place in the record (0: its first)"},
                    {"name": "count", "in": "query", "schema": {"type": "integer", "minimum": 1, "maximum": 20, "default": 1}, "description": "turns in the page"}],
                "responses": merge(json!({"200": ok_json("ruleset, ended, turns: [{turn, actions, captions}]")}), error_responses(&["400", "404"]))}},
            "/api/rulesets/{name}/scenarios": {"get": {"summary": "The ruleset's bundled maps or scenarios and its default",
                "parameters": [{"name": "name", "in": "path", "required": true, "schema": {"type": "string"}}],
                "responses": merge(json!({"200": ok_json("ruleset, default, scenarios: [name]")}), error_responses(&["404"]))}},
            "/api/rulesets/{name}/scenarios/{scenario}": {"get": {"summary": "How many seats a game of the scenario takes (`seat_counts`, ascending), as its rules say when set up with 1 to 8 seats",
                "parameters": [{"name": "name", "in": "path", "required": true, "schema": {"type": "string"}},
                    {"name": "scenario", "in": "path", "required": true, "schema": {"type": "string"}}],
                "responses": merge(json!({"200": ok_json("ruleset, scenario, seat_counts: [n]")}), error_responses(&["404"]))}},
            "/api/games/{id}/targets": {"get": {"summary": "What a picked thing of the seat may be ordered onto (board `data-id`s), by the ruleset's own checks on the seat's view",
                "security": [{"bearer": []}],
                "parameters": [id_param(), {"name": "pick", "in": "query", "required": true, "schema": {"type": "string"}, "description": "the picked thing as the ruleset's controller names it, e.g. `battery:Lark/0`"}],
                "responses": merge(json!({"200": ok_json("pick, targets: [id]")}), error_responses(&["400", "401", "404", "422"]))}},
            "/api/games/{id}/turns": {"get": {"summary": "Resolved turns told in the ruleset's words, from the record's public part (at most 50 a page)",
                "parameters": [id_param(), {"name": "from", "in": "query", "schema": {"type": "integer", "minimum": 0}, "description": "the first turn told; 0 when absent"}],
                "responses": merge(json!({"200": ok_json("ruleset, turns: [{turn, lines}]")}), error_responses(&["400", "404"]))}},
            "/api/games/{id}/resign": {"post": {"summary": "The seat resigns: it gives the game up (the last seat left wins); stored durably, then told to listeners as a `table` event",
                "description": "No body. The answer is `{said, table: {resigned: [{seat, turn}], draw_offers: [seat]}, status}`; the status's `outcome.reason` names who resigned (\"Red resigned\") and `result` says it whole (\"Blue wins (Red resigned)\").",
                "security": [{"bearer": []}],
                "parameters": [id_param()],
                "responses": merge(json!({"200": ok_json("said, table, status")}), error_responses(&["401", "404", "409", "503"]))}},
            "/api/games/{id}/draw/{action}": {"post": {"summary": "Draw offers: `offer` one, `accept` another seat's (409 when none stands), `decline` the others' offers, `withdraw` one's own; when every seat still playing offers, the game is drawn by agreement",
                "description": "No body. Offers lapse when the turn is resolved. The answer is `{said, table, status}` as for resigning; every listener hears a `table` event with the offers standing.",
                "security": [{"bearer": []}],
                "parameters": [id_param(), {"name": "action", "in": "path", "required": true, "schema": {"enum": ["offer", "accept", "decline", "withdraw"]}}],
                "responses": merge(json!({"200": ok_json("said, table, status")}), error_responses(&["401", "404", "409", "503"]))}},
            "/api/games/{id}/rematch": {"post": {"summary": "Once the game is over, a new game like it (ruleset, map, options, seat kinds, deadline, turn limit; a new seed), asked for by one of its seats (no admin token needed); the first seat to ask makes it, the others asking later are given the same game",
                "description": "No body. Each person seat plays the rematch with the token it has in this game, so the answer `{id, rematch_of, seat, tokens: [{seat, token}], status}` carries only the asking seat's token, never another seat's. Every listener of the finished game hears a `rematch` event (`{rematch, rematch_of}`, no token), and the finished game's status says `rematch` (the new id); the rematch's status says `rematch_of`.",
                "security": [{"bearer": []}],
                "parameters": [id_param()],
                "responses": merge(json!({"201": ok_json("made: id, rematch_of, seat, tokens (the asking seat's only), status"), "200": ok_json("made already by another seat: the same fields")}), error_responses(&["401", "404", "409", "503"]))}},
            "/api/games/{id}/events/ticket": {"post": {"summary": "A one-use ticket to open this game's event stream as a seat, for clients that cannot set headers (browsers' EventSource): `{ticket, seat, expires_in}`",
                "description": "No body; the seat token goes in the Authorization header. The ticket opens one `GET /api/games/{id}/events?ticket=...` within `expires_in` seconds (60) and is then used up; a token is never accepted in a URL.",
                "security": [{"bearer": []}],
                "parameters": [id_param()],
                "responses": merge(json!({"200": ok_json("ticket, seat, expires_in")}), error_responses(&["401", "404"]))}},
            "/api/games/{id}/events": {"get": {"summary": "Server-sent events: turn_resolved, awaiting_you (seat token needed), table (a resignation or draw offers: who resigned, who offers), game_over, rematch (`{rematch, rematch_of}`: the new game's id)",
                "description": "The stream ends after `game_over`; with `follow=rematch` it goes on until the game's rematch is made (told at once when it already is), then ends after the `rematch` event.",
                "security": [{}, {"bearer": []}],
                "parameters": [id_param(), {"name": "ticket", "in": "query", "schema": {"type": "string"}, "description": "a one-use ticket from POST /api/games/{id}/events/ticket, for clients that cannot set headers (a seat token is never taken from a URL)"},
                    {"name": "follow", "in": "query", "schema": {"enum": ["game_over", "rematch"], "default": "game_over"}, "description": "the event after which the stream ends"}],
                "responses": merge(json!({"200": {"description": "event stream", "content": {"text/event-stream": {}}}}), error_responses(&["401", "404"]))}}
        }
    });
    if let Some(schemas) = doc["components"]["schemas"].as_object_mut() {
        schemas.extend(ruleset_components);
    }
    doc
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Parts the two sides share are one component; parts of one name
    /// that differ, and those referring to them, are kept apart; every
    /// reference lands on the part it meant.
    #[test]
    fn parts_of_both_sides_share_names_only_when_equal() {
        let mut components = Map::new();
        let orders = json!({"$schema": "x", "type": "array", "items": {"$ref": "#/$defs/B"}, "$defs": {
            "A": {"type": "string"}, "B": {"$ref": "#/$defs/A"}, "C": {"type": "null"}}});
        let view = json!({"type": "object", "properties": {"b": {"$ref": "#/$defs/B"}, "c": {"$ref": "#/$defs/C"}}, "$defs": {
            "A": {"type": "integer"}, "B": {"$ref": "#/$defs/A"}, "C": {"type": "null"}, "Orders": {"type": "boolean"}}});
        assert_eq!(
            add_schema(&mut components, "g", "Orders", orders),
            "g.Orders"
        );
        assert_eq!(add_schema(&mut components, "g", "View", view), "g.View");
        let names: Vec<&str> = components.keys().map(String::as_str).collect();
        assert_eq!(
            names,
            [
                "g.A",
                "g.B",
                "g.C",
                "g.Orders",
                "g.View.A",
                "g.View.B",
                "g.View.Orders",
                "g.View"
            ]
        );
        assert_eq!(components["g.B"]["$ref"], "#/components/schemas/g.A");
        assert_eq!(
            components["g.View.B"]["$ref"],
            "#/components/schemas/g.View.A"
        );
        assert_eq!(components["g.View.A"]["type"], "integer");
        let v = &components["g.View"];
        assert_eq!(
            v["properties"]["b"]["$ref"],
            "#/components/schemas/g.View.B"
        );
        assert_eq!(v["properties"]["c"]["$ref"], "#/components/schemas/g.C");
        assert!(components["g.Orders"].get("$schema").is_none());
        assert!(components["g.Orders"].get("$defs").is_none());
    }
}

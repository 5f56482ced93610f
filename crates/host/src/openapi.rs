//! The OpenAPI 3.1 document served at `/api/openapi.json`, written by hand
//! from the routes in `api.rs` (a test checks every route is described).

use serde_json::{json, Value};

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

/// The whole document.
pub fn document() -> Value {
    let ok_json = |d: &str| json!({"description": d, "content": {"application/json": {"schema": {"type": "object"}}}});
    json!({
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
                "responses": merge(json!({"200": ok_json("view")}), error_responses(&["400", "401", "404"]))}},
            "/api/games/{id}/orders": {"post": {"summary": "The seat's orders for the current turn (JSON, or the ruleset's text file as text/plain); replaces earlier ones; 202 once durable",
                "security": [{"bearer": []}],
                "parameters": [id_param(), {"name": "turn", "in": "query", "schema": {"type": "integer"}, "description": "only for this turn"}],
                "requestBody": {"required": true, "content": {"application/json": {"schema": {}}, "text/plain": {"schema": {"type": "string"}}}},
                "responses": merge(json!({"202": ok_json("accepted, with notes")}), error_responses(&["400", "401", "404", "409", "413", "422", "503"]))}},
            "/api/games/{id}/record": {"get": {"summary": "The game record; only its public parts until the game is over",
                "parameters": [id_param()],
                "responses": merge(json!({"200": ok_json("record")}), error_responses(&["404"]))}},
            "/api/games/{id}/board.svg": {"get": {"summary": "The current board as SVG: a seat's view with its token (own hand shown), the spectators' without",
                "security": [{}, {"bearer": []}],
                "parameters": [id_param()],
                "responses": merge(json!({"200": {"description": "the board", "content": {"image/svg+xml": {}}}}), error_responses(&["401", "404", "422"]))}},
            "/api/games/{id}/record/board.svg": {"get": {"summary": "The spectators' board of the game record at a turn, after its first `action` actions",
                "parameters": [id_param(),
                    {"name": "turn", "in": "query", "schema": {"type": "integer", "minimum": 0}, "description": "the turn as the record numbers it; the latest when absent"},
                    {"name": "action", "in": "query", "schema": {"type": "integer", "minimum": 0}, "description": "actions of the turn applied; 0 (default) is its start, the number of actions its end"}],
                "responses": merge(json!({"200": {"description": "the board", "content": {"image/svg+xml": {}}}}), error_responses(&["400", "404", "422"]))}},
            "/api/games/{id}/record/frames": {"get": {"summary": "The replay's frames: per turn its number, its number of actions and one caption per action",
                "parameters": [id_param()],
                "responses": merge(json!({"200": ok_json("ruleset, ended, turns: [{turn, actions, captions}]")}), error_responses(&["404"]))}},
            "/api/rulesets/{name}/scenarios": {"get": {"summary": "The ruleset's bundled maps or scenarios and its default",
                "parameters": [{"name": "name", "in": "path", "required": true, "schema": {"type": "string"}}],
                "responses": merge(json!({"200": ok_json("ruleset, default, scenarios: [name]")}), error_responses(&["404"]))}},
            "/api/games/{id}/targets": {"get": {"summary": "What a picked thing of the seat may be ordered onto (board `data-id`s), by the ruleset's own checks on the seat's view",
                "security": [{"bearer": []}],
                "parameters": [id_param(), {"name": "pick", "in": "query", "required": true, "schema": {"type": "string"}, "description": "the picked thing as the ruleset's controller names it, e.g. `battery:Lark/0`"}],
                "responses": merge(json!({"200": ok_json("pick, targets: [id]")}), error_responses(&["400", "401", "404", "422"]))}},
            "/api/games/{id}/turns": {"get": {"summary": "Resolved turns told in the ruleset's words, from the record's public part (at most 50 a page)",
                "parameters": [id_param(), {"name": "from", "in": "query", "schema": {"type": "integer", "minimum": 0}, "description": "the first turn told; 0 when absent"}],
                "responses": merge(json!({"200": ok_json("ruleset, turns: [{turn, lines}]")}), error_responses(&["400", "404"]))}},
            "/api/games/{id}/events": {"get": {"summary": "Server-sent events: turn_resolved, awaiting_you (seat token needed), game_over",
                "security": [{}, {"bearer": []}],
                "parameters": [id_param(), {"name": "token", "in": "query", "schema": {"type": "string"}, "description": "seat token, for clients that cannot set headers"}],
                "responses": merge(json!({"200": {"description": "event stream", "content": {"text/event-stream": {}}}}), error_responses(&["401", "404"]))}}
        }
    })
}

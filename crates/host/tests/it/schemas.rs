//! The per-ruleset schemas of orders and views, held to real traffic: for
//! every ruleset a game is played over HTTP between a built-in bot seat
//! and a human seat whose orders a built-in bot works out from the seat's
//! view files and sends as JSON. Every view received (the seat's and the
//! spectators') and every orders body sent is validated, with a real JSON
//! Schema validator, against the schemas `GET /api/rulesets/{name}` serves
//! and against the same schemas as the OpenAPI document carries them; a
//! misspelt field is refused by the schema and by the server alike.

use std::time::{Duration, Instant};

use client::Client;
use engine::Seat;
use serde_json::{json, Value};

use crate::common::{create, start, status, token};

/// A validator of `schema`, which must be a real one: an object that says
/// what type it describes, never `true` or `{}` (which accept anything).
fn validator(what: &str, schema: &Value) -> jsonschema::Validator {
    assert!(
        schema.as_object().is_some_and(|o| o.contains_key("type")),
        "{what}: the schema must say what it describes, not {schema}"
    );
    assert!(
        jsonschema::meta::is_valid(schema),
        "{what}: not a valid JSON schema"
    );
    jsonschema::draft202012::new(schema)
        .unwrap_or_else(|e| panic!("{what}: the schema does not compile: {e}"))
}

/// A validator of the OpenAPI document's component `name`, its `$ref`s
/// resolved inside the document itself.
fn component_validator(doc: &Value, name: &str) -> jsonschema::Validator {
    let component = &doc["components"]["schemas"][name];
    assert!(component.is_object(), "the document has no {name}");
    let schema = json!({
        "$ref": format!("#/components/schemas/{name}"),
        "components": doc["components"].clone(),
    });
    jsonschema::draft202012::new(&schema)
        .unwrap_or_else(|e| panic!("{name}: the document's schema does not compile: {e}"))
}

fn assert_valid(validators: &[&jsonschema::Validator], what: &str, value: &Value) {
    for v in validators {
        let errors: Vec<String> = v
            .iter_errors(value)
            .take(5)
            .map(|e| format!("{e} (at {})", e.instance_path()))
            .collect();
        assert!(errors.is_empty(), "{what}: {errors:#?}\nin {value}");
    }
}

/// `orders` with one field name misspelt (the first object's first key
/// gets an `x`), if it has an object with a field.
fn misspelt(orders: &Value) -> Option<Value> {
    /// The JSON pointer of the first object with a field.
    fn first_object(v: &Value, at: String) -> Option<String> {
        match v {
            Value::Object(m) if !m.is_empty() => Some(at),
            Value::Array(a) => a
                .iter()
                .enumerate()
                .find_map(|(i, x)| first_object(x, format!("{at}/{i}"))),
            _ => None,
        }
    }
    let at = first_object(orders, String::new())?;
    let mut wrong = orders.clone();
    let m = wrong.pointer_mut(&at)?.as_object_mut()?;
    let key = m.keys().next()?.clone();
    let value = m.remove(&key)?;
    m.insert(format!("{key}x"), value);
    Some(wrong)
}

/// Plays one game of `ruleset` over HTTP (at most `turns` turns), checking
/// every view and orders body; returns how many views and orders bodies
/// were checked and whether a misspelt body was tried.
fn play_checked(c: &mut Client, doc: &Value, ruleset: &str, turns: u64) -> (usize, usize, bool) {
    let entry = c.get(&format!("/api/rulesets/{ruleset}"), None).unwrap();
    assert_eq!(
        entry.status,
        200,
        "{}",
        String::from_utf8_lossy(&entry.body)
    );
    let entry = entry.json();
    assert_eq!(entry["name"], ruleset);
    let orders_v = validator(&format!("{ruleset} orders"), &entry["orders_schema"]);
    let view_v = validator(&format!("{ruleset} view"), &entry["view_schema"]);
    let doc_orders_v = component_validator(doc, &format!("{ruleset}.Orders"));
    let doc_view_v = component_validator(doc, &format!("{ruleset}.View"));
    let response_v = component_validator(doc, "ViewResponse");
    let body_v = component_validator(doc, "Orders");

    let bot = entry["bots"][0].as_str().unwrap().to_string();
    let created = create(
        c,
        json!({"ruleset": ruleset, "seats": ["human", bot], "seed": 7, "max_turns": turns}),
    );
    let id = created["id"].as_str().unwrap().to_string();
    let tok = token(&created, 0);
    let rules = registry::find(ruleset).unwrap();
    let (mut views, mut bodies, mut tried_misspelt) = (0, 0, false);
    let started = Instant::now();
    let mut answered = None;
    loop {
        assert!(
            started.elapsed() < Duration::from_secs(120),
            "{ruleset}: the game did not end"
        );
        let st = status(c, &id);
        for who in [Some(tok.as_str()), None] {
            let r = c.get(&format!("/api/games/{id}/view"), who).unwrap();
            assert_eq!(r.status, 200, "{}", String::from_utf8_lossy(&r.body));
            let got = r.json();
            let what = format!("{ruleset} turn {} view for {who:?}", got["turn"]);
            assert_valid(&[&response_v], &what, &got);
            assert_valid(&[&view_v, &doc_view_v], &what, &got["view"]);
            views += 1;
        }
        if st["finished"] == true {
            break;
        }
        let step = st["step"].as_u64().unwrap();
        let awaited = st["missing"].as_array().unwrap().contains(&json!(0));
        if !awaited || answered == Some(step) {
            std::thread::sleep(Duration::from_millis(5));
            continue;
        }
        let files = c
            .get(&format!("/api/games/{id}/view?format=files"), Some(&tok))
            .unwrap()
            .json();
        if files["step"] != step {
            continue;
        }
        let file = &files["files"][0];
        let orders = rules
            .bot_answer_json(
                &bot,
                Seat(0),
                file["name"].as_str().unwrap(),
                file["contents"].as_str().unwrap(),
                step,
            )
            .unwrap();
        let what = format!("{ruleset} orders for turn {}", files["turn"]);
        assert_valid(&[&orders_v, &doc_orders_v, &body_v], &what, &orders);
        bodies += 1;
        let path = format!("/api/games/{id}/orders?turn={}", files["turn"]);
        if !tried_misspelt {
            if let Some(wrong) = misspelt(&orders) {
                assert!(
                    !orders_v.is_valid(&wrong) && !doc_orders_v.is_valid(&wrong),
                    "{ruleset}: the schema takes a misspelt field: {wrong}"
                );
                let r = c.post_json(&path, Some(&tok), &wrong).unwrap();
                assert!(
                    r.status == 400 || r.status == 422,
                    "{ruleset}: the server takes a misspelt field ({}): {wrong}",
                    r.status
                );
                tried_misspelt = true;
            }
        }
        let r = c.post_json(&path, Some(&tok), &orders).unwrap();
        match r.status {
            202 => answered = Some(step),
            // The deadline-free game cannot move on without seat 0, but a
            // turn limit may have ended it meanwhile: look again.
            409 => {}
            s => panic!("{what}: {s} {}", String::from_utf8_lossy(&r.body)),
        }
    }
    (views, bodies, tried_misspelt)
}

#[test]
fn every_rulesets_views_and_orders_match_the_served_schemas() {
    let dir = tempfile::tempdir().unwrap();
    let server = start(&dir.path().join("g.db"));
    let mut c = Client::new(&server.url()).unwrap();
    let doc = c.get("/api/openapi.json", None).unwrap().json();
    let list = c.get("/api/rulesets", None).unwrap().json();
    let names: Vec<String> = list
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["name"].as_str().unwrap().to_string())
        .collect();
    assert!(names.len() >= 6, "{names:?}");
    for name in &names {
        let (views, bodies, misspelt) = play_checked(&mut c, &doc, name, 30);
        assert!(
            views >= 4 && bodies >= 2,
            "{name}: {views} views, {bodies} orders"
        );
        assert!(misspelt, "{name}: no orders body had a field to misspell");
    }
}

/// `GET /api/rulesets/{name}` answers aliases and any case with the
/// ruleset's own entry, and an unknown name with a JSON 404 that lists
/// the names there are.
#[test]
fn a_ruleset_is_found_by_name_or_alias() {
    let dir = tempfile::tempdir().unwrap();
    let server = start(&dir.path().join("g.db"));
    let mut c = Client::new(&server.url()).unwrap();
    let listed = c.get("/api/rulesets", None).unwrap().json();
    let ttrts = c.get("/api/rulesets/TTRTS", None).unwrap();
    assert_eq!(ttrts.status, 200);
    let ttrts = ttrts.json();
    assert_eq!(ttrts["name"], "ttrts");
    // The list's entry, and the schemas besides.
    for (k, v) in listed[0].as_object().unwrap() {
        assert_eq!(&ttrts[k], v, "{k}");
    }
    assert_eq!(ttrts["orders_schema"]["type"], "array");
    for p in registry::plugins() {
        for alias in p.aliases {
            let r = c.get(&format!("/api/rulesets/{alias}"), None).unwrap();
            assert_eq!(r.status, 200, "{alias}");
            assert_eq!(r.json()["name"], p.name());
        }
    }
    let r = c.get("/api/rulesets/nosuch", None).unwrap();
    assert_eq!(r.status, 404);
    let e = r.json();
    assert!(
        e["error"].as_str().unwrap().contains("ttrts"),
        "the error names the rulesets there are: {e}"
    );
}

/// The OpenAPI document carries every ruleset's schemas as components
/// whose `$ref`s all resolve inside the document, and the orders body and
/// the view response refer to them.
#[test]
fn the_openapi_document_carries_the_schemas() {
    let dir = tempfile::tempdir().unwrap();
    let server = start(&dir.path().join("g.db"));
    let mut c = Client::new(&server.url()).unwrap();
    let doc = c.get("/api/openapi.json", None).unwrap().json();
    let schemas = doc["components"]["schemas"].as_object().unwrap();
    for p in registry::plugins() {
        for side in ["Orders", "View"] {
            let name = format!("{}.{side}", p.name());
            let s = &schemas[&name];
            assert!(s["type"].is_string(), "{name}: {s}");
            assert!(s.get("$defs").is_none() && s.get("$schema").is_none());
        }
    }
    fn refs(v: &Value, out: &mut Vec<String>) {
        match v {
            Value::Object(m) => {
                if let Some(Value::String(r)) = m.get("$ref") {
                    out.push(r.clone());
                }
                m.values().for_each(|v| refs(v, out));
            }
            Value::Array(a) => a.iter().for_each(|v| refs(v, out)),
            _ => {}
        }
    }
    let mut all = vec![];
    refs(&doc, &mut all);
    for r in &all {
        let pointer = r.strip_prefix('#').expect("refs inside the document");
        assert!(doc.pointer(pointer).is_some(), "{r} does not resolve");
    }
    for (name, schema) in schemas {
        assert!(
            name.chars()
                .all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | '_')),
            "{name} is not a valid component name"
        );
        // OpenAPI 3.1's schemas are JSON Schema 2020-12.
        assert!(
            jsonschema::meta::is_valid(schema),
            "{name} is not a valid JSON schema"
        );
    }
    let body = &doc["paths"]["/api/games/{id}/orders"]["post"]["requestBody"]["content"]
        ["application/json"]["schema"];
    assert_eq!(body["$ref"], "#/components/schemas/Orders");
    assert_eq!(
        schemas["Orders"]["anyOf"].as_array().unwrap().len(),
        registry::plugins().len()
    );
    let view = &doc["paths"]["/api/games/{id}/view"]["get"]["responses"]["200"]["content"]
        ["application/json"]["schema"];
    assert_eq!(view["$ref"], "#/components/schemas/ViewResponse");
    assert!(doc["paths"]["/api/rulesets/{name}"]["get"].is_object());
}

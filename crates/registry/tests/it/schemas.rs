//! Every ruleset's orders and view schemas: real JSON Schema 2020-12
//! documents that describe something (never `true` or `{}`), and that hold
//! what the rules really give and take, checked here on games played
//! in-process by the built-in bots (the host's tests check the same over
//! HTTP).

use engine::{GameRng, Seat, SeatSpec, Setup};
use serde_json::Value;

/// The schema's own shape: valid against the 2020-12 meta-schema, titled
/// and described, and constraining its value's type.
fn assert_real_schema(ruleset: &str, side: &str, schema: &Value) {
    assert!(
        jsonschema::meta::is_valid(schema),
        "{ruleset} {side}: not a valid JSON schema: {schema:#}"
    );
    let o = schema
        .as_object()
        .unwrap_or_else(|| panic!("{ruleset} {side}: a schema object, not {schema}"));
    assert!(
        o.get("type").is_some(),
        "{ruleset} {side}: the top level says what type it is: {schema:#}"
    );
    assert_eq!(o["title"], format!("{ruleset} {side}"));
    assert!(o["description"].as_str().is_some_and(|d| d.len() > 20));
}

fn validator(ruleset: &str, side: &str, schema: &Value) -> jsonschema::Validator {
    jsonschema::draft202012::new(schema)
        .unwrap_or_else(|e| panic!("{ruleset} {side}: the schema does not compile: {e}"))
}

fn assert_valid(v: &jsonschema::Validator, what: &str, value: &Value) {
    let errors: Vec<String> = v
        .iter_errors(value)
        .map(|e| format!("{} at {}", e, e.instance_path()))
        .collect();
    assert!(errors.is_empty(), "{what}: {errors:#?}\nin {value:#}");
}

#[test]
fn schemas_are_real_and_hold_for_bot_games() {
    for p in registry::plugins() {
        let rules = &p.rules;
        let name = rules.name();
        let (orders_schema, view_schema) = (rules.orders_schema(), rules.view_schema());
        if std::env::var_os("ORDERLY_DUMP_SCHEMAS").is_some() {
            println!("{name} orders {orders_schema:#}\n{name} view {view_schema:#}");
        }
        assert_real_schema(name, "orders", &orders_schema);
        assert_real_schema(name, "view", &view_schema);
        let orders_v = validator(name, "orders", &orders_schema);
        let view_v = validator(name, "view", &view_schema);
        let setup = Setup {
            scenario: rules.default_scenario().into(),
            seats: vec![SeatSpec::default(); 2],
            seed: 11,
            ..Setup::default()
        };
        let mut game = rules.start(setup.clone(), false, None).unwrap();
        let bot = rules.bot_names()[0];
        let mut rng = GameRng::from_seed(5);
        for _ in 0..8 {
            if game.outcome().is_some() {
                break;
            }
            let seats = game.seats().len();
            assert_valid(&view_v, &format!("{name} spectator view"), &game.view(None));
            for s in 0..seats {
                assert_valid(
                    &view_v,
                    &format!("{name} seat {s} view"),
                    &game.view(Some(Seat(s))),
                );
            }
            for seat in game.awaiting() {
                let orders = game.bot_orders(bot, seat, &mut rng).unwrap();
                assert_valid(&orders_v, &format!("{name} {bot} orders"), &orders);
                let _ = game.submit_json(seat, orders);
            }
            game.resolve(None);
        }
        // Sending nothing (an empty list, or an object of defaults) is
        // orders too: the schema must say so.
        let nothing = match orders_schema["type"].as_str() {
            Some("array") => serde_json::json!([]),
            _ => serde_json::json!({}),
        };
        assert_valid(&orders_v, &format!("{name} empty orders"), &nothing);
        let mut game = rules
            .start(Setup { seed: 12, ..setup }, false, None)
            .unwrap();
        let seat = game.awaiting()[0];
        assert!(
            game.submit_json(seat, nothing).is_ok(),
            "{name}: the server takes them too"
        );
    }
}

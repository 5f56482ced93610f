//! The JSON form: it validates against the published schema, and it comes
//! back to the same canonical GZF.

use crate::common;
use common::*;
use gzf::ft2::json;

const SCHEMA_PATH: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../docs/schema/ft2.schema.json"
);

fn schema_text() -> String {
    let mut s = serde_json::to_string_pretty(&json::schema()).unwrap();
    s.push('\n');
    s
}

/// The published schema is the generated one. Run with
/// `GZF_WRITE_SCHEMA=1` to regenerate it after changing the grammar.
#[test]
fn published_schema_is_up_to_date() {
    if std::env::var_os("GZF_WRITE_SCHEMA").is_some() {
        std::fs::write(SCHEMA_PATH, schema_text()).unwrap();
    }
    let published =
        std::fs::read_to_string(SCHEMA_PATH).expect("docs/schema/ft2.schema.json exists");
    assert_eq!(
        published,
        schema_text(),
        "regenerate with GZF_WRITE_SCHEMA=1 cargo test -p orderly-gzf --test json"
    );
}

fn validator() -> jsonschema::Validator {
    let published: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(SCHEMA_PATH).unwrap()).unwrap();
    jsonschema::validator_for(&published).expect("the published schema is a valid JSON Schema")
}

fn assert_valid(instance: &serde_json::Value) {
    let v = validator();
    let errors: Vec<String> = v
        .iter_errors(instance)
        .map(|e| format!("{} at {}", e, e.instance_path()))
        .collect();
    assert!(errors.is_empty(), "{errors:#?}");
}

#[test]
fn fixture_json_validates_against_schema() {
    let _corpus = testkit::require_shared!("specs/gzf-ft2.md");
    for heading in ["### 9.1", "### 9.4"] {
        let file = read(&spec_fixture(heading)).file;
        assert_valid(&json::to_json(&file));
    }
}

#[test]
fn json_with_unknown_material_validates() {
    let text = format!(
        "{HEADER}Widget: w\nColour: red\n\n{}Shields: 2\n  more\n",
        ship("Armor: Level 1\n")
    );
    assert_valid(&json::to_json(&read(&text).file));
}

#[test]
fn schema_rejects_wrong_values() {
    let _corpus = testkit::require_shared!("specs/gzf-ft2.md");
    let file = read(&spec_fixture("### 9.1")).file;
    let mut doc = json::to_json(&file);
    doc["blocks"][4]["fields"][5]["value"] = serde_json::json!(13);
    assert_eq!(doc["blocks"][4]["fields"][5]["name"], "Course");
    assert!(!validator().is_valid(&doc));
}

#[test]
fn the_bundled_scenario_validates_and_comes_back_the_same() {
    let file = read(&duel()).file;
    assert_valid(&json::to_json(&file));
    let back = json::import(json::to_json_text(&file).as_bytes()).unwrap();
    assert_eq!(read(&back).file.to_canonical(), file.to_canonical());
}

#[test]
fn json_comes_back_to_the_same_gzf() {
    let _corpus = testkit::require_shared!("specs/gzf-ft2.md");
    let text = spec_fixture("### 9.1");
    let file = read(&text).file;
    let json_text = json::to_json_text(&file);
    let back = json::import(json_text.as_bytes()).unwrap();
    let reread = read(&back);
    assert_eq!(reread.diagnostics.len(), 1);
    assert_eq!(reread.file.to_canonical(), text);
}

#[test]
fn json_values_are_typed() {
    let _corpus = testkit::require_shared!("specs/gzf-ft2.md");
    let file = read(&spec_fixture("### 9.1")).file;
    let doc = json::to_json(&file);
    let furious = &doc["blocks"][4]["fields"];
    let get = |name: &str| {
        furious
            .as_array()
            .unwrap()
            .iter()
            .find(|f| f["name"] == name)
            .unwrap()["value"]
            .clone()
    };
    assert_eq!(get("Course"), serde_json::json!(3));
    assert_eq!(get("Position-X"), serde_json::json!(0.0));
    assert_eq!(get("Move"), serde_json::json!(["2S"]));
    assert_eq!(
        get("Damage-Track"),
        serde_json::json!(["--OO", "OOOO", "OOOO"])
    );
}

#[test]
fn bad_json_is_an_error_with_a_path() {
    let e = json::import(b"[1, 2").unwrap_err();
    assert_eq!(e.kind, json::JsonErrorKind::Syntax);
    assert!(e.message.contains("line 1"));
    let e = json::import(br#"{"blocks": [{"type": "Starbase", "fields": []}]}"#).unwrap_err();
    assert_eq!(
        (e.kind, e.path.as_str()),
        (json::JsonErrorKind::Shape, "/blocks/0")
    );
    let e = json::import(
        br#"{"blocks": [{"type": "Fleet", "fields": [{"name": "Flag", "value": 1}]}]}"#,
    )
    .unwrap_err();
    assert_eq!(e.path, "/blocks/0/fields/0");
}

#[test]
fn folded_damage_track_keeps_its_folding() {
    let text = format!("{HEADER}Ship: S\nThrust-Rating: 6\nDamage-Track: -OO OOO\n  OOO\n");
    let file = read(&text).file;
    let doc = json::to_json(&file);
    let track = &doc["blocks"][1]["fields"][2];
    assert_eq!(track["rows_per_line"], serde_json::json!([2, 1]));
    assert_valid(&doc);
    let back = json::import(json::to_json_text(&file).as_bytes()).unwrap();
    assert_eq!(read(&back).file.to_canonical(), file.to_canonical());
}

//! The value types of spec §3, one small test per rule and example.

use crate::common;
use common::*;
use gzf::ft2::parse::{read_decimal, DecimalRead};
use gzf::ft2::values::{decimal_text, DamageStatus, MoveElement, Value};

/// Reads a ship with one extra field and returns that field's value.
fn ship_value(field: &str) -> Option<Value> {
    let text = format!("{HEADER}{}", ship(&format!("{field}\n")));
    let file = read(&text).file;
    let name = field.split(':').next().unwrap();
    file.blocks[1].get(name).cloned()
}

#[test]
fn integers() {
    check(&ship("Mass: +007\n"), &[]);
    assert_eq!(ship_value("Mass: +007"), Some(Value::Int(7)));
    assert_eq!(ship_value("Cost: -0"), Some(Value::Int(0)));
    check(&ship("Mass: -3\n"), &["E209@4:7"]);
    check(&ship("Mass: 3t\n"), &["E205@4:7"]);
    check(&ship("Velocity: 99999999999999999999\n"), &["E209@4:11"]);
}

fn dec(text: &str) -> DecimalRead {
    read_decimal(text)
}

#[test]
fn decimals_float_and_efloat() {
    assert_eq!(dec("79.1"), DecimalRead::Ok(7910, false));
    assert_eq!(dec("-30.00"), DecimalRead::Ok(-3000, false));
    assert_eq!(dec(".5"), DecimalRead::Ok(50, false));
    assert_eq!(dec("1.25e7"), DecimalRead::Ok(1_250_000_000, false));
    assert_eq!(dec("1.25e3"), DecimalRead::Ok(125_000, false));
    assert_eq!(dec("1.5E6"), DecimalRead::Ok(150_000_000, false));
    assert_eq!(dec("-2.5e+8"), DecimalRead::Ok(-25_000_000_000, false));
}

#[test]
fn decimals_tolerated_forms_round_half_away_from_zero() {
    assert_eq!(dec("79"), DecimalRead::Ok(7900, true));
    assert_eq!(dec("79.125"), DecimalRead::Ok(7913, true));
    assert_eq!(dec("-79.125"), DecimalRead::Ok(-7913, true));
    assert_eq!(dec("1234567.00"), DecimalRead::Ok(123_456_700, true));
    assert_eq!(dec("1.23456e2"), DecimalRead::Ok(12346, true));
    check(
        &ship("Position-X: 79.125\nPosition-Y: 1\n"),
        &["W304@4:13", "W304@5:13"],
    );
}

#[test]
fn decimals_out_of_range_and_bad_syntax() {
    assert_eq!(dec("10000000000000"), DecimalRead::Range);
    assert_eq!(dec("1.0e13"), DecimalRead::Range);
    assert_eq!(dec("9.99e12"), DecimalRead::Ok(999_000_000_000_000, false));
    for bad in ["", ".", "1e5", "1.e", "1.5e", "x", "1.2.3", "--1", "1.5e5x"] {
        assert_eq!(dec(bad), DecimalRead::Syntax, "{bad:?}");
    }
    check(&ship("Position-X: 1e5\nPosition-Y: 0.00\n"), &["E205@4:13"]);
    check(
        &ship("Position-X: 10000000000000\nPosition-Y: 0.00\n"),
        &["E209@4:13"],
    );
}

#[test]
fn decimals_canonical_text() {
    assert_eq!(decimal_text(820), "8.20");
    assert_eq!(decimal_text(-820), "-8.20");
    assert_eq!(decimal_text(0), "0.00");
    assert_eq!(decimal_text(-5), "-0.05");
    assert_eq!(decimal_text(99_999_999), "999999.99");
    assert_eq!(decimal_text(1_234_500_000), "1.2345e7");
    assert_eq!(decimal_text(1_000_000_000), "1.0e7");
    assert_eq!(decimal_text(-12_345_678_901), "-1.2345678901e8");
}

#[test]
fn clock_values() {
    assert_eq!(ship_value("Course: 12"), Some(Value::Clock(12)));
    assert_eq!(ship_value("Course: 01"), Some(Value::Clock(1)));
    check(&ship("Course: 13\n"), &["E209@4:9"]);
    check(&ship("Course: 0\n"), &["E209@4:9"]);
    check(&ship("Course: +3\n"), &["E205@4:9"]);
    check(&ship("Course: three\n"), &["E205@4:9"]);
}

#[test]
fn empty_value_error_is_just_after_the_colon() {
    check(&ship("Course:\n"), &["E205@4:8"]);
}

#[test]
fn arcs_with_spaces_or_commas() {
    let sys = |arcs: &str| format!("{}System: A Battery\nFiring-Arc: {arcs}\n", ship(""));
    check(&sys("F P S"), &[]);
    check(&sys("p,a,s"), &[]);
    check(&sys("F A"), &["W310@5:13"]);
    check(&sys("F S A P"), &["W310@5:13"]);
    check(&sys("F F P"), &["W306@5:15"]);
    check(&sys("F X"), &["E205@5:15"]);
    check(&sys("FP"), &["E205@5:13"]);
}

#[test]
fn check_boxes_in_craft_and_endurance() {
    let group = |craft: &str, endurance: &str| {
        format!("Fighter-Group: G\nCraft: {craft}\nPosition-X: 0.00\nPosition-Y: 0.00\nEndurance: {endurance}\n")
    };
    check(&group("O O O O O O", "O O O"), &[]);
    check(&group("- - - - 0 0", "OOO"), &["W304@2:16"]);
    check(&group("OOOOOOO", "OOO"), &["E209@2:8"]);
    check(&group("O", "OO"), &["E209@5:12"]);
    check(&group("OOXO", "OOO"), &["E205@2:10"]);
    check(&group("o,o,-", "O-O-O"), &[]);
}

#[test]
fn damage_tracks() {
    let track = |t: &str| {
        read(&format!(
            "{HEADER}Ship: S\nThrust-Rating: 6\nDamage-Track: {t}\n"
        ))
        .file
        .blocks[1]
            .get("Damage-Track")
            .cloned()
    };
    let Some(Value::Track(t)) = track("--------- --------- --------- ---000000") else {
        panic!("track reads");
    };
    assert_eq!(
        (t.rows.clone(), t.checked, t.remaining()),
        (vec![9, 9, 9, 9], 30, 6)
    );
    check(
        "Ship: S\nThrust-Rating: 6\nDamage-Track: --------- --------- --------- ---000000\n",
        &["W304@3:48"],
    );
    check(
        "Ship: S\nThrust-Rating: 6\nDamage-Track: O-O- OO\n",
        &["W311@3:15"],
    );
    check(
        "Ship: S\nThrust-Rating: 6\nDamage-Track: OOXO\n",
        &["E205@3:17"],
    );
    check("Ship: S\nThrust-Rating: 6\nDamage-Track:\n", &["E205@3:14"]);
}

#[test]
fn damage_track_folded_keeps_rows_per_line() {
    let text = format!("{HEADER}Ship: S\nThrust-Rating: 6\nDamage-Track: O-O- OO\n  OOO\n");
    let out = read(&text).file.to_canonical();
    assert!(
        out.contains("Damage-Track:   --OO OO\r\n                OOO\r\n"),
        "{out}"
    );
}

#[test]
fn statuses() {
    let Some(Value::Status(s)) = ship_value("Status: destroyed  launched, ACTIVE") else {
        panic!("status reads");
    };
    assert_eq!(s.damage, Some(DamageStatus::Destroyed));
    assert_eq!(s.to_string(), "Active Launched Destroyed");
    check(&ship("Status: Active Inactive\n"), &["E210@4:16"]);
    check(&ship("Status: Damaged Damaged\n"), &["W306@4:17"]);
    check(&ship("Status: Broken\n"), &["E205@4:9"]);
}

#[test]
fn damage_status_transitions() {
    use DamageStatus::*;
    let allowed = |a, b| DamageStatus::transition_allowed(a, b);
    assert!(allowed(None, Some(Damaged)));
    assert!(allowed(None, Some(Destroyed)));
    assert!(!allowed(None, Some(Repaired)));
    assert!(allowed(Some(Damaged), Some(Repaired)));
    assert!(!allowed(Some(Damaged), None));
    assert!(!allowed(Some(Repaired), Some(Damaged)));
    assert!(allowed(Some(Repaired), Some(Destroyed)));
    assert!(!allowed(Some(Destroyed), Some(Repaired)));
    assert!(allowed(Some(Destroyed), Some(Destroyed)));
}

#[test]
fn move_orders() {
    use MoveElement::*;
    assert_eq!(
        ship_value("Move: 1p +2, 1s -01 +0 0S"),
        Some(Value::Move(vec![
            Port(1),
            Accelerate(2),
            Starboard(1),
            Accelerate(-1),
            Accelerate(0),
            Starboard(0)
        ]))
    );
    assert_eq!(ship_value("Move:"), Some(Value::Move(vec![])));
    check(&ship("Move: P2\n"), &["E205@4:7"]);
    check(&ship("Move: 1S + 2\n"), &["E205@4:10", "E205@4:12"]);
    let text = format!("{HEADER}{}", ship("Move: +02  1s\n"));
    assert!(read(&text)
        .file
        .to_canonical()
        .contains("Move:           +2 1S\r\n"));
}

#[test]
fn move_rulebook_form_suggests_profile_form() {
    let r = read(&format!("{HEADER}{}", ship("Move: P2\n")));
    assert!(
        r.diagnostics[0].message.contains("write 2P"),
        "{}",
        r.diagnostics[0].message
    );
}

#[test]
fn percentages() {
    check("Fleet: F\nAdmiral: A\nMorale: 100 %\n", &[]);
    check("Fleet: F\nAdmiral: A\nMorale: 60\n", &["E205@3:9"]);
    check("Fleet: F\nAdmiral: A\nMorale: 101%\n", &["E209@3:9"]);
    check("Fleet: F\nAdmiral: A\nMorale: -5%\n", &["E209@3:9"]);
}

#[test]
fn defined_values_hyphen_and_spacing() {
    check(&ship("Hull-Class: escort\n"), &[]);
    check(&ship("Hull-Class: Cruiser\n"), &["W315@4:13"]);
    check(&ship("Hull-Class: Q-Ship\n"), &["W304@4:13"]);
    check(&ship("Hull-Class:   Q   Supership\n"), &["W304@4:15"]);
    check(&ship("Hull-Class: Frigate\n"), &["E206@4:13"]);
    check(&ship("Armor: level 2\n"), &[]);
    check(&ship("Armour: Level 3\n"), &["E206@4:9"]);
}

#[test]
fn versions() {
    let header = |v: &str| format!("GZF-Version: {v}\nProfile: FT2\n");
    let codes_of = |t: String| codes(&t);
    assert!(codes_of(header("1.1")).is_empty());
    assert_eq!(codes_of(header("2.0")), ["W312@1:14"]);
    assert_eq!(
        codes(&HEADER.replace("FT2\n", "FT2\nProfile-Version: 1.0\n")),
        ["W312@3:18"]
    );
    assert_eq!(
        codes("GZF-Version: 1.0\nProfile: FT2\nUniverse-Version: beta\n"),
        ["W312@3:19"]
    );
    assert_eq!(
        codes("GZF-Version: 1.0\nProfile: FT2\nUniverse-Version: 2.1.3\n"),
        Vec::<String>::new()
    );
}

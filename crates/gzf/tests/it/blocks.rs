//! Blocks and fields of spec §2 and §4, association of §5, and the
//! validation table of §6, one small case each.

use crate::common;
use common::*;
use gzf::ft2::values::Value;
use gzf::ft2::BlockKind;

#[test]
fn profile_missing_or_other() {
    assert_eq!(codes("GZF-Version: 1.0\n"), ["E203@1:1"]);
    assert_eq!(codes("GZF-Version: 1.0\nProfile: FB1\n"), ["E203@2:10"]);
    assert_eq!(
        codes("GZF-Version: 1.0\nprofile: ft2\n"),
        Vec::<String>::new()
    );
}

#[test]
fn universe_user_defined_is_w303() {
    assert_eq!(
        codes("GZF-Version: 1.0\nProfile: FT2\nUniverse: Babylon-5\n"),
        ["W304@3:11"]
    );
    assert_eq!(
        codes("GZF-Version: 1.0\nProfile: FT2\nUniverse: Dune\n"),
        ["W303@3:11"]
    );
}

#[test]
fn unknown_header_field_is_w301() {
    assert_eq!(
        codes("GZF-Version: 1.0\nProfile: FT2\nAuthor: me\n"),
        ["W301@3:1"]
    );
}

#[test]
fn required_fields_are_e204_at_block_start() {
    check("Scenario: S\n", &["E204@1:1"]);
    check("Ship: S\nDamage-Track: OO\n", &["E204@1:1"]);
    check(
        "Fighter-Group: G\nPosition-X: 0.00\nPosition-Y: 0.00\n",
        &["E204@1:1"],
    );
}

#[test]
fn launched_system_without_type_is_w316() {
    check(
        "Launched-System: M19\nPosition-X: 1.00\nPosition-Y: 2.00\n",
        &["W316@1:1"],
    );
    check(
        "Launched-System: M19\nType: Missile\nPosition-X: 1.00\nPosition-Y: 2.00\n",
        &[],
    );
    check(
        "Launched-System: M19\nType: Plasma\nPosition-X: 1.00\nPosition-Y: 2.00\n",
        &["W303@2:7"],
    );
}

#[test]
fn empty_identifiers() {
    check("Fleet:\nAdmiral: A\n", &["E211@1:7"]);
    check("System:\n", &["E211@1:1"]);
    // A ship may be unnamed.
    check(&ship("").replace("Ship: S", "Ship:"), &[]);
}

#[test]
fn repeated_known_field_is_e207_at_second() {
    check(&ship("Course: 3\nCourse: 4\n"), &["E207@5:1"]);
    check(&ship("Log: a\nLog: b\nOrders: x\nOrders: y\n"), &[]);
    check(&ship("Armour: Level 1\nArmor: Level 2\n"), &["E207@5:1"]);
}

#[test]
fn repeated_field_value_is_not_checked() {
    check(&ship("Course: 3\nCourse: 99\n"), &["E207@5:1"]);
}

#[test]
fn unknown_fields_are_kept_and_warned_at_each() {
    check(&ship("Shields: 2\nShields: 3\n"), &["W301@4:1", "W301@5:1"]);
    let text = format!("{HEADER}{}", ship("Shields: 2\n  folded\n"));
    let out = read(&text).file.to_canonical();
    assert!(
        out.contains("Shields:        2\r\n                folded\r\n"),
        "{out}"
    );
}

#[test]
fn unknown_block_is_kept_and_ends_association() {
    check(
        &format!("{}\nWidget: w\nColour: red\n\nSystem: FTL\n", ship("")),
        &["W302@5:1", "W307@8:1"],
    );
}

#[test]
fn fighter_group_short_names() {
    let group = "Fighter-Group: G\nCraft: OOO\nPosition-X: 0.00\nPosition-Y: 0.00\n";
    check(
        &format!("{group}Type: Heavy Attack\nQuality: Ace\n"),
        &["W304@5:1", "W304@6:1"],
    );
    check(
        &format!("{group}Fighter-Type: Attack\nType: Attack\n"),
        &["E207@6:1"],
    );
    check(&format!("{group}Type: Bomber\n"), &["W304@5:1", "E206@5:7"]);
    let out = read(&format!("{HEADER}{group}type: long-range torpedo\n"))
        .file
        .to_canonical();
    assert!(
        out.contains("Fighter-Type:   Long Range Torpedo\r\n"),
        "{out}"
    );
}

#[test]
fn position_pairs() {
    check(&ship("Position-X: 1.00\n"), &["E208@1:1"]);
    check(&ship("Position-X: bad\n"), &["E208@1:1", "E205@4:13"]);
    check(&ship("Position-X: bad\nPosition-Y: 1.00\n"), &["E205@4:13"]);
}

#[test]
fn scenario_bounds() {
    let scenario = "Scenario: S\nTurn: 1\n";
    check(
        &format!("{scenario}Low-X: 0.00\nLow-Y: 0.00\nHigh-X: 1.00\n"),
        &["E208@1:1"],
    );
    check(
        &format!("{scenario}Low-X: 5.00\nLow-Y: 0.00\nHigh-X: 1.00\nHigh-Y: 1.00\n"),
        &["E209@3:8"],
    );
    check(&format!("{scenario}Turn: -1\n"), &["E207@3:1"]);
    check("Scenario: S\nTurn: -1\n", &["E209@2:7"]);
}

#[test]
fn scenario_extent_tolerance() {
    let scenario = "Scenario: S\nTurn: 1\n";
    check(&format!("{scenario}Extent:\n"), &[]);
    check(&format!("{scenario}Extent: -60 -60 60 60\n"), &["W304@3:9"]);
    check(&format!("{scenario}Extent: everywhere\n"), &["E205@3:9"]);
    check(
        &format!(
            "{scenario}Low-X: 0.00\nLow-Y: 0.00\nHigh-X: 1.00\nHigh-Y: 1.00\nExtent: 0 0 2 2\n"
        ),
        &["E208@7:9", "W304@7:9"],
    );
    let out = read(&format!(
        "{HEADER}{scenario}Extent: -60 -60 60 60\nLog: x\n"
    ))
    .file
    .to_canonical();
    assert!(
        out.contains("Turn:      1\r\nLow-X:     -60.00\r\nLow-Y:     -60.00\r\nHigh-X:    60.00\r\nHigh-Y:    60.00\r\nLog:       x\r\n"),
        "{out}"
    );
    let out = read(&format!("{HEADER}{scenario}Extent:\n"))
        .file
        .to_canonical();
    assert!(!out.contains("Extent"));
}

#[test]
fn terrain_needs_exactly_one_extent() {
    let t = "Terrain: Talus IV\nType: Planet\n";
    check(
        &format!("{t}Position-X: 1.00\nPosition-Y: 1.00\nDiameter: 2.00\n"),
        &[],
    );
    check(
        &format!("{t}Low-X: 0.00\nLow-Y: 0.00\nHigh-X: 1.00\nHigh-Y: 1.00\n"),
        &[],
    );
    check(t, &["E208@1:1"]);
    check(
        &format!("{t}Position-X: 1.00\nPosition-Y: 1.00\n"),
        &["E208@1:1"],
    );
    check(
        &format!("{t}Position-X: 1.00\nPosition-Y: 1.00\nDiameter: 2.00\nLow-X: 0.00\nLow-Y: 0.00\nHigh-X: 1.00\nHigh-Y: 1.00\n"),
        &["E208@1:1"],
    );
    check(
        &format!("{t}Position-X: 1.00\nPosition-Y: 1.00\nDiameter: 0.004\n"),
        &["E209@5:11", "W304@5:11"],
    );
    check(
        "Terrain: X\nType: Wormhole\nPosition-X: 1.00\nPosition-Y: 1.00\nDiameter: 2.00\n",
        &["W303@2:7"],
    );
}

#[test]
fn systems_known_user_defined_and_applicability() {
    let s = ship("");
    check(
        &format!("{s}System: A-Battery\nSystem: Sensors\n"),
        &["W304@4:9", "W303@5:9"],
    );
    check(&format!("{s}System: FTL\nFiring-Arc: F\n"), &["W309@5:1"]);
    check(
        &format!("{s}System: Sensors\nFiring-Arc: F\n"),
        &["W303@4:9"],
    );
    check(
        &format!("{s}System: FireCon\nPilot-Quality: Ace\n"),
        &["W309@5:1"],
    );
    check(
        &format!("{s}System: Sensors\nFighter-Type: Attack\n"),
        &["W303@4:9", "W309@5:1"],
    );
    check(
        &format!("{s}System: Fighter Bay\nFighter-Type: Drone Pod\nPilot-Quality: turkey\n"),
        &[],
    );
    check(&format!("{s}System: C Battery\nFiring-Arc: F S A P\n"), &[]);
    check(&format!("{s}System: Drive\nStatus: Damaged\n"), &[]);
}

#[test]
fn association_by_file_order() {
    let body = format!(
        "System: A Battery\n\n{}System: FTL\n\nBase: B5\n\nBase-Sector: 1\nSystem: FireCon\n\nFleet: F\nAdmiral: A\n\nSystem: FTL\n",
        ship("")
    );
    check(&body, &["W307@16:1"]);
    let file = read(&format!("{HEADER}{body}")).file;
    let owner_kind = |i: usize| file.blocks[i].owner.map(|o| file.blocks[o].kind.unwrap());
    // The first System is a generality: it comes before any owner.
    assert_eq!(owner_kind(1), None);
    assert_eq!(owner_kind(3), Some(BlockKind::Ship));
    assert_eq!(owner_kind(5), Some(BlockKind::Base));
    assert_eq!(owner_kind(6), Some(BlockKind::BaseSector));
    assert_eq!(owner_kind(8), None);
}

#[test]
fn base_with_systems_and_sectors_is_w314() {
    check(
        "Base: B\nSystem: Dock\nBase-Sector: 1\nSystem: FTL\n",
        &["W314@3:1"],
    );
    check("Base: B\nBase-Sector: 1\nBase-Sector: 1\n", &["W308@3:1"]);
}

#[test]
fn sector_after_ship_is_orphan() {
    check(
        &format!("{}Base-Sector: 1\nSystem: FTL\n", ship("")),
        &["W307@4:1", "W307@5:1"],
    );
}

#[test]
fn firing_arc_in_a_sector_is_w309() {
    check(
        "Base: B\nBase-Sector: 1\nSystem: A Battery\nFiring-Arc: F\n",
        &["W309@4:1"],
    );
}

#[test]
fn generality_sector_and_systems_give_nothing() {
    check("Base-Sector: 1\nSystem: FTL\n", &[]);
}

#[test]
fn duplicate_names_are_w308() {
    check(
        "Fleet: Navy\nAdmiral: A\n\nFleet: navy\nAdmiral: B\n",
        &["W308@4:1"],
    );
    let two = format!("{}\n{}", ship(""), ship(""));
    check(&two, &["W308@5:1"]);
    check(&format!("{}\nBase: s\n", ship("")), &["W308@5:1"]);
    let unnamed = ship("").replace("Ship: S", "Ship:");
    check(&format!("{unnamed}\n{unnamed}"), &[]);
}

#[test]
fn foreign_keys_resolve_case_insensitively_or_stay_unresolved() {
    let text = format!(
        "{HEADER}Fleet: Royal  Navy\nAdmiral: A\n\n{}\nFighter-Group: G\nCraft: O\nPosition-X: 0.00\nPosition-Y: 0.00\nCarrier: s\n",
        ship("Fleet: royal navy\n")
    );
    let r = read(&text);
    assert!(r.diagnostics.is_empty(), "{:?}", r.diagnostics);
    assert_eq!(r.file.fleet_of(2), Some(1));
    assert_eq!(r.file.carrier_of(3), Some(2));
    let unknown = read(&format!("{HEADER}{}", ship("Fleet: Unknown\n")));
    assert!(unknown.diagnostics.is_empty());
    assert_eq!(unknown.file.fleet_of(1), None);
}

#[test]
fn move_over_budget_is_w313_at_first_dropped_element() {
    let s = |mv: &str| ship(&format!("Course: 12\nVelocity: 4\nMove: {mv}\n"));
    check(&s("+2 1S +3"), &[]);
    check(&s("3S +4 2P"), &["W313@6:10"]);
    check(&s("4S"), &["W313@6:7"]);
    check(&s("-5"), &["W313@6:7"]);
    // Not checked without a valid velocity, or for a destroyed ship.
    check(&ship("Move: 9S\n"), &[]);
    check(&ship("Velocity: 1\nStatus: Destroyed\nMove: 9S\n"), &[]);
}

#[test]
fn orders_in_turn_zero_are_w317() {
    let body = format!(
        "Scenario: S\nTurn: 0\n\n{}System: A Battery\nFiring-Arc: F\nOrders: Fire at X\n  Fire at Y\n",
        ship("Velocity: 1\nMove: 9S\n")
    );
    check(&body, &["W317@8:7", "W317@11:9", "W317@12:3"]);
    // Only a ship's components: a base's battery fires by other rules.
    let base = format!(
        "{body}\nBase: Outpost\nFleet: Blue\n\nSystem: B Battery\nFiring-Arc: F\nOrders: Fire at X\n"
    );
    let r = read(&format!("{HEADER}{base}"));
    let w317: Vec<_> = r
        .diagnostics
        .iter()
        .filter(|d| d.code.to_string() == "W317")
        .collect();
    assert_eq!(w317.len(), 3, "{:?}", r.diagnostics);
}

#[test]
fn status_of_a_system_is_typed() {
    let file = read(&format!(
        "{HEADER}{}System: FireCon\nStatus: Active Repaired\n",
        ship("")
    ))
    .file;
    let ship = &file.ships()[0];
    assert!(ship.systems[0].status.is_functioning());
    assert!(matches!(
        file.blocks[2].get("Status"),
        Some(Value::Status(_))
    ));
}

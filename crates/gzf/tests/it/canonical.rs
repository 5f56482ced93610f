//! The canonical output form of spec §1.8 and §11.19–§11.23, and editing
//! the model at grammar positions.

use crate::common;
use common::*;
use gzf::ft2::values::{Status, TextList, Value};
use gzf::ft2::BlockKind;

/// Formats `HEADER + body` and compares the block(s) after the header with
/// `expect` (written with `\n`; the output has CR LF).
fn fmt(body: &str, expect: &str) {
    let out = read(&format!("{HEADER}{body}")).file.to_canonical();
    let after_header = out.split_once("\r\n\r\n").map_or("", |(_, rest)| rest);
    assert_eq!(after_header, expect.replace('\n', "\r\n"), "input:\n{body}");
}

#[test]
fn header_is_aligned() {
    let out = read("gzf-version:1.0\nPROFILE:   ft2\n")
        .file
        .to_canonical();
    assert_eq!(out, "GZF-Version:  1.0\r\nProfile:      FT2\r\n");
}

#[test]
fn values_are_aligned_per_block() {
    fmt(
        "Fleet:F\nAdmiral:   A\nmorale:100 %\n",
        "Fleet:    F\nAdmiral:  A\nMorale:   100%\n",
    );
}

#[test]
fn armour_keeps_its_spelling_family_not_its_case() {
    fmt(&ship("ARMOR: level 1\n"), "Ship:           S\nThrust-Rating:  6\nDamage-Track:   OOOO OOOO\nArmor:          Level 1\n");
    fmt(&ship("armour: Level-2\n"), "Ship:           S\nThrust-Rating:  6\nDamage-Track:   OOOO OOOO\nArmour:         Level 2\n");
}

#[test]
fn empty_first_line_with_continuations() {
    fmt(
        "Fleet: F\nAdmiral: A\nLog:\n  one\n  two\n",
        "Fleet:    F\nAdmiral:  A\nLog:\n          one\n          two\n",
    );
}

#[test]
fn empty_value_is_name_and_colon() {
    fmt("Fleet: F\nAdmiral:\n", "Fleet:    F\nAdmiral:\n");
}

#[test]
fn repeated_arcs_and_status_words_are_dropped() {
    fmt(
        "System: b-battery\nFiring-Arc: f,f p\nStatus: damaged ACTIVE damaged\n",
        "System:      B Battery\nFiring-Arc:  F P\nStatus:      Active Damaged\n",
    );
}

#[test]
fn folded_move_is_joined_and_zeros_removed() {
    let out = read(&format!("{HEADER}{}", ship("Move: +02\n  1s 0p\n")))
        .file
        .to_canonical();
    assert!(out.contains("Move:           +2 1S 0P\r\n"), "{out}");
}

#[test]
fn integers_clock_and_decimals_canonical() {
    fmt(
        "Fighter-Group: G\nCraft: oo-\nPosition-X: 79.125\nPosition-Y: -0\nCourse: 03\nVelocity: +0012\n",
        "Fighter-Group:  G\nCraft:          O O -\nPosition-X:     79.13\nPosition-Y:     0.00\nCourse:         3\nVelocity:       12\n",
    );
}

#[test]
fn gzf_version_written_as_1_0_profile_version_as_read() {
    let out = read("GZF-Version: 1.1\nProfile: FT2\nProfile-Version: 01.1\n")
        .file
        .to_canonical();
    assert_eq!(
        out,
        "GZF-Version:      1.0\r\nProfile:          FT2\r\nProfile-Version:  01.1\r\n"
    );
}

#[test]
fn free_text_exactly_as_read() {
    fmt(
        "Fleet:   The  Navy \nAdmiral: a. b <a@b>\n",
        "Fleet:    The  Navy\nAdmiral:  a. b <a@b>\n",
    );
}

#[test]
fn blocks_separated_by_exactly_one_empty_line() {
    let out = read("\n\nGZF-Version: 1.0\nProfile: FT2\n\n\n\nFleet: F\nAdmiral: A\n\n\n")
        .file
        .to_canonical();
    assert_eq!(
        out,
        "GZF-Version:  1.0\r\nProfile:      FT2\r\n\r\nFleet:    F\r\nAdmiral:  A\r\n"
    );
}

#[test]
fn canonical_output_is_a_fixed_point() {
    let messy = format!(
        "{HEADER}Scenario: S\nturn: 2\nExtent: 0 0 10 10\n\n{}System: a-battery\nfiring-arc: p,f\nStatus: repaired\nShields: x\n  y\n",
        ship("course: 1\nVELOCITY: 3\nposition-x: 1\nposition-y: 2.5\nmove: 1s\n")
    );
    let once = read(&messy);
    let text = once.file.to_canonical();
    let twice = read(&text);
    assert_eq!(twice.file.to_canonical(), text);
    let kinds = |r: &gzf::ft2::Ft2Read| {
        r.diagnostics
            .iter()
            .filter(|d| d.code.as_str() != "W304")
            .count()
    };
    assert_eq!(kinds(&twice), kinds(&once));
}

#[test]
fn set_inserts_at_grammar_position() {
    let _corpus = testkit::require_shared!("specs/gzf-ft2.md");
    let text = spec_fixture("### 9.1");
    let mut file = read(&text).file;
    let reliant = file
        .ships()
        .into_iter()
        .find(|s| s.name == "EUS Reliant")
        .unwrap()
        .block;
    let status = Status {
        damage: Some(gzf::ft2::values::DamageStatus::Destroyed),
        ..Status::default()
    };
    file.blocks[reliant].set("Status", Value::Status(status));
    let out = file.to_canonical();
    assert!(
        out.contains(
            "Fleet:          Eurasian Union\r\nStatus:         Destroyed\r\nCourse:         9\r\n"
        ),
        "{out}"
    );
}

#[test]
fn set_appends_when_nothing_later_and_replaces_in_place() {
    let mut file = read(&format!("{HEADER}Fleet: F\nAdmiral: A\n")).file;
    file.blocks[1].set("Log", Value::Text(TextList::one("won".into())));
    file.blocks[1].set("Morale", Value::Percent(50));
    file.blocks[1].set("Admiral", Value::Text(TextList::one("B".into())));
    assert!(file
        .to_canonical()
        .ends_with("Fleet:    F\r\nAdmiral:  B\r\nMorale:   50%\r\nLog:      won\r\n"));
}

#[test]
fn new_component_goes_after_the_last_one() {
    let _corpus = testkit::require_shared!("specs/gzf-ft2.md");
    let mut file = read(&spec_fixture("### 9.1")).file;
    let zumwalt = file.ships()[1].block;
    let mut drive = gzf::ft2::Ft2Block::new(BlockKind::System, Value::Word("Drive".into()));
    drive.set(
        "Status",
        Value::Status(Status {
            damage: Some(gzf::ft2::values::DamageStatus::Damaged),
            ..Status::default()
        }),
    );
    let at = file.insert_component(zumwalt, drive);
    assert_eq!(file.blocks[at - 1].id(), "FireCon");
    assert_eq!(file.ships()[1].systems.len(), 5);
    assert_eq!(file.ships()[2].systems.len(), 8);
    assert!(file.to_canonical().contains("System:  FireCon\r\n\r\nSystem:  Drive\r\nStatus:  Damaged\r\n\r\nShip:           EUS Huron"));
}

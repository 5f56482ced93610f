//! The play-time errors E212 and E213 (spec §6.2, §11.14).

use crate::common;
use common::*;
use gzf::ft2::playtime::{forbidden_transitions, unplayable_ships};

fn codes_of(d: &[gzf::Diagnostic]) -> Vec<String> {
    d.iter()
        .map(|d| format!("{}@{}:{}", d.code, d.pos.line, d.pos.col))
        .collect()
}

#[test]
fn ship_on_the_map_without_course_is_e212_only_at_play_time() {
    let text = format!(
        "{HEADER}{}",
        ship("Velocity: 3\nPosition-X: 0.00\nPosition-Y: 0.00\n")
    );
    let r = read(&text);
    assert!(r.diagnostics.is_empty(), "gzf check does not report E212");
    assert_eq!(codes_of(&unplayable_ships(&r.file)), ["E212@4:1"]);
}

#[test]
fn ships_off_the_map_or_destroyed_need_no_course() {
    let _corpus = testkit::require_shared!("specs/gzf-ft2.md");
    let off = read(&format!("{HEADER}{}", ship(""))).file;
    assert!(unplayable_ships(&off).is_empty());
    let dead = read(&format!(
        "{HEADER}{}",
        ship("Status: Destroyed\nPosition-X: 0.00\nPosition-Y: 0.00\n")
    ))
    .file;
    assert!(unplayable_ships(&dead).is_empty());
    assert!(unplayable_ships(&read(&spec_fixture("### 9.1")).file).is_empty());
}

#[test]
fn referee_edits_follow_the_damage_status_table() {
    let _corpus = testkit::require_shared!("specs/gzf-ft2.md");
    let ours = read(&spec_fixture("### 9.4")).file;
    let same = read(&spec_fixture("### 9.4")).file;
    assert!(forbidden_transitions(&ours, &same).is_empty());
    // Repairing a damaged battery is allowed; un-damaging it is not.
    let repaired =
        spec_fixture("### 9.4").replacen("Status:      Damaged", "Status:      Repaired", 1);
    assert!(forbidden_transitions(&ours, &read(&repaired).file).is_empty());
    let healed = spec_fixture("### 9.4").replacen("Status:      Damaged", "Status:      Active", 1);
    assert_eq!(
        codes_of(&forbidden_transitions(&ours, &read(&healed).file)),
        ["E213@40:14"]
    );
}

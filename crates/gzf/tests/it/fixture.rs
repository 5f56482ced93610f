//! The spec's complete fixture (§9.1) and its expected reading (§9.2).

use crate::common;
use common::*;
use gzf::ft2::BlockKind;

#[test]
fn fixture_reads_with_exactly_one_warning() {
    let _corpus = testkit::require_shared!("specs/gzf-ft2.md");
    let text = spec_fixture("### 9.1");
    assert_eq!(text.matches("\r\n").count(), 156);
    assert_eq!(codes(&text), ["W313@126:20"]);
}

#[test]
fn fixture_writes_back_byte_for_byte() {
    let _corpus = testkit::require_shared!("specs/gzf-ft2.md");
    let text = spec_fixture("### 9.1");
    let read = read(&text);
    assert_eq!(read.file.to_canonical(), text);
}

#[test]
fn fixture_blocks_and_ownership() {
    let _corpus = testkit::require_shared!("specs/gzf-ft2.md");
    let file = read(&spec_fixture("### 9.1")).file;
    assert_eq!(file.blocks.len(), 30);
    let count = |k| file.blocks.iter().filter(|b| b.kind == Some(k)).count();
    assert_eq!(count(BlockKind::System), 20);
    assert_eq!(count(BlockKind::Ship), 4);
    assert_eq!(count(BlockKind::Fleet), 2);
    let ships = file.ships();
    let lines: Vec<(String, Vec<u32>)> = ships
        .iter()
        .map(|s| {
            (
                s.name.clone(),
                s.systems
                    .iter()
                    .map(|x| file.blocks[x.block].pos.line)
                    .collect(),
            )
        })
        .collect();
    assert_eq!(lines[0], ("HMS Furious".into(), vec![36, 40, 44, 48, 50]));
    assert_eq!(lines[1].1, vec![65, 69, 73, 77]);
    assert_eq!(lines[2].1.first(), Some(&92));
    assert_eq!(lines[2].1.last(), Some(&115));
    assert_eq!(lines[2].1.len(), 8);
    assert_eq!(lines[3].1, vec![130, 134, 138]);
}

#[test]
fn fixture_foreign_keys_resolve() {
    let _corpus = testkit::require_shared!("specs/gzf-ft2.md");
    let file = read(&spec_fixture("### 9.1")).file;
    let fleet_name = |i| file.fleet_of(i).map(|f| file.blocks[f].id());
    let ships = file.ships();
    assert_eq!(fleet_name(ships[0].block).as_deref(), Some("Commonwealth"));
    assert_eq!(fleet_name(ships[1].block).as_deref(), Some("Commonwealth"));
    assert_eq!(
        fleet_name(ships[2].block).as_deref(),
        Some("Eurasian Union")
    );
    assert_eq!(
        fleet_name(ships[3].block).as_deref(),
        Some("Eurasian Union")
    );
    let group = file.first(BlockKind::FighterGroup).unwrap();
    assert_eq!(file.carrier_of(group), Some(ships[2].block));
}

#[test]
fn turn_2_file_reads_clean_and_is_canonical() {
    let _corpus = testkit::require_shared!("specs/gzf-ft2.md");
    let text = spec_fixture("### 9.4");
    assert_eq!(text.matches("\r\n").count(), 149);
    let read = read(&text);
    assert!(read.diagnostics.is_empty(), "{:?}", read.diagnostics);
    assert_eq!(read.file.to_canonical(), text);
}

//! The GZF syntax of spec §1 and the file-level rules of §11.2–§11.5.

use crate::common;
use common::*;
use gzf::syntax::{self, Limits, NoBlockRule, ReadErrorKind};

fn raw_codes(bytes: &[u8]) -> Vec<String> {
    gzf::ft2::read(bytes)
        .unwrap()
        .diagnostics
        .iter()
        .map(|d| format!("{}@{}:{}", d.code, d.pos.line, d.pos.col))
        .collect()
}

#[test]
fn non_ascii_byte_is_e101_at_its_column() {
    check(
        "Fleet: Caf\u{e9}\nAdmiral: x\n",
        &["E101@1:11", "E101@1:12"],
    );
}

#[test]
fn byte_order_mark_is_one_e101_then_skipped() {
    let mut bytes = vec![0xEF, 0xBB, 0xBF];
    bytes.extend_from_slice(HEADER.as_bytes());
    assert_eq!(raw_codes(&bytes), ["E101@1:1"]);
}

#[test]
fn control_character_is_e102() {
    check("Fleet: a\x07b\nAdmiral: x\n", &["E102@1:9"]);
}

#[test]
fn tab_is_allowed_and_one_column() {
    check("Fleet:\tNavy\nAdmiral:\tx\tLog: y\n", &[]);
}

#[test]
fn line_ends_crlf_lf_and_cr_mixed() {
    let text = "GZF-Version: 1.0\r\nProfile: FT2\rUniverse: Anime\n\r\nFleet: F\rAdmiral: A";
    assert_eq!(raw_codes(text.as_bytes()), Vec::<String>::new());
    let file = read(text).file;
    assert_eq!(file.blocks.len(), 2);
    assert_eq!(file.blocks[1].pos.line, 5);
}

#[test]
fn line_without_colon_is_e103() {
    check("Fleet: F\nAdmiral: A\nno colon here\n", &["E103@3:1"]);
}

#[test]
fn field_name_with_space_is_e104() {
    check("Fleet: F\nAdmiral: A\nFighter Type: x\n", &["E104@3:1"]);
}

#[test]
fn empty_field_name_is_e104() {
    check("Fleet: F\nAdmiral: A\n: x\n", &["E104@3:1"]);
}

#[test]
fn blank_before_colon_is_w304_at_column_1() {
    check("Fleet : F\nAdmiral: A\n", &["W304@1:1"]);
}

#[test]
fn continuation_at_start_is_e105() {
    check("  stray\nFleet: F\nAdmiral: A\n", &["E105@1:1"]);
}

#[test]
fn continuation_after_separator_is_e105() {
    check("Fleet: F\nAdmiral: A\n\n  stray\n", &["E105@4:1"]);
}

#[test]
fn continuation_after_rejected_line_is_dropped_with_it() {
    check(
        "Fleet: F\nAdmiral: A\nbad line\n  more of it\n",
        &["E103@3:1"],
    );
}

#[test]
fn blank_only_line_is_separator_with_w305() {
    check(
        "Fleet: F\nAdmiral: A\n  \t\nFleet: G\nAdmiral: B\n",
        &["W305@3:1"],
    );
    assert_eq!(
        read(&format!(
            "{HEADER}Fleet: F\nAdmiral: A\n \nFleet: G\nAdmiral: B\n"
        ))
        .file
        .blocks
        .len(),
        3
    );
}

#[test]
fn folded_value_keeps_fragments_with_positions() {
    let text = format!("{HEADER}Fleet: F\nAdmiral: A\nLog: first\n   second entry\n");
    let file = read(&text).file;
    let log = file.blocks[1].field("Log").unwrap();
    assert_eq!(log.raw.len(), 2);
    assert_eq!(log.raw[1].text, "second entry");
    assert_eq!((log.raw[1].pos.line, log.raw[1].pos.col), (7, 4));
}

#[test]
fn value_may_hold_colons_and_be_empty() {
    let text = format!("{HEADER}Fleet: F\nAdmiral: a@b: c\nLog:\n");
    let file = read(&text).file;
    assert_eq!(file.blocks[1].id(), "F");
    let admiral = file.blocks[1].field("Admiral").unwrap();
    assert_eq!(admiral.raw[0].text, "a@b: c");
    assert_eq!(file.blocks[1].field("Log").unwrap().raw[0].text, "");
}

#[test]
fn block_type_name_starts_block_without_blank_line() {
    let body = ship("System: A-Battery\nSystem: Sensors\n\nShip: EUS Reliant\nThrust-Rating: 6\nDamage-Track: OO OO\n");
    let file = read(&format!("{HEADER}{body}")).file;
    let kinds: Vec<_> = file.blocks.iter().map(|b| b.kind.unwrap().name()).collect();
    assert_eq!(kinds, ["GZF-Version", "Ship", "System", "System", "Ship"]);
}

#[test]
fn fleet_is_a_field_inside_ship_and_a_block_elsewhere() {
    let text = format!(
        "{HEADER}{}Fleet: Navy\nSystem: FTL\nFleet: Navy\nAdmiral: A\n",
        ship("")
    );
    let file = read(&text).file;
    let kinds: Vec<_> = file.blocks.iter().map(|b| b.kind.unwrap().name()).collect();
    assert_eq!(kinds, ["GZF-Version", "Ship", "System", "Fleet"]);
    // A second Fleet inside the ship is a repeated field, not a block.
    check(&ship("Fleet: Navy\nFleet: Navy\n"), &["E207@5:1"]);
}

#[test]
fn first_field_not_gzf_version_is_e201_alone() {
    assert_eq!(raw_codes(b"Fleet: F\nAdmiral: A\n"), ["E201@1:1"]);
}

#[test]
fn empty_file_and_separators_only_are_e201() {
    assert_eq!(raw_codes(b""), ["E201@1:1"]);
    assert_eq!(raw_codes(b"\r\n\r\n"), ["E201@1:1"]);
}

#[test]
fn gzf_version_later_is_e202() {
    check(
        "Fleet: F\nAdmiral: A\n\nGZF-Version: 1.0\nProfile: FT2\n",
        &["E202@4:1"],
    );
}

#[test]
fn misplaced_header_is_only_e202_and_ends_association() {
    check(
        &format!("{}GZF-Version: 1.1\nSystem: FTL\n", ship("")),
        &["E202@4:1", "W307@5:1"],
    );
}

#[test]
fn writer_may_use_lf() {
    let file = read(HEADER).file;
    assert_eq!(
        file.to_text(gzf::syntax::LineEnd::Lf),
        "GZF-Version:  1.0\nProfile:      FT2\n"
    );
}

#[test]
fn field_names_are_case_insensitive() {
    check("FLEET: F\nadmiral: A\nmOrAlE: 50%\n", &[]);
}

#[test]
fn no_comment_syntax() {
    check(
        "Fleet: F # not a comment\nAdmiral: A\n# no colon\n",
        &["E103@3:1"],
    );
}

#[test]
fn limits_give_clear_errors() {
    let small = Limits {
        max_file_bytes: 10,
        ..Limits::default()
    };
    let e = syntax::read(b"GZF-Version: 1.0\n", &small, &NoBlockRule).unwrap_err();
    assert!(matches!(
        e.kind,
        ReadErrorKind::FileTooLarge {
            bytes: 17,
            limit: 10
        }
    ));
    let short = Limits {
        max_line_bytes: 8,
        ..Limits::default()
    };
    let e = syntax::read(b"a: b\nlong: line here\n", &short, &NoBlockRule).unwrap_err();
    assert_eq!((e.pos.line, e.pos.col), (2, 1));
    assert!(e.to_string().contains("max_line_bytes"));
    let quiet = Limits {
        max_diagnostics: 3,
        ..Limits::default()
    };
    let e = syntax::read(&[0x80; 10], &quiet, &NoBlockRule).unwrap_err();
    assert!(matches!(
        e.kind,
        ReadErrorKind::TooManyDiagnostics { limit: 3 }
    ));
    let e = gzf::ft2::read_with(b"a\nb\nc\nd\n", &quiet).unwrap_err();
    assert_eq!((e.pos.line, e.pos.col), (4, 1));
    // A line too long is refused at once, before its bytes are looked at:
    // a huge line of non-ASCII bytes must not make one diagnostic per byte.
    let e = syntax::read(&vec![0x80; 4 << 20], &Limits::default(), &NoBlockRule).unwrap_err();
    assert!(matches!(e.kind, ReadErrorKind::LineTooLong { .. }), "{e}");
    let mut many = b"a: b\n".to_vec();
    many.extend(std::iter::repeat_n(0x80, 1000));
    let e = syntax::read(&many, &quiet, &NoBlockRule).unwrap_err();
    assert_eq!((e.pos.line, e.pos.col), (2, 1));
    assert!(matches!(
        e.kind,
        ReadErrorKind::TooManyDiagnostics { limit: 3 }
    ));
    let few = Limits {
        max_blocks: 1,
        ..Limits::default()
    };
    let e = syntax::read(b"a: b\n\nc: d\n", &few, &NoBlockRule).unwrap_err();
    assert!(matches!(e.kind, ReadErrorKind::TooManyBlocks { limit: 1 }));
}

#[test]
fn syntax_layer_without_profile_splits_only_at_separators() {
    let (doc, d) = syntax::read(
        b"Ship: a\nSystem: b\n\nx: y\n",
        &Limits::default(),
        &NoBlockRule,
    )
    .unwrap();
    assert!(d.0.is_empty());
    assert_eq!(doc.blocks.len(), 2);
    assert_eq!(doc.blocks[0].fields.len(), 2);
}

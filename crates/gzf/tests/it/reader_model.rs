//! The zero-copy reader against a model of the syntax rules (spec §1.1–§1.3)
//! written the plain way: one owned `String` per line, positions counted as
//! the line is split. Both must find the same blocks, fields, fragments and
//! positions, and the same diagnostics, on the spec's files, the generated
//! benchmark file and random input; and every fragment's span must be its
//! text in the file.

use crate::common;
use common::*;
use gzf::diag::{Code, Pos};
use gzf::ft2::grammar::Ft2BlockRule;
use gzf::syntax::{self, BlockRule, Limits};
use proptest::prelude::*;

/// (block, field name, field position, fragments as (text, position)).
type FlatField = (usize, String, Pos, Vec<(String, Pos)>);

/// The model: returns every field in order and the diagnostics (code and
/// position) in the order found.
fn model_read(input: &[u8], rule: &dyn BlockRule) -> (Vec<FlatField>, Vec<(Code, Pos)>) {
    let mut fields: Vec<FlatField> = Vec::new();
    let mut diags = Vec::new();
    let mut body = input;
    if body.starts_with(&[0xEF, 0xBB, 0xBF]) {
        diags.push((Code::E101, Pos::new(1, 1)));
        body = &body[3..];
    }
    // Split into lines: CR LF, CR or LF end a line.
    let mut lines: Vec<&[u8]> = Vec::new();
    let mut start = 0;
    let mut i = 0;
    while i < body.len() {
        if body[i] == b'\r' || body[i] == b'\n' {
            lines.push(&body[start..i]);
            if body[i] == b'\r' && body.get(i + 1) == Some(&b'\n') {
                i += 1;
            }
            start = i + 1;
        }
        i += 1;
    }
    if start < body.len() {
        lines.push(&body[start..]);
    }
    let mut blocks = 0usize;
    let mut block_type = String::new();
    let mut in_block = false;
    let mut can_continue = false;
    for (n, raw) in lines.iter().enumerate() {
        let line = n as u32 + 1;
        let mut text = String::new();
        for (c, &b) in raw.iter().enumerate() {
            let pos = Pos::new(line, c as u32 + 1);
            if b >= 0x80 {
                diags.push((Code::E101, pos));
                text.push('?');
            } else if (b < 0x20 && b != b'\t') || b == 0x7F {
                diags.push((Code::E102, pos));
                text.push('?');
            } else {
                text.push(b as char);
            }
        }
        let blank = |c: char| c == ' ' || c == '\t';
        if text.chars().all(blank) {
            if !text.is_empty() {
                diags.push((Code::W305, Pos::new(line, 1)));
            }
            in_block = false;
            can_continue = false;
            continue;
        }
        if text.starts_with(blank) {
            let lead = text.len() - text.trim_start_matches(blank).len();
            if can_continue {
                let last = fields.last_mut().expect("a field to continue");
                let value = text.trim_matches(blank).to_string();
                last.3.push((value, Pos::new(line, lead as u32 + 1)));
            } else if !in_block {
                diags.push((Code::E105, Pos::new(line, 1)));
            }
            continue;
        }
        let Some((raw_name, rest)) = text.split_once(':') else {
            can_continue = false;
            diags.push((Code::E103, Pos::new(line, 1)));
            continue;
        };
        let name = raw_name.trim_end_matches(blank);
        if name.is_empty() || name.contains(blank) {
            can_continue = false;
            diags.push((Code::E104, Pos::new(line, 1)));
            continue;
        }
        if name != raw_name {
            diags.push((Code::W304, Pos::new(line, 1)));
        }
        let value = rest.trim_matches(blank);
        let col = if value.is_empty() {
            raw_name.len() + 2
        } else {
            raw_name.len() + 1 + (rest.len() - rest.trim_start_matches(blank).len()) + 1
        };
        if !in_block || rule.starts_block(&block_type, name) {
            blocks += 1;
            block_type = name.to_string();
        }
        fields.push((
            blocks - 1,
            name.to_string(),
            Pos::new(line, 1),
            vec![(value.to_string(), Pos::new(line, col as u32))],
        ));
        in_block = true;
        can_continue = true;
    }
    (fields, diags)
}

/// Reads `input` both ways and compares; also checks every span.
fn same_as_model(input: &[u8]) {
    let rule = Ft2BlockRule;
    let limits = Limits {
        max_diagnostics: usize::MAX,
        ..Limits::default()
    };
    let (doc, diags) = syntax::read(input, &limits, &rule).expect("within limits");
    let mut got: Vec<FlatField> = Vec::new();
    let body = input.strip_prefix(&[0xEF, 0xBB, 0xBF]).unwrap_or(input);
    for (b, block) in doc.blocks.iter().enumerate() {
        for f in &block.fields {
            let frags = f
                .fragments
                .iter()
                .map(|fr| {
                    let span = &body[fr.text.range()];
                    let clean = span
                        .iter()
                        .all(|&c| (0x20..0x7F).contains(&c) || c == b'\t');
                    if clean && !fr.text.is_empty() {
                        assert_eq!(span, fr.text.as_bytes(), "span of {:?}", fr.text);
                    }
                    (fr.text.to_string(), fr.pos)
                })
                .collect();
            got.push((b, f.name.to_string(), f.pos, frags));
        }
    }
    let (want, want_diags) = model_read(input, &rule);
    assert_eq!(got, want, "fields of {:?}", String::from_utf8_lossy(input));
    let got_diags: Vec<(Code, Pos)> = diags.0.iter().map(|d| (d.code, d.pos)).collect();
    assert_eq!(
        got_diags,
        want_diags,
        "diagnostics of {:?}",
        String::from_utf8_lossy(input)
    );
}

#[test]
fn spec_fixtures_read_as_the_model_reads_them() {
    let _corpus = testkit::require_shared!("specs/gzf-ft2.md");
    for heading in ["### 9.1", "### 9.2", "### 9.3", "### 9.4"] {
        let text = spec_fixture(heading);
        same_as_model(text.as_bytes());
        // The same file with LF and with lone CR line ends.
        same_as_model(text.replace("\r\n", "\n").as_bytes());
        same_as_model(text.replace("\r\n", "\r").as_bytes());
    }
}

#[test]
fn the_bundled_scenario_reads_as_the_model_reads_it() {
    let text = common::duel();
    for text in [
        text.clone(),
        text.replace('\n', "\r\n"),
        text.replace('\n', "\r"),
    ] {
        same_as_model(text.as_bytes());
    }
}

#[test]
fn the_generated_benchmark_file_reads_as_the_model_reads_it() {
    let text = gzf::ft2::synthetic::synthetic_file(200_000);
    same_as_model(text.as_bytes());
}

#[test]
fn odd_lines_read_as_the_model_reads_them() {
    same_as_model(b"");
    same_as_model(b"\xEF\xBB\xBFGZF-Version: 1.0\n");
    same_as_model(b"Ship : a\n  b  \n\t\n  c\nno colon\n  d\nbad name: x\n  e\n: x\n");
    same_as_model(b"Ship:\x80x\x01y\x7F\r\n  \xFFz\rSystem:A\r\rShip:  \t\n");
    same_as_model(b"Ship: a\nShip: b\nFleet: c\nSystem: d\nFleet: e");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn random_input_reads_as_the_model_reads_it(
        bytes in prop::collection::vec(
            prop::sample::select(vec![
                b'a', b'b', b':', b':', b' ', b' ', b'\t', b'\r', b'\n', b'\n', b'-', b'O',
                0x80, 0xFF, 0x01, 0x7F, b'?',
            ]),
            0..200,
        )
    ) {
        same_as_model(&bytes);
    }

    #[test]
    fn random_field_files_read_as_the_model_reads_them(
        text in field_lines(
            vec![
                "Ship", "System", "Fleet", "Log", "Orders", "Class", "Type", "fleet", "X-Y",
                "GZF-Version", "Base", "Base-Sector", "Fighter-Group", "Terrain", "",
            ],
            vec!["\r\n", "\n", "\r", "\r\n\r\n", "\n  more\n", "\n\t \n"],
            0..30,
        )
    ) {
        same_as_model(text.as_bytes());
    }
}

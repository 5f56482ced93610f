//! A large file is read in pieces on all cores (`ft2::read_with`); these
//! tests hold the pieces to the one-pass reading (`ft2::read_sequential`):
//! the same blocks, typed fields, positions and diagnostics in the same
//! order, whatever the line ends, the errors or where the cuts fall.

use crate::common;

use common::spec_fixture;
use gzf::ft2::{read_in_pieces, read_sequential, read_with};
use gzf::syntax::Limits;
use proptest::prelude::*;

/// Whether the reader finds a place to cut `input` in about `wanted`
/// pieces: an LF at or after `len / wanted` followed by an empty line.
fn has_cut(input: &[u8], wanted: usize) -> bool {
    let step = input.len() / wanted;
    step > 0
        && (step.max(1)..input.len()).any(|nl| {
            input[nl] == b'\n'
                && (input.get(nl + 1) == Some(&b'\n')
                    || input.get(nl + 1..nl + 3) == Some(&b"\r\n"[..]))
        })
}

/// Reads `input` in about `wanted` pieces and in one pass, and compares.
fn same(input: &[u8], wanted: usize, limits: &Limits) {
    let one = read_sequential(input, limits);
    let Some(pieces) = read_in_pieces(input, limits, wanted) else {
        // Only a limit, a file with nowhere to cut or one whose first
        // piece has no block sends the read back to one pass.
        let first_block_late = one
            .as_ref()
            .is_ok_and(|r| r.file.blocks.first().is_none_or(|b| b.pos.line > 1));
        assert!(
            one.is_err() || !has_cut(input, wanted) || first_block_late,
            "no pieces for {:?}",
            String::from_utf8_lossy(input)
        );
        return;
    };
    match (one, pieces) {
        (Ok(one), Ok(pieces)) => {
            assert_eq!(
                pieces.file,
                one.file,
                "model of {:?}",
                String::from_utf8_lossy(input)
            );
            assert_eq!(
                pieces.diagnostics,
                one.diagnostics,
                "diagnostics of {:?}",
                String::from_utf8_lossy(input)
            );
        }
        (Err(one), Err(pieces)) => assert_eq!(pieces, one),
        (one, pieces) => panic!(
            "one pass {:?}, pieces {:?}",
            one.map(|r| r.diagnostics.len()),
            pieces.map(|r| r.diagnostics.len())
        ),
    }
}

fn line_end_styles(text: &str) -> [String; 3] {
    let lf = text.replace("\r\n", "\n");
    [lf.replace('\n', "\r\n"), lf.clone(), lf.replace('\n', "\r")]
}

#[test]
fn spec_files_read_the_same_in_pieces() {
    let _corpus = testkit::require_shared!("specs/gzf-ft2.md");
    for heading in ["### 9.1", "### 9.2", "### 9.3", "### 9.4"] {
        for text in line_end_styles(&spec_fixture(heading)) {
            for wanted in 2..24 {
                same(text.as_bytes(), wanted, &Limits::default());
            }
        }
    }
}

#[test]
fn the_bundled_scenario_reads_the_same_in_pieces() {
    for text in line_end_styles(&common::duel()) {
        for wanted in 2..24 {
            same(text.as_bytes(), wanted, &Limits::default());
        }
    }
}

#[test]
fn the_generated_file_reads_the_same_in_pieces() {
    let text = gzf::ft2::synthetic::synthetic_file(300_000);
    for text in line_end_styles(&text) {
        for wanted in [2, 3, 7, 16, 100] {
            same(text.as_bytes(), wanted, &Limits::default());
        }
    }
}

#[test]
fn a_file_with_errors_everywhere_reads_the_same_in_pieces() {
    // Every tenth line broken a different way: bad bytes, no colon, a stray
    // continuation, a second header, a bad value, an unknown block.
    let text = gzf::ft2::synthetic::synthetic_file(200_000);
    let breakers = [
        "Velocity: fast",
        "no colon here",
        "   stray continuation",
        "",
        "GZF-Version: 1.0",
        "Course: 13",
        "Widget: unknown block",
        "Status: Destroyed Repaired",
        "Bad Name: x",
        "Ship: \u{7f}odd",
    ];
    let mut out = String::new();
    for (i, line) in text.lines().enumerate() {
        if i % 10 == 3 {
            out.push_str(breakers[(i / 10) % breakers.len()]);
            out.push('\n');
        }
        out.push_str(line);
        out.push('\n');
    }
    let one = read_sequential(out.as_bytes(), &Limits::default()).unwrap();
    assert!(one.diagnostics.len() > 1000, "{}", one.diagnostics.len());
    for wanted in [2, 5, 33] {
        same(out.as_bytes(), wanted, &Limits::default());
    }
}

#[test]
fn whole_file_checks_on_every_core_report_as_one_pass() {
    // Enough blocks (more than 8,192) that association's name keys and the
    // order checks run in slices on the pool: duplicate names (W308), Move
    // orders that drop elements (W313), and, in a turn-0 file, every Move
    // and fire order (W317).
    let text = gzf::ft2::synthetic::synthetic_file(1 << 20);
    let mut out = String::new();
    let mut ship = 0;
    for line in text.lines() {
        if line.starts_with("Ship:") {
            ship += 1;
            if ship % 11 == 0 {
                out.push_str("Ship: SS Synthetic 5\n");
                continue;
            }
        }
        if line.starts_with("Move:") && ship % 7 == 0 {
            out.push_str("Move: +4 +4\n");
            continue;
        }
        out.push_str(line);
        out.push('\n');
    }
    let turn_zero = out.replacen("Turn:      3", "Turn: 0", 1);
    assert_ne!(turn_zero, out);
    for (input, codes) in [(&out, ["W308", "W313"]), (&turn_zero, ["W308", "W317"])] {
        let one = read_sequential(input.as_bytes(), &Limits::default()).unwrap();
        assert!(one.file.blocks.len() > 8192, "{}", one.file.blocks.len());
        for code in codes {
            let n = one
                .diagnostics
                .iter()
                .filter(|d| format!("{:?}", d.code) == code)
                .count();
            assert!(n > 100, "{code}: {n}");
        }
        same(input.as_bytes(), 8, &Limits::default());
    }
}

#[test]
fn limits_are_reported_as_the_one_pass_reports_them() {
    let text = gzf::ft2::synthetic::synthetic_file(50_000);
    let broken = text.replace("Velocity:", "Velocity no colon");
    for limits in [
        Limits {
            max_blocks: 10,
            ..Limits::default()
        },
        Limits {
            max_diagnostics: 5,
            ..Limits::default()
        },
        Limits {
            max_line_bytes: 20,
            ..Limits::default()
        },
    ] {
        for input in [&text, &broken] {
            same(input.as_bytes(), 8, &limits);
        }
    }
}

#[test]
fn a_large_file_takes_the_pieces_path_and_reads_the_same() {
    let text = gzf::ft2::synthetic::synthetic_file(3 << 20);
    let all = read_with(text.as_bytes(), &Limits::default()).unwrap();
    let one = read_sequential(text.as_bytes(), &Limits::default()).unwrap();
    assert_eq!(all.file, one.file);
    assert_eq!(all.diagnostics, one.diagnostics);
    // And the pieces path really is taken at that size.
    assert!(read_in_pieces(text.as_bytes(), &Limits::default(), 8).is_some());
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn random_files_read_the_same_in_pieces(
        text in common::field_lines(
            vec![
                "Ship", "System", "Fleet", "Log", "Orders", "Class", "Velocity", "Course",
                "Status", "GZF-Version", "Base", "Base-Sector", "Fighter-Group", "Terrain",
                "Scenario", "Turn", "Profile", "", "X",
            ],
            vec![
                "\r\n", "\n", "\r", "\r\n\r\n", "\n\n", "\n  more\n", "\n\t \n", "\n\n\n",
                "\r\r",
            ],
            0..40,
        ),
        wanted in 2usize..12,
    ) {
        same(text.as_bytes(), wanted, &Limits::default());
    }
}

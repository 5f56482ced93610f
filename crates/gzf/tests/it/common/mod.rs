//! Test helpers: reading the spec's fixture files from the spec itself (tests
//! using them first ask `testkit::require_shared!` for the spec), the bundled
//! scenario, and small `check`-style helpers over diagnostics.
#![allow(dead_code)]

use gzf::ft2::{self, Ft2Read};

pub const SPEC: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../../shared/specs/gzf-ft2.md"
);

/// The bundled Full Thrust scenario (`games/fullthrust/duel.gzf`): a valid
/// FT2 file written by the project, for tests that need one on any clone.
pub fn duel() -> String {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../games/fullthrust/duel.gzf"
    );
    std::fs::read_to_string(path).expect("games/fullthrust/duel.gzf is in the repository")
}

/// The first fenced block after the heading that starts with `heading`,
/// with CR LF line ends (the spec shows canonical files with plain breaks).
pub fn spec_fixture(heading: &str) -> String {
    let spec = std::fs::read_to_string(SPEC).expect("the spec is in ../shared/specs");
    let at = spec.find(heading).expect("heading in spec");
    let rest = &spec[at..];
    let open = rest.find("\n```\n").expect("fenced block after heading") + 5;
    let body = &rest[open..];
    let close = body.find("\n```").expect("closing fence");
    let mut out = String::new();
    for line in body[..close].lines() {
        out.push_str(line);
        out.push_str("\r\n");
    }
    out
}

pub fn read(text: &str) -> Ft2Read {
    ft2::read(text.as_bytes()).expect("within limits")
}

/// The diagnostics as `CODE@line:col` strings, sorted.
pub fn codes(text: &str) -> Vec<String> {
    read(text)
        .diagnostics
        .iter()
        .map(|d| format!("{}@{}:{}", d.code, d.pos.line, d.pos.col))
        .collect()
}

/// A minimal valid header for building test files.
pub const HEADER: &str = "GZF-Version: 1.0\nProfile: FT2\n\n";

/// Reads `HEADER + body` and compares its diagnostics with `expect`, each
/// `CODE@line:col` with lines counted in `body` (the header is 3 lines).
pub fn check(body: &str, expect: &[&str]) {
    let text = format!("{HEADER}{body}");
    let got: Vec<String> = read(&text)
        .diagnostics
        .iter()
        .map(|d| format!("{}@{}:{}", d.code, d.pos.line - 3, d.pos.col))
        .collect();
    assert_eq!(got, expect, "input:\n{body}");
}

/// A valid ship block with the given extra lines, for field tests.
pub fn ship(extra: &str) -> String {
    format!("Ship: S\nThrust-Rating: 6\nDamage-Track: OOOO OOOO\n{extra}")
}

/// Random GZF-like text for property tests: `count` lines, each a field
/// name from `names` (or none), a colon, blanks, printable text and one of
/// `ends` (line ends, separators, continuation lines).
pub fn field_lines(
    names: Vec<&'static str>,
    ends: Vec<&'static str>,
    count: std::ops::Range<usize>,
) -> impl proptest::strategy::Strategy<Value = String> {
    use proptest::prelude::*;
    prop::collection::vec(
        (
            prop::sample::select(names),
            prop::sample::select(vec!["", " ", "\t", "  "]),
            "[ -~]{0,16}",
            prop::sample::select(ends),
        ),
        count,
    )
    .prop_map(|lines| {
        let mut text = String::new();
        for (name, gap, value, end) in lines {
            text.push_str(name);
            text.push(':');
            text.push_str(gap);
            text.push_str(&value);
            text.push_str(end);
        }
        text
    })
}

//! `orderly gzf check|convert|fmt` end to end, on the binary.

use std::path::PathBuf;
use std::process::{Command, Output};

const SPEC: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../../shared/specs/gzf-ft2.md"
);

/// The §9.1 fixture, extracted from the spec, with CR LF line ends.
fn fixture() -> String {
    let spec = std::fs::read_to_string(SPEC).unwrap();
    let rest = &spec[spec.find("### 9.1").unwrap()..];
    let body = &rest[rest.find("\n```\n").unwrap() + 5..];
    let body = &body[..body.find("\n```").unwrap()];
    body.lines().map(|l| format!("{l}\r\n")).collect()
}

/// A file in the temp dir, unique to this test.
fn temp(name: &str, contents: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("orderly-gzf-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, contents).unwrap();
    path
}

fn orderly(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_orderly"))
        .args(args)
        .output()
        .unwrap()
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

#[test]
fn check_reports_warning_and_succeeds() {
    let _corpus = testkit::require_shared!("specs/gzf-ft2.md");
    let path = temp("fixture.gzf", &fixture());
    let out = orderly(&["gzf", "check", path.to_str().unwrap()]);
    assert!(out.status.success());
    let err = text(&out.stderr);
    assert!(err.contains("fixture.gzf:126:20: warning[W313]"), "{err}");
    assert!(
        err.contains("126 | Move:           3S +4\n    |                    ^\n"),
        "{err}"
    );
}

#[test]
fn check_fails_on_errors_with_caret() {
    let path = temp("bad.gzf", "GZF-Version: 1.0\nProfile: FT2\n\nShip: X\nCourse: 13\nThrust-Rating: 6\nDamage-Track: OO\n");
    let out = orderly(&["gzf", "check", path.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    let err = text(&out.stderr);
    assert!(err.contains("bad.gzf:5:9: error[E209]"), "{err}");
    assert!(err.contains("5 | Course: 13\n  |         ^\n"), "{err}");
}

#[test]
fn convert_to_json_and_back() {
    let _corpus = testkit::require_shared!("specs/gzf-ft2.md");
    let gzf = temp("round.gzf", &fixture());
    let json = gzf.with_extension("json");
    let out = orderly(&[
        "gzf",
        "convert",
        gzf.to_str().unwrap(),
        "--to",
        "json",
        "-o",
        json.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(std::fs::read_to_string(&json)
        .unwrap()
        .contains("\"format\": \"orderly-gzf-ft2\""));
    let back = orderly(&["gzf", "convert", json.to_str().unwrap(), "--to", "gzf"]);
    assert!(back.status.success(), "{}", text(&back.stderr));
    assert_eq!(text(&back.stdout), fixture());
}

#[test]
fn fmt_prints_checks_and_writes_canonical_form() {
    let messy = "gzf-version:1.0\nprofile: ft2\n\n\nFleet:Navy\nadmiral:   A\n";
    let canonical =
        "GZF-Version:  1.0\r\nProfile:      FT2\r\n\r\nFleet:    Navy\r\nAdmiral:  A\r\n";
    let path = temp("messy.gzf", messy);
    let p = path.to_str().unwrap();
    assert_eq!(text(&orderly(&["gzf", "fmt", p]).stdout), canonical);
    assert_eq!(
        orderly(&["gzf", "fmt", "--check", p]).status.code(),
        Some(1)
    );
    assert!(orderly(&["gzf", "fmt", "--write", p]).status.success());
    assert_eq!(std::fs::read_to_string(&path).unwrap(), canonical);
    assert!(orderly(&["gzf", "fmt", "--check", p]).status.success());
}

#[test]
fn fmt_and_convert_refuse_files_with_errors() {
    let path = temp("broken.gzf", "Fleet: F\n");
    let p = path.to_str().unwrap();
    assert_eq!(orderly(&["gzf", "fmt", p]).status.code(), Some(1));
    let out = orderly(&["gzf", "convert", p, "--to", "json"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stderr).contains("error[E201]"));
}

#[test]
fn missing_file_is_a_clear_error() {
    let out = orderly(&["gzf", "check", "/nonexistent/x.gzf"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stderr).contains("cannot read /nonexistent/x.gzf"));
}

#[test]
fn the_bundled_scenario_is_canonical_and_converts_both_ways() {
    let duel = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../games/fullthrust/duel.gzf"
    );
    let check = orderly(&["gzf", "fmt", "--check", duel]);
    assert!(check.status.success(), "{}", text(&check.stderr));
    let json = temp("duel.json", "");
    let out = orderly(&[
        "gzf",
        "convert",
        duel,
        "--to",
        "json",
        "--out",
        json.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let back = orderly(&["gzf", "convert", json.to_str().unwrap(), "--to", "gzf"]);
    assert!(back.status.success(), "{}", text(&back.stderr));
    assert_eq!(back.stdout, std::fs::read(duel).unwrap());
}

//! The `orderly gdl` subcommands run as a real process: exit codes, what goes
//! to stdout and stderr, and strict mode.

use std::path::PathBuf;
use std::process::{Command, Output};

fn corpus(rel: &str) -> PathBuf {
    PathBuf::from(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../../shared/corpus/xconq"
    ))
    .join(rel)
}

fn orderly(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_orderly"))
        .args(args)
        .output()
        .expect("run orderly")
}

fn module(dir: &tempfile::TempDir, name: &str, text: &str) -> String {
    let path = dir.path().join(format!("{name}.g"));
    std::fs::write(&path, text).expect("write module");
    path.to_string_lossy().into_owned()
}

#[test]
fn dump_writes_the_oracle_format_on_stdout() {
    let _corpus = testkit::require_shared!("corpus/xconq");
    let lib = corpus("lib");
    let out = orderly(&["gdl", "dump", "-L", lib.to_str().unwrap(), "intro"]);
    assert_eq!(out.status.code(), Some(0));
    let expected = std::fs::read(corpus("../xconq-oracle/lib_intro.txt")).expect("oracle");
    assert_eq!(out.stdout, expected);
}

#[test]
fn dump_of_a_fatal_module_exits_2_with_one_line() {
    let _corpus = testkit::require_shared!("corpus/xconq");
    let out = orderly(&["gdl", "dump", corpus("lib/p-e1-1938.g").to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(out.stdout, b"fatal-error 0x0 area\n");
    // At the `(people-sides` clause of the area form, where 7.5 gives up.
    assert!(String::from_utf8_lossy(&out.stderr).contains("p-e1-1938.g:7:7"));
}

#[test]
fn check_exits_0_with_warnings_and_shows_positions() {
    let dir = tempfile::tempdir().unwrap();
    let m = module(&dir, "m", "(unit-type a)\n  (frob 1)\n");
    let out = orderly(&["gdl", "check", &m]);
    assert_eq!(out.status.code(), Some(0));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("m.g:2:3: warning:"), "{err}");
    assert!(err.contains("2 |   (frob 1)\n  |   ^"), "{err}");
    assert!(err.contains("1 warning(s), 0 error(s)"));
}

#[test]
fn check_strict_makes_warnings_errors() {
    let dir = tempfile::tempdir().unwrap();
    let m = module(&dir, "m", "(unit-type a) (frob 1)");
    assert_eq!(
        orderly(&["gdl", "check", "--strict", &m]).status.code(),
        Some(1)
    );
    let clean = module(&dir, "clean", "(unit-type a)");
    assert_eq!(
        orderly(&["gdl", "check", "--strict", &clean]).status.code(),
        Some(0)
    );
}

#[test]
fn check_fails_on_fatal_errors() {
    let dir = tempfile::tempdir().unwrap();
    let m = module(&dir, "m", "(define s \"unterminated");
    assert_eq!(orderly(&["gdl", "check", &m]).status.code(), Some(0));
    let m = module(&dir, "bad", "(unit-type a) (a 1 1 7)");
    let out = orderly(&["gdl", "check", &m]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("bad.g:1:15: error: unit refers to side 7")
    );
}

#[test]
fn strict_mode_makes_missing_modules_fatal() {
    let dir = tempfile::tempdir().unwrap();
    let m = module(&dir, "m", "(unit-type a)\n(include \"nowhere\")");
    let normal = orderly(&["gdl", "dump", &m]);
    assert_eq!(normal.status.code(), Some(0));
    assert!(String::from_utf8_lossy(&normal.stderr)
        .contains("m.g:2:10: note: module \"nowhere\" not found (include)"));
    let strict = orderly(&["gdl", "dump", "--strict", &m]);
    assert_eq!(strict.status.code(), Some(2));
    assert!(
        String::from_utf8_lossy(&strict.stdout).contains("m.g:2:10: module \"nowhere\" not found")
    );
}

#[test]
fn eval_prints_values_as_gdl() {
    let out = orderly(&["gdl", "eval", "(define x 4) (+ x (1 2)) '(a \"b\")"]);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(String::from_utf8_lossy(&out.stdout), "(5 6)\n(a \"b\")\n");
}

#[test]
fn eval_in_a_module_context() {
    let _corpus = testkit::require_shared!("corpus/xconq");
    let lib = corpus("lib");
    let out = orderly(&[
        "gdl",
        "eval",
        "-L",
        lib.to_str().unwrap(),
        "--module",
        "intro",
        "(list infantry (+ 1 2))",
    ]);
    assert_eq!(String::from_utf8_lossy(&out.stdout), "(<u:infantry> 3)\n");
}

/// The repository's own example module reads cleanly on any clone: the
/// kernel's definitions are in the repository, not beside it.
#[test]
fn the_bundled_example_module_checks_cleanly_without_the_corpus() {
    let module = concat!(env!("CARGO_MANIFEST_DIR"), "/../../games/gdl/skirmish.g");
    let out = orderly(&["gdl", "check", module]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{stderr}");
    assert!(stderr.contains("0 warning(s), 0 error(s)"), "{stderr}");
    let dump = orderly(&["gdl", "dump", module]);
    let text = String::from_utf8_lossy(&dump.stdout);
    assert!(text.contains("tabrow vanishes-on town 1 0*2 1"), "{text}");
}

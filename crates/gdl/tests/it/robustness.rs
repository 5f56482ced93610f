//! Broken input is data, not a crash (gdl spec 1.4, 8.8): random bytes and
//! mutated or truncated corpus files never panic or hang, deep and long input
//! stays off the Rust stack or stops at a limit with a clear error.

use crate::common;

use common::{read, run_bytes};
use gdl::ErrorKind;
use proptest::prelude::*;

/// A module of the shared corpus, or `None` (said once) on a clone without it.
fn sample(name: &str) -> Option<Vec<u8>> {
    let dir = testkit::shared("corpus/xconq")?;
    Some(std::fs::read(dir.join(name)).expect("corpus file"))
}

const SAMPLES: [&str; 5] = [
    "lib/intro.g",
    "test/cond.g",
    "lib/t-val-beach.g",
    "lib/stdterr.g",
    "test/print.g",
];

/// Loads bytes as a module; it must end with a dump or a fatal-error line.
fn survives(bytes: &[u8]) {
    let r = run_bytes(bytes);
    assert!(r.dump.ends_with("end\n") || r.dump.starts_with("fatal-error "));
}

/// Atoms and heads drawn from the language's own vocabulary, so that random
/// forms reach the interpreter's rules rather than the useless-form warning.
fn vocabulary() -> impl Strategy<Value = String> {
    prop::sample::select(vec![
        "unit-type",
        "terrain-type",
        "material-type",
        "advance-type",
        "table",
        "add",
        "define",
        "set",
        "area",
        "world",
        "side",
        "unit",
        "unit-defaults",
        "include",
        "game-module",
        "variants",
        "if",
        "else",
        "end-if",
        "print",
        "namer",
        "scorekeeper",
        "doctrine",
        "imf",
        "u*",
        "t*",
        "m*",
        "a*",
        "a",
        "b",
        "t",
        "x",
        "mp-to-traverse",
        "damage",
        "hp-max",
        "name",
        "terrain",
        "elevations",
        "aux-terrain",
        "by-name",
        "by-char",
        "restrict",
        "xform",
        "world-size",
        "see-all",
        "+",
        "-",
        "*",
        "/",
        "<",
        "list",
        "append",
        "remove-list",
        "quote",
        "0",
        "1",
        "-7",
        "3d6+3",
        "99999",
        "\"a\"",
        "\"4ab\"",
        "\"2*5,\"",
        "()",
        "n",
        "s",
        "m",
        "@",
        "#",
        "in",
        "true",
        "false",
        "reset",
        "sides-max",
        "units-in-game-max",
    ])
    .prop_map(str::to_string)
}

fn random_form() -> impl Strategy<Value = String> {
    let leaf = vocabulary();
    leaf.prop_recursive(4, 40, 6, |inner| {
        prop::collection::vec(inner, 1..6).prop_map(|items| format!("({})", items.join(" ")))
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, .. ProptestConfig::default() })]

    #[test]
    fn random_forms_from_the_vocabulary_never_panic(
        forms in prop::collection::vec(random_form(), 1..25)
    ) {
        let text = format!("(unit-type a) (unit-type b) (terrain-type t) (terrain-type x) {}", forms.join("\n"));
        survives(text.as_bytes());
    }

    #[test]
    fn random_bytes_never_panic(bytes in proptest::collection::vec(any::<u8>(), 0..400)) {
        read(&bytes);
        survives(&bytes);
    }

    #[test]
    fn gdl_like_text_never_panics(text in "[()'`\";#|a-z0-9 .%+\\-\n\\\\*,]{0,300}") {
        read(text.as_bytes());
        survives(text.as_bytes());
    }

    #[test]
    fn mutated_corpus_files_never_panic(
        which in 0..SAMPLES.len(),
        edits in proptest::collection::vec((any::<prop::sample::Index>(), any::<u8>()), 1..8),
        cut in any::<prop::sample::Index>(),
    ) {
        let Some(mut bytes) = sample(SAMPLES[which]) else { return Ok(()) };
        for (at, b) in edits {
            let i = at.index(bytes.len());
            bytes[i] = b;
        }
        survives(&bytes);
        let end = cut.index(bytes.len());
        survives(&bytes[..end]);
    }
}

#[test]
fn deep_nesting_stops_at_the_depth_limit() {
    let text = "(".repeat(100_000);
    let r = run_bytes(text.as_bytes());
    assert!(
        r.dump.starts_with("fatal-error "),
        "{}",
        &r.dump[..80.min(r.dump.len())]
    );
    let closed = format!("{}{}", "(".repeat(100_000), ")".repeat(100_000));
    let r = run_bytes(closed.as_bytes());
    assert!(r.dump.contains("nest more than"));
}

#[test]
fn nesting_within_the_limit_is_read_and_evaluated() {
    let text = format!("(define x {}1{})", "(".repeat(200), ")".repeat(200));
    let r = run_bytes(text.as_bytes());
    assert!(r.dump.ends_with("end\n"));
}

#[test]
fn a_million_element_list_is_fine() {
    let mut text = b"(define big (".to_vec();
    for _ in 0..1_000_000 {
        text.extend_from_slice(b"1 ");
    }
    text.extend_from_slice(b"))");
    let r = run_bytes(&text);
    assert!(r.dump.ends_with("end\n"));
}

#[test]
fn arithmetic_on_a_long_list_stops_at_the_depth_limit() {
    // A list first operand recurses once per element (gdl spec 3.4 step 9).
    let kind = gdl::with_big_stack(|| {
        let mut it = gdl::Interp::new(gdl::Options::default());
        let list: String = (0..5000).map(|i| format!("{i} ")).collect();
        it.eval_text(format!("(+ ({list}) 1)").as_bytes())
            .map(|_| ())
            .map_err(|e| e.kind)
    });
    assert_eq!(kind, Err(ErrorKind::TooDeep));
}

#[test]
fn regressions() {
    for text in [
        &b"999999999.99999"[..],
        b"-0d-1 1d0 1d1 9d99+999 -9d9-999",
        b"\"\\099999999999999999999\"",
        b"(a b c sym",
        b"(unit-type a) (unit a)",
        b"(unit-type a) (unit (x))",
        b"(terrain-type t) (area add terrain t)",
        b"(area 3 3 (terrain \"99999999999*-99999999999,\"))",
        b"(unit-type a) (terrain-type t) (world 5) (area 5 5 (restrict 9 9 2000000000 -2000000000) (terrain \"9999999a\"))",
        b"(include \"m\")",
        b"(game-module (base-module \"m\"))",
        b"(unit-type a) (side (m 1)) (side (tech (99 1)))",
        b"(unit-type a) (side (start-with (5 1)))",
        b"(set synthesis-methods (1 2))",
    ] {
        survives(text);
    }
}

#[test]
fn depth_limit_fits_an_ordinary_thread_stack() {
    // Test threads have 2 MiB of stack; the default limit must fit in it.
    let list: String = (0..990).map(|i| format!("{i} ")).collect();
    let r = run_bytes(format!("(define x (+ ({list}) 1))").as_bytes());
    assert!(r.dump.ends_with("end\n"));
    let nested = format!("(define x {}1{})", "(".repeat(990), ")".repeat(990));
    let r = run_bytes(nested.as_bytes());
    assert!(r.dump.ends_with("end\n"));
}

#[test]
fn extreme_positions_and_offsets() {
    for text in [
        &b"(unit-type a) (terrain-type t) (area 2147483647 3) (a 2147483647 1 (# 2147483646)) (a 1 1) (a 2 2)"[..],
        b"(terrain-type t) (world 5) (area 5 5 (restrict 5 5 -2147483648 -2147483648) (terrain \"5a\"))",
        b"(unit-type a) (terrain-type t) (area 9 9) (unit-defaults (@ 2147483647 2147483647)) (a 5 5) (include \"m\")",
    ] {
        survives(text);
    }
}

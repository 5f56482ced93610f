//! 7.5's drifting warning line counters (gdl spec 6.4, test plan 8.2).

use crate::common;

use common::run;
use gdl::lexer::{Lexer, LineCounters};
use gdl::reader::{read_form, ReadOutcome};
use gdl::{Interp, Options};

/// The counters after reading all of `src`.
fn counters(src: &str) -> (u32, u32) {
    let mut it = Interp::new(Options::default());
    let mut lexer = Lexer::new(src.as_bytes(), LineCounters::default());
    while let Ok(ReadOutcome::Form(_)) = read_form(&mut lexer, &mut it.symbols, true, 100) {}
    (lexer.counters.s, lexer.counters.e)
}

#[test]
fn whitespace_lfs_count_in_both() {
    assert_eq!(counters("a\nb\n\n"), (4, 4));
    assert_eq!(counters("(a\n b)"), (2, 2));
}

#[test]
fn comment_lfs_count_only_in_e() {
    assert_eq!(counters("a ; note\nb"), (1, 2));
    assert_eq!(counters("; at end of file"), (1, 2));
    assert_eq!(counters("#| one\ntwo\n|# a"), (1, 3));
}

#[test]
fn lfs_in_strings_and_bar_symbols_count_nowhere() {
    assert_eq!(counters("\"a\nb\" |c\nd|"), (1, 1));
}

#[test]
fn lf_right_after_a_block_comment_counts_in_both() {
    assert_eq!(counters("#|x|#\na"), (2, 2));
}

#[test]
fn warnings_see_the_counters_after_the_form() {
    let r = run("(unit-type a) ; comment\n(frob\n 1)");
    // The useless form is reported after its `)`: S = 2 (one whitespace LF), E = 3.
    assert_eq!(r.warnings.len(), 1);
    assert!(r.warnings[0].starts_with("m:2-3: "), "{:?}", r.warnings);
}

#[test]
fn the_peek_advances_the_counters() {
    // The first form is read twice (peek and full read), so its LF counts twice.
    let r = run("(game-module \"other\"\n)\n(unit-type a) (frob)");
    assert_eq!(r.warnings.len(), 3, "{:?}", r.warnings);
    assert!(
        !r.warnings[0].starts_with("m:"),
        "the peek comes before any form: no prefix"
    );
    assert!(r.warnings[1].starts_with("m:3: "), "{:?}", r.warnings);
    assert!(r.warnings[2].starts_with("m:4: "), "{:?}", r.warnings);
}

#[test]
fn a_peeked_first_form_counts_and_warns_as_if_read_twice() {
    // A comment LF (E only), a whitespace LF (both) and a scanner warning in
    // the first form: the full read repeats all three after the peek.
    let r = run("(game-module \"other\" ; c\n (notes 9d2))\n(unit-type a) (frob)");
    assert_eq!(
        r.warnings,
        [
            "dice spec 9d2+0: 9 dice, but the count must be between 1 and 8",
            "module `m` declares the name `other`; the declared name is ignored, rename the file or fix the declaration",
            "dice spec 9d2+0: 9 dice, but the count must be between 1 and 8",
            "m:1-3: module `m` declares the name `other`; the declared name is ignored, rename the file or fix the declaration",
            "m:2-4: this form does nothing and is ignored: (frob)",
        ]
    );
}

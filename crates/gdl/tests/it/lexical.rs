//! Golden tests for the lexical rules (gdl spec 2): every example of the two
//! tables of spec 2.11, and the extra cases of the test plan (spec 8.1).

use crate::common;

use common::{check_read, read};

#[test]
fn decimals_are_scaled_by_100() {
    check_read("4.00 0.25 .5 65.2", "400 25 50 6520");
    check_read("1.234 1.2.3 .", "1234 1230 0");
    check_read("5. -.5", "500 -50");
}

#[test]
fn percent_ends_a_number_and_signs_restart_it() {
    check_read("65.2% 10% +7 10-5", "6520 10 7 5");
}

#[test]
fn dice_specs_are_packed_into_16_bits() {
    check_read("3d6+3 1d6-1 -2d6-3", "20995 -32256 -30205");
    check_read("1d4+1 3d10+5 8d17+127", "16641 21509 32767");
    check_read("-2d6", "-30208");
    check_read("0d6", "0");
    check_read("1d6+3+2", &read(b"1d3+2").0);
}

#[test]
fn dice_warnings() {
    assert_eq!(read(b"2d"), ("-256".into(), 1));
    assert_eq!(read(b"-2d6+3"), ("-30205".into(), 1));
    assert_eq!(read(b"0d6"), ("0".into(), 0));
    assert_eq!(read(b"9d6").1, 1, "too many dice");
    assert_eq!(read(b"1d1").1, 1, "dice size 1");
    assert_eq!(read(b"1d6-200").1, 1, "offset below -128");
    assert_eq!(read(b"3d6+3").1, 0);
}

#[test]
fn numbers_end_at_other_bytes() {
    check_read("3D6", "3 D6");
    check_read("-foo", "0 foo");
    check_read("(-(1))", "(0 (1))");
    check_read("12abc 1e5", "12 abc 1 e5");
}

#[test]
fn numbers_wrap_at_32_bits() {
    check_read("99999999999", "1215752191");
}

#[test]
fn sign_symbols() {
    check_read("- x", "- x");
    check_read("(- 1)", "(- 1)");
    check_read("+ ", "+");
    check_read("-", "0");
    check_read("(a -)", "(a -)");
}

#[test]
fn hash_is_a_one_byte_symbol() {
    check_read("a#b", "a |#| b");
    check_read("(# 138)", "(|#| 138)");
}

#[test]
fn block_comments_nest_and_count_as_whitespace() {
    check_read("x#|c|#y", "x y");
    check_read("#|a #|b|# c|# z", "z");
    check_read("#|a|##", "|| |#|");
    check_read("#|a|#", "||");
    check_read("#|a|# b", "b");
}

#[test]
fn unclosed_block_comment_warns_and_gives_an_empty_symbol() {
    assert_eq!(read(b"a #| never closed"), ("a ||".into(), 1));
}

#[test]
fn line_comments() {
    check_read("a;c\nb", "a b");
    check_read("a ; comment at end of file without LF", "a");
}

#[test]
fn bar_and_comma_do_not_end_bare_symbols() {
    // The dump prints a name containing `|` inside bars (gdl spec 6.2).
    check_read("a|b| a,b", "|a|b|| a,b");
}

#[test]
fn strings_and_escapes() {
    check_read(r#""\0101" "\041" "\351""#, r#""A" "!" "351""#);
    check_read(r#""a\nb""#, r#""anb""#);
    check_read(r#""ab\0cd""#, r#""ab""#);
    check_read(r#""a""b" "x"y"#, r#""a" "b" "x" y"#);
    // 9*64 + 9*8 + 9 = 657, and 657 mod 256 = 0x91.
    check_read(r#""\0999""#, r#""\x91""#);
    check_read("\"multi\nline\"", "\"multi\\x0aline\"");
}

#[test]
fn backslash_as_last_byte_is_0xff() {
    check_read("\"a\\", "\"a\\xff\"");
}

#[test]
fn symbols_nil_and_quoting() {
    check_read("nil () |nil|", "() () nil");
    check_read("foo\\ bar", "|foo bar|");
    check_read("||", "||");
    check_read("(a . b)", "(a 0 b)");
    check_read("'x `x", "(quote x) (quote x)");
}

#[test]
fn bare_symbols_are_cut_at_a_nul_before_nil_is_recognised() {
    // A raw NUL byte or a `\0` escape ends the symbol's bytes as a C string
    // would; the rest of the token is read and dropped.
    check_read("ab\0cd ef", "ab ef");
    check_read("ab\\0cd ef", "ab ef");
    check_read("nil\0x ni\\l |nil|", "() () nil");
}

#[test]
fn eight_bit_bytes_are_ordinary() {
    let (got, _) = read(b"G\xe9vaudan \"caf\xe9\"");
    assert_eq!(got, "|G\\xe9vaudan| \"caf\\xe9\"");
}

#[test]
fn crlf_is_whitespace() {
    check_read("(a\r\nb)\r\n", "(a b)");
}

#[test]
fn symbols_end_at_each_terminator() {
    check_read(
        "a(b)c;x\nd\"s\"e'f`g#h",
        "a (b) c d \"s\" e (quote f) (quote g) |#| h",
    );
}

#[test]
fn token_length_limit() {
    let ok = format!("\"{}\"", "x".repeat(999));
    assert!(!read(ok.as_bytes()).0.starts_with("error"));
    let long = format!("\"{}\"", "x".repeat(1000));
    assert!(read(long.as_bytes()).0.contains("longer than 999"));
    let sym = "y".repeat(1000);
    assert!(read(sym.as_bytes()).0.contains("longer than 999"));
}

#[test]
fn quote_with_nothing_after_is_an_error() {
    assert!(read(b"(a ')").0.starts_with("error"));
    assert!(read(b"'").0.starts_with("error"));
}

#[test]
fn unclosed_list_is_dropped() {
    check_read("(a b) (c (d", "(a b)");
    check_read("(a sym", "");
}

#[test]
fn stray_close_reads_as_nil() {
    check_read(") a", "() a");
}

/// Reads with the conditional-reading flag off (gdl spec 2.12).
fn read_skipping(src: &str) -> String {
    let mut it = gdl::Interp::new(gdl::Options::default());
    let mut lexer = gdl::lexer::Lexer::new(src.as_bytes(), Default::default());
    let mut out = Vec::new();
    while let Ok(gdl::reader::ReadOutcome::Form(f)) =
        gdl::reader::read_form(&mut lexer, &mut it.symbols, false, 100)
    {
        if !out.is_empty() {
            out.push(b' ');
        }
        gdl::print::lisp(&mut out, &f.value, &it);
    }
    String::from_utf8_lossy(&out).into_owned()
}

#[test]
fn skipped_text_reads_atoms_as_nil() {
    assert_eq!(read_skipping("(a 1 \"s\" |q|)"), "(() () () ())");
    assert_eq!(read_skipping("(else) (end-if x)"), "(else) (end-if ())");
    assert_eq!(read_skipping("(# - + |else|)"), "(|#| - + ())");
    // A quote is nil at once; the quoted form is read as a separate element.
    assert_eq!(read_skipping("('(a b))"), "(() (() ()))");
}

//! Golden tests for the evaluator (gdl spec 3.3–3.9, 3.15): arithmetic with
//! 7.5's results, comparisons, list functions, self-bound booleans, variables,
//! interpolation lists and dice values.

use crate::common;

use common::{check_eval, eval};
use gdl::game_values::{decode_dice, interpolate, Dice, Interpolated};
use gdl::value::Value;

#[test]
fn arithmetic_on_numbers() {
    check_eval("(+ 1 2 3)", "6", 0);
    check_eval("(- 10 1 2)", "7", 0);
    check_eval("(/ -7 2)", "-3", 0);
    check_eval("(+)", "0", 0);
    check_eval("(*)", "1", 0);
    check_eval("(+ 7)", "7", 0);
    check_eval("(- 5)", "-5", 0);
}

#[test]
fn arithmetic_errors_give_nil_and_a_warning() {
    check_eval("(-)", "()", 1);
    check_eval("(* 3)", "()", 1);
    check_eval("(/ 4)", "()", 1);
    check_eval("(/ 7 0)", "()", 1);
    check_eval("(+ 1 \"a\")", "()", 1);
    check_eval("(+ 1 x)", "()", 2);
}

#[test]
fn arithmetic_broadcasts_over_lists() {
    check_eval("(+ (1 2 3) 1)", "(2 3 4)", 0);
    check_eval("(* (1 2 3) (4 5 6))", "(4 10 18)", 0);
    check_eval("(+ 1 (1 2))", "(2 3)", 0);
    check_eval("(+ 1 (2 (3 4)))", "(3 (4 5))", 0);
}

#[test]
fn arithmetic_quirks_of_7_5() {
    check_eval("(+ 1 (1 2 3))", "(2 6)", 0);
    check_eval("(/ 12 (6 4 3 2))", "(2 0)", 0);
    check_eval("(- (1 2 3))", "(-1 -5)", 0);
    check_eval("(+ 1 (1 2 3) (1 1 1))", "(3)", 1);
}

#[test]
fn arithmetic_wraps() {
    check_eval("(+ 2147483647 1)", "-2147483648", 0);
    check_eval("(/ -2147483648 -1)", "-2147483648", 0);
}

#[test]
fn comparisons() {
    check_eval("(< 1 2 3)", "1", 0);
    check_eval("(< 1 3 2)", "()", 0);
    check_eval("(>)", "()", 0);
    check_eval("(= 2 2)", "1", 0);
    check_eval("(/= 2 3)", "1", 0);
    check_eval("(>= 3 3 1)", "1", 0);
    check_eval("(<= 1 \"a\")", "()", 1);
    check_eval("(= 3 (+ 1 2))", "1", 0);
}

#[test]
fn list_functions() {
    check_eval("(append (1 2) 3 (4))", "(1 2 3 4)", 0);
    check_eval("(append () (1) ())", "(1)", 0);
    check_eval("(list 1 (+ 1 1))", "(1 2)", 0);
    check_eval("(remove 2 (1 2 3 2))", "(1 3)", 0);
    check_eval("(remove-list (1 3) (1 2 3 4))", "(2 4)", 0);
    check_eval("(remove-list () (1 2))", "(1 2)", 0);
    check_eval("(remove-list (1) ())", "()", 0);
    check_eval("(remove-list 1 (1 2))", "()", 1);
    check_eval("(quote (a b))", "(a b)", 0);
    check_eval("'(+ 1 2)", "(+ 1 2)", 0);
}

#[test]
fn lists_evaluate_element_by_element() {
    check_eval("(1 (+ 1 1))", "(1 2)", 0);
    check_eval("(define a 5) (a 2)", "(5 2)", 0);
}

#[test]
fn and_or_not_are_self_bound() {
    check_eval("(not false)", "(not 0)", 0);
    check_eval(
        "(and (or false (not false)) true)",
        "(and (or 0 (not 0)) 1)",
        0,
    );
}

#[test]
fn and_or_not_after_undefine() {
    check_eval("(undefine not) (not)", "1", 0);
    check_eval("(undefine not) (not 1)", "()", 0);
    check_eval("(undefine and) (and 1 x)", "x", 1);
    check_eval("(undefine and) (and 1 ())", "()", 0);
    check_eval("(undefine or) (or () 2 3)", "2", 0);
}

#[test]
fn unbound_symbols_stand_for_themselves() {
    check_eval("zork", "zork", 1);
}

#[test]
fn type_lists_are_bound_lazily() {
    check_eval("u*", "()", 0);
}

#[test]
fn type_lists_follow_each_declaration() {
    // Declarations in a row leave the list to be rebuilt once, but any
    // other form in between sees every type declared before it.
    check_eval(
        "(unit-type a) (unit-type b) (define l u*) (unit-type c) l u* t*",
        "(<u:a> <u:b>) (<u:a> <u:b> <u:c>) ()",
        0,
    );
    check_eval("(terrain-type x) (terrain-type y) t*", "(<t:x> <t:y>)", 0);
}

#[test]
fn constants_cannot_change() {
    check_eval("(define true 5) true", "1", 2);
    check_eval("(set true 5) true", "1", 1);
    check_eval("win lose draw", "1 -1 0", 0);
}

#[test]
fn define_overwrites_with_a_warning() {
    check_eval("(define x 1) (define x 2) x", "2", 1);
}

#[test]
fn operators_bound_as_symbols_lose_their_meaning() {
    check_eval("(define / 9) (/ 1 2)", "(9 1 2)", 0);
}

#[test]
fn set_checks_globals() {
    check_eval(
        "(set sides-max 3) (set sides-max 99) (set sides-max \"x\")",
        "",
        2,
    );
    check_eval("(set no-such-global 1) no-such-global", "no-such-global", 2);
    check_eval("(define v 1) (set v 2) v", "2", 0);
    check_eval("(undefine 3)", "", 1);
}

#[test]
fn interpolation_lists() {
    let (_, _) = eval("0");
    let list = |pairs: &[(i32, i32)]| {
        Value::list(
            pairs
                .iter()
                .map(|&(x, y)| Value::list(vec![Value::Num(x), Value::Num(y)]))
                .collect(),
        )
    };
    let l = list(&[(1, 50), (2, 100), (10, 180)]);
    assert_eq!(interpolate(&l, 0), Interpolated::Below);
    assert_eq!(interpolate(&l, 1), Interpolated::Value(50));
    assert_eq!(interpolate(&l, 2), Interpolated::Value(100));
    assert_eq!(interpolate(&l, 6), Interpolated::Value(140));
    assert_eq!(interpolate(&l, 11), Interpolated::Above);
    assert_eq!(interpolate(&Value::Nil, 3), Interpolated::Below);
    assert_eq!(interpolate(&list(&[(5, 7)]), 5), Interpolated::Value(7));
    assert_eq!(interpolate(&list(&[(5, 7)]), 6), Interpolated::Above);
}

#[test]
fn dice_values_decode() {
    assert_eq!(
        decode_dice(20995),
        Dice::Roll {
            count: 3,
            sides: 6,
            offset: 3
        }
    );
    assert_eq!(
        decode_dice(16641),
        Dice::Roll {
            count: 1,
            sides: 4,
            offset: 1
        }
    );
    assert_eq!(
        decode_dice(-32256),
        Dice::Roll {
            count: 1,
            sides: 6,
            offset: -1
        }
    );
    assert_eq!(decode_dice(100), Dice::Plain(100));
    assert_eq!(decode_dice(-5), Dice::Plain(-5));
}

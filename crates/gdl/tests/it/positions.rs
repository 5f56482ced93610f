//! Warnings about a part of a form point at that part (file:line:col and a
//! caret under it), not at the form's first byte.

use gdl::diagnostic::render_warnings;

/// The rendered warnings of module `m.g` with text `src`.
fn warnings(src: &str) -> String {
    let dir = tempfile::tempdir().expect("temp dir");
    let main = dir.path().join("m.g");
    std::fs::write(&main, src).expect("write");
    let loaded = gdl::load(main.to_str().expect("utf-8"), gdl::Options::default());
    assert!(loaded.fatal.is_none(), "{:?}", loaded.fatal);
    let it = &loaded.interp;
    // Only the `m.g:LINE:COL: …` lines and the carets, without the folder.
    render_warnings(it, it.warnings.iter())
        .lines()
        .map(|l| l.rsplit_once('/').map_or(l, |(_, file)| file).to_owned())
        .collect::<Vec<_>>()
        .join("\n")
}

/// Every one of `lines` is in the rendered warnings `w`.
fn contains_all(w: &str, lines: &[&str]) {
    for at in lines {
        assert!(w.contains(at), "{at} in\n{w}");
    }
}

#[test]
fn a_type_property_clause() {
    let w = warnings("(unit-type inf\n  (hp 3)\n  (hp-max 2))\n");
    contains_all(
        &w,
        &[
            "m.g:2:3: warning: unit type `inf` has no property named `hp`",
            "2 |   (hp 3)\n  |   ^",
        ],
    );
}

#[test]
fn an_unbound_symbol_inside_a_clause() {
    let w = warnings("(unit-type a) (terrain-type t)\n(table mp-to-traverse\n  (a nowhere 3))\n");
    contains_all(
        &w,
        &[
            "m.g:3:6: warning: `nowhere` has no value",
            "m.g:3:3: warning: table mp-to-traverse index 2 `nowhere` is not a terrain type",
        ],
    );
}

#[test]
fn clauses_of_world_side_and_area_forms() {
    let w = warnings(
        "(unit-type a) (terrain-type t)\n(world 10 (bogus 1))\n(side 1 (nonsense 2))\n(area 4 4 (flat 1))\n",
    );
    contains_all(
        &w,
        &[
            "m.g:2:11: warning: the world form has no property named `bogus`",
            "m.g:3:9: warning: side",
            "m.g:4:11: warning: the area form has no property named `flat`",
        ],
    );
}

#[test]
fn a_form_level_warning_stays_at_the_form_and_the_next_form_starts_fresh() {
    // The unknown form is about the whole form; a quoted clause is a value
    // made by the reader, and still a part of its form.
    let w = warnings("(unit-type a (hp 1))\n(frobnicate 1 2)\n(unit-type b '(hp 1))\n");
    assert!(w.contains("m.g:1:14: warning: unit type `a`"), "{w}");
    assert!(w.contains("m.g:2:1: warning:"), "{w}");
    assert!(w.contains("m.g:3:14: warning:"), "{w}");
}

#[test]
fn included_modules_point_into_their_own_file() {
    let dir = tempfile::tempdir().expect("temp dir");
    std::fs::write(dir.path().join("inc.g"), "(unit-type b\n (bogus 1))\n").expect("write");
    let main = dir.path().join("m.g");
    std::fs::write(&main, "(include \"inc\") (unit-type a (hp 1))\n").expect("write");
    let loaded = gdl::load(main.to_str().expect("utf-8"), gdl::Options::default());
    let it = &loaded.interp;
    let w = render_warnings(it, it.warnings.iter());
    assert!(
        w.contains("inc.g:2:2: warning: unit type `b` has no property named `bogus`"),
        "{w}"
    );
    assert!(
        w.contains("m.g:1:30: warning: unit type `a` has no property named `hp`"),
        "{w}"
    );
}

#[test]
fn a_fatal_error_in_a_clause_points_at_the_clause() {
    // 7.5's "0x0 area": a layer read before the area has a size.
    let dir = tempfile::tempdir().expect("temp dir");
    let main = dir.path().join("m.g");
    std::fs::write(
        &main,
        "(unit-type a) (terrain-type t)\n(area (people-sides\n  (by-name (x 0)) \"a\"))\n",
    )
    .expect("write");
    let loaded = gdl::load(main.to_str().expect("utf-8"), gdl::Options::default());
    let err = loaded.fatal.expect("a fatal error");
    assert!(err.to_string().contains("m.g:2:7: 0x0 area"), "{err}");
}

#[test]
fn a_form_left_open_at_the_end_of_the_file_is_pointed_at() {
    let w = warnings("(define a 1)\n(unit-type b (hp-max 3)\n(define c 2)\n");
    assert!(
        w.contains("m.g:2:1: warning: missing a close paren at the end of the file"),
        "{w}"
    );
}

#[test]
fn define_and_add_point_at_the_name_the_types_or_the_value() {
    let w = warnings(
        "(unit-type a) (unit-type b)\n(define x 1)\n(define x 2)\n(add (a b) bogus 1)\n(add (a b) hp-max (1 2 3))\n(add 7 hp-max 1)\n",
    );
    contains_all(
        &w,
        &[
            "m.g:3:9: warning: `x` already has a value",
            "m.g:4:12: warning: unit type `a` has no property named `bogus`",
            "m.g:5:19: warning: 2 types but 3 values",
            "m.g:6:6: warning: `(add 7 hp-max 1)` names no types",
        ],
    );
}

#[test]
fn names_are_pointed_at_where_the_warning_is_about_a_name() {
    let w = warnings(
        "(game-module \"other\")\n(unit-type a) (terrain-type t)\n(table no-such-table (a t 1))\n(table mp-to-traverse (a t 1))\n(unit-type late)\n(include \"nowhere\")\n",
    );
    contains_all(
        &w,
        &[
            "m.g:1:14: warning: module `m` declares the name `other`",
            "m.g:3:8: warning: there is no table named `no-such-table`",
            "m.g:5:12: warning: unit type `late` is declared after a table",
            "m.g:6:10: note: module \"nowhere\" not found",
        ],
    );
}

/// A message about an item of a form's outermost list finds it by reading
/// only as far as that item (skipping nested lists and quotes before it);
/// debug builds check it against reading the whole form again.
#[test]
fn items_of_the_outermost_list_after_lists_and_quotes() {
    let w = warnings(
        "(unit-type a) (terrain-type t)\n(table mp-to-traverse (a t 1))\n\
         (unit-type\n  b)\n\
         (unit-type c\n  (help \"(not a list\") (hp-max (+ 1 2))\n  (bogus 1))\n",
    );
    contains_all(
        &w,
        &[
            "m.g:4:3: warning: unit type `b` is declared after a table indexed by unit types was filled",
            "4 |   b)\n  |   ^",
            "m.g:7:3: warning: unit type `c` has no property named `bogus`",
        ],
    );
}

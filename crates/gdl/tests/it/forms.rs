//! Synthetic modules for the top-level forms (gdl spec 3.11–3.16, 4), with
//! expected dump lines derived from the spec.

use crate::common;

use common::{run, run_bytes};

const TYPES: &str = "(unit-type a) (unit-type b) (terrain-type x) (terrain-type y)\n";

#[test]
fn table_fills_whole_table_from_type_lists() {
    let r = run(&format!("{TYPES}(table mp-to-traverse (u* t* 3))"));
    assert_eq!(
        r.lines("tabrow mp-to-traverse"),
        ["tabrow mp-to-traverse a 3*2", "tabrow mp-to-traverse b 3*2"]
    );
}

#[test]
fn table_clause_shapes() {
    let r = run(&format!(
        "{TYPES}(table mp-to-traverse (a (x y) (1 2)) ((a b) y 5))\n(table acp-to-develop ((a b) (a b) ((1 2) (3 4))))"
    ));
    assert_eq!(
        r.lines("tabrow mp-to-traverse"),
        [
            "tabrow mp-to-traverse a 1 5",
            "tabrow mp-to-traverse b -1 5"
        ]
    );
    assert_eq!(
        r.lines("tabrow acp-to-develop"),
        ["tabrow acp-to-develop a 1 2", "tabrow acp-to-develop b 3 4"]
    );
    assert!(r.warnings.is_empty(), "{:?}", r.warnings);
}

#[test]
fn table_without_add_resets_and_with_add_merges() {
    let reset = run(&format!(
        "{TYPES}(table mp-to-traverse (a x 1)) (table mp-to-traverse (b y 2))"
    ));
    assert_eq!(
        reset.lines("tabrow mp-to-traverse"),
        ["tabrow mp-to-traverse b -1 2"]
    );
    let merged = run(&format!(
        "{TYPES}(table mp-to-traverse (a x 1)) (table mp-to-traverse add (b y 2))"
    ));
    assert_eq!(
        merged.lines("tabrow mp-to-traverse"),
        [
            "tabrow mp-to-traverse a 1 -1",
            "tabrow mp-to-traverse b -1 2"
        ]
    );
}

#[test]
fn table_constant_clause_and_symbol_clause() {
    let r = run(&format!(
        "{TYPES}(define v 4) (table mp-to-traverse v (a x 1))"
    ));
    assert_eq!(
        r.lines("tabrow mp-to-traverse"),
        ["tabrow mp-to-traverse a 1 4", "tabrow mp-to-traverse b 4*2"]
    );
}

#[test]
fn table_failed_check_keeps_earlier_writes() {
    let r = run(&format!("{TYPES}(table mp-to-traverse (a (x y 3) 7))"));
    assert_eq!(
        r.lines("tabrow mp-to-traverse"),
        ["tabrow mp-to-traverse a 7*2"]
    );
    assert_eq!(
        r.warnings.len(),
        1,
        "a plain number is not an index: {:?}",
        r.warnings
    );
}

#[test]
fn table_value_out_of_bounds_skips_the_rest_of_the_form() {
    let r = run(&format!("{TYPES}(table acp-to-develop 99999 (a a 1))"));
    assert_eq!(r.lines("tabrow acp-to-develop"), Vec::<&str>::new());
    assert_eq!(r.warnings.len(), 1);
}

#[test]
fn table_of_unknown_name_and_lengths() {
    let r = run(&format!(
        "{TYPES}(table no-such-table (a x 1)) (table mp-to-traverse (a (x y) (1 2 3)))"
    ));
    assert_eq!(r.warnings.len(), 2);
    assert!(r.warnings[0].starts_with("m:2: "));
}

#[test]
fn table_allocation_needs_types() {
    // Once for the form, once for the number clause (gdl spec 3.12).
    let r = run("(table mp-to-traverse 1)");
    assert_eq!(r.warnings.len(), 2);
    assert!(!r.dump.contains("\ntable mp-to-traverse default"));
}

#[test]
fn unit_type_names_and_alias() {
    let r = run("(unit-type troop-transport (name \"troop transport\"))");
    assert!(r
        .dump
        .contains("sym |troop transport| <u:troop-transport>\n"));
    assert!(r
        .dump
        .contains("uprop troop-transport name \"troop transport\"\n"));
    assert!(r.dump.contains("sym u* (<u:troop-transport>)\n"));
}

#[test]
fn property_values_wrap_to_16_bits_with_a_warning() {
    let r = run("(unit-type a (hp-max 40000))");
    assert!(r.dump.contains("uprop a hp-max -25536\n"));
    assert_eq!(r.warnings.len(), 1);
}

#[test]
fn value_errors_skip_the_rest_for_other_kinds_only() {
    let units = run("(unit-type a (hp-max \"x\") (acp-per-turn 3))");
    assert!(units.dump.contains("uprop a acp-per-turn 3\n"));
    let terrain = run("(terrain-type x (elevation-min \"x\") (elevation-max 3))");
    assert!(!terrain.dump.contains("elevation-max"));
}

#[test]
fn lisp_properties_are_stored_unevaluated() {
    let r = run("(unit-type a (acp-damage-effect ((1 50) (k 100))))");
    assert!(
        r.dump
            .contains("uprop a acp-damage-effect ((1 50) (k 100))\n"),
        "{}",
        r.dump
    );
}

#[test]
fn add_keeps_the_quote_wrapper_for_one_type() {
    let r = run("(unit-type a) (unit-type b) (add a notes '(x y)) (add (a b) acp-per-turn (1 2)) (add (a b) hp-max 7)");
    assert!(r.dump.contains("uprop a notes (quote (x y))\n"));
    assert!(
        r.dump
            .contains("uprop a acp-per-turn 1\nuprop a hp-max 7\n")
            || r.dump.contains("uprop b acp-per-turn 2\n")
    );
    assert!(r.dump.contains("uprop b hp-max 7\n"));
}

#[test]
fn add_length_mismatch_warns() {
    let r = run("(unit-type a) (unit-type b) (add (a b) acp-per-turn (1 2 3))");
    assert_eq!(r.warnings.len(), 1);
}

#[test]
fn game_module_string_quirk_and_variants() {
    let r = run("(game-module \"m\" (version \"1.0\") (base-game true) (variants (see-all true) (world-size (40 20))))");
    assert!(r.dump.contains("module \"m\" loaded 1 title <null> base-module <null> default-base-module <null> base-game \"1.0\" version \"1.0\"\n"), "{}", r.dump);
    assert!(r.dump.contains("variant \"m\" 0 id see-all name \"See All\" help \"If set, everything in the game is seen all the time.\" default true cases () used 0 value 1\n"));
    assert!(r.dump.contains("variant \"m\" 1 id world-size name \"world-size\" help \"(No help is available.)\" default (40 20) cases () used 0 value 0\n"));
}

#[test]
fn module_name_mismatch_warns() {
    // Once when the module is peeked, once when it is read (gdl spec 6.4).
    let r = run("(game-module \"other\")");
    assert_eq!(r.warnings.len(), 2);
}

#[test]
fn sides_get_ids_emblems_and_plurals() {
    let r = run(
        "(unit-type a) (side 1 (noun \"Frog\")) (side (noun \"Fish\")) (side 5 (noun \"Moth\"))",
    );
    let sides = r.lines("side ");
    assert_eq!(sides.len(), 4);
    assert!(sides[0].starts_with("side 0 name \"Independents\""));
    assert!(sides[1].contains("noun \"Frog\" plural-noun \"Frogs\""));
    assert!(sides[1].ends_with("emblem \"blue\""));
    assert!(sides[2].contains("noun \"Fish\" plural-noun \"Fish\""));
    assert!(sides[3].starts_with("side 5 "));
}

#[test]
fn side_needs_unit_types() {
    let r = run("(side 1)");
    assert_eq!(
        r.dump,
        "fatal-error Unit types must be defined before defining sides!\n"
    );
}

#[test]
fn duplicate_side_strings_warn() {
    let r = run("(unit-type a) (side 1 (noun \"X\")) (side 2 (adjective \"X\"))");
    assert_eq!(r.warnings.len(), 1);
}

#[test]
fn units_positions_sides_and_supplies() {
    let r = run("(unit-type a) (material-type fuel) (side 1) (a 4 5 1 (n \"Alpha\") (m 7 8 9))");
    assert!(r.dump.contains("unit 1 a prevx 4 prevy 5 z 0 side 1 origside 1 name \"Alpha\" number 0 hp 1 cp 1 cxp 0 transport -1 image-name <null> supply (7)\n"), "{}", r.dump);
    assert_eq!(
        r.warnings.len(),
        2,
        "two numbers too many: {:?}",
        r.warnings
    );
}

#[test]
fn unit_of_missing_side_is_fatal() {
    let r = run("(unit-type a) (a 1 1 3)");
    assert!(r.dump.starts_with("fatal-error "));
    assert!(r.dump.contains("m.g:1:15: unit refers to side 3"));
}

#[test]
fn requested_unit_ids() {
    let r = run("(unit-type a) (a 1 1 (# 7)) (a 2 2)");
    assert!(r.dump.contains("unit 8 a prevx 2"));
    assert!(r.dump.contains("unit 7 a prevx 1"));
}

#[test]
fn useless_forms_warn_with_the_module_prefix() {
    let r = run("(unit-type a)\n\n(frobnicate 1)");
    assert_eq!(r.warnings.len(), 1);
    assert!(r.warnings[0].starts_with("m:3: "), "{:?}", r.warnings);
}

#[test]
fn conditional_reading_has_no_nesting() {
    let r =
        run("(if 0) (define a 1) (if 1) (define b 2) (end-if) (define c 3) (end-if) (define d 4)");
    assert!(!r.dump.contains("sym a "));
    assert!(!r.dump.contains("sym b "));
    assert!(r.dump.contains("sym c 3\n"));
    assert!(r.dump.contains("sym d 4\n"));
    let r = run("(if 0) (define a 1) (else) (define b 2) (end-if)");
    assert!(!r.dump.contains("sym a ") && r.dump.contains("sym b 2\n"));
}

#[test]
fn print_records() {
    let r = run("(print (+ 1 2)) (print true) (print nope) (print \"q\\\"\")");
    assert_eq!(
        r.lines("print "),
        [
            "print \"(+ 1 2)\"",
            "print \"true -> 1\"",
            "print \"nope <unbound>\"",
            "print \"\\\"q\\\\\\\"\\\"\""
        ]
    );
}

#[test]
fn namers_scorekeepers_doctrines() {
    let r = run("(namer n1 (random \"a\")) (scorekeeper (do last-side-wins)) (doctrine dd)");
    assert!(r.dump.contains("sym n1 <ptr:n1>\n"));
    assert!(r.dump.contains("scorekeeper 1 title <null> when () applies-to () known-to () initial 0 trigger () do last-side-wins\n"));
    assert!(r.dump.contains("sym dd \"dd\"\n"));
}

#[test]
fn area_layers_run_length_encoding() {
    let r = run("(terrain-type sea) (terrain-type land)\n(set edge-terrain 0)\n(world 6)\n(area 6 4 (terrain (by-name (sea 0) (land 1)) \"6a\" \"2a4b\" \"3*1,3a\" \"6b\"))");
    assert!(r.dump.contains("area width 6 height 4"));
    // Rows top down: 6 sea; 2 sea 4 land; 3 land 3 sea; 6 land.
    assert!(
        r.dump
            .contains("terrain-count sea 11\nterrain-count land 13\n"),
        "{}",
        r.dump
    );
}

#[test]
fn area_hexagon_leaves_corners_empty() {
    let r = run(
        "(terrain-type sea) (terrain-type land)\n(area 4 4 (terrain \"4b\" \"4b\" \"4b\" \"4b\"))",
    );
    assert!(
        r.dump
            .contains("terrain-count sea 4\nterrain-count land 12\n"),
        "{}",
        r.dump
    );
}

#[test]
fn area_bad_chars_warn_five_times_then_count() {
    let r = run("(terrain-type sea)\n(world 10)\n(area 10 3 (terrain \"!!!!!!!!!!\"))");
    assert_eq!(r.warnings.len(), 7, "{:?}", r.warnings);
}

#[test]
fn area_too_small_and_layer_without_area() {
    assert_eq!(run("(area 2 2)").warnings.len(), 1);
    assert_eq!(
        run("(terrain-type sea) (area (terrain \"a\"))").dump,
        "fatal-error 0x0 area\n"
    );
}

#[test]
fn elevations_are_hashed() {
    let r = run(
        "(terrain-type sea)\n(world 3)\n(area 3 3 (elevations \"3*-5,\" \"3*7,\" \"1*1,2*2,\"))",
    );
    assert!(r.dump.contains("elevation-layer-hash "));
}

/// A small world with a river type (a border) and a road type (a
/// connection) for the `aux-terrain` tests.
const AUX_TYPES: &str = "(unit-type a) (terrain-type sea) (terrain-type plains) \
    (terrain-type river (subtype border)) (terrain-type road (subtype connection)) \
    (world 4)";

#[test]
fn aux_terrain_layers_are_kept_per_type() {
    // Spec 4.8.4: the layer is read like any other (run lengths, the default
    // char codes: `a`+n is n, `:`+n is 30+n); rows from the top.
    let src = format!(
        "{AUX_TYPES}\n(area 4 3 (terrain \"4b\" \"4b\" \"4b\"))\n\
         (area (aux-terrain river \"a:b2a\" \"4a\" \"c3a\"))\n\
         (area (aux-terrain road \"4a\" \"a[2a\"))"
    );
    let loaded = common::load(&src);
    assert!(loaded.fatal.is_none(), "{:?}", loaded.fatal);
    let aux = &loaded.interp.area.aux;
    let layer = |t: usize| aux.iter().find(|(u, _)| *u == t).map(|(_, l)| l.clone());
    // Index y*width + x; the first row string is y = 2.
    let river = layer(2).expect("the river layer");
    assert_eq!(&river[8..12], &[0, 30, 1, 0], "top row");
    assert_eq!(&river[4..8], &[0; 4]);
    assert_eq!(&river[0..4], &[2, 0, 0, 0], "bottom row");
    let road = layer(3).expect("the road layer");
    assert_eq!(&road[4..8], &[0, 63, 0, 0]);
    assert_eq!(aux.len(), 2);
}

#[test]
fn aux_terrain_without_an_area_is_read_and_dropped() {
    // The layer does not check the area (spec 4.8.3): no error, nothing kept.
    let loaded = common::load(&format!("{AUX_TYPES}\n(area (aux-terrain river \"4b\"))"));
    assert!(loaded.fatal.is_none(), "{:?}", loaded.fatal);
    assert!(loaded.interp.area.aux.is_empty());
    // A layer read before the area is reshaped belongs to the old shape.
    let loaded = common::load(&format!(
        "{AUX_TYPES}\n(area 4 3)\n(area (aux-terrain river \"4b\"))\n(area 5 3)"
    ));
    assert!(loaded.interp.area.aux.is_empty());
    // An argument that is not an aux type's symbol: the property is ignored.
    let loaded = common::load(&format!(
        "{AUX_TYPES}\n(area 4 3)\n(area (aux-terrain 3 \"4b\"))"
    ));
    assert!(loaded.interp.area.aux.is_empty());
}

#[test]
fn include_lists_and_variants_of_included_modules() {
    let files: [(&str, &[u8]); 3] = [
        (
            "m",
            b"(unit-type a) (terrain-type t) (include \"inc\" (see-all 1)) (include \"other\")",
        ),
        (
            "inc",
            b"(game-module (variants (see-all false) (flag \"F\" 0 (1 (define hit 1)))))",
        ),
        ("other", b"(define o 2)"),
    ];
    let r = common::run_with(&files, &[]);
    assert!(
        r.dump
            .contains("module-include \"m\" \"inc\"\nmodule-include \"m\" \"other\"\n"),
        "{}",
        r.dump
    );
    assert!(r.dump.contains("global see-all 1\n"));
    assert!(r.dump.contains("used 1 value 1\n"));
    assert!(
        !r.dump.contains("sym hit "),
        "the flag variant's default 0 selects no case"
    );
}

#[test]
fn missing_include_is_silent_in_the_dump() {
    let r = run("(include \"nowhere\")");
    assert!(r.warnings.is_empty());
    assert!(r.dump.contains("module \"nowhere\" loaded 0"));
}

#[test]
fn obsolete_file_is_fatal() {
    let r = run("Xconq 5 file");
    assert_eq!(
        r.dump,
        "fatal-error \"\" is probably an obsolete Xconq file; in any case, it cannot be used.\n"
    );
}

#[test]
fn unit_specs_are_saved_when_units_are_not_created() {
    let r = run("(unit-type a) (set create-units-from-specs 0) (unit-defaults (s 0)) (a 1 2 (n \"x\")) (unit \"x\" (hp 2)) (unit \"y\")");
    assert!(r.dump.contains("unit-specs 1 "));
    assert!(
        r.dump
            .contains("unit-spec 0 (a 1 2 (n \"x\")) (unit-defaults (s 0))\n"),
        "{}",
        r.dump
    );
    assert_eq!(
        r.warnings.len(),
        1,
        "only \"y\" is unknown: {:?}",
        r.warnings
    );
}

#[test]
fn strict_mode_rejects_path_like_module_names() {
    let dir = tempfile::tempdir().unwrap();
    let main = dir.path().join("m.g");
    std::fs::write(&main, "(include \"../x\")").unwrap();
    let options = gdl::Options {
        strict: true,
        ..gdl::Options::default()
    };
    let loaded = gdl::load(main.to_str().unwrap(), options);
    let err = loaded.fatal.expect("fatal in strict mode");
    // At the name, not the include form.
    assert!(
        err.to_string()
            .contains("m.g:1:10: module name \"../x\" looks like a path"),
        "{err}"
    );
}

#[test]
fn whole_table_clauses_then_partial_ones() {
    let r = run(&format!(
        "{TYPES}(table mp-to-traverse (u* t* 3) (a x 1)) (unit-type c)"
    ));
    // c arrives after the table was filled: its row holds the table default (gdl spec 3.14).
    assert_eq!(
        r.lines("tabrow mp-to-traverse"),
        ["tabrow mp-to-traverse a 1 3", "tabrow mp-to-traverse b 3*2"]
    );
    assert!(r
        .dump
        .contains("table mp-to-traverse default -1 rows 3 cols 2 non-default 4 "));
    let bad = run(&format!("{TYPES}(table mp-to-traverse (u* t* 99999))"));
    assert_eq!(bad.warnings.len(), 1);
}

#[test]
fn rows_written_alike_then_apart() {
    // `(u* y 5)` leaves both rows alike; `(a x 2)` then changes only a's.
    let r = run(&format!(
        "{TYPES}(table mp-to-traverse (u* y 5) (a x 2) (b t* 4) ((a b) (x y) 6) (a (x y) 7))"
    ));
    assert_eq!(
        r.lines("tabrow mp-to-traverse"),
        ["tabrow mp-to-traverse a 7*2", "tabrow mp-to-traverse b 6*2"]
    );
    let r = run(&format!(
        "{TYPES}(table mp-to-traverse (u* y 5) (a x 2) (b (y x) 4))"
    ));
    assert_eq!(
        r.lines("tabrow mp-to-traverse"),
        ["tabrow mp-to-traverse a 2 5", "tabrow mp-to-traverse b 4*2"]
    );
    assert!(r.warnings.is_empty(), "{:?}", r.warnings);
    // A bad column ends the clause after the first row's good columns.
    let r = run(&format!("{TYPES}(table mp-to-traverse (u* (x zork) 5))"));
    assert_eq!(
        r.lines("tabrow mp-to-traverse"),
        ["tabrow mp-to-traverse a 5 -1"]
    );
    let bad = |r: &common::Run| {
        r.warnings
            .iter()
            .filter(|w| w.contains("`zork` is not a terrain type"))
            .count()
    };
    assert_eq!(bad(&r), 1, "{:?}", r.warnings);
    let r = run(&format!(
        "{TYPES}(table mp-to-traverse (u* zork 5) (u* () 5))"
    ));
    assert!(r.lines("tabrow mp-to-traverse").is_empty());
    assert_eq!(bad(&r), 1, "{:?}", r.warnings);
}

#[test]
fn print_of_a_table_name_shows_its_rows() {
    let r = run(&format!("{TYPES}(table mp-to-traverse (a x 2)) (table damage (a b 3d6+3)) (print mp-to-traverse) (print damage)"));
    let prints = r.lines("print ");
    assert_eq!(
        prints[0],
        "print \"mp-to-traverse\\x0a(\\x0a\\x09( 2 -1)\\x0a\\x09( -1 -1))\\x0a <unbound>\""
    );
    assert!(prints[1].contains("( 0 3d6+3)"), "{prints:?}");
}

#[test]
fn layer_char_tables() {
    // by-char: `.` is 0 and `+` is 1; with `*` in the string, `3*` is not special.
    let r = run("(terrain-type sea) (terrain-type land)\n(world 4)\n(area 4 3 (terrain (by-char \".+\") \"4+\" \"2.2+\" \"....\"))");
    assert!(
        r.dump
            .contains("terrain-count sea 6\nterrain-count land 6\n"),
        "{}",
        r.dump
    );
    // by-name with a string maps its bytes first, then the named entries.
    let r = run("(terrain-type sea) (terrain-type land)\n(world 4)\n(area 4 3 (terrain (by-name \"xy\" sea land) \"4y\" \"4x\" \"4y\"))");
    assert!(
        r.dump
            .contains("terrain-count sea 4\nterrain-count land 8\n"),
        "{}",
        r.dump
    );
    // 8-bit bytes in rows are bad bytes even with a char table.
    let r = run_bytes(
        b"(terrain-type sea)\n(world 3)\n(area 3 3 (terrain (by-char \"a\") \"\xe9\xe9\xe9\"))",
    );
    assert_eq!(r.warnings.len(), 4, "{:?}", r.warnings);
}

#[test]
fn zz_properties_are_skipped_by_declarations_but_not_by_unit_add() {
    // `zz-b` and `zz-bb` are kernel unit properties; a declaration skips
    // them silently, `add` on unit types does not (gdl spec 3.11, 3.13), and
    // a second declaration reuses what the first one looked up.
    let r = run("(unit-type a (zz-b 5) (hp-max 3))\n(unit-type c (zz-b 6) (zz-nope 1) (hp-max 4))\n(add c zz-bb 7)\n(terrain-type t (zz-x 1))");
    let props: Vec<&str> = r
        .lines("uprop")
        .into_iter()
        .filter(|l| !l.contains(" name"))
        .collect();
    assert_eq!(
        props,
        ["uprop a hp-max 3", "uprop c hp-max 4", "uprop c zz-bb 7"]
    );
    assert_eq!(r.warnings.len(), 1, "{:?}", r.warnings);
    assert!(r.warnings[0].contains("`zz-bb` is 7"), "{:?}", r.warnings);
}

#[test]
fn module_search_skips_folders_and_reads_each_file_once() {
    // spec 5.7: the first candidate that is a file. `first/inc.g` is a
    // folder, so `second/inc.g` is the module; the peek at its first form
    // and its full read share one read of the file.
    let dir = tempfile::tempdir().expect("temp dir");
    let (first, second) = (dir.path().join("first"), dir.path().join("second"));
    std::fs::create_dir_all(first.join("inc.g")).expect("folder");
    std::fs::create_dir_all(&second).expect("folder");
    std::fs::write(
        second.join("inc.g"),
        "(game-module \"inc\") (define found 7)",
    )
    .expect("write");
    let main = dir.path().join("m.g");
    std::fs::write(&main, "(include \"inc\")").expect("write");
    let options = gdl::Options {
        lib_dirs: vec![first, second.clone()],
        ..gdl::Options::default()
    };
    let loaded = gdl::load(main.to_str().expect("utf-8 temp path"), options);
    assert!(loaded.fatal.is_none(), "{:?}", loaded.fatal);
    let dump = String::from_utf8_lossy(&gdl::dump::dump(&loaded.interp)).into_owned();
    assert!(dump.contains("module \"inc\" loaded 1"), "{dump}");
    assert!(dump.contains("sym found 7\n"), "{dump}");
    let files: Vec<_> = loaded.interp.files.iter().map(|f| f.path.clone()).collect();
    assert_eq!(files, [main, second.join("inc.g")]);
}

#[test]
fn files_given_in_memory_are_found_before_the_disk() {
    // Options::memory: a candidate path equal to a given file's path is read
    // from memory; a disk file at a later candidate is not reached.
    let dir = tempfile::tempdir().expect("temp dir");
    std::fs::write(
        dir.path().join("inc.g"),
        "(game-module \"inc\") (define found 1)",
    )
    .expect("write");
    let given = |path: &str, text: &str| gdl::MemoryFile {
        path: std::path::PathBuf::from(path),
        bytes: text.as_bytes().into(),
    };
    let options = gdl::Options {
        lib_dirs: vec!["(built-in)".into(), dir.path().to_path_buf()],
        memory: vec![
            given("(built-in)/m.g", "(game-module \"m\") (include \"inc\")"),
            given("(built-in)/inc.g", "(game-module \"inc\") (define found 2)"),
        ],
        ..gdl::Options::default()
    };
    let loaded = gdl::load("m", options);
    assert!(loaded.fatal.is_none(), "{:?}", loaded.fatal);
    let dump = String::from_utf8_lossy(&gdl::dump::dump(&loaded.interp)).into_owned();
    assert!(dump.contains("sym found 2\n"), "{dump}");
    let files: Vec<_> = loaded.interp.files.iter().map(|f| f.path.clone()).collect();
    assert_eq!(
        files,
        ["(built-in)/m.g", "(built-in)/inc.g"].map(std::path::PathBuf::from)
    );
}

#[test]
fn type_warnings_name_the_type_by_its_symbol() {
    // While its declaration is read a type's `name` is still empty, and
    // later it may be a display name: messages use the declared symbol.
    let r = run(
        "(unit-type inf (hp 3) (cp -4))\n(unit-type tank (name \"Big Tank\"))\n(add tank bogus 1)",
    );
    let has = |text: &str| r.warnings.iter().any(|w| w.contains(text));
    assert!(
        has("unit type `inf` has no property named `hp`"),
        "{:?}",
        r.warnings
    );
    assert!(
        has("unit type `inf` property `cp` is -4"),
        "{:?}",
        r.warnings
    );
    assert!(
        has("unit type `tank` has no property named `bogus`"),
        "{:?}",
        r.warnings
    );
}

#[test]
fn table_value_reads_entries_and_kernel_defaults() {
    let mut it = gdl::Interp::new(gdl::Options::default());
    it.eval_text(format!("{TYPES}(table mp-to-traverse (a y 5))").as_bytes())
        .expect("no fatal error");
    let t = it.table_index("mp-to-traverse").expect("a kernel table");
    assert!(it.table_is_set(t));
    assert_eq!(it.table_value(t, 0, 1), 5);
    assert_eq!(it.table_value(t, 1, 1), -1, "the kernel default");
    assert_eq!(
        it.table_value(t, 9, 9),
        -1,
        "out of range reads the default"
    );
    let c = it.table_index("hit-chance").expect("a kernel table");
    assert!(!it.table_is_set(c));
    assert_eq!(it.table_value(c, 0, 0), 0);
    assert!(it.table_index("no-such-table").is_none());
}

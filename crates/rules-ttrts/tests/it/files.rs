//! The file formats of ttrts spec section 2, map loading (2.3) and the
//! project's decisions of section 10 that concern files.

use ttrts::format::{read_map, write_state};
use ttrts::maps::{bundled, MAP_NAMES};
use ttrts::orders::{parse_orders, write_orders, Order};

const TINY: &str = "==== ttrts v0.4.0 ====\nNAME:T\nSIZE:[4,4]\nTURN:0\nWALL:NONE\n~~~~\n";

fn map_with_units(units: &str) -> String {
    format!("{TINY}{units}END")
}

// ---- 2.1 the state file ------------------------------------------------

#[test]
fn the_state_file_is_written_byte_for_byte() {
    let text = "==== ttrts v0.4.0 ====\nNAME:Two\nSIZE:[3,2]\nTURN:7\nWALL:[1,0][1,0]\n~~~~\nUNIT:4 pl:1 vs:< dr:W ps:[2,1]\nUNIT:0 pl:0 vs:^ dr:N ps:[0,0]\nEND";
    let (state, _) = read_map(text.as_bytes()).unwrap();
    assert_eq!(write_state(&state), text);
}

#[test]
fn no_walls_are_written_as_none_and_the_file_ends_without_a_newline() {
    let (state, _) =
        read_map(map_with_units("UNIT:1 pl:0 vs:^ dr:N ps:[0,0]\n").as_bytes()).unwrap();
    let out = write_state(&state);
    assert!(out.contains("\nWALL:NONE\n~~~~\n"));
    assert!(out.ends_with("]\nEND"));
    assert!(
        out.starts_with("==== ttrts v0.4.0 ====\n"),
        "decision 11: four `=` each side"
    );
}

#[test]
fn decision_8_long_wall_lists_are_read_and_written_in_full() {
    let walls: String = (0..200).map(|x| format!("[{x},5]")).collect();
    assert!(walls.len() > 511);
    let text = format!("==== ttrts v0.4.0 ====\nNAME:Long\nSIZE:[200,10]\nTURN:0\nWALL:{walls}\n~~~~\nUNIT:1 pl:0 vs:^ dr:N ps:[0,0]\nEND");
    let (state, _) = read_map(text.as_bytes()).unwrap();
    assert_eq!(state.walls.len(), 200);
    assert_eq!(write_state(&state), text);
}

// ---- 2.3 maps ---------------------------------------------------------------

#[test]
fn decision_12_a_unit_on_an_occupied_tile_is_dropped_with_a_warning() {
    let (state, warnings) = read_map(
        map_with_units("UNIT:7 pl:0 vs:x dr:N ps:[0,0]\nUNIT:3 pl:1 vs:^ dr:S ps:[0,0]\nUNIT:9 pl:1 vs:< dr:E ps:[1,1]\n").as_bytes(),
    )
    .unwrap();
    assert_eq!(
        state.units.iter().map(|u| u.id).collect::<Vec<_>>(),
        vec![7, 9]
    );
    assert_eq!(warnings.len(), 1);
    assert_eq!(warnings[0].line, 8);
    assert!(warnings[0].message.contains("already stands on [0,0]"));
}

#[test]
fn a_unit_may_stand_on_a_wall_and_its_glyph_is_recomputed() {
    let text = "==== ttrts v0.4.0 ====\nNAME:T\nSIZE:[4,4]\nTURN:0\nWALL:[1,1]\n~~~~\nUNIT:9 pl:1 vs:< dr:E ps:[1,1]\nEND";
    let (state, warnings) = read_map(text.as_bytes()).unwrap();
    assert!(warnings.is_empty());
    assert_eq!(state.units.len(), 1);
    assert!(write_state(&state).contains("UNIT:9 pl:1 vs:> dr:E ps:[1,1]"));
}

#[test]
fn units_the_original_drops_silently_are_dropped_with_warnings() {
    let (state, warnings) = read_map(
        map_with_units("UNIT:65535 pl:0 vs:^ dr:N ps:[0,0]\nUNIT:2 pl:4 vs:^ dr:N ps:[1,0]\nUNIT:3 pl:0 vs:\u{7f} dr:N ps:[2,0]\nUNIT:4 pl:0 vs:^ dr:N ps:[9,0]\nUNIT:5 pl:1 vs:^ dr:N ps:[3,3]\n").as_bytes(),
    )
    .unwrap();
    assert_eq!(
        state.units.iter().map(|u| u.id).collect::<Vec<_>>(),
        vec![5]
    );
    assert_eq!(warnings.len(), 4);
}

#[test]
fn ids_are_taken_verbatim_with_gaps() {
    let (state, _) = read_map(
        map_with_units("UNIT:12 pl:0 vs:^ dr:N ps:[0,0]\nUNIT:3 pl:1 vs:^ dr:N ps:[1,0]\n")
            .as_bytes(),
    )
    .unwrap();
    assert_eq!(
        state.units.iter().map(|u| u.id).collect::<Vec<_>>(),
        vec![12, 3]
    );
    assert_eq!(state.players, vec![0, 1]);
}

fn map_error(text: &str) -> String {
    read_map(text.as_bytes()).unwrap_err().to_string()
}

#[test]
fn maps_the_original_misreads_are_errors_with_line_and_column() {
    assert_eq!(
        map_error(&map_with_units("UNIT:1 pl:5 vs:^ dr:N ps:[0,0]\n")),
        "7:11: player 5 does not exist; players are 0 to 3"
    );
    assert_eq!(
        map_error(&map_with_units("UNIT:1 pl:0 vs:^ dr:Q ps:[0,0]\n")),
        "7:21: expected a direction N, E, S or W after `dr:`, found `Q ps:[0,0]`"
    );
    assert_eq!(
        map_error(&map_with_units(
            "UNIT:1 pl:0 vs:^ dr:N ps:[0,0]\nUNIT:1 pl:1 vs:^ dr:N ps:[1,1]\n"
        )),
        "8:6: unit id 1 is used twice; every unit needs its own id"
    );
    assert_eq!(
        map_error(&map_with_units("garbage\n")),
        "7:1: expected `UNIT:` (a unit line, `UNIT:id pl:P vs:G dr:D ps:[x,y]`), found `garbage`"
    );
    assert!(map_error("NAME:x\n~~~~\nEND").starts_with("1:1: expected `==== ttrts v`"));
    assert!(map_error("==== ttrts v0.4.0 ====\nNAME:x\n").contains("no line `~~~~`"));
    assert_eq!(
        map_error("==== ttrts v0.4.0 ====\nNAME:T\nSIZE:[4,4]\nTURN:0\nWALL:[1,1][2,x]\n~~~~\nEND"),
        "5:14: expected the wall's y (a whole number), found `x]`"
    );
    assert_eq!(
        map_error("==== ttrts v0.4.0 ====\nNAME:T\nSIZE:[4,4]\nTURN:0\nWALL:[9,1]\n~~~~\nEND"),
        "5:6: wall [9,1] is off the 4x4 board"
    );
}

#[test]
fn the_header_tolerates_any_whitespace_and_warns_on_another_version() {
    let text = "==== ttrts v0.3.2 ====\r\nNAME:  Spaced\n\nSIZE:[ 4, 4]\nTURN: 5\nWALL:NONE\n~~~~\nUNIT:1 pl:0 vs:^ dr:N ps:[0,0]\nEND\n";
    let (state, warnings) = read_map(text.as_bytes()).unwrap();
    assert_eq!(
        (state.name.as_str(), state.width, state.turn),
        ("Spaced", 4, 5)
    );
    assert_eq!(warnings.len(), 1);
    assert!(warnings[0].message.contains("0.3"));
}

#[test]
fn blank_lines_and_a_final_newline_after_end_are_fine() {
    let (state, warnings) =
        read_map(format!("{TINY}\nUNIT:1 pl:0 vs:^ dr:N ps:[0,0]\n\nEND\n").as_bytes()).unwrap();
    assert_eq!(state.units.len(), 1);
    assert!(warnings.is_empty());
}

#[test]
fn an_unterminated_last_unit_line_is_not_read_and_says_so() {
    let (state, warnings) =
        read_map(format!("{TINY}UNIT:1 pl:0 vs:^ dr:N ps:[0,0]").as_bytes()).unwrap();
    assert!(state.units.is_empty());
    assert_eq!(warnings.len(), 1);
}

// ---- 2.2 order files ----------------------------------------------------

fn orders(text: &str) -> Vec<(u16, char)> {
    parse_orders(text.as_bytes())
        .unwrap()
        .expect("complete")
        .iter()
        .map(|o| (o.unit, char::from(o.command)))
        .collect()
}

#[test]
fn every_format_variant_the_original_accepts_is_accepted() {
    assert_eq!(
        orders("ORDER:F  id:3\nORDER:Fid:3\nORDER:F id: 3\nORDER:F id:+3\nORDER:F id:3 junk\nORDER:F id:3\r\nEND"),
        vec![(3, 'F'); 6]
    );
}

#[test]
fn ids_wrap_modulo_65536_and_any_command_byte_is_accepted() {
    assert_eq!(
        orders("ORDER:A id:65540\nORDER:x id:1\nORDER:  id:2\nEND"),
        vec![(4, 'A'), (1, 'x'), (2, ' ')]
    );
}

#[test]
fn decision_4_end_with_or_without_one_newline() {
    assert_eq!(orders("ORDER:F id:1\nEND"), vec![(1, 'F')]);
    assert_eq!(orders("ORDER:F id:1\nEND\n"), vec![(1, 'F')]);
    assert_eq!(orders("END"), vec![]);
}

#[test]
fn a_file_without_its_end_line_is_not_complete_yet() {
    for partial in ["", "ORDER:F id:1\n", "ORDER:F id:1\nEN", "ORDER:F i"] {
        assert_eq!(parse_orders(partial.as_bytes()), Ok(None), "{partial:?}");
    }
}

fn order_errors(text: &str) -> Vec<String> {
    parse_orders(text.as_bytes())
        .unwrap_err()
        .iter()
        .map(ToString::to_string)
        .collect()
}

#[test]
fn decision_4_anything_after_end_is_an_error() {
    assert_eq!(
        order_errors("ORDER:F id:1\nEND\r\n"),
        vec!["line 2, column 1: `END` must stand alone on its line, with nothing before or after it (not even spaces or a carriage return)"]
    );
    assert_eq!(
        order_errors("END\nORDER:F id:1\nEND"),
        vec!["line 2, column 1: nothing may follow the `END` line (one final newline is allowed); move these orders above `END`"]
    );
    assert_eq!(order_errors("ORDER:F id:1\nEND ").len(), 1);
}

#[test]
fn decision_6_malformed_lines_reject_the_whole_file_naming_each_line() {
    let errors = order_errors("ORDER:F id:1\nORDER:L id:\ngarbage\nORDER: F id:3\n\nEND");
    assert_eq!(
        errors,
        vec![
            "line 2, column 12: expected `ORDER:C id:N` (C one of F, L, R, A; N a unit id); the unit id after `id:` is missing",
            "line 3, column 1: expected `ORDER:C id:N` (C one of F, L, R, A; N a unit id); found `garbage`",
            "line 4, column 8: expected `ORDER:C id:N` (C one of F, L, R, A; N a unit id); `id:` is missing after the command",
            "line 5, column 1: expected `ORDER:C id:N` (C one of F, L, R, A; N a unit id); found ``",
        ]
    );
    // The 4-byte file "\nEND" starts with a blank line.
    assert_eq!(order_errors("\nEND").len(), 1);
}

#[test]
fn orders_are_written_as_the_original_reads_them() {
    let list = vec![
        Order {
            unit: 3,
            command: b'F',
        },
        Order {
            unit: 10,
            command: b'A',
        },
    ];
    let text = write_orders(&list);
    assert_eq!(text, "ORDER:F id:3\nORDER:A id:10\nEND");
    assert_eq!(parse_orders(text.as_bytes()).unwrap().unwrap(), list);
}

// ---- 2.4 bundled maps -------------------------------------------------------

#[test]
fn the_bundled_maps_match_the_files_in_maps_ttrts() {
    for name in MAP_NAMES {
        let path = format!("{}/../../maps/ttrts/{name}.txt", env!("CARGO_MANIFEST_DIR"));
        let file = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
        assert_eq!(
            write_state(&bundled(name).unwrap()),
            file,
            "{name}: regenerate with `orderly ttrts maps --out maps/ttrts`"
        );
        let (again, warnings) = read_map(file.as_bytes()).unwrap();
        assert!(warnings.is_empty());
        assert_eq!(write_state(&again), file);
    }
}

#[test]
fn the_classic_maps_have_the_original_generators_quirks() {
    let tiny = bundled("tiny2player").unwrap();
    assert_eq!(
        tiny.units.iter().map(|u| u.id).collect::<Vec<_>>(),
        vec![0, 1, 2, 3]
    );
    let m4 = bundled("Medium4Player").unwrap();
    assert_eq!(m4.units.len(), 15);
    assert!(m4.units.iter().all(|u| u.id != 10));
    assert_eq!(m4.units_of(1).count(), 3);
    assert_eq!(m4.walls.len(), 8);
}

#[test]
fn the_large_maps_have_the_sizes_the_benchmarks_need() {
    let s = bundled("Skirmish50").unwrap();
    assert_eq!(
        (s.width, s.height, s.units.len(), s.players.len()),
        (50, 50, 40, 4)
    );
    let b = bundled("Battle200").unwrap();
    assert_eq!(
        (b.width, b.height, b.units.len(), b.players.len()),
        (200, 200, 400, 2)
    );
}

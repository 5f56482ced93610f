//! Rivers and roads a module gives in its area (`aux-terrain` layers, spec
//! §3.4): they become the state's border and connection masks, so modules
//! with a drawn map of rivers play with them.

use std::sync::Arc;

use engine::{Match, Ruleset, Setup};
use proptest::prelude::*;
use xconq::geometry::{opposite, DX, DY};
use xconq::rules::Rules;
use xconq::state::State;
use xconq::Xconq;

use super::shared_lib;

/// Loads a module given as text, and sets its state up from it.
fn state_of(src: &str) -> (Rules, State) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("m.g");
    std::fs::write(&path, src).unwrap();
    let loaded = gdl::load(path.to_str().unwrap(), gdl::Options::default());
    assert!(loaded.fatal.is_none(), "{:?}", loaded.fatal);
    let rules = Rules::from_interp(&loaded.interp);
    let state = xconq::setup::from_module(&rules, &loaded.interp, 1);
    (rules, state)
}

/// Every bit of every border and connection mask has its opposite bit on
/// the neighbour across the edge (the kernel keeps both, §3.4).
fn edges_are_paired(s: &State, t: usize) -> bool {
    let a = s.area;
    (0..a.height).all(|y| {
        (0..a.width).all(|x| {
            !a.in_area(x, y)
                || (0..6).all(|d| {
                    s.aux_at(t, x, y) & (1 << d) == 0 || {
                        let (nx, ny) = (a.wrapx(x + DX[d]), y + DY[d]);
                        a.in_area(nx, ny) && s.aux_at(t, nx, ny) & (1 << opposite(d)) != 0
                    }
                })
        })
    })
}

#[test]
fn a_module_s_river_and_road_layers_become_edge_masks_on_both_cells() {
    // A wrapping 4x3 world; the river bit 1 (east) is given on (1, 1)
    // only, the road bit 0 on (0, 0) only.
    let (r, s) = state_of(
        "(unit-type a) (terrain-type sea) (terrain-type plains)\n\
         (terrain-type river (subtype border)) (terrain-type road (subtype connection))\n\
         (world 4)\n(area 4 3 (terrain \"4b\" \"4b\" \"4b\"))\n\
         (area (aux-terrain river \"4a\" \"ac2a\" \"4a\"))\n\
         (area (aux-terrain road \"4a\" \"4a\" \"b3a\"))",
    );
    let river = r.terrain_names.iter().position(|n| n == "river").unwrap();
    let road = r.terrain_names.iter().position(|n| n == "road").unwrap();
    assert_eq!(s.aux_at(river, 1, 1), 1 << 1);
    let (ex, ey) = (s.area.wrapx(1 + DX[1]), 1 + DY[1]);
    assert_eq!(
        s.aux_at(river, ex, ey),
        1 << opposite(1),
        "the far side of the edge"
    );
    assert_eq!(s.aux_at(road, 0, 0), 1 << 0);
    assert!(edges_are_paired(&s, river) && edges_are_paired(&s, road));
    let set: usize = [river, road]
        .iter()
        .map(|&t| s.aux[t].iter().filter(|&&m| m != 0).count())
        .sum();
    assert_eq!(set, 4, "two edges, each on two cells");
}

#[test]
fn a_layer_of_a_coating_type_is_refused_with_its_place() {
    let err = super::setup_error(
        "coated",
        "(unit-type a (acp-per-turn 1)) (terrain-type plains) (terrain-type snow (subtype coating))\n\
         (terrain-type river (subtype border))\n\
         (world 4)\n(area 4 3 (terrain \"4a\" \"4a\" \"4a\"))\n(side 1)\n(a 1 1 1)\n\
         (area (aux-terrain river \"4b\"))\n(area (aux-terrain snow \"4b\"))\n",
    );
    assert!(err.contains("aux-terrain") && err.contains("snow"), "{err}");
    assert!(
        err.contains("coated.g:8:"),
        "names the file and the line of its layer: {err}"
    );
}

/// The corpus modules that play only since their area's river and road
/// layers are read: each sets up with its rivers or roads, edges paired,
/// and the greedy bot plays a few turns without breaking an invariant and
/// without being shown a unit outside the area.
#[test]
fn corpus_modules_with_drawn_rivers_and_roads_play() {
    let Some(lib) = shared_lib() else { return };
    let rules = Arc::new(Xconq::new(xconq::library::Library::with_dirs([lib])));
    // `mod-usa` draws its roads; the two others include `t-e1-river`.
    for (name, aux) in [
        ("mod-usa", "road"),
        ("ww2s-42", "river"),
        ("ww2s-pac-41", "river"),
    ] {
        let setup = Setup {
            scenario: name.into(),
            seed: 3,
            ..Setup::default()
        };
        let mut m = Match::start(rules.clone(), setup, false, None)
            .unwrap_or_else(|e| panic!("{name}: {e}"));
        let g = m.state();
        let t = g.rules.terrain_names.iter().position(|n| n == aux).unwrap();
        let cells = g.state.aux[t].iter().filter(|&&m| m != 0).count();
        assert!(cells > 0, "{name}: no {aux} cell");
        assert!(
            edges_are_paired(&g.state, t),
            "{name}: {aux} edges unpaired"
        );
        let off_world = g
            .state
            .units
            .iter()
            .filter(|u| u.hp > 0 && !u.flushed && u.x < 0);
        println!(
            "{name}: {cells} {aux} cells, {} units off the world",
            off_world.count()
        );
        // The fog check includes: no seat is shown a unit off the world.
        super::greedy_turns(&rules, &mut m, 3, 3, name);
        // The record's units per seat leave out those off the world.
        for seat_units in rules.units(m.state()) {
            for u in seat_units {
                let (x, y) = (u.assignment.x.as_i64(), u.assignment.y.as_i64());
                assert!(
                    x >= Some(0) && y >= Some(0),
                    "{name}: unit {} at {x:?},{y:?}",
                    u.id
                );
            }
        }
        // Every seat's view and picture, and the spectator's, are made
        // (units off the world are in none of them).
        let drawing = xconq::picture::Drawing;
        for seat in m.awaiting().into_iter().map(Some).chain([None]) {
            let view = serde_json::to_value(m.view(seat)).unwrap();
            render::view_svg(&drawing, &view).unwrap_or_else(|e| panic!("{name}: {e}"));
        }
    }
}

/// The character a layer row uses for value `v` (0..64) by default (gdl
/// spec 4.8.2: `a` + v up to 29, then `:` + v − 30).
fn code(v: u8) -> char {
    if v < 30 {
        char::from(b'a' + v)
    } else {
        char::from(b':' + v - 30)
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, .. ProptestConfig::default() })]

    /// Any river layer, on a wrapping or a hexagonal area: every bit given
    /// towards a cell of the area is on both cells of its edge, and no
    /// other bit is set.
    #[test]
    fn any_layer_gives_paired_edges_and_only_the_given_ones(
        (w, h, wrap, values) in (3i32..9, 3i32..7, any::<bool>()).prop_flat_map(|(w, h, wrap)| {
            (
                Just(w),
                Just(h),
                Just(wrap),
                proptest::collection::vec(0u8..64, (w * h) as usize),
            )
        })
    ) {
        // Rows top first: value of (x, y) at values[y * w + x].
        let rows: Vec<String> = (0..h)
            .rev()
            .map(|y| {
                let row: String = (0..w).map(|x| code(values[(y * w + x) as usize])).collect();
                format!("\"{row}\"")
            })
            .collect();
        let terrain: Vec<String> = (0..h).map(|_| format!("\"{w}a\"")).collect();
        let (r, s) = state_of(&format!(
            "(unit-type a) (terrain-type plains) (terrain-type river (subtype border))\n\
             (world {})\n(area {w} {h} (terrain {}))\n(area (aux-terrain river {}))",
            if wrap { w } else { 10 * w },
            terrain.join(" "),
            rows.join(" ")
        ));
        let t = r.terrain_names.iter().position(|n| n == "river").unwrap();
        let a = s.area;
        prop_assert!(edges_are_paired(&s, t));
        let given = |x: i32, y: i32, d: usize| a.in_area(x, y) && values[(y * w + x) as usize] & (1 << d) != 0;
        for y in 0..h {
            for x in (0..w).filter(|&x| a.in_area(x, y)) {
                for d in 0..6 {
                    let (nx, ny) = (a.wrapx(x + DX[d]), y + DY[d]);
                    let edge = a.in_area(nx, ny);
                    let want = edge && (given(x, y, d) || given(nx, ny, opposite(d)));
                    prop_assert_eq!(
                        s.aux_at(t, x, y) & (1 << d) != 0,
                        want,
                        "cell {},{} bit {}", x, y, d
                    );
                }
            }
        }
    }
}

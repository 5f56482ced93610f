//! Rules no fixture exercises, each on a small hand-made position in
//! intro's world (spec D21), citing its section.

use xconq::kernel::K;
use xconq::replay::load_game;
use xconq::rules::Rules;
use xconq::state::State;

use super::{add_unit as add, shared_lib};

fn intro() -> Option<(Rules, State)> {
    let lib = shared_lib()?;
    let (r, mut s) = load_game("intro", &[lib], 3).expect("intro loads");
    K::new(&r, &mut s).start_phase();
    Some((r, s))
}

/// Jinod is at (12, 10); (12, 9) and (13, 9) are plains next to it.
#[test]
fn infantry_cannot_change_side_but_armor_can() {
    let Some((r, mut s)) = intro() else { return };
    let mut k = K::new(&r, &mut s);
    let inf = add(&mut k, "infantry", 1, 12, 9);
    let arm = add(&mut k, "armor", 1, 13, 9);
    // §8.11: acp-to-change-side 0 for infantry.
    assert_eq!(k.execute(inf, "change-side", &[2], 0), "cannot-do");
    assert_eq!(k.execute(arm, "change-side", &[2], 0), "action-done");
    assert_eq!(k.u(arm).side, 2);
    assert!(k.s.sides[2].units.contains(&arm));
    assert_eq!(k.u(arm).number, 1, "renumbered on its new side (§8.14)");
}

#[test]
fn development_is_capped_at_the_per_turn_maximum() {
    let Some((r, mut s)) = intro() else { return };
    let mut k = K::new(&r, &mut s);
    let city = add(&mut k, "city", 1, 13, 9);
    let nuke = r.unit_type("nuclear-bomb").unwrap() as i32;
    k.um(city).acp = 10;
    for _ in 0..5 {
        assert_eq!(k.execute(city, "develop", &[nuke], 0), "action-done");
    }
    // §8.7: tech-per-turn-max 3.
    assert_eq!(k.s.sides[1].tech[nuke as usize], 3);
    assert_eq!(k.u(city).acp, 5);
}

#[test]
fn a_tank_out_of_fuel_starves_by_fractions() {
    let Some((r, mut s)) = intro() else { return };
    let mut k = K::new(&r, &mut s);
    let arm = add(&mut k, "armor", 1, 13, 9);
    k.um(arm).supply[0] = 0;
    let rs = k.s.rng.rs;
    // §10.7: hp-per-starve 5 for armor is 0.05 hp: one draw, and armor
    // (1 hp) dies only when the fraction comes up.
    k.maybe_starve(arm, false);
    assert_ne!(k.s.rng.rs, rs, "a fractional loss draws");
    let mut deaths = 0;
    for _ in 0..200 {
        if !k.alive(arm) {
            break;
        }
        k.maybe_starve(arm, true);
        deaths += i32::from(!k.alive(arm));
    }
    assert_eq!(deaths, 1, "the tank starves within 200 tries at 5%");
    let last = k.s.history.events.last().unwrap();
    assert_eq!(last.kind, "unit-starved");
}

#[test]
fn a_nuke_turns_plains_into_desert_and_destroys_the_stack() {
    let Some((r, mut s)) = intro() else { return };
    let mut k = K::new(&r, &mut s);
    let nuke = add(&mut k, "nuclear-bomb", 1, 13, 10);
    let victim = add(&mut k, "armor", 2, 12, 11);
    let plains = r.terrain_names.iter().position(|n| n == "plains").unwrap();
    let desert = r.terrain_names.iter().position(|n| n == "desert").unwrap();
    assert_eq!(k.s.terrain_at(12, 11), plains);
    // §8.12: one cell away, plains become desert (one draw), units die.
    assert_eq!(k.execute(nuke, "detonate", &[12, 11, 0], 0), "action-done");
    assert_eq!(k.s.terrain_at(12, 11), desert);
    assert!(!k.alive(victim));
    assert!(!k.alive(nuke), "1 hp of self-damage kills a 1-hp nuke");
    assert_eq!(k.s.sides[1].terrain_view(&k, 12, 11), Some(desert));
}

trait TerrainView {
    fn terrain_view(&self, k: &K<'_>, x: i32, y: i32) -> Option<usize>;
}

impl TerrainView for xconq::state::Side {
    fn terrain_view(&self, k: &K<'_>, x: i32, y: i32) -> Option<usize> {
        match self.vision.terrain[k.s.area.index(x, y)] {
            0 => None,
            t => Some(usize::from(t) - 1),
        }
    }
}

#[test]
fn a_move_into_an_enemy_cell_is_blocked() {
    let Some((r, mut s)) = intro() else { return };
    let mut k = K::new(&r, &mut s);
    let inf = add(&mut k, "infantry", 1, 12, 9);
    add(&mut k, "infantry", 2, 13, 9);
    // §8.4: a complete enemy unit blocks its cell.
    assert_eq!(k.execute(inf, "move", &[13, 9, 0], 0), "blocking-zoc");
    assert_eq!(k.execute(inf, "move", &[11, 9, 0], 0), "action-done");
    assert_eq!((k.u(inf).x, k.u(inf).y), (11, 9));
}

/// §10.5 step 1 with a unit that stays put (`hold`, the decision 7.5 keeps
/// as an asleep plan or a plan to occupy its transport): a town does not
/// top up an infantry's ammo, which it does not need to survive, while the
/// same infantry not holding is topped up.
#[test]
fn a_unit_staying_put_is_not_topped_up() {
    let Some((r, mut s)) = intro() else { return };
    let mut k = K::new(&r, &mut s);
    let jinod = 12;
    let ammo = 1;
    let inf = add(&mut k, "infantry", 1, 13, 9);
    k.leave_cell(inf);
    k.enter_transport(inf, jinod);
    let full = k.u(inf).supply[ammo];
    k.um(inf).supply[ammo] = full - 1;
    k.um(inf).hold = true;
    k.try_transfer_aux(jinod, inf, ammo);
    assert_eq!(k.u(inf).supply[ammo], full - 1, "holding: left alone");
    k.um(inf).hold = false;
    k.try_transfer_aux(jinod, inf, ammo);
    assert_eq!(k.u(inf).supply[ammo], full, "moving: topped up");
}

//! The rules of ttrts spec section 6 (turn resolution), 4 (end of game) and
//! 5 (applying order files), one small board per rule, written from the spec.

use engine::record::Action;
use engine::{GameRng, Ruleset, Seat};
use ttrts::format::{read_map, write_state};
use ttrts::orders::parse_orders;
use ttrts::{Pos, State, Ttrts};

/// A board from a compact description: `units` are `id player dir x y`.
fn board(w: u16, h: u16, walls: &[(u16, u16)], units: &[(u16, u8, char, u16, u16)]) -> State {
    let mut text = format!("==== ttrts v0.4.0 ====\nNAME:Test\nSIZE:[{w},{h}]\nTURN:0\nWALL:");
    if walls.is_empty() {
        text.push_str("NONE");
    }
    for (x, y) in walls {
        text.push_str(&format!("[{x},{y}]"));
    }
    text.push_str("\n~~~~\n");
    for (id, pl, dr, x, y) in units {
        text.push_str(&format!("UNIT:{id} pl:{pl} vs:^ dr:{dr} ps:[{x},{y}]\n"));
    }
    text.push_str("END");
    let (state, warnings) = read_map(text.as_bytes()).expect("test map");
    assert!(warnings.is_empty(), "{warnings:?}");
    state
}

/// Resolves one turn; `orders` are `(player, "F1 L2")` = command + unit id.
fn turn(state: &mut State, orders: &[(u8, &str)]) -> Vec<Action> {
    let given: Vec<(Seat, ttrts::Orders)> = orders
        .iter()
        .map(|(p, list)| {
            let text: String = list
                .split_whitespace()
                .map(|o| format!("ORDER:{} id:{}\n", &o[..1], &o[1..]))
                .collect::<String>()
                + "END";
            (
                Seat(*p as usize),
                parse_orders(text.as_bytes()).unwrap().unwrap(),
            )
        })
        .collect();
    let mut log = vec![];
    Ttrts.resolve(state, &given, &mut GameRng::from_seed(0), Some(&mut log));
    log
}

/// `(id, x, y, dir)` of every unit, in list order.
fn units(state: &State) -> Vec<(u16, u16, u16, char)> {
    state
        .units
        .iter()
        .map(|u| (u.id, u.pos.x, u.pos.y, u.dir.letter()))
        .collect()
}

fn walls(state: &State) -> Vec<(u16, u16)> {
    state.walls.iter().map(|p| (p.x, p.y)).collect()
}

// ---- 6.1 moves -------------------------------------------------------

#[test]
fn a_move_steps_forward_and_leaves_a_wall() {
    let mut s = board(5, 5, &[], &[(1, 0, 'E', 2, 2), (2, 1, 'N', 0, 0)]);
    turn(&mut s, &[(0, "F1")]);
    assert_eq!(units(&s)[0], (1, 3, 2, 'E'));
    assert_eq!(walls(&s), vec![(2, 2)]);
    assert_eq!(s.turn, 1);
}

#[test]
fn a_move_off_the_board_fails_including_the_low_edge() {
    let mut s = board(3, 3, &[], &[(1, 0, 'W', 0, 1), (2, 1, 'N', 2, 2)]);
    turn(&mut s, &[(0, "F1"), (1, "F2")]);
    assert_eq!(units(&s), vec![(1, 0, 1, 'W'), (2, 2, 2, 'N')]);
    assert!(s.walls.is_empty());
}

#[test]
fn a_move_into_a_wall_fails() {
    let mut s = board(3, 3, &[(1, 1)], &[(1, 0, 'E', 0, 1), (2, 1, 'N', 2, 2)]);
    turn(&mut s, &[(0, "F1")]);
    assert_eq!(units(&s)[0], (1, 0, 1, 'E'));
}

#[test]
fn walls_left_earlier_in_the_phase_block_later_moves() {
    // Unit 1 moves east out of [1,1]; unit 2, listed after, wants [1,1].
    let mut s = board(
        4,
        4,
        &[],
        &[(1, 0, 'E', 1, 1), (2, 0, 'N', 1, 0), (3, 1, 'N', 3, 3)],
    );
    turn(&mut s, &[(0, "F1 F2")]);
    assert_eq!(units(&s)[..2], [(1, 2, 1, 'E'), (2, 1, 0, 'N')]);
}

#[test]
fn two_units_moving_into_one_tile_both_stay() {
    let mut s = board(3, 3, &[], &[(1, 0, 'E', 0, 1), (2, 1, 'W', 2, 1)]);
    turn(&mut s, &[(0, "F1"), (1, "F2")]);
    assert_eq!(units(&s), vec![(1, 0, 1, 'E'), (2, 2, 1, 'W')]);
}

#[test]
fn a_move_into_a_unit_that_does_not_move_fails_whatever_its_order() {
    for order in ["", "L2", "R2", "A2", "X2"] {
        let mut s = board(4, 1, &[], &[(1, 0, 'E', 0, 0), (2, 1, 'N', 1, 0)]);
        turn(&mut s, &[(0, "F1"), (1, order)]);
        assert_eq!(
            (s.units[0].pos.x, s.units[0].pos.y),
            (0, 0),
            "occupant order {order:?}"
        );
    }
}

#[test]
fn following_an_earlier_mover_is_blocked_by_its_wall() {
    // Occupant listed first moves away and leaves a wall: the follower fails.
    let mut s = board(
        4,
        1,
        &[],
        &[(2, 0, 'E', 1, 0), (1, 0, 'E', 0, 0), (9, 1, 'W', 3, 0)],
    );
    turn(&mut s, &[(0, "F2 F1")]);
    assert_eq!(units(&s)[..2], [(2, 2, 0, 'E'), (1, 0, 0, 'E')]);
}

#[test]
fn following_a_later_mover_moves_in_first_and_the_occupant_walls_it() {
    // (Had the occupant faced east too, the follower's new intent would
    // claim its target, as in the column of three.)
    let mut s = board(
        5,
        2,
        &[],
        &[(1, 0, 'E', 0, 0), (2, 0, 'N', 1, 0), (9, 1, 'W', 4, 0)],
    );
    turn(&mut s, &[(0, "F1 F2")]);
    assert_eq!(units(&s)[..2], [(1, 1, 0, 'E'), (2, 1, 1, 'N')]);
    // The occupant's wall is under the follower.
    assert_eq!(walls(&s), vec![(0, 0), (1, 0)]);
}

#[test]
fn following_a_later_mover_that_fails_puts_both_on_one_tile() {
    let mut s = board(2, 1, &[], &[(1, 0, 'E', 0, 0), (2, 1, 'E', 1, 0)]);
    turn(&mut s, &[(0, "F1"), (1, "F2")]);
    assert_eq!(units(&s), vec![(1, 1, 0, 'E'), (2, 1, 0, 'E')]);
}

#[test]
fn a_head_on_swap_ends_with_both_on_one_tile() {
    let mut s = board(4, 1, &[], &[(1, 0, 'E', 1, 0), (2, 1, 'W', 2, 0)]);
    turn(&mut s, &[(0, "F1"), (1, "F2")]);
    assert_eq!(units(&s), vec![(1, 2, 0, 'E'), (2, 2, 0, 'W')]);
    assert_eq!(walls(&s), vec![(1, 0)]);
}

#[test]
fn a_column_of_three_shares_a_tile_whichever_way_it_is_listed() {
    let rear_first = [
        (1, 0, 'E', 0, 0),
        (2, 0, 'E', 1, 0),
        (3, 0, 'E', 2, 0),
        (9, 1, 'N', 5, 0),
    ];
    let mut s = board(6, 1, &[], &rear_first);
    turn(&mut s, &[(0, "F1 F2 F3")]);
    assert_eq!(
        units(&s)[..3],
        [(1, 1, 0, 'E'), (2, 1, 0, 'E'), (3, 3, 0, 'E')]
    );
    assert_eq!(walls(&s), vec![(0, 0), (2, 0)]);

    let front_first = [
        (3, 0, 'E', 2, 0),
        (2, 0, 'E', 1, 0),
        (1, 0, 'E', 0, 0),
        (9, 1, 'N', 5, 0),
    ];
    let mut s = board(6, 1, &[], &front_first);
    turn(&mut s, &[(0, "F1 F2 F3")]);
    assert_eq!(
        units(&s)[..3],
        [(3, 3, 0, 'E'), (2, 1, 0, 'E'), (1, 1, 0, 'E')]
    );
    assert_eq!(walls(&s), vec![(2, 0), (0, 0)]);
}

#[test]
fn a_unit_leaving_a_wall_tile_adds_a_duplicate_wall_entry() {
    let mut s = board(3, 1, &[(0, 0)], &[(1, 0, 'E', 0, 0), (9, 1, 'N', 2, 0)]);
    turn(&mut s, &[(0, "F1")]);
    assert_eq!(walls(&s), vec![(0, 0), (0, 0)]);
    assert!(write_state(&s).contains("WALL:[0,0][0,0]\n"));
}

// ---- 6.2 rotations ----------------------------------------------------

#[test]
fn left_and_right_turn_ninety_degrees() {
    let mut s = board(
        3,
        3,
        &[],
        &[(1, 0, 'N', 0, 0), (2, 0, 'N', 1, 0), (3, 1, 'S', 2, 2)],
    );
    turn(&mut s, &[(0, "L1 R2"), (1, "L3")]);
    assert_eq!(
        units(&s),
        vec![(1, 0, 0, 'W'), (2, 1, 0, 'E'), (3, 2, 2, 'E')]
    );
    let text = write_state(&s);
    assert!(text.contains("UNIT:1 pl:0 vs:< dr:W ps:[0,0]\n"), "{text}");
}

// ---- 6.3 attacks --------------------------------------------------------

#[test]
fn an_attacker_charges_to_the_wall_and_stays_there_leaving_no_walls() {
    let mut s = board(6, 1, &[(5, 0)], &[(1, 0, 'E', 0, 0), (9, 1, 'N', 5, 0)]);
    // Unit 9 stands on a wall tile; the charge stops in front of it.
    turn(&mut s, &[(0, "A1")]);
    assert_eq!(units(&s), vec![(1, 4, 0, 'E'), (9, 5, 0, 'N')]);
    assert_eq!(walls(&s), vec![(5, 0)]);
}

#[test]
fn a_charge_kills_every_unit_it_enters_friend_or_foe() {
    let mut s = board(
        5,
        2,
        &[],
        &[
            (1, 0, 'E', 0, 0),
            (2, 0, 'N', 2, 0),
            (3, 1, 'N', 3, 0),
            (4, 1, 'N', 4, 1),
        ],
    );
    turn(&mut s, &[(0, "A1")]);
    assert_eq!(units(&s), vec![(1, 4, 0, 'E'), (4, 4, 1, 'N')]);
}

#[test]
fn walls_made_by_moves_this_turn_stop_charges() {
    // Unit 2 moves north out of [2,0], leaving a wall in the attacker's lane.
    let mut s = board(
        5,
        2,
        &[],
        &[(1, 0, 'E', 0, 0), (2, 1, 'N', 2, 0), (3, 1, 'N', 4, 0)],
    );
    turn(&mut s, &[(0, "A1"), (1, "F2")]);
    assert_eq!(
        units(&s),
        vec![(1, 1, 0, 'E'), (2, 2, 1, 'N'), (3, 4, 0, 'N')]
    );
}

#[test]
fn a_unit_that_moved_or_turned_into_the_lane_is_hit() {
    let mut s = board(
        4,
        2,
        &[],
        &[(1, 0, 'E', 0, 0), (2, 1, 'S', 2, 1), (3, 1, 'N', 3, 1)],
    );
    turn(&mut s, &[(0, "A1"), (1, "F2 R3")]);
    assert_eq!(units(&s), vec![(1, 3, 0, 'E'), (3, 3, 1, 'E')]);
}

#[test]
fn attackers_in_one_lane_facing_the_same_way_pile_up_and_die() {
    let mut s = board(
        4,
        1,
        &[],
        &[(1, 0, 'E', 0, 0), (2, 0, 'E', 2, 0), (9, 1, 'N', 1, 0)],
    );
    turn(&mut s, &[(0, "A1 A2")]);
    // Unit 1 kills unit 9 on the way, then catches unit 2 stopped at the edge.
    assert!(units(&s).is_empty());
}

#[test]
fn facing_attackers_with_an_odd_gap_meet_and_both_die() {
    let mut s = board(
        5,
        1,
        &[],
        &[(1, 0, 'E', 0, 0), (2, 1, 'W', 2, 0), (9, 1, 'N', 4, 0)],
    );
    turn(&mut s, &[(0, "A1"), (1, "A2")]);
    assert_eq!(units(&s), vec![(9, 4, 0, 'N')]);
}

#[test]
fn adjacent_facing_attackers_swap_and_die_by_the_pass_through_test() {
    let mut s = board(
        3,
        3,
        &[],
        &[(1, 0, 'N', 1, 0), (2, 1, 'S', 1, 1), (9, 1, 'E', 0, 2)],
    );
    turn(&mut s, &[(0, "A1"), (1, "A2")]);
    assert_eq!(units(&s), vec![(9, 0, 2, 'E')]);
}

/// Where each attack action left its unit (the record's last assignment).
fn charge_ends(log: &[Action]) -> Vec<(u64, serde_json::Value)> {
    log.iter()
        .filter(|a| a.action_type == "attack")
        .map(|a| {
            let end = a
                .results
                .iter()
                .flatten()
                .find(|r| r.unit == a.unit)
                .and_then(|r| r.changes.as_ref()?.get("assignment").cloned())
                .unwrap_or(serde_json::Value::Null);
            (a.unit.unwrap(), end)
        })
        .collect()
}

#[test]
fn the_pass_through_test_has_the_originals_east_west_sign_error() {
    // East–west, gap of two: after one step the attackers face each other
    // on adjacent tiles and the (mis-signed) test kills them at once.
    let mut s = board(4, 1, &[], &[(1, 0, 'E', 0, 0), (2, 1, 'W', 3, 0)]);
    let log = turn(&mut s, &[(0, "A1"), (1, "A2")]);
    assert!(s.units.is_empty());
    assert_eq!(
        charge_ends(&log),
        vec![
            (1, serde_json::json!([1, 0])),
            (2, serde_json::json!([2, 0]))
        ]
    );
    // North–south has no such case: they take one more step, swap, and die
    // back to back.
    let mut s = board(1, 4, &[], &[(1, 0, 'N', 0, 0), (2, 1, 'S', 0, 3)]);
    let log = turn(&mut s, &[(0, "A1"), (1, "A2")]);
    assert!(s.units.is_empty());
    assert_eq!(
        charge_ends(&log),
        vec![
            (1, serde_json::json!([0, 2])),
            (2, serde_json::json!([0, 1]))
        ]
    );
}

#[test]
fn back_to_back_attackers_die_even_when_both_are_blocked() {
    let mut s = board(2, 1, &[], &[(1, 0, 'W', 0, 0), (2, 1, 'E', 1, 0)]);
    turn(&mut s, &[(0, "A1"), (1, "A2")]);
    assert!(s.units.is_empty());
    // With only one of them attacking nothing happens.
    let mut s = board(2, 1, &[], &[(1, 0, 'W', 0, 0), (2, 1, 'E', 1, 0)]);
    turn(&mut s, &[(0, "A1")]);
    assert_eq!(units(&s).len(), 2);
}

#[test]
fn a_blocked_attacker_still_kills_a_unit_sharing_its_tile() {
    // A head-on swap puts units 1 and 2 on [1,0]; unit 2 then attacks west
    // into the wall unit 1 left: blocked, but it kills unit 1 beside it.
    let mut s = board(
        3,
        1,
        &[],
        &[(1, 0, 'E', 0, 0), (2, 1, 'W', 1, 0), (9, 1, 'N', 2, 0)],
    );
    turn(&mut s, &[(0, "F1"), (1, "F2")]);
    assert_eq!(units(&s)[..2], [(1, 1, 0, 'E'), (2, 1, 0, 'W')]);
    turn(&mut s, &[(1, "A2")]);
    assert_eq!(units(&s), vec![(2, 1, 0, 'W'), (9, 2, 0, 'N')]);
}

#[test]
fn non_attackers_sharing_a_tile_do_not_hurt_each_other() {
    let mut s = board(2, 1, &[], &[(1, 0, 'E', 0, 0), (2, 1, 'E', 1, 0)]);
    turn(&mut s, &[(0, "F1"), (1, "F2")]);
    turn(&mut s, &[(0, "L1"), (1, "R2")]);
    assert_eq!(units(&s).len(), 2);
}

#[test]
fn survivors_keep_their_list_order() {
    let mut s = board(
        4,
        2,
        &[],
        &[
            (5, 1, 'N', 3, 1),
            (1, 0, 'E', 0, 0),
            (7, 1, 'N', 2, 0),
            (3, 1, 'N', 0, 1),
        ],
    );
    turn(&mut s, &[(0, "A1")]);
    assert_eq!(
        units(&s).iter().map(|u| u.0).collect::<Vec<_>>(),
        vec![5, 1, 3]
    );
}

// ---- 6.4 bookkeeping and the record -------------------------------------

#[test]
fn orders_last_one_turn_only() {
    let mut s = board(4, 1, &[], &[(1, 0, 'E', 0, 0), (9, 1, 'N', 3, 0)]);
    turn(&mut s, &[(0, "F1")]);
    turn(&mut s, &[]);
    assert_eq!(units(&s)[0], (1, 1, 0, 'E'));
    assert_eq!(s.turn, 2);
}

#[test]
fn the_record_logs_moves_turns_and_kills() {
    let mut s = board(
        4,
        2,
        &[],
        &[(1, 0, 'E', 0, 0), (2, 0, 'N', 0, 1), (9, 1, 'N', 3, 0)],
    );
    let log = turn(&mut s, &[(0, "A1 L2")]);
    let kinds: Vec<&str> = log.iter().map(|a| a.action_type.as_str()).collect();
    assert_eq!(kinds, vec!["turn", "attack"]);
    let attack = serde_json::to_value(&log[1]).unwrap();
    assert_eq!(
        attack["results"][0]["changes"]["assignment"],
        serde_json::json!([3, 0])
    );
    assert_eq!(attack["results"][1]["unit"], 9);
    assert_eq!(attack["results"][1]["changes"]["alive"], false);
}

// ---- 5 applying order files ---------------------------------------------

#[test]
fn the_last_order_for_a_unit_wins_and_inert_commands_replace_too() {
    let mut s = board(4, 1, &[], &[(1, 0, 'E', 0, 0), (9, 1, 'N', 3, 0)]);
    turn(&mut s, &[(0, "L1 F1")]);
    assert_eq!(units(&s)[0], (1, 1, 0, 'E'));
    let mut s = board(4, 1, &[], &[(1, 0, 'E', 0, 0), (9, 1, 'N', 3, 0)]);
    turn(&mut s, &[(0, "F1 X1")]);
    assert_eq!(units(&s)[0], (1, 0, 0, 'E'));
}

#[test]
fn an_order_for_a_unit_that_is_not_yours_stops_the_rest_of_the_file() {
    for bad in ["F9", "F42"] {
        let mut s = board(
            4,
            2,
            &[],
            &[(1, 0, 'N', 0, 0), (2, 0, 'N', 1, 0), (9, 1, 'S', 3, 1)],
        );
        turn(&mut s, &[(0, &format!("L1 {bad} R2"))]);
        assert_eq!(
            units(&s)[..2],
            [(1, 0, 0, 'W'), (2, 1, 0, 'N')],
            "after {bad}"
        );
    }
}

#[test]
fn the_player_is_told_which_lines_were_ignored() {
    let s = board(
        4,
        2,
        &[],
        &[(1, 0, 'N', 0, 0), (2, 0, 'N', 1, 0), (9, 1, 'S', 3, 1)],
    );
    let orders = parse_orders(b"ORDER:L id:1\nORDER:F id:9\nORDER:R id:2\nEND")
        .unwrap()
        .unwrap();
    let notes = Ttrts.check(&s, Seat(0), &orders).unwrap();
    assert_eq!(notes.len(), 1);
    assert_eq!(notes[0].line, Some(2));
    assert!(
        notes[0].message.contains("belongs to Green"),
        "{}",
        notes[0].message
    );
    assert!(
        notes[0].message.contains("the 1 after it are ignored"),
        "{}",
        notes[0].message
    );
}

// ---- 4 end of the game ----------------------------------------------------

#[test]
fn one_player_left_wins_even_if_it_cannot_move() {
    let s = board(1, 1, &[], &[(1, 2, 'N', 0, 0)]);
    let o = Ttrts.outcome(&s).unwrap();
    assert_eq!(o.winner, Some(Seat(2)));
}

#[test]
fn no_units_left_is_a_draw() {
    let mut s = board(2, 1, &[], &[(1, 0, 'E', 0, 0), (2, 1, 'W', 1, 0)]);
    turn(&mut s, &[(0, "A1"), (1, "A2")]);
    let o = Ttrts.outcome(&s).unwrap();
    assert_eq!((o.winner, o.reason.as_str()), (None, "no units are left"));
}

#[test]
fn no_unit_able_to_move_is_a_draw_and_units_are_not_obstacles() {
    let s = board(3, 1, &[(1, 0)], &[(1, 0, 'E', 0, 0), (2, 1, 'W', 2, 0)]);
    assert_eq!(Ttrts.outcome(&s).unwrap().reason, "no unit can move");
    // Next to each other with no walls: they "can move" (into each other).
    let s = board(2, 1, &[], &[(1, 0, 'E', 0, 0), (2, 1, 'W', 1, 0)]);
    assert_eq!(Ttrts.outcome(&s), None);
}

#[test]
fn players_without_units_are_not_awaited() {
    let s = board(
        3,
        3,
        &[],
        &[(1, 0, 'E', 0, 0), (2, 2, 'W', 2, 2), (3, 1, 'N', 1, 0)],
    );
    assert_eq!(Ttrts.awaiting(&s), vec![Seat(0), Seat(1), Seat(2)]);
    let mut s = s;
    turn(&mut s, &[(0, "A1")]);
    assert_eq!(Ttrts.awaiting(&s), vec![Seat(0), Seat(2)]);
    assert_eq!(Ttrts.seats(&s).len(), 3);
}

#[test]
fn unused_player_numbers_are_empty_seats() {
    let s = board(3, 3, &[], &[(1, 0, 'E', 0, 0), (2, 2, 'W', 2, 2)]);
    assert_eq!(Ttrts.seats(&s).len(), 3);
    assert_eq!(Ttrts.awaiting(&s), vec![Seat(0), Seat(2)]);
    assert!(s.units.iter().all(|u| u.pos != Pos::new(1, 1)));
}

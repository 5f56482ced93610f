//! The rulebook's worked examples (tae spec 16), one test (or a few for
//! variants) per example.

use crate::common;

use common::*;
use tae::board::{Cell, Terrain};
use tae::map::load;
use tae::state::{Cause, Phase};
use tae::{Reason, Tae};

// ---- Example 1: map loading and coordinates ----

#[test]
fn ex1_rows_become_coordinates_with_the_last_line_at_y0() {
    let b = load(b".M.\nA..").unwrap();
    assert_eq!((b.width, b.height), (3, 2));
    assert_eq!(b.terrain(at(1, 1)), Terrain::Uninhabitable);
    assert_eq!(b.terrain(at(0, 1)), Terrain::Inhabitable);
    assert!(b
        .cell(at(0, 0))
        .colony()
        .is_some_and(|c| c.artifact && c.is_scientist()));
    assert_eq!(*b.cell(at(1, 0)), Cell::Empty);
    assert_eq!(*b.cell(at(2, 0)), Cell::Empty);
    let mut n: Vec<_> = b.neighbours(at(0, 0)).collect();
    n.sort();
    assert_eq!(n, vec![at(0, 1), at(1, 0)]);
}

#[test]
fn ex1_crlf_and_final_line_end_load_the_same() {
    let plain = load(b".M.\nA..").unwrap();
    assert_eq!(load(b".M.\r\nA..\r\n").unwrap(), plain);
    assert_eq!(load(b".M.\nA..\n").unwrap(), plain);
}

fn map_error(text: &[u8]) -> String {
    load(text).unwrap_err().to_string()
}

#[test]
fn ex1_unexpected_character_names_line_and_column() {
    assert!(map_error(b".M.\nA.X").starts_with("line 2, column 3: unexpected character `X`"));
}

#[test]
fn ex1_trailing_space_is_an_unexpected_character() {
    assert!(map_error(b".M. \nA..").starts_with("line 1, column 4: unexpected character ` `"));
}

#[test]
fn ex1_short_row() {
    assert!(map_error(b".M.\nA.").starts_with("line 2: 2 systems, expected 3"));
}

#[test]
fn ex1_empty_line_in_the_middle() {
    assert!(map_error(b".M.\n\nA..").starts_with("line 2: empty row"));
}

#[test]
fn ex1_two_final_line_ends() {
    assert!(map_error(b".M.\nA..\n\n").starts_with("line 3: empty row"));
}

#[test]
fn ex1_empty_file() {
    assert!(map_error(b"").starts_with("empty map"));
}

#[test]
fn ex1_first_problem_wins() {
    assert!(map_error(b".m.\nA.x").starts_with("line 1, column 2"));
}

// ---- Example 2: scoring ----

fn ex2() -> tae::State {
    let mut s = game(&["......A", ".A...A.", "......."], 2);
    leader(&mut s, ALICE, Merchant, 2, 1);
    leader(&mut s, BOB, Settler, 1, 0);
    hand(
        &mut s,
        ALICE,
        &[Merchant, Scientist, Mining, Mining, Mining, Mining],
    );
    hand(
        &mut s,
        BOB,
        &[Settler, Merchant, Mining, Mining, Mining, Mining],
    );
    s
}

#[test]
fn ex2_matching_leader_settler_fallback_and_no_leader() {
    let mut s = ex2();
    assert_eq!(
        sorted(regions(&s)),
        sorted(vec![
            region(&[(1, 0), (1, 1), (2, 1)]),
            region(&[(5, 1)]),
            region(&[(6, 2)])
        ])
    );
    let a = vec![
        colonize(&s, ALICE, Merchant, 3, 1),
        colonize(&s, ALICE, Scientist, 1, 2),
    ];
    let b = vec![
        colonize(&s, BOB, Settler, 0, 1),
        colonize(&s, BOB, Merchant, 5, 0),
    ];
    play(&mut s, &[(ALICE, a), (BOB, b)]);
    assert_eq!(points(&s, ALICE), [1, 0, 0, 0]);
    assert_eq!(points(&s, BOB), [0, 1, 1, 0]);
    assert_eq!(
        sorted(regions(&s)),
        sorted(vec![
            region(&[(0, 1), (1, 0), (1, 1), (1, 2), (2, 1), (3, 1)]),
            region(&[(5, 0), (5, 1)]),
            region(&[(6, 2)]),
        ])
    );
    assert_eq!(s.board.artifacts(), 3);
    assert_eq!(s.phase, Phase::Normal);
    assert_eq!(s.first, BOB);
    assert_eq!(
        s.players[ALICE].score.artifacts + s.players[BOB].score.artifacts,
        0
    );
}

// ---- Example 3: unions ----

fn ex3() -> tae::State {
    let mut s = game(&["A.....A", ".......", ".......", "......A"], 3);
    for (x, y) in [(1, 1), (5, 1), (3, 3), (3, 0)] {
        colony(&mut s, x, y, Scientist);
    }
    leader(&mut s, ALICE, Merchant, 2, 1);
    leader(&mut s, BOB, Settler, 4, 1);
    leader(&mut s, CAROL, Scientist, 3, 2);
    hand(
        &mut s,
        ALICE,
        &[Settler, Settler, Merchant, Mining, Mining, Mining],
    );
    hand(
        &mut s,
        BOB,
        &[Merchant, Mining, Mining, Mining, Mining, Mining],
    );
    hand(&mut s, CAROL, &[Mining; 6]);
    s
}

#[test]
fn ex3_three_leader_regions_is_too_many_kingdoms() {
    let s = ex3();
    let o = colonize(&s, ALICE, Settler, 3, 1);
    assert_eq!(
        rejected(&s, ALICE, &[o]),
        vec![(0, Reason::TooManyKingdoms)]
    );
}

#[test]
fn ex3_union_scores_nothing_and_one_kingdom_plus_leaderless_scores() {
    let mut s = ex3();
    let a = vec![colonize(&s, ALICE, Settler, 4, 2)];
    let b = vec![colonize(&s, BOB, Merchant, 2, 0)];
    play(&mut s, &[(ALICE, a), (BOB, b), (CAROL, vec![])]);
    assert_eq!(points(&s, ALICE), [1, 0, 0, 0]);
    assert_eq!(points(&s, BOB), [0; 4]);
    assert_eq!(points(&s, CAROL), [0; 4]);
    assert!(s.queue.is_empty());
    assert_eq!(s.phase, Phase::Normal);
    assert_eq!(
        sorted(regions(&s)),
        sorted(vec![
            region(&[(1, 1), (2, 0), (2, 1), (3, 0)]),
            region(&[(3, 2), (3, 3), (4, 1), (4, 2), (5, 1)]),
            region(&[(0, 3)]),
            region(&[(6, 3)]),
            region(&[(6, 0)]),
        ])
    );
}

// ---- Example 4: leader move legality ----

fn ex4() -> tae::State {
    let mut s = game(&["A.A...", ".M....", "A..A.."], 2);
    leader(&mut s, ALICE, Scientist, 1, 0);
    s
}

#[test]
fn ex4_submission_reasons_in_order() {
    let s = ex4();
    let orders = vec![
        move_to(ALICE, Merchant, 1, 2),
        move_to(ALICE, Merchant, 1, 1),
        move_to(ALICE, Merchant, 5, 2),
        move_to(ALICE, Merchant, 0, 0),
        move_to(ALICE, Scientist, 1, 0),
        move_to(ALICE, Scientist, 2, 0),
        move_to(ALICE, Merchant, 3, 1),
        move_to(ALICE, Settler, 4, 0),
    ];
    assert_eq!(
        rejected(&s, ALICE, &orders),
        vec![
            (0, Reason::JoinsRegions),
            (1, Reason::WrongTerrain),
            (2, Reason::NoScientistNeighbour),
            (3, Reason::Occupied),
            (4, Reason::AlreadyThere),
            (7, Reason::TooManyOrders),
        ]
    );
    // Order 8 alone would be legal.
    assert!(rejected(&s, ALICE, &[move_to(ALICE, Settler, 4, 0)]).is_empty());
}

#[test]
fn ex4_later_move_fails_joins_regions_at_resolution() {
    let mut s = ex4();
    let a = vec![
        move_to(ALICE, Scientist, 2, 0),
        move_to(ALICE, Merchant, 3, 1),
    ];
    let b = vec![move_to(BOB, Merchant, 2, 1)];
    play(&mut s, &[(ALICE, a), (BOB, b)]);
    assert_eq!(leader_at(&s, ALICE, Scientist), Some(at(2, 0)));
    assert_eq!(leader_at(&s, ALICE, Merchant), Some(at(3, 1)));
    assert_eq!(leader_at(&s, BOB, Merchant), None);
    let failed = s.events.iter().any(|e| {
        matches!(
            e,
            tae::events::Event::Failed {
                seat: BOB,
                reason: Reason::JoinsRegions,
                ..
            }
        )
    });
    assert!(failed, "{:?}", s.events);
    assert!(s.queue.is_empty());
    assert!(s.players.iter().all(|p| p.score.total() == 0));
}

// ---- Example 5: internal combat ----

fn ex5(first: usize) -> tae::State {
    let mut s = game(&["......A", "A......", "......A"], 2);
    for (x, y) in [(1, 2), (3, 1), (4, 1)] {
        colony(&mut s, x, y, Scientist);
    }
    colony(&mut s, 2, 1, Merchant);
    leader(&mut s, BOB, Merchant, 1, 1);
    hand(
        &mut s,
        ALICE,
        &[
            Scientist, Scientist, Scientist, Merchant, Merchant, Merchant,
        ],
    );
    hand(
        &mut s,
        BOB,
        &[Scientist, Merchant, Settler, Settler, Settler, Settler],
    );
    s.first = first;
    let a = vec![move_to(ALICE, Merchant, 3, 2)];
    let b = vec![colonize(&s, BOB, Merchant, 2, 2)];
    play(&mut s, &[(ALICE, a), (BOB, b)]);
    s
}

#[test]
fn ex5_move_queues_internal_conflict_and_point_is_lost() {
    let s = ex5(ALICE);
    assert_eq!(points(&s, BOB), [0; 4]);
    assert_eq!(s.first, BOB);
    assert_eq!(s.players[BOB].hand.len(), 6);
    let Phase::Combat(c) = &s.phase else {
        panic!("turn 2 must be a combat turn: {:?}", s.phase)
    };
    assert_eq!(c.conflict.cause, Cause::Internal);
    assert_eq!((c.conflict.attacker, c.conflict.defender), (ALICE, BOB));
    assert!(!c.external);
    assert_eq!(c.reinforcement, Scientist);
    assert_eq!((c.attacker_strength, c.defender_strength), (1, 2));
}

#[test]
fn ex5_combat_turn_rejects_normal_orders_and_wrong_types() {
    let s = ex5(ALICE);
    assert_eq!(
        rejected(&s, ALICE, &[colonize(&s, ALICE, Merchant, 5, 0)]),
        vec![(0, Reason::CombatTurn)]
    );
    let merchant = colonists(&s, ALICE, Merchant)[0];
    assert_eq!(
        rejected(&s, ALICE, &reinforce(&[merchant])),
        vec![(0, Reason::WrongColonistType)]
    );
    assert_eq!(
        engine::Ruleset::awaiting(&Tae, &s),
        vec![engine::Seat(ALICE), engine::Seat(BOB)]
    );
}

#[test]
fn ex5a_tie_goes_to_the_defender() {
    let mut s = ex5(ALICE);
    let a = colonists(&s, ALICE, Scientist)[..2].to_vec();
    let b = colonists(&s, BOB, Scientist)[..1].to_vec();
    let (ha, hb) = (s.players[ALICE].hand.len(), s.players[BOB].hand.len());
    let techs = (points(&s, BOB)[1], 0);
    play(&mut s, &[(ALICE, reinforce(&a)), (BOB, reinforce(&b))]);
    assert_eq!(leader_at(&s, ALICE, Merchant), None);
    assert_eq!(leader_at(&s, BOB, Merchant), Some(at(1, 1)));
    assert_eq!(points(&s, BOB)[1], techs.0 + 1);
    assert_eq!(points(&s, ALICE), [0; 4]);
    // The committed colonists left; the refill topped the hands up again.
    assert_eq!((ha, hb), (6, 6));
    for id in a.iter().chain(&b) {
        assert!(s.players.iter().all(|p| p.colonist(*id).is_none()));
    }
    assert!(regions(&s).contains(&region(&[
        (0, 1),
        (1, 1),
        (1, 2),
        (2, 1),
        (2, 2),
        (3, 1),
        (4, 1)
    ])));
    assert_eq!(s.phase, Phase::Normal);
    assert_eq!(s.first, BOB);
}

#[test]
fn ex5b_attacker_wins_with_a_greater_total() {
    let mut s = ex5(ALICE);
    let a = colonists(&s, ALICE, Scientist)[..2].to_vec();
    play(&mut s, &[(ALICE, reinforce(&a)), (BOB, vec![])]);
    assert_eq!(leader_at(&s, BOB, Merchant), None);
    assert_eq!(leader_at(&s, ALICE, Merchant), Some(at(3, 2)));
    assert_eq!(points(&s, ALICE), [0, 1, 0, 0]);
    assert_eq!(
        sorted(regions(&s)),
        sorted(vec![
            region(&[(0, 1)]),
            region(&[(1, 2), (2, 1), (2, 2), (3, 1), (3, 2), (4, 1)]),
            region(&[(6, 2)]),
            region(&[(6, 0)]),
        ])
    );
    assert_eq!(s.phase, Phase::Normal);
    assert_eq!(s.first, BOB);
}

#[test]
fn ex5_with_bob_first_his_colony_scores_before_alice_arrives() {
    let s = ex5(BOB);
    assert_eq!(points(&s, BOB), [1, 0, 0, 0]);
    assert!(matches!(s.phase, Phase::Combat(_)));
}

// ---- Example 6: external combat ----

fn ex6(players: usize, placer: usize) -> tae::State {
    let mut s = game(&["A..A..A", ".......", ".......", "......."], players);
    colony(&mut s, 0, 1, Scientist);
    colony(&mut s, 6, 1, Scientist);
    for (x, y) in [(2, 1), (2, 0), (4, 1), (4, 0), (5, 0)] {
        colony(&mut s, x, y, Merchant);
    }
    leader(&mut s, ALICE, Merchant, 1, 1);
    leader(&mut s, BOB, Merchant, 5, 1);
    hand(
        &mut s,
        ALICE,
        &[Settler, Merchant, Merchant, Mining, Mining, Mining],
    );
    hand(
        &mut s,
        BOB,
        &[Merchant, Mining, Mining, Mining, Mining, Mining],
    );
    if players > 2 {
        hand(
            &mut s,
            CAROL,
            &[Settler, Mining, Mining, Mining, Mining, Mining],
        );
    }
    let o = vec![colonize(&s, placer, Settler, 3, 1)];
    play(&mut s, &[(placer, o)]);
    s
}

#[test]
fn ex6_union_queues_external_merchant_conflict() {
    let s = ex6(2, ALICE);
    assert!(s.players.iter().all(|p| p.score.total() == 0));
    let Phase::Combat(c) = &s.phase else {
        panic!("combat expected: {:?}", s.phase)
    };
    assert_eq!(c.conflict.cause, Cause::External { uniting: at(3, 1) });
    assert_eq!(c.conflict.leader, Merchant);
    assert_eq!((c.conflict.attacker, c.conflict.defender), (ALICE, BOB));
    assert!(c.external);
    assert_eq!(c.reinforcement, Merchant);
    assert_eq!((c.attacker_strength, c.defender_strength), (2, 3));
}

#[test]
fn ex6a_defender_wins_a_tie_and_removes_the_losers_merchants() {
    let mut s = ex6(2, ALICE);
    let a = colonists(&s, ALICE, Merchant)[..2].to_vec();
    let b = colonists(&s, BOB, Merchant)[..1].to_vec();
    play(&mut s, &[(ALICE, reinforce(&a)), (BOB, reinforce(&b))]);
    assert_eq!(leader_at(&s, ALICE, Merchant), None);
    assert_eq!(points(&s, BOB), [3, 0, 0, 0]);
    assert_eq!(points(&s, ALICE), [0; 4]);
    assert_eq!(*s.board.cell(at(2, 1)), Cell::Empty);
    assert_eq!(*s.board.cell(at(2, 0)), Cell::Empty);
    assert_eq!(
        sorted(regions(&s)),
        sorted(vec![
            region(&[(0, 1)]),
            region(&[(3, 1), (4, 0), (4, 1), (5, 0), (5, 1), (6, 1)]),
            region(&[(0, 3)]),
            region(&[(3, 3)]),
            region(&[(6, 3)]),
        ])
    );
}

#[test]
fn ex6b_attacker_wins_and_removes_three() {
    let mut s = ex6(2, ALICE);
    let a = colonists(&s, ALICE, Merchant)[..2].to_vec();
    play(&mut s, &[(ALICE, reinforce(&a)), (BOB, vec![])]);
    assert_eq!(leader_at(&s, BOB, Merchant), None);
    assert_eq!(points(&s, ALICE), [4, 0, 0, 0]);
    assert_eq!(
        sorted(regions(&s)),
        sorted(vec![
            region(&[(0, 1), (1, 1), (2, 0), (2, 1), (3, 1)]),
            region(&[(6, 1)]),
            region(&[(0, 3)]),
            region(&[(3, 3)]),
            region(&[(6, 3)]),
        ])
    );
}

#[test]
fn ex6c_third_player_places_and_the_next_seat_after_them_attacks() {
    let s = ex6(3, CAROL);
    let Phase::Combat(c) = &s.phase else {
        panic!("combat expected: {:?}", s.phase)
    };
    assert_eq!((c.conflict.attacker, c.conflict.defender), (ALICE, BOB));
}

// ---- Example 7: two conflicts from one colony; the second becomes void ----

#[test]
fn ex7_settler_war_first_then_merchant_record_is_void() {
    let mut s = game(&["A..A..A", ".......", ".......", ".......", "......."], 2);
    for (x, y) in [(0, 1), (1, 2), (6, 1), (6, 2)] {
        colony(&mut s, x, y, Scientist);
    }
    colony(&mut s, 2, 1, Settler);
    colony(&mut s, 4, 1, Settler);
    leader(&mut s, ALICE, Settler, 1, 1);
    leader(&mut s, ALICE, Merchant, 2, 2);
    leader(&mut s, BOB, Settler, 5, 1);
    leader(&mut s, BOB, Merchant, 5, 2);
    hand(&mut s, ALICE, &[Mining; 6]);
    hand(
        &mut s,
        BOB,
        &[Settler, Settler, Mining, Mining, Mining, Mining],
    );
    let o = vec![colonize(&s, BOB, Settler, 3, 1)];
    play(&mut s, &[(BOB, o)]);
    let Phase::Combat(c) = &s.phase else {
        panic!("combat expected: {:?}", s.phase)
    };
    assert_eq!(c.conflict.leader, Settler);
    assert_eq!((c.conflict.attacker, c.conflict.defender), (BOB, ALICE));
    assert_eq!((c.attacker_strength, c.defender_strength), (1, 1));
    assert_eq!(s.queue.len(), 1);
    assert_eq!(s.queue[0].leader, Merchant);
    assert_eq!((s.queue[0].attacker, s.queue[0].defender), (BOB, ALICE));
    let b = colonists(&s, BOB, Settler)[..1].to_vec();
    play(&mut s, &[(BOB, reinforce(&b)), (ALICE, vec![])]);
    assert_eq!(points(&s, BOB), [0, 0, 2, 0]);
    assert_eq!(leader_at(&s, ALICE, Settler), None);
    assert_eq!(leader_at(&s, ALICE, Merchant), Some(at(2, 2)));
    assert_eq!(*s.board.cell(at(2, 1)), Cell::Empty);
    assert_eq!(
        sorted(regions(&s)),
        sorted(vec![
            region(&[(0, 1)]),
            region(&[(1, 2), (2, 2)]),
            region(&[(3, 1), (4, 1), (5, 1), (5, 2), (6, 1), (6, 2)]),
            region(&[(0, 4)]),
            region(&[(3, 4)]),
            region(&[(6, 4)]),
        ])
    );
    let void = s
        .events
        .iter()
        .any(|e| matches!(e, tae::events::Event::Void { conflict } if conflict.leader == Merchant));
    assert!(void, "{:?}", s.events);
    assert!(s.queue.is_empty());
    assert_eq!(s.phase, Phase::Normal);
    assert_eq!(s.first, BOB);
}

// ---- Example 8: scientist war ----

#[test]
fn ex8_scientist_war_keeps_artifact_and_supporting_colonies() {
    let mut s = game(&["A.....A", ".......", "A......", "......."], 3);
    for (x, y) in [(1, 0), (2, 1), (4, 0), (5, 0), (5, 1)] {
        colony(&mut s, x, y, Scientist);
    }
    leader(&mut s, ALICE, Scientist, 1, 1);
    leader(&mut s, ALICE, Merchant, 2, 2);
    leader(&mut s, BOB, Scientist, 4, 1);
    hand(
        &mut s,
        CAROL,
        &[Merchant, Mining, Mining, Mining, Mining, Mining],
    );
    let o = vec![colonize(&s, CAROL, Merchant, 3, 1)];
    play(&mut s, &[(CAROL, o)]);
    let Phase::Combat(c) = &s.phase else {
        panic!("combat expected: {:?}", s.phase)
    };
    assert_eq!(c.conflict.leader, Scientist);
    assert_eq!((c.conflict.attacker, c.conflict.defender), (ALICE, BOB));
    assert_eq!((c.attacker_strength, c.defender_strength), (3, 3));
    assert!(s.queue.is_empty(), "no merchant conflict: {:?}", s.queue);
    play(&mut s, &[(ALICE, vec![]), (BOB, vec![])]);
    assert_eq!(leader_at(&s, ALICE, Scientist), None);
    assert_eq!(points(&s, BOB), [0, 2, 0, 0]);
    assert!(s.board.cell(at(0, 1)).colony().is_some_and(|c| c.artifact));
    assert!(s.board.cell(at(2, 1)).is_scientist_colony());
    assert_eq!(*s.board.cell(at(1, 0)), Cell::Empty);
    assert_eq!(leader_at(&s, ALICE, Merchant), Some(at(2, 2)));
    assert_eq!(
        sorted(regions(&s)),
        sorted(vec![
            region(&[(0, 1)]),
            region(&[(2, 1), (2, 2), (3, 1), (4, 0), (4, 1), (5, 0), (5, 1)]),
            region(&[(0, 3)]),
            region(&[(6, 3)]),
        ])
    );
    assert_eq!(s.board.artifacts(), 3);
}

// ---- Example 9: taking artifacts ----

#[test]
fn ex9_merchant_takes_one_artifact_a_turn_lowest_first() {
    let mut s = game(&["A...A", ".....", "A.A.A", "....."], 2);
    hand(
        &mut s,
        ALICE,
        &[Merchant, Mining, Mining, Mining, Mining, Mining],
    );
    hand(
        &mut s,
        BOB,
        &[Settler, Mining, Mining, Mining, Mining, Mining],
    );
    let a = vec![
        colonize(&s, ALICE, Merchant, 1, 1),
        move_to(ALICE, Merchant, 0, 0),
    ];
    let b = vec![colonize(&s, BOB, Settler, 3, 1)];
    play(&mut s, &[(ALICE, a), (BOB, b)]);
    assert!(s.players.iter().all(|p| p.score.points == [0; 4]));
    assert_eq!(s.players[ALICE].score.artifacts, 1);
    assert!(s
        .board
        .cell(at(0, 1))
        .colony()
        .is_some_and(|c| !c.artifact && c.is_scientist()));
    assert_eq!(s.board.artifacts(), 4);
    play(&mut s, &[]);
    assert_eq!(s.players[ALICE].score.artifacts, 2);
    assert!(s.board.cell(at(2, 1)).colony().is_some_and(|c| !c.artifact));
    assert_eq!(s.board.artifacts(), 3);
    play(&mut s, &[]);
    assert_eq!(s.players[ALICE].score.artifacts, 2);
    assert_eq!(s.board.artifacts(), 3);
    assert_eq!(s.phase, Phase::Normal);
}

// ---- Example 10: bombing and leader support ----

#[test]
fn ex10_bombs_send_leaders_home_and_later_orders_fail() {
    let mut s = game(&[".....A", "A.....", ".....A"], 2);
    colony(&mut s, 2, 1, Merchant);
    colony(&mut s, 3, 1, Scientist);
    leader(&mut s, ALICE, Settler, 1, 1);
    leader(&mut s, BOB, Merchant, 4, 1);
    s.first = BOB;
    let b = vec![
        bomb(&s, BOB, 3, 1),
        Order::Bomb {
            bomber: s.players[BOB].bombers[1],
            x: 1,
            y: 1,
        },
    ];
    let a = vec![move_to(ALICE, Scientist, 3, 0), bomb(&s, ALICE, 3, 1)];
    play(&mut s, &[(ALICE, a), (BOB, b)]);
    assert_eq!(leader_at(&s, BOB, Merchant), None);
    assert_eq!(leader_at(&s, ALICE, Settler), None);
    assert_eq!(leader_at(&s, ALICE, Scientist), None);
    assert_eq!(*s.board.cell(at(3, 1)), Cell::Destroyed);
    assert_eq!(*s.board.cell(at(1, 1)), Cell::Destroyed);
    let failed: Vec<Reason> = s
        .events
        .iter()
        .filter_map(|e| match e {
            tae::events::Event::Failed {
                seat: ALICE,
                reason,
                ..
            } => Some(*reason),
            _ => None,
        })
        .collect();
    assert_eq!(
        failed,
        vec![Reason::NoScientistNeighbour, Reason::Destroyed]
    );
    assert_eq!(s.players[BOB].bombers.len(), 0);
    assert_eq!(s.players[ALICE].bombers.len(), 2);
    assert!(s.players.iter().all(|p| p.score.total() == 0));
    assert_eq!(s.board.artifacts(), 3);
    assert_eq!(s.first, ALICE);
    assert_eq!(
        sorted(regions(&s)),
        sorted(vec![
            region(&[(0, 1)]),
            region(&[(2, 1)]),
            region(&[(5, 2)]),
            region(&[(5, 0)])
        ])
    );
    for target in [(1, 1), (3, 1)] {
        let o = bomb(&s, ALICE, target.0, target.1);
        assert_eq!(rejected(&s, ALICE, &[o]), vec![(0, Reason::Destroyed)]);
    }
}

use tae::Order;

// ---- Example 11: end by artifacts; final score ----

fn ex11(bob_raw: u32) -> tae::State {
    let mut s = game(&[".....", "A.A..", "....A"], 3);
    leader(&mut s, BOB, Merchant, 0, 0);
    s.players[ALICE].score.points = [3, 5, 2, 4];
    s.players[ALICE].score.artifacts = 2;
    s.players[BOB].score.points = [4, 3, 2, bob_raw];
    s.players[BOB].score.artifacts = 1;
    s.players[CAROL].score.points = [3, 3, 3, 3];
    hand(
        &mut s,
        CAROL,
        &[Scientist, Mining, Mining, Mining, Mining, Mining],
    );
    let o = vec![colonize(&s, CAROL, Scientist, 1, 1)];
    play(&mut s, &[(CAROL, o)]);
    s
}

#[test]
fn ex11_last_artifacts_end_the_game_and_tie_breaks_pick_bob() {
    let s = ex11(6);
    assert_eq!(s.players[BOB].score.artifacts, 2);
    assert_eq!(s.players[BOB].score.points, [4, 3, 2, 6]);
    assert_eq!(s.board.artifacts(), 2);
    let Phase::Over(t) = &s.phase else {
        panic!("the game must be over: {:?}", s.phase)
    };
    assert_eq!(t.rows[ALICE].values, [4, 5, 3, 4]);
    assert_eq!(t.rows[BOB].values, [4, 4, 3, 6]);
    assert_eq!(t.rows[CAROL].values, [3, 3, 3, 3]);
    assert!(t.rows.iter().all(|r| r.final_score == 3));
    assert_eq!(t.winner, Some(BOB));
    let places: Vec<usize> = t.rows.iter().map(|r| r.place).collect();
    assert_eq!(places, vec![2, 1, 3]);
    let outcome = engine::Ruleset::outcome(&Tae, &s).expect("over");
    assert_eq!(outcome.winner, Some(engine::Seat(BOB)));
    assert_eq!(outcome.scores, Some(vec![3, 3, 3]));
}

#[test]
fn ex11_variant_equal_sorted_values_share_first_place() {
    let s = ex11(5);
    let Phase::Over(t) = &s.phase else {
        panic!("the game must be over")
    };
    assert_eq!(t.winner, None);
    let places: Vec<usize> = t.rows.iter().map(|r| r.place).collect();
    assert_eq!(places, vec![1, 1, 3]);
    assert_eq!(engine::Ruleset::outcome(&Tae, &s).unwrap().winner, None);
}

// ---- Example 12: end by an empty pool ----

#[test]
fn ex12_empty_pool_ends_the_game() {
    let mut s = game(&["A.A.A", "....."], 2);
    s.pool.counts = [0, 1, 0, 0];
    hand(
        &mut s,
        ALICE,
        &[Settler, Mining, Mining, Mining, Mining, Mining],
    );
    hand(
        &mut s,
        BOB,
        &[Merchant, Mining, Mining, Mining, Mining, Mining],
    );
    s.players[ALICE].score.points = [1, 1, 1, 1];
    s.players[BOB].score.points = [2, 0, 5, 5];
    s.players[BOB].score.artifacts = 1;
    let a = vec![colonize(&s, ALICE, Settler, 0, 0)];
    let b = vec![colonize(&s, BOB, Merchant, 4, 0)];
    play(&mut s, &[(ALICE, a), (BOB, b)]);
    assert_eq!(s.players[ALICE].hand.len(), 6);
    assert_eq!(colonists(&s, ALICE, Scientist).len(), 1);
    assert_eq!(s.players[BOB].hand.len(), 5);
    assert_eq!(s.board.artifacts(), 3);
    let Phase::Over(t) = &s.phase else {
        panic!("the game must be over")
    };
    assert_eq!(t.rows[ALICE].values, [1, 1, 1, 1]);
    assert_eq!(t.rows[BOB].values, [2, 1, 5, 5]);
    assert_eq!(t.winner, Some(BOB));
}

//! One test per legality rule (tae spec 7) and per decision the rulebook
//! takes (tae spec 17) that the worked examples do not already pin down.

use crate::common;

use common::*;
use engine::{GameRng, Ruleset, Seat, Setup};
use tae::board::Cell;
use tae::pieces::{Pool, HAND_SIZE};
use tae::scoring::{final_table, with_wildcards};
use tae::state::{Cause, Phase};
use tae::{Order, Reason, State, Tae};

/// A small open board: three artifacts along the top, room below, an `M`
/// strip on the right for mining colonies.
fn open_board(players: usize) -> State {
    let mut s = game(&["A.A.A.M", ".......", "......M", "......M"], players);
    for seat in 0..players {
        hand(
            &mut s,
            seat,
            &[Merchant, Scientist, Settler, Mining, Mining, Scientist],
        );
    }
    s
}

fn one(state: &State, seat: usize, order: Order) -> Vec<(usize, Reason)> {
    rejected(state, seat, &[order])
}

#[test]
fn game_over_rejects_every_order() {
    let mut s = open_board(2);
    s.phase = Phase::Over(final_table(&[Default::default(); 2], "test"));
    assert_eq!(
        one(&s, ALICE, colonize(&s, ALICE, Merchant, 1, 1)),
        vec![(0, Reason::GameOver)]
    );
    let id = colonists(&s, ALICE, Scientist)[0];
    assert_eq!(
        rejected(&s, ALICE, &reinforce(&[id])),
        vec![(0, Reason::GameOver)]
    );
    assert!(Tae.awaiting(&s).is_empty());
}

#[test]
fn reinforce_in_a_normal_turn_is_not_combat_turn() {
    let s = open_board(2);
    let id = colonists(&s, ALICE, Scientist)[0];
    assert_eq!(
        rejected(&s, ALICE, &reinforce(&[id])),
        vec![(0, Reason::NotCombatTurn)]
    );
}

/// A combat turn between Alice (attacker) and Bob, three players.
fn combat_state() -> State {
    let mut s = open_board(3);
    colony(&mut s, 1, 1, Scientist);
    leader(&mut s, BOB, Merchant, 1, 0);
    play(&mut s, &[(ALICE, vec![move_to(ALICE, Merchant, 2, 1)])]);
    assert!(matches!(s.phase, Phase::Combat(_)), "{:?}", s.phase);
    s
}

#[test]
fn only_combatants_may_reinforce() {
    let s = combat_state();
    assert_eq!(Tae.awaiting(&s), vec![Seat(ALICE), Seat(BOB)]);
    let carol = colonists(&s, CAROL, Scientist)[0];
    assert_eq!(
        rejected(&s, CAROL, &reinforce(&[carol])),
        vec![(0, Reason::NotInCombat)]
    );
}

#[test]
fn reinforce_piece_checks() {
    let s = combat_state();
    let mine = colonists(&s, ALICE, Scientist)[0];
    let bobs = colonists(&s, BOB, Scientist)[0];
    assert_eq!(
        rejected(&s, ALICE, &reinforce(&[9999])),
        vec![(0, Reason::UnknownPiece)]
    );
    assert_eq!(
        rejected(&s, ALICE, &reinforce(&[bobs])),
        vec![(0, Reason::NotYourPiece)]
    );
    assert_eq!(
        rejected(&s, ALICE, &reinforce(&[1])),
        vec![(0, Reason::WrongPieceKind)]
    );
    assert_eq!(
        rejected(&s, ALICE, &reinforce(&[mine, mine])),
        vec![(1, Reason::PieceAlreadyOrdered)]
    );
    // No limit on the number of reinforcements.
    let all = colonists(&s, ALICE, Scientist);
    assert!(all.len() >= 2);
    assert!(rejected(&s, ALICE, &reinforce(&all)).is_empty());
}

#[test]
fn unknown_pieces_include_used_ones() {
    let mut s = open_board(2);
    assert_eq!(
        one(
            &s,
            ALICE,
            Order::Colonize {
                colonist: 9999,
                x: 1,
                y: 1
            }
        ),
        vec![(0, Reason::UnknownPiece)]
    );
    assert_eq!(
        one(
            &s,
            ALICE,
            Order::Move {
                leader: 0,
                x: 1,
                y: 1
            }
        ),
        vec![(0, Reason::UnknownPiece)]
    );
    let used = s.players[ALICE].bombers.remove(0);
    assert_eq!(
        one(
            &s,
            ALICE,
            Order::Bomb {
                bomber: used,
                x: 1,
                y: 1
            }
        ),
        vec![(0, Reason::UnknownPiece)]
    );
    let placed = colonize(&s, ALICE, Merchant, 1, 1);
    play(&mut s, &[(ALICE, vec![placed])]);
    assert_eq!(one(&s, ALICE, placed), vec![(0, Reason::UnknownPiece)]);
}

#[test]
fn other_players_pieces_are_not_yours() {
    let s = open_board(2);
    assert_eq!(
        one(&s, ALICE, colonize(&s, BOB, Merchant, 1, 1)),
        vec![(0, Reason::NotYourPiece)]
    );
    assert_eq!(
        one(&s, ALICE, move_to(BOB, Merchant, 1, 2)),
        vec![(0, Reason::NotYourPiece)]
    );
    assert_eq!(
        one(&s, ALICE, bomb(&s, BOB, 1, 1)),
        vec![(0, Reason::NotYourPiece)]
    );
}

#[test]
fn each_order_needs_its_kind_of_piece() {
    let s = open_board(2);
    let colonist = colonists(&s, ALICE, Merchant)[0];
    let bomber = s.players[ALICE].bombers[0];
    assert_eq!(
        one(
            &s,
            ALICE,
            Order::Colonize {
                colonist: 1,
                x: 1,
                y: 1
            }
        ),
        vec![(0, Reason::WrongPieceKind)]
    );
    assert_eq!(
        one(
            &s,
            ALICE,
            Order::Move {
                leader: bomber,
                x: 1,
                y: 2
            }
        ),
        vec![(0, Reason::WrongPieceKind)]
    );
    assert_eq!(
        one(
            &s,
            ALICE,
            Order::Bomb {
                bomber: colonist,
                x: 1,
                y: 1
            }
        ),
        vec![(0, Reason::WrongPieceKind)]
    );
}

#[test]
fn one_piece_one_order() {
    let s = open_board(2);
    let a = colonize(&s, ALICE, Merchant, 1, 1);
    let Order::Colonize { colonist, .. } = a else {
        unreachable!()
    };
    let b = Order::Colonize {
        colonist,
        x: 3,
        y: 1,
    };
    assert_eq!(
        rejected(&s, ALICE, &[a, b]),
        vec![(1, Reason::PieceAlreadyOrdered)]
    );
}

#[test]
fn targets_off_the_board() {
    let s = open_board(2);
    for (x, y) in [(-1, 0), (0, -1), (7, 0), (0, 4), (i64::MAX, 0)] {
        assert_eq!(
            one(&s, ALICE, colonize(&s, ALICE, Merchant, x, y)),
            vec![(0, Reason::OffBoard)]
        );
    }
}

#[test]
fn one_player_cannot_aim_twice_at_one_system_but_two_players_can() {
    let mut s = open_board(2);
    let a = colonize(&s, ALICE, Merchant, 1, 1);
    let b = colonize(&s, ALICE, Settler, 1, 1);
    assert_eq!(
        rejected(&s, ALICE, &[a, b]),
        vec![(1, Reason::SameTargetTwice)]
    );
    // Bob aims at the same system; Alice resolves first and gets it.
    let bob = colonize(&s, BOB, Settler, 1, 1);
    play(&mut s, &[(ALICE, vec![a]), (BOB, vec![bob])]);
    assert!(s
        .board
        .cell(at(1, 1))
        .colony()
        .is_some_and(|c| c.kind == Merchant));
    let failed = s.events.iter().any(|e| {
        matches!(
            e,
            tae::events::Event::Failed {
                seat: BOB,
                reason: Reason::Occupied,
                ..
            }
        )
    });
    assert!(failed);
    // A failed order consumes nothing (decision 36).
    assert_eq!(colonists(&s, BOB, Settler).len(), 1);
}

#[test]
fn colonize_terrain_and_occupancy() {
    let mut s = open_board(2);
    assert_eq!(
        one(&s, ALICE, colonize(&s, ALICE, Merchant, 6, 0)),
        vec![(0, Reason::WrongTerrain)]
    );
    assert_eq!(
        one(&s, ALICE, colonize(&s, ALICE, Mining, 1, 1)),
        vec![(0, Reason::WrongTerrain)]
    );
    assert!(one(&s, ALICE, colonize(&s, ALICE, Mining, 6, 0)).is_empty());
    assert_eq!(
        one(&s, ALICE, colonize(&s, ALICE, Merchant, 0, 3)),
        vec![(0, Reason::Occupied)]
    );
    s.board.set(at(1, 1), Cell::Destroyed);
    assert_eq!(
        one(&s, ALICE, colonize(&s, ALICE, Merchant, 1, 1)),
        vec![(0, Reason::Destroyed)]
    );
    assert_eq!(
        one(&s, ALICE, move_to(ALICE, Merchant, 1, 1)),
        vec![(0, Reason::Destroyed)]
    );
    assert_eq!(
        one(&s, ALICE, bomb(&s, ALICE, 1, 1)),
        vec![(0, Reason::Destroyed)]
    );
}

#[test]
fn a_rejected_order_counts_toward_no_limit() {
    let s = open_board(2);
    let orders = [
        colonize(&s, ALICE, Merchant, 6, 0),
        colonize(&s, ALICE, Merchant, 1, 1),
        colonize(&s, ALICE, Settler, 3, 1),
    ];
    assert_eq!(
        rejected(&s, ALICE, &orders),
        vec![(0, Reason::WrongTerrain)]
    );
}

#[test]
fn the_second_order_cannot_rely_on_the_first() {
    let s = open_board(2);
    // A scientist colony at (1,1) would give (1,0) a scientist neighbour,
    // but the check uses the board as the turn opened (decision 24).
    let orders = [
        colonize(&s, ALICE, Scientist, 1, 1),
        move_to(ALICE, Merchant, 1, 0),
    ];
    assert_eq!(
        rejected(&s, ALICE, &orders),
        vec![(1, Reason::NoScientistNeighbour)]
    );
}

#[test]
fn a_leader_may_never_join_regions_even_leaderless_ones() {
    let s = open_board(2);
    assert_eq!(
        one(&s, ALICE, move_to(ALICE, Merchant, 1, 3)),
        vec![(0, Reason::JoinsRegions)]
    );
    assert!(one(&s, ALICE, move_to(ALICE, Merchant, 0, 2)).is_empty());
}

#[test]
fn move_onto_an_uninhabitable_system_is_wrong_terrain() {
    let mut s = open_board(2);
    colony(&mut s, 5, 1, Scientist);
    assert_eq!(
        one(&s, ALICE, move_to(ALICE, Merchant, 6, 1)),
        vec![(0, Reason::WrongTerrain)]
    );
}

/// A fixture for the resolution-only check: Bob's merchant leader stands
/// next to a scientist colony; Alice and Carol both send theirs in.
fn three_merchants() -> State {
    let mut s = game(&["A...A", ".....", "A...."], 3);
    colony(&mut s, 2, 1, Scientist);
    leader(&mut s, BOB, Merchant, 1, 1);
    s
}

#[test]
fn a_third_leader_of_a_type_fails_at_resolution() {
    let mut s = three_merchants();
    let a = vec![move_to(ALICE, Merchant, 3, 1)];
    let c = vec![move_to(CAROL, Merchant, 2, 2)];
    // Both are legal at submission (decision 23: resolution only).
    play(&mut s, &[(ALICE, a), (CAROL, c)]);
    assert_eq!(leader_at(&s, ALICE, Merchant), Some(at(3, 1)));
    assert_eq!(leader_at(&s, CAROL, Merchant), None);
    let failed = s.events.iter().any(|e| {
        matches!(
            e,
            tae::events::Event::Failed {
                seat: CAROL,
                reason: Reason::ThreeOfAType,
                ..
            }
        )
    });
    assert!(failed, "{:?}", s.events);
}

#[test]
fn a_colony_joining_three_leaders_of_a_type_fails_at_resolution() {
    let mut s = game(&["A.....A", ".......", "......A"], 3);
    colony(&mut s, 2, 1, Scientist);
    colony(&mut s, 4, 1, Scientist);
    leader(&mut s, BOB, Merchant, 1, 1);
    leader(&mut s, CAROL, Merchant, 4, 2);
    hand(&mut s, CAROL, &[Scientist; 6]);
    let a = vec![move_to(ALICE, Merchant, 2, 0)];
    let c = vec![colonize(&s, CAROL, Scientist, 3, 1)];
    play(&mut s, &[(ALICE, a), (CAROL, c)]);
    let failed = s.events.iter().any(|e| {
        matches!(
            e,
            tae::events::Event::Failed {
                seat: CAROL,
                reason: Reason::ThreeOfAType,
                ..
            }
        )
    });
    assert!(failed, "{:?}", s.events);
    assert_eq!(*s.board.cell(at(3, 1)), Cell::Empty);
}

#[test]
fn setup_identifiers_follow_one_counter() {
    let s = State::new(
        "t",
        tae::map::default_board(),
        3,
        &mut GameRng::from_seed(1),
    )
    .unwrap();
    assert_eq!(s.players[0].bombers, vec![5, 6]);
    assert_eq!(s.players[2].bombers, vec![17, 18]);
    assert_eq!(
        tae::pieces::leader_id(tae::Leader {
            owner: 1,
            kind: Settler
        }),
        9
    );
    let ids: Vec<u64> = s
        .players
        .iter()
        .flat_map(|p| p.hand.iter().map(|c| c.id))
        .collect();
    assert_eq!(ids, (19..37).collect::<Vec<_>>());
    assert!(s.players.iter().all(|p| p.hand.len() == HAND_SIZE));
    assert_eq!(s.pool.total(), 153 - 18);
    assert_eq!(s.next_id, 37);
}

#[test]
fn the_draw_walks_the_types_in_order() {
    let pool = Pool {
        counts: [2, 0, 3, 1],
    };
    let kinds: Vec<_> = (0..6).map(|k| pool.pick(k)).collect();
    assert_eq!(
        kinds,
        vec![Merchant, Merchant, Settler, Settler, Settler, Mining]
    );
    let mut empty = Pool { counts: [0; 4] };
    assert_eq!(empty.draw(&mut GameRng::from_seed(1)), None);
}

#[test]
fn the_pool_starts_with_the_board_games_tiles() {
    assert_eq!(Pool::START.counts, [30, 57, 30, 36]);
    assert_eq!(Pool::START.total(), 153);
}

fn setup(seats: usize, scenario: &str, text: Option<&str>) -> Setup {
    Setup {
        scenario: scenario.into(),
        text: text.map(str::to_string),
        seats: vec![Default::default(); seats],
        ..Setup::default()
    }
}

#[test]
fn two_to_four_players() {
    let mut rng = GameRng::from_seed(1);
    for n in [2, 3, 4] {
        let s = Tae.setup(&setup(n, "default", None), &mut rng).unwrap();
        assert_eq!(Tae.seats(&s).len(), n);
        assert_eq!(s.first, 0);
        assert_eq!(s.turn, 1);
    }
    for n in [1, 5] {
        let e = Tae.setup(&setup(n, "default", None), &mut rng).unwrap_err();
        assert!(e.to_string().contains("2 to 4"), "{e}");
    }
    let s = Tae.setup(&setup(0, "default", None), &mut rng).unwrap();
    assert_eq!(s.seats(), 2);
}

#[test]
fn the_default_board_is_the_shipped_one() {
    let b = tae::map::default_board();
    assert_eq!((b.width, b.height), (16, 11));
    let m = b
        .terrain
        .iter()
        .filter(|t| **t == tae::Terrain::Uninhabitable)
        .count();
    assert_eq!(m, 41);
    let mut arts: Vec<(u16, u16)> = b
        .positions()
        .filter(|&p| b.cell(p).colony().is_some_and(|c| c.artifact))
        .map(|p| (p.x, p.y))
        .collect();
    arts.sort_by_key(|&(x, y)| (y, x));
    assert_eq!(
        arts,
        vec![
            (10, 0),
            (5, 1),
            (14, 2),
            (1, 3),
            (8, 4),
            (13, 6),
            (5, 8),
            (1, 9),
            (15, 9),
            (10, 10)
        ]
    );
}

#[test]
fn a_bad_map_is_an_error_at_its_place_and_never_the_default_board() {
    let mut rng = GameRng::from_seed(1);
    let e = Tae
        .setup(&setup(2, "mine.txt", Some(".M.\nA.X")), &mut rng)
        .unwrap_err();
    assert_eq!(e.location.as_deref(), Some("mine.txt:2:3"));
    let e = Tae.setup(&setup(2, "nowhere", None), &mut rng).unwrap_err();
    assert!(e.to_string().contains("no map named `nowhere`"), "{e}");
    let e = Tae
        .setup(&setup(2, "big.txt", Some(&".".repeat(101))), &mut rng)
        .unwrap_err();
    assert!(e.to_string().contains("map too large"), "{e}");
}

#[test]
fn a_map_with_few_artifacts_ends_after_its_first_turn() {
    let mut s = game(&["A.A", "..."], 2);
    play(&mut s, &[]);
    assert!(matches!(s.phase, Phase::Over(_)));
    assert!(Tae.outcome(&s).is_some());
}

#[test]
fn normal_turns_rotate_the_first_player_and_combat_turns_do_not() {
    let mut s = open_board(3);
    assert_eq!(s.resolution_order(), vec![0, 1, 2]);
    play(&mut s, &[]);
    assert_eq!(s.resolution_order(), vec![1, 2, 0]);
    play(&mut s, &[]);
    assert_eq!(s.resolution_order(), vec![2, 0, 1]);
    let mut c = combat_state();
    let first = c.first;
    play(&mut c, &[(ALICE, vec![]), (BOB, vec![])]);
    assert_eq!(c.first, first);
}

#[test]
fn the_first_in_resolution_order_gets_a_contested_system() {
    let mut s = open_board(2);
    s.first = BOB;
    let a = colonize(&s, ALICE, Merchant, 1, 1);
    let b = colonize(&s, BOB, Settler, 1, 1);
    play(&mut s, &[(ALICE, vec![a]), (BOB, vec![b])]);
    assert!(s
        .board
        .cell(at(1, 1))
        .colony()
        .is_some_and(|c| c.kind == Settler));
}

#[test]
fn a_colony_founding_a_new_region_scores_nothing() {
    let mut s = open_board(2);
    let o = colonize(&s, ALICE, Settler, 3, 1);
    play(&mut s, &[(ALICE, vec![o])]);
    assert!(s.players.iter().all(|p| p.score.total() == 0));
}

#[test]
fn a_settler_colony_without_a_settler_leader_scores_nothing_even_with_others() {
    let mut s = open_board(2);
    leader(&mut s, BOB, Merchant, 0, 2);
    let o = colonize(&s, ALICE, Settler, 1, 2);
    play(&mut s, &[(ALICE, vec![o])]);
    assert!(s.players.iter().all(|p| p.score.total() == 0));
}

#[test]
fn wildcards_go_to_the_lowest_category_first_in_type_order() {
    let mut sc = tae::pieces::Score {
        points: [1, 1, 0, 0],
        artifacts: 3,
    };
    assert_eq!(with_wildcards(&sc), [2, 1, 1, 1]);
    sc.artifacts = 0;
    assert_eq!(with_wildcards(&sc), [1, 1, 0, 0]);
}

#[test]
fn external_records_fought_as_internal_when_the_sides_touch_elsewhere() {
    // Alice's colony at (3,1) unites two merchant regions; Bob's colony at
    // (3,2), resolved later, connects them a second way, so the combat is
    // internal (tae spec 10.2).
    let mut s = game(&["A..A..A", ".......", ".......", "......."], 2);
    colony(&mut s, 0, 1, Scientist);
    colony(&mut s, 6, 1, Scientist);
    colony(&mut s, 2, 1, Merchant);
    colony(&mut s, 2, 2, Merchant);
    colony(&mut s, 4, 1, Merchant);
    colony(&mut s, 4, 2, Merchant);
    leader(&mut s, ALICE, Merchant, 1, 1);
    leader(&mut s, BOB, Merchant, 5, 1);
    hand(&mut s, ALICE, &[Settler; 6]);
    hand(&mut s, BOB, &[Settler; 6]);
    let a = vec![colonize(&s, ALICE, Settler, 3, 1)];
    let b = vec![colonize(&s, BOB, Settler, 3, 2)];
    // Bob's target borders both regions (two leader-holding) at submission.
    play(&mut s, &[(ALICE, a), (BOB, b)]);
    let Phase::Combat(c) = &s.phase else {
        panic!("combat expected: {:?}", s.phase)
    };
    assert_eq!(c.conflict.cause, Cause::External { uniting: at(3, 1) });
    assert!(!c.external);
    assert_eq!(c.reinforcement, Scientist);
    assert_eq!((c.attacker_strength, c.defender_strength), (1, 1));
}

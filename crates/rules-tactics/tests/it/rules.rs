//! The rules on tiny boards, one rule per test, with the draws chosen: the
//! spec's worked examples (§14) and decisions (§13), compared with the
//! engine's JSON text, key order included.

use serde_json::json;
use tactics::attack::js_round;
use tactics::board::{Dir, Tile};
use tactics::game::{EndReason, GameKind};
use tactics::record::unit_json;
use tactics::turn::{Fate, Skip};
use tactics::units::UnitType::*;
use tactics::Input;

use crate::common::{chaos, classic, play, text};

fn attack(unit: u32, x: i32, y: i32) -> Input {
    Input::Attack {
        unit,
        target: Some(Tile::new(x, y)),
        direction: None,
    }
}

fn mv(unit: u32, x: i32, y: i32) -> Input {
    Input::Move {
        unit,
        assignment: Tile::new(x, y),
        direction: None,
    }
}

/// Spec §14.1: the Scout's long shot hits the Witch behind the Assassin's
/// column; attack only, so a recovery of ceil(2/2) = 1.
#[test]
fn the_long_shot() {
    let mut g = classic(&[
        (0, 10, Scout, (1, 6), Dir::N),
        (1, 12, DarkMagicWitch, (2, 1), Dir::S),
        (1, 16, Assassin, (1, 2), Dir::S),
    ]);
    let p = play(&mut g, &[attack(10, 2, 1), Input::EndTurn], &[0.6]);
    assert_eq!(
        text(&p.actions[0]),
        r#"{"type":"attack","unit":10,"target":[2,1],"results":[{"unit":12,"luck":20,"changes":{"mHealth":-18,"mBlocking":20}}],"teamId":0}"#
    );
    assert_eq!(
        text(&p.actions[1]),
        r#"{"type":"endTurn","results":[{"unit":10,"changes":{"mRecovery":1}},{"unit":12,"changes":{"mBlocking":18}}],"teamId":0}"#
    );
}

/// Spec §14.2: the blast's victims are sorted by distance from the
/// Pyromancer, his own Scout first; magic draws but writes no luck.
#[test]
fn friendly_fire() {
    let mut g = classic(&[
        (0, 4, Pyromancer, (2, 7), Dir::N),
        (0, 10, Scout, (1, 6), Dir::N),
        (1, 16, Assassin, (1, 5), Dir::S),
    ]);
    let p = play(&mut g, &[attack(4, 1, 5)], &[0.5, 0.5]);
    assert_eq!(
        p.actions[0]["results"],
        json!([{"unit": 10, "changes": {"mHealth": -14}}, {"unit": 16, "changes": {"mHealth": -13}}])
    );
    assert_eq!(p.draws, 2);
}

/// A blocked front attack turns the victim toward the attacker and costs it
/// 100 − blocking; from the side 200 − blocking; from behind it always hits.
#[test]
fn blocks_from_the_front_and_the_side_and_hits_from_behind() {
    let board = |x, y, facing| {
        classic(&[
            (0, 1, Knight, (x, y), facing),
            (1, 2, Knight, (5, 5), Dir::S),
        ])
    };
    let mut front = board(5, 6, Dir::N);
    let p = play(&mut front, &[attack(1, 5, 5)], &[0.5]);
    assert_eq!(
        text(&p.actions[0]["results"][0]),
        r#"{"unit":2,"luck":-30,"miss":"blocked","changes":{"direction":"S","mBlocking":-20}}"#
    );
    let mut side = board(4, 5, Dir::E);
    let p = play(&mut side, &[attack(1, 5, 5)], &[0.7]);
    assert_eq!(
        text(&p.actions[0]["results"][0]),
        r#"{"unit":2,"luck":-10,"miss":"blocked","changes":{"direction":"W","mBlocking":-120}}"#
    );
    let mut behind = board(5, 4, Dir::S);
    let p = play(&mut behind, &[attack(1, 5, 5)], &[0.99]);
    assert_eq!(
        text(&p.actions[0]["results"][0]),
        r#"{"unit":2,"changes":{"mHealth":-17}}"#
    );
}

/// Spec §6.5 and D3: a certain block draws nothing; with no penalty the
/// result is the unit alone.
#[test]
fn chance_zero_draws_nothing() {
    let mut g = classic(&[
        (0, 1, Knight, (5, 6), Dir::N),
        (1, 2, Knight, (5, 5), Dir::S),
    ]);
    g.teams[1].units[0].m_blocking = 80.0;
    let p = play(&mut g, &[attack(1, 5, 5)], &[]);
    assert_eq!(
        text(&p.actions[0]["results"][0]),
        r#"{"unit":2,"miss":"blocked","changes":{"direction":"S","mBlocking":60}}"#
    );
    assert_eq!(p.draws, 0);
    let mut ward = classic(&[
        (0, 1, Knight, (5, 6), Dir::N),
        (1, 2, LightningWard, (5, 5), Dir::S),
    ]);
    let p = play(&mut ward, &[attack(1, 5, 5)], &[]);
    assert_eq!(text(&p.actions[0]["results"][0]), r#"{"unit":2}"#);
    assert_eq!(p.draws, 0);
}

/// Spec §14.6 (turn 34): the cries and taunts are shuffled by the draws, the
/// Assassin dies with its victims and the turn ends.
#[test]
fn deathblow() {
    let mut g = classic(&[
        (0, 6, Assassin, (5, 5), Dir::N),
        (0, 2, DarkMagicWitch, (5, 4), Dir::N),
        (0, 3, Knight, (0, 5), Dir::N),
        (1, 12, Knight, (9, 5), Dir::S),
    ]);
    g.teams[0].units[0].m_health = -34;
    let draws = [
        0.9886, 0.7461, 0.2502, 0.6756, // cries: j = 3, 2, 0, 0
        0.5493, 0.3604, 0.7643, // taunts: j = 1, 0, 0
    ];
    let p = play(&mut g, &[Input::AttackSpecial { unit: 6 }], &draws);
    assert_eq!(
        text(&p.actions[0]),
        r#"{"type":"attackSpecial","unit":6,"results":[{"unit":2,"notice":"What?","changes":{"mHealth":-28}},{"unit":6,"notice":"...","changes":{"mHealth":-35}}],"teamId":0}"#
    );
    assert_eq!(p.actions[1]["type"], "endTurn");
    assert_eq!(
        g.teams[0].units.len(),
        1,
        "the Witch and the Assassin are gone"
    );
    assert_eq!(p.draws, 7);
}

/// D2: no special unless it is available; D7: a second attack is skipped
/// before anything is drawn for it.
#[test]
fn unavailable_specials_and_second_attacks_are_skipped_without_draws() {
    let mut g = classic(&[
        (0, 6, Assassin, (5, 5), Dir::N),
        (0, 1, Knight, (2, 5), Dir::N),
        (1, 12, Knight, (2, 4), Dir::S),
    ]);
    let p = play(&mut g, &[Input::AttackSpecial { unit: 6 }], &[]);
    assert_eq!(p.fates, vec![Fate::Skipped(Skip::Invalid)]);
    assert!(p.actions.is_empty());
    let p = play(&mut g, &[attack(1, 2, 4), attack(1, 2, 4)], &[0.9, 0.0]);
    assert_eq!(
        p.fates,
        vec![Fate::Done, Fate::Skipped(Skip::AlreadyAttacked)]
    );
    assert_eq!(p.draws, 1);
}

/// Spec §14.6 (turns 19 and 27) and D6: paralysis, focus, a second
/// paralysis while focusing, and the empty list it leaves behind.
#[test]
fn paralysis_and_focus() {
    let mut g = classic(&[
        (0, 6, Assassin, (8, 5), Dir::N),
        (0, 7, Knight, (1, 5), Dir::N),
        (1, 15, Enchantress, (8, 3), Dir::S),
        (1, 14, Pyromancer, (8, 0), Dir::S),
    ]);
    // North keeps a recovering Knight: alive, but unable to act.
    g.teams[0].units[1].m_recovery = 9;
    g.turn = 1;
    let all = |direction| Input::Attack {
        unit: 15,
        target: None,
        direction,
    };
    let p = play(&mut g, &[all(Some(Dir::W))], &[]);
    assert_eq!(
        text(&p.actions[0]),
        r#"{"type":"attack","unit":15,"direction":"W","results":[{"unit":6,"changes":{"paralyzed":[15]},"results":[{"unit":15,"changes":{"focusing":[6]}}]}],"teamId":1}"#
    );
    // Focusing ends the turn at once: attack only, ceil(3/2) = 2.
    assert_eq!(
        text(&p.actions[1]),
        r#"{"type":"endTurn","results":[{"unit":15,"changes":{"mRecovery":2}}],"teamId":1}"#
    );
    // The Assassin is paralysed and the Knight recovers, so North cannot act:
    // its turn ends by itself.
    assert_eq!(g.turn, 3);
    // Again, with her own Pyromancer now in reach too.
    g.teams[1].units[0].m_recovery = 0;
    g.teams[1].units[1].tile = Tile::new(8, 2);
    let p = play(&mut g, &[all(None)], &[]);
    assert_eq!(
        text(&p.actions[0]),
        r#"{"type":"breakFocus","unit":15,"results":[{"unit":15,"changes":{"focusing":false},"results":[{"unit":6,"changes":{"paralyzed":false}}]}],"teamId":1}"#
    );
    assert_eq!(
        p.actions[1]["results"],
        json!([
            {"unit": 14, "changes": {"paralyzed": [15]}, "results": [{"unit": 15, "changes": {"focusing": [14]}}]},
            {"unit": 6, "changes": {"paralyzed": [15, 15]}, "results": [{"unit": 15, "changes": {"focusing": [14, 6]}}]}
        ])
    );
    // When this focus breaks, the Assassin keeps an empty list: still paralysed.
    g.teams[1].units[0].m_recovery = 0;
    g.turn = 5;
    let p = play(
        &mut g,
        &[Input::Turn {
            unit: 15,
            direction: Dir::S,
        }],
        &[],
    );
    assert_eq!(
        p.actions[0]["results"][0]["results"],
        json!([
            {"unit": 14, "changes": {"paralyzed": false}},
            {"unit": 6, "changes": {"paralyzed": []}}
        ])
    );
    let assassin = g.unit(6).unwrap();
    assert_eq!(assassin.paralyzed, Some(vec![]));
    assert!(!assassin.can_act());
}

/// Spec §14.7: a turn toward the current facing ends the turn unrecorded,
/// after the focus broke.
#[test]
fn turning_in_place_only_breaks_the_focus() {
    let mut g = classic(&[
        (0, 5, Enchantress, (2, 2), Dir::W),
        (1, 17, Knight, (2, 4), Dir::N),
    ]);
    g.teams[0].units[0].focusing = Some(vec![17]);
    g.teams[1].units[0].paralyzed = Some(vec![5]);
    let p = play(
        &mut g,
        &[Input::Turn {
            unit: 5,
            direction: Dir::W,
        }],
        &[],
    );
    let types: Vec<&str> = p
        .actions
        .iter()
        .map(|a| a["type"].as_str().unwrap())
        .collect();
    assert_eq!(types, ["breakFocus", "endTurn"]);
    assert_eq!(
        p.actions[1]["results"],
        json!([]),
        "no recovery: she neither moved nor attacked"
    );
}

/// Spec §14.1: blocking decays by 0.9 a turn with two teams, floats and all,
/// and drops to 0 below 2.
#[test]
fn blocking_decays_with_its_float_artefacts() {
    let mut g = classic(&[
        (0, 1, Knight, (2, 5), Dir::N),
        (1, 2, Knight, (8, 5), Dir::S),
    ]);
    g.teams[1].units[0].m_blocking = 20.0;
    let mut seen = vec![];
    for _ in 0..5 {
        play(&mut g, &[Input::EndTurn], &[]);
        seen.push(g.teams[1].units[0].m_blocking);
    }
    assert_eq!(seen, [18.0, 16.2, 14.58, 13.122, 11.809800000000001]);
    g.teams[1].units[0].m_blocking = 2.1;
    play(&mut g, &[Input::EndTurn], &[]);
    assert_eq!(g.teams[1].units[0].m_blocking, 0.0);
}

/// Spec §8: six turns of nothing but endTurn in classic is a draw.
#[test]
fn the_pass_rule() {
    let mut g = classic(&[
        (0, 1, Knight, (2, 5), Dir::N),
        (1, 2, Knight, (8, 5), Dir::S),
    ]);
    for i in 0..6 {
        assert!(!g.is_over(), "over after {i} idle turns");
        play(&mut g, &[Input::EndTurn], &[]);
    }
    assert_eq!(
        g.end.map(|e| (e.winner, e.reason)),
        Some((None, EndReason::PassRule))
    );
    assert_eq!(g.turn, 6);
}

/// Spec §4.6: a team with nobody able to act has its turn ended at once,
/// with its own results.
#[test]
fn a_team_that_cannot_act_is_skipped() {
    let mut g = classic(&[
        (0, 1, Knight, (2, 5), Dir::N),
        (1, 2, Knight, (8, 5), Dir::S),
    ]);
    g.teams[1].units[0].m_recovery = 2;
    let p = play(&mut g, &[mv(1, 2, 4)], &[]);
    assert_eq!(g.turn, 0, "the turn is still open");
    let p2 = play(&mut g, &[Input::EndTurn], &[]);
    assert_eq!(p.actions.len(), 1);
    // Only moved: floor(1/2) = 0, so no recovery result for the Knight.
    assert_eq!(
        text(&p2.actions[1]),
        r#"{"type":"endTurn","results":[],"teamId":0}"#
    );
    assert_eq!(
        text(&p2.actions[2]),
        r#"{"type":"endTurn","results":[{"unit":2,"changes":{"mRecovery":1}}],"teamId":1}"#
    );
    assert_eq!(g.turn, 2);
}

/// The last enemy killed ends the game at once, with no endTurn.
#[test]
fn the_last_team_standing_wins() {
    let mut g = classic(&[
        (0, 1, Knight, (5, 4), Dir::S),
        (1, 2, Knight, (5, 5), Dir::S),
    ]);
    g.teams[1].units[0].m_health = -40;
    let p = play(&mut g, &[attack(1, 5, 5), Input::EndTurn], &[0.0]);
    assert_eq!(p.actions.len(), 1);
    assert_eq!(
        g.end.map(|e| (e.winner, e.reason)),
        Some((Some(0), EndReason::LastTeam))
    );
    assert!(g.teams[1].units.is_empty());
}

/// Spec §5.3: the facing after a walk is the last step of the engine's A*
/// path, whose first step prefers the way the unit's facing points.
#[test]
fn a_walk_faces_its_last_step() {
    let mut g = classic(&[
        (0, 1, Knight, (5, 8), Dir::E),
        (1, 2, Knight, (8, 1), Dir::S),
    ]);
    let p = play(&mut g, &[mv(1, 4, 6)], &[]);
    assert_eq!(
        text(&p.actions[0]),
        r#"{"type":"move","unit":1,"assignment":[4,6],"direction":"N","teamId":0}"#
    );
    // Walking through a friend is allowed, stopping on it is not.
    let mut g = classic(&[
        (0, 1, Knight, (5, 8), Dir::N),
        (0, 3, Knight, (5, 7), Dir::N),
        (1, 2, Knight, (4, 7), Dir::S),
        (1, 4, Knight, (6, 7), Dir::S),
    ]);
    let p = play(&mut g, &[mv(1, 5, 7), mv(1, 5, 5)], &[]);
    assert_eq!(p.fates, vec![Fate::Skipped(Skip::Invalid), Fate::Done]);
    // Enemies bar the way: [4, 6] is three steps off, but every such path
    // crosses one.
    let mut g = classic(&[
        (0, 1, Knight, (5, 8), Dir::N),
        (1, 2, Knight, (4, 7), Dir::S),
        (1, 4, Knight, (5, 6), Dir::S),
        (1, 5, Knight, (5, 7), Dir::S),
    ]);
    let p = play(&mut g, &[mv(1, 4, 6)], &[]);
    assert_eq!(p.fates, vec![Fate::Skipped(Skip::Invalid)]);
}

/// Spec §14.9 and D5: a teleport's two-letter facing is written `NW` in the
/// action, raw in the snapshot.
#[test]
fn a_teleport_keeps_a_two_letter_facing() {
    let mut g = chaos(&[
        (0, 1, ChaosDragon, (1, 3), Dir::S),
        (1, 2, Knight, (9, 5), Dir::W),
        (2, 3, Knight, (9, 6), Dir::W),
    ]);
    let p = play(&mut g, &[mv(1, 3, 2)], &[]);
    assert_eq!(p.actions[0]["direction"], "NW");
    let dragon = g.unit(1).unwrap();
    assert_eq!(dragon.facing, Dir::EN);
    assert_eq!(unit_json(dragon, &g.teams[0])["direction"], "EN");
}

/// Spec §14.3: the Seed blocks and heals a wounded unit of the team that
/// wears its colour.
#[test]
fn the_seed_heals_when_it_blocks() {
    let mut g = chaos(&[
        (0, 1, ChaosSeed, (5, 5), Dir::S),
        (4, 9, Knight, (4, 5), Dir::E),
        (1, 2, Knight, (9, 5), Dir::W),
    ]);
    g.turn = 4;
    g.teams[0].units[0].color = Some(tactics::game::Color::Green);
    g.teams[0].units[0].m_blocking = -33.24163179957504;
    g.teams[4].units[0].m_health = -17;
    let p = play(&mut g, &[attack(9, 5, 5)], &[0.9724, 0.5]);
    assert_eq!(
        p.actions[0]["results"],
        json!([{"unit": 1, "luck": -14, "miss": "blocked", "changes": {"mBlocking": -83.24163179957503}}])
    );
    assert_eq!(
        text(&p.actions[1]),
        r#"{"type":"heal","unit":1,"target":[4,5],"results":[{"unit":9,"notice":"Nice","changes":{"mHealth":0}}],"teamId":4}"#
    );
}

/// Spec §9.3: hit, the Seed strikes the attacker's own team (18 against a
/// Knight, no roll); cracked open, it hatches and kills the attacker.
#[test]
fn the_seed_strikes_back_then_hatches() {
    let board = || {
        chaos(&[
            (0, 1, ChaosSeed, (5, 5), Dir::S),
            (1, 2, Knight, (5, 6), Dir::N),
            (1, 3, Knight, (9, 5), Dir::W),
            (2, 4, Knight, (1, 5), Dir::E),
        ])
    };
    let mut g = board();
    g.turn = 1;
    let p = play(&mut g, &[attack(2, 5, 5)], &[0.1, 0.6]);
    assert_eq!(
        text(&p.actions[1]),
        r#"{"type":"attack","unit":1,"target":[9,5],"results":[{"unit":3,"changes":{"mHealth":-18}}],"teamId":1}"#
    );
    let mut g = board();
    g.turn = 1;
    g.teams[0].units[0].m_health = -5;
    let p = play(&mut g, &[attack(2, 5, 5)], &[0.1]);
    assert_eq!(
        text(&p.actions[1]),
        r#"{"type":"hatch","unit":1,"target":[5,6],"results":[{"unit":1,"changes":{"type":"ChaosDragon"}},{"unit":2,"changes":{"mHealth":-50}}],"teamId":1}"#
    );
    let dragon = g.unit(1).unwrap();
    assert_eq!((dragon.kind, dragon.m_health), (ChaosDragon, 0));
    assert!(g.unit(2).is_none(), "the attacker died");
    assert_eq!(p.actions[2]["type"], "endTurn");
}

/// Spec §14.8: struck by a unit of its colour, the Dragon phases to the
/// weakest other team, naming the attacker's team as banned.
#[test]
fn the_dragon_bans_its_attackers_colour() {
    let mut g = chaos(&[
        (0, 1, ChaosDragon, (5, 7), Dir::S),
        (2, 10, Knight, (3, 7), Dir::E),
        (3, 11, Knight, (9, 5), Dir::W),
    ]);
    g.turn = 2;
    g.teams[0].units[0].color = Some(tactics::game::Color::Yellow);
    let p = play(&mut g, &[mv(10, 4, 7), attack(10, 5, 7)], &[0.11, 0.3, 0.2]);
    assert_eq!(
        p.actions[1]["results"],
        json!([{"unit": 1, "luck": 64, "changes": {"mHealth": -15, "mBlocking": 50}}])
    );
    assert_eq!(
        text(&p.actions[2]),
        r#"{"type":"phase","unit":1,"colorId":"Red","results":[{"unit":1,"banned":[2]}],"teamId":2}"#
    );
}

/// Spec §2.2: the first-team draw rotates the turn order; sets are placed
/// by slot, ids follow the turn order.
#[test]
fn the_start_of_a_classic_game() {
    let mut draws = tactics::draws::ListDraws {
        values: vec![0.75],
        next: 0,
    };
    let g = tactics::Game::start(
        GameKind::Classic,
        tactics::game::default_teams(GameKind::Classic),
        &mut draws,
    )
    .unwrap();
    assert_eq!(g.teams[0].name.as_deref(), Some("South"));
    assert_eq!(g.teams[0].original_id, 1);
    let cleric = &g.teams[0].units[0];
    assert_eq!(
        (cleric.id, cleric.tile, cleric.facing),
        (1, Tile::new(5, 10), Dir::N)
    );
    assert_eq!(g.teams[1].units[0].id, 11);
}

#[test]
fn javascript_rounding() {
    assert_eq!(js_round(16.5), 17.0);
    assert_eq!(js_round(-2.5), -2.0);
    assert_eq!(js_round(-14.4), -14.0);
    assert_eq!(js_round(13.5), 14.0);
}

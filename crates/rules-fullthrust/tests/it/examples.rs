//! gzf-ft2 spec 8, examples 11–13 (damage and thresholds), played through
//! the `Ruleset`: a gunship at point-blank range deals the example's damage
//! with loaded fire dice, then the example's threshold dice follow. (The
//! arithmetic itself is unit-tested in `gzf::rules`; here it must come out
//! the same through orders, resolve and the output file.)

use engine::{GameRng, Ruleset, Seat, Setup};
use fullthrust::{FullThrust, Orders, ShipOrders, State, SystemOrders};
use serde_json::json;

/// Two fleets: `Gunner` (two A batteries, two FireCons) at the origin and
/// `Target` 10 MU ahead of it, both at rest so nothing moves.
fn battle(track: &str, thrust: u32, systems: &[&str], dice: &[u8]) -> State {
    let mut text = String::from(
        "GZF-Version: 1.0\nProfile: FT2\n\nScenario: Example\nTurn: 1\n\n\
         Fleet: Guns\nAdmiral: G\n\nFleet: Targets\nAdmiral: T\n\n\
         Ship: Gunner\nFleet: Guns\nCourse: 12\nVelocity: 0\nPosition-X: 0.00\nPosition-Y: 0.00\n\
         Thrust-Rating: 6\nDamage-Track: OOOO OOOO\n\n\
         System: A Battery\nFiring-Arc: F P S\n\nSystem: A Battery\nFiring-Arc: F P S\n\n\
         System: FireCon\n\nSystem: FireCon\n\n",
    );
    text.push_str(&format!(
        "Ship: Target\nFleet: Targets\nCourse: 12\nVelocity: 0\nPosition-X: 0.00\nPosition-Y: 10.00\n\
         Thrust-Rating: {thrust}\nDamage-Track: {track}\n"
    ));
    for s in systems {
        text.push_str(&format!("\nSystem: {s}\n"));
    }
    let mut setup = Setup {
        scenario: "example.gzf".into(),
        text: Some(text),
        ..Setup::default()
    };
    setup.options.insert("dice".into(), json!(dice));
    FullThrust
        .setup(&setup, &mut GameRng::from_seed(0))
        .unwrap()
}

/// The Gunner fires `batteries` A batteries at the Target.
fn fire(state: &mut State, batteries: usize) -> Vec<engine::record::Action> {
    let orders = Orders {
        scenario: String::new(),
        turn: 1,
        ships: vec![ShipOrders {
            ship: "Gunner".into(),
            move_order: vec![],
            systems: (0..batteries)
                .map(|_| SystemOrders {
                    kind: "A Battery".into(),
                    orders: vec!["Fire at Target".into()],
                })
                .collect(),
        }],
    };
    assert!(FullThrust.check(state, Seat(0), &orders).is_ok());
    let mut log = Vec::new();
    FullThrust.resolve(
        state,
        &[(Seat(0), orders)],
        &mut GameRng::from_seed(0),
        Some(&mut log),
    );
    assert!(state.loaded_dice.is_empty(), "every loaded die is used");
    log
}

/// The Target's part of the output file, from its Ship line to the end.
fn target_block(state: &State) -> String {
    let at = state.file.find("Ship:           Target").unwrap();
    state.file[at..].replace("\r\n", "\n")
}

#[test]
fn example_11_threshold_on_a_cruiser() {
    let systems = ["A Battery", "B Battery", "FireCon", "FireCon"];
    // Fire: 6 6 5 = 5 points; then the check dice of the example.
    let mut s = battle("OOOO OOOO OOOO", 6, &systems, &[6, 6, 5, 3, 6, 1, 2, 6]);
    fire(&mut s, 1);
    let t = target_block(&s);
    assert!(
        t.contains("Thrust-Rating:  3\nDamage-Track:   ---- -OOO OOOO\n"),
        "{t}"
    );
    assert!(
        t.contains("System:  A Battery\n\nSystem:  B Battery\nStatus:  Damaged\n"),
        "{t}"
    );
    assert!(
        t.ends_with("System:  FireCon\n\nSystem:  FireCon\n\nSystem:  Drive\nStatus:  Damaged\n"),
        "{t}"
    );
}

#[test]
fn example_12_two_thresholds_on_a_capital() {
    let systems = [
        "A Battery",
        "A Battery",
        "B Battery",
        "FireCon",
        "FireCon",
        "FireCon",
    ];
    // Fire: 6 6 6 and 6 5 1 = 9 points; then checks 1 and 2.
    let dice = [6, 6, 6, 6, 5, 1, 6, 3, 2, 1, 5, 4, 6, 5, 4, 6, 1, 2, 5];
    let mut s = battle("OOOO OOOO OOOO OOOO", 4, &systems, &dice);
    let log = fire(&mut s, 2);
    let t = target_block(&s);
    assert!(
        t.contains("Thrust-Rating:  0\nDamage-Track:   ---- ---- -OOO OOOO\n"),
        "{t}"
    );
    assert!(
        t.contains(
            "System:  A Battery\nStatus:  Damaged\n\nSystem:  A Battery\nStatus:  Damaged\n\n\
         System:  B Battery\n\nSystem:  FireCon\nStatus:  Damaged\n\nSystem:  FireCon\n\n\
         System:  FireCon\n\nSystem:  Drive\nStatus:  Destroyed\n"
        ),
        "{t}"
    );
    let damage = log.iter().find(|a| a.action_type == "damage").unwrap();
    assert_eq!(damage.extra["thresholds"], json!([6, 5]));
    assert_eq!(damage.extra["dice"].as_array().unwrap().len(), 13);
}

#[test]
fn example_13_exactly_at_past_and_destroyed() {
    // An escort reaching its threshold exactly checks on 4+: 4 points
    // (6 6 1), then one die per system and the drive.
    let mut s = battle("OOOO OOOO", 6, &["B Battery"], &[6, 6, 1, 4, 3]);
    fire(&mut s, 1);
    let t = target_block(&s);
    assert!(
        t.contains("Damage-Track:   ---- OOOO\n\nSystem:  B Battery\nStatus:  Damaged\n"),
        "{t}"
    );
    // Past no threshold: 2 points (6 1 1) on ---- -OOO, no dice after.
    let mut s = battle("---- -OOO", 6, &["B Battery"], &[6, 1, 1]);
    fire(&mut s, 1);
    assert!(target_block(&s).contains("Damage-Track:   ---- ---O\n\nSystem:  B Battery\n"));
    // Destroyed: 3 points (6 5 1) on ---- ---- --OO; no checks, no dice.
    let mut s = battle("---- ---- --OO", 6, &["B Battery"], &[6, 5, 1]);
    let log = fire(&mut s, 1);
    let t = target_block(&s);
    assert!(t.contains("Status:         Destroyed\n"), "{t}");
    assert!(t.contains("Damage-Track:   ---- ---- ----\n"), "{t}");
    let damage = log.iter().find(|a| a.action_type == "damage").unwrap();
    assert_eq!(damage.extra["dice"], json!([]));
    // The Target is out of the fight, so the Guns fleet has won.
    assert_eq!(FullThrust.outcome(&s).and_then(|o| o.winner), Some(Seat(0)));
}

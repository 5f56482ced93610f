//! gzf-ft2 spec 9: the fixture's turn 1, played through the `Ruleset`
//! interface from the two fleets' orders files, must give the 9.4 file byte
//! for byte, with the 9.3 dice and fire results in the game record.

use engine::record::Action;
use engine::{FileProtocol, GameRng, Ruleset, Seat, Setup};
use fullthrust::{FullThrust, Orders};
use serde_json::json;

const SPEC: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../../shared/specs/gzf-ft2.md"
);

/// The first fenced block after `heading`, with CR LF line ends (the
/// spec shows canonical files with plain breaks).
fn spec_fixture(heading: &str) -> String {
    let spec = std::fs::read_to_string(SPEC).expect("the spec is in ../shared/specs");
    let rest = &spec[spec.find(heading).expect("heading in spec")..];
    let body = &rest[rest.find("\n```\n").expect("fenced block") + 5..];
    let body = &body[..body.find("\n```").expect("closing fence")];
    body.lines().map(|l| format!("{l}\r\n")).collect()
}

/// The dice of spec 9.3: fire, then the damage step.
const DICE: [u8; 26] = [
    4, 6, 5, 3, 6, 6, 5, 4, 5, 1, 6, 2, 4, 5, 6, 2, 6, 1, 3, 6, 4, 4, 1, 5, 2, 6,
];

const COMMONWEALTH: &str = "GZF-Version: 1.0\nProfile: FT2\n\n\
Ship: HMS Furious\nMove: 2S\n\n\
System: A Battery\nOrders: Fire at EUS Huron\n\n\
System: B Battery\nOrders: Fire at EUS Huron\n\n\
System: B Battery\nOrders: Fire at eus huron\n\n\
Ship: HMS Zumwalt\nMove: +2\n\n\
System: B Battery\nOrders: Fire at EUS Reliant\n\n\
System: B Battery\nOrders: Fire at EUS Reliant\n\n\
System: C Battery\nOrders: Fire at EUS Reliant\n\n\
Scenario: Skirmish at Tau Ceti\nTurn: 1\n";

const EURASIAN: &str = "GZF-Version: 1.0\nProfile: FT2\n\n\
Ship: EUS Huron\nMove: 1P\n\n\
System: A Battery\nOrders: Fire at HMS Furious\n\n\
System: B Battery\nOrders: Fire at HMS Furious\n\n\
System: B Battery\nOrders: Fire at HMS Furious\n\n\
Ship: EUS Reliant\nMove: 3S +4\n\n\
System: B Battery\nOrders: Fire at HMS Zumwalt\n\n\
System: C Battery\nOrders: Fire at HMS Zumwalt\n\n\
Scenario: Skirmish at Tau Ceti\nTurn: 1\n";

fn orders(rules: &FullThrust, state: &fullthrust::State, seat: usize, text: &str) -> Orders {
    rules
        .parse_orders(state, Seat(seat), text.as_bytes())
        .expect("valid orders file")
        .expect("complete orders file")
}

fn play_fixture() -> (fullthrust::State, Vec<Action>, Vec<String>) {
    let rules = FullThrust;
    let mut setup = Setup {
        scenario: "fixture.gzf".into(),
        text: Some(spec_fixture("### 9.1")),
        ..Setup::default()
    };
    setup.options.insert("dice".into(), json!(DICE));
    let mut rng = GameRng::from_seed(0);
    let mut state = rules.setup(&setup, &mut rng).expect("the fixture sets up");
    assert_eq!(rules.turn(&state), 1);
    let seats: Vec<String> = rules.seats(&state).into_iter().map(|s| s.name).collect();
    assert_eq!(seats, ["Commonwealth", "Eurasian Union"]);
    assert_eq!(rules.awaiting(&state), [Seat(0), Seat(1)]);
    let given = [
        (Seat(0), orders(&rules, &state, 0, COMMONWEALTH)),
        (Seat(1), orders(&rules, &state, 1, EURASIAN)),
    ];
    let mut notes = Vec::new();
    for (seat, o) in &given {
        let n = rules.check(&state, *seat, o).expect("orders are accepted");
        notes.extend(n.into_iter().map(|n| n.to_string()));
    }
    let mut log = Vec::new();
    rules.resolve(&mut state, &given, &mut rng, Some(&mut log));
    assert!(state.loaded_dice.is_empty(), "all 26 dice are used");
    (state, log, notes)
}

#[test]
fn turn_1_plays_to_the_turn_2_file() {
    let _corpus = testkit::require_shared!("specs/gzf-ft2.md");
    let (state, _, notes) = play_fixture();
    assert_eq!(state.file, spec_fixture("### 9.4"));
    assert_eq!(FullThrust.turn(&state), 2);
    // EUS Reliant's `+4` is dropped (N401), told to its fleet at check time.
    assert_eq!(notes.len(), 1, "{notes:?}");
    assert!(notes[0].contains("N401") && notes[0].contains("EUS Reliant"));
}

#[test]
fn the_record_has_the_dice_and_fire_results() {
    let _corpus = testkit::require_shared!("specs/gzf-ft2.md");
    let (_, log, _) = play_fixture();
    let fire: Vec<(u64, serde_json::Value, serde_json::Value, serde_json::Value)> = log
        .iter()
        .filter(|a| a.action_type == "fire")
        .map(|a| {
            let get = |k: &str| a.extra.get(k).cloned().unwrap_or(json!(null));
            (a.unit.unwrap(), get("dice"), get("points"), get("note"))
        })
        .collect();
    let n = json!(null);
    assert_eq!(
        fire,
        [
            (1, json!([4, 6]), json!(2), n.clone()),
            (1, json!([5]), json!(1), n.clone()),
            (1, json!([3]), json!(0), n.clone()),
            (2, json!([6, 6]), json!(4), n.clone()),
            (2, json!([5, 4]), json!(2), n.clone()),
            (2, n.clone(), n.clone(), json!("N406")),
            (3, json!([5, 1]), json!(1), n.clone()),
            (3, json!([6]), json!(2), n.clone()),
            (3, json!([2]), json!(0), n.clone()),
            (4, json!([4, 5]), json!(2), n.clone()),
            (4, json!([6]), json!(2), n.clone()),
        ]
    );
    let damage: Vec<(u64, serde_json::Value, serde_json::Value)> = log
        .iter()
        .filter(|a| a.action_type == "damage")
        .map(|a| {
            (
                a.unit.unwrap(),
                a.extra["points"].clone(),
                a.extra["dice"].clone(),
            )
        })
        .collect();
    assert_eq!(
        damage,
        [
            (1, json!(3), json!([2, 6, 1, 3, 6, 4])),
            (2, json!(4), json!([4, 1, 5, 2, 6])),
            (3, json!(3), json!([])),
            (4, json!(6), json!([])),
        ]
    );
    let reliant = log
        .iter()
        .find(|a| a.action_type == "move" && a.unit == Some(4))
        .unwrap();
    assert_eq!(reliant.extra["notes"], json!(["N401"]));
}

#[test]
fn a_set_up_turn_only_advances_the_turn() {
    let _corpus = testkit::require_shared!("specs/gzf-ft2.md");
    let text = spec_fixture("### 9.1").replace("Turn:      1", "Turn:      0");
    let rules = FullThrust;
    let setup = Setup {
        scenario: "fixture.gzf".into(),
        text: Some(text),
        ..Setup::default()
    };
    let mut rng = GameRng::from_seed(0);
    let mut state = rules.setup(&setup, &mut rng).unwrap();
    let before = state.file.clone();
    let mut log = Vec::new();
    rules.resolve(&mut state, &[], &mut rng, Some(&mut log));
    assert!(log.is_empty());
    assert_eq!(state.file, before.replace("Turn:      0", "Turn:      1"));
}

#[test]
fn leaving_the_scenario_extent_is_noted_n410() {
    let _corpus = testkit::require_shared!("specs/gzf-ft2.md");
    // The fixture's extent is ±60 MU; HMS Furious at (0, 0) on course 3
    // going 70 MU a turn ends outside it.
    let text = spec_fixture("### 9.1").replace("Velocity:       12", "Velocity:       70");
    let rules = FullThrust;
    let setup = Setup {
        scenario: "fixture.gzf".into(),
        text: Some(text),
        ..Setup::default()
    };
    let mut rng = GameRng::from_seed(0);
    let mut state = rules.setup(&setup, &mut rng).unwrap();
    let mut log = Vec::new();
    rules.resolve(&mut state, &[], &mut rng, Some(&mut log));
    let furious = log
        .iter()
        .find(|a| a.action_type == "move" && a.unit == Some(1))
        .unwrap();
    assert_eq!(furious.extra["notes"], json!(["N410"]));
    let zumwalt = log
        .iter()
        .find(|a| a.action_type == "move" && a.unit == Some(2))
        .unwrap();
    assert!(!zumwalt.extra.contains_key("notes"));
}
